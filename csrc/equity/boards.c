/* boards.c: equity on several boards (double board, run it N times) and
 * Omaha high, every hand known.
 *
 * A board's result depends only on its own cards, so each completion of a
 * board is settled once into a record (each player's share of that board,
 * and who won what as bit masks). A deal is a pair of completions that
 * share no card; its settlement is the sum of the two records, so the
 * exhaustive loop keeps board 1's completions in memory and, for each
 * completion of board 0, walks them once, summing what the pair sums need
 * (the count of compatible completions, their shares, their scoops). With
 * more than two boards (run it three times, double board run twice), the
 * boards after board 0 each keep their completions, walked depth first
 * with the cards used so far, each record counting the deals below it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"
#include "draw.h"

#define MAX_PLAYERS 10
#define MAX_DEALS ((int64_t)1 << 62)

typedef struct {
    int32_t n_players, n_hole, n_pairs, n_boards, high_only;
    hf_hole hole[MAX_PLAYERS];
    int32_t board[HF_BOARDS_MAX][5];
    int32_t n_known[HF_BOARDS_MAX];
    int32_t deck[52];       /* unknown cards, ascending */
    int32_t n_deck;
} boards_spot;

/* One board completed and settled. */
typedef struct {
    uint64_t mask;                  /* the completion's cards */
    int32_t share[MAX_PLAYERS];     /* this board's share won, 1/HF_BOARDS_POT units */
    uint32_t scoop, win_high, tie_high, win_low, tie_low;  /* bit p: player p */
    int32_t no_low;
} settled_board;

static int32_t make_boards_spot(boards_spot *s, const int32_t *holes, int32_t n_players,
                                int32_t n_hole, const int32_t *boards, const int32_t *n_known,
                                int32_t n_boards, const int32_t *dead, int32_t n_dead,
                                int32_t high_only)
{
    if (n_players < 2 || n_players > MAX_PLAYERS || n_hole < 4 || n_hole > 6
        || n_boards < 1 || n_boards > HF_BOARDS_MAX || n_dead < 0 || n_dead > 52
        || !holes || !boards || !n_known || (n_dead && !dead))
        return HF_ERR_COUNT;
    memset(s, 0, sizeof *s);
    s->n_players = n_players;
    s->n_hole = n_hole;
    s->n_pairs = n_hole * (n_hole - 1) / 2;
    s->n_boards = n_boards;
    s->high_only = high_only != 0;
    for (int32_t b = 0; b < n_boards; b++) {
        int32_t k = n_known[b];
        if (!(k == 0 || (k >= 3 && k <= 5)))
            return HF_ERR_COUNT;
        s->n_known[b] = k;
    }
    uint64_t seen = 0;
    int32_t err;
    for (int32_t p = 0; p < n_players; p++) {
        const int32_t *hand = holes + p * n_hole;
        if (hf_is_random_hand(hand, n_hole))
            return HF_ERR_COUNT;
        if ((err = hf_check_cards(hand, n_hole, &seen)) != 0)
            return err;
        hf_hole_prepare(&s->hole[p], hand, n_hole);
    }
    for (int32_t b = 0; b < n_boards; b++)
        for (int32_t i = 0; i < s->n_known[b]; i++) {
            int32_t card = boards[b * 5 + i];
            s->board[b][i] = card;
            /* the same card at the same place on an earlier board: dealt
             * before the runs */
            int32_t shared = 0;
            for (int32_t e = 0; e < b && !shared; e++)
                shared = i < s->n_known[e] && card == s->board[e][i];
            if (shared)
                continue;
            if ((err = hf_check_cards(&card, 1, &seen)) != 0)
                return err;
        }
    if ((err = hf_check_cards(dead, n_dead, &seen)) != 0)
        return err;
    for (int32_t c = 0; c < 52; c++)
        if (!(seen >> c & 1))
            s->deck[s->n_deck++] = c;
    int32_t needed = 0;
    for (int32_t b = 0; b < n_boards; b++)
        needed += 5 - s->n_known[b];
    return needed > s->n_deck ? HF_ERR_COUNT : 0;
}

