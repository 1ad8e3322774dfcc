/* hhreplay.c: hilo_fast._hhreplay, the hot paths of a hand history's replay
 * (hilo_fast.history.replay) through the C hand of hilo_fast.engine.Hand, as CPython
 * builtins: the deal of the history's cards, the loop over its actions and
 * the pots with their winners. Each is the twin of a Python function of
 * hilo_fast.history.replay (_deal, the action loop of _play, _showdown_pots) and
 * leaves to it every case it does not answer exactly (None, or the index of
 * the action it stopped at), so the Python words every discrepancy itself;
 * tests/history/test_replay_native.py fuzzes each pair. The C hand's functions
 * (hf_hand_act, hf_omaha) come by address from the cffi module, so the core
 * is compiled once, in hilo_fast._native. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include "../hilo_fast.h"
#include "builtins.h"
#include "named.h"
#include "replayed.h"

typedef int32_t (*hand_act_fn)(hf_game *g, int32_t action, int64_t amount);
typedef int32_t (*omaha_fn)(const int32_t *hole, int32_t n_hole, const int32_t *board,
                            int32_t n_board);

typedef int32_t (*hand_runs_fn)(hf_game *g, int32_t runs);
typedef int32_t (*hand_deal_forced_fn)(hf_game *g, const hf_structure *structure,
                                       int32_t n_seats, int32_t hole_count,
                                       const int64_t *stacks, int32_t button,
                                       const int32_t *cards, int32_t n_cards,
                                       const int64_t *antes, const int64_t *blinds,
                                       int32_t big_blind);
typedef int32_t (*hand_deal_fn)(hf_game *g, const hf_structure *structure, int32_t n_seats,
                                int32_t hole_count, const int64_t *stacks, int32_t button,
                                const int32_t *cards, int32_t n_cards);

/* replay_hand keeps the settings of the last few structures (a file has few). */
enum { N_SETTINGS = 8, MAX_NAMES = 32 };
typedef struct {
    int64_t key[6];                 /* limit, low and high stakes, small blind, ante, runs */
    PyObject *keep;                 /* what owns *address */
    const hf_structure *address;
} setting;

typedef struct {
    hand_act_fn act;     /* hf_hand_act, or NULL before bind() */
    omaha_fn omaha;      /* hf_omaha */
    hand_deal_fn deal;   /* hf_hand_deal */
    hand_runs_fn runs;   /* hf_hand_runs */
    hand_deal_forced_fn deal_forced;   /* hf_hand_deal_forced */
    members codes;       /* engine.Street and Action members by code */
    /* replay_hand's, from bind_history() (NULL before): */
    PyObject *names[MAX_NAMES];   /* the HandHistory attributes it reads */
    PyObject *card_ids, *pot_result, *low_to_high, *settings_of, *kinds;
    named_maker maker;   /* how a PotResult is made */
    PyObject *post_small, *post_big, *post_ante, *post_both, *post_straddle;
    int32_t deck[52], fixed_limit, n_settings, next_setting;
    setting settings[N_SETTINGS];
} state;

/* A hand history's uncalled bet given back: the kind after the actions'. */
enum { RETURNED = HF_RAISE + 1 };

/* The code of a hand history's action kind by `kinds` (the Action codes, then
 * RETURNED), or -1 for any other. */
static int32_t kind_code(PyObject *kinds, PyObject *kind)
{
    for (int32_t code = HF_FOLD; code <= RETURNED; code++) {
        PyObject *name = PyTuple_GetItem(kinds, code);
        if (name == kind)
            return code;
    }
    for (int32_t code = HF_FOLD; PyUnicode_CheckExact(kind) && code <= RETURNED; code++)
        if (PyUnicode_Compare(PyTuple_GetItem(kinds, code), kind) == 0)   /* (str, str) */
            return code;
    return -1;
}

