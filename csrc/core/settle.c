/* settle.c: a hand's pots, side pots, hi/lo split, ties and odd chips
 * (the rules of hilo_fast/core/showdown.py, which this matches chip for chip).
 *
 * Pots are built at each live seat's positive contribution level, lowest
 * first; pot k holds every seat's chips between level k-1 and level k (dead
 * money included) and is contested by the live seats that reached level k.
 * A pot only one live seat reached goes back to it; chips above every live
 * level go back to the seats that put them in.
 */
#include <stdint.h>
#include <string.h>
#include "cards.h"
#include "omaha_fast.h"
#include "settle.h"

#define MAX_SEATS 10
#define MAX_TOTAL ((int64_t)1 << 62)

/* chips divided among winners[0..n-1] (in odd-chip order): the first
 * chips % n of them get one more. */
static void divide(int64_t chips, const int32_t *winners, int32_t n, int64_t *out)
{
    int64_t each = chips / n, extra = chips % n;
    for (int32_t k = 0; k < n; k++)
        out[winners[k]] += each + (k < extra);
}

/* The pots of a hand settled on n_boards boards (values board-major): each
 * contested pot is divided equally among the boards (the first amount %
 * n_boards boards one chip more, first board first), and each board's share
 * split hi/lo among that board's winners. Trusts its caller; out zeroed. */
static void settle_core(int32_t n_seats, int32_t n_boards, const int32_t *high,
                        const int32_t *low, const uint8_t *live,
                        const int64_t *contributions, int32_t button,
                        int32_t odd_chip_low, int64_t *out)
{
    /* Live seats clockwise from the first seat left of the button: the
     * order odd chips are handed out in. */
    int32_t order[MAX_SEATS], n_live = 0;
    for (int32_t k = 1; k <= n_seats; k++) {
        int32_t seat = (button + k) % n_seats;
        if (live[seat])
            order[n_live++] = seat;
    }
    /* The distinct positive live levels, ascending (insertion sort: <= 10). */
    int64_t levels[MAX_SEATS];
    int32_t n_levels = 0;
    for (int32_t k = 0; k < n_live; k++) {
        int64_t c = contributions[order[k]];
        int32_t at = n_levels;
        while (at > 0 && levels[at - 1] > c)
            at--;
        if (c <= 0 || (at > 0 && levels[at - 1] == c))
            continue;
        memmove(levels + at + 1, levels + at, sizeof levels[0] * (size_t)(n_levels - at));
        levels[at] = c;
        n_levels++;
    }
    int64_t previous = 0;
    for (int32_t l = 0; l < n_levels; l++) {
        int64_t level = levels[l], amount = 0;
        for (int32_t s = 0; s < n_seats; s++) {
            int64_t c = contributions[s];
            amount += c <= previous ? 0 : (c < level ? c : level) - previous;
        }
        previous = level;
        int32_t eligible[MAX_SEATS], n_eligible = 0;
        for (int32_t k = 0; k < n_live; k++)
            if (contributions[order[k]] >= level)
                eligible[n_eligible++] = order[k];
        if (n_eligible == 1) { /* uncalled: back to its only seat, uncontested */
            out[eligible[0]] += amount;
            continue;
        }
        int64_t per_board = amount / n_boards, board_extra = amount % n_boards;
        for (int32_t b = 0; b < n_boards; b++) {
            const int32_t *board_high = high + (int64_t)b * n_seats;
            const int32_t *board_low = low + (int64_t)b * n_seats;
            int64_t share = per_board + (b < board_extra);
            int32_t best_high = INT32_MAX, best_low = INT32_MAX;
            for (int32_t k = 0; k < n_eligible; k++) {
                int32_t seat = eligible[k];
                best_high = board_high[seat] < best_high ? board_high[seat] : best_high;
                if (board_low[seat] > 0 && board_low[seat] < best_low)
                    best_low = board_low[seat];
            }
            int32_t high_winners[MAX_SEATS], low_winners[MAX_SEATS], n_high = 0, n_low = 0;
            for (int32_t k = 0; k < n_eligible; k++) {
                int32_t seat = eligible[k];
                if (board_high[seat] == best_high)
                    high_winners[n_high++] = seat;
                if (board_low[seat] > 0 && board_low[seat] == best_low)
                    low_winners[n_low++] = seat;
            }
            int64_t low_half = 0;
            if (n_low) {
                low_half = odd_chip_low ? share - share / 2 : share / 2;
                divide(low_half, low_winners, n_low, out);
            }
            divide(share - low_half, high_winners, n_high, out);
        }
    }
    for (int32_t s = 0; s < n_seats; s++) /* above every live level: returned */
        out[s] += contributions[s] > previous ? contributions[s] - previous : 0;
}

