/* enumerate.c: exact equity by groups of boards (hf_equity_exact).
 *
 * Preflop heads-up, 1,086,008 boards fall into at most 6,175 rank
 * multisets. Suits matter only for flushes, and a flush needs three board
 * cards of one suit and two hole cards of it: with five board cards at most
 * one suit has three, so the boards of a multiset split into disjoint
 * patterns (suit s, the set U of the multiset's ranks dealt in suit s) for
 * each suit some player holds twice, plus the rest, which no flush can
 * touch. Each pattern's boards are counted by a product of binomials: a rank
 * of U takes suit s and m - 1 of its other a - 1 suits, any other rank m of
 * the suits it has left besides s.
 *
 * Several pots (hf_equity_exact_pots: a main pot and side pots) share the
 * boards and the players' hands: each group's values are worked out once
 * and settled into each pot's tally among its players. */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "../core/omaha_fast.h"
#include "equity_settle.h"

typedef struct {
    int32_t n_players, n_hole;
    int32_t hole[HF_EQUITY_MAX_PLAYERS][6];
    uint32_t hole_low[HF_EQUITY_MAX_PLAYERS];
    int32_t n_known;               /* known board cards */
    int32_t ranks[5];              /* the board's ranks: the known ones, then the group's */
    uint32_t known_low;            /* low mask of the known board cards */
    int32_t suit_count[4];         /* known board cards of each suit */
    uint32_t suit_ranks[4];        /* rank mask of the known board cards of each suit */
    uint32_t suits_left[13];       /* 4-bit mask of the suits of each rank still in the deck */
    int32_t n_left[13];
    uint32_t suited[HF_EQUITY_MAX_PLAYERS][4]; /* rank mask of each player's cards of each suit */
    int32_t relevant[4];           /* a player holds two or more cards of this suit */
    int32_t mult[13];              /* the group's count of each rank */
    int64_t group, part, n_parts;  /* groups met so far; this call's share of them */
    int32_t n_pots;                /* the tallies: one a pot */
    int32_t pot_players[HF_EQUITY_MAX_PLAYERS][HF_EQUITY_MAX_PLAYERS]; /* each pot's, in order */
    int32_t pot_size[HF_EQUITY_MAX_PLAYERS];
} groups;

/* Settle `weight` boards with the players' values high[] and low[] into
 * each pot's tally, among that pot's players (tally k by its players' order). */
static void settle_pots(const groups *g, const int32_t *high, const int32_t *low,
                        int64_t weight, hf_equity_tally *t)
{
    if (g->n_pots == 1 && g->pot_size[0] == g->n_players) {   /* one pot, everyone's */
        hf_settle_values(g->n_players, high, low, weight, t);
        return;
    }
    for (int32_t k = 0; k < g->n_pots; k++) {
        int32_t pot_high[HF_EQUITY_MAX_PLAYERS], pot_low[HF_EQUITY_MAX_PLAYERS];
        for (int32_t i = 0; i < g->pot_size[k]; i++) {
            pot_high[i] = high[g->pot_players[k][i]];
            pot_low[i] = low[g->pot_players[k][i]];
        }
        hf_settle_values(g->pot_size[k], pot_high, pot_low, weight, &t[k]);
    }
}