/* replay(game address, the cdata owning it, actions, seat_of, log, start, kinds,
 * returned):
 * hilo_fast.history.replay's loop over a hand history's actions, from actions[start]
 * on, for as long as each action is one that loop would apply with nothing to
 * say: the player's seat (seat_of[player]) is the one to act; a check, a fold,
 * a call of exactly the engine's call, a bet, or a raise by the increment the
 * engine's bet leaves; the engine accepts it; and the history's all-in flag
 * is the engine's (the chips put in are the stack). Each is applied with
 * hf_hand_act and logged as Hand.act logs it; an uncalled bet given back
 * is added to returned[seat], as that loop counts them. Returns the index of
 * the first action it left to that loop (len(actions) when none), having
 * changed nothing for it: the Python loop words every discrepancy itself.
 * `kinds`: the kind strings by Action code, then the given-back kind.
 * Actions are (street, player, kind, amount, to, all_in) tuples (HHAction). */
static PyObject *replay(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *address, *keep, *actions, *seat_of, *log, *kinds, *returned;
    Py_ssize_t i;
    if (!st || !PyArg_ParseTuple(args, "OOO!O!O!nO!O!", &address, &keep, &PyTuple_Type, &actions,
                                 &PyDict_Type, &seat_of, &PyList_Type, &log, &i, &PyTuple_Type,
                                 &kinds, &PyDict_Type, &returned))
        return NULL;
    if (!st->act) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._hhreplay is not bound");
        return NULL;
    }
    if (PyTuple_Size(kinds) != RETURNED + 1) {
        PyErr_SetString(PyExc_ValueError, "replay: 6 kinds");
        return NULL;
    }
    hf_game *g = PyLong_AsVoidPtr(address);   /* kept alive by `keep` during the call */
    if (!g) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "replay: a NULL hf_game");
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(actions);
    for (i = i < 0 ? 0 : i; i < n; i++) {
        PyObject *item = PyTuple_GetItem(actions, i);
        if (!PyTuple_Check(item) || PyTuple_Size(item) != 6)
            break;
        PyObject *seat_obj = PyDict_GetItemWithError(seat_of, PyTuple_GetItem(item, 1));
        if (!seat_obj) {   /* (not seated, or unhashable: the Python loop's error) */
            PyErr_Clear();
            break;
        }
        int32_t code = kind_code(kinds, PyTuple_GetItem(item, 2));
        PyObject *flag = PyTuple_GetItem(item, 5), *chips = PyTuple_GetItem(item, 3);
        int64_t seat, amount, to;
        if (code == RETURNED) {   /* returned[seat] = returned.get(seat, 0) + amount */
            if (!PyLong_CheckExact(chips))
                break;
            PyObject *had = PyDict_GetItemWithError(returned, seat_obj);
            PyObject *sum = had ? PyNumber_Add(had, chips) : (Py_INCREF(chips), chips);
            int err = !sum || PyDict_SetItem(returned, seat_obj, sum) < 0;
            Py_XDECREF(sum);
            if (err)
                return NULL;
            continue;
        }
        if (code < 0 || (flag != Py_True && flag != Py_False)
            || !exact_chips(seat_obj, &seat) || seat != g->actor || seat < 0
            || !exact_chips(chips, &amount)
            || !exact_chips(PyTuple_GetItem(item, 4), &to))
            break;   /* (another seat to act, the hand over: Python's word) */
        int64_t stack = g->stacks[seat], given = HF_NO_AMOUNT, added = 0, logged = 0;
        int32_t street = g->street;
        if (code == HF_CALL) {
            added = logged = g->call_amount;
            if (added != amount)
                break;
        } else if (code == HF_BET) {
            if (amount < 0 || amount > g->max_to)   /* (also keeps the sum in range) */
                break;
            added = amount;
            given = logged = g->bets[seat] + amount;
        } else if (code == HF_RAISE) {
            if (to < 0 || to > g->max_to || to - g->current_bet != amount)
                break;
            added = to - g->bets[seat];
            given = logged = to;
        }
        if (code >= HF_CALL && (flag == Py_True) != (added == stack && stack > 0))
            break;
        if (st->act(g, code, given) != 0)
            break;
        if (log_entry(log, st->codes.street_by_code[street], (int32_t)seat,
                      st->codes.action_by_code[code], logged) < 0)
            return NULL;
    }
    return PyLong_FromSsize_t(i);
}

