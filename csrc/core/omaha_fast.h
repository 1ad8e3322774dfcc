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
 * Set hf_board's fields only through hf_board_prepare,
 * hf_board_set_no_flush or hf_board_set_flush: its layout may change.
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
    int32_t flush_suit;        /* the suit with >= 3 board cards, or 4 (none) */
    uint32_t flush_ranks;      /* rank mask of the board cards of that suit */
} hf_board;

/* The rank bit of card c when its suit is s, else 0; row 4 (no flush suit)
 * is all 0: one load instead of a compare and a shift per hole card. */
#define HF_SB(s, c) (((c) & 3) == (s) ? 1u << ((c) >> 2) : 0u)
#define HF_SB4(s, r) HF_SB(s, 4 * (r)), HF_SB(s, 4 * (r) + 1), HF_SB(s, 4 * (r) + 2), HF_SB(s, 4 * (r) + 3)
#define HF_SB52(s) HF_SB4(s, 0), HF_SB4(s, 1), HF_SB4(s, 2), HF_SB4(s, 3), HF_SB4(s, 4), \
    HF_SB4(s, 5), HF_SB4(s, 6), HF_SB4(s, 7), HF_SB4(s, 8), HF_SB4(s, 9), HF_SB4(s, 10), \
    HF_SB4(s, 11), HF_SB4(s, 12)
static const uint16_t hf_suited_bit[5][52] = {
    { HF_SB52(0) }, { HF_SB52(1) }, { HF_SB52(2) }, { HF_SB52(3) }, { HF_SB52(4) }
};
/* A card's increment of its suit's 4-bit counter, 1 << 4 * suit, by lookup. */
#define HF_NIB4 1u, 1u << 4, 1u << 8, 1u << 12
static const uint16_t hf_suit_nibble[52] = {
    HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4,
    HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4, HF_NIB4
};
#undef HF_NIB4
#undef HF_SB52
#undef HF_SB4
#undef HF_SB

/* Conditional moves, not branches, wherever the outcome is a coin flip on
 * random cards: a mispredicted branch costs more than the whole lookup. */
static inline void hf_board_prepare(hf_board *b, const int32_t *board, int32_t n_board)
{
    uint32_t suit_counts = 0; /* four 4-bit counters */
    uint32_t low_mask = 0;
    for (int32_t i = 0; i < n_board; i++) {
        suit_counts += hf_suit_nibble[board[i]];
        low_mask |= hf_low_bit(board[i]);
    }
    b->low_mask = low_mask;
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
    /* Bit 3 of a counter is set once it reaches 3 (counts are <= 5). At most
     * one suit can have three of five cards; 4 stands for none. */
    uint32_t three = (suit_counts + 0x5555u) & 0x8888u;
    int32_t suit = three ? (three > 0x8u) + (three > 0x80u) + (three > 0x800u) : 4;
    uint32_t flush_ranks = 0;
    const uint16_t *suited_bit = hf_suited_bit[suit];
    for (int32_t i = 0; i < n_board; i++)
        flush_ranks |= suited_bit[board[i]];
    b->flush_suit = suit;
    b->flush_ranks = flush_ranks;
}

/* For a caller that already has the board's row and low mask and knows no
 * suit has three cards (equity's running board enumeration): no flush. */
static inline void hf_board_set_no_flush(hf_board *b, const uint16_t *high_row, uint32_t low_mask)
{
    b->high_row = high_row;
    b->low_mask = low_mask;
    b->flush_suit = 4;
    b->flush_ranks = 0;
}

/* For a caller that knows the board's row, low mask and its one suit with
 * three or more cards, with their ranks (equity's grouped enumeration). */
static inline void hf_board_set_flush(hf_board *b, const uint16_t *high_row, uint32_t low_mask,
                                      int32_t flush_suit, uint32_t flush_ranks)
{
    b->high_row = high_row;
    b->low_mask = low_mask;
    b->flush_suit = flush_suit;
    b->flush_ranks = flush_ranks;
}

/* Start fetching the board's high-table row (91 uint16, up to four cache
 * lines) for a loop that prepares boards ahead of evaluating them: rows
 * are random in a table larger than the L1 cache. */
