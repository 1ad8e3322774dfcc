/* terminal.c: payoffs at the leaves of a river subgame, by sorted sweeps.
 *
 * At a showdown each of p's combos i needs the sum over the opponent's combos
 * j it can meet (no shared card) of reach[j] * share(i, j). Sorting both
 * sides once by high and by low (worst first), a sweep inserts the
 * opponent's combos worse than i into card_sums and reads the sum over those
 * apart from i by inclusion-exclusion over the 1..4 cards they could share
 * (per card, pair, triple and the identical combo): O(n) per sweep after
 * O(n log n) sorting once, instead of O(n^2) pairs.
 *
 * share = 1/2 high + 1/2 low when either has a low, the high alone when
 * neither does; a tied half splits. For i without a low, j's high half is
 * worth 1/2 when j has a low and 1 when not: the second channel of the high
 * sweeps carries reach[j] with that weight. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "solver.h"

static int32_t choose2(int32_t n) { return n * (n - 1) / 2; }
static int32_t choose3(int32_t n) { return n * (n - 1) * (n - 2) / 6; }

typedef struct { int32_t key, index; } keyed;

static int by_key_desc(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->key != y->key) return x->key > y->key ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int32_t sort_desc(const int32_t *key, int32_t n, int32_t *out) {
    keyed *tmp = malloc(sizeof(keyed) * (size_t)(n > 0 ? n : 1));
    if (!tmp) return HF_SOLVER_ERR_MEMORY;
    for (int32_t i = 0; i < n; i++) { tmp[i].key = key[i]; tmp[i].index = i; }
    qsort(tmp, (size_t)n, sizeof(keyed), by_key_desc);
    for (int32_t i = 0; i < n; i++) out[i] = tmp[i].index;
    free(tmp);
    return 0;
}

int32_t hf_solver_check(const hf_solver_game *g) {
    if (!g || g->n_nodes <= 0 || !g->kind || !g->player || !g->first_child || !g->n_children
        || !g->offset || !g->term_a || !g->term_b || (g->n_children_total > 0 && !g->children)
        || g->n_children_total < 0 || !(g->regret_floor >= 0) || !g->card || !g->board
        || g->n_boards < 1 || g->n_boards > 52)
        return HF_ERR_COUNT;
    for (int p = 0; p < 2; p++) {
        if (g->n_combos[p] <= 0 || g->sizes[p] < 0 || !g->cards[p] || !g->weights[p]
            || !g->high[p] || !g->low[p])
            return HF_ERR_COUNT;
        for (int32_t i = 0; i < g->n_combos[p]; i++) {
            const int32_t *c = g->cards[p] + 4 * (int64_t)i;
            for (int k = 0; k < 4; k++) {
                if (c[k] < 0 || c[k] > 51) return HF_ERR_CARD;
                for (int m = 0; m < k; m++) if (c[m] == c[k]) return HF_ERR_DUPLICATE;
            }
            if (!(g->weights[p][i] >= 0)) return HF_ERR_COUNT;
        }
    }
    for (int32_t v = 0; v < g->n_nodes; v++) {
        int32_t kind = g->kind[v], player = g->player[v];
        if (g->card[v] < -1 || g->card[v] > 51 || g->board[v] < 0 || g->board[v] >= g->n_boards)
            return HF_ERR_COUNT;
        if (kind == HF_SOLVER_CHANCE) {
            int32_t k = g->n_children[v], first = g->first_child[v];
            if (k <= 0 || first < 0 || (int64_t)first + k > g->n_children_total
                || !(g->term_a[v] >= 0))
                return HF_ERR_COUNT;
            for (int32_t a = 0; a < k; a++) {
                int32_t child = g->children[first + a];
                if (child <= v || child >= g->n_nodes || g->card[child] < 0) return HF_ERR_COUNT;
            }
        } else if (kind == HF_SOLVER_DECISION) {
            int32_t k = g->n_children[v], first = g->first_child[v];
            if (player < 0 || player > 1 || k <= 0 || first < 0
                || (int64_t)first + k > g->n_children_total)
                return HF_ERR_COUNT;
            for (int32_t a = 0; a < k; a++) {
                int32_t child = g->children[first + a];
                if (child <= v || child >= g->n_nodes) return HF_ERR_COUNT;
            }
            if (g->offset[v] < 0
                || g->offset[v] + (int64_t)k * g->n_combos[player] > g->sizes[player])
                return HF_ERR_COUNT;
        } else if (kind == HF_SOLVER_FOLD) {
            if (player < 0 || player > 1) return HF_ERR_COUNT;
        } else if (kind != HF_SOLVER_SHOWDOWN) {
            return HF_ERR_COUNT;
        }
    }
    return 0;
}

void solver_scratch_free(solver_ctx *ctx) {
    free(ctx->sums.one); free(ctx->sums.two); free(ctx->sums.three); free(ctx->sums.four);
    free(ctx->share); free(ctx->meet); free(ctx->half); free(ctx->work);
    ctx->sums.one = ctx->sums.two = ctx->sums.three = ctx->sums.four = NULL;
    ctx->share = ctx->meet = ctx->half = ctx->work = NULL;
}

/* The scratch of one thread: card sums (clear) and the sweeps' vectors. */
int32_t solver_scratch_init(solver_ctx *ctx) {
    const hf_solver_game *g = ctx->game;
    int32_t most = g->n_combos[0] > g->n_combos[1] ? g->n_combos[0] : g->n_combos[1];
    ctx->sums.total[0] = ctx->sums.total[1] = 0;
    ctx->sums.one = calloc(52 * 2, sizeof(double));
    ctx->sums.two = calloc(N_PAIRS * 2, sizeof(double));
    ctx->sums.three = calloc(N_TRIPLES * 2, sizeof(double));
    ctx->sums.four = calloc((size_t)most * 2, sizeof(double));
    ctx->share = malloc(sizeof(double) * (size_t)most);
    ctx->meet = malloc(sizeof(double) * (size_t)most);
    ctx->half = malloc(sizeof(double) * (size_t)most);
    ctx->work = malloc(sizeof(double) * (size_t)most * 4);
    if (!ctx->sums.one || !ctx->sums.two || !ctx->sums.three || !ctx->sums.four || !ctx->share
        || !ctx->meet || !ctx->half || !ctx->work) {
        solver_scratch_free(ctx);
        return HF_SOLVER_ERR_MEMORY;
    }
    return 0;
}

