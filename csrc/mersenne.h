/* mersenne.h: MT19937 as Python's random.Random runs it (internal).
 *
 * Self-play in C must shuffle and choose exactly as the pure-Python engine
 * does with the same seed, so it steps the generator Python uses, from the
 * state Python's getstate() gives (seeding stays in Python). Written from
 * the published algorithm (Matsumoto and Nishimura, 1998) and CPython's
 * documented random() construction: 53 bits from two 32-bit outputs. */
#ifndef HF_MERSENNE_H
#define HF_MERSENNE_H
#include <stdint.h>
#include "cards.h"   /* hilo_fast.h, included once through its guard */

enum { HF_MT_N = 624, HF_MT_M = 397 };

/* word i of the twist from words i, next and far (the updated ones where
 * they come before i, as the reference implementation does). */
static inline uint32_t hf_mt_mix(uint32_t word, uint32_t next, uint32_t far)
{
    uint32_t y = (word & 0x80000000u) | (next & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

/* The next 624 words, in place: the reference loop with its indices taken
 * modulo 624 split into the three runs where they wrap alike: no division
 * per word, which was most of the time of a vector table's deal. */
static inline void hf_mt_twist(hf_mt *mt)
{
    uint32_t *key = mt->key;
    int i = 0;
    for (; i < HF_MT_N - HF_MT_M; i++)
        key[i] = hf_mt_mix(key[i], key[i + 1], key[i + HF_MT_M]);
    for (; i < HF_MT_N - 1; i++)
        key[i] = hf_mt_mix(key[i], key[i + 1], key[i + HF_MT_M - HF_MT_N]);
    key[i] = hf_mt_mix(key[i], key[0], key[HF_MT_M - 1]);
    mt->pos = 0;
}

static inline uint32_t hf_mt_next32(hf_mt *mt)
{
    if (mt->pos < 0 || mt->pos >= HF_MT_N)
        hf_mt_twist(mt);
    uint32_t y = mt->key[mt->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* random.random(): a uniform double in [0, 1) with 53 random bits. */
static inline double hf_mt_random(hf_mt *mt)
{
    uint32_t a = hf_mt_next32(mt) >> 5, b = hf_mt_next32(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* int(random.random() * n) for 0 < n < 2^53, as Python computes it. */
static inline int64_t hf_mt_below(hf_mt *mt, int64_t n)
{
    return (int64_t)(hf_mt_random(mt) * (double)n);
}

#endif
