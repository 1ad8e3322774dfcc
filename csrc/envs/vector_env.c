/* vector_env.c: many tables stepped in one call, the core of
 * hilo_fast.envs.VectorEnv. Each table plays the hands an omaha_hilo_v0
 * environment plays from the same seed, one-hand or table episodes
 * (Session.reset, Session.act, engine.Table and engine._shuffled: the same
 * shuffles, buttons, stacks and schedule), through the checked hand API
 * (hf_hand_deal, hf_hand_act), and observes as hilo_fast.envs.spaces.encode
 * does; tests/envs/test_vector_env.py compares them step by step. */
#include <stdint.h>
#include <string.h>
#include "../core/cards.h"
#include "../engine/hand.h"
#include "../engine/mersenne.h"
#include "../core/omaha_fast.h"

#define MAX_CHIPS ((int64_t)1 << HF_MAX_CHIPS_BITS)

enum { FOLD, CHECK_CALL, BET_MIN, BET_HALF_POT, BET_POT, ALL_IN };
enum { HISTORY_CHECKS, HISTORY_CALLS, HISTORY_RAISES };

static int valid_config(const hf_vector_config *c)
{
    if (c->n_games < 1 || c->n_games > 2 || c->hands_per_game <= 0 || c->n_seats < 2
        || c->n_seats > 10 || c->hole_count < 4 || c->hole_count > 6
        || c->n_seats * c->hole_count + 5 > 52 || c->big_blind <= 0
        || c->first_button < 0 || c->first_button >= c->n_seats
        || (c->n_actions != HF_ENV_ACTIONS && c->n_actions != HF_ENV_FIXED_ACTIONS)
        || c->table_episodes < 0 || c->table_episodes > 1 || c->max_hands < 0)
        return 0;
    /* Every stack above each game's big blind plus ante (Session's rule):
     * no seat is all in from the forced bets, so every hand dealt has a
     * seat to act. */
    int64_t floor = 0;
    for (int32_t k = 0; k < c->n_games; k++) {
        const hf_structure *s = &c->games[k];
        if (!hf_valid_structure(s) || s->runs > 1   /* nobody to agree */
            || c->n_seats * c->hole_count + 5 * (s->n_boards == 2 ? 2 : 1) > 52)
            return 0;
        int64_t forced = s->big_blind + s->ante + s->straddle + s->bomb_pot;
        floor = forced > floor ? forced : floor;
    }
    int64_t chips = 0;
    for (int32_t seat = 0; seat < c->n_seats; seat++) {
        if (c->stacks[seat] <= floor || c->stacks[seat] >= MAX_CHIPS - chips)
            return 0;
        chips += c->stacks[seat];
    }
    return 1;
}

/* spaces.action_mask for the seat to act. */
static void write_mask(const hf_vector_config *c, const hf_game *g, int8_t *mask)
{
    int32_t legal = !g->max_to ? 2
        : c->n_actions == HF_ENV_FIXED_ACTIONS || g->structure.limit == HF_FIXED ? 3 : 6;
    /* valid_config allows only 3 or 6 actions; the bound says so to the compiler too */
    int32_t n = c->n_actions < HF_ENV_ACTIONS ? c->n_actions : HF_ENV_ACTIONS;
    for (int32_t a = 0; a < n; a++)
        mask[a] = a < legal;
}

/* spaces.decode: the engine action and amount of action index `a` (legal). */
static int32_t decode(const hf_game *g, int64_t a, int64_t *amount)
{
    int64_t current = g->current_bet, to_call = current - g->bets[g->actor];
    int64_t lo = g->min_to, hi = g->max_to, to;
    *amount = HF_NO_AMOUNT;
    if (a == FOLD)
        return HF_FOLD;
    if (a == CHECK_CALL)
        return to_call ? HF_CALL : HF_CHECK;
    if (a == BET_MIN) {
        to = lo;
    } else if (a == ALL_IN) {
        to = hi;
    } else {
        int64_t after_call = g->total + to_call;
        to = current + (a == BET_HALF_POT ? after_call / 2 : after_call);
        to = to < lo ? lo : to > hi ? hi : to;
    }
    *amount = to;
    return current ? HF_RAISE : HF_BET;
}

