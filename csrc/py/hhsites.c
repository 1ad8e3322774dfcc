/* hhsites.c: hilo_fast._native._hhsites, the twins in C of the text site
 * readers' line loops (hilo_fast.history.sites.<site>), a CPython builtin.
 *
 * A site reader reads a hand in three parts: its header (Python), the loop over
 * the lines of play (the time of the read), and what it makes of the loop's
 * result (Python). The loop's twin here, <site>_loop, matches each line as the
 * Python loop's patterns do and makes the same calls, in the same order, with
 * the same arguments, on the same HandBuilder: money(), cards() and the builder's
 * methods are the Python ones (bind() gives them), so every rule of a chip and a
 * card, and every error's words, stay in Python, once. A builder method's error
 * (BadHand) comes back through the twin as it would through the Python loop.
 * The twin's own part is the matching: on a line it does not read exactly as
 * the Python loop does (a rare kind, a doubt, a non-ASCII character where the
 * pattern could read it otherwise) it gives None, and the reader reads the hand
 * again from its start in Python (a fresh builder). A twin answers or hands
 * back; it never words an error. tests/history/sites/test_site_loops.py checks
 * each twin against its Python loop on every fixture, every real file and
 * every fixture cut, doubled and garbled line by line.
 *
 * Each site's twin is a file of its own, csrc/py/hhsite_<site>.c, included
 * here (one module, one bind). Only the limited API (3.10) is used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdarg.h>
#include "hhtext.h"

/* The HandBuilder methods a loop calls, by index into state.hb. */
enum {
    HB_SEAT, HB_POST, HB_POST_DEAD, HB_NEW_STREET, HB_STREET_CARDS, HB_FOLD, HB_CHECK,
    HB_CALL, HB_CALL_TO, HB_BET, HB_RAISE_TO, HB_RAISE_BY_ADDED, HB_WAGER_ADDED, HB_RETURNS,
    HB_HOLE, HB_DEAL_BOARD, HB_SHOW, HB_MUCK, HB_COLLECT, HB_N
};
static const char *hb_names[HB_N] = {
    "seat", "post", "post_dead", "new_street", "street_cards", "fold", "check",
    "call", "call_to", "bet_", "raise_to", "raise_by_added", "wager_added", "returns",
    "hole", "deal_board", "show", "muck", "collect",
};

/* Words the loops pass to the builder, interned once. */
enum {
    W_PREFLOP, W_FLOP, W_TURN, W_RIVER, W_SHOWDOWN, W_SMALL_BLIND, W_BIG_BLIND, W_ANTE,
    W_BOTH_BLINDS, W_STRADDLE, W_DEAD_SMALL_BLIND, W_N
};
static const char *word_texts[W_N] = {
    "preflop", "flop", "turn", "river", "showdown", "small blind", "big blind", "ante",
    "small & big blinds", "straddle", "dead small blind",
};

typedef struct {
    PyObject *money;      /* _builder.money(text, cash) -> int */
    PyObject *cards;      /* _builder.cards(text) -> tuple of str */
    PyObject *hb[HB_N];   /* HandBuilder.<name>, unbound */
    PyObject *words[W_N];
} state;

/* What a loop's line reader says of a line: read; not sure (hand back: None);
 * an error set; (a pattern's reader) no match, the next pattern. */
enum { OK = 0, BAIL = 1, FAIL = -1, NO_MATCH = 2 };

static inline const state *bound_state(PyObject *module)
{
    const state *st = PyModule_GetState(module);
    if (st && !st->money) {
        PyErr_SetString(PyExc_RuntimeError, "_hhsites: bind() was not called");
        return NULL;
    }
    return st;
}

static inline PyObject *ref(PyObject *o)
{
    Py_INCREF(o);
    return o;
}

