/* range_equity.c: equity with players dealt from ranges (hilo_fast.h).
 *
 * The exhaustive loop walks the tuples of range rows and hands each valid
 * tuple to hf_equity_enumerate (equity.c) as known hands, so the boards are
 * enumerated by the one exhaustive engine. The Monte Carlo loop draws a
 * tuple by weight, redrawing collisions whole, then deals the random hands
 * and the board and settles the deal itself (per sample, a call into
 * equity.c would cost more than the deal). */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"
#include "equity_settle.h"
#include "equity_split.h"
#include "draw.h"

#define MAX_PLAYERS 10
#define MAX_DEALS ((int64_t)1 << 62)

typedef struct {
    int32_t n_players, n_hole, n_board;
    int32_t hands[MAX_PLAYERS][6];   /* known hands; range and random hands once dealt */
    uint32_t hand_low[MAX_PLAYERS];  /* low mask of each hand (for the low table) */
    uint32_t keep_low;               /* ~0, or 0 in high only: no hand has a low card */
    int32_t kind[MAX_PLAYERS];       /* KNOWN, RANDOM or RANGE */
    int32_t board[5];
    uint64_t known;                  /* known hands, board and dead cards */
    int32_t n_ranges, n_random;
    int32_t range_player[MAX_PLAYERS];
    int64_t rest;                    /* deals of random hands and board per tuple */
} range_spot;

enum { KNOWN, RANDOM, RANGE };

static uint32_t low_mask(const int32_t *hand, int32_t n)
{
    uint32_t mask = 0;
    for (int32_t i = 0; i < n; i++)
        mask |= hf_low_bit(hand[i]);
    return mask;
}

static int32_t count_bits(uint64_t x)
{
    int32_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Validate the spot and count the deals a tuple leaves (rest). */
static int32_t make_range_spot(range_spot *s, const int32_t *holes, int32_t n_players,
                               int32_t n_hole, const int32_t *board, int32_t n_board,
                               const int32_t *dead, int32_t n_dead, const hf_range *ranges,
                               int32_t high_only)
{
    if (n_players < 2 || n_players > MAX_PLAYERS || n_hole < 4 || n_hole > 6
        || !(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0 || n_dead > 52
        || !holes || !ranges || (n_board && !board) || (n_dead && !dead))
        return HF_ERR_COUNT;
    memset(s, 0, sizeof *s);
    s->n_players = n_players;
    s->n_hole = n_hole;
    s->n_board = n_board;
    s->keep_low = high_only ? 0 : ~0u;
    int32_t err;
    for (int32_t p = 0; p < n_players; p++) {
        const int32_t *hand = holes + p * n_hole;
        const hf_range *r = ranges + p;
        if (r->n_combos < 0 || (r->n_combos > 0 && (!r->combos || !r->cumulative)))
            return HF_ERR_COUNT;
        if (!hf_is_random_hand(hand, n_hole)) {
            if (r->n_combos)
                return HF_ERR_COUNT;  /* a range player's cards are -1s */
            if ((err = hf_check_cards(hand, n_hole, &s->known)) != 0)
                return err;
            memcpy(s->hands[p], hand, (size_t)n_hole * sizeof(int32_t));
            s->hand_low[p] = low_mask(hand, n_hole) & s->keep_low;
            s->kind[p] = KNOWN;
        } else if (r->n_combos) {
            s->kind[p] = RANGE;
            s->range_player[s->n_ranges++] = p;
        } else {
            s->kind[p] = RANDOM;
            s->n_random++;
        }
    }
    if ((err = hf_check_cards(board, n_board, &s->known)) != 0
        || (err = hf_check_cards(dead, n_dead, &s->known)) != 0)
        return err;
    if (n_board)
        memcpy(s->board, board, (size_t)n_board * sizeof(int32_t));
    int32_t left = 52 - count_bits(s->known) - s->n_ranges * n_hole;
    int64_t rest = 1;
    for (int32_t i = 0; i <= s->n_random; i++) {
        int32_t size = i < s->n_random ? n_hole : 5 - n_board;
        int64_t c = hf_choose(left, size);
        if (c == 0 || rest > MAX_DEALS / c)
            return HF_ERR_COUNT;
        rest *= c;
        left -= size;
    }
    s->rest = rest;
    return 0;
}

static int64_t tuple_count(const range_spot *s, const hf_range *ranges)
{
    int64_t total = 1;
    for (int32_t i = 0; i < s->n_ranges; i++) {
        int64_t m = ranges[s->range_player[i]].n_combos;
        if (total > MAX_DEALS / m)
            return HF_ERR_COUNT;
        total *= m;
    }
    return total;
}

int64_t hf_range_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                       const int32_t *board, int32_t n_board,
                       const int32_t *dead, int32_t n_dead, const hf_range *ranges)
{
    range_spot s;
    int32_t err = make_range_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead,
                                  ranges, 0);
    if (err)
        return err;
    int64_t tuples = tuple_count(&s, ranges);
    if (tuples < 0 || tuples > MAX_DEALS / s.rest)
        return HF_ERR_COUNT;
    return tuples * s.rest;
}

