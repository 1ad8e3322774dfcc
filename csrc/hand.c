/* hand.c: one Omaha Hi-Lo hand, the twin of hilo_fast/engine.py's Hand.
 * Each function below names the Python method it mirrors; keep them in step. */
#include <stdint.h>
#include <string.h>
#include "cards.h"
#include "hand.h"
#include "mersenne.h"
#include "omaha_fast.h"
#include "settle.h"

static int32_t next_seat(const hf_game *g, int32_t seat)
{
    return seat + 1 < g->n_seats ? seat + 1 : 0;
}

/* _next_in: the first seat clockwise after `seat` that was dealt in. */
static int32_t next_in(const hf_game *g, int32_t seat)
{
    do
        seat = next_seat(g, seat);
    while (g->status[seat] == HF_OUT);
    return seat;
}

static int32_t next_pending(const hf_game *g, int32_t seat)
{
    do
        seat = next_seat(g, seat);
    while (!g->pending[seat]);
    return seat;
}

/* _put: move up to `chips` from the seat's stack in front of it. */
static int64_t put(hf_game *g, int32_t seat, int64_t chips)
{
    int64_t stack = g->stacks[seat];
    if (chips >= stack) {
        chips = stack;
        if (g->status[seat] == HF_ACTIVE) {
            g->status[seat] = HF_ALL_IN;
            g->n_active--;
        }
    }
    g->stacks[seat] = stack - chips;
    g->contributions[seat] += chips;
    g->total += chips;
    return chips;
}

/* _deal / _shuffled: the first cards of a partial Fisher-Yates shuffle,
 * hole cards seat by seat, the board last. */
