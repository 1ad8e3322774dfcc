/* handplay.c: hilo_fast._handplay, the per-hand hot paths of hilo_fast.engine.Hand
 * on the native backend as CPython builtins: Hand.play's decision loop, the
 * deal (engine._deal's shuffled deal from the same draws, and hf_hand_deal
 * given the façade's lists without cffi converting them), and
 * HandCore, Hand's base, whose getters read the C hand directly.
 *
 * A Python bot driving a C hand through hilo_fast.engine.Hand pays, per
 * decision, for a Python frame of Hand.act and a cffi call on top of the
 * bot's own call. This loop asks each actor's bot, applies the plain
 * answers with the C core's hf_hand_act (through the address the cffi
 * module gives it, so the engine is compiled once, in hilo_fast._native)
 * and appends the log entry itself. Plain answers: a 2-tuple of an Action
 * member and None (or an exact int for a call, bet or raise) that the hand
 * accepts. Anything else (names, other sequences, bad amounts, illegal
 * actions) goes as it is to hand.act(*answer) (through the Python function
 * bound with the rest), which parses it, applies it or raises
 * the façade's error with nothing changed: the same answers as the Python
 * loop `while hand.actor >= 0: hand.act(*bots[hand.actor](hand, rng))`. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include "../hilo_fast.h"
#include "builtins.h"

typedef int32_t (*hand_act_fn)(hf_game *g, int32_t action, int64_t amount);
typedef int32_t (*hand_deal_fn)(hf_game *g, const hf_structure *structure, int32_t n_seats,
                                int32_t hole_count, const int64_t *stacks, int32_t button,
                                const int32_t *cards, int32_t n_cards);

typedef struct {
    hand_act_fn act;     /* hf_hand_act, or NULL before bind() */
    hand_deal_fn deal;   /* hf_hand_deal */
    members codes;       /* engine.Street and Action members by code */
    PyObject *act_on;    /* act_on(hand, answer): hand.act(*answer) in Python */
} state;

/* The code of `action` if it is an Action member itself, else -1. */
static int32_t action_code(const state *st, PyObject *action)
{
    for (int32_t code = HF_FOLD; code <= HF_RAISE; code++)
        if (st->codes.action_by_code[code] == action)
            return code;
    return -1;
}

/* The amount hf_hand_act is given for a plain answer, or -2 if it is not plain. */
static int64_t plain_amount(int32_t code, PyObject *amount)
{
    if (amount == Py_None)
        return code <= HF_CALL ? HF_NO_AMOUNT : -2;   /* a bet or raise needs one */
    if (code <= HF_CHECK || !PyLong_CheckExact(amount))
        return -2;
    int overflow = 0;
    long long chips = PyLong_AsLongLongAndOverflow(amount, &overflow);
    if (overflow || chips < 0) {   /* hand.act explains these */
        PyErr_Clear();
        return -2;
    }
    return (int64_t)chips;
}

/* hand.act(*decision): the façade applies or refuses what the loop did not
 * (called through Python, so that its errors are the Python loop's). */
static int act_in_python(const state *st, PyObject *hand, PyObject *decision)
{
    PyObject *done = PyObject_CallFunctionObjArgs(st->act_on, hand, decision, NULL);
    Py_XDECREF(done);
    return done ? 0 : -1;
}

/* Append (Street, seat, Action, amount) of the action just applied to `log`. */
static int log_action(const state *st, PyObject *log, int32_t street, int32_t seat,
                      PyObject *action, int64_t amount)
{
    return log_entry(log, st->codes.street_by_code[street], seat, action, amount);
}