void solver_ctx_free(solver_ctx *ctx) {
    solver_workers_free(ctx);
    for (int p = 0; p < 2; p++) {
        side *s = &ctx->sides[p];
        free(s->cards); free(s->pairs); free(s->triples); free(s->same);
        free(s->by_high); free(s->by_low); free(s->high_key); free(s->low_key); free(s->mask);
    }
    solver_scratch_free(ctx);
    memset(ctx, 0, sizeof(*ctx));
}

static int cmp_int(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

int32_t solver_ctx_init(solver_ctx *ctx, const hf_solver_game *g) {
    memset(ctx, 0, sizeof(*ctx));
    int32_t err = hf_solver_check(g);
    if (err) return err;
    ctx->game = g;
    for (int p = 0; p < 2; p++) {
        side *s = &ctx->sides[p];
        size_t n = (size_t)g->n_combos[p];
        s->n = g->n_combos[p];
        s->cards = malloc(sizeof(int32_t) * 4 * n);
        s->pairs = malloc(sizeof(int32_t) * 6 * n);
        s->triples = malloc(sizeof(int32_t) * 4 * n);
        s->same = malloc(sizeof(int32_t) * n);
        size_t nb = (size_t)g->n_boards * n;
        s->by_high = malloc(sizeof(int32_t) * nb);
        s->by_low = malloc(sizeof(int32_t) * nb);
        s->high_key = malloc(sizeof(int32_t) * nb);
        s->low_key = malloc(sizeof(int32_t) * nb);
        s->mask = malloc(sizeof(uint64_t) * n);
        if (!s->cards || !s->pairs || !s->triples || !s->same || !s->by_high || !s->by_low
            || !s->high_key || !s->low_key || !s->mask) {
            solver_ctx_free(ctx);
            return HF_SOLVER_ERR_MEMORY;
        }
        for (size_t i = 0; i < n; i++) {
            int32_t *c = s->cards + 4 * i;
            memcpy(c, g->cards[p] + 4 * i, 4 * sizeof(int32_t));
            qsort(c, 4, sizeof(int32_t), cmp_int);
            int32_t *pr = s->pairs + 6 * i, *tr = s->triples + 4 * i, np = 0, nt = 0;
            for (int a = 0; a < 4; a++)
                for (int b = a + 1; b < 4; b++) {
                    pr[np++] = choose2(c[b]) + c[a];
                    for (int d = b + 1; d < 4; d++)
                        tr[nt++] = choose3(c[d]) + choose2(c[b]) + c[a];
                }
            s->mask[i] = 0;
            for (int k = 0; k < 4; k++) s->mask[i] |= (uint64_t)1 << c[k];
        }
        for (size_t at = 0; at < nb; at++) {
            s->high_key[at] = g->high[p][at];
            s->low_key[at] = g->low[p][at] > 0 ? g->low[p][at] : 1000;   /* no low: the worst */
        }
        for (int32_t b = 0; b < g->n_boards; b++) {
            size_t at = (size_t)b * n;
            if (sort_desc(s->high_key + at, s->n, s->by_high + at)
                || sort_desc(s->low_key + at, s->n, s->by_low + at)) {
                solver_ctx_free(ctx);
                return HF_SOLVER_ERR_MEMORY;
            }
        }
    }
    /* The identical combo on the other side (the 4-card intersection). */
    for (int p = 0; p < 2; p++) {
        side *s = &ctx->sides[p], *o = &ctx->sides[1 - p];
        for (int32_t i = 0; i < s->n; i++) {
            s->same[i] = -1;
            for (int32_t j = 0; j < o->n; j++)
                if (!memcmp(s->cards + 4 * (int64_t)i, o->cards + 4 * (int64_t)j,
                            4 * sizeof(int32_t))) {
                    s->same[i] = j;
                    break;
                }
        }
    }
    ctx->threads = 1;
    for (int32_t v = 0; v < g->n_nodes; v++) ctx->has_chance |= g->kind[v] == HF_SOLVER_CHANCE;
    if (solver_scratch_init(ctx)) {
        solver_ctx_free(ctx);
        return HF_SOLVER_ERR_MEMORY;
    }
    return 0;
}

/* ---- card sums ---- */

/* Zero the sums of the opponent's combos (only their triples were touched:
 * the sums are always filled with one side's combos and cleared the same way). */
static void sums_clear(card_sums *cs, const side *o) {
    cs->total[0] = cs->total[1] = 0;
    if (o->n > 100) {   /* most entries touched: clear them whole */
        memset(cs->one, 0, 52 * 2 * sizeof(double));
        memset(cs->two, 0, N_PAIRS * 2 * sizeof(double));
    }
    for (int32_t j = 0; j < o->n; j++) {
        if (o->n <= 100) {   /* few combos: only the entries they touched */
            for (int k = 0; k < 4; k++) {
                int32_t c = o->cards[4 * j + k];
                cs->one[2 * c] = cs->one[2 * c + 1] = 0;
            }
            for (int k = 0; k < 6; k++) {
                int32_t q = o->pairs[6 * j + k];
                cs->two[2 * q] = cs->two[2 * q + 1] = 0;
            }
        }
        for (int k = 0; k < 4; k++) {
            int32_t t = o->triples[4 * j + k];
            cs->three[2 * t] = cs->three[2 * t + 1] = 0;
        }
    }
    memset(cs->four, 0, (size_t)o->n * 2 * sizeof(double));
}

/* Every sweep leaves the sums cleared, so the next may fill them with either side. */
static void sums_done(card_sums *cs, const side *o) { sums_clear(cs, o); }

static inline void sums_add(card_sums *cs, const side *o, int32_t j, double v0, double v1) {
    const int32_t *c = o->cards + 4 * j, *pr = o->pairs + 6 * j, *tr = o->triples + 4 * j;
    cs->total[0] += v0; cs->total[1] += v1;
    for (int k = 0; k < 4; k++) { cs->one[2 * c[k]] += v0; cs->one[2 * c[k] + 1] += v1; }
    for (int k = 0; k < 6; k++) { cs->two[2 * pr[k]] += v0; cs->two[2 * pr[k] + 1] += v1; }
    for (int k = 0; k < 4; k++) { cs->three[2 * tr[k]] += v0; cs->three[2 * tr[k] + 1] += v1; }
    cs->four[2 * j] += v0; cs->four[2 * j + 1] += v1;
}

/* The sum (channel ch) over the inserted combos sharing no card with s's combo i. */
static inline double sums_apart(const card_sums *cs, const side *s, int32_t i, int ch) {
    const int32_t *c = s->cards + 4 * i, *pr = s->pairs + 6 * i, *tr = s->triples + 4 * i;
    double one = 0, two = 0, three = 0, four = 0;
    for (int k = 0; k < 4; k++) one += cs->one[2 * c[k] + ch];
    for (int k = 0; k < 6; k++) two += cs->two[2 * pr[k] + ch];
    for (int k = 0; k < 4; k++) three += cs->three[2 * tr[k] + ch];
    if (s->same[i] >= 0) four = cs->four[2 * s->same[i] + ch];
    return cs->total[ch] - one + two - three + four;
}

/* Walk s's combos (in order `mine`, worst first) a group of equal keys at a
 * time: insert the opponent's combos (in order `theirs`, worst first) with a
 * worse key (above) and write, for each of the group, the sums apart from it
 * (w0 channel 0, w1 channel 1); then insert those with an equal key and write
 * the sums again (e0, e1): worse, and worse or equal (a tie), in one walk. */
static void sweep(card_sums *cs, const side *s, const side *o, const int32_t *mine,
                  const int32_t *my_key, const int32_t *theirs, const int32_t *their_key,
                  const double *v0, const double *v1, double *w0, double *w1, double *e0,
                  double *e1) {
    /* the sums are clear: every sweep clears them when done */
    int32_t at = 0;
    for (int32_t k = 0; k < s->n;) {
        int32_t key = my_key[mine[k]], end = k;
        while (end < s->n && my_key[mine[end]] == key) end++;
        while (at < o->n && their_key[theirs[at]] > key) {
            int32_t j = theirs[at++];
            sums_add(cs, o, j, v0[j], v1 ? v1[j] : 0.0);
        }
        for (int32_t g = k; g < end; g++) {
            int32_t i = mine[g];
            w0[i] = sums_apart(cs, s, i, 0);
            if (w1) w1[i] = sums_apart(cs, s, i, 1);
        }
        while (at < o->n && their_key[theirs[at]] == key) {
            int32_t j = theirs[at++];
            sums_add(cs, o, j, v0[j], v1 ? v1[j] : 0.0);
        }
        for (int32_t g = k; g < end; g++) {
            int32_t i = mine[g];
            e0[i] = sums_apart(cs, s, i, 0);
            if (e1) e1[i] = sums_apart(cs, s, i, 1);
        }
        k = end;
    }
    sums_done(cs, o);
}

void solver_meet(solver_ctx *ctx, int32_t p, const double *reach_o, double *meet) {
    const side *s = &ctx->sides[p], *o = &ctx->sides[1 - p];
    card_sums *cs = &ctx->sums;
    /* clear, as after every sweep */
    for (int32_t j = 0; j < o->n; j++) sums_add(cs, o, j, reach_o[j], 0.0);
    for (int32_t i = 0; i < s->n; i++) meet[i] = sums_apart(cs, s, i, 0);
    sums_done(cs, o);
}

void solver_showdown(solver_ctx *ctx, int32_t p, int32_t board, const double *reach_o,
                     double *share, double *meet) {
    const hf_solver_game *g = ctx->game;
    const side *s = &ctx->sides[p], *o = &ctx->sides[1 - p];
    card_sums *cs = &ctx->sums;
    int32_t n = s->n, m = o->n;
    const int32_t *my_low = g->low[p] + (int64_t)board * n;
    const int32_t *their_low = g->low[1 - p] + (int64_t)board * m;
    const int32_t *sh = s->by_high + (int64_t)board * n, *sl = s->by_low + (int64_t)board * n;
    const int32_t *oh = o->by_high + (int64_t)board * m, *ol = o->by_low + (int64_t)board * m;
    const int32_t *shk = s->high_key + (int64_t)board * n, *slk = s->low_key + (int64_t)board * n;
    const int32_t *ohk = o->high_key + (int64_t)board * m, *olk = o->low_key + (int64_t)board * m;
    /* Scratch: the opponent's reach weighted for a no-low combo's high half,
     * then four sums per combo (worse / worse-or-equal, two channels). */
    double *half = ctx->half, *w0 = ctx->work;
    double *w1 = w0 + n, *e0 = w0 + 2 * n, *e1 = w0 + 3 * n;
    for (int32_t j = 0; j < m; j++) half[j] = their_low[j] > 0 ? 0.5 * reach_o[j] : reach_o[j];
    int any_low = 0;
    for (int32_t i = 0; i < n; i++) any_low |= my_low[i] > 0;
    sweep(cs, s, o, sh, shk, oh, ohk, reach_o, half, w0, w1, e0, e1);
    for (int32_t i = 0; i < n; i++) {
        if (my_low[i] > 0) share[i] = 0.5 * (w0[i] + 0.5 * (e0[i] - w0[i]));
        else share[i] = w1[i] + 0.5 * (e1[i] - w1[i]);
    }
    if (any_low) {   /* no combo of p with a low: it takes no low half, no sweep needed */
        sweep(cs, s, o, sl, slk, ol, olk, reach_o, NULL, w0, NULL, e0, NULL);
        for (int32_t i = 0; i < n; i++)
            if (my_low[i] > 0) share[i] += 0.5 * (w0[i] + 0.5 * (e0[i] - w0[i]));
    }
    solver_meet(ctx, p, reach_o, meet);
}

void solver_terminal(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_o,
                     double *out) {
    const hf_solver_game *g = ctx->game;
    int32_t n = ctx->sides[p].n;
    double a = g->term_a[node], b = g->term_b[node];
    if (g->kind[node] == HF_SOLVER_FOLD) {
        double won = g->player[node] != p ? a : -a;
        solver_meet(ctx, p, reach_o, ctx->meet);
        for (int32_t i = 0; i < n; i++) out[i] = won * ctx->meet[i];
        return;
    }
    solver_showdown(ctx, p, g->board[node], reach_o, ctx->share, ctx->meet);
    for (int32_t i = 0; i < n; i++) out[i] = ctx->share[i] * a - ctx->meet[i] * b;
}

int32_t hf_solver_showdown_sums(const hf_solver_game *game, int32_t player,
                                const double *reach, double *out) {
    if (player < 0 || player > 1 || !reach || !out) return HF_ERR_COUNT;
    solver_ctx ctx;
    int32_t err = solver_ctx_init(&ctx, game);
    if (err) return err;
    int32_t n = ctx.sides[player].n;
    solver_showdown(&ctx, player, 0, reach, out, out + n);
    solver_ctx_free(&ctx);
    return 0;
}