/* The seat's (high, low) in 0..1 on the board dealt so far (from the flop). */
static void hand_strength(const hf_game *g, int32_t seat, float hi_lo[2])
{
    hf_board b;
    hf_board_prepare(&b, g->board, g->board_shown);
    int32_t packed = hf_board_omaha(&b, g->holes[seat], g->hole_count);
    int32_t high = packed >> 8, low = g->structure.high_only ? 0 : packed & 0xff;
    hi_lo[0] = (float)(1.0 - (double)(high - 1) / 7462.0);
    hi_lo[1] = low ? (float)(1.0 - (double)(low - 1) / 56.0) : 0.0f;
}

/* The same, cached per seat until the board grows (the vector tables). */
static const float *cached_strength(hf_vector_table *t, int32_t seat)
{
    if (t->strength_board[seat] != t->game.board_shown) {
        hand_strength(&t->game, seat, t->strength[seat]);
        t->strength_board[seat] = t->game.board_shown;
    }
    return t->strength[seat];
}

/* spaces.encode of `seat` (the caller zeroed obs); hi_lo its strength when
 * the board has three cards or more and the seat was dealt in. */
static void encode(const hf_game *g, const int32_t history[3][4][10], int32_t seat,
                   int64_t big_blind, const float *hi_lo, float *obs)
{
    int32_t n = g->n_seats;
    double unit = 1.0 / (double)big_blind;
    if (g->status[seat] != HF_OUT)
        for (int32_t k = 0; k < g->hole_count; k++)
            obs[HF_OBS_HOLE + g->holes[seat][k]] = 1.0f;
    for (int32_t k = 0; k < g->board_shown; k++)
        obs[HF_OBS_BOARD + g->board[k]] = 1.0f;
    if (g->structure.n_boards == 2)
        for (int32_t k = 0; k < g->board_shown; k++)
            obs[HF_OBS_BOARD2 + g->extra_boards[0][k]] = 1.0f;
    if (g->street < HF_OVER)
        obs[HF_OBS_STREET + g->street] = 1.0f;
    obs[HF_OBS_LIMIT + g->structure.limit] = 1.0f;
    obs[HF_OBS_POSITION + (seat - g->button + n) % n] = 1.0f;
    for (int32_t r = 0; r < n; r++) {
        int32_t s = seat + r < n ? seat + r : seat + r - n;
        int64_t stack = g->stacks[s];
        if (g->status[s] == HF_FOLDED) {
            obs[HF_OBS_FOLDED + r] = 1.0f;
        } else if (stack || g->contributions[s]) {   /* dealt in */
            obs[HF_OBS_IN_HAND + r] = 1.0f;
            if (!stack)
                obs[HF_OBS_ALL_IN + r] = 1.0f;
        }
        obs[HF_OBS_STACK + r] = (float)((double)stack * unit);
        obs[HF_OBS_BET + r] = (float)((double)g->bets[s] * unit);
        obs[HF_OBS_CONTRIBUTED + r] = (float)((double)g->contributions[s] * unit);
        for (int32_t street = 0; street < 4; street++) {
            obs[HF_OBS_CHECKS + street * 10 + r] = (float)history[HISTORY_CHECKS][street][s];
            obs[HF_OBS_CALLS + street * 10 + r] = (float)history[HISTORY_CALLS][street][s];
            obs[HF_OBS_RAISES + street * 10 + r] = (float)history[HISTORY_RAISES][street][s];
        }
    }
    obs[HF_OBS_POT] = (float)((double)g->total * unit);
    if (g->actor == seat) {
        obs[HF_OBS_TO_CALL] = (float)((double)g->call_amount * unit);
        obs[HF_OBS_MIN_TO] = (float)((double)g->min_to * unit);
        obs[HF_OBS_MAX_TO] = (float)((double)g->max_to * unit);
        obs[HF_OBS_TO_ACT] = 1.0f;
    }
    if (hi_lo) {
        obs[HF_OBS_HIGH] = hi_lo[0];
        obs[HF_OBS_LOW] = hi_lo[1];
    }
}

/* Every card of the hand an id 0..51 (or -1 for a seat sitting out) and
 * the counts in range: what encode indexes by. */