/* *slot = value (a new reference), the old one released (Py_XSETREF, not in the limited API) */
static void replace(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

/* b.<method>(args...) with n arguments after b, each a new reference (stolen;
 * a NULL one, from a failed call before, makes this FAIL with its error). OK,
 * or FAIL with the method's exception set. */
static inline int hb(const state *st, PyObject *b, int method, int n, ...)
{
    PyObject *args = PyTuple_New(n + 1);
    int missing = 0;
    va_list ap;
    va_start(ap, n);
    for (int k = 0; k < n; k++) {
        PyObject *item = va_arg(ap, PyObject *);
        missing |= !item;
        if (args && item)
            PyTuple_SetItem(args, k + 1, item);
        else
            Py_XDECREF(item);
    }
    va_end(ap);
    if (!args || missing) {
        Py_XDECREF(args);
        return FAIL;
    }
    PyTuple_SetItem(args, 0, ref(b));
    PyObject *out = PyObject_Call(st->hb[method], args, NULL);
    Py_DECREF(args);
    if (!out)
        return FAIL;
    Py_DECREF(out);
    return OK;
}

/* money(text, cash): a new int, or NULL with money's error (BadHand) set. */
static inline PyObject *money_of(const state *st, span text, PyObject *cash)
{
    PyObject *s = str_of(text);
    if (!s)
        return NULL;
    PyObject *out = PyObject_CallFunctionObjArgs(st->money, s, cash, NULL);
    Py_DECREF(s);
    return out;
}

/* cards(text): a new tuple, or NULL with cards's error (BadHand) set. */
static inline PyObject *cards_of(const state *st, span text)
{
    PyObject *s = str_of(text);
    if (!s)
        return NULL;
    PyObject *out = PyObject_CallFunctionObjArgs(st->cards, s, NULL);
    Py_DECREF(s);
    return out;
}

static inline PyObject *word(const state *st, int w) { return ref(st->words[w]); }

/* A call's result, dropped: OK, or FAIL if the call failed (NULL, its error set). */
static inline int called(PyObject *out)
{
    if (!out)
        return FAIL;
    Py_DECREF(out);
    return OK;
}

/* A loop's line reader: hand (the loop's state), the line (a str), its text
 * (utf8_text) and whether that is ASCII: OK, BAIL or FAIL. */
typedef int (*line_reader)(void *hand, PyObject *line, span t, int ascii);

/* A loop's walk over lines[first:] (a list): each line to `read` (the line
 * held while it runs) while it answers OK: OK, or the first other answer (BAIL
 * for a line utf8_text does not read). */
static int each_line(PyObject *lines, Py_ssize_t first, line_reader read, void *hand)
{
    int got = OK;
    for (Py_ssize_t k = first; got == OK && k < PyList_Size(lines); k++) {
        PyObject *item = PyList_GetItem(lines, k);
        span t;
        int ascii;
        int text = item ? utf8_text(item, &t, &ascii) : -1;
        if (text <= 0)
            return text < 0 ? FAIL : BAIL;
        Py_INCREF(item);   /* (its text is read while the builder runs) */
        got = read(hand, item, t, ascii);
        Py_DECREF(item);
    }
    return got;
}

/* b.hero = the str of name: that str (a new reference), or NULL with an error set. */
static PyObject *set_hero(PyObject *b, span name)
{
    PyObject *who = str_of(name);
    if (who && PyObject_SetAttrString(b, "hero", who) < 0)
        Py_CLEAR(who);
    return who;
}

/* b.holes[who] = hole, both new references (stolen; a NULL one, from a failed
 * call before, makes this FAIL with its error): OK, or FAIL with an error set. */
static int set_hole(PyObject *b, PyObject *who, PyObject *hole)
{
    PyObject *holes = who && hole ? PyObject_GetAttrString(b, "holes") : NULL;
    int done = holes ? PyObject_SetItem(holes, who, hole) : -1;
    Py_XDECREF(holes);
    Py_XDECREF(hole);
    Py_XDECREF(who);
    return done < 0 ? FAIL : OK;
}

/* A line starting "Dealt to " read by _DEALT.match, Dealt to (.+?) \[([^\]]*)\]
 * (888's, partypoker's, winning-acr's): b.hero and b.holes[hero] = cards(...) set: OK,
 * FAIL, or NO_MATCH. */
static int dealt_to(const state *st, PyObject *b, span t)
{
    Py_ssize_t p = find(t, 10, " [");
    Py_ssize_t close = p < 0 ? -1 : find_char(t, p + 2, ']');
    if (close < 0)
        return NO_MATCH;
    PyObject *name = set_hero(b, sub(t, 9, p));
    if (!name)
        return FAIL;
    return set_hole(b, name, cards_of(st, sub(t, p + 2, close)));
}

/* The site loops (each defines <site>_loop and its METHOD_<SITE> entry). */

/* bind(money, cards, HandBuilder): the Python functions the loops call. */
static PyObject *bind(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *money, *cards, *builder;
    if (!st || !PyArg_ParseTuple(args, "OOO!", &money, &cards, &PyType_Type, &builder))
        return NULL;
    if (!PyCallable_Check(money) || !PyCallable_Check(cards)) {
        PyErr_SetString(PyExc_TypeError, "bind(money, cards, HandBuilder): callables");
        return NULL;
    }
    PyObject *found[HB_N];
    for (int k = 0; k < HB_N; k++)
        if (!(found[k] = PyObject_GetAttrString(builder, hb_names[k]))) {
            while (k--)
                Py_DECREF(found[k]);
            return NULL;
        }
    for (int k = 0; k < HB_N; k++)
        replace(&st->hb[k], found[k]);
    replace(&st->money, ref(money));
    replace(&st->cards, ref(cards));
    Py_RETURN_NONE;
}

#define VISIT_ALL(DO)                                          \
    do {                                                       \
        DO(st->money); DO(st->cards);                          \
        for (int k = 0; k < HB_N; k++) DO(st->hb[k]);          \
        for (int k = 0; k < W_N; k++) DO(st->words[k]);        \
    } while (0)

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    state *st = PyModule_GetState(module);
    if (st)
        VISIT_ALL(Py_VISIT);
    return 0;
}

