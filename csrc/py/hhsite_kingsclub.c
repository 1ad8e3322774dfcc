/* hhsite_kingsclub.c: the twin of hilo_fast.history.sites.kingsclub._loop (included
 * by hhsites.c). kingsclub_loop(lines, b, date_of, run_board) reads lines[1:] as
 * the Python loop does and gives its (date, table, rake, in_summary, runs), or
 * None (hand back) on a line it does not match exactly as the Python loop would:
 * a '\n' in a line, a non-ASCII byte where a \d or str.isdigit() could read a
 * digit, a line kind the Python loop raises on or falls through, a line over
 * MAX_LINE. The date line and a "*** BOARD " line go to the Python helpers
 * (_date, _run_board) the Python loop calls. */

/* [\d.,]+ over all of t: 1 yes, 0 no, -1 bail (a non-ASCII byte). */
static int kingsclub_amount(span t)
{
    if (t.n <= 0)
        return 0;
    for (Py_ssize_t i = 0; i < t.n; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (c >= 0x80)
            return -1;
        if (!((c >= '0' && c <= '9') || c == '.' || c == ','))
            return 0;
    }
    return 1;
}

/* kingsclub._cards: a new tuple, Py_None (new ref) or NULL; *bail on a bad card. */
static PyObject *kingsclub_cards(span t, int *bail)
{
    PyObject *list = PyList_New(0);
    int unseen = 0, bad = 0;
    Py_ssize_t i = 0;
    span c;
    while (list && next_word(t, &i, 0, &c)) {
        if (equals(c, "X"))
            unseen = 1;
        else if (!(c.n == 2 && strchr("23456789TJQKA", c.s[0]) && c.s[0] &&
                   strchr("cdhs", c.s[1]) && c.s[1]))
            bad = 1;
        if (append_str(list, c) < 0)
            Py_CLEAR(list);
    }
    if (!list)
        return NULL;
    if (unseen || PyList_Size(list) == 0) {
        Py_DECREF(list);
        return ref(Py_None);
    }
    if (bad) {
        Py_DECREF(list);
        *bail = 1;
        return ref(Py_None);
    }
    PyObject *out = PyList_AsTuple(list);
    Py_DECREF(list);
    return out;
}

/* the longest seated name that t starts with followed by " ": 1 found, 0 none, -1 error */
static int kingsclub_player(PyObject *b, span t, PyObject **player, Py_ssize_t *len)
{
    PyObject *stack = PyObject_GetAttrString(b, "stack");
    if (!stack)
        return -1;
    if (!PyDict_Check(stack)) {
        Py_DECREF(stack);
        return -2;
    }
    PyObject *key, *value, *best = NULL;
    Py_ssize_t pos = 0, best_n = -1;
    while (PyDict_Next(stack, &pos, &key, &value)) {
        if (!PyUnicode_Check(key))
            continue;
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(key, &n);
        if (!s) {   /* (a lone surrogate: Python decides) */
            PyErr_Clear();
            Py_DECREF(stack);
            return -2;
        }
        if (n + 1 <= t.n && n > best_n && memcmp(t.s, s, (size_t)n) == 0 && t.s[n] == ' ') {
            best = key;
            best_n = n;
        }
    }
    if (best)
        *player = ref(best);
    Py_DECREF(stack);
    *len = best_n;
    return best != NULL;
}

/* kingsclub._action(b, player, what) */
static int kingsclub_action(const state *st, PyObject *b, PyObject *player, span what)
{
    static const char *all_in = ", and is all in";
    if (ends(what, all_in))
        what.n -= (Py_ssize_t)strlen(all_in);
    if (equals(what, "folds"))
        return hb(st, b, HB_FOLD, 1, player);
    if (equals(what, "checks"))
        return hb(st, b, HB_CHECK, 1, player);
    static const char *moneyed[3] = {"calls ", "bets ", "raises to "};
    static const int methods_[3] = {HB_CALL_TO, HB_WAGER_ADDED, HB_RAISE_TO};
    for (int k = 0; k < 3; k++)
        if (starts(what, moneyed[k])) {
            PyObject *amount = money_of(st, sub(what, (Py_ssize_t)strlen(moneyed[k]), what.n),
                                        Py_True);
            if (!amount) {
                Py_DECREF(player);
                return FAIL;
            }
            return hb(st, b, methods_[k], 2, player, amount);
        }
    if (starts(what, "shows [")) {
        Py_ssize_t close = find_char(what, 0, ']');
        if (close < 0) {
            Py_DECREF(player);
            return BAIL;
        }
        int bail = 0;
        PyObject *cards = kingsclub_cards(sub(what, 7, close), &bail);
        if (!cards || bail) {
            Py_XDECREF(cards);
            Py_DECREF(player);
            return cards ? BAIL : FAIL;
        }
        if (cards == Py_None) {
            Py_DECREF(cards);
            Py_DECREF(player);
            return OK;
        }
        if (hb(st, b, HB_HOLE, 2, ref(player), cards) == FAIL) {
            Py_DECREF(player);
            return FAIL;
        }
        return hb(st, b, HB_SHOW, 1, player);
    }
    if (starts(what, "mucks"))
        return hb(st, b, HB_MUCK, 1, player);
    Py_DECREF(player);
    Py_ssize_t i = space_end(what, 0);
    if (i >= what.n)
        return BAIL;   /* (Python: IndexError) */
    span first = sub(what, i, nonspace_end(what, i));
    if (equals(first, "calls") || equals(first, "bets") || equals(first, "raises") ||
        equals(first, "posts"))
        return BAIL;   /* (Python raises) */
    return OK;
}

