/* omaha_fast.h: the fast Omaha Hi-Lo evaluator, for every C loop that
 * evaluates many hands (hf_omaha, the batch API, equity enumeration).
 *
 * USE THIS, do not write another: prepare a board once, then evaluate any
 * number of hole hands against it.
 *
 *     hf_board b;
 *     hf_board_prepare(&b, board, n_board);        // valid cards, 3..5
 *     int32_t packed = hf_board_omaha(&b, hole, n_hole);  // high << 8 | low
 *     // or hf_board_high(&b, hole, n_hole) / hf_board_low(&b, hole, n_hole)
 *
 * Cards must already be valid and distinct (hf_check_cards): these functions
 * trust them, and with valid cards they never index out of bounds.
 *
 * High: ignoring suits, the best Omaha high depends only on each hole rank
 * pair and the board's rank multiset, so a generated row per board multiset
 * (hf_omaha_high{3,4,5}_table, 91 entries, one per rank pair) gives the best
 * non-flush value of pair + any three board cards: one lookup per hole pair.
 * A flush needs three board cards of one suit (at most one suit can have
 * them) and two hole cards of that suit; only then are the suited pairs and
 * triples tried through hf_flush_table. A suited five's flush value always
 * beats its offsuit value, so min(row lookups, flush tries) is exact.
 * Low: one lookup on the hole and board low masks (hf_omaha_low_table).
 *
 * The 60-combination loop in omaha.c (hf_omaha_best) and hf_high5 stay the
 * reference this code is tested against.
 */
#ifndef HF_OMAHA_FAST_H
#define HF_OMAHA_FAST_H
#include <stdint.h>
#include "cards.h"

typedef struct {
    const uint16_t *high_row;  /* best non-flush high per hole rank-pair index */
    uint32_t low_mask;         /* low mask of the board */
    int32_t flush_suit;        /* the suit with >= 3 board cards, or -1 */
    int32_t n_flush_triples;   /* board triples of that suit (1, 4 or 10) */
    uint16_t flush_triples[10]; /* their rank masks */
} hf_board;

/* Sorts three or four ranks with a network and ranks the multiset in the
 * combinatorial number system, like hf_multiset_index does for five. */
#define HF_SORT2(a, b) do { if ((a) > (b)) { int t_ = (a); (a) = (b); (b) = t_; } } while (0)
static inline int hf_multiset_index3(int r0, int r1, int r2)
{
    HF_SORT2(r0, r1); HF_SORT2(r1, r2); HF_SORT2(r0, r1);
    return hf_binomial[r0][1] + hf_binomial[r1 + 1][2] + hf_binomial[r2 + 2][3];
}

static inline int hf_multiset_index4(int r0, int r1, int r2, int r3)
{
    HF_SORT2(r0, r1); HF_SORT2(r2, r3); HF_SORT2(r0, r2); HF_SORT2(r1, r3); HF_SORT2(r1, r2);
    return hf_binomial[r0][1] + hf_binomial[r1 + 1][2] + hf_binomial[r2 + 2][3]
         + hf_binomial[r3 + 3][4];
}
#undef HF_SORT2

static inline void hf_board_prepare(hf_board *b, const int32_t *board, int32_t n_board)
{
    int32_t suit_count[4] = { 0, 0, 0, 0 };
    b->low_mask = 0;
    for (int32_t i = 0; i < n_board; i++) {
        suit_count[HF_SUIT(board[i])]++;
        b->low_mask |= hf_low_bit(board[i]);
    }
    if (n_board == 5)
        b->high_row = hf_omaha_high5_table + 91 * hf_multiset_index(
            HF_RANK(board[0]), HF_RANK(board[1]), HF_RANK(board[2]),
            HF_RANK(board[3]), HF_RANK(board[4]));
    else if (n_board == 4)
        b->high_row = hf_omaha_high4_table + 91 * hf_multiset_index4(
            HF_RANK(board[0]), HF_RANK(board[1]), HF_RANK(board[2]), HF_RANK(board[3]));
    else
        b->high_row = hf_omaha_high3_table + 91 * hf_multiset_index3(
            HF_RANK(board[0]), HF_RANK(board[1]), HF_RANK(board[2]));

    b->flush_suit = -1;
    b->n_flush_triples = 0;
    for (int32_t s = 0; s < 4; s++)
        if (suit_count[s] >= 3)
            b->flush_suit = s;
    if (b->flush_suit < 0)
        return;
    int32_t ranks[5], n = 0;
    for (int32_t i = 0; i < n_board; i++)
        if (HF_SUIT(board[i]) == b->flush_suit)
            ranks[n++] = HF_RANK(board[i]);
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++)
            for (int32_t k = j + 1; k < n; k++)
                b->flush_triples[b->n_flush_triples++] =
                    (uint16_t)((1u << ranks[i]) | (1u << ranks[j]) | (1u << ranks[k]));
}

/* Best flush of two suited hole cards and a suited board triple; 0x7fff if none. */
static inline int32_t hf_board_flush(const hf_board *b, const int32_t *hole, int32_t n_hole)
{
    uint32_t bits[6];
    int32_t n = 0;
    for (int32_t i = 0; i < n_hole; i++)
        if (HF_SUIT(hole[i]) == b->flush_suit)
            bits[n++] = 1u << HF_RANK(hole[i]);
    int32_t best = 0x7fff;
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++)
            for (int32_t t = 0; t < b->n_flush_triples; t++) {
                int32_t v = hf_flush_table[bits[i] | bits[j] | b->flush_triples[t]];
                if (v < best)
                    best = v;
            }
    return best;
}

static inline int32_t hf_board_high(const hf_board *b, const int32_t *hole, int32_t n_hole)
{
    const uint16_t *row = b->high_row;
    int32_t best = 0x7fff;
    for (int32_t i = 0; i < n_hole; i++) {
        const uint8_t *pair_of = hf_card_pair_table + 52 * hole[i];
        for (int32_t j = i + 1; j < n_hole; j++) {
            int32_t v = row[pair_of[hole[j]]];
            if (v < best)
                best = v;
        }
    }
    if (b->flush_suit >= 0) {
        int32_t v = hf_board_flush(b, hole, n_hole);
        if (v < best)
            best = v;
    }
    return best;
}

static inline int32_t hf_board_low(const hf_board *b, const int32_t *hole, int32_t n_hole)
{
    uint32_t mask = 0;
    for (int32_t i = 0; i < n_hole; i++)
        mask |= hf_low_bit(hole[i]);
    return hf_omaha_low_table[mask << 8 | b->low_mask];
}

/* high << 8 | low, as hf_omaha returns it. */
static inline int32_t hf_board_omaha(const hf_board *b, const int32_t *hole, int32_t n_hole)
{
    return hf_board_high(b, hole, n_hole) << 8 | hf_board_low(b, hole, n_hole);
}

#endif