int32_t hf_settle_values(int32_t n_seats, const int32_t *high, const int32_t *low,
                         const uint8_t *live, const int64_t *contributions,
                         int32_t button, int32_t odd_chip_low, int64_t *payouts)
{
    int64_t out[MAX_SEATS] = { 0 };
    settle_core(n_seats, 1, high, low, live, contributions, button, odd_chip_low, out);
    memcpy(payouts, out, sizeof out[0] * (size_t)n_seats);
    return 0;
}

/* Counts, options and chips (HF_ERR_COUNT when wrong); no card is read. */
static int32_t check_chips(int32_t n_seats, const uint8_t *live, const int64_t *contributions,
                           int32_t button, int32_t odd_chip_low)
{
    if (n_seats < 2 || n_seats > MAX_SEATS || button < 0 || button >= n_seats
        || (odd_chip_low != 0 && odd_chip_low != 1))
        return HF_ERR_COUNT;
    int32_t n_live = 0;
    int64_t total = 0;
    for (int32_t s = 0; s < n_seats; s++) {
        n_live += live[s] != 0;
        /* total < MAX_TOTAL throughout, so the subtraction cannot overflow */
        if (contributions[s] < 0 || contributions[s] >= MAX_TOTAL - total)
            return HF_ERR_COUNT;
        total += contributions[s];
    }
    return n_live ? 0 : HF_ERR_COUNT;
}

int32_t hf_settle_boards(int32_t n_seats, int32_t n_boards, const int32_t *high,
                         const int32_t *low, const uint8_t *live,
                         const int64_t *contributions, int32_t button,
                         int32_t odd_chip_low, int64_t *payouts)
{
    if (!high || !low || !live || !contributions || !payouts || n_boards < 1 || n_boards > 52)
        return HF_ERR_COUNT;   /* no deck deals more than 52 runs: a bound on what is read */
    int32_t err = check_chips(n_seats, live, contributions, button, odd_chip_low);
    if (err)
        return err;
    for (int32_t b = 0; b < n_boards; b++)
        for (int32_t s = 0; s < n_seats; s++) {
            int64_t at = (int64_t)b * n_seats + s;
            int32_t h = high[at], l = low[at];
            if (live[s] && (h < 1 || h > 7462 || l < 0 || l > 56))
                return HF_ERR_COUNT;
        }
    int64_t out[MAX_SEATS] = { 0 };
    settle_core(n_seats, n_boards, high, low, live, contributions, button, odd_chip_low, out);
    memcpy(payouts, out, sizeof out[0] * (size_t)n_seats);
    return 0;
}

/* Every count, pointer and chip check, before any card is looked at. */
static int32_t check_shape(int32_t n_seats, const int32_t *holes, int32_t n_hole,
                           const int32_t *board, const uint8_t *live,
                           const int64_t *contributions, int32_t button,
                           int32_t odd_chip_low, const int64_t *payouts)
{
    if (!holes || !board || !live || !contributions || !payouts)
        return HF_ERR_COUNT;
    if (n_hole < 4 || n_hole > 6)
        return HF_ERR_COUNT;
    return check_chips(n_seats, live, contributions, button, odd_chip_low);
}

int32_t hf_settle(int32_t n_seats, const int32_t *holes, int32_t n_hole,
                  const int32_t *board, const uint8_t *live,
                  const int64_t *contributions, int32_t button,
                  int32_t odd_chip_low, int64_t *payouts)
{
    int32_t err = check_shape(n_seats, holes, n_hole, board, live, contributions, button,
                              odd_chip_low, payouts);
    if (err)
        return err;
    uint64_t seen = 0;
    if ((err = hf_check_cards(board, 5, &seen)))
        return err;
    for (int32_t s = 0; s < n_seats; s++)
        if (live[s] && (err = hf_check_cards(holes + s * n_hole, n_hole, &seen)))
            return err;
    hf_board prepared;
    hf_board_prepare(&prepared, board, 5);
    int32_t high[MAX_SEATS] = { 0 }, low[MAX_SEATS] = { 0 };
    for (int32_t s = 0; s < n_seats; s++)
        if (live[s]) {
            high[s] = hf_board_high(&prepared, holes + s * n_hole, n_hole);
            low[s] = hf_board_low(&prepared, holes + s * n_hole, n_hole);
        }
    return hf_settle_values(n_seats, high, low, live, contributions, button, odd_chip_low,
                            payouts);
}
