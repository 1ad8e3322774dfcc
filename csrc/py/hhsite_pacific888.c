/* hhsite_pacific888.c: the twin of hilo_fast.history.sites.pacific888._loop
 * (included by hhsites.c; site "888pacific"). pacific888_loop(lines, b, cash)
 * reads lines[5:] as _loop does (its elif chain, in its order, each pattern
 * read as the regex reads it) and returns what _loop returns (whether a
 * summary was reached), or None where it is not sure (a line no branch reads).
 * A branch's reader answers NO_MATCH where its pattern does not match (the next one). */

/* _PLAY after the name's space: r is the rest of the line. 1 and *what, *amount set
 * (what: 0-4 the posts of p888_posts, 5 calls, 6 bets, 7 raises, 8 folds, 9 checks), or 0. */
static const char *p888_posts[5] = {"posts small blind [", "posts big blind [", "posts ante [",
                                    "posts dead big blind [", "posts dead small blind ["};
static const char *p888_kinds[3] = {"calls [", "bets [", "raises ["};

static int p888_play(span r, int *what, span *amount)
{
    if (equals(r, "folds")) {
        *what = 8;
        return 1;
    }
    if (equals(r, "checks")) {
        *what = 9;
        return 1;
    }
    Py_ssize_t at = -1;
    for (int k = 0; k < 5 && at < 0; k++)
        if (starts(r, p888_posts[k]))
            *what = k, at = (Py_ssize_t)strlen(p888_posts[k]);
    for (int k = 0; k < 3 && at < 0; k++)
        if (starts(r, p888_kinds[k]))
            *what = 5 + k, at = (Py_ssize_t)strlen(p888_kinds[k]);
    if (at < 0)
        return 0;
    /* ([^\]]+)\]$ */
    Py_ssize_t close = find_char(r, at, ']');
    if (close <= at || close != r.n - 1)
        return 0;
    *amount = sub(r, at, close);
    return 1;
}

/* _play(b, action, cash, dealt) */
static int p888_do(const state *st, PyObject *b, PyObject *cash, int dealt, span name, int what,
                   span amount)
{
    if (what == 8)
        return dealt ? hb(st, b, HB_FOLD, 1, str_of(name)) : OK;
    if (what == 9)
        return hb(st, b, HB_CHECK, 1, str_of(name));
    PyObject *chips = money_of(st, amount, cash);
    if (!chips)
        return FAIL;
    static const int posts[4] = {W_SMALL_BLIND, W_BIG_BLIND, W_ANTE, W_BIG_BLIND};
    if (what == 4)
        return hb(st, b, HB_POST_DEAD, 2, str_of(name), chips);
    if (what < 4)
        return hb(st, b, HB_POST, 3, str_of(name), word(st, posts[what]), chips);
    static const int methods[3] = {HB_CALL, HB_BET, HB_RAISE_BY_ADDED};
    return hb(st, b, methods[what - 5], 2, str_of(name), chips);
}

/* not b.<attr> : 1, 0, or -1 with an error set */
static int p888_empty(PyObject *b, const char *attr)
{
    PyObject *o = PyObject_GetAttrString(b, attr);
    if (!o)
        return -1;
    int truth = PyObject_IsTrue(o);
    Py_DECREF(o);
    return truth < 0 ? -1 : !truth;
}

/* line.startswith("Seat ") and _SEAT.match(line) and not b.actions and not b.posts */
static int p888_seat(const state *st, PyObject *b, PyObject *cash, span t)
{
    Py_ssize_t d = digits_end(t, 5);
    if (d < 0)
        return BAIL;   /* (a Unicode digit could go on) */
    if (d == 5 || !starts(sub(t, d, t.n), ": "))
        return NO_MATCH;
    long number = small_number(sub(t, 5, d));
    if (number < 0)
        return BAIL;
    Py_ssize_t q = d + 2;
    /* (?P<name>.+) \( (?P<chips>[^()]*) \)$ */
    if (t.n < 2 || t.s[t.n - 1] != ')' || t.s[t.n - 2] != ' ')
        return NO_MATCH;
    Py_ssize_t open = open_before(t, t.n - 1);
    if (open < 0 || open + 2 > t.n - 2 || t.s[open + 1] != ' ' || open - 1 < q + 1 ||
        t.s[open - 1] != ' ')
        return NO_MATCH;
    int empty = p888_empty(b, "actions");
    if (empty > 0)
        empty = p888_empty(b, "posts");
    if (empty <= 0)
        return empty < 0 ? FAIL : NO_MATCH;
    PyObject *seat = PyLong_FromLong(number);
    if (!seat)
        return FAIL;
    PyObject *name = str_of(sub(t, q, open - 1));
    if (!name) {
        Py_DECREF(seat);
        return FAIL;
    }
    PyObject *stack = money_of(st, sub(t, open + 2, t.n - 2), cash);
    if (!stack) {
        Py_DECREF(seat);
        Py_DECREF(name);
        return FAIL;
    }
    return hb(st, b, HB_SEAT, 3, seat, name, stack);
}

