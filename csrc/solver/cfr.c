/* cfr.c: Discounted CFR iterations and the best response on a river subgame.
 *
 * Vector form: one walk of the tree per player and iteration carries the
 * opponent's reach of every combo down and each of the player's combos'
 * counterfactual value up; terminal.c values the leaves. The twin is
 * hilo_fast/solver/_py_backend.py (same order of operations, so both give
 * the same strategies up to rounding). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "solver.h"

#define ALPHA 1.5
#define BETA 0.0
#define GAMMA 2.0

typedef struct {
    double positive, negative, weight;
    double *regret[2], *strategy[2];
} step;

/* Regret matching: sigma[a * n + i] (uniform when no action has positive regret). */
static void current(const double *regret, int32_t k, int32_t n, double noise, double *sigma) {
    for (int32_t i = 0; i < n; i++) {
        double total = 0;
        for (int32_t a = 0; a < k; a++) {
            double r = regret[(int64_t)a * n + i];
            if (r > noise) total += r;
        }
        for (int32_t a = 0; a < k; a++) {
            double r = regret[(int64_t)a * n + i];
            sigma[(int64_t)a * n + i] = total > 0 ? (r > noise ? r / total : 0.0) : 1.0 / k;
        }
    }
}

static int32_t cfr(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_p,
                   const double *reach_o, const step *st, double *out);
static int32_t values(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_o,
                      const double *const *strategy, int best, double *out);

/* A child's walk as a task of parallel.c (on the ctx of the thread that takes it). */
static int32_t run_task(solver_ctx *ctx, const solver_task *t) {
    if (t->st) return cfr(ctx, t->node, t->p, t->reach_p, t->reach_o, t->st, t->out);
    return values(ctx, t->node, t->p, t->reach_o, t->strategy, t->best, t->out);
}

/* Walk every child of `node`: child a with reach (own_a, theirs_a), writing
 * outs + a * np. own/theirs: k vectors of the given length each, or one
 * shared vector (length 0). Split over the threads where solver_splits says. */
static int32_t children(solver_ctx *ctx, int32_t node, int32_t p, const step *st,
                        const double *const *strategy, int best, const double *own,
                        int64_t own_len, const double *theirs, int64_t theirs_len,
                        double *outs) {
    const hf_solver_game *g = ctx->game;
    int32_t k = g->n_children[node], np = g->n_combos[p];
    const int32_t *kids = g->children + g->first_child[node];
    solver_task *tasks = malloc(sizeof(solver_task) * (size_t)k);
    if (!tasks) return HF_SOLVER_ERR_MEMORY;
    for (int32_t a = 0; a < k; a++) {
        tasks[a].node = kids[a];
        tasks[a].p = p;
        tasks[a].best = best;
        tasks[a].reach_p = own ? own + a * own_len : NULL;
        tasks[a].reach_o = theirs + a * theirs_len;
        tasks[a].st = st;
        tasks[a].strategy = strategy;
        tasks[a].out = outs + (int64_t)a * np;
    }
    int32_t err = solver_run_tasks(ctx, solver_splits(ctx, node), tasks, k, run_task);
    free(tasks);
    return err;
}

/* A chance node: each card dealt in turn, the combos holding it left out
 * (their reach 0, their value not counted), the values weighted by term_a. */
static int32_t chance(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_p,
                      const double *reach_o, const step *st, const double *const *strategy,
                      int best, double *out);

