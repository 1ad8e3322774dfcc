/* solver.h: what cfr.c and terminal.c share (internal to csrc/solver). */
#ifndef HF_SOLVER_INTERNAL_H
#define HF_SOLVER_INTERNAL_H
#include <stdint.h>
#include "../hilo_fast.h"

/* The node kinds and the allocation error of hilo_fast.h's solver section. */
#define HF_SOLVER_DECISION 0
#define HF_SOLVER_FOLD 1
#define HF_SOLVER_SHOWDOWN 2
#define HF_SOLVER_CHANCE 3
#define HF_SOLVER_ERR_MEMORY (-20)

#define N_PAIRS 1326     /* C(52, 2) */
#define N_TRIPLES 22100  /* C(52, 3) */

typedef struct {
    int32_t n;                  /* combos */
    int32_t *cards;             /* 4 per combo */
    int32_t *pairs;             /* 6 pair indices per combo */
    int32_t *triples;           /* 4 triple indices per combo */
    int32_t *same;              /* the opponent's identical combo, or -1 */
    int32_t *by_high;           /* per board: combos, worst high first */
    int32_t *by_low;            /* per board: combos, worst low first (no low worst of all) */
    int32_t *high_key, *low_key;   /* per board */
    uint64_t *mask;             /* each combo's cards as bits */
} side;

/* Sums over inserted opponent combos by the cards they hold, in 2 channels:
 * a query subtracts, by inclusion-exclusion, those sharing a card with a combo. */
typedef struct {
    double total[2];
    double *one;     /* 52 x 2 */
    double *two;     /* N_PAIRS x 2 */
    double *three;   /* N_TRIPLES x 2 */
    double *four;    /* opponent combos x 2 */
} card_sums;

typedef struct solver_ctx solver_ctx;
struct solver_ctx {
    const hf_solver_game *game;
    side sides[2];
    card_sums sums;
    double *share;   /* scratch: n of the larger side */
    double *meet;
    double *half;    /* scratch: n of the larger side */
    double *work;    /* scratch: 4 n of the larger side */
    /* Threads (parallel.c): the main context holds threads - 1 workers, each
     * sharing its sides and owning its scratch; a worker's `threads` is 1. */
    int32_t threads;
    int has_chance;         /* the tree deals a river: split at chance nodes */
    solver_ctx *workers;
};

/* One child of a node walked as a task: cfr (st set) or values (st NULL). */
typedef struct {
    int32_t node, p, best;
    const double *reach_p, *reach_o;
    const void *st;
    const double *const *strategy;
    double *out;
} solver_task;

int32_t hf_solver_check(const hf_solver_game *game);
/* threads - 1 workers for ctx (none when threads <= 1 or without pthreads). */
int32_t solver_workers_init(solver_ctx *ctx, int32_t threads);
void solver_workers_free(solver_ctx *ctx);
/* Whether the children of `node` are walked on the threads: at chance nodes
 * (the rivers of a turn tree), or at the root of a river tree. */
int solver_splits(const solver_ctx *ctx, int32_t node);
/* Run tasks[0 .. k-1] with run(ctx of the thread, task), on ctx's threads when
 * split, else in order on ctx; the first error in task order. Each task
 * writes only its own out and its own subtree's slots, so the result is the
 * same for any number of threads. */
int32_t solver_run_tasks(solver_ctx *ctx, int split, solver_task *tasks, int32_t k,
                         int32_t (*run)(solver_ctx *, const solver_task *));
int32_t solver_scratch_init(solver_ctx *ctx);
void solver_scratch_free(solver_ctx *ctx);
int32_t solver_ctx_init(solver_ctx *ctx, const hf_solver_game *game);
void solver_ctx_free(solver_ctx *ctx);
/* share[i] = sum reach_o[j] share(i, j), meet[i] = sum reach_o[j], over j apart from i. */
void solver_showdown(solver_ctx *ctx, int32_t p, int32_t board, const double *reach_o,
                     double *share, double *meet);
/* meet[i] only. */
void solver_meet(solver_ctx *ctx, int32_t p, const double *reach_o, double *meet);
/* The counterfactual values of p's combos at a terminal node. */
void solver_terminal(solver_ctx *ctx, int32_t node, int32_t p, const double *reach_o,
                     double *out);
#endif