static int64_t total_deals(const boards_spot *s)
{
    int64_t total = 1;
    int32_t left = s->n_deck;
    for (int32_t b = 0; b < s->n_boards; b++) {
        int32_t m = 5 - s->n_known[b];
        int64_t ways = hf_choose(left, m);
        if (ways < 1 || total > MAX_DEALS / ways)
            return HF_ERR_COUNT;
        total *= ways;
        left -= m;
    }
    return total;
}

int64_t hf_boards_pot(int32_t n_boards)
{
    if (n_boards < 1 || n_boards > HF_BOARDS_MAX)
        return HF_ERR_COUNT;
    int64_t lcm = n_boards % 2 ? 2 * n_boards : n_boards;
    return 5040 * lcm;
}

int64_t hf_boards_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                        const int32_t *dead, int32_t n_dead)
{
    boards_spot s;
    int32_t err = make_boards_spot(&s, holes, n_players, n_hole, boards, n_known, n_boards,
                                   dead, n_dead, 0);
    return err ? err : total_deals(&s);
}

/* Settle board b completed (s->board[b], all five cards) into *r. */
static void settle_board(const boards_spot *s, int32_t b, uint64_t mask, settled_board *r)
{
    hf_board prepared;
    hf_board_prepare(&prepared, s->board[b], 5);
    int32_t high[MAX_PLAYERS], low[MAX_PLAYERS];
    int32_t best_high = 0x7fff, best_low = 0x7fff;
    for (int32_t p = 0; p < s->n_players; p++) {
        high[p] = hf_hole_high(&prepared, &s->hole[p], s->n_pairs);
        low[p] = s->high_only ? 0
            : hf_omaha_low_table[s->hole[p].low_mask << 8 | prepared.low_mask];
        best_high = high[p] < best_high ? high[p] : best_high;
        if (low[p] && low[p] < best_low)
            best_low = low[p];
    }
    uint32_t high_bits = 0, low_bits = 0;
    int32_t n_high = 0, n_low = 0;
    for (int32_t p = 0; p < s->n_players; p++) {
        if (high[p] == best_high) {
            high_bits |= 1u << p;
            n_high++;
        }
        if (low[p] && low[p] == best_low) {
            low_bits |= 1u << p;
            n_low++;
        }
    }
    int32_t unit = (int32_t)(hf_boards_pot(s->n_boards) / s->n_boards);
    int32_t high_share = (n_low ? unit / 2 : unit) / n_high;
    int32_t low_share = n_low ? unit / 2 / n_low : 0;
    r->mask = mask;
    r->no_low = n_low == 0;
    r->scoop = 0;
    for (int32_t p = 0; p < s->n_players; p++) {
        r->share[p] = (int32_t)(high_bits >> p & 1) * high_share
            + (int32_t)(low_bits >> p & 1) * low_share;
        r->scoop |= (uint32_t)(r->share[p] == unit) << p;
    }
    r->win_high = n_high == 1 ? high_bits : 0;
    r->tie_high = n_high > 1 ? high_bits : 0;
    r->win_low = n_low == 1 ? low_bits : 0;
    r->tie_low = n_low > 1 ? low_bits : 0;
}

/* Add `weight` deals' worth of board b's record (its per-board sums and
 * its shares) into the tally. */
static void add_board(hf_boards_tally *t, int32_t n_players, int32_t b, const settled_board *r,
                      int64_t weight)
{
    t->no_low[b] += r->no_low * weight;
    for (int32_t p = 0; p < n_players; p++) {
        t->share[p] += r->share[p] * weight;
        t->board_scoop[b][p] += (r->scoop >> p & 1) * weight;
        t->win_high[b][p] += (r->win_high >> p & 1) * weight;
        t->tie_high[b][p] += (r->tie_high >> p & 1) * weight;
        t->win_low[b][p] += (r->win_low >> p & 1) * weight;
        t->tie_low[b][p] += (r->tie_low >> p & 1) * weight;
    }
}

