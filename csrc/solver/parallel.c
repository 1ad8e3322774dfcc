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
/* The tasks of one split node, on the heap: a helper thread that starts late
 * (the machine busy) finds every task taken and leaves; the caller joins every
 * helper before it returns, and the last one out frees the pool. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int32_t next, done, k, users;
    solver_task *tasks;
    int32_t *errs;
    int32_t (*run)(solver_ctx *, const solver_task *);
    solver_ctx *ctx[MAX_THREADS];   /* the context each thread walks with */
} pool;

typedef struct {
    pool *shared;
    int32_t slot;
} pool_thread;

/* Take tasks until none is left; says when the last one is done. */
static void take_tasks(pool *s, solver_ctx *ctx) {
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int32_t a = s->next < s->k ? s->next++ : -1;
        pthread_mutex_unlock(&s->lock);
        if (a < 0) break;
        int32_t err = s->run(ctx, &s->tasks[a]);
        pthread_mutex_lock(&s->lock);
        s->errs[a] = err;
        if (++s->done == s->k) pthread_cond_signal(&s->finished);
        pthread_mutex_unlock(&s->lock);
    }
}

static void pool_leave(pool *s) {
    pthread_mutex_lock(&s->lock);
    int last = --s->users == 0;
    pthread_mutex_unlock(&s->lock);
    if (last) {
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->finished);
        free(s->errs);
        free(s);
    }
}

static void *helper(void *arg) {
    pool_thread me = *(pool_thread *)arg;
    free(arg);
    take_tasks(me.shared, me.shared->ctx[me.slot]);
    pool_leave(me.shared);
    return NULL;
}
#endif

int32_t solver_run_tasks(solver_ctx *ctx, int split, solver_task *tasks, int32_t k,
                         int32_t (*run)(solver_ctx *, const solver_task *)) {
#ifdef HF_SOLVER_PTHREADS
    int32_t helpers = ctx->threads - 1;
    if (helpers > k - 1) helpers = k - 1;
    pool *s = split && helpers > 0 ? calloc(1, sizeof(pool)) : NULL;
    if (s) s->errs = calloc((size_t)k, sizeof(int32_t));
    if (s && s->errs && pthread_mutex_init(&s->lock, NULL) == 0) {
        if (pthread_cond_init(&s->finished, NULL) != 0) {
            pthread_mutex_destroy(&s->lock);
        } else {
            s->k = k; s->tasks = tasks; s->run = run; s->users = 1;
            for (int32_t t = 0; t <= helpers; t++) s->ctx[t] = t == 0 ? ctx : &ctx->workers[t - 1];
            pthread_t ids[MAX_THREADS];
            int32_t started = 0;
            for (int32_t t = 1; t <= helpers; t++) {
                pool_thread *arg = malloc(sizeof(pool_thread));
                if (!arg) break;
                arg->shared = s;
                arg->slot = t;
                pthread_mutex_lock(&s->lock);
                s->users++;
                pthread_mutex_unlock(&s->lock);
                if (pthread_create(&ids[started], NULL, helper, arg) != 0) {
                    free(arg);
                    pthread_mutex_lock(&s->lock);
                    s->users--;
                    pthread_mutex_unlock(&s->lock);
                    break;
                }
                started++;
            }
            take_tasks(s, ctx);   /* this thread works too (and alone if no helper started) */
            pthread_mutex_lock(&s->lock);
            while (s->done < s->k) pthread_cond_wait(&s->finished, &s->lock);
            int32_t err = 0;
            for (int32_t a = 0; a < k && !err; a++) err = s->errs[a];
            pthread_mutex_unlock(&s->lock);
            /* every helper joined: no thread and no memory outlives the call */
            for (int32_t t = 0; t < started; t++) pthread_join(ids[t], NULL);
            pool_leave(s);
            return err;
        }
    }
    if (s) free(s->errs);
    free(s);
    /* no memory for the pool: run in order below */
#else
    (void)split;
#endif
    for (int32_t a = 0; a < k; a++) {
        int32_t err = run(ctx, &tasks[a]);
        if (err) return err;
    }
    return 0;
}