static int observable(const hf_game *g)
{
    if (g->n_seats < 2 || g->n_seats > 10 || g->hole_count < 4 || g->hole_count > 6
        || g->board_shown < 0 || g->board_shown > 5 || g->street < 0 || g->street > HF_OVER
        || g->structure.limit < HF_FIXED || g->structure.limit > HF_NO
        || g->button < 0 || g->button >= g->n_seats)
        return 0;
    uint64_t seen = 0;
    for (int32_t seat = 0; seat < g->n_seats; seat++)
        if (g->status[seat] != HF_OUT && hf_check_cards(g->holes[seat], g->hole_count, &seen))
            return 0;
    return !hf_check_cards(g->board, 5, &seen);
}

int32_t hf_env_observe(const hf_game *game, const int32_t *history, int32_t seat,
                       int64_t big_blind, int32_t n_actions, float *obs, int8_t *mask)
{
    if (!game || !history || !obs || !mask || big_blind <= 0
        || (n_actions != HF_ENV_ACTIONS && n_actions != HF_ENV_FIXED_ACTIONS)
        || !observable(game) || seat < 0 || seat >= game->n_seats)
        return HF_ERR_COUNT;
    float hi_lo[2];
    int strong = game->board_shown >= 3 && game->status[seat] != HF_OUT;
    if (strong)
        hand_strength(game, seat, hi_lo);
    memset(obs, 0, HF_OBS_SIZE * sizeof *obs);
    encode(game, (const int32_t (*)[4][10])history, seat, big_blind, strong ? hi_lo : NULL, obs);
    memset(mask, 0, (size_t)n_actions);
    if (game->actor == seat) {
        hf_vector_config c;
        c.n_actions = n_actions;
        write_mask(&c, game, mask);
    }
    return 0;
}

/* Deal hand `number` of the schedule from `stacks` at `button`, its cards
 * from engine._shuffled of `rng`. */
