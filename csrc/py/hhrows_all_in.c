/* hhrows_all_in.c: a replayed hand's all-in equity rows in C (included by
 * hhrows.c). The twin of rows._all_in with all_in.pots_equity and
 * all_in.pot_equity: the same spots settled by the same core calls
 * (hf_equity_exact_pots for a spot of at most EXACT_DEALS board
 * completions, else hf_equity_sample pot by pot with the Python's seeds),
 * and the same numbers to the last bit: every float is made by the same
 * IEEE operations in the same order as the Python's (int -> double
 * conversions are exact: the function hands a spot back to the Python,
 * None, when a count could pass 2^53, and for anything unusual). It saves
 * the Python's glue: about 24 us of an all-in hand's import. */

#include <math.h>

typedef int32_t (*exact_pots_fn)(const int32_t *holes, int32_t n_players, int32_t n_hole,
                                 const int32_t *board, int32_t n_board, const int32_t *dead,
                                 int32_t n_dead, const uint32_t *pots, int32_t n_pots,
                                 hf_equity_tally *out);
typedef int32_t (*sample_fn)(const int32_t *holes, int32_t n_players, int32_t n_hole,
                             const int32_t *board, int32_t n_board, const int32_t *dead,
                             int32_t n_dead, uint64_t seed, int64_t count, hf_equity_tally *out);

/* What bind_all_in was given: the core's two equity functions, all_in.spot_seed
 * and all_in.EXACT_DEALS. (Module-wide: bound once, at import.) */
static struct {
    exact_pots_fn exact_pots;
    sample_fn sample;
    PyObject *spot_seed;
    int64_t exact_deals;
} all_in_bound;

/* The attributes read by all_in_spot and lows_made, as interned names made
 * once (by their bind functions): a name made from C text at each call costs
 * as much as the rest of a hand's lookups. */
enum { A_HISTORY, A_HOLE_CARDS, A_RUNS, A_SHOWDOWN, A_HOLES, A_SEAT_OF, A_BOARD,
       A_ALL_IN_BOARD, A_POTS, A_SITE, A_HAND_ID, A_COLLECTED, N_ATTR_NAMES };
static const char *const ATTR_TEXT[N_ATTR_NAMES] = {
    "history", "hole_cards", "runs", "showdown", "holes", "seat_of", "board",
    "all_in_board", "pots", "site", "hand_id", "collected"};
static PyObject *attr_name[N_ATTR_NAMES];

/* Make attr_name (once): 0, or -1 with an exception. */
static int attr_names_made(void)
{
    for (int i = 0; i < N_ATTR_NAMES; i++)
        if (!attr_name[i] && !(attr_name[i] = PyUnicode_InternFromString(ATTR_TEXT[i])))
            return -1;
    return 0;
}

/* getattr(o, the attribute `which`): a new reference, or NULL with an exception. */
static PyObject *attr(PyObject *o, int which) { return PyObject_GetAttr(o, attr_name[which]); }

#define EXACT_DOUBLE ((int64_t)1 << 53)   /* ints below it convert to double exactly */

/* One pot's equities (all_in.PotEquity) among its n players. */
typedef struct {
    double equity[10], std_error[10], high[10], low[10];
} pot_equity_t;

/* all_in._pot_equity: 0, or -1 when a number could not be made exactly as
 * the Python makes it (then the Python settles the spot). */
static int pot_equity_of(const hf_equity_tally *t, int32_t n, int exact, pot_equity_t *out)
{
    int64_t count = t->deals;
    if (count < 1 || count >= EXACT_DOUBLE / HF_EQUITY_POT)
        return -1;
    double pot_count = (double)(HF_EQUITY_POT * count);
    for (int32_t p = 0; p < n; p++) {
        int64_t share = t->share[p], sq = t->share_sq[p];
        if (share < 0 || share >= EXACT_DOUBLE || sq < 0 || sq >= EXACT_DOUBLE
            || t->win_high[p] >= EXACT_DOUBLE || t->tie_high[p] >= EXACT_DOUBLE
            || t->win_low[p] >= EXACT_DOUBLE || t->tie_low[p] >= EXACT_DOUBLE)
            return -1;
        out->equity[p] = (double)share / pot_count;
        if (exact || count < 2) {
            out->std_error[p] = 0.0;
        } else {
            /* share * share / count: a Python int over an int, correctly rounded */
            if (share > 94906265)   /* (its square would pass 2^53) */
                return -1;
            double spread = (double)sq - (double)(share * share) / (double)count;
            spread = spread < 0.0 ? 0.0 : spread;   /* max(spread, 0.0): -0.0 stays */
            out->std_error[p] = sqrt(spread / (double)(count - 1) / (double)count)
                                / HF_EQUITY_POT;
        }
        out->high[p] = ((double)t->win_high[p] + (double)t->tie_high[p] / 2.0) / (double)count;
        out->low[p] = ((double)t->win_low[p] + (double)t->tie_low[p] / 2.0) / (double)count;
    }
    return 0;
}

