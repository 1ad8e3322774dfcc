/* range_vs_range.c: exact equity of one range against another on a flop,
 * turn or river (hf_range_vs_range).
 *
 * Every combo is evaluated once per runout (turn and river); then, instead of
 * comparing every pair of combos, player B's valid combos are summed into
 * weight-by-value tables (by high value, split by whether B has a low, and by
 * low value): one table for all of B and one per card for the B combos
 * holding it. An A combo reads its sum over all of B in O(1) and takes out,
 * by inclusion-exclusion, the B combos sharing a card with it: minus each of
 * its cards' tables, plus (shared cards - 1) times each B combo sharing two
 * or more cards with it (a short list built once per block of A combos).
 * The share of a pair (a, b): high half and low half, ties split, the
 * whole pot to the high when neither has a low.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"


/* Sums of B's weights by value on one runout. A high value is indexed by
 * its rank among B's distinct highs on the runout (0 = best), split by
 * whether B has a low ([0] none, [1] a low). */
typedef struct {
    double *at;        /* [2][n]: weight at each high rank */
    double *above;     /* [2][n + 1]: weight at this rank and every worse one */
    double low_at[57];
    double low_above[58]; /* [l]: weight of lows worse than l */
    double no_low, total;
} value_table;

static void table_clear(value_table *t, int32_t n)
{
    memset(t->at, 0, sizeof *t->at * 2 * (size_t)n);
    memset(t->low_at, 0, sizeof t->low_at);
    t->no_low = t->total = 0.0;
}

static void table_add(value_table *t, int32_t n, int32_t rank, int32_t low, double w)
{
    t->at[(low != 0) * n + rank] += w;
    if (low)
        t->low_at[low] += w;
    else
        t->no_low += w;
    t->total += w;
}

static void table_finish(value_table *t, int32_t n)
{
    for (int32_t g = 0; g < 2; g++) {
        double *above = t->above + g * (n + 1);
        const double *at = t->at + g * n;
        above[n] = 0.0;
        for (int32_t k = n - 1; k >= 0; k--)
            above[k] = above[k + 1] + at[k];
    }
    t->low_above[57] = t->low_above[56] = 0.0;
    for (int32_t l = 55; l >= 1; l--)
        t->low_above[l] = t->low_above[l + 1] + t->low_at[l + 1];
}

/* The sum over the table's combos of weight x A's share: A's high is worse
 * than the B ranks below first_worse and ties rank `tie` (-1: no B has it). */
static double table_share(const value_table *t, int32_t n, int32_t first_worse, int32_t tie,
                          int32_t la)
{
    double high[2];
    for (int32_t g = 0; g < 2; g++)
        high[g] = t->above[g * (n + 1) + first_worse]
                + (tie >= 0 ? 0.5 * t->at[g * n + tie] : 0.0);
    if (la)
        return 0.5 * (high[0] + high[1])
             + 0.5 * (t->low_above[la] + 0.5 * t->low_at[la] + t->no_low);
    return high[0] + 0.5 * high[1];
}

/* A's share of the pot against b, in [0, 1] (the pairs taken back one by one). */
static double pair_share(int32_t ha, int32_t la, int32_t hb, int32_t lb)
{
    double high = ha < hb ? 1.0 : ha == hb ? 0.5 : 0.0;
    if (!la && !lb)
        return high;
    double low = !la ? 0.0 : !lb || la < lb ? 1.0 : la == lb ? 0.5 : 0.0;
    return 0.5 * high + 0.5 * low;
}

static int32_t popcount64(uint64_t x)
{
    int32_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static int32_t check_rows(const int32_t *combos, int64_t n, int32_t n_hole, uint64_t board_dead,
                          uint64_t *masks)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t seen = board_dead;
        int32_t err = hf_check_cards(combos + i * n_hole, n_hole, &seen);
        if (err)
            return err;
        masks[i] = seen & ~board_dead;
    }
    return 0;
}

typedef struct {
    uint64_t *a_mask, *b_mask;
    int32_t *b_value;
    uint8_t *present;      /* [7463] */
    int32_t *rank_of;      /* [7463]: distinct B highs better than v */
    double *memory;        /* every table's arrays */
    value_table tables[53]; /* [52]: all of B; [c]: the B combos holding card c */
    int64_t *multi_count;  /* per A combo: B combos sharing 2+ cards with it */
    int64_t *multi_start;  /* per A combo of a block: where its list starts */
    int32_t *multi;        /* pairs (B combo, shared cards - 1) */
} work;

