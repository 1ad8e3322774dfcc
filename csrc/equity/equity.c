/* equity.c: exhaustive and Monte Carlo Omaha Hi-Lo equity.
 *
 * Both loops deal cards and settle each deal into an integer tally. A deal
 * is: each random player's hand, then the missing board cards, drawn from
 * the unknown cards. Each board is prepared once for all players
 * (omaha_fast.h: its high-table row, low mask and flush suit). With up to
 * HF_OUTCOME_PLAYERS players the deals are counted by outcome and settled
 * once per outcome at the end (equity_settle.h). */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"
#include "equity_settle.h"
#include "equity_split.h"
#include "draw.h"

#define MAX_PLAYERS 10
#define MAX_SLOTS (MAX_PLAYERS + 1)
#define BOARD_SLOT (-1)
#define MAX_DEALS ((int64_t)1 << 62)

typedef struct {
    int32_t n_players, n_hole;
    int32_t hole[MAX_PLAYERS][6];
    uint32_t hole_low[MAX_PLAYERS];   /* low mask of each hand (0 for all in high only) */
    int32_t high_only;                /* Omaha high: no hand makes a low */
    int32_t board[5];
    int32_t n_board;                  /* known board cards */
    int32_t deck[52];                 /* unknown cards, ascending */
    int32_t n_deck;
    int32_t n_slots;                  /* random hands, then the board */
    int32_t slot_owner[MAX_SLOTS];    /* player index or BOARD_SLOT */
    int32_t slot_size[MAX_SLOTS];
} spot;

/* ---- validation and set-up ---- */

static void set_hole_low(spot *s, int32_t p)
{
    uint32_t mask = 0;
    for (int32_t i = 0; i < s->n_hole; i++)
        mask |= hf_low_bit(s->hole[p][i]);
    s->hole_low[p] = s->high_only ? 0 : mask;  /* no low cards in hand: no low */
}

/* Validate the cards and lay out the deal; random hands stay zeroed until dealt. */
static int32_t make_spot(spot *s, const int32_t *holes, int32_t n_players, int32_t n_hole,
                         const int32_t *board, int32_t n_board,
                         const int32_t *dead, int32_t n_dead)
{
    if (n_players < 2 || n_players > MAX_PLAYERS || n_hole < 4 || n_hole > 6
        || !(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0 || n_dead > 52
        || !holes || (n_board && !board) || (n_dead && !dead))
        return HF_ERR_COUNT;
    uint64_t seen = 0;
    int32_t err;
    memset(s, 0, sizeof *s);
    s->n_players = n_players;
    s->n_hole = n_hole;
    s->n_slots = 0;
    int32_t needed = 5 - n_board;
    for (int32_t p = 0; p < n_players; p++) {
        const int32_t *hand = holes + p * n_hole;
        if (hf_is_random_hand(hand, n_hole)) {
            s->slot_owner[s->n_slots] = p;
            s->slot_size[s->n_slots++] = n_hole;
            needed += n_hole;
        } else if ((err = hf_check_cards(hand, n_hole, &seen)) != 0) {
            return err;
        } else {
            memcpy(s->hole[p], hand, (size_t)n_hole * sizeof(int32_t));
            set_hole_low(s, p);
        }
    }
    if ((err = hf_check_cards(board, n_board, &seen)) != 0
        || (err = hf_check_cards(dead, n_dead, &seen)) != 0)
        return err;
    if (n_board)
        memcpy(s->board, board, (size_t)n_board * sizeof(int32_t));
    s->n_board = n_board;
    s->slot_owner[s->n_slots] = BOARD_SLOT;
    s->slot_size[s->n_slots++] = 5 - n_board;
    s->n_deck = 0;
    for (int32_t c = 0; c < 52; c++)
        if (!(seen >> c & 1))
            s->deck[s->n_deck++] = c;
    return needed > s->n_deck ? HF_ERR_COUNT : 0;
}

/* Combinations of each slot, given how many cards are left for it. */
static int64_t slot_choices(const spot *s, int32_t slot)
{
    int32_t left = s->n_deck;
    for (int32_t j = 0; j < slot; j++)
        left -= s->slot_size[j];
    return hf_choose(left, s->slot_size[slot]);
}

static int64_t total_deals(const spot *s)
{
    int64_t total = 1;
    for (int32_t j = 0; j < s->n_slots; j++) {
        int64_t c = slot_choices(s, j);
        if (total > MAX_DEALS / c)
            return HF_ERR_COUNT;
        total *= c;
    }
    return total;
}

int64_t hf_equity_deals(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead)
{
    spot s;
    int32_t err = make_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead);
    return err ? err : total_deals(&s);
}

