/* equity_split.h: hf_equity_enumerate with the game's split, for range
 * equity (range_equity.c), which settles each tuple of range hands with it.
 * Internal (not part of the cdef). */
#ifndef HF_EQUITY_SPLIT_H
#define HF_EQUITY_SPLIT_H
#include <stdint.h>
#include "../core/cards.h"   /* hilo_fast.h, included once (it has no guard) */

/* As hf_equity_enumerate; high_only != 0 settles Omaha high: every hand's
 * low mask is 0, so no hand makes a low and the high takes every pot. */
int32_t hf_equity_enumerate_split(const int32_t *holes, int32_t n_players, int32_t n_hole,
                                  const int32_t *board, int32_t n_board,
                                  const int32_t *dead, int32_t n_dead, int32_t high_only,
                                  int64_t first, int64_t count, hf_equity_tally *out);

#endif