/* play(address of the hf_game, the cdata owning it, hand, bots, rng, log) */
static PyObject *play(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *address, *keep, *hand, *bots, *rng, *log;
    if (!st || !PyArg_ParseTuple(args, "OOOO!OO!", &address, &keep, &hand, &PyTuple_Type,
                                 &bots, &rng, &PyList_Type, &log))
        return NULL;
    if (!st->act) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._handplay is not bound");
        return NULL;
    }
    hf_game *g = PyLong_AsVoidPtr(address);   /* kept alive by `keep` during the call */
    if (!g)
        return NULL;
    if (PyTuple_Size(bots) != g->n_seats) {
        PyErr_SetString(PyExc_ValueError, "play: one bot per seat");
        return NULL;
    }
    /* (hand, rng): one tuple for every call (never changed, so a bot may keep it). */
    PyObject *call_args = PyTuple_Pack(2, hand, rng);
    if (!call_args)
        return NULL;
    while (g->actor >= 0) {
        PyObject *decision = PyObject_Call(PyTuple_GetItem(bots, g->actor), call_args, NULL);
        if (!decision) {
            Py_DECREF(call_args);
            return NULL;
        }
        /* Read after the call, as hand.act would (a bot may have acted itself). */
        int32_t seat = g->actor, street = g->street, applied = 0;
        if (seat >= 0 && PyTuple_CheckExact(decision) && PyTuple_Size(decision) == 2) {
            PyObject *action = PyTuple_GetItem(decision, 0);
            int32_t code = action_code(st, action);
            int64_t amount = code < 0 ? -2 : plain_amount(code, PyTuple_GetItem(decision, 1));
            if (amount != -2 && st->act(g, code, amount) == 0)
                applied = log_action(st, log, street, seat, action, g->last.amount) < 0 ? -1 : 1;
        }
        int err = applied < 0 || (!applied && act_in_python(st, hand, decision) < 0);
        Py_DECREF(decision);
        if (err) {
            Py_DECREF(call_args);
            return NULL;
        }
    }
    Py_DECREF(call_args);
    Py_RETURN_NONE;
}

/* The hf_game and hf_structure at two addresses, for `name` of a bound module:
 * 0, or -1 with an error set (not bound, a NULL or bad address). */
static int deal_target(const state *st, PyObject *game_address, PyObject *structure_address,
                       const char *name, hf_game **g, const hf_structure **structure)
{
    if (!st->deal) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._handplay is not bound");
        return -1;
    }
    *g = PyLong_AsVoidPtr(game_address);
    *structure = *g ? PyLong_AsVoidPtr(structure_address) : NULL;
    if (!*g || !*structure) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "%s: a NULL address", name);
        return -1;
    }
    return 0;
}

/* A card id as hf_hand_deal takes it: anything not -1..52 becomes 52 (refused). */
static int32_t dealt_card(int64_t card)
{
    return card < -1 || card > 52 ? 52 : (int32_t)card;
}

/* deal(address of an hf_game, of an hf_structure, stacks, button, hole_count,
 * cards): hf_hand_deal of plain lists of ints converted here, not by cffi
 * (the façade's checked deal); its code, or None for a list that is not
 * plain (the caller then converts it). */
static PyObject *deal(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *game_address, *structure_address, *stacks_list, *cards_list;
    int button, hole_count;
    if (!st || !PyArg_ParseTuple(args, "OOOiiO", &game_address, &structure_address,
                                 &stacks_list, &button, &hole_count, &cards_list))
        return NULL;
    hf_game *g;
    const hf_structure *structure;
    if (deal_target(st, game_address, structure_address, "deal", &g, &structure))
        return NULL;
    int64_t stacks[10], wide[52];
    int32_t cards[52];
    Py_ssize_t n_seats = read_ints(stacks_list, 10, stacks);
    Py_ssize_t n_cards = n_seats < 0 ? -1 : read_ints(cards_list, 52, wide);
    if (n_cards < 0)
        Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < n_cards; i++)
        cards[i] = dealt_card(wide[i]);
    return PyLong_FromLong(st->deal(g, structure, (int32_t)n_seats, hole_count, stacks, button,
                                    cards, (int32_t)n_cards));
}

/* deal_given(address of an hf_game, of an hf_structure, stacks, button,
 * hole_count, holes, board): hf_hand_deal of a deal given seat by seat
 * (Hand._given_deal): holes a list with, for each seat, None when it has no
 * chips, else a list of hole_count ints, and board a list of 5 ints, dealt in
 * seat order; the code, or None for input not so plain (the caller then
 * takes the checked way, which explains). */