/* Put row `row` of player p's range in its hand unless it hits *used:
 * 1 when placed (its cards added to *used), 0 on a collision, HF_ERR_CARD
 * for a card outside 0..51. */
static int32_t place_row(range_spot *s, const hf_range *r, int32_t p, int64_t row, uint64_t *used)
{
    const uint8_t *cards = r->combos + row * s->n_hole;
    uint64_t mine = 0;
    for (int32_t i = 0; i < s->n_hole; i++) {
        if (cards[i] > 51)
            return HF_ERR_CARD;
        uint64_t bit = (uint64_t)1 << cards[i];
        if ((*used | mine) & bit)
            return 0;
        mine |= bit;
        s->hands[p][i] = cards[i];
    }
    *used |= mine;
    s->hand_low[p] = low_mask(s->hands[p], s->n_hole) & s->keep_low;
    return 1;
}

static int64_t row_weight(const hf_range *r, int64_t row)
{
    return row ? r->cumulative[row] - r->cumulative[row - 1] : r->cumulative[0];
}

/* The weight of the tuple sums, checked: 0 when some product could overflow. */
static int64_t max_weight_product(const range_spot *s, const hf_range *ranges, int64_t bound)
{
    int64_t product = 1;
    for (int32_t i = 0; i < s->n_ranges; i++) {
        const hf_range *r = ranges + s->range_player[i];
        int64_t most = 0;
        for (int64_t row = 0; row < r->n_combos; row++) {
            int64_t w = row_weight(r, row);
            if (w <= 0)
                return 0;
            most = w > most ? w : most;
        }
        if (product > bound / most)
            return 0;
        product *= most;
    }
    return product;
}

static void add_weighted(hf_equity_tally *to, const hf_equity_tally *from, int32_t n_players,
                         int64_t w)
{
    to->deals += w * from->deals;
    to->no_low += w * from->no_low;
    for (int32_t p = 0; p < n_players; p++) {
        to->share[p] += w * from->share[p];
        to->scoop[p] += w * from->scoop[p];
        to->win_high[p] += w * from->win_high[p];
        to->tie_high[p] += w * from->tie_high[p];
        to->win_low[p] += w * from->win_low[p];
        to->tie_low[p] += w * from->tie_low[p];
    }
}

