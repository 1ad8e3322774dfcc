/* hand.c: one Omaha Hi-Lo hand, the native engine behind hilo_fast.engine.Hand,
 * and the twin of the Python machine in hilo_fast/engine/_py_hand.py.
 * Each function below names the _pyhand method it mirrors; keep them in step
 * (tests/engine/test_hand_native.py compares the two action by action). */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "hand.h"
#include "mersenne.h"
#include "../core/omaha_fast.h"
#include "../core/settle.h"

#define MAX_CHIPS ((int64_t)1 << HF_MAX_CHIPS_BITS)

/* Board cards visible on each street (preflop .. river). */
static const int32_t board_after[4] = { 0, 3, 4, 5 };

static int32_t next_seat(const hf_game *g, int32_t seat)
{
    return seat + 1 < g->n_seats ? seat + 1 : 0;
}

/* next_in: the first seat clockwise after `seat` that was dealt in. */
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

/* put: move up to `chips` from the seat's stack in front of it. */
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

/* The boards dealt: double board's two, or the runs offered (each run's cards
 * are dealt as a whole board; a run uses those after the shared ones). */
static int32_t n_boards(const hf_structure *s)
{
    if (s->n_boards == 2)
        return 2;
    return s->runs > 1 ? s->runs : 1;
}

/* engine._deal's order: hole cards seat by seat from the front of `deck`, the board last. */
static void place_cards(hf_game *g, const int32_t *deck)
{
    int32_t k = 0;
    for (int32_t seat = 0; seat < g->n_seats; seat++) {
        int dealt_in = g->status[seat] != HF_OUT;
        for (int32_t c = 0; c < 6; c++)
            g->holes[seat][c] = dealt_in && c < g->hole_count ? deck[k + c] : -1;
        k += dealt_in ? g->hole_count : 0;
    }
    memcpy(g->board, deck + k, sizeof g->board);
    for (int32_t b = 1; b < n_boards(&g->structure); b++)   /* the other boards after it */
        memcpy(g->extra_boards[b - 1], deck + k + 5 * b, sizeof g->extra_boards[0]);
}

/* engine._shuffled: the first cards of a partial Fisher-Yates shuffle (self-play). */
static void deal(hf_game *g, hf_mt *rng)
{
    int32_t deck[52], dealt = 0;
    for (int32_t c = 0; c < 52; c++)
        deck[c] = c;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        dealt += g->status[seat] != HF_OUT;
    int32_t need = dealt * g->hole_count + 5 * n_boards(&g->structure);
    for (int32_t i = 0; i < need; i++) {
        int32_t j = i + (int32_t)hf_mt_below(rng, 52 - i);
        int32_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    place_cards(g, deck);
}

/* post_forced_bets: antes are dead (not part of the round's bets). A bomb pot's
 * antes replace the antes and blinds; a single blind is the big blind posted
 * left of the button; a straddle is posted left of the big blind. */
static void post_forced_bets(hf_game *g)
{
    const hf_structure *s = &g->structure;
    int64_t ante = s->bomb_pot ? s->bomb_pot : s->ante;
    if (ante)
        for (int32_t seat = 0; seat < g->n_seats; seat++)
            if (g->status[seat] != HF_OUT)
                put(g, seat, ante);
    g->last_aggressor = -1;
    g->small_blind_seat = g->big_blind_seat = g->straddle_seat = -1;
    if (s->bomb_pot)
        return;
    int32_t bb;
    if (s->single_blind) {
        bb = g->big_blind_seat = next_in(g, g->button);
    } else {
        int32_t sb = g->small_blind_seat = g->n_live == 2 ? g->button : next_in(g, g->button);
        bb = g->big_blind_seat = next_in(g, sb);
        g->bets[sb] = put(g, sb, s->small_blind);
    }
    g->bets[bb] = put(g, bb, s->big_blind);
    g->bet_count = 1;   /* the big blind is the first bet */
    if (s->straddle && g->n_live >= 3) {
        int32_t st = g->straddle_seat = next_in(g, bb);
        g->bets[st] = put(g, st, s->straddle);
        g->bet_count += g->bets[st] == s->straddle;   /* a full straddle: the second bet */
    }
    g->current_bet = 0;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        if (g->bets[seat] > g->current_bet)
            g->current_bet = g->bets[seat];
    if (!g->current_bet)
        g->bet_count = 0;
}

/* prepare_decision: the actor's call amount and bet/raise bounds. */
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
    if (!g->reopen[seat] || (g->structure.max_bets && g->bet_count >= g->structure.max_bets))
        return;
    int32_t other = seat, answer = 0;     /* somebody must be able to answer a raise */
    for (int32_t k = 0; k < g->n_seats - 1 && !answer; k++) {
        other = next_seat(g, other);
        answer = g->status[other] == HF_ACTIVE && g->stacks[other] + g->bets[other] > cur;
    }
    if (!answer)
        return;
    int64_t all_in = g->bets[seat] + stack, lo = cur + g->min_raise, hi;
    if (g->structure.limit == HF_POT) {
        /* The pot after calling, on top of the call; never below a full
         * minimum raise (a pot of short-posted blinds can be smaller). */
        hi = cur + g->total + to_call;
        if (hi < lo)
            hi = lo;
    }
    else if (g->structure.limit == HF_FIXED)
        hi = lo;
    else
        hi = all_in;
    g->min_to = lo < all_in ? lo : all_in;
    g->max_to = hi < all_in ? hi : all_in;
}

