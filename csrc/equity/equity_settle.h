/* equity_settle.h: the settlement of one board into an equity tally, shared
 * by the brute force and Monte Carlo (equity.c), the grouped enumeration
 * (enumerate.c) and range equity (range_equity.c): one copy of the rules.
 * Internal (not part of the cdef). */
#ifndef HF_EQUITY_SETTLE_H
#define HF_EQUITY_SETTLE_H
#include <stdint.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"

/* Settle `weight` deals that all end in the same showdown: player p's best
 * high high[p] and low low[p] (0 = none). */
static inline void hf_settle_values(int32_t n_players, const int32_t *high, const int32_t *low,
                                    int64_t weight, hf_equity_tally *t)
{
    int32_t best_high = 0x7fff, best_low = 0x7fff, n_high = 0, n_low = 0;
    for (int32_t p = 0; p < n_players; p++) {
        if (high[p] < best_high) {
            best_high = high[p];
            n_high = 1;
        } else if (high[p] == best_high) {
            n_high++;
        }
        if (low[p] && low[p] < best_low) {
            best_low = low[p];
            n_low = 1;
        } else if (low[p] && low[p] == best_low) {
            n_low++;
        }
    }
    t->deals += weight;
    if (!n_low)
        t->no_low += weight;
    int32_t high_share = (n_low ? HF_EQUITY_POT / 2 : HF_EQUITY_POT) / n_high;
    int32_t low_share = n_low ? HF_EQUITY_POT / 2 / n_low : 0;
    for (int32_t p = 0; p < n_players; p++) {
        int64_t share = 0;
        if (high[p] == best_high) {
            share += high_share;
            if (n_high == 1)
                t->win_high[p] += weight;
            else
                t->tie_high[p] += weight;
        }
        if (n_low && low[p] == best_low) {
            share += low_share;
            if (n_low == 1)
                t->win_low[p] += weight;
            else
                t->tie_low[p] += weight;
        }
        t->share[p] += share * weight;
        t->share_sq[p] += share * share * weight;
        t->scoop[p] += share == HF_EQUITY_POT ? weight : 0;
    }
}

/* Deals counted by outcome, to settle at the end: a deal's outcome is who
 * wins the high and who the low (bit p of each mask), and settlement is
 * linear in the deals, so settling each outcome once with its count gives
 * exactly the tally of settling every deal. Per deal that is a compare
 * per player and one increment, not a dozen tally updates; for up to
 * HF_OUTCOME_PLAYERS players (2^(2n) counters). */
enum { HF_OUTCOME_PLAYERS = 4 };
typedef struct {
    int64_t count[1 << (2 * HF_OUTCOME_PLAYERS)];
} hf_outcomes;

static inline void hf_outcome_add(hf_outcomes *o, int32_t n_players, const int32_t *high,
                                  const int32_t *low)
{
    int32_t best_high = 0x7fff, best_low = 0x7fff;
    for (int32_t p = 0; p < n_players; p++) {
        int32_t l = low[p] ? low[p] : 0x7fff;  /* 0 (no low) loses to every low */
        best_high = high[p] < best_high ? high[p] : best_high;
        best_low = l < best_low ? l : best_low;
    }
    uint32_t code = 0;
    for (int32_t p = 0; p < n_players; p++)
        code |= (uint32_t)(high[p] == best_high) << p | (uint32_t)(low[p] == best_low) << (n_players + p);
    o->count[code]++;
}

/* Add the outcomes' deals into the tally. */
static inline void hf_outcomes_settle(const hf_outcomes *o, int32_t n_players, hf_equity_tally *t)
{
    for (uint32_t code = 0; code < 1u << (2 * n_players); code++) {
        if (!o->count[code])
            continue;
        int32_t high[HF_OUTCOME_PLAYERS], low[HF_OUTCOME_PLAYERS];
        for (int32_t p = 0; p < n_players; p++) {
            high[p] = code >> p & 1 ? 1 : 2;            /* the winners tie at the best */
            low[p] = code >> (n_players + p) & 1 ? 1 : 0;
        }
        hf_settle_values(n_players, high, low, o->count[code], t);
    }
}

/* Settle one deal: the players' hands against a board already prepared
 * (the part every player shares: high-table row, low mask, flush suit).
 * hole[p] holds n_hole cards, hole_low[p] their low mask. */
static inline void hf_board_values(int32_t n_players, const int32_t (*hole)[6], const int32_t n_hole,
                                   const uint32_t *hole_low, const hf_board *board,
                                   int32_t *high, int32_t *low)
{
    for (int32_t p = 0; p < n_players; p++) {
        high[p] = hf_board_high(board, hole[p], n_hole);
        low[p] = hf_omaha_low_table[hole_low[p] << 8 | board->low_mask];
    }
}

/* Settle one deal, or count it in *outcomes when that is not NULL (up to
 * HF_OUTCOME_PLAYERS players), to be settled with hf_outcomes_settle. */
static inline void hf_settle_board(int32_t n_players, const int32_t (*hole)[6], int32_t n_hole,
                                   const uint32_t *hole_low, const hf_board *board,
                                   hf_outcomes *outcomes, hf_equity_tally *t)
{
    int32_t high[HF_EQUITY_MAX_PLAYERS], low[HF_EQUITY_MAX_PLAYERS];
    /* A literal hole size per call, so each copy's pair loops unroll. */
    if (n_hole == 4)
        hf_board_values(n_players, hole, 4, hole_low, board, high, low);
    else if (n_hole == 5)
        hf_board_values(n_players, hole, 5, hole_low, board, high, low);
    else
        hf_board_values(n_players, hole, 6, hole_low, board, high, low);
    if (outcomes)
        hf_outcome_add(outcomes, n_players, high, low);
    else
        hf_settle_values(n_players, high, low, 1, t);
}

#endif