typedef struct {
    PyObject *date, *table, *rake, *runs;
    int in_summary, table_empty;
} kingsclub_state;

/* _WINS.match: (.+?) wins (?:\(([\d.,]+)\) from (.+)|(.+?) \(([\d.,]+)\))$ */
static int kingsclub_wins(span t, span *name, span *amount, span *pot)
{
    for (Py_ssize_t p = find(t, 1, " wins "); p >= 0; p = find(t, p + 1, " wins ")) {
        span rest = sub(t, p + 6, t.n);
        if (starts(rest, "(")) {
            Py_ssize_t close = find_char(rest, 1, ')');
            if (close >= 0) {
                int a = kingsclub_amount(sub(rest, 1, close));
                if (a < 0)
                    return -1;
                if (a && starts(sub(rest, close + 1, rest.n), " from ") &&
                    close + 7 < rest.n) {
                    *name = sub(t, 0, p);
                    *amount = sub(rest, 1, close);
                    *pot = sub(rest, close + 7, rest.n);
                    return 1;
                }
            } else {
                for (Py_ssize_t i = 1; i < rest.n; i++)
                    if ((unsigned char)rest.s[i] >= 0x80)
                        return -1;
            }
        }
        if (rest.n < 1 || rest.s[rest.n - 1] != ')')
            continue;
        for (Py_ssize_t q = find(rest, 1, " ("); q >= 0; q = find(rest, q + 1, " (")) {
            int a = kingsclub_amount(sub(rest, q + 2, rest.n - 1));
            if (a < 0)
                return -1;
            if (a) {
                *name = sub(t, 0, p);
                *amount = sub(rest, q + 2, rest.n - 1);
                *pot = sub(rest, 0, q);
                return 1;
            }
        }
    }
    return 0;
}