/* return_uncalled: the part of the largest bet nobody matched goes back. */
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
        g->returned[owner] += excess;
        g->total -= excess;
        if (g->status[owner] == HF_ALL_IN) {
            g->status[owner] = HF_ACTIVE;
            g->n_active++;
        }
    }
}

/* close: pay out and end the hand. */
static void close_hand(hf_game *g)
{
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        g->stacks[seat] += g->payouts[seat];
    g->street = HF_OVER;
    g->actor = -1;
    g->call_amount = g->min_to = g->max_to = 0;
}

/* win_uncontested: the last seat in takes everything. */
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

/* showdown: the showing order (the last aggressor of the last round with
 * betting, else the first live seat clockwise from the button; then
 * clockwise), and the pots settled exactly as hilo_fast.core.showdown.showdown does. */
static void showdown(hf_game *g)
{
    int32_t first = g->last_aggressor;
    if (first < 0 || g->status[first] < HF_ACTIVE) {
        first = next_seat(g, g->button);
        while (g->status[first] < HF_ACTIVE)
            first = next_seat(g, first);
    }
    g->n_shown = 0;
    for (int32_t k = 0, seat = first; k < g->n_seats; k++, seat = next_seat(g, seat))
        if (g->status[seat] >= HF_ACTIVE)
            g->showdown_order[g->n_shown++] = seat;
    /* The boards settled: the one board, double board's two, or the runs. */
    int32_t boards = g->structure.n_boards == 2 ? 2 : g->n_runs > 1 ? g->n_runs : 1;
    int32_t high[HF_MAX_RUNS * 10] = {0}, low[HF_MAX_RUNS * 10] = {0};
    uint8_t live[10] = {0};
    for (int32_t b = 0; b < boards; b++) {
        int32_t cards[5];
        for (int32_t c = 0; c < 5; c++)
            cards[c] = b == 0 || (g->structure.n_boards != 2 && c < g->run_from)
                       ? g->board[c] : g->extra_boards[b - 1][c];
        hf_board board;
        hf_board_prepare(&board, cards, 5);
        for (int32_t seat = 0; seat < g->n_seats; seat++) {
            if (g->status[seat] >= HF_ACTIVE) {
                int32_t packed = hf_board_omaha(&board, g->holes[seat], g->hole_count);
                high[b * g->n_seats + seat] = packed >> 8;
                low[b * g->n_seats + seat] = g->structure.high_only ? 0 : packed & 0xFF;
                live[seat] = 1;   /* (low 0: no low) */
            }
        }
    }
    if (boards == 1)
        hf_settle_values(g->n_seats, high, low, live, g->contributions, g->button, 0,
                         g->payouts);
    else
        hf_settle_boards(g->n_seats, boards, high, low, live, g->contributions, g->button, 0,
                         g->payouts);
    g->went_to_showdown = 1;
    close_hand(g);
}