/* Step to the next k-combination of 0..m-1; 0 when it wraps around. */
static int32_t next_combination(int32_t *idx, int32_t m, int32_t k)
{
    int32_t i = k - 1;
    while (i >= 0 && idx[i] == m - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int32_t j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* Board b completed by deck[idx[0..m-1]]; returns the cards' mask. */
static uint64_t complete(boards_spot *s, int32_t b, const int32_t *idx, int32_t m)
{
    uint64_t mask = 0;
    for (int32_t i = 0; i < m; i++) {
        int32_t card = s->deck[idx[i]];
        s->board[b][s->n_known[b] + i] = card;
        mask |= (uint64_t)1 << card;
    }
    return mask;
}

/* More than two boards: boards 1.. each keep their completions (table[b]),
 * walked depth first; count[b][k] gathers the deals below record k. */
typedef struct {
    const boards_spot *s;
    settled_board *table[HF_BOARDS_MAX];
    int64_t *count[HF_BOARDS_MAX];
    int32_t n_table[HF_BOARDS_MAX];
    hf_boards_tally *t;
} boards_walk;

/* Deal boards b.. from the cards not in `used`, each player's share of the
 * boards before b in share[], who scooped every one of them in `scoop`;
 * settles the deals' squared shares and scoops, returns their number. */
static int64_t walk_boards(boards_walk *w, int32_t b, uint64_t used, const int64_t *share,
                           uint32_t scoop)
{
    int32_t n_players = w->s->n_players;
    if (b == w->s->n_boards) {
        for (int32_t p = 0; p < n_players; p++) {
            w->t->share_sq[p] += share[p] * share[p];
            w->t->scoop[p] += scoop >> p & 1;
        }
        return 1;
    }
    int64_t deals = 0;
    for (int32_t k = 0; k < w->n_table[b]; k++) {
        const settled_board *r = &w->table[b][k];
        if (r->mask & used)
            continue;
        int64_t next[MAX_PLAYERS];
        for (int32_t p = 0; p < n_players; p++)
            next[p] = share[p] + r->share[p];
        int64_t below = walk_boards(w, b + 1, used | r->mask, next, scoop & r->scoop);
        w->count[b][k] += below;
        deals += below;
    }
    return deals;
}

static int32_t enumerate_many(boards_spot *s, int32_t part, int32_t n_parts,
                              hf_boards_tally *out)
{
    hf_boards_tally t;
    memset(&t, 0, sizeof t);
    boards_walk w = { .s = s, .t = &t };
    int32_t err = 0;
    for (int32_t b = 1; b < s->n_boards; b++) {
        int32_t m = 5 - s->n_known[b];
        w.n_table[b] = (int32_t)hf_choose(s->n_deck, m);
        w.table[b] = malloc(sizeof *w.table[b] * (size_t)w.n_table[b]);
        w.count[b] = calloc((size_t)w.n_table[b], sizeof *w.count[b]);
        if (!w.table[b] || !w.count[b]) {
            err = HF_ERR_COUNT;
            break;
        }
        int32_t idx[5] = { 0, 1, 2, 3, 4 };
        for (int32_t k = 0; k < w.n_table[b]; k++) {
            settle_board(s, b, complete(s, b, idx, m), &w.table[b][k]);
            next_combination(idx, s->n_deck, m);
        }
    }
    if (!err) {
        int32_t m0 = 5 - s->n_known[0];
        int32_t idx[5] = { 0, 1, 2, 3, 4 };
        int64_t rank = 0;
        do {
            if (rank++ % n_parts != part)
                continue;
            settled_board first;
            settle_board(s, 0, complete(s, 0, idx, m0), &first);
            int64_t share[MAX_PLAYERS];
            for (int32_t p = 0; p < s->n_players; p++)
                share[p] = first.share[p];
            int64_t deals = walk_boards(&w, 1, first.mask, share, first.scoop);
            t.deals += deals;
            add_board(&t, s->n_players, 0, &first, deals);
        } while (next_combination(idx, s->n_deck, m0));
        for (int32_t b = 1; b < s->n_boards; b++)
            for (int32_t k = 0; k < w.n_table[b]; k++)
                add_board(&t, s->n_players, b, &w.table[b][k], w.count[b][k]);
        *out = t;
    }
    for (int32_t b = 1; b < s->n_boards; b++) {
        free(w.table[b]);
        free(w.count[b]);
    }
    return err;
}

int32_t hf_boards_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                            const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                            const int32_t *dead, int32_t n_dead, int32_t high_only,
                            int32_t part, int32_t n_parts, hf_boards_tally *out)
{
    boards_spot s;
    int32_t err = make_boards_spot(&s, holes, n_players, n_hole, boards, n_known, n_boards,
                                   dead, n_dead, high_only);
    if (err)
        return err;
    int32_t m0 = 5 - s.n_known[0], m1 = n_boards >= 2 ? 5 - s.n_known[1] : 0;
    int32_t later_max = 0;   /* the most cards a board after board 0 misses */
    for (int32_t b = 1; b < n_boards; b++)
        later_max = 5 - s.n_known[b] > later_max ? 5 - s.n_known[b] : later_max;
    if (!out || n_parts < 1 || part < 0 || part >= n_parts || later_max > 2
        || total_deals(&s) < 0)
        return HF_ERR_COUNT;
    if (n_boards > 2)
        return enumerate_many(&s, part, n_parts, out);
    /* Board 1's completions from every unknown card (at most C(47, 2)); with
     * one board, one empty record that scoops for everyone, so a deal's
     * scoop of every board is board 0's. */
    int32_t n_second = (int32_t)hf_choose(s.n_deck, m1);
    settled_board *second = malloc(sizeof *second * (size_t)n_second);
    int64_t *second_count = calloc((size_t)n_second, sizeof *second_count);
    if (!second || !second_count) {
        free(second);
        free(second_count);
        return HF_ERR_COUNT;
    }
    if (n_boards == 1) {
        memset(second, 0, sizeof *second);
        second[0].scoop = ~0u;
    } else {
        int32_t idx[5] = { 0, 1, 2, 3, 4 };
        for (int32_t k = 0; k < n_second; k++) {
            settle_board(&s, 1, complete(&s, 1, idx, m1), &second[k]);
            next_combination(idx, s.n_deck, m1);
        }
    }
    hf_boards_tally t;
    memset(&t, 0, sizeof t);
    int32_t idx[5] = { 0, 1, 2, 3, 4 };
    int64_t rank = 0;
    do {
        if (rank++ % n_parts != part)
            continue;
        settled_board first;
        settle_board(&s, 0, complete(&s, 0, idx, m0), &first);
        int64_t compatible = 0, their_share[MAX_PLAYERS] = { 0 }, both_scoop[MAX_PLAYERS] = { 0 };
        for (int32_t k = 0; k < n_second; k++) {
            const settled_board *r = &second[k];
            if (r->mask & first.mask)
                continue;
            compatible++;
            second_count[k]++;
            for (int32_t p = 0; p < n_players; p++)
                their_share[p] += r->share[p];
            uint32_t both = first.scoop & r->scoop;
            if (both)   /* rare: one player scooped both boards */
                for (int32_t p = 0; p < n_players; p++)
                    both_scoop[p] += both >> p & 1;
        }
        t.deals += compatible;
        add_board(&t, n_players, 0, &first, compatible);
        for (int32_t p = 0; p < n_players; p++) {
            int64_t mine = first.share[p];
            /* (mine + theirs)^2 summed: the squares of board 1's come last */
            t.share_sq[p] += mine * mine * compatible + 2 * mine * their_share[p];
            t.scoop[p] += both_scoop[p];
        }
    } while (next_combination(idx, s.n_deck, m0));
    if (n_boards == 2)
        for (int32_t k = 0; k < n_second; k++) {
            add_board(&t, n_players, 1, &second[k], second_count[k]);
            for (int32_t p = 0; p < n_players; p++)
                t.share_sq[p] += (int64_t)second[k].share[p] * second[k].share[p]
                    * second_count[k];
        }
    free(second);
    free(second_count);
    *out = t;
    return 0;
}

int32_t hf_boards_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                         const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                         const int32_t *dead, int32_t n_dead, int32_t high_only,
                         uint64_t seed, int64_t count, hf_boards_tally *out)
{
    boards_spot s;
    int32_t err = make_boards_spot(&s, holes, n_players, n_hole, boards, n_known, n_boards,
                                   dead, n_dead, high_only);
    if (err)
        return err;
    if (!out || count < 0 || count > HF_EQUITY_MAX_COUNT)
        return HF_ERR_COUNT;
    int32_t missing[HF_BOARDS_MAX], all_missing = 0;
    for (int32_t b = 0; b < n_boards; b++)
        all_missing += missing[b] = 5 - s.n_known[b];
    draw_runs runs;
    plan_runs(&runs, s.n_deck, all_missing);
    hf_boards_tally t;
    memset(&t, 0, sizeof t);
    uint64_t state = seed;
    for (int64_t n = 0; n < count; n++) {
        shuffle_prefix(s.deck, s.n_deck, &runs, &state);
        int64_t won[MAX_PLAYERS] = { 0 };
        uint32_t scoop_all = ~0u;
        int32_t at = 0;
        for (int32_t b = 0; b < n_boards; b++) {
            settled_board r;
            int32_t idx[5];
            for (int32_t i = 0; i < missing[b]; i++)
                idx[i] = at + i;
            settle_board(&s, b, complete(&s, b, idx, missing[b]), &r);
            add_board(&t, n_players, b, &r, 1);
            for (int32_t p = 0; p < n_players; p++)
                won[p] += r.share[p];
            scoop_all &= r.scoop;
            at += missing[b];
        }
        for (int32_t p = 0; p < n_players; p++) {
            t.share_sq[p] += won[p] * won[p];
            t.scoop[p] += scoop_all >> p & 1;
        }
    }
    t.deals = count;
    *out = t;
    return 0;
}

