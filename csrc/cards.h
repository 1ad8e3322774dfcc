/* cards.h: internal helpers shared by the C sources (not part of the cdef).
 * Card validation and the unchecked 5-card evaluators the loops inline. */
#ifndef HF_CARDS_H
#define HF_CARDS_H
#include <stdint.h>
#include "hilo_fast.h"
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

#define HF_SWAP(a, b) do { if (r[a] > r[b]) { int t_ = r[a]; r[a] = r[b]; r[b] = t_; } } while (0)

/* Minimal perfect hash of five ranks (a multiset) into 0..6187: sort, then
 * rank r0<=..<=r4 as the set r0<r1+1<..<r4+4 in the combinatorial number system. */
static inline int hf_multiset_index(int r0, int r1, int r2, int r3, int r4)
{
    int r[5] = { r0, r1, r2, r3, r4 };
    HF_SWAP(0, 1); HF_SWAP(3, 4); HF_SWAP(2, 4); HF_SWAP(2, 3); HF_SWAP(1, 4);
    HF_SWAP(0, 3); HF_SWAP(0, 2); HF_SWAP(1, 3); HF_SWAP(1, 2);
    return hf_binomial[r[0]][1] + hf_binomial[r[1] + 1][2] + hf_binomial[r[2] + 2][3]
         + hf_binomial[r[3] + 3][4] + hf_binomial[r[4] + 4][5];
}
#undef HF_SWAP

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

/* Low-mask bit of a card: bit 0 = ace, bit k-1 = rank k for 2..8, else 0. */
static inline uint32_t hf_low_bit(int32_t card)
{
    int rank = HF_RANK(card);
    return rank == 12 ? 1u : rank <= 6 ? 2u << rank : 0u;
}

/* Low value of five valid, distinct cards (0 = no qualifying low). */
static inline int32_t hf_low5_unchecked(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e)
{
    return hf_low5_table[hf_low_bit(a) | hf_low_bit(b) | hf_low_bit(c) | hf_low_bit(d) | hf_low_bit(e)];
}

#endif