/* next_street: deal the next street's cards, or settle after the river. */
static void next_street(hf_game *g)
{
    g->street++;
    g->actor = -1;
    if (g->street == HF_OVER)
        showdown(g);
    else
        g->board_shown = board_after[g->street];
}

/* end_round; with runs offered and every live seat but at most one all in
 * before the river, the hand stops for hf_hand_runs. */
static void end_round(hf_game *g)
{
    return_uncalled(g);
    memset(g->bets, 0, sizeof g->bets);
    if (g->structure.runs > 1 && g->n_runs == 0 && g->n_live >= 2 && g->n_active <= 1
        && g->street < HF_RIVER) {
        g->awaiting_runs = 1;
        g->actor = -1;
        return;
    }
    next_street(g);
}

/* start_round: open a betting round; run out the board while nobody can bet. */
static void start_round(hf_game *g, int preflop)
{
    const hf_structure *s = &g->structure;
    for (;;) {
        if (!preflop) {
            g->current_bet = 0;
            g->bet_count = 0;
        }
        g->min_raise = g->street >= HF_TURN ? s->big_bet : s->small_bet;
        /* A straddle is the pre-flop round's big blind: raises are by it. */
        if (preflop && g->straddle_seat >= 0 && s->limit != HF_FIXED)
            g->min_raise = s->straddle;
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
            g->actor = next_pending(g, !preflop ? g->button : g->straddle_seat >= 0
                                        ? g->straddle_seat : g->big_blind_seat);
            prepare_decision(g);
            return;
        }
        end_round(g);
        if (g->street == HF_OVER || g->awaiting_runs)
            return;
        preflop = 0;
    }
}

/* Hand.__init__ after the checks: seats, then cards, forced bets, the first round. */
static void begin(hf_game *g, const hf_structure *structure, int32_t n_seats,
                  int32_t hole_count, const int64_t *stacks, int32_t button)
{
    memset(g, 0, sizeof *g);
    g->structure = *structure;
    g->n_seats = n_seats;
    g->hole_count = hole_count;
    g->button = button;
    for (int32_t seat = 0; seat < n_seats; seat++) {
        g->stacks[seat] = stacks[seat];
        g->status[seat] = stacks[seat] ? HF_ACTIVE : HF_OUT;
        g->n_live += stacks[seat] != 0;
    }
    g->n_active = g->n_live;
    g->street = HF_PREFLOP;
    g->actor = -1;
    g->last.street = g->last.seat = g->last.action = -1;
    g->board_shown = structure->exposed;   /* Courchevel: the first flop card */
    g->straddle_seat = -1;
}

static void open_hand(hf_game *g)
{
    post_forced_bets(g);
    if (g->structure.bomb_pot) {   /* no pre-flop betting: the flop is dealt */
        g->street = HF_FLOP;
        g->board_shown = board_after[HF_FLOP];
        start_round(g, 0);
    } else {
        start_round(g, 1);
    }
}

void hf_game_start(hf_game *g, const hf_structure *structure, int32_t n_seats,
                   int32_t hole_count, const int64_t *stacks, int32_t button,
                   hf_mt *deal_rng)
{
    begin(g, structure, n_seats, hole_count, stacks, button);
    deal(g, deal_rng);
    open_hand(g);
}