/* ---- settling one deal ---- */


/* Settle the deal in s, whose board is already prepared (equity_settle.h),
 * or count its outcome in *o when o is not NULL. */
static void settle_prepared(const spot *s, const hf_board *board, hf_outcomes *o,
                            hf_equity_tally *t)
{
    hf_settle_board(s->n_players, s->hole, s->n_hole, s->hole_low, board, o, t);
}

static void settle(const spot *s, hf_outcomes *o, hf_equity_tally *t)
{
    hf_board board;
    hf_board_prepare(&board, s->board, 5);
    settle_prepared(s, &board, o, t);
}

/* Write slot j's cards (positions idx into the cards still free) into the spot. */
static void place_slot(spot *s, int32_t slot, const int32_t *avail, const int32_t *idx)
{
    int32_t owner = s->slot_owner[slot], size = s->slot_size[slot];
    int32_t *dst = owner == BOARD_SLOT ? s->board + s->n_board : s->hole[owner];
    for (int32_t i = 0; i < size; i++)
        dst[i] = avail[idx[i]];
    if (owner != BOARD_SLOT)
        set_hole_low(s, owner);
}

/* ---- exhaustive enumeration: an odometer of combinations, one per slot ---- */

typedef struct {
    int32_t avail[MAX_SLOTS][52];  /* cards free for each slot, ascending */
    int32_t n_avail[MAX_SLOTS];
    int32_t idx[MAX_SLOTS][6];     /* the slot's combination, positions into avail */
} odometer;

/* Cards free for slot j: the unknown cards minus those of slots before it. */
static void fill_avail(const spot *s, odometer *o, int32_t slot)
{
    uint64_t taken = 0;
    for (int32_t j = 0; j < slot; j++)
        for (int32_t i = 0; i < s->slot_size[j]; i++)
            taken |= (uint64_t)1 << o->avail[j][o->idx[j][i]];
    int32_t n = 0;
    for (int32_t i = 0; i < s->n_deck; i++)
        if (!(taken >> s->deck[i] & 1))
            o->avail[slot][n++] = s->deck[i];
    o->n_avail[slot] = n;
}

/* The rank-th k-combination of 0..m-1 in lexicographic order. */
static void unrank_combination(int64_t rank, int32_t m, int32_t k, int32_t *idx)
{
    int32_t c = 0;
    for (int32_t i = 0; i < k; i++) {
        for (;; c++) {
            int64_t below = hf_choose(m - c - 1, k - i - 1);
            if (rank < below)
                break;
            rank -= below;
        }
        idx[i] = c++;
    }
}

/* Step to the next k-combination of 0..m-1 and return 1 + the first
 * position that changed; 0 when it wraps around. */