static int kingsclub_line(const state *st, PyObject *b, PyObject *item, span t,
                          kingsclub_state *ks, PyObject *date_of, PyObject *run_board)
{
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;
    if (ks->date == Py_None && ks->table_empty) {
        Py_ssize_t n = t.n < 4 ? t.n : 4;
        for (Py_ssize_t i = 0; i < n; i++)
            if ((unsigned char)t.s[i] >= 0x80)
                return BAIL;
        int digits = n > 0;
        for (Py_ssize_t i = 0; i < n; i++)
            if (t.s[i] < '0' || t.s[i] > '9')
                digits = 0;
        if (digits) {
            PyObject *d = PyObject_CallFunctionObjArgs(date_of, item, NULL);
            if (!d)
                return FAIL;
            replace(&ks->date, d);
            return OK;
        }
    }
    if (starts(t, "Table '")) {   /* Table '(.*)' Seat (\d+) is the button */
        for (Py_ssize_t p = t.n - 1; p >= 7; p--) {
            if (!starts(sub(t, p, t.n), "' Seat "))
                continue;
            Py_ssize_t i = p + 7, j = digits_end(t, i);
            if (j < 0)
                return BAIL;
            if (j == i || !starts(sub(t, j, t.n), " is the button"))
                continue;
            long button = small_number(sub(t, i, j));
            if (button < 0)
                return BAIL;
            PyObject *table = str_of(sub(t, 7, p));
            if (!table)
                return FAIL;
            replace(&ks->table, table);
            ks->table_empty = p == 7;
            PyObject *n = PyLong_FromLong(button);
            int done = n ? PyObject_SetAttrString(b, "button", n) : -1;
            Py_XDECREF(n);
            return done < 0 ? FAIL : OK;
        }
        return BAIL;
    }
    if (ks->in_summary) {
        if (starts(t, "Rake ")) {
            int a = kingsclub_amount(sub(t, 5, t.n));
            if (a < 0)
                return BAIL;
            if (a) {
                PyObject *r = money_of(st, sub(t, 5, t.n), Py_True);
                if (!r)
                    return FAIL;
                replace(&ks->rake, r);
                return OK;
            }
        }
        if (find(t, 0, " wins ") < 0)
            return OK;
        span name, amount, pot;
        int w = kingsclub_wins(t, &name, &amount, &pot);
        if (w < 0)
            return BAIL;
        if (w == 0)
            return OK;
        long long index = 0;
        if (find(pot, 0, "side") >= 0) {
            int digits = 0;
            for (Py_ssize_t i = 0; i < pot.n; i++) {
                unsigned char c = (unsigned char)pot.s[i];
                if (c >= 0x80)
                    return BAIL;
                if (c >= '0' && c <= '9') {
                    if (++digits > 17)
                        return BAIL;
                    index = index * 10 + (c - '0');
                }
            }
        }
        PyObject *who = str_of(name), *m = who ? money_of(st, amount, Py_True) : NULL;
        PyObject *k = m ? PyLong_FromLongLong(index) : NULL;
        if (!k) {
            Py_XDECREF(who);
            Py_XDECREF(m);
            return FAIL;
        }
        return hb(st, b, HB_COLLECT, 3, who, m, k);
    }
    if (starts(t, "Seat ")) {   /* Seat (\d+): (.+?) \(([\d.,]+)\)$ */
        Py_ssize_t i = 5, j = digits_end(t, i);
        if (j < 0)
            return BAIL;
        if (j == i || !starts(sub(t, j, t.n), ": ") || t.n < 1 || t.s[t.n - 1] != ')')
            return BAIL;
        Py_ssize_t from = j + 2;
        for (Py_ssize_t q = find(t, from + 1, " ("); q >= 0; q = find(t, q + 1, " (")) {
            int a = kingsclub_amount(sub(t, q + 2, t.n - 1));
            if (a < 0)
                return BAIL;
            if (!a)
                continue;
            long seat = small_number(sub(t, i, j));
            if (seat < 0)
                return BAIL;
            PyObject *n = PyLong_FromLong(seat), *who = n ? str_of(sub(t, from, q)) : NULL;
            PyObject *chips = who ? money_of(st, sub(t, q + 2, t.n - 1), Py_True) : NULL;
            if (!chips) {
                Py_XDECREF(n);
                Py_XDECREF(who);
                return FAIL;
            }
            return hb(st, b, HB_SEAT, 3, n, who, chips);
        }
        return BAIL;
    }
    if (starts(t, "*** ")) {
        static const char *streets[3] = {"*** FLOP ***", "*** TURN ***", "*** RIVER ***"};
        static const int words[3] = {W_FLOP, W_TURN, W_RIVER};
        for (int k = 0; k < 3; k++)
            if (starts(t, streets[k])) {
                span rest = sub(t, (Py_ssize_t)strlen(streets[k]), t.n);
                if (hb(st, b, HB_NEW_STREET, 2, word(st, words[k]), PyTuple_New(0)) == FAIL)
                    return FAIL;
                PyObject *list = PyList_New(0);
                Py_ssize_t i = 0;
                span g;
                while (list && bracket(rest, i, &g, &i))
                    if (append_words(list, g, 0) < 0)
                        Py_CLEAR(list);
                if (!list)
                    return FAIL;
                return hb(st, b, HB_DEAL_BOARD, 1, list);
            }
        if (starts(t, "*** SUMMARY ***")) {
            ks->in_summary = 1;
            return OK;
        }
        if (starts(t, "*** HOLE CARDS ***") || starts(t, "*** SHOW DOWN ***") ||
            starts(t, "*** SHOWDOWN ***"))
            return OK;
        if (starts(t, "*** BOARD ")) {
            PyObject *board = PyObject_GetAttrString(b, "board");
            PyObject *r = board ? PyObject_CallFunctionObjArgs(run_board, item, board, ks->runs,
                                                                NULL) : NULL;
            Py_XDECREF(board);
            if (!r)
                return FAIL;
            Py_DECREF(r);
            return OK;
        }
        return BAIL;
    }
    if (find(t, 0, ": posts ") >= 0) {
        static const char *kinds[5] = {"ante ", "the small blind ", "the big blind ",
                                       "small & big blinds ", "dead small blind "};
        static const int kind_words[5] = {W_ANTE, W_SMALL_BLIND, W_BIG_BLIND, W_BOTH_BLINDS,
                                          W_DEAD_SMALL_BLIND};
        for (Py_ssize_t p = find(t, 1, ": posts "); p >= 0; p = find(t, p + 1, ": posts ")) {
            span rest = sub(t, p + 8, t.n);
            for (int k = 0; k < 5; k++) {
                if (!starts(rest, kinds[k]))
                    continue;
                span amount = sub(rest, (Py_ssize_t)strlen(kinds[k]), rest.n);
                int a = kingsclub_amount(amount);
                if (a < 0)
                    return BAIL;
                if (!a)
                    continue;
                PyObject *who = str_of(sub(t, 0, p));
                PyObject *m = who ? money_of(st, amount, Py_True) : NULL;
                if (!m) {
                    Py_XDECREF(who);
                    return FAIL;
                }
                return hb(st, b, HB_POST, 3, who, word(st, kind_words[k]), m);
            }
        }
        return BAIL;
    }
    if (starts(t, "Dealt to ")) {   /* Dealt to (.+?): \[([^\]]*)\]$ */
        if (t.s[t.n - 1] != ']')
            return BAIL;
        for (Py_ssize_t p = find(t, 10, ": ["); p >= 0; p = find(t, p + 1, ": [")) {
            span inside = sub(t, p + 3, t.n - 1);
            if (inside.n < 0 || find_char(inside, 0, ']') >= 0)
                continue;
            int bail = 0;
            PyObject *cards = kingsclub_cards(inside, &bail);
            if (!cards)
                return FAIL;
            if (bail) {
                Py_DECREF(cards);
                return BAIL;
            }
            if (cards == Py_None) {
                Py_DECREF(cards);
                return OK;
            }
            PyObject *name = str_of(sub(t, 9, p));
            if (!name) {
                Py_DECREF(cards);
                return FAIL;
            }
            if (hb(st, b, HB_HOLE, 2, ref(name), cards) == FAIL) {
                Py_DECREF(name);
                return FAIL;
            }
            int done = PyObject_SetAttrString(b, "hero", name);
            Py_DECREF(name);
            return done < 0 ? FAIL : OK;
        }
        return BAIL;
    }
    PyObject *player = NULL;
    Py_ssize_t len;
    int found = kingsclub_player(b, t, &player, &len);
    if (found == -1)
        return FAIL;
    if (found == -2)
        return BAIL;
    if (!found)
        return starts(t, "***") ? BAIL : OK;
    return kingsclub_action(st, b, player, sub(t, len + 1, t.n));
}

