/* hhrows_pots.c: the boards, pots, pot_winners and discrepancies tables of
 * the hand database in C (included by hhrows.c, whose column builders and
 * Arrow export it uses). The twins of rows.board_rows, pot_rows,
 * pot_winner_rows and discrepancy_rows: a batch is a list of (replay, hand
 * key) pairs, as Rows.replays holds them; a replay's pots are PotResults
 * (amount, rake, eligible, shares, low_shares). */

static const char *const BOARD_NAMES[] = {"hand_key", "run", "flop", "turn", "river"};
static const enum kind BOARD_KINDS[] = {INT64, INT16, UTF8, UTF8, UTF8};
static const char *const POT_NAMES[] = {"hand_key", "pot", "amount", "rake", "contenders",
                                        "winners", "has_low", "high_amount", "low_amount"};
static const enum kind POT_KINDS[] = {INT64, INT16, INT64, INT64, INT16, INT16, BOOL, INT64,
                                      INT64};
static const char *const WINNER_NAMES[] = {"hand_key", "pot", "player", "high_won",
                                           "low_won"};
static const enum kind WINNER_KINDS[] = {INT64, INT16, UTF8, INT64, INT64};
static const char *const DISCREPANCY_NAMES[] = {"hand_key", "seq", "message"};
static const enum kind DISCREPANCY_KINDS[] = {INT64, INT16, UTF8};
static const table BOARDS = {"boards", 5, BOARD_NAMES, BOARD_KINDS};
static const table POTS = {"pots", 9, POT_NAMES, POT_KINDS};
static const table POT_WINNERS = {"pot_winners", 5, WINNER_NAMES, WINNER_KINDS};
static const table DISCREPANCIES = {"discrepancies", 3, DISCREPANCY_NAMES, DISCREPANCY_KINDS};

/* The attributes read here: a replay's, then its history's. */
enum { N_REPLAY_WORDS = 6 };
static const char *const REPLAY_WORDS[N_REPLAY_WORDS] = {
    "history", "pots", "discrepancies", "hand_id", "runs", "board"};
enum { R_HISTORY, R_POTS, R_DISCREPANCIES, R_HAND_ID, R_RUNS, R_BOARD };

/* One item of a batch: its replay, history, hand id (new references) and key. */
typedef struct {
    PyObject *replay, *history, *hand_id;
    int64_t key;
} replay_item;

static void replay_item_clear(replay_item *it)
{
    Py_XDECREF(it->history);
    Py_XDECREF(it->hand_id);
}

/* Read item (a (replay, hand key) pair) into *it; -1 with an exception
 * naming the table (and the hand, once its id is known). */
static int replay_item_of(const table *t, PyObject *item, PyObject *const *words,
                          replay_item *it)
{
    memset(it, 0, sizeof *it);
    if (!PyTuple_Check(item) || PyTuple_Size(item) != 2) {
        PyErr_Format(PyExc_TypeError, "%s: a hand must be a tuple (replay, hand key), not %R",
                     t->what, item);
        return -1;
    }
    it->replay = PyTuple_GetItem(item, 0);
    if (!(it->history = PyObject_GetAttr(it->replay, words[R_HISTORY])) ||
        !(it->hand_id = PyObject_GetAttr(it->history, words[R_HAND_ID])))
        return -1;
    const where whole_hand = {t->what, it->hand_id, NULL, 0};
    return int64_of(PyTuple_GetItem(item, 1), &whole_hand, "hand_key", &it->key);
}

/* An index as a SMALLINT column's value (seq, run, pot). */
static int add_index(column *c, Py_ssize_t index, const where *at, const char *field)
{
    return index > INT16_MAX ? does_not_fit(at, field, 16) : add_int(c, index);
}