static void work_free(work *w)
{
    free(w->a_mask); free(w->b_mask); free(w->b_value); free(w->present); free(w->rank_of);
    free(w->memory); free(w->multi_count); free(w->multi_start); free(w->multi);
}

int32_t hf_range_vs_range(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                          const int32_t *b_combos, const double *b_weights, int64_t n_b,
                          int32_t n_hole, const int32_t *board, int32_t n_board,
                          const int32_t *dead, int32_t n_dead,
                          double *a_share, double *a_weight)
{
    if (!board || n_board < 3 || n_board > 5 || n_hole < 4 || n_hole > 6 || n_a < 0 || n_b < 0
        || n_dead < 0 || n_dead > 52 || (n_dead && !dead)
        || (n_a && (!a_combos || !a_weights || !a_share || !a_weight))
        || (n_b && (!b_combos || !b_weights)))
        return HF_ERR_COUNT;
    uint64_t board_dead = 0;
    int32_t err = hf_check_cards(board, n_board, &board_dead);
    if (!err)
        err = hf_check_cards(dead, n_dead, &board_dead);
    if (err)
        return err;
    for (int64_t i = 0; i < n_a; i++)
        a_share[i] = a_weight[i] = 0.0;
    if (!n_a || !n_b)
        return 0;

    work w;
    memset(&w, 0, sizeof w);
    int64_t n_max = n_b < 7462 ? n_b : 7462;  /* distinct B highs on a runout */
    size_t per_table = (size_t)(2 * n_max + 2 * (n_max + 1));
    w.a_mask = malloc(sizeof *w.a_mask * (size_t)n_a);
    w.b_mask = malloc(sizeof *w.b_mask * (size_t)n_b);
    w.b_value = malloc(sizeof *w.b_value * (size_t)n_b);
    w.present = malloc(7463);
    w.rank_of = malloc(sizeof *w.rank_of * 7463);
    w.memory = malloc(sizeof *w.memory * per_table * 53);
    w.multi_start = malloc(sizeof *w.multi_start * (size_t)(n_a + 1));
    w.multi_count = malloc(sizeof *w.multi_count * (size_t)n_a);
    if (!w.a_mask || !w.b_mask || !w.b_value || !w.present || !w.rank_of || !w.memory
        || !w.multi_start || !w.multi_count) {
        work_free(&w);
        return HF_ERR_COUNT;
    }
    for (int32_t t = 0; t < 53; t++) {
        w.tables[t].at = w.memory + per_table * (size_t)t;
        w.tables[t].above = w.tables[t].at + 2 * n_max;
    }
    err = check_rows(a_combos, n_a, n_hole, board_dead, w.a_mask);
    if (!err)
        err = check_rows(b_combos, n_b, n_hole, board_dead, w.b_mask);
    if (err) {
        work_free(&w);
        return err;
    }
    int32_t deck[52], n_deck = 0;
    for (int32_t c = 0; c < 52; c++)
        if (!(board_dead >> c & 1))
            deck[n_deck++] = c;
    int32_t need = 5 - n_board;
    uint64_t b_cards = 0;  /* the cards some B combo holds: those with a table */
    for (int64_t j = 0; j < n_b; j++)
        b_cards |= w.b_mask[j];

    /* Each A combo's count of B combos sharing two or more cards with it,
     * then blocks of A combos whose lists hold at most 2^22 pairs (one block
     * unless the ranges overlap heavily): B is evaluated once per runout
     * and block. */
    for (int64_t i = 0; i < n_a; i++) {
        int64_t count = 0;
        for (int64_t j = 0; j < n_b; j++)
            count += popcount64(w.a_mask[i] & w.b_mask[j]) >= 2;
        w.multi_count[i] = count;
    }
    for (int64_t first = 0, last; first < n_a; first = last) {
        int64_t n_multi = w.multi_count[first];
        for (last = first + 1; last < n_a && n_multi + w.multi_count[last] <= (int64_t)1 << 22;
             last++)
            n_multi += w.multi_count[last];
        free(w.multi);
        w.multi = malloc(sizeof *w.multi * 2 * (size_t)(n_multi ? n_multi : 1));
        if (!w.multi) {
            work_free(&w);
            return HF_ERR_COUNT;
        }
        n_multi = 0;
        for (int64_t i = first; i < last; i++) {
            w.multi_start[i - first] = n_multi;
            for (int64_t j = 0; j < n_b; j++) {
                int32_t shared = popcount64(w.a_mask[i] & w.b_mask[j]);
                if (shared >= 2) {
                    w.multi[2 * n_multi] = (int32_t)j;
                    w.multi[2 * n_multi + 1] = shared - 1;
                    n_multi++;
                }
            }
        }
        w.multi_start[last - first] = n_multi;

        /* every runout: deck[x] then deck[y] (x < y) when two cards are to
         * come, deck[x] alone when one (a single y), nothing when none */
        int32_t x_end = need >= 1 ? n_deck : 1;
        for (int32_t x = 0; x < x_end; x++) {
            int32_t y_end = need == 2 ? n_deck : x + 2;
            for (int32_t y = x + 1; y < y_end; y++) {
                int32_t full[5];
                uint64_t out = 0;
                for (int32_t k = 0; k < n_board; k++)
                    full[k] = board[k];
                if (need >= 1) {
                    full[n_board] = deck[x];
                    out |= (uint64_t)1 << deck[x];
                }
                if (need == 2) {
                    full[n_board + 1] = deck[y];
                    out |= (uint64_t)1 << deck[y];
                }
                hf_board prepared;
                hf_board_prepare(&prepared, full, 5);
                memset(w.present, 0, 7463);
                for (int64_t j = 0; j < n_b; j++) {
                    if (w.b_mask[j] & out) {
                        w.b_value[j] = -1;  /* not dealt with this runout */
                        continue;
                    }
                    w.b_value[j] = hf_board_omaha(&prepared, b_combos + j * n_hole, n_hole);
                    w.present[w.b_value[j] >> 8] = 1;
                }
                int32_t n_values = 0;
                for (int32_t v = 1; v <= 7462; v++) {
                    w.rank_of[v] = n_values;
                    n_values += w.present[v];
                }
                uint64_t tabled = b_cards & ~out;
                for (int32_t t = 0; t < 53; t++)
                    if (t == 52 || (tabled >> t & 1))
                        table_clear(&w.tables[t], n_values);
                for (int64_t j = 0; j < n_b; j++) {
                    int32_t v = w.b_value[j];
                    if (v < 0)
                        continue;
                    int32_t rank = w.rank_of[v >> 8], low = v & 0xff;
                    double wt = b_weights[j];
                    table_add(&w.tables[52], n_values, rank, low, wt);
                    for (int32_t k = 0; k < n_hole; k++)
                        table_add(&w.tables[b_combos[j * n_hole + k]], n_values, rank, low, wt);
                }
                for (int32_t t = 0; t < 53; t++)
                    if (t == 52 || (tabled >> t & 1))
                        table_finish(&w.tables[t], n_values);

                for (int64_t i = first; i < last; i++) {
                    if (w.a_mask[i] & out)
                        continue;
                    const int32_t *hole = a_combos + i * n_hole;
                    int32_t v = hf_board_omaha(&prepared, hole, n_hole);
                    int32_t ha = v >> 8, la = v & 0xff;
                    int32_t tie = w.present[ha] ? w.rank_of[ha] : -1;
                    int32_t first_worse = w.rank_of[ha] + w.present[ha];
                    double share = table_share(&w.tables[52], n_values, first_worse, tie, la);
                    double weight = w.tables[52].total;
                    for (int32_t k = 0; k < n_hole; k++) {
                        int32_t c = hole[k];
                        if (!(tabled >> c & 1))
                            continue;  /* no B combo holds it */
                        share -= table_share(&w.tables[c], n_values, first_worse, tie, la);
                        weight -= w.tables[c].total;
                    }
                    for (int64_t m = w.multi_start[i - first]; m < w.multi_start[i - first + 1]; m++) {
                        int32_t j = w.multi[2 * m], times = w.multi[2 * m + 1];
                        int32_t vb = w.b_value[j];
                        if (vb < 0)
                            continue;
                        double wt = times * b_weights[j];
                        share += wt * pair_share(ha, la, vb >> 8, vb & 0xff);
                        weight += wt;
                    }
                    a_share[i] += share;
                    a_weight[i] += weight;
                }
            }
        }
    }
    work_free(&w);
    return 0;
}
