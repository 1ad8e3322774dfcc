/* batch.c: Omaha Hi-Lo over many rows, validated first, then evaluated
 * with the fast evaluator (omaha_fast.h). cffi releases the GIL during the
 * call, so Python threads can run disjoint row ranges at once. */
#include <stddef.h>
#include <stdint.h>
#include "cards.h"
#include "omaha_fast.h"

/* 0 if the row's cards are in 0..51 and distinct. Branch-free over the
 * cards: distinct cards' bits add up to their OR (a duplicate carries);
 * cards 52..63 set a bit at 52 or above; any other value has bits above
 * 5 in the OR of the cards. Only a bad row pays for hf_check_cards to
 * name its error. */
static inline int32_t check_row(const int32_t *hole, int32_t n_hole,
                                const int32_t *board, int32_t n_board)
{
    uint64_t sum = 0, any = 0;
    uint32_t values = 0;
    for (int32_t i = 0; i < n_hole; i++) {
        uint64_t bit = (uint64_t)1 << (hole[i] & 63);
        sum += bit;
        any |= bit;
        values |= (uint32_t)hole[i];
    }
    for (int32_t i = 0; i < n_board; i++) {
        uint64_t bit = (uint64_t)1 << (board[i] & 63);
        sum += bit;
        any |= bit;
        values |= (uint32_t)board[i];
    }
    if ((sum == any) & (any >> 52 == 0) & (values < 64u))
        return 0;
    uint64_t seen = 0;
    int32_t err = hf_check_cards(hole, n_hole, &seen);
    return err ? err : hf_check_cards(board, n_board, &seen);
}

static int32_t check_shape(const int32_t *holes, int32_t n_hole,
                           const int32_t *boards, int32_t n_board,
                           int64_t n_rows, const int64_t *bad_row)
{
    if (!bad_row || n_rows < 0 || n_hole < 4 || n_hole > 6 || n_board < 3 || n_board > 5
        || (n_rows > 0 && (!holes || !boards)))
        return HF_ERR_COUNT;
    return 0;
}

/* The row loop with the sizes as constants once inlined, so the card loops
 * unroll (batch_rows is called with literal sizes below). With `rowwise`,
 * no pass over all the rows first: each row is checked as it is prepared,
 * AHEAD rows before it is evaluated (while its cards are in the L1 cache),
 * and a bad row stops the loop with the rows before it written. */
static inline int32_t batch_rows(const int32_t *holes, const int32_t n_hole,
                                 const int32_t *boards, const int32_t n_board,
                                 int64_t n_rows, int32_t *out_high, int32_t *out_low,
                                 int64_t *bad_row, const int rowwise)
{
    for (int64_t i = 0; !rowwise && i < n_rows; i++) {
        int32_t err = check_row(holes + i * n_hole, n_hole, boards + i * n_board, n_board);
        if (err) {
            *bad_row = i;
            return err;
        }
    }
    if (!out_high)
        return 0; /* checking only */
    /* Each board is prepared AHEAD rows before its hand is evaluated, and
     * its table row prefetched: a random row of a table larger than the L1
     * cache, whose fetch would otherwise stall every hand. */
    enum { AHEAD = 8 };
    hf_board ready[AHEAD];
    for (int64_t i = 0; i < n_rows + AHEAD; i++) {
        int64_t k = i - AHEAD;  /* evaluated first: its slot is row i's */
        if (k >= 0) {
            const int32_t *hole = holes + k * n_hole;
            const hf_board *b = &ready[k % AHEAD];
            out_high[k] = hf_board_high(b, hole, n_hole);
            out_low[k] = hf_board_low(b, hole, n_hole);
        }
        if (i < n_rows) {
            int32_t err = rowwise ? check_row(holes + i * n_hole, n_hole,
                                              boards + i * n_board, n_board) : 0;
            if (err) {
                *bad_row = i;
                return err;
            }
            hf_board *b = &ready[i % AHEAD];
            hf_board_prepare(b, boards + i * n_board, n_board);
            hf_board_prefetch(b);
        }
    }
    return 0;
}