/* A tuple of the first n seats of `seats`. */
static PyObject *seat_tuple(const int32_t *seats, int32_t n)
{
    PyObject *out = PyTuple_New(n);
    for (int32_t i = 0; out && i < n; i++) {
        PyObject *seat = PyLong_FromLong(seats[i]);
        if (!seat) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SetItem(out, i, seat);
    }
    return out;
}

/* One pot of the settlement (see pots()). */
typedef struct {
    int64_t level, amount;
    int32_t n_eligible, n_high, n_low;
    int32_t eligible[10], high[10], low[10];
} pot_t;

/* The pots of the settlement (see pots()) on `board` (5 cards) into out[], one
 * per distinct level of the showing seats' chips (at most 10); their count, or
 * -1 when a hand does not value. chips: n_seats of 0 .. 2^56; showing: `count` ascending seats
 * dealt in; button a seat. */
static int32_t pot_list(const state *st, const hf_game *g, const int32_t *board,
                        const int64_t *chips, const int32_t *showing, int32_t count,
                        int32_t button, pot_t *out)
{
    int32_t n = g->n_seats, high[10], low[10], n_pots = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t seat = showing[i];
        int32_t packed = st->omaha(g->holes[seat], g->hole_count, board, 5);
        if (packed < 0)
            return -1;
        high[seat] = packed >> 8;
        low[seat] = packed & 0xFF;
    }
    /* Clockwise from the first seat after the button: the odd-chip order. */
    int32_t clockwise[10], k = 0;
    for (int32_t i = 0; i < count; i++)
        if (showing[i] > button)
            clockwise[k++] = showing[i];
    for (int32_t i = 0; i < count; i++)
        if (showing[i] <= button)
            clockwise[k++] = showing[i];
    int64_t below = 0, level = 0;
    for (;;) {
        int64_t next = -1;   /* the smallest showing level above the last */
        for (int32_t i = 0; i < count; i++) {
            int64_t c = chips[showing[i]];
            if (c > level && (next < 0 || c < next))
                next = c;
        }
        if (next < 0)
            break;
        level = next;
        int64_t up_to = 0;
        for (int32_t seat = 0; seat < n; seat++)
            up_to += chips[seat] < level ? chips[seat] : level;
        pot_t *pot = &out[n_pots++];
        pot->level = level;
        pot->amount = up_to - below;
        pot->n_eligible = pot->n_high = pot->n_low = 0;
        for (int32_t i = 0; i < count; i++)
            if (chips[showing[i]] >= level)
                pot->eligible[pot->n_eligible++] = showing[i];
        int32_t contest[10], n_contest = 0, best_high = INT32_MAX, best_low = INT32_MAX;
        for (int32_t i = 0; i < count; i++) {
            int32_t seat = clockwise[i];
            if (chips[seat] < level)
                continue;
            contest[n_contest++] = seat;
            best_high = high[seat] < best_high ? high[seat] : best_high;
            best_low = low[seat] && low[seat] < best_low ? low[seat] : best_low;
        }
        for (int32_t i = 0; i < n_contest; i++) {
            int32_t seat = contest[i];
            if (high[seat] == best_high)
                pot->high[pot->n_high++] = seat;
            if (low[seat] == best_low)
                pot->low[pot->n_low++] = seat;
        }
        below = up_to;
    }
    return n_pots;
}

