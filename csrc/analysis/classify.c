/* classify.c: board-aware hand classes (hf_classify, hf_classify_many).
 *
 * What each field means is written once, in csrc/hilo_fast.h (hf_class) and
 * in hilo_fast/analysis/classes.py; the pure twin is
 * hilo_fast/analysis/_py_backend.py. Ranks of made hands count distinct
 * values of every two-card hole of the unseen cards (not the hero's, the
 * board's or the dead): the high by evaluating each such pair once, the low
 * by rank pairs alone (a low depends only on ranks).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"

#define N_HIGH_WORDS ((7462 + 64) / 64)

/* Portable (no compiler builtin): a handful of calls per hand. */
static int32_t popcount64(uint64_t x)
{
    int32_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The pairs of cards left after the board and the dead: each pair's high with
 * the board and its two cards as a mask, computed once per board. */
typedef struct {
    int32_t n;
    int32_t value[1326];
    uint64_t mask[1326];
} pair_values;

static void prepare_pairs(const hf_board *b, uint64_t left, pair_values *pairs)
{
    int32_t cards[52], n = 0;
    for (int32_t c = 0; c < 52; c++)
        if (left >> c & 1)
            cards[n++] = c;
    pairs->n = 0;
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++) {
            int32_t two[2] = { cards[i], cards[j] };
            pairs->value[pairs->n] = hf_board_high(b, two, 2);
            pairs->mask[pairs->n] = (uint64_t)1 << cards[i] | (uint64_t)1 << cards[j];
            pairs->n++;
        }
}

/* 1 + distinct pair values below `high` among pairs holding no `taken` card. */
static int32_t high_rank(const pair_values *pairs, uint64_t taken, int32_t high)
{
    uint64_t seen[N_HIGH_WORDS];
    memset(seen, 0, sizeof seen);
    int32_t better = 0;
    for (int32_t k = 0; k < pairs->n; k++) {
        int32_t v = pairs->value[k];
        if (v < high && !(pairs->mask[k] & taken)) {
            uint64_t bit = (uint64_t)1 << (v & 63);
            better += !(seen[v >> 6] & bit);
            seen[v >> 6] |= bit;
        }
    }
    return 1 + better;
}

/* 1 + distinct lows below `low` (1..56) that a pair of distinct low ranks,
 * each with a card left (avail[i] > 0, i = low bit: 0 ace .. 7 eight), makes. */
static int32_t low_rank(const int32_t avail[8], uint32_t board_low, int32_t low)
{
    uint64_t seen = 0;
    for (int32_t i = 0; i < 8; i++) {
        if (!avail[i])
            continue;
        for (int32_t j = i + 1; j < 8; j++) {
            if (!avail[j])
                continue;
            int32_t v = hf_omaha_low_table[((1u << i) | (1u << j)) << 8 | board_low];
            if (v && v < low)
                seen |= (uint64_t)1 << v;
        }
    }
    return 1 + popcount64(seen);
}

static int32_t popcount13(uint32_t x) { return popcount64(x & 0x1fffu); }

/* Top rank (3 = five-high .. 12 = ace-high) of the best straight of two ranks
 * of `hole` and three of `board` (rank masks), or -1. */
static int32_t best_straight(uint32_t hole, uint32_t board)
{
    for (int32_t top = 12; top >= 3; top--) {
        uint32_t s = top == 3 ? 0x100fu : 0x1fu << (top - 4);
        uint32_t missing = s & ~board;  /* ranks the hole must give */
        if (popcount13(missing) <= 2 && !(missing & ~hole) && popcount13(s & hole) >= 2)
            return top;
    }
    return -1;
}

/* Classify one hand: `taken` = hero | board | dead cards, `pairs` the pair
 * values of the cards outside the board and the dead. */