int32_t hf_range_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                           const int32_t *board, int32_t n_board,
                           const int32_t *dead, int32_t n_dead, const hf_range *ranges,
                           int32_t high_only, int64_t first, int64_t count,
                           hf_range_tally *out)
{
    range_spot s;
    int32_t err = make_range_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead,
                                  ranges, high_only);
    if (err)
        return err;
    int64_t tuples = tuple_count(&s, ranges);
    if (!out || tuples < 0 || tuples > MAX_DEALS / s.rest || first < 0 || count < 0
        || count > HF_EQUITY_MAX_COUNT || first > tuples * s.rest - count)
        return HF_ERR_COUNT;
    memset(out, 0, sizeof *out);
    if (!count)
        return 0;
    if (!max_weight_product(&s, ranges, MAX_DEALS / HF_EQUITY_POT / count))
        return HF_ERR_COUNT;
    int32_t flat[MAX_PLAYERS * 6];
    for (int64_t pos = first, left = count; left > 0;) {
        int64_t tuple = pos / s.rest, offset = pos % s.rest;
        int64_t n = s.rest - offset < left ? s.rest - offset : left;
        uint64_t used = s.known;
        int64_t weight = 1;
        int32_t valid = 1;
        for (int32_t i = s.n_ranges - 1; i >= 0; i--) {  /* the last range turns fastest */
            int32_t p = s.range_player[i];
            const hf_range *r = ranges + p;
            int64_t row = tuple % r->n_combos;
            tuple /= r->n_combos;
            int32_t placed = valid ? place_row(&s, r, p, row, &used) : 0;
            if (placed < 0)
                return placed;
            valid = placed;
            weight *= valid ? row_weight(r, row) : 1;
        }
        if (valid) {
            for (int32_t p = 0; p < n_players; p++)
                for (int32_t i = 0; i < n_hole; i++)
                    flat[p * n_hole + i] = s.kind[p] == RANDOM ? -1 : s.hands[p][i];
            hf_equity_tally sub;
            err = hf_equity_enumerate_split(flat, n_players, n_hole, board, n_board, dead,
                                            n_dead, high_only, offset, n, &sub);
            if (err)
                return err;
            add_weighted(&out->tally, &sub, n_players, weight);
            out->settled += sub.deals;
        }
        pos += n;
        left -= n;
    }
    return 0;
}

/* ---- Monte Carlo ---- */

/* A row drawn by weight: a uniform value below the total weight, then the
 * first row whose running sum is above it (with every weight 1, the value
 * itself: what the search would find). */
static int64_t draw_row(uint64_t *state, const hf_range *r)
{
    uint64_t x = below(state, (uint64_t)r->cumulative[r->n_combos - 1]);
    if ((uint64_t)r->cumulative[r->n_combos - 1] == (uint64_t)r->n_combos)
        return (int64_t)x;
    /* A branchless binary search (each step halves the rows left; a
     * coin-flip branch would mispredict). */
    const int64_t *base = r->cumulative;
    int64_t n = r->n_combos;
    while (n > 1) {
        int64_t half = n / 2;
        base = (uint64_t)base[half - 1] > x ? base : base + half;
        n -= half;
    }
    return base - r->cumulative;
}

/* The unknown cards and a batched plan for draws below their number
 * (draw.h): one splitmix64 word gives per_word uniform indices. */
typedef struct {
    int32_t cards[52];
    int32_t n, per_word;
    uint64_t product, threshold;  /* n^per_word, 2^64 mod that */
} range_deck;

static void make_range_deck(range_deck *d, uint64_t known)
{
    d->n = 0;
    for (int32_t c = 0; c < 52; c++)
        if (!(known >> c & 1))
            d->cards[d->n++] = c;
    d->product = 1;
    d->per_word = 0;
    while (d->n && d->per_word < 64 && d->product <= UINT64_MAX / (uint64_t)d->n) {
        d->product *= (uint64_t)d->n;
        d->per_word++;
    }
    d->threshold = (0 - d->product) % d->product;
}

/* One Monte Carlo deal, dealt and its board prepared, waiting to be settled. */
typedef struct {
    int32_t hands[MAX_PLAYERS][6];
    uint32_t hand_low[MAX_PLAYERS];
    hf_board prepared;
} range_deal;

/* Deal the next sample into d: a tuple of range rows by weight (a colliding
 * tuple redrawn whole), then the random hands and the board. The random
 * stream is consumed in the same order as the pure twin's range_sample. */