/* pots(game address, the cdata owning it, chips, showing, button): the pots
 * of hilo_fast.history.replay's settlement, as its Python twin (replay._showdown_pots)
 * builds them with _pots.pot_levels and _pots.winners: for each level of a
 * showing seat's chips, ascending, (level, amount, eligible, high winners,
 * low winners): the chips of every seat between the level below and this
 * one, the showing seats (ascending) that reached it, and those of them with
 * the best high and the best low (none without a qualifying low) in
 * clockwise order from the first seat after `button`. Hands are valued on
 * the C hand's own cards. chips: every seat's chips in the pots (ints >= 0);
 * showing: ascending seats dealt in. */
static PyObject *pots(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *address, *keep, *chips_list, *showing_list;
    int button;
    if (!st || !PyArg_ParseTuple(args, "OOO!O!i", &address, &keep, &PyList_Type, &chips_list,
                                 &PyList_Type, &showing_list, &button))
        return NULL;
    if (!st->omaha) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._hhreplay is not bound");
        return NULL;
    }
    const hf_game *g = PyLong_AsVoidPtr(address);   /* kept alive by `keep` during the call */
    if (!g) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "pots: a NULL hf_game");
        return NULL;
    }
    int32_t n = g->n_seats, count, showing[10];
    int64_t chips[10], shown[10];
    if (read_ints(chips_list, 10, chips) != n || read_ints(showing_list, 10, shown) < 1
        || button < 0 || button >= n) {
        PyErr_SetString(PyExc_ValueError, "pots: chips per seat, showing seats, a button seat");
        return NULL;
    }
    for (int32_t seat = 0; seat < n; seat++)
        if (chips[seat] < 0 || chips[seat] >= ((int64_t)1 << 56)) {
            PyErr_SetString(PyExc_ValueError, "pots: chips must be 0 .. 2^56");
            return NULL;
        }
    count = (int32_t)PyList_Size(showing_list);
    for (int32_t i = 0; i < count; i++) {
        int64_t seat = shown[i];
        if (seat < 0 || seat >= n || (i && seat <= showing[i - 1]) || g->holes[seat][0] < 0) {
            PyErr_SetString(PyExc_ValueError, "pots: showing seats ascending, each dealt in");
            return NULL;
        }
        showing[i] = (int32_t)seat;
    }
    pot_t found[10];
    int32_t n_pots = pot_list(st, g, g->board, chips, showing, count, button, found);
    if (n_pots < 0) {
        PyErr_SetString(PyExc_ValueError, "pots: the C hand's cards do not value");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    for (int32_t k = 0; out && k < n_pots; k++) {
        const pot_t *p = &found[k];
        PyObject *eligible_tuple = seat_tuple(p->eligible, p->n_eligible);
        PyObject *high_tuple = eligible_tuple ? seat_tuple(p->high, p->n_high) : NULL;
        PyObject *low_tuple = high_tuple ? seat_tuple(p->low, p->n_low) : NULL;
        PyObject *pot = low_tuple ? Py_BuildValue("(LLOOO)", (long long)p->level,
                                                  (long long)p->amount, eligible_tuple,
                                                  high_tuple, low_tuple) : NULL;
        Py_XDECREF(eligible_tuple);
        Py_XDECREF(high_tuple);
        Py_XDECREF(low_tuple);
        if (!pot || PyList_Append(out, pot) < 0)
            Py_CLEAR(out);
        Py_XDECREF(pot);
    }
    return out;
}

/* The card id `name` has in `card_ids` (a dict str -> int 0..51), or -1. */
static int32_t card_of(PyObject *card_ids, PyObject *name)
{
    PyObject *id = PyUnicode_CheckExact(name) ? PyDict_GetItemWithError(card_ids, name) : NULL;
    long card = id && PyLong_CheckExact(id) ? PyLong_AsLong(id) : -1;
    PyErr_Clear();
    return card >= 0 && card < 52 ? (int32_t)card : -1;
}

