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
    double count;      /* the combos, unweighted */
} value_table;

static void table_clear(value_table *t, int32_t n)
{
    memset(t->at, 0, sizeof *t->at * 2 * (size_t)n);
    memset(t->low_at, 0, sizeof t->low_at);
    t->no_low = t->total = t->count = 0.0;
}

static void table_add(value_table *t, int32_t n, int32_t rank, int32_t low, double w)
{
    t->at[(low != 0) * n + rank] += w;
    if (low)
        t->low_at[low] += w;
    else
        t->no_low += w;
    t->total += w;
    t->count += 1.0;
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

/* hf_range_vs_range_tally's fields over a table's combos, times sign, into
 * out: all but the scoops' two-dimensional parts (A's low alone with a
 * worse B high; B's better low with a better B high), which the sweeps add.
 * r: the B ranks better than A's high. */
static void table_fields(const value_table *t, int32_t n, int32_t first_worse, int32_t tie,
                         int32_t r, int32_t la, double sign, double *out)
{
    const double *above0 = t->above, *above1 = t->above + (n + 1);
    out[0] += sign * table_share(t, n, first_worse, tie, la);
    out[1] += sign * t->total;
    out[2] += sign * (above0[first_worse] + above1[first_worse]);
    if (tie >= 0)
        out[3] += sign * (t->at[tie] + t->at[n + tie]);
    if (la) {
        out[4] += sign * (t->no_low + t->low_above[la]);
        out[5] += sign * t->low_at[la];
    } else {
        out[6] += sign * t->no_low;
        out[8] += sign * (t->total - above0[r] - above1[r]);
    }
    out[7] += sign * above0[first_worse];
    out[9] += sign * t->count;
}

/* The fields of one pair (A against one B combo), times wt; `times` counts it. */
static void pair_fields(int32_t ha, int32_t la, int32_t hb, int32_t lb, double wt,
                        double times, double *out)
{
    int32_t low_alone = la && (!lb || la < lb);
    out[0] += wt * pair_share(ha, la, hb, lb);
    out[1] += wt;
    out[2] += wt * (ha < hb);
    out[3] += wt * (ha == hb);
    out[4] += wt * low_alone;
    out[5] += wt * (la && la == lb);
    out[6] += wt * (!la && !lb);
    out[7] += wt * (ha < hb && (la ? low_alone : !lb));
    out[8] += wt * (hb < ha && (la ? lb && lb < la : 1));
    out[9] += times;
}

/* Fenwick trees over B's high ranks (1-based inside): the two-dimensional
 * scoop sums. */
static void fen_add(double *f, int32_t n, int32_t rank, double w)
{
    for (int32_t i = rank + 1; i <= n; i += i & -i)
        f[i] += w;
}

static double fen_below(const double *f, int32_t k)  /* ranks < k */
{
    double s = 0.0;
    for (int32_t i = k; i > 0; i -= i & -i)
        s += f[i];
    return s;
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
    /* the tally's sweeps: */
    double *fen;           /* [53][n_max + 1] */
    int32_t *a_value;      /* per A combo of the block (-1: not dealt) */
    int32_t *b_by_low, *a_by_low;  /* indices bucketed by low value */
    double *a_scoop2, *a_lose2;    /* per A combo of the block: the 2-D parts */
} work;

static void work_free(work *w)
{
    free(w->a_mask); free(w->b_mask); free(w->b_value); free(w->present); free(w->rank_of);
    free(w->memory); free(w->multi_count); free(w->multi_start); free(w->multi);
    free(w->fen); free(w->a_value); free(w->b_by_low); free(w->a_by_low);
    free(w->a_scoop2); free(w->a_lose2);
}

/* Counting sort of indices 0..n-1 with value v[i] (>= 0; -1 skipped) by low
 * (v & 0xff): order and start[58] (bucket l is order[start[l]..start[l+1])). */
static void by_low(const int32_t *v, int64_t n, int32_t *order, int64_t *start)
{
    int64_t count[58] = {0};
    for (int64_t i = 0; i < n; i++)
        if (v[i] >= 0)
            count[(v[i] & 0xff) + 1]++;
    start[0] = 0;
    for (int32_t l = 1; l < 58; l++)
        start[l] = start[l - 1] + count[l];
    int64_t at[58];
    memcpy(at, start, sizeof at);
    for (int64_t i = 0; i < n; i++)
        if (v[i] >= 0)
            order[at[v[i] & 0xff]++] = (int32_t)i;
}

/* The scoops' two-dimensional parts on one runout, for the A combos of the
 * block: a_scoop2 = B weight with a worse high and a worse low (A has a low),
 * a_lose2 = B weight with a better high and a better low (A has a low), each
 * over every B combo minus those holding one of A's cards (the pairs
 * sharing two or more cards are settled one by one afterwards). Both sweep
 * the low values, adding B combos to Fenwick trees over the high ranks. */
static void sweeps(work *w, const int32_t *a_combos, int64_t first, int64_t last,
                   const int32_t *b_combos, const double *b_weights, int64_t n_b,
                   int32_t n_hole, const hf_board *prepared, uint64_t out, uint64_t tabled,
                   int32_t n_values)
{
    int64_t n = last - first, a_start[58], b_start[58];
    size_t stride = (size_t)n_values + 1;
    for (int64_t i = first; i < last; i++) {
        w->a_value[i - first] = (w->a_mask[i] & out) ? -1
            : hf_board_omaha(prepared, a_combos + i * n_hole, n_hole);
        w->a_scoop2[i - first] = w->a_lose2[i - first] = 0.0;
    }
    by_low(w->a_value, n, w->a_by_low, a_start);
    by_low(w->b_value, n_b, w->b_by_low, b_start);
    for (int32_t pass = 0; pass < 2; pass++) {
        for (int32_t t = 0; t < 53; t++)
            if (t == 52 || (tabled >> t & 1))
                memset(w->fen + stride * (size_t)t, 0, sizeof *w->fen * stride);
        /* pass 0: lows from the worst down (B's lows worse than A's are in);
         * pass 1: from the best up (B's better lows are in) */
        for (int32_t step = 0; step < 56; step++) {
            int32_t l = pass == 0 ? 56 - step : 1 + step;
            for (int64_t k = a_start[l]; k < a_start[l + 1]; k++) {
                int32_t idx = w->a_by_low[k];
                const int32_t *hole = a_combos + (first + idx) * n_hole;
                int32_t ha = w->a_value[idx] >> 8;
                int32_t bound = pass == 0 ? w->rank_of[ha] + w->present[ha] : w->rank_of[ha];
                double s = 0.0;
                for (int32_t c = -1; c < n_hole; c++) {
                    int32_t t = c < 0 ? 52 : hole[c];
                    if (t != 52 && !(tabled >> t & 1))
                        continue;
                    const double *f = w->fen + stride * (size_t)t;
                    double part = pass == 0 ? fen_below(f, n_values) - fen_below(f, bound)
                                            : fen_below(f, bound);
                    s += c < 0 ? part : -part;
                }
                if (pass == 0)
                    w->a_scoop2[idx] = s;
                else
                    w->a_lose2[idx] = s;
            }
            for (int64_t k = b_start[l]; k < b_start[l + 1]; k++) {
                int32_t j = w->b_by_low[k];
                int32_t rank = w->rank_of[w->b_value[j] >> 8];
                double wt = b_weights[j];
                fen_add(w->fen + stride * 52, n_values, rank, wt);
                for (int32_t c = 0; c < n_hole; c++)
                    fen_add(w->fen + stride * (size_t)b_combos[j * n_hole + c], n_values, rank,
                            wt);
            }
        }
    }
}

static int32_t rvr(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                   const int32_t *b_combos, const double *b_weights, int64_t n_b,
                   int32_t n_hole, const int32_t *board, int32_t n_board,
                   const int32_t *dead, int32_t n_dead,
                   double *a_share, double *a_weight, double *tally)
{
    if (!board || n_board < 3 || n_board > 5 || n_hole < 4 || n_hole > 6 || n_a < 0 || n_b < 0
        || n_dead < 0 || n_dead > 52 || (n_dead && !dead)
        || (n_a && (!a_combos || !a_weights || (tally ? 0 : !a_share || !a_weight)))
        || (n_b && (!b_combos || !b_weights)))
        return HF_ERR_COUNT;
    uint64_t board_dead = 0;
    int32_t err = hf_check_cards(board, n_board, &board_dead);
    if (!err)
        err = hf_check_cards(dead, n_dead, &board_dead);
    if (err)
        return err;
    for (int64_t i = 0; i < n_a; i++) {
        if (tally)
            for (int32_t f = 0; f < HF_RVR_FIELDS; f++)
                tally[i * HF_RVR_FIELDS + f] = 0.0;
        else
            a_share[i] = a_weight[i] = 0.0;
    }
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
    if (tally) {
        w.fen = malloc(sizeof *w.fen * 53 * (size_t)(n_max + 1));
        w.a_value = malloc(sizeof *w.a_value * (size_t)n_a);
        w.b_by_low = malloc(sizeof *w.b_by_low * (size_t)n_b);
        w.a_by_low = malloc(sizeof *w.a_by_low * (size_t)n_a);
        w.a_scoop2 = malloc(sizeof *w.a_scoop2 * (size_t)n_a);
        w.a_lose2 = malloc(sizeof *w.a_lose2 * (size_t)n_a);
        if (!w.fen || !w.a_value || !w.b_by_low || !w.a_by_low || !w.a_scoop2 || !w.a_lose2) {
            work_free(&w);
            return HF_ERR_COUNT;
        }
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
                if (tally)
                    sweeps(&w, a_combos, first, last, b_combos, b_weights, n_b, n_hole,
                           &prepared, out, tabled, n_values);

                for (int64_t i = first; i < last; i++) {
                    if (w.a_mask[i] & out)
                        continue;
                    const int32_t *hole = a_combos + i * n_hole;
                    int32_t v = tally ? w.a_value[i - first]
                                      : hf_board_omaha(&prepared, hole, n_hole);
                    int32_t ha = v >> 8, la = v & 0xff;
                    int32_t tie = w.present[ha] ? w.rank_of[ha] : -1;
                    int32_t first_worse = w.rank_of[ha] + w.present[ha];
                    if (tally) {
                        double sum[HF_RVR_FIELDS] = {0};
                        int32_t r = w.rank_of[ha];
                        table_fields(&w.tables[52], n_values, first_worse, tie, r, la, 1.0, sum);
                        for (int32_t k = 0; k < n_hole; k++)
                            if (tabled >> hole[k] & 1)
                                table_fields(&w.tables[hole[k]], n_values, first_worse, tie, r,
                                             la, -1.0, sum);
                        sum[7] += w.a_scoop2[i - first];
                        sum[8] += w.a_lose2[i - first];
                        for (int64_t m = w.multi_start[i - first];
                             m < w.multi_start[i - first + 1]; m++) {
                            int32_t j = w.multi[2 * m], times = w.multi[2 * m + 1];
                            int32_t vb = w.b_value[j];
                            if (vb >= 0)
                                pair_fields(ha, la, vb >> 8, vb & 0xff, times * b_weights[j],
                                            times, sum);
                        }
                        for (int32_t f = 0; f < HF_RVR_FIELDS; f++)
                            tally[i * HF_RVR_FIELDS + f] += sum[f];
                        continue;
                    }
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

int32_t hf_range_vs_range(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                          const int32_t *b_combos, const double *b_weights, int64_t n_b,
                          int32_t n_hole, const int32_t *board, int32_t n_board,
                          const int32_t *dead, int32_t n_dead,
                          double *a_share, double *a_weight)
{
    return rvr(a_combos, a_weights, n_a, b_combos, b_weights, n_b, n_hole, board, n_board,
               dead, n_dead, a_share, a_weight, NULL);
}

int32_t hf_range_vs_range_tally(const int32_t *a_combos, const double *a_weights, int64_t n_a,
                                const int32_t *b_combos, const double *b_weights, int64_t n_b,
                                int32_t n_hole, const int32_t *board, int32_t n_board,
                                const int32_t *dead, int32_t n_dead, double *a_tally)
{
    if (n_a && !a_tally)
        return HF_ERR_COUNT;
    return rvr(a_combos, a_weights, n_a, b_combos, b_weights, n_b, n_hole, board, n_board,
               dead, n_dead, NULL, NULL, a_tally);
}