int32_t hf_boards_sample_rows(const int32_t *hands, int32_t n_rows, const int64_t *counts,
                              int32_t n_players, int32_t n_hole,
                              const int32_t *boards, const int32_t *n_known, int32_t n_boards,
                              const int32_t *dead, int32_t n_dead, int32_t high_only,
                              uint64_t seed, hf_boards_tally *out)
{
    if (!out || !hands || !counts || n_rows < 0 || n_players < 2 || n_players > MAX_PLAYERS
        || n_hole < 4 || n_hole > 6)
        return HF_ERR_COUNT;
    int64_t all = 0;
    for (int32_t k = 0; k < n_rows; k++) {
        if (counts[k] < 0 || counts[k] > HF_EQUITY_MAX_COUNT - all)
            return HF_ERR_COUNT;
        all += counts[k];
    }
    hf_boards_tally t, row;
    memset(&t, 0, sizeof t);
    for (int32_t k = 0; k < n_rows; k++) {
        int32_t err = hf_boards_sample(hands + (int64_t)k * n_players * n_hole, n_players,
                                       n_hole, boards, n_known, n_boards, dead, n_dead,
                                       high_only, hf_splitmix64(seed, (uint64_t)k), counts[k],
                                       &row);
        if (err)
            return err;
        t.deals += row.deals;
        for (int32_t b = 0; b < HF_BOARDS_MAX; b++)
            t.no_low[b] += row.no_low[b];
        for (int32_t p = 0; p < n_players; p++) {
            t.share[p] += row.share[p];
            t.share_sq[p] += row.share_sq[p];
            t.scoop[p] += row.scoop[p];
            for (int32_t b = 0; b < HF_BOARDS_MAX; b++) {
                t.board_scoop[b][p] += row.board_scoop[b][p];
                t.win_high[b][p] += row.win_high[b][p];
                t.tie_high[b][p] += row.tie_high[b][p];
                t.win_low[b][p] += row.win_low[b][p];
                t.tie_low[b][p] += row.tie_low[b][p];
            }
        }
    }
    *out = t;
    return 0;
}