static PyObject *deal_given(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *game_address, *structure_address, *stacks_list, *holes, *board_list;
    int button, hole_count;
    if (!st || !PyArg_ParseTuple(args, "OOOiiO!O!", &game_address, &structure_address,
                                 &stacks_list, &button, &hole_count, &PyList_Type, &holes,
                                 &PyList_Type, &board_list))
        return NULL;
    hf_game *g;
    const hf_structure *structure;
    if (deal_target(st, game_address, structure_address, "deal_given", &g, &structure))
        return NULL;
    int64_t stacks[10], wide[6];
    int32_t cards[52], n_cards = 0;
    Py_ssize_t n = read_ints(stacks_list, 10, stacks);
    if (n < 2 || PyList_Size(holes) != n || hole_count < 4 || hole_count > 6)
        Py_RETURN_NONE;
    for (Py_ssize_t seat = 0; seat < n; seat++) {
        PyObject *hole = PyList_GetItem(holes, seat);
        if (hole == Py_None && !stacks[seat])
            continue;
        if (hole == Py_None || !stacks[seat] || n_cards + hole_count > 47
            || read_ints(hole, 6, wide) != hole_count)
            Py_RETURN_NONE;
        for (int i = 0; i < hole_count; i++)
            cards[n_cards++] = dealt_card(wide[i]);
    }
    if (read_ints(board_list, 5, wide) != 5)
        Py_RETURN_NONE;
    for (int i = 0; i < 5; i++)
        cards[n_cards++] = dealt_card(wide[i]);
    return PyLong_FromLong(st->deal(g, structure, (int32_t)n, hole_count, stacks, button, cards,
                                    n_cards));
}

/* ---- HandCore: the base of hilo_fast.engine.Hand on the native backend ----
 *
 * The reads a bot makes at every decision (whose turn, the bet, the bounds,
 * bets and stacks, whether the hand is over) as getters over the C hand itself, with no Python frame
 * and no cffi object between: the façade binds the hand's hf_game to it
 * (and keeps the cdata owning it). Unbound (a hand on the Python machine,
 * beyond the C's chip bound, or a copy), each getter reads the Python
 * machine as engine._HandFields, the pure backend's base, does. */

typedef struct {
    PyObject_HEAD
    hf_game *g;        /* NULL: unbound */
    PyObject *keep;    /* the cdata owning *g */
} core;

enum { F_INT32, F_INT64, F_LIST, F_OVER, F_FOLDED };

typedef struct {
    Py_ssize_t offset;     /* in hf_game */
    int kind;
    const char *machine;   /* the Python machine's name for it (F_LIST: of the machine) */
} field;

static const field f_actor = { offsetof(hf_game, actor), F_INT32, "actor" };
static const field f_current_bet = { offsetof(hf_game, current_bet), F_INT64, "current_bet" };
static const field f_call_amount = { offsetof(hf_game, call_amount), F_INT64, "call_amount" };
static const field f_min_to = { offsetof(hf_game, min_to), F_INT64, "min_to" };
static const field f_max_to = { offsetof(hf_game, max_to), F_INT64, "max_to" };
static const field f_pot = { offsetof(hf_game, total), F_INT64, "total" };
static const field f_bets = { offsetof(hf_game, bets), F_LIST, "bets_now" };
static const field f_stacks = { offsetof(hf_game, stacks), F_LIST, "stacks_now" };
static const field f_is_over = { offsetof(hf_game, street), F_OVER, "street" };
static const field f_contributions = { offsetof(hf_game, contributions), F_LIST,
                                       "contributions_now" };
static const field f_folded = { offsetof(hf_game, status), F_FOLDED, "folded_now" };

/* self._m.<name> (F_LIST) or self._m.game.<name>, as int() for a field. */
static PyObject *read_machine(PyObject *self, const field *f)
{
    PyObject *machine = PyObject_GetAttrString(self, "_m");
    if (!machine || f->kind == F_LIST || f->kind == F_FOLDED) {
        PyObject *value = machine ? PyObject_GetAttrString(machine, f->machine) : NULL;
        Py_XDECREF(machine);
        return value;
    }
    PyObject *game = PyObject_GetAttrString(machine, "game");
    Py_DECREF(machine);
    PyObject *value = game ? PyObject_GetAttrString(game, f->machine) : NULL;
    Py_XDECREF(game);
    PyObject *number = value ? PyNumber_Long(value) : NULL;
    Py_XDECREF(value);
    if (!number || f->kind != F_OVER)
        return number;
    long street = PyLong_AsLong(number);
    Py_DECREF(number);
    return street == -1 && PyErr_Occurred() ? NULL : PyBool_FromLong(street == HF_OVER);
}