/* hilo_fast.history.replay._deal's deal (see deal_history) into board[5 + filler]
 * and holes[seat] for every seat known[seat] (set here: the seats `dealt` and
 * those the history shows); `extra`: n_extra more board cards known (the other
 * runs' own), kept out of the deal, and `filler` more cards drawn after the
 * board (0 .. 15); 0, or -1 whenever anything is not so. */
static int deal_known(PyObject *board_names, PyObject *hole_cards, PyObject *seat_of,
                      const int64_t *dealt, Py_ssize_t n_dealt, int n, int hole_count,
                      PyObject *card_ids, const int64_t *deck, PyObject *const *extra,
                      int n_extra, int filler, int board[20], int holes[10][6], int known[10])
{
    Py_ssize_t n_board = PyTuple_Size(board_names);
    if (n < 2 || n > 10 || hole_count < 4 || hole_count > 6 || n_board < 0 || n_board > 5
        || n_dealt < 0)
        return -1;
    int used = 0;
    uint64_t seen = 0;
    for (int seat = 0; seat < n; seat++)
        known[seat] = 0;
    for (Py_ssize_t i = 0; i < n_board; i++) {
        int32_t card = card_of(card_ids, PyTuple_GetItem(board_names, i));
        if (card < 0 || (seen >> card & 1))
            return -1;
        seen |= (uint64_t)1 << card;
        board[i] = card;
        used++;
    }
    for (int i = 0; i < n_extra; i++) {
        int32_t card = card_of(card_ids, extra[i]);
        if (card < 0 || (seen >> card & 1))
            return -1;
        seen |= (uint64_t)1 << card;
        used++;
    }
    Py_ssize_t at = 0;
    PyObject *name, *cards;
    while (PyDict_Next(hole_cards, &at, &name, &cards)) {
        PyObject *seat_obj = PyDict_GetItemWithError(seat_of, name);
        long seat = seat_obj && PyLong_CheckExact(seat_obj) ? PyLong_AsLong(seat_obj) : -1;
        PyErr_Clear();
        if (seat < 0 || seat >= n || known[seat] || !PyTuple_Check(cards)
            || PyTuple_Size(cards) != hole_count)
            return -1;
        for (int32_t k = 0; k < hole_count; k++) {
            int32_t card = card_of(card_ids, PyTuple_GetItem(cards, k));
            if (card < 0 || (seen >> card & 1))
                return -1;
            seen |= (uint64_t)1 << card;
            holes[seat][k] = card;
        }
        known[seat] = 1;
        used += hole_count;
    }
    int32_t unseen[10], n_unseen = 0;
    for (Py_ssize_t i = 0; i < n_dealt; i++) {
        if (dealt[i] < 0 || dealt[i] >= n || (i && dealt[i] <= dealt[i - 1]))
            return -1;
        if (!known[dealt[i]])
            unseen[n_unseen++] = (int32_t)dealt[i];
    }
    if (filler < 0 || filler > 15)
        return -1;
    int32_t need = n_unseen * hole_count + 5 - (int32_t)n_board + filler, drawn[52], n_drawn = 0;
    if (need > 52 - used)
        return -1;
    for (int32_t k = 0; k < 52 && n_drawn < need; k++) {
        if (deck[k] < 0 || deck[k] > 51)
            return -1;
        if (!(seen >> deck[k] & 1))
            drawn[n_drawn++] = (int32_t)deck[k];
    }
    if (n_drawn < need)   /* (a deck that repeats cards) */
        return -1;
    for (int32_t i = 0; i < n_unseen; i++) {
        for (int32_t k = 0; k < hole_count; k++)
            holes[unseen[i]][k] = drawn[i * hole_count + k];
        known[unseen[i]] = 1;
    }
    for (int32_t i = (int32_t)n_board; i < 5 + filler; i++)
        board[i] = drawn[n_unseen * hole_count + i - (int32_t)n_board];
    return 0;
}