/* C(n, k) for the board completions (n <= 52, k <= 5). */
static int64_t completions(int32_t n, int32_t k)
{
    int64_t c = 1;
    for (int32_t i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* A card id 0..51 of `item` (an exact int: a bool or another int type is the
 * Python's to judge), or -1. */
static int32_t card_id(PyObject *item)
{
    int overflow = 0;
    long value = PyLong_CheckExact(item) ? PyLong_AsLongAndOverflow(item, &overflow) : -1;
    if (value == -1 && PyErr_Occurred())
        PyErr_Clear();
    return !overflow && value >= 0 && value < 52 ? (int32_t)value : -1;
}

/* The seed of pot `index` of the hand (all_in.spot_seed); 0 with *ok = 0 on failure. */
static uint64_t seed_of(PyObject *site, PyObject *hand_id, int32_t index, int *ok)
{
    PyObject *pot = PyLong_FromLong(index);
    PyObject *seed = pot ? PyObject_CallFunctionObjArgs(all_in_bound.spot_seed, site, hand_id,
                                                         pot, NULL) : NULL;
    Py_XDECREF(pot);
    unsigned long long value = seed ? PyLong_AsUnsignedLongLong(seed) : 0;
    Py_XDECREF(seed);
    *ok = seed && !(value == (unsigned long long)-1 && PyErr_Occurred());
    return (uint64_t)value;
}

/* The spot read from a replay: the showdown's players, their cards, the pots. */
typedef struct {
    int32_t n, n_hole, n_board, n_pots, board[5], cards[10][6];
    PyObject *names[10];      /* borrowed from the showdown tuple */
    PyObject *pots;           /* the replay's list of PotResults (a new reference) */
    int64_t amount[10];
    uint32_t contest[10];     /* bit p: player p (showdown order) contests pot k */
} spot_t;

/* Read the spot of `rep` into *s: 1, 0 when the hand has none (no rows), -1
 * when the Python must settle it (a Python error is cleared). */
static int spot_of(PyObject *rep, PyObject *history, spot_t *s)
{
    int found = -1;
    PyObject *board = attr(rep, A_ALL_IN_BOARD);
    PyObject *holes = board ? attr(rep, A_HOLES) : NULL;
    PyObject *showdown = holes ? attr(rep, A_SHOWDOWN) : NULL;
    PyObject *seat_of = showdown ? attr(rep, A_SEAT_OF) : NULL;
    PyObject *shown = seat_of ? attr(history, A_HOLE_CARDS) : NULL;
    s->pots = shown ? attr(rep, A_POTS) : NULL;
    if (!s->pots || !PyList_Check(holes) || !PyTuple_Check(showdown) || !PyDict_Check(seat_of)
        || !PyDict_Check(shown) || !PyList_Check(s->pots))
        goto done;
    found = 0;
    if (board == Py_None || !PyList_Size(holes) || !PyList_Size(s->pots))
        goto done;
    found = -1;
    if (!PyTuple_Check(board) || PyTuple_Size(board) > 5 || PyTuple_Size(showdown) > 10
        || PyList_Size(s->pots) > 10)
        goto done;
    s->n = (int32_t)PyTuple_Size(showdown);
    s->n_board = (int32_t)PyTuple_Size(board);
    s->n_pots = (int32_t)PyList_Size(s->pots);
    for (int32_t i = 0; i < s->n_board; i++)
        if ((s->board[i] = card_id(PyTuple_GetItem(board, i))) < 0)
            goto done;
    for (int32_t p = 0; p < s->n; p++) {
        PyObject *name = s->names[p] = PyTuple_GetItem(showdown, p);
        for (int32_t q = 0; q < p; q++)   /* (a name twice: the Python's dict has it once) */
            if (PyUnicode_Compare(s->names[q], name) == 0 || PyErr_Occurred())
                goto done;
        int known = PyDict_Contains(shown, name);
        if (known != 1) {   /* a showdown hand not known: no spot */
            found = known ? -1 : 0;
            goto done;
        }
        PyObject *seat = PyDict_GetItemWithError(seat_of, name);
        long at = seat ? PyLong_AsLong(seat) : -1;
        PyObject *cards = at >= 0 && at < PyList_Size(holes) ? PyList_GetItem(holes, at) : NULL;
        if (!cards || !PyList_Check(cards) || PyList_Size(cards) < 1 || PyList_Size(cards) > 6
            || (p && PyList_Size(cards) != s->n_hole))
            goto done;
        s->n_hole = (int32_t)PyList_Size(cards);
        for (int32_t c = 0; c < s->n_hole; c++)
            if ((s->cards[p][c] = card_id(PyList_GetItem(cards, c))) < 0)
                goto done;
    }
    for (int32_t k = 0; k < s->n_pots; k++) {
        PyObject *pot = PyList_GetItem(s->pots, k);
        PyObject *amount = PyTuple_Check(pot) && PyTuple_Size(pot) == 5
                         ? PyTuple_GetItem(pot, 0) : NULL;
        PyObject *eligible = amount ? PyTuple_GetItem(pot, 2) : NULL;
        if (!eligible || !exact_chips(amount, &s->amount[k]) || s->amount[k] < 0
            || s->amount[k] >= EXACT_DOUBLE / 16)
            goto done;
        s->contest[k] = 0;
        for (int32_t p = 0; p < s->n; p++) {
            int in = contains(eligible, s->names[p]);
            if (in < 0)
                goto done;
            s->contest[k] |= (uint32_t)in << p;
        }
    }
    found = s->n_hole ? 1 : -1;
done:
    if (found < 0)
        PyErr_Clear();
    Py_XDECREF(board);
    Py_XDECREF(holes);
    Py_XDECREF(showdown);
    Py_XDECREF(seat_of);
    Py_XDECREF(shown);
    return found;
}

static int bits(uint32_t mask) { int n = 0; for (; mask; mask &= mask - 1) n++; return n; }

/* Settle the contested pots of *s (those of two or more players) into eq[k]:
 * 1, or -1 (the Python settles the spot). *exact: every pot settled exactly. */
static int settle_spot(const spot_t *s, PyObject *site, PyObject *hand_id, int64_t samples,
                       pot_equity_t *eq, int *exact)
{
    int32_t used = s->n * s->n_hole + s->n_board, flat[60];
    if (used > 52 || s->n < 1)
        return -1;
    for (int32_t p = 0; p < s->n; p++)
        memcpy(flat + p * s->n_hole, s->cards[p], sizeof(int32_t) * (size_t)s->n_hole);
    uint32_t masks[10];
    int32_t n_contested = 0, which[10];
    for (int32_t k = 0; k < s->n_pots; k++)
        if (bits(s->contest[k]) >= 2) {
            masks[n_contested] = s->contest[k];
            which[n_contested++] = k;
        }
    *exact = 1;
    if (!n_contested)
        return 1;
    hf_equity_tally tallies[10];
    if (samples > 0 && completions(52 - used, 5 - s->n_board) > all_in_bound.exact_deals) {
        *exact = 0;
        for (int32_t i = 0; i < n_contested; i++) {
            int32_t mine[60], dead[60], n_mine = 0, n_dead = 0;
            for (int32_t p = 0; p < s->n; p++) {
                int32_t *to = masks[i] >> p & 1 ? mine + n_mine : dead + n_dead;
                memcpy(to, s->cards[p], sizeof(int32_t) * (size_t)s->n_hole);
                if (masks[i] >> p & 1)
                    n_mine += s->n_hole;
                else
                    n_dead += s->n_hole;
            }
            int ok;
            uint64_t seed = seed_of(site, hand_id, which[i], &ok);
            if (!ok || all_in_bound.sample(mine, n_mine / s->n_hole, s->n_hole, s->board,
                                           s->n_board, dead, n_dead, seed, samples,
                                           &tallies[i])
                || !tallies[i].deals)
                return -1;
        }
    } else if (all_in_bound.exact_pots(flat, s->n, s->n_hole, s->board, s->n_board, NULL, 0,
                                       masks, n_contested, tallies)) {
        return -1;
    }
    for (int32_t i = 0; i < n_contested; i++)
        if (!tallies[i].deals || pot_equity_of(&tallies[i], bits(masks[i]), *exact, &eq[i]) < 0)
            return -1;
    return 1;
}

/* A settled spot's numbers by player (showdown order): the chips expected
 * from the pots, their variance, the main pot's high and low equities; the
 * pots' total (1 when none) and the board's text. */
typedef struct {
    double expected[10], variance[10], main_high[10], main_low[10], whole;
    char board[11];
    Py_ssize_t board_size;
} spot_totals;

/* The totals of spot s settled as eq[] (its contested pots in order); won[k][p]:
 * the chips an uncontested pot k paid player p. */
static void spot_totals_of(const spot_t *s, const pot_equity_t *eq, int64_t won[][10],
                           spot_totals *t)
{
    int64_t total = 0;
    int32_t i = 0;   /* the contested pot's index into eq */
    memset(t, 0, sizeof *t);
    for (int32_t k = 0; k < s->n_pots; k++) {
        total += s->amount[k];
        if (bits(s->contest[k]) < 2) {   /* its shares as won */
            for (int32_t p = 0; p < s->n; p++)
                if (won[k][p])
                    t->expected[p] += (double)won[k][p];
            continue;
        }
        double amount = (double)s->amount[k];
        for (int32_t p = 0, q = 0; p < s->n; p++) {
            if (!(s->contest[k] >> p & 1))
                continue;
            t->expected[p] += eq[i].equity[q] * amount;
            double spread = eq[i].std_error[q] * amount;
            t->variance[p] += spread * spread;
            if (k == 0) {
                t->main_high[p] = eq[i].high[q];
                t->main_low[p] = eq[i].low[q];
            }
            q++;
        }
        i++;
    }
    t->whole = (double)(total ? total : 1);
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    for (int32_t c = 0; c < s->n_board; c++) {
        t->board[2 * c] = ranks[s->board[c] >> 2];
        t->board[2 * c + 1] = suits[s->board[c] & 3];
    }
    t->board_size = 2 * s->n_board;
}

/* The rows and the chips expected (rows._all_in's) of a settled spot. */
static PyObject *spot_rows(const spot_t *s, const pot_equity_t *eq, int exact, PyObject *key,
                           PyObject *collected)
{
    int64_t won[10][10] = {{0}};   /* an uncontested pot's shares, by player */
    for (int32_t k = 0; k < s->n_pots; k++) {
        if (bits(s->contest[k]) >= 2)
            continue;
        PyObject *shares = PyTuple_GetItem(PyList_GetItem(s->pots, k), 3);
        Py_ssize_t at = 0;
        PyObject *name, *chips;
        if (!PyDict_Check(shares))
            return Py_NewRef(Py_None);
        while (PyDict_Next(shares, &at, &name, &chips)) {
            int32_t p = 0;
            while (p < s->n && PyUnicode_Compare(name, s->names[p]) != 0)
                p++;
            if (PyErr_Occurred() || p == s->n || !exact_chips(chips, &won[k][p])
                || won[k][p] < 0 || won[k][p] >= EXACT_DOUBLE) {   /* (a name off the showdown) */
                PyErr_Clear();
                return Py_NewRef(Py_None);
            }
        }
    }
    spot_totals t;
    spot_totals_of(s, eq, won, &t);
    PyObject *rows = PyList_New(s->n), *chips = PyDict_New();
    PyObject *board = PyUnicode_FromStringAndSize(t.board, t.board_size);
    PyObject *out = NULL;
    if (!rows || !chips || !board)
        goto done;
    for (int32_t p = 0; p < s->n; p++) {
        PyObject *paid = PyDict_GetItemWithError(collected, s->names[p]);   /* (borrowed) */
        if (!paid && PyErr_Occurred())
            goto done;
        paid = paid ? Py_NewRef(paid) : PyLong_FromLong(0);   /* collected.get(name, 0) */
        PyObject *row = paid ? Py_BuildValue("(OOOddddNOd)", key, s->names[p], board,
                                             t.expected[p] / t.whole, t.main_high[p],
                                             t.main_low[p], t.expected[p], paid,
                                             exact ? Py_True : Py_False,
                                             sqrt(t.variance[p]) / t.whole) : NULL;
        PyObject *value = row ? PyFloat_FromDouble(t.expected[p]) : NULL;
        int err = !value || PyDict_SetItem(chips, s->names[p], value) < 0;
        Py_XDECREF(value);
        if (!row || err) {
            Py_XDECREF(row);
            goto done;
        }
        PyList_SetItem(rows, p, row);   /* (steals it) */
    }
    out = PyTuple_Pack(2, rows, chips);
done:
    Py_XDECREF(rows);
    Py_XDECREF(chips);
    Py_XDECREF(board);
    return out;
}

/* all_in_spot(replay, hand key, samples or None): rows._all_in in C. */
static PyObject *all_in_spot(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "all_in_spot(replay, hand key, samples)");
        return NULL;
    }
    if (!all_in_bound.exact_pots) {
        PyErr_SetString(PyExc_RuntimeError, "all_in_spot: bind_all_in was not called");
        return NULL;
    }
    int64_t samples = 0;   /* 0: every spot exact */
    if (args[2] != Py_None && (!exact_chips(args[2], &samples) || samples < 1
                               || samples > HF_EQUITY_MAX_COUNT))
        return Py_NewRef(Py_None);
    PyObject *rep = args[0], *key = args[1];
    PyObject *history = attr(rep, A_HISTORY);
    PyObject *site = history ? attr(history, A_SITE) : NULL;
    PyObject *hand_id = site ? attr(history, A_HAND_ID) : NULL;
    PyObject *collected = hand_id ? attr(rep, A_COLLECTED) : NULL;
    PyObject *out = NULL;
    spot_t s;
    s.pots = NULL;
    int found = collected && PyDict_Check(collected) ? spot_of(rep, history, &s) : -1;
    pot_equity_t eq[10];
    int exact = 1;
    if (found == 0)
        out = Py_BuildValue("([]{})");
    else if (found < 0 || settle_spot(&s, site, hand_id, samples, eq, &exact) < 0)
        out = Py_NewRef(Py_None);
    else
        out = spot_rows(&s, eq, exact, key, collected);
    if (!out || out == Py_None)
        PyErr_Clear();
    if (!out)
        out = Py_NewRef(Py_None);
    Py_XDECREF(s.pots);
    Py_XDECREF(history);
    Py_XDECREF(site);
    Py_XDECREF(hand_id);
    Py_XDECREF(collected);
    return out;
}

/* bind_all_in(address of hf_equity_exact_pots, of hf_equity_sample, spot_seed,
 * EXACT_DEALS) */
static PyObject *bind_all_in(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *exact_address, *sample_address, *spot_seed;
    long long exact_deals;
    if (!PyArg_ParseTuple(args, "OOOL", &exact_address, &sample_address, &spot_seed,
                          &exact_deals))
        return NULL;
    void *exact = PyLong_AsVoidPtr(exact_address);
    void *sample = exact ? PyLong_AsVoidPtr(sample_address) : NULL;
    if (!exact || !sample || !PyCallable_Check(spot_seed) || exact_deals < 0
        || attr_names_made() < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "bind_all_in: a NULL address or a bad argument");
        return NULL;
    }
    PyObject *was = all_in_bound.spot_seed;
    all_in_bound.spot_seed = Py_NewRef(spot_seed);
    Py_XDECREF(was);
    all_in_bound.exact_pots = (exact_pots_fn)exact;
    all_in_bound.sample = (sample_fn)sample;
    all_in_bound.exact_deals = exact_deals;
    Py_RETURN_NONE;
}