/* _NOISE.fullmatch(line) shown (1), or not shown (0: Python decides) */
static int p888_noise(span t)
{
    if ((starts(t, "(Hi: ") || starts(t, "(Lo: ")) && t.n >= 6 && ends(t, ")"))
        return 1;
    if (starts(t, "Total number of players : "))
        return 1;
    static const char *const ending[] = {" did not show his hand", " has left the table",
                                         " has joined the table", " is sitting out", NULL};
    static const char *const holding[] = {" will be using his time bank", " has been disconnected",
                                          " has reconnected", NULL};
    return ends_any(t, ending) || holds_any(t, holding);
}

/* What 888's loop reads a hand with and keeps. */
typedef struct {
    const state *st;
    PyObject *b, *cash;
    int dealt, summary;
} p888_hand;

/* One line (a line_reader). */
static int p888_line(void *hand, PyObject *line, span t, int ascii)
{
    p888_hand *h = hand;
    const state *st = h->st;
    PyObject *b = h->b, *cash = h->cash;
    int *dealt = &h->dealt, *summary = &h->summary;
    (void)line, (void)ascii;
    int what, got;
    span amount = {t.s, 0};
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;
    /* _QUICK.match: the name to the first space */
    Py_ssize_t sp = find_char(t, 0, ' ');
    if (sp >= 1 && p888_play(sub(t, sp + 1, t.n), &what, &amount))
        return p888_do(st, b, cash, *dealt, sub(t, 0, sp), what, amount);
    if (starts(t, "Seat ") && (got = p888_seat(st, b, cash, t)) != NO_MATCH)
        return got;
    if (starts(t, "** Dealing ")) {
        static const char *names[4] = {"down cards **", "flop **", "turn **", "river **"};
        static const int words[4] = {-1, W_FLOP, W_TURN, W_RIVER};
        span r = sub(t, 11, t.n);
        for (int k = 0; k < 4; k++) {
            if (!starts(r, names[k]))
                continue;
            if (k == 0) {
                *dealt = 1;
                return OK;
            }
            PyObject *board = cards_of(st, sub(r, (Py_ssize_t)strlen(names[k]), r.n));
            if (!board)
                return FAIL;
            return hb(st, b, HB_NEW_STREET, 2, word(st, words[k]), board);
        }
    }
    if (starts(t, "** Summary **")) {
        *summary = 1;
        return OK;
    }
    if (find(t, 0, " posts ") >= 0 || find(t, 0, " calls [") >= 0 || find(t, 0, " bets [") >= 0 ||
        find(t, 0, " raises [") >= 0 || find(t, 0, " folds") >= 0 || find(t, 0, " checks") >= 0)
        /* _ACTION.match: the name (.+?) to the first space where _PLAY reads the rest */
        for (Py_ssize_t p = find_char(t, 1, ' '); p >= 0; p = find_char(t, p + 1, ' '))
            if (p888_play(sub(t, p + 1, t.n), &what, &amount))
                return p888_do(st, b, cash, *dealt, sub(t, 0, p), what, amount);
    if (find(t, 0, " shows [") >= 0 || find(t, 0, " mucks [") >= 0) {
        /* _SHOWS.match: the first " shows [" or " mucks [" after a character, a ']' after it */
        Py_ssize_t p = find(t, 1, " shows ["), m = find(t, 1, " mucks [");
        int shows = p >= 0 && (m < 0 || p < m);
        if (!shows)
            p = m;
        Py_ssize_t close = p < 0 ? -1 : find_char(t, p + 8, ']');
        if (close >= 0) {
            PyObject *hole = cards_of(st, sub(t, p + 8, close));
            if (!hole)
                return FAIL;
            return hb(st, b, shows ? HB_SHOW : HB_MUCK, 2, str_of(sub(t, 0, p)), hole);
        }
    }
    if (find(t, 0, " collected [") >= 0) {
        /* _COLLECTED.match: (.+?) collected \[ ([^\]]+) \] */
        for (Py_ssize_t p = find(t, 1, " collected [ "); p >= 0;
             p = find(t, p + 1, " collected [ ")) {
            Py_ssize_t s = p + 13, close = find_char(t, s, ']');
            if (close < 0 || close - 1 < s + 1 || t.s[close - 1] != ' ')
                continue;
            PyObject *chips = money_of(st, sub(t, s, close - 1), cash);
            if (!chips)
                return FAIL;
            return hb(st, b, HB_COLLECT, 2, str_of(sub(t, 0, p)), chips);
        }
    }
    if (starts(t, "Dealt to ") && (got = dealt_to(st, b, t)) != NO_MATCH)
        return got;
    return p888_noise(t) ? OK : BAIL;
}

static PyObject *pacific888_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash;
    if (!PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    p888_hand h = {st, b, cash, 0, 0};
    int got = each_line(lines, 5, p888_line, &h);
    if (got == FAIL)
        return NULL;
    if (got == BAIL)
        Py_RETURN_NONE;
    return ref(h.summary ? Py_True : Py_False);
}

#define METHOD_PACIFIC888 \
    {"888pacific_loop", pacific888_loop, METH_VARARGS, \
     "888pacific_loop(lines, b, cash): _loop's summary (a bool), or None"}
