/* cards.h: internal helpers shared by the C sources (not part of the cdef).
 * Card validation, deal counting and the unchecked 5-card evaluators the loops inline. */
#ifndef HF_CARDS_H
#define HF_CARDS_H
#include <stdint.h>
#include "../hilo_fast.h"
#include "tables.h"

#define HF_RANK(c) ((c) >> 2)
#define HF_SUIT(c) ((c) & 3)

/* 0 when n cards are all in 0..51 and distinct (accumulating into *seen,
 * so hole and board are checked against each other), else HF_ERR_*. */
static inline int32_t hf_check_cards(const int32_t *cards, int32_t n, uint64_t *seen)
{
    for (int32_t i = 0; i < n; i++) {
        if ((uint32_t)cards[i] >= 52u)
            return HF_ERR_CARD;
        uint64_t bit = (uint64_t)1 << cards[i];
        if (*seen & bit)
            return HF_ERR_DUPLICATE;
        *seen |= bit;
    }
    return 0;
}

/* Binomials C(n, k) for the multiset index; n <= 16, k <= 5. */
static const uint16_t hf_binomial[17][6] = {
#define HF_ROW(n) { 1, n, n*(n-1)/2, n*(n-1)*(n-2)/6, n*(n-1)*(n-2)*(n-3)/24, n*(n-1)*(n-2)*(n-3)*(n-4)/120 }
    HF_ROW(0), HF_ROW(1), HF_ROW(2), HF_ROW(3), HF_ROW(4), HF_ROW(5), HF_ROW(6),
    HF_ROW(7), HF_ROW(8), HF_ROW(9), HF_ROW(10), HF_ROW(11), HF_ROW(12),
    HF_ROW(13), HF_ROW(14), HF_ROW(15), HF_ROW(16)
#undef HF_ROW
};

/* Compare-exchange written as min/max so compilers emit conditional moves:
 * rank order is random, and a branch here would mispredict half the time. */
#define HF_SORT2(a, b) do { int lo_ = (a) < (b) ? (a) : (b); (b) = (a) < (b) ? (b) : (a); (a) = lo_; } while (0)

/* Minimal perfect hash of a multiset of ranks: sort r0<=..<=r(k-1) with a
 * network, then rank the set r0<r1+1<..<r(k-1)+k-1 in the combinatorial
 * number system. Five ranks give 0..6187, four 0..1819, three 0..454. */
static inline int hf_multiset_index(int r0, int r1, int r2, int r3, int r4)
{
    HF_SORT2(r0, r1); HF_SORT2(r3, r4); HF_SORT2(r2, r4); HF_SORT2(r2, r3); HF_SORT2(r1, r4);
    HF_SORT2(r0, r3); HF_SORT2(r0, r2); HF_SORT2(r1, r3); HF_SORT2(r1, r2);
    return hf_binomial[r0][1] + hf_binomial[r1 + 1][2] + hf_binomial[r2 + 2][3]
         + hf_binomial[r3 + 3][4] + hf_binomial[r4 + 4][5];
}

static inline int hf_multiset_index4(int r0, int r1, int r2, int r3)
{
    HF_SORT2(r0, r1); HF_SORT2(r2, r3); HF_SORT2(r0, r2); HF_SORT2(r1, r3); HF_SORT2(r1, r2);
    return hf_binomial[r0][1] + hf_binomial[r1 + 1][2] + hf_binomial[r2 + 2][3]
         + hf_binomial[r3 + 3][4];
}

static inline int hf_multiset_index3(int r0, int r1, int r2)
{
    HF_SORT2(r0, r1); HF_SORT2(r1, r2); HF_SORT2(r0, r1);
    return hf_binomial[r0][1] + hf_binomial[r1 + 1][2] + hf_binomial[r2 + 2][3];
}
#undef HF_SORT2

/* High value of five valid, distinct cards. */
static inline int32_t hf_high5_unchecked(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e)
{
    uint32_t mask = (1u << HF_RANK(a)) | (1u << HF_RANK(b)) | (1u << HF_RANK(c))
                  | (1u << HF_RANK(d)) | (1u << HF_RANK(e));
    if ((HF_SUIT(a) == HF_SUIT(b)) & (HF_SUIT(a) == HF_SUIT(c))
        & (HF_SUIT(a) == HF_SUIT(d)) & (HF_SUIT(a) == HF_SUIT(e)))
        return hf_flush_table[mask];
    if (hf_unique5_table[mask])
        return hf_unique5_table[mask];
    return hf_multiset_table[hf_multiset_index(HF_RANK(a), HF_RANK(b), HF_RANK(c),
                                         HF_RANK(d), HF_RANK(e))];
}

/* Low-mask bit of a card: bit 0 = ace, bit k-1 = rank k for 2..8, else 0.
 * A lookup defined for any int (equity calls it on not-yet-dealt slots);
 * the branches it replaces mispredicted on random cards. */
static inline uint32_t hf_low_bit(int32_t card)
{
    return hf_card_low_bit_table[card & 63];
}

/* Low value of five valid, distinct cards (0 = no qualifying low). */
static inline int32_t hf_low5_unchecked(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e)
{
    return hf_low5_table[hf_low_bit(a) | hf_low_bit(b) | hf_low_bit(c) | hf_low_bit(d) | hf_low_bit(e)];
}

/* C(n, k), 0 outside 0 <= k <= n (the deal counts: n <= 52). */
static inline int64_t hf_choose(int32_t n, int32_t k)
{
    if (k < 0 || k > n)
        return 0;
    int64_t c = 1;
    for (int32_t i = 1; i <= k; i++)
        c = c * (n - k + i) / i;  /* exact: c is C(n - k + i, i) after each step */
    return c;
}

/* 1 when a hand of n cards is a random hand (every card -1, not yet dealt). */
static inline int32_t hf_is_random_hand(const int32_t *hand, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        if (hand[i] != -1)
            return 0;
    return 1;
}

#endif
