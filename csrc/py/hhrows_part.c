/* hhrows_part.c: a part of an import's hands into every table's rows at once
 * (included by hhrows.c, after the tables' files, whose row makers it uses).
 * Each hand is replayed by hilo_fast._hhreplay's replay_numbers (replayed.h)
 * and its rows are made of those numbers: no Replay, no dicts or PotResults,
 * no seat facts or rows' tuples in between (about a fifth of an import's
 * work). The hands table's rows stay the Python's (rows.hand_row). A hand the
 * numbers do not cover (cancelled, not plain, run more than once, an all-in
 * spot the Python settles) is handed back: the importer replays it and makes
 * its rows as before. tests/history/db/test_part_native.py imports files both
 * ways and compares every table. */

/* What bind_replay was given. (Module-wide: bound once, at import.) */
static struct {
    const replay_api *api;
    PyObject *module;               /* hilo_fast._hhreplay, whose state replays */
    PyObject *cancelled, *posts;    /* interned: an attribute's name, the posts' street */
} part_bound;

static const char *const ALL_IN_NAMES[] = {"hand_key", "player", "board", "equity",
                                           "high_equity", "low_equity", "expected",
                                           "collected", "exact", "std_error"};
static const enum kind ALL_IN_KINDS[] = {INT64, UTF8, UTF8, FLOAT64, FLOAT64, FLOAT64,
                                         FLOAT64, INT64, BOOL, FLOAT64};
static const table ALL_IN_EQUITIES = {"all_in_equities", 10, ALL_IN_NAMES, ALL_IN_KINDS};

/* The tables a part's hands fill here, in the order of part_columns' answer. */
enum { P_SEATS, P_ACTIONS, P_BOARDS, P_POTS, P_WINNERS, P_ALL_IN, N_PART_TABLES };
static const table *const PART_TABLES[N_PART_TABLES] = {&SEATS, &ACTIONS, &BOARDS, &POTS,
                                                        &POT_WINNERS, &ALL_IN_EQUITIES};

/* The all-in spot of a replayed hand (spot_of's, from the numbers): 1, 0
 * when it has none, -1 when the Python must settle it (no exception). */
static int spot_of_played(const replayed_t *played, spot_t *s)
{
    memset(s, 0, sizeof *s);
    if ((s->n_board = all_in_board_size(played)) < 0)
        return 0;
    s->n = played->n_live;
    s->n_hole = played->hole_count;
    s->n_pots = played->n_pots;
    for (int32_t c = 0; c < s->n_board; c++)
        s->board[c] = played->boards[0][c];
    for (int32_t p = 0; p < s->n; p++) {
        int32_t seat = played->live[p];
        s->names[p] = played->names[seat];
        int known = PyDict_Contains(played->attr[H_HOLE_CARDS], s->names[p]);
        if (known != 1) {   /* a showdown hand not known: no spot */
            PyErr_Clear();
            return known ? -1 : 0;
        }
        for (int32_t c = 0; c < s->n_hole; c++)
            s->cards[p][c] = played->holes[seat][c];
    }
    for (int32_t k = 0; k < s->n_pots; k++) {
        const replayed_pot *pot = &played->pot[k];
        if (pot->net >= EXACT_DOUBLE / 16)
            return -1;
        s->amount[k] = pot->net;
        for (int32_t p = 0; p < s->n; p++)
            for (int32_t e = 0; e < pot->n_eligible; e++)
                if (pot->eligible[e] == played->live[p])
                    s->contest[k] |= 1u << p;
    }
    return 1;
}

/* The all-in rows of a replayed hand, and each seat's chips expected
 * (has_expected[seat]: 0 without a spot): 0, 1 when the Python must settle
 * the spot (nothing added), -1 with an exception. */
