/* ranking.c: the preflop ranking's Monte Carlo, dealt as whole tables.
 *
 * A deal seats n_players: the range seats (if any) take combos drawn
 * uniformly from a list (the whole draw repeated until no two share a card:
 * exact conditioning, weights equal), then the random seats and a 5-card
 * board are dealt from the cards left (partial Fisher-Yates, draw.h). Every
 * random seat's pot share is credited to its hand's class, so one deal of
 * nine random hands measures nine hands against eight random opponents.
 * Hands are indexed by colex rank of their sorted cards, C(c0,1) + C(c1,2)
 * + ..; hand_class maps that rank to a class. */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"
#include "../equity/draw.h"

#define MAX_SEATS 10
/* Range seats that clash this many draws in a row: (almost) never disjoint. */
#define MAX_CLASHES 100000

/* The colex rank of a hand of n (4 or 5) distinct cards; binom[k][c] = C(c, k)
 * (looked up: hf_choose divides in a loop, and this runs for every seat). */
static inline int64_t colex_rank(const int32_t *hand, int32_t n, const int64_t binom[6][52])
{
    int32_t c[5];
    for (int32_t i = 0; i < n; i++)
        c[i] = hand[i];
    for (int32_t i = 1; i < n; i++)  /* insertion sort: four or five cards */
        for (int32_t j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int32_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    int64_t rank = 0;
    for (int32_t i = 0; i < n; i++)
        rank += binom[i + 1][c[i]];
    return rank;
}

int32_t hf_ranking_sample(int32_t n_players, int32_t n_hole,
                          const int32_t *hand_class, int64_t n_hands, int32_t n_classes,
                          const int32_t *range_combos, int64_t n_range, int32_t n_range_seats,
                          uint64_t seed, int64_t count,
                          int64_t *share_sum, int64_t *share_sq, int64_t *samples)
{
    if (n_players < 2 || n_players > MAX_SEATS || n_hole < 4 || n_hole > 5
        || n_range_seats < 0 || n_range_seats >= n_players
        || n_players * n_hole + 5 > 52 || n_hands != hf_choose(52, n_hole)
        || n_classes < 1 || !hand_class || !share_sum || !share_sq || !samples
        || count < 0 || count > HF_EQUITY_MAX_COUNT
        || (n_range_seats && (!range_combos || n_range < 1)))
        return HF_ERR_COUNT;
    for (int64_t i = 0; i < n_hands; i++)
        if (hand_class[i] < 0 || hand_class[i] >= n_classes)
            return HF_ERR_COUNT;
    for (int64_t r = 0; n_range_seats && r < n_range; r++) {
        uint64_t seen = 0;
        int32_t err = hf_check_cards(range_combos + r * n_hole, n_hole, &seen);
        if (err)
            return err;
    }
    const int32_t n_random = n_players - n_range_seats;
    const int32_t needed = n_random * n_hole + 5;
    const int32_t n_deck = 52 - n_range_seats * n_hole;
    draw_runs runs;
    plan_runs(&runs, n_deck, needed);
    int64_t binom[6][52];
    for (int32_t k = 0; k < 6; k++)
        for (int32_t c = 0; c < 52; c++)
            binom[k][c] = hf_choose(c, k);
    uint64_t state = seed;
    int32_t deck[52];
    for (int64_t n = 0; n < count; n++) {
        int32_t range_hand[MAX_SEATS][5];
        uint64_t used;
        for (int32_t tries = 0;; tries++) {  /* the range seats: redrawn together until disjoint */
            if (tries == MAX_CLASHES)
                return HF_ERR_COUNT;
            used = 0;
            int32_t clash = 0;
            for (int32_t s = 0; s < n_range_seats; s++) {
                const int32_t *combo = range_combos + (int64_t)below(&state, (uint64_t)n_range) * n_hole;
                for (int32_t i = 0; i < n_hole; i++) {
                    range_hand[s][i] = combo[i];
                    clash |= (int32_t)(used >> combo[i] & 1);
                    used |= (uint64_t)1 << combo[i];
                }
            }
            if (!clash)
                break;
        }
        int32_t k = 0;
        for (int32_t c = 0; c < 52; c++)
            if (!(used >> c & 1))
                deck[k++] = c;
        shuffle_prefix(deck, n_deck, &runs, &state);
        hf_board b;
        hf_board_prepare(&b, deck + n_random * n_hole, 5);
        int32_t high[MAX_SEATS], low[MAX_SEATS];
        for (int32_t p = 0; p < n_players; p++) {
            const int32_t *hand = p < n_random ? deck + p * n_hole : range_hand[p - n_random];
            uint32_t mask = 0;
            for (int32_t i = 0; i < n_hole; i++)
                mask |= hf_low_bit(hand[i]);
            high[p] = hf_board_high(&b, hand, n_hole);
            low[p] = hf_omaha_low_table[mask << 8 | b.low_mask];
        }
        int32_t best_high = 0x7fff, best_low = 0x7fff, n_high = 0, n_low = 0;
        for (int32_t p = 0; p < n_players; p++) {
            int32_t l = low[p] ? low[p] : 0x7fff;
            if (high[p] < best_high) {
                best_high = high[p];
                n_high = 1;
            } else if (high[p] == best_high) {
                n_high++;
            }
            if (l < best_low) {
                best_low = l;
                n_low = 1;
            } else if (l == best_low && l != 0x7fff) {
                n_low++;
            }
        }
        int32_t high_share = (n_low ? HF_EQUITY_POT / 2 : HF_EQUITY_POT) / n_high;
        int32_t low_share = n_low ? HF_EQUITY_POT / 2 / n_low : 0;
        for (int32_t p = 0; p < n_random; p++) {
            int64_t share = (high[p] == best_high ? high_share : 0)
                            + (n_low && low[p] == best_low ? low_share : 0);
            int32_t cls = hand_class[colex_rank(deck + p * n_hole, n_hole, binom)];
            share_sum[cls] += share;
            share_sq[cls] += share * share;
            samples[cls] += 1;
        }
    }
    return 0;
}