/* kingsclub_loop(lines, b, date_of, run_board): kingsclub._loop's tuple, or None. */
static PyObject *kingsclub_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *date_of, *run_board;
    if (!st || !PyArg_ParseTuple(args, "OOOO", &lines, &b, &date_of, &run_board))
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    kingsclub_state ks = {ref(Py_None), PyUnicode_FromStringAndSize("", 0), ref(Py_None),
                          PyDict_New(), 0, 1};
    PyObject *out = NULL;
    if (!ks.table || !ks.runs)
        goto done;
    for (Py_ssize_t k = 1; k < PyList_Size(lines); k++) {
        span t;
        int ascii;
        PyObject *item = PyList_GetItem(lines, k);
        int got = utf8_text(item, &t, &ascii);
        if (got <= 0) {
            if (got == 0)
                out = ref(Py_None);
            goto done;
        }
        int r = kingsclub_line(st, b, item, t, &ks, date_of, run_board);
        if (r == FAIL)
            goto done;
        if (r == BAIL) {
            out = ref(Py_None);
            goto done;
        }
    }
    out = PyTuple_Pack(5, ks.date, ks.table, ks.rake, ks.in_summary ? Py_True : Py_False,
                       ks.runs);
done:
    Py_XDECREF(ks.date);
    Py_XDECREF(ks.table);
    Py_XDECREF(ks.rake);
    Py_XDECREF(ks.runs);
    return out;
}

#define METHOD_KINGSCLUB \
    {"kingsclub_loop", kingsclub_loop, METH_VARARGS, \
     "kingsclub_loop(lines, builder, date_of, run_board): kingsclub._loop's twin"}