int hf_valid_structure(const hf_structure *s)
{
    return s->limit >= HF_FIXED && s->limit <= HF_NO && s->max_bets >= 0
        && s->small_blind >= 0 && s->big_blind > 0 && s->small_blind <= s->big_blind
        && s->ante >= 0 && s->small_bet > 0 && s->big_bet > 0
        && s->big_blind < MAX_CHIPS && s->ante < MAX_CHIPS
        && s->small_bet < MAX_CHIPS && s->big_bet < MAX_CHIPS
        && s->straddle >= 0 && s->straddle < MAX_CHIPS
        && s->bomb_pot >= 0 && s->bomb_pot < MAX_CHIPS
        && (s->single_blind == 0 || s->single_blind == 1)
        && (s->high_only == 0 || s->high_only == 1)
        && s->exposed >= 0 && s->exposed <= 3 && s->n_boards >= 0 && s->n_boards <= 2
        && s->runs >= 0 && s->runs <= HF_MAX_RUNS && !(s->runs > 1 && s->n_boards == 2);
}

int32_t hf_hand_deal(hf_game *g, const hf_structure *structure, int32_t n_seats,
                     int32_t hole_count, const int64_t *stacks, int32_t button,
                     const int32_t *cards, int32_t n_cards)
{
    if (!g || !structure || !stacks || !cards || !hf_valid_structure(structure)
        || n_seats < 2 || n_seats > 10 || hole_count < 4 || hole_count > 6
        || button < 0 || button >= n_seats || stacks[button] <= 0)
        return HF_ERR_COUNT;
    int32_t dealt = 0;
    int64_t chips = 0;
    for (int32_t seat = 0; seat < n_seats; seat++) {
        if (stacks[seat] < 0)
            return HF_ERR_COUNT;
        if (stacks[seat] >= MAX_CHIPS - chips)
            return HF_ERR_TOO_MANY_CHIPS;
        chips += stacks[seat];
        dealt += stacks[seat] > 0;
    }
    if (dealt < 2 || n_cards != dealt * hole_count + 5 * n_boards(structure) || n_cards > 52)
        return HF_ERR_COUNT;
    uint64_t seen = 0;
    int32_t err = hf_check_cards(cards, n_cards, &seen);
    if (err)
        return err;
    begin(g, structure, n_seats, hole_count, stacks, button);
    place_cards(g, cards);
    open_hand(g);
    return 0;
}

/* post_given: each seat's own ante (dead) and blind or straddle (live) in place
 * of the structure's, as engine._py_hand.HandState.post_given_forced_bets
 * posts them (its doc says why): antes, then blinds, in order from the
 * button's left; the big blind the seat `big_blind` (>= 0) or the largest post
 * due (the last of equal ones; heads-up the first), the small blind the
 * other poster of the smallest post. */
static void post_given(hf_game *g, const int64_t *antes, const int64_t *blinds,
                       int32_t big_blind)
{
    int32_t order[10] = {0}, n_order = 0, n = g->n_seats;
    for (int32_t k = 1; k <= n; k++) {
        int32_t seat = (g->button + k) % n;
        if (g->status[seat] != HF_OUT)
            order[n_order++] = seat;
    }
    for (int32_t k = 0; k < n_order; k++)
        if (antes[order[k]])
            put(g, order[k], antes[order[k]]);
    for (int32_t k = 0; k < n_order; k++)
        if (blinds[order[k]])
            g->bets[order[k]] = put(g, order[k], blinds[order[k]]);
    int32_t top = 0, last = n_order == 2 ? -1 : 1;
    for (int32_t k = 0; k < n_order; k++) {
        if (big_blind >= 0 ? order[k] == big_blind
                           : (blinds[order[k]] > blinds[order[top]]
                              || (blinds[order[k]] == blinds[order[top]] && last * k > last * top)))
            top = k;
    }
    int32_t small = -1;   /* by (post, place) the least of the others posting */
    for (int32_t k = 0; k < n_order; k++)
        if (blinds[order[k]] && k != top && (small < 0 || blinds[order[k]] < blinds[order[small]]))
            small = k;
    g->big_blind_seat = order[top];
    g->small_blind_seat = small < 0 ? -1 : order[small];
    g->straddle_seat = -1;
    g->last_aggressor = -1;
    g->current_bet = 0;
    for (int32_t seat = 0; seat < n; seat++)
        if (g->bets[seat] > g->current_bet)
            g->current_bet = g->bets[seat];
    g->bet_count = g->current_bet ? 1 : 0;
}