#define HF_BOARD_SIZES(nh, rw) \
    case nh * 8 + 3: return batch_rows(holes, nh, boards, 3, n_rows, out_high, out_low, bad_row, rw); \
    case nh * 8 + 4: return batch_rows(holes, nh, boards, 4, n_rows, out_high, out_low, bad_row, rw); \
    case nh * 8 + 5: return batch_rows(holes, nh, boards, 5, n_rows, out_high, out_low, bad_row, rw);

static int32_t dispatch(const int32_t *holes, int32_t n_hole,
                        const int32_t *boards, int32_t n_board,
                        int64_t n_rows, int32_t *out_high, int32_t *out_low,
                        int64_t *bad_row, int rowwise)
{
    int32_t err = check_shape(holes, n_hole, boards, n_board, n_rows, bad_row);
    if (err)
        return err;
    if (rowwise && out_high) {
        switch (n_hole * 8 + n_board) {
            HF_BOARD_SIZES(4, 1)
            HF_BOARD_SIZES(5, 1)
            HF_BOARD_SIZES(6, 1)
        }
        return HF_ERR_COUNT;
    }
    switch (n_hole * 8 + n_board) {
        HF_BOARD_SIZES(4, 0)
        HF_BOARD_SIZES(5, 0)
        HF_BOARD_SIZES(6, 0)
    }
    return HF_ERR_COUNT;
}
#undef HF_BOARD_SIZES

int32_t hf_check_batch(const int32_t *holes, int32_t n_hole,
                       const int32_t *boards, int32_t n_board,
                       int64_t n_rows, int64_t *bad_row)
{
    return dispatch(holes, n_hole, boards, n_board, n_rows, NULL, NULL, bad_row, 0);
}

/* Whether [a, a + na) and [b, b + nb) share an int32 (compared as
 * addresses: the buffers may be unrelated objects). */
static int overlaps(const int32_t *a, int64_t na, const int32_t *b, int64_t nb)
{
    uintptr_t a0 = (uintptr_t)a, b0 = (uintptr_t)b;
    return a0 < b0 + (uintptr_t)nb * sizeof *b && b0 < a0 + (uintptr_t)na * sizeof *a;
}

/* The checks both entry points make before the rows: outputs given, and
 * laid over neither the inputs nor each other (an output over the cards
 * would feed the evaluator values written after they were checked). */
static int32_t check_outputs(const int32_t *holes, int32_t n_hole,
                             const int32_t *boards, int32_t n_board,
                             int64_t n_rows, const int32_t *out_high, const int32_t *out_low)
{
    if (n_rows > 0 && (!out_high || !out_low))
        return HF_ERR_COUNT;
    if (n_rows > 0 && n_hole >= 4 && n_hole <= 6 && n_board >= 3 && n_board <= 5
        && (overlaps(out_high, n_rows, holes, n_rows * n_hole)
            || overlaps(out_high, n_rows, boards, n_rows * n_board)
            || overlaps(out_low, n_rows, holes, n_rows * n_hole)
            || overlaps(out_low, n_rows, boards, n_rows * n_board)
            || overlaps(out_high, n_rows, out_low, n_rows)))
        return HF_ERR_COUNT;
    return 0;
}

int32_t hf_omaha_batch(const int32_t *holes, int32_t n_hole,
                       const int32_t *boards, int32_t n_board,
                       int64_t n_rows, int32_t *out_high, int32_t *out_low,
                       int64_t *bad_row)
{
    /* Cards are checked once, before any output is written. Overlaps are
     * refused here too, so no C caller can make it read out of bounds. */
    int32_t err = check_outputs(holes, n_hole, boards, n_board, n_rows, out_high, out_low);
    return err ? err : dispatch(holes, n_hole, boards, n_board, n_rows, out_high, out_low,
                                bad_row, 0);
}

int32_t hf_omaha_batch_rows(const int32_t *holes, int32_t n_hole,
                            const int32_t *boards, int32_t n_board,
                            int64_t n_rows, int32_t *out_high, int32_t *out_low,
                            int64_t *bad_row)
{
    int32_t err = check_outputs(holes, n_hole, boards, n_board, n_rows, out_high, out_low);
    return err ? err : dispatch(holes, n_hole, boards, n_board, n_rows, out_high, out_low,
                                bad_row, 1);
}