static int32_t cfr(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_p,
                   const double *reach_o, const step *st, double *out) {
    const hf_solver_game *g = ctx->game;
    int32_t np = g->n_combos[p];
    if (g->kind[node] == HF_SOLVER_CHANCE)
        return chance(ctx, node, p, reach_p, reach_o, st, NULL, 0, out);
    if (g->kind[node] != HF_SOLVER_DECISION) {
        solver_terminal(ctx, node, p, reach_o, out);
        return 0;
    }
    int32_t mover = g->player[node], k = g->n_children[node], n = g->n_combos[mover];
    int64_t at = g->offset[node];
    double *sigma = malloc(sizeof(double) * (size_t)k * (size_t)n);
    double *reach = malloc(sizeof(double) * (size_t)k * (size_t)n);
    double *vals = malloc(sizeof(double) * (size_t)k * (size_t)np);
    int32_t err = (!sigma || !reach || !vals) ? HF_SOLVER_ERR_MEMORY : 0;
    if (!err) current(st->regret[mover] + at, k, n, g->regret_floor, sigma);
    if (!err && mover != p) {
        for (int64_t a = 0; a < k; a++)
            for (int32_t j = 0; j < n; j++) reach[a * n + j] = reach_o[j] * sigma[a * n + j];
        err = children(ctx, node, p, st, NULL, 0, reach_p, 0, reach, n, vals);
        for (int32_t i = 0; i < np && !err; i++) out[i] = 0;
        for (int64_t a = 0; a < k && !err; a++)
            for (int32_t i = 0; i < np; i++) out[i] += vals[a * np + i];
    } else if (!err) {
        for (int64_t a = 0; a < k; a++)
            for (int32_t i = 0; i < n; i++) reach[a * n + i] = reach_p[i] * sigma[a * n + i];
        err = children(ctx, node, p, st, NULL, 0, reach, n, reach_o, 0, vals);
        if (!err) {
            for (int32_t i = 0; i < n; i++) out[i] = 0;
            for (int32_t a = 0; a < k; a++)
                for (int32_t i = 0; i < n; i++)
                    out[i] += sigma[(int64_t)a * n + i] * vals[(int64_t)a * n + i];
            double *r = st->regret[p] + at, *s = st->strategy[p] + at;
            for (int32_t a = 0; a < k; a++)
                for (int32_t i = 0; i < n; i++) {
                    int64_t slot = (int64_t)a * n + i;
                    double old = r[slot];
                    r[slot] = old * (old > 0 ? st->positive : st->negative)
                              + vals[slot] - out[i];
                    s[slot] = s[slot] * st->weight + reach_p[i] * sigma[slot];
                }
        }
    }
    free(vals); free(reach); free(sigma);
    return err;
}

int32_t hf_solver_iterate(const hf_solver_game *game, double *regret0, double *regret1,
                          double *strategy0, double *strategy1, int64_t first, int64_t count,
                          int32_t threads) {
    if (first < 1 || count < 0 || threads < 1
        || (game && ((game->sizes[0] > 0 && (!regret0 || !strategy0))
                     || (game->sizes[1] > 0 && (!regret1 || !strategy1)))))
        return HF_ERR_COUNT;
    solver_ctx ctx;
    int32_t err = solver_ctx_init(&ctx, game);
    if (err) return err;
    err = solver_workers_init(&ctx, threads);
    int32_t most = game->n_combos[0] > game->n_combos[1] ? game->n_combos[0] : game->n_combos[1];
    double *out = malloc(sizeof(double) * (size_t)most);
    if (!out) err = HF_SOLVER_ERR_MEMORY;
    step st = {0, 0, 0, {regret0, regret1}, {strategy0, strategy1}};
    for (int64_t t = first; t < first + count && !err; t++) {
        double s = (double)(t - 1);
        st.positive = pow(s, ALPHA) / (pow(s, ALPHA) + 1);
        st.negative = pow(s, BETA) / (pow(s, BETA) + 1);
        st.weight = pow(s / (double)t, GAMMA);
        for (int32_t p = 0; p < 2 && !err; p++)
            err = cfr(&ctx, 0, p, game->weights[p], game->weights[1 - p], &st, out);
    }
    free(out);
    solver_ctx_free(&ctx);
    return err;
}

/* Values of p's combos: the best response (best = 1) or the strategy's own. */
static int32_t values(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_o,
                      const double *const *strategy, int best, double *out) {
    const hf_solver_game *g = ctx->game;
    int32_t np = g->n_combos[p];
    if (g->kind[node] == HF_SOLVER_CHANCE)
        return chance(ctx, node, p, NULL, reach_o, NULL, strategy, best, out);
    if (g->kind[node] != HF_SOLVER_DECISION) {
        solver_terminal(ctx, node, p, reach_o, out);
        return 0;
    }
    int32_t mover = g->player[node], k = g->n_children[node], n = g->n_combos[mover];
    const double *plays = strategy[mover] + g->offset[node];
    double *vals = malloc(sizeof(double) * (size_t)k * (size_t)np);
    if (!vals) return HF_SOLVER_ERR_MEMORY;
    int32_t err = 0;
    if (mover != p) {
        double *reach = malloc(sizeof(double) * (size_t)k * (size_t)n);
        if (!reach) err = HF_SOLVER_ERR_MEMORY;
        for (int64_t a = 0; a < k && !err; a++)
            for (int32_t j = 0; j < n; j++) reach[a * n + j] = reach_o[j] * plays[a * n + j];
        if (!err) err = children(ctx, node, p, NULL, strategy, best, NULL, 0, reach, n, vals);
        for (int32_t i = 0; i < np && !err; i++) out[i] = 0;
        for (int64_t a = 0; a < k && !err; a++)
            for (int32_t i = 0; i < np; i++) out[i] += vals[a * np + i];
        free(reach);
        free(vals);
        return err;
    }
    err = children(ctx, node, p, NULL, strategy, best, NULL, 0, reach_o, 0, vals);
    for (int32_t a = 0; a < k && !err; a++) {
        const double *value = vals + (int64_t)a * np;
        for (int32_t i = 0; i < n; i++) {
            if (best) out[i] = a == 0 || value[i] > out[i] ? value[i] : out[i];
            else out[i] = (a == 0 ? 0.0 : out[i]) + plays[(int64_t)a * n + i] * value[i];
        }
    }
    free(vals);
    return err;
}