/* a + b (minus: a - b), or -1 with an OverflowError naming field. */
static int sum_of(int64_t a, int64_t b, int minus, const where *at, const char *field,
                  int64_t *out)
{
    if (minus ? (b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)
              : (b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
        return does_not_fit(at, field, 64);
    *out = minus ? a - b : a + b;
    return 0;
}

/* The text of a run's cards from..to-1 joined (the flop), or the one card
 * at from (the turn, the river), or a null past its end. */
static int add_cards(column *c, PyObject *run, Py_ssize_t from, Py_ssize_t to,
                     const where *at, const char *field)
{
    Py_ssize_t n = PyTuple_Size(run);
    if (to - from == 1 && from >= n)
        return add_null(c);
    if (to - from == 1)
        return add_str_of(c, PyTuple_GetItem(run, from), at, field);
    size_t start = c->values.size;
    for (Py_ssize_t k = from; k < to && k < n; k++) {
        Py_ssize_t size = 0;
        PyObject *card = PyTuple_GetItem(run, k);
        const char *text = PyUnicode_Check(card) ? PyUnicode_AsUTF8AndSize(card, &size) : NULL;
        if (!text) {
            c->values.size = start;
            return PyErr_Occurred() ? -1 : bad(at, "a card", "a str");
        }
        if ((size_t)size > (size_t)INT32_MAX - c->values.size) {
            c->values.size = start;
            PyErr_SetString(PyExc_ValueError, "over 2 GiB of text in one column of a batch");
            return -1;
        }
        if (reserve(&c->values, (size_t)size)) {
            c->values.size = start;
            return PyErr_NoMemory(), -1;
        }
        memcpy(c->values.bytes + c->values.size, text, (size_t)size);
        c->values.size += (size_t)size;
    }
    /* the bytes are in place: put_text of nothing ends the value there */
    return add_text(c, "", 0);
}

/* The boards rows of one hand (its hand id named in errors, its key, its
 * runs and board as tuples): each run's board (a hand run twice: runs 1 and
 * 2), else the board when any card was dealt. */
static int add_boards_of(column **cols, PyObject *hand_id, int64_t key, PyObject *runs,
                         PyObject *board)
{
    where at = {"boards", hand_id, "run", 0};
    int one = PyTuple_Size(runs) == 0;   /* one board (NULL otherwise), when it has cards */
    Py_ssize_t n_runs = one ? PyTuple_Size(board) > 0 : PyTuple_Size(runs);
    for (Py_ssize_t k = 0; k < n_runs; k++) {
        at.index = k + 1;
        PyObject *run = PySequence_Tuple(one ? board : PyTuple_GetItem(runs, k));
        if (!run) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                bad(&at, "it", "a sequence of cards");
            }
            return -1;
        }
        int status = add_int(cols[0], key) || add_index(cols[1], k + 1, &at, "run") ||
                     add_cards(cols[2], run, 0, 3, &at, "flop") ||
                     add_cards(cols[3], run, 3, 4, &at, "turn") ||
                     add_cards(cols[4], run, 4, 5, &at, "river");
        Py_DECREF(run);
        if (status)
            return -1;
    }
    return 0;
}

static int add_boards(column **cols, PyObject *item, PyObject *const *words)
{
    replay_item it;
    PyObject *runs = NULL, *board = NULL;
    int status = -1;
    if (replay_item_of(&BOARDS, item, words, &it))
        goto done;
    /* (the board read only for a hand of one run) */
    if ((runs = sequence_of(it.history, words[R_RUNS], it.hand_id, "boards")) &&
        (PyTuple_Size(runs) ||
         (board = sequence_of(it.history, words[R_BOARD], it.hand_id, "boards"))))
        status = add_boards_of(cols, it.hand_id, it.key, runs, board);
done:
    Py_XDECREF(runs);
    Py_XDECREF(board);
    replay_item_clear(&it);
    return status;
}

/* A pot of a replay: its fields, checked (borrowed references). */
typedef struct {
    int64_t amount, rake, low_amount;
    PyObject *eligible, *shares, *lows;   /* lows: None when no low qualified */
} pot_fields;

static int pot_fields_of(PyObject *pot, const where *at, pot_fields *f)
{
    if (!PyTuple_Check(pot) || PyTuple_Size(pot) != 5)
        return bad(at, "it", "a PotResult (5 fields)");
    f->eligible = PyTuple_GetItem(pot, 2);
    f->shares = PyTuple_GetItem(pot, 3);
    f->lows = PyTuple_GetItem(pot, 4);
    f->low_amount = 0;
    if (int64_of(PyTuple_GetItem(pot, 0), at, "amount", &f->amount) ||
        int64_of(PyTuple_GetItem(pot, 1), at, "rake", &f->rake))
        return -1;
    if (!PyDict_Check(f->shares))
        return bad(at, "shares", "a dict");
    if (f->lows != Py_None && !PyDict_Check(f->lows))
        return bad(at, "low_shares", "a dict or None");
    PyObject *name, *chips;
    Py_ssize_t pos = 0;
    while (f->lows != Py_None && PyDict_Next(f->lows, &pos, &name, &chips)) {
        int64_t low = 0;
        if (int64_of(chips, at, "a low share", &low) ||
            sum_of(f->low_amount, low, 0, at, "low_amount", &f->low_amount))
            return -1;
    }
    return 0;
}

/* Each pot's row, or (winners) a row a player who took a part of it, by
 * name: what the replay's pots are made of. */