static PyObject *get_field(PyObject *self, void *closure)
{
    const field *f = closure;
    const hf_game *g = ((core *)self)->g;
    if (!g)
        return read_machine(self, f);
    const char *at = (const char *)g + f->offset;
    if (f->kind == F_INT32)
        return PyLong_FromLong(*(const int32_t *)at);
    if (f->kind == F_OVER)
        return PyBool_FromLong(*(const int32_t *)at == HF_OVER);
    if (f->kind == F_INT64)
        return PyLong_FromLongLong(*(const int64_t *)at);
    int32_t n = g->n_seats;
    if (f->kind == F_FOLDED) {
        const int32_t *status = (const int32_t *)at;
        PyObject *list = PyList_New(n);
        for (int32_t seat = 0; list && seat < n; seat++)
            PyList_SetItem(list, seat, PyBool_FromLong(status[seat] == HF_FOLDED));
        return list;
    }
    const int64_t *chips = (const int64_t *)at;
    PyObject *list = PyList_New(n);
    for (int32_t seat = 0; list && seat < n; seat++) {
        PyObject *item = PyLong_FromLongLong(chips[seat]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, seat, item);
    }
    return list;
}

/* _bind_core(address of the hf_game, the cdata owning it) */
static PyObject *bind_core(PyObject *self, PyObject *args)
{
    PyObject *address, *keep;
    if (!PyArg_ParseTuple(args, "OO", &address, &keep))
        return NULL;
    void *g = PyLong_AsVoidPtr(address);
    if (!g) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_bind_core: a NULL hf_game");
        return NULL;
    }
    core *c = (core *)self;
    Py_INCREF(keep);
    Py_XDECREF(c->keep);
    c->keep = keep;
    c->g = g;
    Py_RETURN_NONE;
}

static void core_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    Py_CLEAR(((core *)self)->keep);
    freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_object(self);
    Py_DECREF(type);
}