static int32_t next_combination(int32_t *idx, int32_t m, int32_t k)
{
    int32_t i = k - 1;
    while (i >= 0 && idx[i] == m - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int32_t j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return i + 1;
}

/* Set slots from..last to the combinations given by the mixed-radix digits. */
static void set_slots(spot *s, odometer *o, int32_t from, const int64_t *digit)
{
    for (int32_t j = from; j < s->n_slots; j++) {
        fill_avail(s, o, j);
        unrank_combination(digit[j], o->n_avail[j], s->slot_size[j], o->idx[j]);
        place_slot(s, j, o->avail[j], o->idx[j]);
    }
}

/* The fast path for a whole board from an unknown deck with every hand
 * known (preflop): the boards' shared parts are built up card by card, each
 * from the prefix the previous board left unchanged. The unknown cards are
 * in ascending order, so a board's ranks come sorted and its rank-multiset
 * index (as hf_multiset_index ranks it) is a running sum. */
static void enumerate_whole_boards(spot *s, int64_t first, int64_t count, hf_outcomes *o,
                                   hf_equity_tally *t)
{
    int32_t idx[5];
    int32_t index[6] = { 0 };       /* multiset index of the first i cards' terms */
    uint32_t low[6] = { 0 };        /* low mask of the first i cards */
    uint32_t suits[6] = { 0 };      /* a 4-bit count per suit of the first i cards */
    unrank_combination(first, s->n_deck, 5, idx);
    int32_t from = 0;
    for (int64_t n = 0;;) {
        for (int32_t i = from; i < 5; i++) {
            int32_t card = s->deck[idx[i]];
            s->board[i] = card;
            index[i + 1] = index[i] + hf_binomial[HF_RANK(card) + i][i + 1];
            low[i + 1] = low[i] | hf_low_bit(card);
            suits[i + 1] = suits[i] + (1u << 4 * HF_SUIT(card));
        }
        hf_board board;
        if ((suits[5] + 0x5555u) & 0x8888u) {  /* a suit has >= 3 cards: flushes possible */
            hf_board_prepare(&board, s->board, 5);
        } else {
            hf_board_set_no_flush(&board, hf_omaha_high5_table + 91 * index[5], low[5]);
        }
        settle_prepared(s, &board, o, t);
        if (++n == count)
            break;
        from = next_combination(idx, s->n_deck, 5) - 1;  /* cannot wrap: first + count <= total */
    }
}

int32_t hf_equity_enumerate(const int32_t *holes, int32_t n_players, int32_t n_hole,
                            const int32_t *board, int32_t n_board,
                            const int32_t *dead, int32_t n_dead,
                            int64_t first, int64_t count, hf_equity_tally *out)
{
    return hf_equity_enumerate_split(holes, n_players, n_hole, board, n_board, dead, n_dead, 0,
                                     first, count, out);
}

int32_t hf_equity_enumerate_split(const int32_t *holes, int32_t n_players, int32_t n_hole,
                                  const int32_t *board, int32_t n_board,
                                  const int32_t *dead, int32_t n_dead, int32_t high_only,
                                  int64_t first, int64_t count, hf_equity_tally *out)
{
    spot s;
    int32_t err = make_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead);
    if (err)
        return err;
    s.high_only = high_only != 0;
    if (s.high_only)  /* the known hands' masks were set by make_spot */
        memset(s.hole_low, 0, sizeof s.hole_low);
    int64_t total = total_deals(&s);
    if (!out || total < 0 || first < 0 || count < 0 || count > HF_EQUITY_MAX_COUNT
        || first > total - count)
        return HF_ERR_COUNT;
    /* The sums go to a tally on the stack, copied out once: a caller's
     * tallies side by side in memory would otherwise share cache lines
     * between threads, each write of one evicting the other's. */
    hf_equity_tally t;
    memset(&t, 0, sizeof t);
    hf_outcomes outcomes, *o = NULL;  /* deals counted by outcome, for few players */
    if (count && n_players <= HF_OUTCOME_PLAYERS) {
        memset(&outcomes, 0, sizeof outcomes);
        o = &outcomes;
    }
    if (!count || (s.n_slots == 1 && s.n_board == 0)) {
        if (count)
            enumerate_whole_boards(&s, first, count, o, &t);
        if (o)
            hf_outcomes_settle(o, n_players, &t);
        *out = t;
        return 0;
    }

    static const int64_t zeros[MAX_SLOTS];
    int64_t digit[MAX_SLOTS];
    int64_t rest = first;
    for (int32_t j = s.n_slots - 1; j >= 0; j--) {
        int64_t c = slot_choices(&s, j);
        digit[j] = rest % c;
        rest /= c;
    }
    odometer od;
    set_slots(&s, &od, 0, digit);
    int32_t last = s.n_slots - 1;
    for (int64_t n = 0;;) {
        settle(&s, o, &t);
        if (++n == count)
            break;
        /* The board turns fastest; a carry moves an earlier slot and resets the later ones. */
        int32_t j = last;
        while (!next_combination(od.idx[j], od.n_avail[j], s.slot_size[j]))
            j--;  /* cannot run past slot 0: first + count <= total */
        place_slot(&s, j, od.avail[j], od.idx[j]);
        if (j < last)
            set_slots(&s, &od, j + 1, zeros);
    }
    if (o)
        hf_outcomes_settle(o, n_players, &t);
    *out = t;
    return 0;
}

/* ---- Monte Carlo ---- */

uint64_t hf_splitmix64(uint64_t seed, uint64_t index)
{
    return mix64(seed + (index + 1) * GOLDEN_GAMMA);
}

/* One deal, dealt and its board prepared, waiting to be evaluated. */
typedef struct {
    int32_t cards[52];  /* the shuffled prefix: each random hand, then the board's missing cards */
    int32_t board[5];
    hf_board prepared;
} deal;

/* Deal the next sample into d: shuffle, copy the prefix out, prepare its
 * board and start fetching its high-table row (a random row of 1.1 MB,
 * mostly not in the L1 cache). */