/* deal_history(board, hole_cards, seat_of, dealt, n_seats, hole_count,
 * card_ids, deck): hilo_fast.history.replay._deal's deal, (holes, board): the board
 * and hole cards the history shows (card names, ids by `card_ids`), each
 * known hole at its player's seat (`seat_of`), and for the seats `dealt` in
 * (ascending) that show none, then for the board cards not dealt, the cards
 * of `deck` (the 52 ids, in the order the replay draws) the known ones do not
 * use, in that order. None whenever anything is not so (a count, a card
 * name, a repeat, a player not seated, too few cards): that Python function
 * then words the discrepancy. */
static PyObject *deal_history(PyObject *module, PyObject *args)
{
    PyObject *board_names, *hole_cards, *seat_of, *dealt_list, *card_ids, *deck_list;
    int n, hole_count;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!O!O!O!iiO!O!", &PyTuple_Type, &board_names, &PyDict_Type,
                          &hole_cards, &PyDict_Type, &seat_of, &PyList_Type, &dealt_list, &n,
                          &hole_count, &PyDict_Type, &card_ids, &PyList_Type, &deck_list))
        return NULL;
    int64_t dealt[10], deck[52];
    Py_ssize_t n_dealt = read_ints(dealt_list, 10, dealt);
    int board[20], holes[10][6], known[10];
    if (read_ints(deck_list, 52, deck) != 52
        || deal_known(board_names, hole_cards, seat_of, dealt, n_dealt, n, hole_count, card_ids,
                      deck, NULL, 0, 0, board, holes, known) < 0)
        Py_RETURN_NONE;
    int in_seat_order[60], k = 0;
    for (int32_t seat = 0; seat < n; seat++)
        for (int32_t c = 0; known[seat] && c < hole_count; c++)
            in_seat_order[k++] = holes[seat][c];
    PyObject *hole_list = hole_lists(in_seat_order, known, n, hole_count);
    PyObject *board_out = hole_list ? card_list(board, 5) : NULL;
    PyObject *out = board_out ? PyTuple_Pack(2, hole_list, board_out) : NULL;
    Py_XDECREF(hole_list);
    Py_XDECREF(board_out);
    return out;
}

#include "hhreplay_hand.c"

/* bind(address of hf_hand_act, of hf_omaha, of hf_hand_deal, of hf_hand_runs,
 * of hf_hand_deal_forced, the Street members, the Action members) */
static PyObject *bind(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *act_address, *omaha_address, *deal_address, *runs_address, *forced_address;
    PyObject *streets, *actions;
    if (!st || !PyArg_ParseTuple(args, "OOOOOO!O!", &act_address, &omaha_address, &deal_address,
                                 &runs_address, &forced_address, &PyTuple_Type, &streets,
                                 &PyTuple_Type, &actions))
        return NULL;
    if (members_check(streets, actions))
        return NULL;
    void *act = PyLong_AsVoidPtr(act_address);
    void *omaha = act ? PyLong_AsVoidPtr(omaha_address) : NULL;
    void *deal = omaha ? PyLong_AsVoidPtr(deal_address) : NULL;
    void *runs = deal ? PyLong_AsVoidPtr(runs_address) : NULL;
    void *forced = runs ? PyLong_AsVoidPtr(forced_address) : NULL;
    if (!act || !omaha || !deal || !runs || !forced) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "bind: a NULL address");
        return NULL;
    }
    st->runs = (hand_runs_fn)runs;
    st->deal_forced = (hand_deal_forced_fn)forced;
    members_set(&st->codes, streets, actions);
    st->act = (hand_act_fn)act;
    st->omaha = (omaha_fn)omaha;
    st->deal = (hand_deal_fn)deal;
    Py_RETURN_NONE;
}

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    state *st = PyModule_GetState(module);
    if (st) {
        Py_VISIT(st->codes.streets);
        Py_VISIT(st->codes.actions);
        for (int32_t i = 0; i < MAX_NAMES; i++)
            Py_VISIT(st->names[i]);
        Py_VISIT(st->card_ids);
        Py_VISIT(st->pot_result);
        Py_VISIT(st->low_to_high);
        Py_VISIT(st->settings_of);
        Py_VISIT(st->kinds);
        Py_VISIT(st->post_small);
        Py_VISIT(st->post_big);
        Py_VISIT(st->post_ante);
        Py_VISIT(st->post_both);
        Py_VISIT(st->post_straddle);
        for (int32_t i = 0; i < st->n_settings; i++)
            Py_VISIT(st->settings[i].keep);
    }
    return 0;
}

