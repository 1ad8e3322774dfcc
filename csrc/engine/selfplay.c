/* selfplay.c: many hands at one table with the built-in bots, in C.
 * The twin of hilo_fast/engine/selfplay.py's simulate loop and its bots, and of
 * Table.next_hand: the button moves, broke seats buy back in. */
#include <stdint.h>
#include <stddef.h>
#include "hand.h"
#include "mersenne.h"

#define MAX_CHIPS ((int64_t)1 << HF_MAX_CHIPS_BITS)

/* random_legal: a uniformly random legal kind of action (never folding when
 * it could check) with a uniformly random legal "to" amount. */
static int32_t random_legal(const hf_game *g, hf_mt *rng, int64_t *to)
{
    int64_t facing = g->current_bet - g->bets[g->actor];
    int64_t lo = g->min_to, hi = g->max_to;
    int64_t pick = hf_mt_below(rng, hi ? 3 : 2);
    if (facing) {
        if (pick == 0)
            return HF_FOLD;
        if (pick == 1)
            return HF_CALL;
    } else if (pick == 0) {
        return HF_CHECK;
    }
    if (!hi)
        return HF_CHECK;
    *to = lo + hf_mt_below(rng, hi - lo + 1);
    return g->current_bet ? HF_RAISE : HF_BET;
}

static int32_t always_call(const hf_game *g)
{
    return g->current_bet - g->bets[g->actor] ? HF_CALL : HF_CHECK;
}

/* pot_every_time: the largest bet or raise the structure allows, else call. */
static int32_t pot_every_time(const hf_game *g, int64_t *to)
{
    if (!g->max_to)
        return always_call(g);
    *to = g->max_to;
    return g->current_bet ? HF_RAISE : HF_BET;
}

/* Settings and state in range, and counters that `hands` more hands cannot overflow. */
static int valid_session(const hf_selfplay *sp, int64_t hands)
{
    if (sp->n_seats < 2 || sp->n_seats > 10 || sp->hole_count < 4 || sp->hole_count > 6
        || sp->n_seats * sp->hole_count + 5 > 52 || sp->n_games < 1 || sp->n_games > 2
        || sp->hands_per_game <= 0 || sp->rebuy_to <= 0 || sp->rebuy_to >= MAX_CHIPS
        || sp->hands_played < 0 || sp->hands_played > INT64_MAX - hands
        || sp->actions < 0 || sp->showdowns < 0 || sp->button < 0 || sp->button >= sp->n_seats
        || sp->deal_rng.pos < 0 || sp->deal_rng.pos > 624
        || sp->bot_rng.pos < 0 || sp->bot_rng.pos > 624)
        return 0;
    for (int32_t k = 0; k < sp->n_games; k++)
        if (!hf_valid_structure(&sp->games[k]) || sp->games[k].runs > 1   /* nobody to agree */
            || sp->n_seats * sp->hole_count + 5 * (sp->games[k].n_boards == 2 ? 2 : 1) > 52)
            return 0;
    int32_t with_chips = 0;
    int64_t chips = 0;
    for (int32_t seat = 0; seat < sp->n_seats; seat++) {
        if (sp->bots[seat] < HF_BOT_RANDOM || sp->bots[seat] > HF_BOT_POT
            || sp->stacks[seat] < 0 || sp->stacks[seat] >= MAX_CHIPS
            || sp->rebuys[seat] < 0 || sp->rebuys[seat] > INT64_MAX - hands)
            return 0;
        /* After the first hand a broke seat buys back in before the next deal
         * (next_hand_setup, Table.next_hand), so it counts as seated: a run
         * may well start on a seat that went broke at the end of the last. */
        with_chips += sp->stacks[seat] > 0 || sp->hands_played > 0;
        chips += sp->stacks[seat];
    }
    /* The first hand is dealt at `button`, which must have chips. */
    return with_chips >= 2 && chips < MAX_CHIPS
        && (sp->hands_played > 0 || sp->stacks[sp->button] > 0);
}

/* The chips at the table once broke seats have bought back in (after the
 * first hand; Table.next_hand), so the bound is checked before anything moves. */
static int64_t chips_after_rebuys(const hf_selfplay *sp)
{
    int64_t chips = 0;
    for (int32_t seat = 0; seat < sp->n_seats; seat++)
        chips += sp->stacks[seat] || !sp->hands_played ? sp->stacks[seat] : sp->rebuy_to;
    return chips;
}

/* Table.next_hand: after the first hand, broke seats buy back in and the
 * button moves to the next seat clockwise with chips. */
static void next_hand_setup(hf_selfplay *sp)
{
    if (!sp->hands_played)
        return;
    for (int32_t seat = 0; seat < sp->n_seats; seat++) {
        if (!sp->stacks[seat]) {
            sp->stacks[seat] = sp->rebuy_to;
            sp->rebuys[seat]++;
        }
    }
    do
        sp->button = sp->button + 1 < sp->n_seats ? sp->button + 1 : 0;
    while (!sp->stacks[sp->button]);
}

int32_t hf_selfplay_run(hf_selfplay *sp, int64_t hands, int64_t *stacks_log)
{
    if (!sp || hands < 0 || !valid_session(sp, hands))
        return HF_ERR_COUNT;
    hf_game g;
    for (int64_t h = 0; h < hands; h++) {
        int64_t chips = chips_after_rebuys(sp);
        if (chips >= MAX_CHIPS)   /* the state stays as the last hand left it */
            return HF_ERR_TOO_MANY_CHIPS;
        next_hand_setup(sp);
        const hf_structure *s = &sp->games[(sp->hands_played / sp->hands_per_game) % sp->n_games];
        hf_game_start(&g, s, sp->n_seats, sp->hole_count, sp->stacks, sp->button, &sp->deal_rng);
        while (g.actor >= 0) {
            int64_t to = 0;
            int32_t bot = sp->bots[g.actor], action;
            if (bot == HF_BOT_RANDOM)
                action = random_legal(&g, &sp->bot_rng, &to);
            else if (bot == HF_BOT_CALL)
                action = always_call(&g);
            else
                action = pot_every_time(&g, &to);
            hf_game_act(&g, action, to);
        }
        int64_t after = 0;
        for (int32_t seat = 0; seat < sp->n_seats; seat++) {
            after += g.stacks[seat];
            sp->stacks[seat] = g.stacks[seat];
        }
        sp->hands_played++;
        sp->actions += g.n_actions;
        sp->showdowns += g.went_to_showdown;
        if (stacks_log)
            for (int32_t seat = 0; seat < sp->n_seats; seat++)
                stacks_log[h * sp->n_seats + seat] = g.stacks[seat];
        if (after != chips)
            return HF_ERR_CHIPS_NOT_CONSERVED;
    }
    return 0;
}