static inline void next_deal(spot *s, const draw_runs *runs, uint64_t *state, int32_t needed,
                             int32_t board_at, deal *d)
{
    shuffle_prefix(s->deck, s->n_deck, runs, state);
    for (int32_t i = 0; i < needed; i++)
        d->cards[i] = s->deck[i];
    for (int32_t i = s->n_board; i < 5; i++)
        d->board[i] = s->deck[board_at + i - s->n_board];
    hf_board_prepare(&d->prepared, d->board, 5);
    hf_board_prefetch(&d->prepared);
}

/* The Monte Carlo loop for hole size n_hole (a literal once inlined). Each
 * deal is dealt one step ahead of its evaluation, so its table row arrives
 * while the previous deal is evaluated (the same deals in the same order).
 * Known hands are prepared once (hf_hole). */
static inline void sample_deals(spot *s, const draw_runs *runs, uint64_t seed, int64_t count,
                                int32_t needed, const int32_t n_hole, hf_equity_tally *t)
{
    hf_hole known[MAX_PLAYERS];
    int32_t dealt_at[MAX_PLAYERS];  /* where a random hand lies in deal.cards, or -1 */
    int32_t at = 0;
    for (int32_t p = 0; p < s->n_players; p++)
        dealt_at[p] = -1;
    for (int32_t j = 0; j < s->n_slots - 1; j++) {
        dealt_at[s->slot_owner[j]] = at;
        at += s->slot_size[j];
    }
    for (int32_t p = 0; p < s->n_players; p++)
        if (dealt_at[p] < 0)
            hf_hole_prepare(&known[p], s->hole[p], n_hole);
    const int32_t n_pairs = n_hole * (n_hole - 1) / 2;
    deal deals[2];
    for (int32_t k = 0; k < 2; k++)
        for (int32_t i = 0; i < s->n_board; i++)
            deals[k].board[i] = s->board[i];
    hf_outcomes outcomes;
    int32_t by_outcome = s->n_players <= HF_OUTCOME_PLAYERS;
    if (by_outcome)
        memset(&outcomes, 0, sizeof outcomes);
    uint64_t state = seed;
    if (count)
        next_deal(s, runs, &state, needed, at, &deals[0]);
    for (int64_t n = 0; n < count; n++) {
        const deal *d = &deals[n & 1];
        if (n + 1 < count)
            next_deal(s, runs, &state, needed, at, &deals[(n + 1) & 1]);
        const hf_board *b = &d->prepared;
        int32_t high[MAX_PLAYERS], low[MAX_PLAYERS];
        for (int32_t p = 0; p < s->n_players; p++) {
            if (dealt_at[p] >= 0) {
                const int32_t *hand = d->cards + dealt_at[p];
                uint32_t mask = 0;
                for (int32_t i = 0; i < n_hole; i++)
                    mask |= hf_low_bit(hand[i]);
                high[p] = hf_board_high(b, hand, n_hole);
                low[p] = hf_omaha_low_table[mask << 8 | b->low_mask];
            } else {
                high[p] = hf_hole_high(b, &known[p], n_pairs);
                low[p] = hf_omaha_low_table[known[p].low_mask << 8 | b->low_mask];
            }
        }
        if (by_outcome)
            hf_outcome_add(&outcomes, s->n_players, high, low);
        else
            hf_settle_values(s->n_players, high, low, 1, t);
    }
    if (by_outcome)
        hf_outcomes_settle(&outcomes, s->n_players, t);
}

int32_t hf_equity_sample(const int32_t *holes, int32_t n_players, int32_t n_hole,
                         const int32_t *board, int32_t n_board,
                         const int32_t *dead, int32_t n_dead,
                         uint64_t seed, int64_t count, hf_equity_tally *out)
{
    spot s;
    int32_t err = make_spot(&s, holes, n_players, n_hole, board, n_board, dead, n_dead);
    if (err)
        return err;
    if (!out || count < 0 || count > HF_EQUITY_MAX_COUNT)
        return HF_ERR_COUNT;
    hf_equity_tally t; /* on the stack, as in hf_equity_enumerate */
    memset(&t, 0, sizeof t);
    int32_t needed = 0;
    for (int32_t j = 0; j < s.n_slots; j++)
        needed += s.slot_size[j];
    draw_runs runs;
    plan_runs(&runs, s.n_deck, needed);
    if (n_hole == 4)
        sample_deals(&s, &runs, seed, count, needed, 4, &t);
    else if (n_hole == 5)
        sample_deals(&s, &runs, seed, count, needed, 5, &t);
    else
        sample_deals(&s, &runs, seed, count, needed, 6, &t);
    *out = t;
    return 0;
}
