/* mersenne.h: MT19937 as Python's random.Random runs it (internal).
 *
 * Self-play in C must shuffle and choose exactly as the pure-Python engine
 * does with the same seed, so it steps the generator Python uses, from the
 * state Python's getstate() gives, or seeded as random.Random(int) is.
 * Written from the published algorithm (Matsumoto and Nishimura, 1998) and CPython's
 * documented random() construction: 53 bits from two 32-bit outputs. */
#ifndef HF_MERSENNE_H
#define HF_MERSENNE_H
#include <stdint.h>
#include "../core/cards.h"   /* hilo_fast.h, included once through its guard */

enum { HF_MT_N = 624, HF_MT_M = 397 };

/* Word i of the next 624 from words i, i+1 and i+M (indices mod 624). */
static inline uint32_t hf_mt_mix(uint32_t upper, uint32_t lower, uint32_t far)
{
    uint32_t y = (upper & 0x80000000u) | (lower & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

/* The next 624 words, in place (each word uses the already-updated ones
 * below it, as the reference implementation does), in its three runs so
 * that no index needs a modulo. */
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

/* random.Random(seed) for 0 <= seed < 2^64 (MT19937's init_by_array over
 * the seed's 32-bit words, low first, as CPython seeds from an int): what
 * engine.Table(seed=rng.getrandbits(64)) starts from. */
static inline void hf_mt_seed64(hf_mt *mt, uint64_t seed)
{
    uint32_t words[2] = { (uint32_t)seed, (uint32_t)(seed >> 32) }, *key = mt->key;
    int n_words = words[1] ? 2 : 1, i = 1, j = 0;
    key[0] = 19650218u;
    for (i = 1; i < HF_MT_N; i++)
        key[i] = 1812433253u * (key[i - 1] ^ (key[i - 1] >> 30)) + (uint32_t)i;
    i = 1;
    for (int k = HF_MT_N; k; k--) {
        key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1664525u)) + words[j]
            + (uint32_t)j;
        if (++i >= HF_MT_N) {
            key[0] = key[HF_MT_N - 1];
            i = 1;
        }
        if (++j >= n_words)
            j = 0;
    }
    for (int k = HF_MT_N - 1; k; k--) {
        key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        if (++i >= HF_MT_N) {
            key[0] = key[HF_MT_N - 1];
            i = 1;
        }
    }
    key[0] = 0x80000000u;
    mt->pos = HF_MT_N;
}

/* random.getrandbits(64): the first output the low word. */
static inline uint64_t hf_mt_bits64(hf_mt *mt)
{
    uint64_t low = hf_mt_next32(mt);
    return low | (uint64_t)hf_mt_next32(mt) << 32;
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