static int32_t deal_hand(const hf_vector_config *c, hf_vector_table *t, hf_mt *rng,
                         int64_t number, const int64_t *stacks, int32_t button)
{
    int32_t dealt = 0;
    for (int32_t seat = 0; seat < c->n_seats; seat++) {
        t->start[seat] = stacks[seat];   /* a copy first: stacks may be t->game's */
        dealt += stacks[seat] > 0;
    }
    const hf_structure *game = &c->games[(number / c->hands_per_game) % c->n_games];
    int32_t need = dealt * c->hole_count + 5 * (game->n_boards == 2 ? 2 : 1), deck[52];
    if (need > 52)
        return HF_ERR_COUNT;          /* never the case: valid_config bounds it */
    for (int32_t k = 0; k < 52; k++)
        deck[k] = k;
    for (int32_t i = 0; i < need; i++) {
        int32_t j = i + (int32_t)hf_mt_below(rng, 52 - i), swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
    memset(t->history, 0, sizeof t->history);
    memset(t->strength_board, 0, sizeof t->strength_board);
    t->episode_hands++;
    return hf_hand_deal(&t->game, game, c->n_seats, c->hole_count, t->start, button, deck,
                        need);
}

/* Session.reset without a seed: the next episode, the button one seat on;
 * a table episode first seeds its engine.Table from 64 bits of t->rng. */
static int32_t begin_episode(const hf_vector_config *c, hf_vector_table *t)
{
    if (t->hand_number < -1 || t->hand_number == INT64_MAX)
        t->hand_number = -1;          /* never the case for tables only hf_vector_* wrote */
    int64_t number = ++t->hand_number;
    if (t->button < 0 || t->button >= c->n_seats)
        t->button = 0;
    t->button = number == 0 ? c->first_button : (t->button + 1) % c->n_seats;
    t->episode_hands = 0;
    if (!c->table_episodes)
        return deal_hand(c, t, &t->rng, number, c->stacks, t->button);
    hf_mt_seed64(&t->episode_rng, hf_mt_bits64(&t->rng));
    return deal_hand(c, t, &t->episode_rng, 0, c->stacks, t->button);
}

/* engine.Table.next_hand: stacks carried over, the button on to the next
 * seat with chips. */
static int32_t next_in_episode(const hf_vector_config *c, hf_vector_table *t)
{
    int32_t n = c->n_seats, button = t->game.button;
    for (int32_t step = 1; step <= n; step++) {
        int32_t seat = (button + step) % n;
        if (t->game.stacks[seat] > 0) {
            button = seat;
            break;
        }
    }
    return deal_hand(c, t, &t->episode_rng, t->episode_hands, t->game.stacks, button);
}

/* Session._ends after a hand: 1 when a seat busted, 2 when the episode is
 * cut at max_hands, else 0 (the table plays on). */
static int episode_end(const hf_vector_config *c, const hf_vector_table *t)
{
    for (int32_t seat = 0; seat < c->n_seats; seat++)
        if (!t->game.stacks[seat])
            return 1;
    return c->max_hands && t->episode_hands >= c->max_hands ? 2 : 0;
}

static void write_observation(const hf_vector_config *c, hf_vector_table *t, int64_t i,
                              float *obs, int8_t *masks, int32_t *seats)
{
    float *row = obs + i * HF_OBS_SIZE;
    memset(row, 0, HF_OBS_SIZE * sizeof *row);
    int32_t seat = t->game.actor;
    encode(&t->game, (const int32_t (*)[4][10])t->history, seat, c->big_blind,
           t->game.board_shown >= 3 ? cached_strength(t, seat) : NULL, row);
    write_mask(c, &t->game, masks + i * c->n_actions);
    seats[i] = t->game.actor;
}

int32_t hf_vector_deal(const hf_vector_config *config, hf_vector_table *tables, int64_t n,
                       float *obs, int8_t *masks, int32_t *seats)
{
    if (!config || !tables || !obs || !masks || !seats || n < 0 || !valid_config(config))
        return HF_ERR_COUNT;
    for (int64_t i = 0; i < n; i++) {
        int32_t err = begin_episode(config, &tables[i]);
        if (err)
            return err;
        write_observation(config, &tables[i], i, obs, masks, seats);
    }
    return 0;
}

/* A table's hand is in play with a valid seat to act (only hf_vector_* write it). */
static int in_play(const hf_vector_config *c, const hf_vector_table *t)
{
    const hf_game *g = &t->game;
    return g->n_seats == c->n_seats && g->actor >= 0 && g->actor < g->n_seats
        && g->street < HF_OVER;
}

int32_t hf_vector_step(const hf_vector_config *config, hf_vector_table *tables, int64_t n,
                       const int64_t *actions, float *obs, int8_t *masks, int32_t *seats,
                       float *rewards, uint8_t *done, int64_t *bad_table)
{
    if (!config || !tables || !actions || !obs || !masks || !seats || !rewards || !done
        || !bad_table || n < 0 || !valid_config(config))
        return HF_ERR_COUNT;
    int32_t n_seats = config->n_seats;
    for (int64_t i = 0; i < n; i++) {   /* every action checked before any is applied */
        int8_t mask[HF_ENV_ACTIONS];
        if (!in_play(config, &tables[i])) {
            *bad_table = i;
            return HF_ERR_COUNT;
        }
        write_mask(config, &tables[i].game, mask);
        if (actions[i] < 0 || actions[i] >= config->n_actions || !mask[actions[i]]) {
            *bad_table = i;
            return HF_ERR_ILLEGAL;
        }
    }
    for (int64_t i = 0; i < n; i++) {
        hf_vector_table *t = &tables[i];
        hf_game *g = &t->game;
        int64_t amount;
        int32_t kind = decode(g, actions[i], &amount);
        int32_t err = hf_hand_act(g, kind, amount);
        if (err)
            return err;
        if (kind != HF_FOLD)
            t->history[kind == HF_CHECK ? HISTORY_CHECKS : kind == HF_CALL ? HISTORY_CALLS
                                                                          : HISTORY_RAISES]
                      [g->last.street][g->last.seat]++;
        int64_t won[10] = { 0 };
        int hand_over = g->street == HF_OVER, end = 0;
        while (hand_over) {   /* Session.act: on through hands over at once */
            for (int32_t s = 0; s < n_seats; s++)
                won[s] += g->stacks[s] - t->start[s];
            end = config->table_episodes ? episode_end(config, t) : 1;
            if (end)
                break;
            if ((err = next_in_episode(config, t)) != 0)
                return err;
            if (g->street != HF_OVER)
                break;
        }
        float *reward = rewards + i * n_seats;
        for (int32_t s = 0; s < n_seats; s++)
            reward[s] = (float)((double)won[s] / (double)config->big_blind);
        done[i] = (uint8_t)hand_over;
        done[n + i] = end == 1;
        done[2 * n + i] = end == 2;
        if (end && (err = begin_episode(config, t)) != 0)
            return err;
        write_observation(config, t, i, obs, masks, seats);
    }
    return 0;
}
