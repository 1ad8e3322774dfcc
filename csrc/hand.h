/* hand.h: one Omaha Hi-Lo hand as a state machine, in C (internal).
 *
 * A line-for-line twin of hilo_fast/engine.py's Hand, for self-play: the
 * same fields, the same rules (its module docstring lists the rules chosen
 * where docs/rules.md leaves a gap), the same order of events. It trusts its
 * caller: actions come from built-in bots that only choose legal ones, and
 * the settings were checked by hf_selfplay_run. */
#ifndef HF_HAND_H
#define HF_HAND_H
#include <stdint.h>
#include "cards.h"   /* hilo_fast.h, included once through its guard */

enum { HF_FIXED = 0, HF_POT = 1, HF_NO = 2 };
enum { HF_FOLD = 0, HF_CHECK = 1, HF_CALL = 2, HF_BET = 3, HF_RAISE = 4 };
enum { HF_PREFLOP = 0, HF_FLOP = 1, HF_TURN = 2, HF_RIVER = 3, HF_OVER = 4 };
/* Seat status, ordered so that ">= HF_ACTIVE" means "still in the hand". */
enum { HF_OUT = 0, HF_FOLDED = 1, HF_ACTIVE = 2, HF_ALL_IN = 3 };

typedef struct {
    const hf_structure *structure;
    int32_t n_seats, hole_count, button, big_blind_seat;
    int32_t street, actor;            /* actor -1: nobody is to act */
    int32_t status[10];
    uint8_t pending[10];              /* still has to act this round */
    uint8_t reopen[10];               /* may raise when it acts */
    int64_t stacks[10], bets[10], contributions[10], payouts[10];
    int64_t total;                    /* every chip put in this hand */
    int64_t current_bet, min_raise, short_sum;
    int64_t call_amount, min_to, max_to;   /* the actor's options; 0 = not legal */
    int32_t bet_count, last_aggressor;
    int32_t n_live, n_active, n_pending;
    int64_t n_actions;
    int32_t went_to_showdown;
    int32_t holes[10][6];
    int32_t board[5];
} hf_game;

/* Deal from `deal_rng`, post antes and blinds, and open the pre-flop round.
 * `stacks`: chips per seat (0 = sits out); `button` has chips. */
void hf_game_start(hf_game *g, const hf_structure *structure, int32_t n_seats,
                   int32_t hole_count, const int64_t *stacks, int32_t button,
                   hf_mt *deal_rng);

/* Apply a legal action of the actor; `to` is the "to" amount of a bet or raise. */
void hf_game_act(hf_game *g, int32_t action, int64_t to);

#endif
