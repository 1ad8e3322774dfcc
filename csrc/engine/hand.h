/* hand.h: the C hand's internals shared with selfplay.c (not part of the
 * cdef). The state, hf_game, and the checked entry points are declared in
 * hilo_fast.h; these two trust their caller (valid settings, legal actions
 * from the built-in bots). */
#ifndef HF_HAND_H
#define HF_HAND_H
#include <stdint.h>
#include "../core/cards.h"   /* hilo_fast.h, included once through its guard */

/* Deal from `deal_rng`, post antes and blinds, and open the pre-flop round.
 * `stacks`: chips per seat (0 = sits out); `button` has chips. */
void hf_game_start(hf_game *g, const hf_structure *structure, int32_t n_seats,
                   int32_t hole_count, const int64_t *stacks, int32_t button,
                   hf_mt *deal_rng);

/* Apply a legal action of the actor; `to` is the "to" amount of a bet or raise. */
void hf_game_act(hf_game *g, int32_t action, int64_t to);

/* Settings a hand can be played with (hf_hand_deal's and self-play's check). */
int hf_valid_structure(const hf_structure *s);

#endif
