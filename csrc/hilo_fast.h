/* hilo_fast.h: every function the C core exports, declarations only.
 *
 * cffi reads this file verbatim as its cdef, so it holds no #include, no
 * include guard and no macros; each C source includes <stdint.h> first.
 *
 * A card is an int 0..51 = rank * 4 + suit (rank 0 = deuce .. 12 = ace;
 * suit 0..3 = c, d, h, s). Every value is "lower is better":
 *   high: 1..7462 (Cactus Kev classes, 1 = royal flush, 7462 = 7-5-4-3-2)
 *   low:  1..56 (1 = 5-4-3-2-A, 56 = 8-7-6-5-4), 0 = no qualifying low.
 * Every function validates its cards (range, duplicates, counts) and returns
 * a negative HF_ERR_* code instead of touching memory out of bounds.
 */

enum {
    HF_ERR_CARD = -1,      /* a card outside 0..51 */
    HF_ERR_DUPLICATE = -2, /* the same card twice */
    HF_ERR_COUNT = -3      /* a wrong number of cards */
};

/* One Omaha hand fully described: both values and the five cards of each. */
typedef struct {
    int32_t high;
    int32_t low;
    int32_t high_cards[5]; /* two hole cards, then three board cards */
    int32_t low_cards[5];  /* the same, or all -1 when there is no low */
} hf_hand;

/* ---- 5-card evaluators (high5.c, low.c) ---- */

/* High value 1..7462 of exactly five cards, or HF_ERR_*. */
int32_t hf_high5(const int32_t cards[5]);

/* Low value 1..56 of exactly five cards, 0 if no qualifying low, or HF_ERR_*. */
int32_t hf_low5(const int32_t cards[5]);

/* ---- Omaha (omaha.c): exactly two hole cards and three board cards ---- */

/* Both halves of a hand: hole 4..6 cards, board 3..5 cards.
 * Returns high << 8 | low (high 1..7462, low 0..56), or HF_ERR_*:
 * one int, so a call from Python needs no output buffer. */
int32_t hf_omaha(const int32_t *hole, int32_t n_hole,
                 const int32_t *board, int32_t n_board);

/* As hf_omaha, and which five cards made each half. Of equal hands the
 * first in enumeration order wins (hole pairs, then board triples, each in
 * the order given, lexicographically). Returns 0 or HF_ERR_*. */
int32_t hf_omaha_best(const int32_t *hole, int32_t n_hole,
                      const int32_t *board, int32_t n_board,
                      hf_hand *out);