static int add_all_in_of(column **cols, const replayed_t *played, int64_t key, int64_t samples,
                         double *expected, int *has_expected)
{
    spot_t s;
    pot_equity_t eq[10];
    int exact = 1, found = spot_of_played(played, &s);
    if (found <= 0)
        return found < 0;
    if (settle_spot(&s, played->attr[H_SITE], played->attr[H_HAND_ID], samples, eq,
                    &exact) < 0) {
        PyErr_Clear();
        return 1;
    }
    int64_t won[10][10] = {{0}};   /* an uncontested pot's shares, by player */
    for (int32_t k = 0; k < s.n_pots; k++) {
        const replayed_pot *pot = &played->pot[k];
        for (int32_t i = 0; bits(s.contest[k]) < 2 && i < pot->n_takers; i++) {
            int32_t p = 0;
            while (p < s.n && played->live[p] != pot->takers[i])
                p++;
            if (p == s.n)   /* (paid a seat off the showdown: the Python's) */
                return 1;
            won[k][p] = pot->won[pot->takers[i]];
        }
    }
    spot_totals t;
    spot_totals_of(&s, eq, won, &t);
    where at = {"all_in_equities", played->attr[H_HAND_ID], "player", 0};
    for (int32_t p = 0; p < s.n; p++) {
        int32_t seat = played->live[p];
        at.index = p;
        if (add_int(cols[0], key) || add_str_of(cols[1], s.names[p], &at, "player") ||
            add_text(cols[2], t.board, t.board_size) ||
            add_float(cols[3], t.expected[p] / t.whole) || add_float(cols[4], t.main_high[p]) ||
            add_float(cols[5], t.main_low[p]) || add_float(cols[6], t.expected[p]) ||
            add_int(cols[7], played->collected[seat]) || add_bool(cols[8], exact) ||
            add_float(cols[9], sqrt(t.variance[p]) / t.whole))
            return -1;
        expected[seat] = t.expected[p];
        has_expected[seat] = 1;
    }
    return 0;
}

/* Whether each showdown seat whose cards the history shows made a low on the
 * board (lows_made's, from the numbers): low[seat] 1, 0, or -1 (not known);
 * 0, or -1 when the Python must work it out. */
static int lows_of_played(const replayed_t *played, int *low)
{
    int32_t board[5], cards[6];
    for (int32_t seat = 0; seat < 10; seat++)
        low[seat] = -1;
    if (played->n_runs > 1)
        return -1;
    for (int32_t c = 0; c < 5; c++)
        board[c] = played->boards[0][c];
    for (int32_t i = 0; played->n_live > 1 && i < played->n_live; i++) {
        int32_t seat = played->live[i];
        int known = PyDict_Contains(played->attr[H_HOLE_CARDS], played->names[seat]);
        if (known < 0) {
            PyErr_Clear();
            return -1;
        }
        if (!known)
            continue;
        for (int32_t c = 0; c < played->hole_count; c++)
            cards[c] = played->holes[seat][c];
        int32_t value = bound_omaha(cards, played->hole_count, board, 5);
        if (value < 0)
            return -1;
        low[seat] = (value & 0xFF) != 0;
    }
    return 0;
}

/* The replay's numbers a seat's row takes (money_fn's facts). */
typedef struct {
    const replayed_t *played;
    const double *expected;
    const int *has_expected, *low;
} played_money;

/* A seat's money from the numbers: the seat row's number is its engine seat
 * plus one (the replay seated each name by it). */
static int money_of_played(const void *facts, int64_t number, PyObject *name, where *at,
                           seat_money *out)
{
    const played_money *m = facts;
    const replayed_t *played = m->played;
    int32_t seat = (int32_t)number - 1;
    if (number < 1 || number > played->n || played->names[seat] != name) {
        PyErr_Format(PyExc_RuntimeError, "seats: hand %R, seat %zd: not the seat replayed",
                     at->hand_id, at->index);
        return -1;
    }
    out->put_in = played->stacks[seat] ? played->chips[seat] : 0;   /* (dealt in) */
    out->won = played->collected[seat];
    out->has_expected = m->has_expected[seat];
    out->expected = m->expected[seat];
    out->showdown = 0;
    for (int32_t i = 0; played->n_live > 1 && i < played->n_live; i++)
        out->showdown |= played->live[i] == seat;
    out->low_made = m->low[seat];
    return 0;
}

/* The pots and pot_winners rows of a replayed hand (pot_rows' and
 * pot_winner_rows'): the winners of a pot by name. */
