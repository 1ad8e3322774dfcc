/* omaha.c: Omaha Hi-Lo, exactly two hole cards and three board cards. */
#include <stdint.h>
#include "cards.h"
#include "omaha_fast.h"

static int32_t check_hand(const int32_t *hole, int32_t n_hole,
                          const int32_t *board, int32_t n_board)
{
    if (!hole || !board || n_hole < 4 || n_hole > 6 || n_board < 3 || n_board > 5)
        return HF_ERR_COUNT;
    uint64_t seen = 0;
    int32_t err = hf_check_cards(hole, n_hole, &seen);
    return err ? err : hf_check_cards(board, n_board, &seen);
}

static uint32_t low_mask(const int32_t *cards, int32_t n)
{
    uint32_t mask = 0;
    for (int32_t i = 0; i < n; i++)
        mask |= hf_low_bit(cards[i]);
    return mask;
}

/* The best low needs no search: it is a lookup on the two low-rank masks. */
static int32_t omaha_low(const int32_t *hole, int32_t n_hole,
                         const int32_t *board, int32_t n_board)
{
    return hf_omaha_low_table[low_mask(hole, n_hole) << 8 | low_mask(board, n_board)];
}

/* The fast path (omaha_fast.h): one table row per board, one lookup per
 * hole pair. hf_omaha_best below keeps the plain 60-combination loop, the
 * reference the fast path is tested against. */
int32_t hf_omaha(const int32_t *hole, int32_t n_hole,
                 const int32_t *board, int32_t n_board)
{
    int32_t err = check_hand(hole, n_hole, board, n_board);
    if (err)
        return err;
    hf_board prepared;
    hf_board_prepare(&prepared, board, n_board);
    return hf_board_omaha(&prepared, hole, n_hole);
}

int32_t hf_omaha_bytes(const char *cards, int32_t n_hole, int32_t n_board)
{
    if (!cards || n_hole < 4 || n_hole > 6 || n_board < 3 || n_board > 5)
        return HF_ERR_COUNT;
    int32_t hole[6], board[5];
    for (int32_t i = 0; i < n_hole; i++)
        hole[i] = (unsigned char)cards[i];
    for (int32_t i = 0; i < n_board; i++)
        board[i] = (unsigned char)cards[n_hole + i];
    return hf_omaha(hole, n_hole, board, n_board);
}

int32_t hf_omaha_river4(const char *cards) { return cards ? hf_omaha_bytes(cards, 4, 5) : HF_ERR_COUNT; }
int32_t hf_omaha_river5(const char *cards) { return cards ? hf_omaha_bytes(cards, 5, 5) : HF_ERR_COUNT; }
int32_t hf_omaha_river6(const char *cards) { return cards ? hf_omaha_bytes(cards, 6, 5) : HF_ERR_COUNT; }

static void set_cards(int32_t out[5], int32_t h0, int32_t h1, int32_t b0, int32_t b1, int32_t b2)
{
    out[0] = h0; out[1] = h1; out[2] = b0; out[3] = b1; out[4] = b2;
}

int32_t hf_omaha_best(const int32_t *hole, int32_t n_hole,
                      const int32_t *board, int32_t n_board,
                      hf_hand *out)
{
    int32_t err = out ? check_hand(hole, n_hole, board, n_board) : HF_ERR_COUNT;
    if (err)
        return err;
    out->high = 0x7fff;
    out->low = omaha_low(hole, n_hole, board, n_board);
    set_cards(out->low_cards, -1, -1, -1, -1, -1);
    int low_found = 0;
    for (int32_t i = 0; i < n_hole; i++)
        for (int32_t j = i + 1; j < n_hole; j++)
            for (int32_t a = 0; a < n_board; a++)
                for (int32_t b = a + 1; b < n_board; b++)
                    for (int32_t c = b + 1; c < n_board; c++) {
                        int32_t h0 = hole[i], h1 = hole[j];
                        int32_t b0 = board[a], b1 = board[b], b2 = board[c];
                        int32_t v = hf_high5_unchecked(h0, h1, b0, b1, b2);
                        if (v < out->high) {
                            out->high = v;
                            set_cards(out->high_cards, h0, h1, b0, b1, b2);
                        }
                        if (out->low && !low_found
                            && hf_low5_unchecked(h0, h1, b0, b1, b2) == out->low) {
                            low_found = 1;
                            set_cards(out->low_cards, h0, h1, b0, b1, b2);
                        }
                    }
    return 0;
}
