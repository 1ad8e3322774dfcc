/* parallel.c: the solver's threads.
 *
 * A node whose children are split (solver_splits) hands each child's walk to
 * a task; the calling thread and threads - 1 pthreads take the next task in
 * turn, each walking on a worker context of its own (its card sums and sweep
 * scratch; the sorted sides are shared, read only). A task writes its own
 * values vector and its own subtree's regret and strategy slots, and the
 * caller sums the vectors in task order afterwards: the arithmetic is the
 * same for any number of threads, so the answer is the same bit for bit.
 * Without pthreads (Windows builds) every task runs in order on the caller. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#define HF_SOLVER_PTHREADS 1
#endif
#include <stdlib.h>
#include <string.h>
#include "solver.h"

/* The most threads a solve takes (beyond that the tasks are too few). */
#define MAX_THREADS 64

int32_t solver_workers_init(solver_ctx *ctx, int32_t threads) {
#ifndef HF_SOLVER_PTHREADS
    threads = 1;
#endif
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    ctx->threads = 1;
    ctx->workers = NULL;
    if (threads <= 1) return 0;
    ctx->workers = calloc((size_t)(threads - 1), sizeof(solver_ctx));
    if (!ctx->workers) return HF_SOLVER_ERR_MEMORY;
    for (int32_t t = 0; t < threads - 1; t++) {
        solver_ctx *w = &ctx->workers[t];
        *w = *ctx;                   /* the shared sides and game */
        w->workers = NULL;
        w->threads = 1;              /* a worker never splits again */
        if (solver_scratch_init(w)) {
            ctx->threads = t + 1;    /* free the t made so far */
            solver_workers_free(ctx);
            return HF_SOLVER_ERR_MEMORY;
        }
        ctx->threads = t + 2;
    }
    return 0;
}

void solver_workers_free(solver_ctx *ctx) {
    if (ctx->workers) {
        for (int32_t t = 0; t < ctx->threads - 1; t++) solver_scratch_free(&ctx->workers[t]);
        free(ctx->workers);
    }
    ctx->workers = NULL;
    ctx->threads = 1;
}

int solver_splits(const solver_ctx *ctx, int32_t node) {
    if (ctx->threads <= 1) return 0;
    if (ctx->has_chance) return ctx->game->kind[node] == HF_SOLVER_CHANCE;
    return node == 0;
}

#ifdef HF_SOLVER_PTHREADS
typedef struct {
    pthread_mutex_t lock;
    int32_t next, k;
    solver_task *tasks;
    int32_t *errs;
    int32_t (*run)(solver_ctx *, const solver_task *);
} pool;

typedef struct {
    pool *shared;
    solver_ctx *ctx;
} pool_thread;

static void *take_tasks(void *arg) {
    pool_thread *me = arg;
    pool *s = me->shared;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int32_t a = s->next++;
        pthread_mutex_unlock(&s->lock);
        if (a >= s->k) break;
        s->errs[a] = s->run(me->ctx, &s->tasks[a]);
    }
    return NULL;
}
#endif

int32_t solver_run_tasks(solver_ctx *ctx, int split, solver_task *tasks, int32_t k,
                         int32_t (*run)(solver_ctx *, const solver_task *)) {
#ifdef HF_SOLVER_PTHREADS
    int32_t helpers = ctx->threads - 1;
    if (helpers > k - 1) helpers = k - 1;
    if (split && helpers > 0) {
        int32_t *errs = calloc((size_t)k, sizeof(int32_t));
        pthread_t *ids = malloc(sizeof(pthread_t) * (size_t)helpers);
        pool_thread *mine = malloc(sizeof(pool_thread) * (size_t)(helpers + 1));
        if (errs && ids && mine) {
            pool s;
            s.next = 0; s.k = k; s.tasks = tasks; s.errs = errs; s.run = run;
            if (pthread_mutex_init(&s.lock, NULL) == 0) {
                int32_t started = 0;
                for (int32_t t = 0; t <= helpers; t++) {
                    mine[t].shared = &s;
                    mine[t].ctx = t == 0 ? ctx : &ctx->workers[t - 1];
                }
                for (int32_t t = 1; t <= helpers; t++) {
                    if (pthread_create(&ids[t - 1], NULL, take_tasks, &mine[t]) != 0) break;
                    started++;
                }
                take_tasks(&mine[0]);   /* this thread works too (and alone if none started) */
                for (int32_t t = 0; t < started; t++) pthread_join(ids[t], NULL);
                pthread_mutex_destroy(&s.lock);
                int32_t err = 0;
                for (int32_t a = 0; a < k && !err; a++) err = errs[a];
                free(errs); free(ids); free(mine);
                return err;
            }
        }
        free(errs); free(ids); free(mine);
        /* no memory for the pool: run in order below */
    }
#else
    (void)split;
#endif
    for (int32_t a = 0; a < k; a++) {
        int32_t err = run(ctx, &tasks[a]);
        if (err) return err;
    }
    return 0;
}