static int add_pots_of(column **pots, column **winners, const replayed_t *played, int64_t key)
{
    where at = {"pots", played->attr[H_HAND_ID], "pot", 0};
    for (int32_t k = 0; k < played->n_pots; k++) {
        const replayed_pot *pot = &played->pot[k];
        int64_t low = 0;
        for (int32_t i = 0; i < pot->n_takers; i++)
            low += pot->low_won[pot->takers[i]];
        at.index = k;
        if (add_int(pots[0], key) || add_index(pots[1], k, &at, "pot") ||
            add_int(pots[2], pot->net) || add_int(pots[3], pot->rake) ||
            add_index(pots[4], pot->n_eligible, &at, "contenders") ||
            add_index(pots[5], pot->n_takers, &at, "winners") ||
            add_bool(pots[6], pot->has_low) || add_int(pots[7], pot->net - low) ||
            add_int(pots[8], low))
            return -1;
        int32_t order[10];   /* the takers by name (insertion sort: a few) */
        for (int32_t i = 0; i < pot->n_takers; i++) {
            int32_t j = i;
            while (j > 0 && PyUnicode_Compare(played->names[order[j - 1]],
                                              played->names[pot->takers[i]]) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = pot->takers[i];
        }
        if (PyErr_Occurred())
            return -1;
        for (int32_t i = 0; i < pot->n_takers; i++) {
            int32_t seat = order[i];
            if (add_int(winners[0], key) || add_index(winners[1], k, &at, "pot") ||
                add_str_of(winners[2], played->names[seat], &at, "player") ||
                add_int(winners[3], pot->won[seat] - pot->low_won[seat]) ||
                add_int(winners[4], pot->low_won[seat]))
                return -1;
        }
    }
    return 0;
}

/* One replayed hand's rows into every table's columns; 1 when the Python
 * must make them (nothing added), -1 with an exception. */
static int add_played(column *cols[][MAX_COLUMNS], const replayed_t *played, int64_t key,
                      int64_t samples)
{
    double expected[10] = {0};
    int has_expected[10] = {0}, low[10];
    if (lows_of_played(played, low) < 0)
        return 1;
    /* (the all-in rows first: a spot the Python settles leaves nothing added) */
    int status = add_all_in_of(cols[P_ALL_IN], played, key, samples, expected, has_expected);
    if (status)
        return status;
    PyObject *const *a = played->attr;
    played_money money = {played, expected, has_expected, low};
    Py_ssize_t board = PyTuple_Size(a[H_BOARD]);
    int64_t button = 0;
    where at = {"seats", a[H_HAND_ID], NULL, 0};
    if (int64_of(a[H_BUTTON], &at, "button", &button))
        return -1;
    seat_hand hand = {a[H_HAND_ID], a[H_SEATS], a[H_DEALT_IN], a[H_ACTIONS], a[H_HOLE_CARDS],
                      key, button, board};
    if (add_actions_of(cols[P_ACTIONS], a[H_HAND_ID], key, a[H_POSTS], a[H_ACTIONS],
                       part_bound.posts) ||
        add_seats_of(cols[P_SEATS], &hand, money_of_played, &money) ||
        add_boards_of(cols[P_BOARDS], a[H_HAND_ID], key, a[H_RUNS], a[H_BOARD]) ||
        add_pots_of(cols[P_POTS], cols[P_WINNERS], played, key))
        return -1;
    return 0;
}

/* One hand's rows, when its numbers cover it: its all-in street code (0 not
 * all in, 1 preflop, 2 flop, 3 turn), 4 when the Python must make them
 * (nothing added), -1 with an exception. */
enum { THE_PYTHONS = 4 };
static int add_hand_of(column *cols[][MAX_COLUMNS], PyObject *h, int64_t key, int64_t samples)
{
    PyObject *cancelled = PyObject_GetAttr(h, part_bound.cancelled);
    int is_cancelled = cancelled ? PyObject_IsTrue(cancelled) : -1;
    Py_XDECREF(cancelled);
    if (is_cancelled)
        return is_cancelled < 0 ? -1 : THE_PYTHONS;
    replayed_t played;
    int found = part_bound.api->numbers(part_bound.module, h, &played);
    if (found <= 0)
        return found < 0 ? -1 : THE_PYTHONS;
    int status = add_played(cols, &played, key, samples);
    int street = all_in_board_size(&played) < 0 ? 0 : played.last_street + 1;
    part_bound.api->clear(&played);
    return status ? (status < 0 ? -1 : THE_PYTHONS) : street;
}

/* part_columns(histories, keys, samples): see the method's doc. */
static PyObject *part_columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3 || !PyList_Check(args[0]) || !PyList_Check(args[1]))
        return PyErr_Format(PyExc_TypeError, "part_columns(histories: list, keys: list, "
                            "samples: int | None)");
    if (!part_bound.api || !all_in_bound.exact_pots || !bound_omaha) {
        PyErr_SetString(PyExc_RuntimeError, "part_columns: bind_replay, bind_all_in and "
                        "bind_omaha were not all called");
        return NULL;
    }
    PyObject *histories = args[0], *keys = args[1];
    int64_t samples = 0;   /* 0: every spot exact */
    if (args[2] != Py_None && (!exact_chips(args[2], &samples) || samples < 1
                               || samples > HF_EQUITY_MAX_COUNT))
        return PyErr_Format(PyExc_ValueError, "part_columns: samples must be None or "
                            "1..%d, not %R", HF_EQUITY_MAX_COUNT, args[2]);
    if (PyList_Size(keys) != PyList_Size(histories))
        return PyErr_Format(PyExc_ValueError, "part_columns: %zd hand keys for %zd hands",
                            PyList_Size(keys), PyList_Size(histories));
    column *cols[N_PART_TABLES][MAX_COLUMNS] = {{NULL}};
    PyObject *streets = PyList_New(0), *tables = NULL, *out = NULL;
    if (!streets)
        return NULL;
    for (int t = 0; t < N_PART_TABLES; t++)
        for (int i = 0; i < PART_TABLES[t]->n_columns; i++)
            if (!(cols[t][i] = new_column(PART_TABLES[t]->kinds[i]))) {
                PyErr_NoMemory();
                goto done;
            }
    for (Py_ssize_t i = 0; i < PyList_Size(histories); i++) {
        PyObject *h = PyList_GetItem(histories, i);
        int64_t key = 0;
        if (i >= PyList_Size(keys)) {   /* (the lists changed meanwhile) */
            PyErr_SetString(PyExc_RuntimeError, "part_columns: the keys changed");
            goto done;
        }
        const where whole = {"part_columns", Py_None, "hand", i};
        if (int64_of(PyList_GetItem(keys, i), &whole, "hand_key", &key))
            goto done;
        Py_INCREF(h);   /* (a getattr may run Python code that changes the list) */
        int street = add_hand_of(cols, h, key, samples);
        Py_DECREF(h);
        PyObject *code = street < 0 ? NULL : street == THE_PYTHONS ? Py_NewRef(Py_None)
                                                                   : PyLong_FromLong(street);
        int err = !code || PyList_Append(streets, code) < 0;
        Py_XDECREF(code);
        if (err)
            goto done;
    }
    if (!(tables = PyDict_New()))
        goto done;
    for (int t = 0; t < N_PART_TABLES; t++) {
        const table *which = PART_TABLES[t];
        PyObject *schema = schema_capsule(which);
        PyObject *array = schema ? array_capsule(which, cols[t], cols[t][0]->length) : NULL;
        PyObject *pair = array ? PyTuple_Pack(2, schema, array) : NULL;
        int err = !pair || PyDict_SetItemString(tables, which->what, pair) < 0;
        Py_XDECREF(schema);
        Py_XDECREF(array);
        Py_XDECREF(pair);
        if (err)
            goto done;
    }
    out = PyTuple_Pack(2, tables, streets);
done:
    for (int t = 0; t < N_PART_TABLES; t++)
        for (int i = 0; i < MAX_COLUMNS; i++)
            free_column(cols[t][i]);
    Py_XDECREF(tables);
    Py_DECREF(streets);
    return out;
}

/* bind_replay(hilo_fast._hhreplay): the replay part_columns calls (its
 * capsule replay_api). */
static PyObject *bind_replay(PyObject *module, PyObject *replay_module)
{
    (void)module;
    PyObject *capsule = PyObject_CallMethod(replay_module, "replay_api", NULL);
    const replay_api *api = capsule ? PyCapsule_GetPointer(capsule, REPLAY_API) : NULL;
    Py_XDECREF(capsule);
    if (!api)
        return NULL;
    PyObject *cancelled = PyUnicode_InternFromString("cancelled");
    PyObject *posts = cancelled ? PyUnicode_InternFromString("posts") : NULL;
    if (!posts) {
        Py_XDECREF(cancelled);
        return NULL;
    }
    replace_ref(&part_bound.module, Py_NewRef(replay_module));
    replace_ref(&part_bound.cancelled, cancelled);
    replace_ref(&part_bound.posts, posts);
    part_bound.api = api;
    Py_RETURN_NONE;
}