static void deal(hf_game *g, hf_mt *rng)
{
    int32_t deck[52], dealt = 0;
    for (int32_t c = 0; c < 52; c++)
        deck[c] = c;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        dealt += g->status[seat] != HF_OUT;
    int32_t need = dealt * g->hole_count + 5;
    for (int32_t i = 0; i < need; i++) {
        int32_t j = i + (int32_t)hf_mt_below(rng, 52 - i);
        int32_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    int32_t k = 0;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        if (g->status[seat] != HF_OUT)
            for (int32_t c = 0; c < g->hole_count; c++)
                g->holes[seat][c] = deck[k++];
    memcpy(g->board, deck + need - 5, sizeof g->board);
}

/* _post_forced_bets: antes are dead (not part of the round's bets). */
static void post_forced_bets(hf_game *g)
{
    const hf_structure *s = g->structure;
    if (s->ante)
        for (int32_t seat = 0; seat < g->n_seats; seat++)
            if (g->status[seat] != HF_OUT)
                put(g, seat, s->ante);
    int32_t sb = g->n_live == 2 ? g->button : next_in(g, g->button);
    int32_t bb = g->big_blind_seat = next_in(g, sb);
    g->bets[sb] = put(g, sb, s->small_blind);
    g->bets[bb] = put(g, bb, s->big_blind);
    g->current_bet = g->bets[sb] > g->bets[bb] ? g->bets[sb] : g->bets[bb];
    g->bet_count = g->current_bet ? 1 : 0;   /* the big blind is the first bet */
    g->last_aggressor = -1;
}

/* _prepare_decision: the actor's call amount and bet/raise bounds. */
static void prepare_decision(hf_game *g)
{
    int32_t seat = g->actor;
    int64_t stack = g->stacks[seat], cur = g->current_bet;
    int64_t to_call = cur - g->bets[seat];
    if (to_call >= stack) {               /* calling puts the seat all in: no raise */
        g->call_amount = stack;
        g->min_to = g->max_to = 0;
        return;
    }
    g->call_amount = to_call;
    g->min_to = g->max_to = 0;
    if (!g->reopen[seat] || (g->structure->max_bets && g->bet_count >= g->structure->max_bets))
        return;
    int32_t other = seat, answer = 0;     /* somebody must be able to answer a raise */
    for (int32_t k = 0; k < g->n_seats - 1 && !answer; k++) {
        other = next_seat(g, other);
        answer = g->status[other] == HF_ACTIVE && g->stacks[other] + g->bets[other] > cur;
    }
    if (!answer)
        return;
    int64_t all_in = g->bets[seat] + stack, lo = cur + g->min_raise, hi;
    if (g->structure->limit == HF_POT) {
        /* The pot after calling, on top of the call; never below a full
         * minimum raise (a pot of short-posted blinds can be smaller). */
        hi = cur + g->total + to_call;
        if (hi < lo)
            hi = lo;
    }
    else if (g->structure->limit == HF_FIXED)
        hi = lo;
    else
        hi = all_in;
    g->min_to = lo < all_in ? lo : all_in;
    g->max_to = hi < all_in ? hi : all_in;
}

/* _return_uncalled: the part of the largest bet nobody matched goes back. */
static void return_uncalled(hf_game *g)
{
    int32_t owner = 0;
    for (int32_t seat = 1; seat < g->n_seats; seat++)
        if (g->bets[seat] > g->bets[owner])
            owner = seat;
    int64_t top = g->bets[owner], second = 0;
    if (!top)
        return;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        if (seat != owner && g->bets[seat] > second)
            second = g->bets[seat];
    int64_t excess = top - second;
    if (excess) {
        g->bets[owner] = second;
        g->stacks[owner] += excess;
        g->contributions[owner] -= excess;
        g->total -= excess;
        if (g->status[owner] == HF_ALL_IN) {
            g->status[owner] = HF_ACTIVE;
            g->n_active++;
        }
    }
}

/* _close: pay out and end the hand. */
static void close_hand(hf_game *g)
{
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        g->stacks[seat] += g->payouts[seat];
    g->street = HF_OVER;
    g->actor = -1;
    g->call_amount = g->min_to = g->max_to = 0;
}

/* _win_uncontested: the last seat in takes everything. */
static void win_uncontested(hf_game *g)
{
    return_uncalled(g);
    int32_t winner = 0;
    while (g->status[winner] < HF_ACTIVE)
        winner++;
    memset(g->payouts, 0, sizeof g->payouts);
    g->payouts[winner] = g->total;
    close_hand(g);
}

/* _showdown: settle the pots exactly as hilo_fast.showdown.showdown does. */
static void showdown(hf_game *g)
{
    hf_board board;
    hf_board_prepare(&board, g->board, 5);
    int32_t high[10] = {0}, low[10] = {0};
    uint8_t live[10] = {0};
    for (int32_t seat = 0; seat < g->n_seats; seat++) {
        if (g->status[seat] >= HF_ACTIVE) {
            int32_t packed = hf_board_omaha(&board, g->holes[seat], g->hole_count);
            high[seat] = packed >> 8;
            low[seat] = packed & 0xFF;
            live[seat] = 1;
        }
    }
    hf_settle_values(g->n_seats, high, low, live, g->contributions, g->button, 0, g->payouts);
    g->went_to_showdown = 1;
    close_hand(g);
}

/* _end_round */
static void end_round(hf_game *g)
{
    return_uncalled(g);
    memset(g->bets, 0, sizeof g->bets);
    g->street++;
    g->actor = -1;
    if (g->street == HF_OVER)
        showdown(g);
}

/* _start_round: open a betting round; run out the board while nobody can bet. */
static void start_round(hf_game *g, int preflop)
{
    const hf_structure *s = g->structure;
    for (;;) {
        if (!preflop) {
            g->current_bet = 0;
            g->bet_count = 0;
        }
        g->min_raise = g->street >= HF_TURN ? s->big_bet : s->small_bet;
        g->short_sum = 0;
        int32_t count = 0;
        for (int32_t seat = 0; seat < g->n_seats; seat++) {
            g->reopen[seat] = 1;
            /* With one seat left with chips, it acts only to answer a bet. */
            int want = g->status[seat] == HF_ACTIVE
                       && (g->n_active >= 2 || g->bets[seat] < g->current_bet);
            g->pending[seat] = (uint8_t)want;
            count += want;
        }
        g->n_pending = count;
        if (count) {
            /* The showing order looks at the last round that had betting. */
            g->last_aggressor = -1;
            g->actor = next_pending(g, preflop ? g->big_blind_seat : g->button);
            prepare_decision(g);
            return;
        }
        end_round(g);
        if (g->street == HF_OVER)
            return;
        preflop = 0;
    }
}

void hf_game_start(hf_game *g, const hf_structure *structure, int32_t n_seats,
                   int32_t hole_count, const int64_t *stacks, int32_t button,
                   hf_mt *deal_rng)
{
    memset(g, 0, sizeof *g);
    g->structure = structure;
    g->n_seats = n_seats;
    g->hole_count = hole_count;
    g->button = button;
    for (int32_t seat = 0; seat < n_seats; seat++) {
        g->stacks[seat] = stacks[seat];
        g->status[seat] = stacks[seat] ? HF_ACTIVE : HF_OUT;
        g->n_live += stacks[seat] != 0;
    }
    g->n_active = g->n_live;
    deal(g, deal_rng);
    g->street = HF_PREFLOP;
    g->actor = -1;
    post_forced_bets(g);
    start_round(g, 1);
}

/* _bet_to: a bet or raise to `to`; a short all-in may not reopen the betting. */
static void bet_to(hf_game *g, int32_t seat, int64_t to)
{
    put(g, seat, to - g->bets[seat]);
    g->bets[seat] = to;
    int64_t size = to - g->current_bet;
    int full = size >= g->min_raise;
    if (full) {
        if (g->structure->limit != HF_FIXED)
            g->min_raise = size;
        g->short_sum = 0;
    } else {   /* several short all-ins together may make a full raise */
        g->short_sum += size;
        if (g->short_sum >= g->min_raise) {
            full = 1;
            g->short_sum = 0;
        }
    }
    if (full)
        g->bet_count++;
    for (int32_t other = 0; other < g->n_seats; other++) {
        if (other != seat && g->status[other] == HF_ACTIVE) {
            if (!g->pending[other]) {
                g->pending[other] = 1;
                g->n_pending++;
            }
            if (full)
                g->reopen[other] = 1;
        }
    }
    g->current_bet = to;
    g->last_aggressor = seat;
}

/* _drop_idle_pending: with one seat left with chips, it acts only to answer a bet. */
static void drop_idle_pending(hf_game *g)
{
    for (int32_t seat = 0; seat < g->n_seats; seat++) {
        if (g->pending[seat] && g->status[seat] == HF_ACTIVE && g->bets[seat] >= g->current_bet) {
            g->pending[seat] = 0;
            g->n_pending--;
        }
    }
}

/* act: the actor's legal action, then the round goes on, ends, or the hand ends. */
void hf_game_act(hf_game *g, int32_t action, int64_t to)
{
    int32_t seat = g->actor;
    if (action == HF_BET || action == HF_RAISE) {
        bet_to(g, seat, to);
    } else if (action == HF_CALL) {
        int64_t added = g->call_amount;
        g->stacks[seat] -= added;
        if (!g->stacks[seat]) {
            g->status[seat] = HF_ALL_IN;
            g->n_active--;
        }
        g->contributions[seat] += added;
        g->total += added;
        g->bets[seat] += added;
    } else if (action == HF_FOLD) {
        if (g->status[seat] == HF_ACTIVE)
            g->n_active--;
        g->status[seat] = HF_FOLDED;
        g->n_live--;
    }
    g->n_actions++;
    if (g->pending[seat]) {
        g->pending[seat] = 0;
        g->n_pending--;
    }
    g->reopen[seat] = 0;
    if (g->n_active == 1 && g->n_pending)
        drop_idle_pending(g);
    if (g->n_live == 1) {
        win_uncontested(g);
    } else if (g->n_pending) {
        g->actor = next_pending(g, seat);
        prepare_decision(g);
    } else {
        end_round(g);
        if (g->street != HF_OVER)
            start_round(g, 0);
    }
}