static int clear(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (st) {
        Py_CLEAR(st->codes.streets);
        Py_CLEAR(st->codes.actions);
        st->act = NULL;   /* unbound: the borrowed items above are gone */
        st->omaha = NULL;
        st->deal = NULL;
        st->runs = NULL;
        st->deal_forced = NULL;
        for (int32_t i = 0; i < MAX_NAMES; i++)
            Py_CLEAR(st->names[i]);
        Py_CLEAR(st->card_ids);
        Py_CLEAR(st->pot_result);
        Py_CLEAR(st->low_to_high);
        Py_CLEAR(st->settings_of);   /* (replay_hand checks it: unbound from here) */
        Py_CLEAR(st->kinds);
        Py_CLEAR(st->post_small);
        Py_CLEAR(st->post_big);
        Py_CLEAR(st->post_ante);
        Py_CLEAR(st->post_both);
        Py_CLEAR(st->post_straddle);
        for (int32_t i = 0; i < st->n_settings; i++)
            Py_CLEAR(st->settings[i].keep);
        st->n_settings = st->next_setting = 0;
    }
    return 0;
}

static void free_module(void *module) { clear((PyObject *)module); }

static PyMethodDef methods[] = {
    {"deal_history", deal_history, METH_VARARGS,
     "deal_history(board, hole_cards, seat_of, dealt, n_seats, hole_count, card_ids, deck): "
     "hilo_fast.history.replay._deal's (holes, board), or None."},
    {"replay", replay, METH_VARARGS,
     "replay(game address, game cdata, actions, seat_of, log, start, kinds, returned): "
     "hilo_fast.history.replay's action loop as far as it is plain; the index it stopped at."},
    {"pots", pots, METH_VARARGS,
     "pots(game address, game cdata, chips, showing, button): the replay's pots with their "
     "winners (see hilo_fast.history.replay._showdown_pots)."},
    {"replay_hand", replay_hand, METH_O,
     "replay_hand(h): a plain hand history's whole replay when it settles exactly: (seat_of, "
     "holes, contributions, collected, pots, showdown, all_in_board, board); else None."},
    {"replay_api", replay_api_capsule, METH_NOARGS,
     "replay_api(): a capsule of the C functions that replay a plain hand history into numbers "
     "(csrc/py/replayed.h), for hilo_fast._hhrows."},
    {"bind", bind, METH_VARARGS,
     "bind(address of hf_hand_act, of hf_omaha, of hf_hand_deal, of hf_hand_runs, of "
     "hf_hand_deal_forced, streets, actions)"},
    {"bind_history", bind_history, METH_VARARGS,
     "bind_history(card_ids, deck, PotResult, tuple.__new__, low_to_high sites, settings_of, "
     "kinds, small blind, big blind, ante, small & big blinds, straddle, Limit.FIXED): what "
     "replay_hand takes."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* the state is set once, at import */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._hhreplay",
    "A hand history's replay through the C hand, its hot paths as CPython builtins "
    "(see csrc/py/hhreplay.c).", sizeof(state), methods, slots, traverse, clear, free_module,
};

PyMODINIT_FUNC PyInit__hhreplay(void) { return PyModuleDef_Init(&module_def); }
