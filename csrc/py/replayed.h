/* replayed.h: a plain hand history's replay as numbers, what
 * hhreplay_hand.c's replay_numbers finds. The replay's builtin (replay_hand)
 * makes a Replay's fields of them; the database's (hhrows_part.c) makes every
 * table's rows of them, without those objects. hilo_fast._hhreplay hands the
 * functions to hilo_fast._hhrows in a capsule (REPLAY_API). */
#ifndef HILO_FAST_REPLAYED_H
#define HILO_FAST_REPLAYED_H

#include <Python.h>
#include <stdint.h>
/* (after ../hilo_fast.h, for HF_MAX_RUNS: that header, read by cffi too, has
 * no include guard) */

/* The HandHistory attributes replay_numbers reads, by index into attr[]. */
enum {
    H_SEATS, H_MAX_SEATS, H_DEALT_IN, H_POSTS, H_STAKES, H_LIMIT, H_BUTTON, H_HAND_ID, H_RUNS,
    H_EXPOSED, H_HOLE_COUNT, H_BOARD, H_HOLE_CARDS, H_ACTIONS, H_MUCKED, H_TOTAL_POT, H_RAKE,
    H_POTS, H_COLLECTED, H_POT_COLLECTIONS, H_SITE, H_CHIP_UNIT, H_RUN_COLLECTED, N_H_ATTRS
};

/* A pot as the replay settled it: its chips after the rake, the seats that
 * contested it, those it paid (in the order first paid) with their chips,
 * and of those chips the low half's. */
typedef struct {
    int64_t net, rake, won[10], low_won[10];
    int32_t n_eligible, eligible[10], n_takers, takers[10];
    int has_low;   /* a low qualified (the pot's low_shares are a dict) */
} replayed_pot;

/* The replay, by engine seat (the printed seat number less one). */
typedef struct {
    PyObject *attr[N_H_ATTRS];   /* the history's attributes (new references) */
    PyObject *seat_of;           /* name -> engine seat (a new dict) */
    PyObject *run_list;          /* a hand run N times: each run's payouts (a new list) */
    PyObject *names[10];         /* engine seat -> name, NULL when empty (borrowed) */
    int32_t n;                   /* seats at the table */
    int32_t n_dealt, dealt[10];  /* the seats dealt in, ascending */
    int32_t n_live, live[10];    /* the seats still in at the end, ascending */
    int32_t last_street;         /* of the last action applied (HF_PREFLOP ...) */
    int32_t n_runs, hole_count, n_pots;
    int known[10];               /* the seat has cards (dealt in) */
    int holes[10][6], boards[HF_MAX_RUNS][5];
    int64_t stacks[10];          /* of the seats dealt in (0: not dealt in) */
    int64_t chips[10];           /* put in the pots (dead posts too) */
    int64_t collected[10];       /* paid from the pots */
    replayed_pot pot[10];        /* main pot first */
} replayed_t;

/* What hilo_fast._hhreplay lends (the capsule REPLAY_API): numbers(module, h,
 * r) fills *r with the replay of the HandHistory h when it is a plain hand
 * replayed exactly and returns 1 (release it with clear), 0 for any other
 * hand (r holds nothing: the Python's replay), -1 with an exception when the
 * module is not bound. */
typedef struct {
    int (*numbers)(PyObject *module, PyObject *h, replayed_t *r);
    void (*clear)(replayed_t *r);
} replay_api;

#define REPLAY_API "hilo_fast._hhreplay.replay_api"

/* The board cards out when the betting ended before the river with several
 * players in (the Replay's all_in_board: 0, 3 or 4 of them), or -1 when it
 * did not (all_in_board None). */
static inline int32_t all_in_board_size(const replayed_t *played)
{
    return played->n_live > 1 && played->last_street < HF_RIVER
         ? (int32_t[]){0, 3, 4}[played->last_street] : -1;
}

#endif