static int32_t chance(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_p,
                      const double *reach_o, const step *st, const double *const *strategy,
                      int best, double *out) {
    const hf_solver_game *g = ctx->game;
    int32_t np = g->n_combos[p], no = g->n_combos[1 - p], k = g->n_children[node];
    const int32_t *kids = g->children + g->first_child[node];
    const uint64_t *mine = ctx->sides[p].mask, *theirs = ctx->sides[1 - p].mask;
    double *reach = malloc(sizeof(double) * (size_t)k * (size_t)no);
    double *own = st ? malloc(sizeof(double) * (size_t)k * (size_t)np) : NULL;
    double *vals = malloc(sizeof(double) * (size_t)k * (size_t)np);
    int32_t err = (!reach || (st && !own) || !vals) ? HF_SOLVER_ERR_MEMORY : 0;
    for (int64_t a = 0; a < k && !err; a++) {
        uint64_t bit = (uint64_t)1 << g->card[kids[a]];
        for (int32_t j = 0; j < no; j++) reach[a * no + j] = theirs[j] & bit ? 0.0 : reach_o[j];
        if (st)
            for (int32_t i = 0; i < np; i++) own[a * np + i] = mine[i] & bit ? 0.0 : reach_p[i];
    }
    if (!err) err = children(ctx, node, p, st, strategy, best, own, np, reach, no, vals);
    for (int32_t i = 0; i < np && !err; i++) out[i] = 0;
    for (int64_t a = 0; a < k && !err; a++) {
        uint64_t bit = (uint64_t)1 << g->card[kids[a]];
        for (int32_t i = 0; i < np; i++)
            if (!(mine[i] & bit)) out[i] += vals[a * np + i];
    }
    for (int32_t i = 0; i < np && !err; i++) out[i] *= g->term_a[node];
    free(reach); free(own); free(vals);
    return err;
}

int32_t hf_solver_evaluate(const hf_solver_game *game, const double *strategy0,
                           const double *strategy1, double *out, int32_t threads) {
    if (!out || threads < 1 || (game && ((game->sizes[0] > 0 && !strategy0)
                          || (game->sizes[1] > 0 && !strategy1))))
        return HF_ERR_COUNT;
    solver_ctx ctx;
    int32_t err = solver_ctx_init(&ctx, game);
    if (err) return err;
    err = solver_workers_init(&ctx, threads);
    const double *strategy[2] = {strategy0, strategy1};
    int32_t most = game->n_combos[0] > game->n_combos[1] ? game->n_combos[0] : game->n_combos[1];
    double *v = malloc(sizeof(double) * (size_t)most);
    double *meet = malloc(sizeof(double) * (size_t)most);
    if (!v || !meet) err = err ? err : HF_SOLVER_ERR_MEMORY;
    double norm = 0;
    if (!err) {
        solver_meet(&ctx, 0, game->weights[1], meet);
        for (int32_t i = 0; i < game->n_combos[0]; i++) norm += game->weights[0][i] * meet[i];
        if (!(norm > 0)) err = HF_ERR_COUNT;
    }
    static const int32_t who[3] = {0, 1, 0}, how[3] = {1, 1, 0};
    for (int c = 0; c < 3 && !err; c++) {
        int32_t p = who[c];
        err = values(&ctx, 0, p, game->weights[1 - p], strategy, how[c], v);
        double total = 0;
        for (int32_t i = 0; i < game->n_combos[p] && !err; i++) total += game->weights[p][i] * v[i];
        out[c] = total / norm;
    }
    free(v); free(meet);
    solver_ctx_free(&ctx);
    return err;
}
