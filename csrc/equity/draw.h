/* draw.h: the random draws Monte Carlo shares (equity.c, range_equity.c, ranking.c):
 * the splitmix64 stream, a 128-bit product, and batched bounded draws.
 * Internal (not part of the cdef). */
#ifndef HF_DRAW_H
#define HF_DRAW_H
#include <stdint.h>

static const uint64_t GOLDEN_GAMMA = 0x9E3779B97F4A7C15u;

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The next output of the stream whose state is *state. */
static inline uint64_t splitmix64(uint64_t *state)
{
    return mix64(*state += GOLDEN_GAMMA);
}

/* The 128-bit product of two 64-bit words, as (high, low). */
static inline uint64_t mul_hi_lo(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)a * b;
    *lo = (uint64_t)m;
    return (uint64_t)(m >> 64);
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* A uniform int in 0..n-1, n >= 1: Lemire's multiply-and-reject, one
 * 64-bit word (rarely two) per draw. */
static inline uint64_t below(uint64_t *state, uint64_t n)
{
    uint64_t lo, hi = mul_hi_lo(splitmix64(state), n, &lo);
    if (lo < n) {
        uint64_t threshold = (0 - n) % n;
        while (lo < threshold)
            hi = mul_hi_lo(splitmix64(state), n, &lo);
    }
    return hi;
}

/* Batched bounded draws (Brackett-Rozinsky and Lemire, "Batched ranged
 * random integer generation", 2024): a run of bounds n_0, n_1, .. whose
 * product P fits in 64 bits shares one splitmix64 word r. Each draw is the
 * high word of r * n_i, r becoming the low word; the run is redrawn whole
 * when the final r is below 2^64 mod P. That is Lemire's method for one
 * draw below P, its result written in the mixed radix n_0, n_1, ..: exactly
 * uniform, with one 64x64-bit multiply per card. The final r is r * P mod
 * 2^64, so the test comes first, one multiply. A partial Fisher-Yates
 * shuffle of n cards for k cards draws bounds n, n - 1, .., n - k + 1; the
 * runs are cut greedily from the left. */
typedef struct {
    int32_t n_runs;
    int32_t end[52];        /* run j covers draws end[j - 1] .. end[j] - 1 */
    uint64_t product[52];   /* the run's bounds multiplied */
    uint64_t threshold[52]; /* 2^64 mod product */
} draw_runs;

static inline void plan_runs(draw_runs *runs, int32_t n_deck, int32_t needed)
{
    runs->n_runs = 0;
    for (int32_t i = 0; i < needed;) {
        uint64_t product = 1;
        while (i < needed && product <= UINT64_MAX / (uint64_t)(n_deck - i))
            product *= (uint64_t)(n_deck - i++);
        runs->end[runs->n_runs] = i;
        runs->product[runs->n_runs] = product;
        runs->threshold[runs->n_runs++] = (0 - product) % product;
    }
}

/* The partial Fisher-Yates shuffle of deck's first cards, run by run
 * (plan_runs): equity.c and boards.c deal every sample with it. */
static inline void shuffle_prefix(int32_t *deck, int32_t n_deck, const draw_runs *runs,
                                  uint64_t *state)
{
    int32_t i = 0;
    for (int32_t j = 0; j < runs->n_runs; j++) {
        uint64_t r;
        do
            r = splitmix64(state);
        while (r * runs->product[j] < runs->threshold[j]);
        for (int32_t end = runs->end[j]; i < end; i++) {
            int32_t k = i + (int32_t)mul_hi_lo(r, (uint64_t)(n_deck - i), &r);
            int32_t card = deck[k];
            deck[k] = deck[i];
            deck[i] = card;
        }
    }
}

#endif