static void classify_one(const hf_board *b, const pair_values *pairs, const int32_t *hole,
                         int32_t n_hole, const int32_t *board, int32_t n_board,
                         uint64_t board_dead, hf_class *out)
{
    uint64_t hero = 0;
    for (int32_t i = 0; i < n_hole; i++)
        hero |= (uint64_t)1 << hole[i];
    uint64_t unseen = ~(board_dead | hero) & (((uint64_t)1 << 52) - 1);
    memset(out, 0, sizeof *out);

    out->high = hf_board_high(b, hole, n_hole);
    out->high_rank = high_rank(pairs, hero, out->high);

    /* Cards per rank and suit: unseen, the hero's, the board's. */
    int32_t unseen_rank[13] = { 0 }, unseen_suit[4] = { 0 }, board_suit[4] = { 0 }, hero_suit[4] = { 0 };
    for (int32_t c = 0; c < 52; c++)
        if (unseen >> c & 1) {
            unseen_rank[HF_RANK(c)]++;
            unseen_suit[HF_SUIT(c)]++;
        }
    uint32_t hole_ranks = 0, board_ranks = 0, hole_low = 0, board_low = 0;
    for (int32_t i = 0; i < n_hole; i++) {
        hero_suit[HF_SUIT(hole[i])]++;
        hole_ranks |= 1u << HF_RANK(hole[i]);
        hole_low |= hf_low_bit(hole[i]);
    }
    for (int32_t i = 0; i < n_board; i++) {
        board_suit[HF_SUIT(board[i])]++;
        board_ranks |= 1u << HF_RANK(board[i]);
        board_low |= hf_low_bit(board[i]);
    }
    int32_t avail[8];  /* unseen cards per low bit: ace, then 2..8 (ranks 0..6) */
    avail[0] = unseen_rank[12];
    for (int32_t i = 1; i < 8; i++)
        avail[i] = unseen_rank[i - 1];

    int32_t low = hf_omaha_low_table[hole_low << 8 | board_low];
    out->low = low;
    out->low_rank = low ? low_rank(avail, board_low, low) : 0;
    int32_t more = n_board < 5;

    /* Flushes: the highest card of a suit outside the board and the dead. */
    int32_t has_flush = 0;
    for (int32_t s = 0; s < 4; s++)
        has_flush |= board_suit[s] >= 3 && hero_suit[s] >= 2;
    for (int32_t s = 0; s < 4; s++) {
        int32_t top = -1;
        for (int32_t r = 12; r >= 0 && top < 0; r--)
            if (!(board_dead >> (4 * r + s) & 1))
                top = 4 * r + s;
        int32_t hero_top = top >= 0 && (hero >> top & 1);
        int32_t live_suit = board_suit[s] >= 3 || (board_suit[s] == 2 && more);
        if (live_suit && hero_top)
            out->nut_flush_blocker = 1;
        if (more && !has_flush && board_suit[s] == 2 && hero_suit[s] >= 2) {
            out->flush_outs += unseen_suit[s];
            if (hero_top)
                out->nut_flush_draw = 1;
        }
    }

    /* Low blocker: the two lowest low ranks off the board, when a low can still come. */
    if (popcount13(board_low) + (5 - n_board) >= 3) {
        uint32_t free_low = ~board_low & 0xffu;
        uint32_t first = free_low & (0u - free_low);
        uint32_t rest = free_low & ~first;
        uint32_t second = rest & (0u - rest);
        out->nut_low_blocker = (hole_low & first) && (hole_low & second);
    }

    if (!more)
        return;
    /* Straights: each rank that would give a better straight than now. */
    int32_t straight = best_straight(hole_ranks, board_ranks);
    for (int32_t r = 0; r < 13; r++)
        if (unseen_rank[r] && best_straight(hole_ranks, board_ranks | 1u << r) > straight) {
            out->straight_ranks++;
            out->straight_outs += unseen_rank[r];
        }
    /* Lows after one more card: only low cards change anything. */
    for (int32_t i = 0; i < 8; i++) {
        if (!avail[i])
            continue;
        uint32_t next_board = board_low | 1u << i;
        int32_t next_low = hf_omaha_low_table[hole_low << 8 | next_board];
        avail[i]--;
        int32_t next_rank = next_low ? low_rank(avail, next_board, next_low) : 0;
        avail[i]++;
        if (!low && next_low)
            out->low_outs += avail[i];
        if (next_rank == 1 && out->low_rank != 1)
            out->nut_low_outs += avail[i];
        if (low && (hole_low >> i & 1) && next_rank > out->low_rank)
            out->low_counterfeit += avail[i];
    }
}

static int32_t check_spot(const int32_t *board, int32_t n_board, const int32_t *dead,
                          int32_t n_dead, int32_t n_hole, uint64_t *seen)
{
    if (!board || n_board < 3 || n_board > 5 || n_hole < 4 || n_hole > 6
        || n_dead < 0 || n_dead > 52 || (n_dead && !dead))
        return HF_ERR_COUNT;
    int32_t err = hf_check_cards(board, n_board, seen);
    return err ? err : hf_check_cards(dead, n_dead, seen);
}

int32_t hf_classify(const int32_t *hole, int32_t n_hole, const int32_t *board, int32_t n_board,
                    const int32_t *dead, int32_t n_dead, hf_class *out)
{
    int64_t bad_row;
    return hf_classify_many(hole, 1, n_hole, board, n_board, dead, n_dead, out, &bad_row);
}

int32_t hf_classify_many(const int32_t *holes, int64_t n_rows, int32_t n_hole,
                         const int32_t *board, int32_t n_board,
                         const int32_t *dead, int32_t n_dead, hf_class *out, int64_t *bad_row)
{
    uint64_t board_dead = 0;
    if (!bad_row)
        return HF_ERR_COUNT;
    *bad_row = -1;
    int32_t err = check_spot(board, n_board, dead, n_dead, n_hole, &board_dead);
    if (err)
        return err;
    if (n_rows < 0 || (n_rows && (!holes || !out)))
        return HF_ERR_COUNT;
    for (int64_t row = 0; row < n_rows; row++) {
        uint64_t seen = board_dead;
        err = hf_check_cards(holes + row * n_hole, n_hole, &seen);
        if (err) {
            *bad_row = row;
            return err;
        }
    }
    hf_board b;
    hf_board_prepare(&b, board, n_board);
    pair_values *pairs = malloc(sizeof *pairs);  /* 16 KB: off the stack */
    if (!pairs)
        return HF_ERR_COUNT;
    prepare_pairs(&b, ~board_dead & (((uint64_t)1 << 52) - 1), pairs);
    for (int64_t row = 0; row < n_rows; row++)
        classify_one(&b, pairs, holes + row * n_hole, n_hole, board, n_board, board_dead,
                     out + row);
    free(pairs);
    return 0;
}