int32_t hf_hand_deal_forced(hf_game *g, const hf_structure *structure, int32_t n_seats,
                            int32_t hole_count, const int64_t *stacks, int32_t button,
                            const int32_t *cards, int32_t n_cards, const int64_t *antes,
                            const int64_t *blinds, int32_t big_blind)
{
    if (!g || !antes || !blinds || n_seats < 2 || n_seats > 10 || !stacks
        || big_blind < -1 || big_blind >= n_seats || (big_blind >= 0 && blinds[big_blind] <= 0))
        return HF_ERR_COUNT;
    for (int32_t seat = 0; seat < n_seats; seat++)
        if (antes[seat] < 0 || antes[seat] >= MAX_CHIPS || blinds[seat] < 0
            || blinds[seat] >= MAX_CHIPS || ((antes[seat] || blinds[seat]) && stacks[seat] <= 0))
            return HF_ERR_COUNT;
    hf_game dealt;   /* the deal's checks and cards, then the given posts */
    int32_t err = hf_hand_deal(&dealt, structure, n_seats, hole_count, stacks, button, cards,
                               n_cards);
    if (err)
        return err;
    begin(g, structure, n_seats, hole_count, stacks, button);
    place_cards(g, cards);
    post_given(g, antes, blinds, big_blind);
    start_round(g, 1);
    return 0;
}

/* bet_to: a bet or raise to `to`; a short all-in may not reopen the betting. */
static void bet_to(hf_game *g, int32_t seat, int64_t to)
{
    put(g, seat, to - g->bets[seat]);
    g->bets[seat] = to;
    int64_t size = to - g->current_bet;
    int full = size >= g->min_raise;
    if (full) {
        if (g->structure.limit != HF_FIXED)
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

/* drop_idle_pending: with one seat left with chips, it acts only to answer a bet. */
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
    g->last.street = g->street;
    g->last.seat = seat;
    g->last.action = action;
    g->last.amount = action == HF_CALL ? g->call_amount : action >= HF_BET ? to : 0;
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
        if (g->street != HF_OVER && !g->awaiting_runs)
            start_round(g, 0);
    }
}

int32_t hf_hand_runs(hf_game *g, int32_t runs)
{
    if (!g)
        return HF_ERR_COUNT;
    if (!g->awaiting_runs || runs < 1 || runs > g->structure.runs)
        return HF_ERR_ILLEGAL;
    g->awaiting_runs = 0;
    g->n_runs = runs;
    g->run_from = g->board_shown;
    next_street(g);
    if (g->street != HF_OVER)
        start_round(g, 0);
    return 0;
}

/* Hand.act's checks, in its order; the action is applied only when legal. */
int32_t hf_hand_act(hf_game *g, int32_t action, int64_t amount)
{
    if (!g)
        return HF_ERR_COUNT;
    if (g->actor < 0 || action < HF_FOLD || action > HF_RAISE)
        return HF_ERR_ILLEGAL;
    int64_t to_call = g->current_bet - g->bets[g->actor];
    if (action >= HF_BET) {
        if ((action == HF_BET) == (g->current_bet > 0) || !g->max_to
            || amount < g->min_to || amount > g->max_to)
            return HF_ERR_ILLEGAL;
    } else if (action == HF_CALL) {
        if (!to_call || (amount != HF_NO_AMOUNT && amount != g->call_amount))
            return HF_ERR_ILLEGAL;
    } else if (amount != HF_NO_AMOUNT || (action == HF_CHECK && to_call)) {
        return HF_ERR_ILLEGAL;
    }
    hf_game_act(g, action, amount);
    return 0;
}