static int add_pots_or_winners(column **cols, PyObject *item, PyObject *const *words,
                               int winners)
{
    const table *t = winners ? &POT_WINNERS : &POTS;
    replay_item it;
    PyObject *pots = NULL, *names = NULL;
    int status = -1;
    if (replay_item_of(t, item, words, &it))
        goto done;
    where at = {t->what, it.hand_id, "pot", 0};
    if (!(pots = sequence_of(it.replay, words[R_POTS], it.hand_id, t->what)))
        goto done;
    for (Py_ssize_t k = 0; k < PyTuple_Size(pots); k++) {
        pot_fields f;
        at.index = k;
        if (pot_fields_of(PyTuple_GetItem(pots, k), &at, &f))
            goto done;
        if (!winners) {
            int64_t high = 0;
            Py_ssize_t contenders = PyObject_Size(f.eligible);
            if (contenders < 0 || sum_of(f.amount, f.low_amount, 1, &at, "high_amount", &high))
                goto done;
            if (add_int(cols[0], it.key) || add_index(cols[1], k, &at, "pot") ||
                add_int(cols[2], f.amount) || add_int(cols[3], f.rake) ||
                add_index(cols[4], contenders, &at, "contenders") ||
                add_index(cols[5], PyDict_Size(f.shares), &at, "winners") ||
                add_bool(cols[6], f.lows != Py_None) || add_int(cols[7], high) ||
                add_int(cols[8], f.low_amount))
                goto done;
            continue;
        }
        Py_XDECREF(names);
        if (!(names = PyDict_Keys(f.shares)) || PyList_Sort(names))
            goto done;
        for (Py_ssize_t j = 0; j < PyList_Size(names); j++) {
            PyObject *name = PyList_GetItem(names, j);
            PyObject *won = PyDict_GetItemWithError(f.shares, name);
            int64_t share = 0, low = 0, high = 0;
            if (!won && !PyErr_Occurred())   /* (a key of the dict: there unless it changed) */
                PyErr_Format(PyExc_KeyError, "%s: hand %R: a pot's shares changed", t->what,
                             it.hand_id);
            if (!won || int64_of(won, &at, "a share", &share))
                goto done;
            if (f.lows != Py_None) {
                PyObject *part = PyDict_GetItemWithError(f.lows, name);
                if ((!part && PyErr_Occurred()) ||
                    (part && int64_of(part, &at, "a low share", &low)))
                    goto done;
            }
            if (sum_of(share, low, 1, &at, "high_won", &high) ||
                add_int(cols[0], it.key) || add_index(cols[1], k, &at, "pot") ||
                add_str_of(cols[2], name, &at, "player") || add_int(cols[3], high) ||
                add_int(cols[4], low))
                goto done;
        }
    }
    status = 0;
done:
    Py_XDECREF(pots);
    Py_XDECREF(names);
    replay_item_clear(&it);
    return status;
}

static int add_pots(column **cols, PyObject *item, PyObject *const *words)
{
    return add_pots_or_winners(cols, item, words, 0);
}

static int add_pot_winners(column **cols, PyObject *item, PyObject *const *words)
{
    return add_pots_or_winners(cols, item, words, 1);
}

/* The discrepancies rows: each message the replay found, seq from 0. */
static int add_discrepancies(column **cols, PyObject *item, PyObject *const *words)
{
    replay_item it;
    PyObject *found = NULL;
    int status = -1;
    if (replay_item_of(&DISCREPANCIES, item, words, &it))
        goto done;
    where at = {"discrepancies", it.hand_id, "discrepancy", 0};
    if (!(found = sequence_of(it.replay, words[R_DISCREPANCIES], it.hand_id,
                              "discrepancies")))
        goto done;
    for (Py_ssize_t k = 0; k < PyTuple_Size(found); k++) {
        at.index = k;
        if (add_int(cols[0], it.key) || add_index(cols[1], k, &at, "seq") ||
            add_str_of(cols[2], PyTuple_GetItem(found, k), &at, "message"))
            goto done;
    }
    status = 0;
done:
    Py_XDECREF(found);
    replay_item_clear(&it);
    return status;
}

/* replay_columns(table, items): the rows of one of the tables above. */
static PyObject *replay_columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    static const table *const TABLES[] = {&BOARDS, &POTS, &POT_WINNERS, &DISCREPANCIES};
    static const add_rows ADDS[] = {add_boards, add_pots, add_pot_winners, add_discrepancies};
    if (nargs != 2 || !PyUnicode_Check(args[0]))
        return PyErr_Format(PyExc_TypeError, "replay_columns(table: str, items: list)");
    const char *name = PyUnicode_AsUTF8AndSize(args[0], NULL);
    if (!name)
        return NULL;
    for (int k = 0; k < 4; k++)
        if (strcmp(name, TABLES[k]->what) == 0)
            return columns_of(TABLES[k], args[1], ADDS[k], REPLAY_WORDS, N_REPLAY_WORDS);
    return PyErr_Format(PyExc_ValueError, "replay_columns: no table %R (boards, pots, "
                        "pot_winners or discrepancies)", args[0]);
}