static PyGetSetDef core_getset[] = {
    {"actor", get_field, NULL, "The seat to act, -1 when nobody is.", (void *)&f_actor},
    {"current_bet", get_field, NULL, "The largest bet of this round.", (void *)&f_current_bet},
    {"call_amount", get_field, NULL,
     "The chips a call adds for the actor (its stack when that is all in).",
     (void *)&f_call_amount},
    {"min_to", get_field, NULL,
     "The smallest 'to' amount of the actor's bet or raise (0: not legal).", (void *)&f_min_to},
    {"max_to", get_field, NULL,
     "The largest 'to' amount of the actor's bet or raise (0: not legal).", (void *)&f_max_to},
    {"pot", get_field, NULL, "Every chip put in this hand so far (antes, blinds, bets).",
     (void *)&f_pot},
    {"bets", get_field, NULL, "Chips in front of each seat this round.", (void *)&f_bets},
    {"stacks", get_field, NULL, "Chips behind each seat (the final stacks once over).",
     (void *)&f_stacks},
    {"contributions", get_field, NULL,
     "Chips each seat put in this hand (uncalled chips given back excluded).",
     (void *)&f_contributions},
    {"folded", get_field, NULL, "Per seat: folded this hand.", (void *)&f_folded},
    {"is_over", get_field, NULL,
     "True once the pots are settled (or the hand ended with one seat left).",
     (void *)&f_is_over},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef core_methods[] = {
    {"_bind_core", bind_core, METH_VARARGS,
     "_bind_core(address of the hf_game, the cdata owning it): read that C hand."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_doc, (void *)"The native base of hilo_fast.engine.Hand: its hot reads in C."},
    {Py_tp_new, (void *)PyType_GenericNew},
    {Py_tp_dealloc, (void *)core_dealloc},
    {Py_tp_getset, core_getset},
    {Py_tp_methods, core_methods},
    {0, NULL},
};

static PyType_Spec core_spec = {
    "hilo_fast._handplay.HandCore", sizeof(core), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    core_slots,
};

/* The first `need` cards of engine._shuffled's partial Fisher-Yates shuffle
 * into deck[0..need-1], from need draws of `random` (a random.Random's bound
 * random method): j = i + int(random() * (52 - i)). 0, or -1 with an error set. */
static int draw_deck(PyObject *random, int need, int *deck)
{
    for (int c = 0; c < 52; c++)
        deck[c] = c;
    for (int i = 0; i < need; i++) {
        PyObject *drawn = PyObject_CallNoArgs(random);
        double u = drawn ? PyFloat_AsDouble(drawn) : -1.0;
        Py_XDECREF(drawn);
        if (u == -1.0 && PyErr_Occurred())
            return -1;
        double scaled = u * (double)(52 - i);
        if (!(scaled >= 0.0 && scaled < (double)(52 - i))) {   /* also NaN */
            PyErr_SetString(PyExc_ValueError, "deal_cards: random() must be in [0, 1)");
            return -1;
        }
        int j = i + (int)scaled, card = deck[j];
        deck[j] = deck[i];
        deck[i] = card;
    }
    return 0;
}

/* deal_cards(random, dealt_in, hole_count): engine._deal's shuffled deal,
 * (holes, board, deck): each seat dealt in (a true flag) its hole_count
 * cards from the front of the shuffled deck, in seat order, None for the
 * others; the board the next 5; deck the cards in that dealing order. */
static PyObject *deal_cards(PyObject *module, PyObject *args)
{
    PyObject *random, *dealt_in;
    int hole_count, deck[52], flags[10], dealt = 0;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO!i", &random, &PyList_Type, &dealt_in, &hole_count))
        return NULL;
    Py_ssize_t n = PyList_Size(dealt_in);
    if (n < 2 || n > 10 || hole_count < 4 || hole_count > 6) {
        PyErr_SetString(PyExc_ValueError, "deal_cards: 2..10 seats of 4..6 hole cards");
        return NULL;
    }
    for (Py_ssize_t seat = 0; seat < n; seat++) {
        int flag = PyObject_IsTrue(PyList_GetItem(dealt_in, seat));
        if (flag < 0)
            return NULL;
        flags[seat] = flag;
        dealt += flag;
    }
    int need = dealt * hole_count + 5;
    if (need > 52) {
        PyErr_SetString(PyExc_ValueError, "deal_cards: more cards than the deck holds");
        return NULL;
    }
    if (draw_deck(random, need, deck))
        return NULL;
    PyObject *holes = hole_lists(deck, flags, n, hole_count);
    PyObject *board = holes ? card_list(deck + need - 5, 5) : NULL;
    PyObject *cards = board ? card_list(deck, need) : NULL;
    PyObject *out = cards ? PyTuple_Pack(3, holes, board, cards) : NULL;
    Py_XDECREF(holes);
    Py_XDECREF(board);
    Py_XDECREF(cards);
    return out;
}

/* deal_hand(address of an hf_game, of an hf_structure, random, stacks,
 * button, hole_count): deal_cards and deal in one call, Hand's common case
 * (a shuffled deal of checked plain stacks): the same draws of `random`,
 * the hf_game dealt; (holes, board, hf_hand_deal's code), or None, having
 * drawn nothing, unless the stacks are a plain list of 2..10 ints and
 * hole_count an exact int 4..6 whose deal the deck holds (the caller then
 * takes the checked way, which explains). */
static PyObject *deal_hand(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *game_address, *structure_address, *random, *stacks_list, *holes_obj;
    int button;
    if (!st || !PyArg_ParseTuple(args, "OOOOiO", &game_address, &structure_address, &random,
                                 &stacks_list, &button, &holes_obj))
        return NULL;
    hf_game *g;
    const hf_structure *structure;
    if (deal_target(st, game_address, structure_address, "deal_hand", &g, &structure))
        return NULL;
    int64_t stacks[10];
    Py_ssize_t n = read_ints(stacks_list, 10, stacks);
    long hole_count = PyLong_CheckExact(holes_obj) ? PyLong_AsLong(holes_obj) : -1;
    if (hole_count == -1 && PyErr_Occurred())
        PyErr_Clear();   /* beyond a long: not 4..6 */
    if (n < 2 || hole_count < 4 || hole_count > 6)
        Py_RETURN_NONE;
    int dealt = 0, deck[52], dealt_in[10];
    for (Py_ssize_t seat = 0; seat < n; seat++)
        dealt += dealt_in[seat] = stacks[seat] != 0;
    int need = dealt * (int)hole_count + 5;
    if (need > 52)
        Py_RETURN_NONE;
    if (draw_deck(random, need, deck))
        return NULL;
    int32_t cards[52];
    for (int i = 0; i < need; i++)
        cards[i] = deck[i];
    int32_t code = st->deal(g, structure, (int32_t)n, (int32_t)hole_count, stacks, button, cards,
                            need);
    PyObject *holes = hole_lists(deck, dealt_in, n, (int)hole_count);
    PyObject *board = holes ? card_list(deck + need - 5, 5) : NULL;
    PyObject *out = board ? Py_BuildValue("(OOi)", holes, board, (int)code) : NULL;
    Py_XDECREF(holes);
    Py_XDECREF(board);
    return out;
}

/* bind(address of hf_hand_act, of hf_hand_deal, the Street members, the
 * Action members, act_on) */
static PyObject *bind(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *address, *deal_address, *streets, *actions, *act_on;
    if (!st || !PyArg_ParseTuple(args, "OOO!O!O", &address, &deal_address, &PyTuple_Type,
                                 &streets, &PyTuple_Type, &actions, &act_on))
        return NULL;
    if (members_check(streets, actions))
        return NULL;
    void *fn = PyLong_AsVoidPtr(address);
    void *deal_fn = fn ? PyLong_AsVoidPtr(deal_address) : NULL;
    if (!fn || !deal_fn) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "bind: a NULL hf_hand_act or hf_hand_deal");
        return NULL;
    }
    members_set(&st->codes, streets, actions);
    Py_INCREF(act_on);
    Py_XDECREF(st->act_on);
    st->act_on = act_on;
    st->act = (hand_act_fn)fn;
    st->deal = (hand_deal_fn)deal_fn;
    Py_RETURN_NONE;
}

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    state *st = PyModule_GetState(module);
    if (st) {
        Py_VISIT(st->codes.streets);
        Py_VISIT(st->codes.actions);
        Py_VISIT(st->act_on);
    }
    return 0;
}

