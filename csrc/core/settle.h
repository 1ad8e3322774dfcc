/* settle.h: settling a hand's pots from precomputed hand values, for C
 * callers that already evaluated the hands (the self-play engine). Internal:
 * not part of the cdef; hf_settle in hilo_fast.h is the checked entry point.
 */
#ifndef HF_SETTLE_H
#define HF_SETTLE_H
#include <stdint.h>

/* Pays out a hand exactly as hilo_fast.core.showdown.showdown() does. Seat i is
 * live when live[i] != 0; only live seats' high (1..7462) and low (1..56,
 * 0 = no low) values are read, lower is better. contributions[i] >= 0 are
 * the chips seat i put in (folded seats' chips are dead money), with a total
 * below 2^62. payouts[0..n_seats-1] is overwritten whole (zeros for seats
 * that win nothing), after every input is read, so it may alias them.
 * Trusts its caller: n_seats 2..10, button 0..n_seats-1, no NULL pointer.
 * odd_chip_low != 0 gives the odd chip of a hi/lo split to the low half.
 * Returns 0. */
int32_t hf_settle_values(int32_t n_seats, const int32_t *high, const int32_t *low,
                         const uint8_t *live, const int64_t *contributions,
                         int32_t button, int32_t odd_chip_low, int64_t *payouts);

#endif