static int32_t next_range_deal(range_spot *s, const hf_range *ranges, uint64_t *state,
                               const range_deck *deck, int32_t needed, range_deal *d)
{
    uint64_t used;
    for (int32_t rejects = 0;; rejects++) {
        if (rejects == HF_RANGE_MAX_REJECTS)
            return HF_ERR_RANGE_CLASH;
        used = s->known;
        int32_t placed = 1;
        for (int32_t i = 0; i < s->n_ranges && placed == 1; i++) {
            int32_t p = s->range_player[i];
            placed = place_row(s, ranges + p, p, draw_row(state, ranges + p), &used);
        }
        if (placed < 0)
            return placed;
        if (placed)
            break;
    }
    /* The random hands and the board: unknown cards drawn uniformly with
     * batched draws, a card already dealt (or a range hand's) drawn again:
     * each card dealt is uniform over the cards still free. No deck is
     * shuffled, so nothing has to be moved out of the range hands' way. */
    int32_t dealt[52];
    uint64_t r = 0;
    for (int32_t got = 0, left = 0; got < needed; left--) {
        if (!left) {
            do
                r = splitmix64(state);
            while (r * deck->product < deck->threshold);
            left = deck->per_word;
        }
        int32_t card = deck->cards[mul_hi_lo(r, (uint64_t)deck->n, &r)];
        uint64_t bit = (uint64_t)1 << card;
        dealt[got] = card;     /* kept (got moves on) only when free: */
        got += !(used & bit);  /* branchless, as a refusal is unpredictable */
        used |= bit;
    }
    int32_t at = 0;
    for (int32_t p = 0; p < s->n_players; p++)
        if (s->kind[p] == RANDOM) {
            for (int32_t k = 0; k < s->n_hole; k++)
                s->hands[p][k] = dealt[at++];
            s->hand_low[p] = low_mask(s->hands[p], s->n_hole) & s->keep_low;
        }
    for (int32_t k = s->n_board; k < 5; k++)
        s->board[k] = dealt[at++];
    for (int32_t p = 0; p < s->n_players; p++) {
        memcpy(d->hands[p], s->hands[p], sizeof d->hands[p]);
        d->hand_low[p] = s->hand_low[p];
    }
    hf_board_prepare(&d->prepared, s->board, 5);
    hf_board_prefetch(&d->prepared);
    return 0;
}

/* The Monte Carlo loop, as equity.c's sample_deals does it: each deal is
 * dealt one step ahead of its settlement, so its high-table row (a random
 * row of a 1.1 MB table) arrives while the previous deal is settled, and up
 * to HF_OUTCOME_PLAYERS players the deals are counted by outcome and
 * settled once at the end (the same tally, integer sums). The deals and
 * their order are those of dealing and settling one at a time. */
int32_t hf_range_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead, const hf_range *ranges,
                        int32_t high_only, uint64_t seed, int64_t count, hf_range_tally *out)
{
    range_spot s;
    int32_t err = make_range_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead,
                                  ranges, high_only);
    if (err)
        return err;
    if (!out || count < 0 || count > HF_EQUITY_MAX_COUNT)
        return HF_ERR_COUNT;
    for (int32_t i = 0; i < s.n_ranges; i++) {
        const hf_range *r = ranges + s.range_player[i];
        if (r->cumulative[r->n_combos - 1] <= 0)
            return HF_ERR_COUNT;
    }
    memset(out, 0, sizeof *out);
    uint64_t state = seed;
    range_deck deck;
    make_range_deck(&deck, s.known);
    int32_t needed = s.n_random * n_hole + 5 - n_board;  /* free cards suffice: make_range_spot */
    hf_outcomes outcomes;
    hf_outcomes *by_outcome = n_players <= HF_OUTCOME_PLAYERS ? &outcomes : NULL;
    if (by_outcome)
        memset(&outcomes, 0, sizeof outcomes);
    range_deal deals[2];
    if (count && (err = next_range_deal(&s, ranges, &state, &deck, needed, &deals[0])) != 0)
        return err;
    for (int64_t n = 0; n < count; n++) {
        const range_deal *d = &deals[n & 1];
        if (n + 1 < count && (err = next_range_deal(&s, ranges, &state, &deck, needed,
                                                    &deals[(n + 1) & 1])) != 0)
            return err;
        hf_settle_board(n_players, d->hands, n_hole, d->hand_low, &d->prepared, by_outcome,
                        &out->tally);
    }
    if (by_outcome)
        hf_outcomes_settle(&outcomes, n_players, &out->tally);
    out->settled = count;
    return 0;
}