static inline void hf_board_prefetch(const hf_board *b)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(b->high_row);
    __builtin_prefetch(b->high_row + 32);
    __builtin_prefetch(b->high_row + 64);
    __builtin_prefetch(b->high_row + 90);
#else
    (void)b;
#endif
}

static inline uint32_t hf_drop_lowest(uint32_t bits) { return bits & (bits - 1); }

/* Best flush of two of hole_ranks (>= 2 bits) and three of board_ranks
 * (>= 3 bits), all of one suit. */
static inline int32_t hf_flush_best(uint32_t hole_ranks, uint32_t board_ranks)
{
    if (!hf_drop_lowest(hf_drop_lowest(hole_ranks))
        && !hf_drop_lowest(hf_drop_lowest(hf_drop_lowest(board_ranks))))
        return hf_flush_table[hole_ranks | board_ranks]; /* exactly 2 and 3: the usual case */
    int32_t best = 0x7fff;
    for (uint32_t x = hole_ranks; x; x &= x - 1)
        for (uint32_t y = x & (x - 1); y; y &= y - 1) {
            uint32_t pair = (x & (0u - x)) | (y & (0u - y));
            for (uint32_t p = board_ranks; p; p &= p - 1)
                for (uint32_t q = p & (p - 1); q; q &= q - 1)
                    for (uint32_t r = q & (q - 1); r; r &= r - 1) {
                        uint32_t triple = (p & (0u - p)) | (q & (0u - q)) | (r & (0u - r));
                        int32_t v = hf_flush_table[pair | triple];
                        if (v < best)
                            best = v;
                    }
        }
    return best;
}

static inline int32_t hf_board_high(const hf_board *b, const int32_t *hole, int32_t n_hole)
{
    const uint16_t *row = b->high_row;
    int32_t best = 0x7fff;
    uint32_t suited = 0; /* hole ranks in the board's flush suit */
    const uint16_t *suited_bit = hf_suited_bit[b->flush_suit];
    for (int32_t i = 0; i < n_hole; i++) {
        const uint8_t *pair_of = hf_card_pair_table + 52 * hole[i];
        for (int32_t j = i + 1; j < n_hole; j++) {
            int32_t v = row[pair_of[hole[j]]];
            best = v < best ? v : best;
        }
        suited |= suited_bit[hole[i]];
    }
    if (suited & (suited - 1)) { /* two or more: a flush is possible */
        int32_t v = hf_flush_best(suited, b->flush_ranks);
        best = v < best ? v : best;
    }
    return best;
}

/* A hole hand prepared once for many boards (a known hand against random
 * boards): its rank-pair indices and its ranks in each suit, so each board
 * costs the row lookups and one flush test, not the pair-table lookups. */
typedef struct {
    uint8_t pair[15];       /* rank-pair index of each pair of hole cards */
    uint16_t suited[5];     /* the hand's ranks in each suit; [4] (no flush suit) = 0 */
    uint32_t low_mask;      /* low mask of the hand */
} hf_hole;

static inline void hf_hole_prepare(hf_hole *h, const int32_t *hole, int32_t n_hole)
{
    int32_t k = 0;
    for (int32_t s = 0; s < 5; s++)
        h->suited[s] = 0;
    h->low_mask = 0;
    for (int32_t i = 0; i < n_hole; i++) {
        for (int32_t j = i + 1; j < n_hole; j++)
            h->pair[k++] = hf_card_pair_table[52 * hole[i] + hole[j]];
        h->suited[HF_SUIT(hole[i])] |= (uint16_t)(1u << HF_RANK(hole[i]));
        h->low_mask |= hf_low_bit(hole[i]);
    }
}

/* hf_board_high of a prepared hand of n_pairs pairs (6, 10 or 15). */
static inline int32_t hf_hole_high(const hf_board *b, const hf_hole *h, int32_t n_pairs)
{
    const uint16_t *row = b->high_row;
    int32_t best = 0x7fff;
    for (int32_t k = 0; k < n_pairs; k++) {
        int32_t v = row[h->pair[k]];
        best = v < best ? v : best;
    }
    uint32_t suited = h->suited[b->flush_suit];
    if (suited & (suited - 1)) {
        int32_t v = hf_flush_best(suited, b->flush_ranks);
        best = v < best ? v : best;
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