static int clear(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (st) {
        Py_CLEAR(st->codes.streets);
        Py_CLEAR(st->codes.actions);
        Py_CLEAR(st->act_on);
        st->act = NULL;   /* unbound: the borrowed items above are gone */
        st->deal = NULL;
    }
    return 0;
}

static void free_module(void *module) { clear((PyObject *)module); }

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS,
     "play(game address, game cdata, hand, bots, rng, log): Hand.play's loop "
     "(see hilo_fast.engine.Hand.play)."},
    {"deal_cards", deal_cards, METH_VARARGS,
     "deal_cards(random, dealt_in, hole_count): engine._deal's shuffled (holes, board, deck)."},
    {"deal", deal, METH_VARARGS,
     "deal(game address, structure address, stacks, button, hole_count, cards): "
     "hf_hand_deal of plain lists, or None."},
    {"deal_given", deal_given, METH_VARARGS,
     "deal_given(game address, structure address, stacks, button, hole_count, holes, board): "
     "hf_hand_deal of a deal given seat by seat, or None."},
    {"deal_hand", deal_hand, METH_VARARGS,
     "deal_hand(game address, structure address, random, stacks, button, hole_count): "
     "deal_cards and deal in one call; (holes, board, code), or None."},
    {"bind", bind, METH_VARARGS,
     "bind(address of hf_hand_act, of hf_hand_deal, streets, actions, act_on)"},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module)
{
    PyObject *type = PyType_FromSpec(&core_spec);
    if (!type)
        return -1;
    int err = PyModule_AddType(module, (PyTypeObject *)type);
    Py_DECREF(type);
    return err;
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* the state is set once, at import */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._handplay",
    "Hand.play's decision loop as a CPython builtin (see csrc/py/handplay.c).", sizeof(state),
    methods, slots, traverse, clear, free_module,
};

PyMODINIT_FUNC PyInit__handplay(void) { return PyModuleDef_Init(&module_def); }