static int clear(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (st)
        VISIT_ALL(Py_CLEAR);
    return 0;
}

static void free_module(void *module) { clear((PyObject *)module); }

static int exec_module(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (!st)
        return -1;
    for (int k = 0; k < W_N; k++)
        if (!(st->words[k] = PyUnicode_InternFromString(word_texts[k])))
            return -1;
    return 0;
}

/* ---- the sites (one file each) ---- */
#include "hhsite_winamax.c"
#include "hhsite_winning_acr.c"
#include "hhsite_partypoker.c"
#include "hhsite_pacific888.c"
#include "hhsite_fulltilt.c"
#include "hhsite_entraction.c"
#include "hhsite_everleaf.c"
#include "hhsite_pkr.c"
#include "hhsite_bovada.c"
#include "hhsite_ongame.c"
#include "hhsite_cake.c"
#include "hhsite_absolute.c"   /* (after cake: it uses its CAKE_* answers) */
#include "hhsite_kingsclub.c"

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(money, cards, HandBuilder)"},
    METHOD_WINAMAX,
    METHOD_WINNING_ACR,
    METHOD_PARTYPOKER,
    METHOD_PACIFIC888,
    METHOD_FULLTILT,
    METHOD_ENTRACTION,
    METHOD_EVERLEAF,
    METHOD_PKR,
    METHOD_BOVADA,
    METHOD_ONGAME,
    METHOD_CAKE,
    METHOD_ABSOLUTE,
    METHOD_KINGSCLUB,
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* the state is set once, at import */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._native._hhsites",
    "The text site readers' line loops as a CPython builtin (see csrc/py/hhsites.c).",
    sizeof(state), methods, slots, traverse, clear, free_module,
};

PyMODINIT_FUNC PyInit__hhsites(void) { return PyModuleDef_Init(&module_def); }