static int32_t popcount(uint32_t x)
{
    int32_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Boards of the group with exactly the ranks U (a mask) dealt in suit s:
 * over the group's distinct ranks q[0..n-1]. */
static int64_t pattern_count(const groups *g, const int32_t *q, int32_t n, int32_t s, uint32_t u)
{
    int64_t count = 1;
    for (int32_t i = 0; i < n; i++) {
        int32_t a = g->n_left[q[i]], m = g->mult[q[i]];
        if (u >> q[i] & 1)
            count *= hf_binomial[a - 1][m - 1];
        else
            count *= hf_binomial[a - (int32_t)(g->suits_left[q[i]] >> s & 1)][m];
    }
    return count;
}

/* Settle a group: its boards' non-flush highs and lows once, then each flush
 * pattern that changes some player's high, weighted by its boards; the
 * boards left over (no flush, or one that changes nothing) at once. */
static void settle_group(const groups *g, hf_equity_tally *t)
{
    const int32_t *r = g->ranks;
    const uint16_t *row = hf_omaha_high5_table + 91 * hf_multiset_index(r[0], r[1], r[2], r[3], r[4]);
    uint32_t low_mask = g->known_low;
    int32_t distinct[5], n_distinct = 0; /* the group's ranks, each once */
    int64_t total = 1;
    for (int32_t q = 0; q < 13; q++)
        if (g->mult[q]) {
            total *= hf_binomial[g->n_left[q]][g->mult[q]];
            low_mask |= hf_low_bit(4 * q);
            distinct[n_distinct++] = q;
        }
    hf_board board;
    hf_board_set_no_flush(&board, row, low_mask);
    int32_t high[HF_EQUITY_MAX_PLAYERS], low[HF_EQUITY_MAX_PLAYERS];
    for (int32_t p = 0; p < g->n_players; p++) {
        high[p] = hf_board_high(&board, g->hole[p], g->n_hole);
        low[p] = hf_omaha_low_table[g->hole_low[p] << 8 | low_mask];
    }
    int64_t plain = total; /* boards whose showdown is the non-flush one */
    for (int32_t s = 0; s < 4; s++) {
        if (!g->relevant[s])
            continue;
        uint32_t can = 0; /* the group's ranks that still have a card of suit s */
        for (int32_t i = 0; i < n_distinct; i++)
            can |= (g->suits_left[distinct[i]] >> s & 1) << distinct[i];
        if (g->suit_count[s] + popcount(can) < 3)
            continue; /* no flush board in this group */
        for (uint32_t u = can;; u = (u - 1) & can) { /* every subset of can */
            int64_t n = g->suit_count[s] + popcount(u) >= 3
                ? pattern_count(g, distinct, n_distinct, s, u) : 0;
            if (n) {
                uint32_t flush_ranks = g->suit_ranks[s] | u;
                int32_t flushed[HF_EQUITY_MAX_PLAYERS], changed = 0;
                for (int32_t p = 0; p < g->n_players; p++) {
                    flushed[p] = high[p];
                    uint32_t suited = g->suited[p][s];
                    if (suited & (suited - 1)) { /* two or more cards of suit s */
                        int32_t v = hf_flush_best(suited, flush_ranks);
                        changed |= v < high[p];
                        flushed[p] = v < high[p] ? v : high[p];
                    }
                }
                if (changed) {
                    settle_pots(g, flushed, low, n, t);
                    plain -= n;
                }
            }
            if (!u)
                break;
        }
    }
    if (plain)
        settle_pots(g, high, low, plain, t);
}

/* Every multiset of `left` more ranks from `rank` up; at = its next slot. */
static void walk(groups *g, int32_t rank, int32_t left, int32_t at, hf_equity_tally *t)
{
    if (!left) {
        if (g->group++ % g->n_parts == g->part)
            settle_group(g, t);
        return;
    }
    if (rank == 13)
        return;
    int32_t most = g->n_left[rank] < left ? g->n_left[rank] : left;
    for (int32_t m = 0; m <= most; m++) {
        g->mult[rank] = m;
        for (int32_t i = 0; i < m; i++)
            g->ranks[at + i] = rank;
        walk(g, rank + 1, left - m, at + m, t);
    }
    g->mult[rank] = 0;
}

/* The enumeration of the spot into t[0..g->n_pots - 1] (g's pots set). */
static int32_t enumerate_spot(groups *g, const int32_t *holes, int32_t n_players, int32_t n_hole,
                              const int32_t *board, int32_t n_board,
                              const int32_t *dead, int32_t n_dead, hf_equity_tally *t)
{
    g->n_players = n_players;
    g->n_hole = n_hole;
    uint64_t seen = 0;
    for (int32_t p = 0; p < n_players; p++) {
        int32_t per_suit[4] = { 0 };
        for (int32_t i = 0; i < n_hole; i++) {
            int32_t card = holes[p * n_hole + i];
            if (card < 0)
                return HF_ERR_COUNT; /* a random hand: not for this path */
            g->hole[p][i] = card;
            g->hole_low[p] |= hf_low_bit(card);
            g->suited[p][HF_SUIT(card)] |= 1u << HF_RANK(card);
            seen |= (uint64_t)1 << card;
            if (++per_suit[HF_SUIT(card)] == 2)
                g->relevant[HF_SUIT(card)] = 1;
        }
    }
    g->n_known = n_board;
    for (int32_t i = 0; i < n_board; i++) {
        int32_t card = board[i];
        g->ranks[i] = HF_RANK(card);
        g->known_low |= hf_low_bit(card);
        g->suit_count[HF_SUIT(card)]++;
        g->suit_ranks[HF_SUIT(card)] |= 1u << HF_RANK(card);
        seen |= (uint64_t)1 << card;
    }
    for (int32_t i = 0; i < n_dead; i++)
        seen |= (uint64_t)1 << dead[i];
    for (int32_t card = 0; card < 52; card++)
        if (!(seen >> card & 1)) {
            g->suits_left[HF_RANK(card)] |= 1u << HF_SUIT(card);
            g->n_left[HF_RANK(card)]++;
        }
    walk(g, 0, 5 - n_board, n_board, t);
    return 0;
}

int32_t hf_equity_exact(const int32_t *holes, int32_t n_players, int32_t n_hole,
                        const int32_t *board, int32_t n_board,
                        const int32_t *dead, int32_t n_dead,
                        int32_t part, int32_t n_parts, hf_equity_tally *out)
{
    int64_t deals = hf_equity_deals(holes, n_players, n_hole, board, n_board, dead, n_dead);
    if (deals < 0)
        return (int32_t)deals; /* the cards and counts are valid from here on */
    if (!out || n_parts < 1 || part < 0 || part >= n_parts)
        return HF_ERR_COUNT;
    groups g;
    memset(&g, 0, sizeof g);
    g.part = part;
    g.n_parts = n_parts;
    g.n_pots = 1;
    g.pot_size[0] = n_players;   /* (everyone: see settle_pots) */
    hf_equity_tally tally; /* on the stack: no cache line shared with another thread's */
    memset(&tally, 0, sizeof tally);
    int32_t err = enumerate_spot(&g, holes, n_players, n_hole, board, n_board, dead, n_dead,
                                 &tally);
    if (err)
        return err;
    *out = tally;
    return 0;
}

int32_t hf_equity_exact_pots(const int32_t *holes, int32_t n_players, int32_t n_hole,
                             const int32_t *board, int32_t n_board,
                             const int32_t *dead, int32_t n_dead,
                             const uint32_t *pots, int32_t n_pots, hf_equity_tally *out)
{
    int64_t deals = hf_equity_deals(holes, n_players, n_hole, board, n_board, dead, n_dead);
    if (deals < 0)
        return (int32_t)deals; /* the cards and counts are valid from here on */
    if (!out || !pots || n_pots < 1 || n_pots > HF_EQUITY_MAX_PLAYERS)
        return HF_ERR_COUNT;
    groups g;
    memset(&g, 0, sizeof g);
    g.n_parts = 1;
    g.n_pots = n_pots;
    for (int32_t k = 0; k < n_pots; k++) {
        if (popcount(pots[k]) < 2 || pots[k] >> n_players)
            return HF_ERR_COUNT; /* a pot nobody contests, or a player who is not there */
        for (int32_t p = 0; p < n_players; p++)
            if (pots[k] >> p & 1)
                g.pot_players[k][g.pot_size[k]++] = p;
    }
    hf_equity_tally tally[HF_EQUITY_MAX_PLAYERS];
    memset(tally, 0, (size_t)n_pots * sizeof *tally);
    int32_t err = enumerate_spot(&g, holes, n_players, n_hole, board, n_board, dead, n_dead,
                                 tally);
    if (err)
        return err;
    memcpy(out, tally, (size_t)n_pots * sizeof *tally);
    return 0;
}
