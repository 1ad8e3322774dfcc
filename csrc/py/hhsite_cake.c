/* hhsite_cake.c: the twin of hilo_fast.history.sites.cake._loop (included by
 * hhsites.c). cake_loop(lines, b, cash) reads lines[2:] as the Python loop does
 * (its patterns _SEAT, _STREET, _WINS and _ACTION, its _cards and _action) and
 * gives True, or None (hand back) on a line it does not match exactly as the
 * Python loop would: an unknown line (Python raises), a '\n' in a line, a
 * non-ASCII character where a pattern's \d or str.isdigit() could read a
 * digit, a seat number of more than 9 digits, a line over MAX_LINE. */

enum { CAKE_NO = 0, CAKE_YES = 1, CAKE_BAIL = 2 };   /* a pattern's answer */

/* A seat line, _SEAT.fullmatch: Seat (\d+)<sep>(.+) \(([^ ]+) in chips\)(<sitting_out>)?
 * (cake's sep ": " and sitting_out " is sitting out"; absolute's " - " and " - sitting out"),
 * read into b.seat(seat, name, stack, out): OK, FAIL, BAIL, or NO_MATCH. */
static int cake_seat(const state *st, PyObject *b, PyObject *cash, span t, const char *sep,
                     const char *sitting_out)
{
    if (!starts(t, "Seat "))
        return NO_MATCH;
    Py_ssize_t i = 5, j = digits_end(t, i);
    if (j < 0)
        return BAIL;
    if (j == i || !starts(sub(t, j, t.n), sep))
        return NO_MATCH;
    Py_ssize_t from = j + (Py_ssize_t)strlen(sep);
    for (Py_ssize_t p = t.n - 2; p >= from + 1; p--) {   /* (.+) greedy: the last end */
        if (t.s[p] != ' ' || t.s[p + 1] != '(')
            continue;
        Py_ssize_t q = p + 2;
        while (q < t.n && t.s[q] != ' ')
            q++;
        if (q == p + 2 || !starts(sub(t, q, t.n), " in chips)"))
            continue;
        Py_ssize_t r = q + 10;
        int sitting = equals(sub(t, r, t.n), sitting_out);
        if (r != t.n && !sitting)
            continue;
        long seat = small_number(sub(t, i, j));
        if (seat < 0)
            return BAIL;
        PyObject *n = PyLong_FromLong(seat), *who = n ? str_of(sub(t, from, p)) : NULL;
        PyObject *chips = who ? money_of(st, sub(t, p + 2, q), cash) : NULL;
        if (!chips) {
            Py_XDECREF(n);
            Py_XDECREF(who);
            return FAIL;
        }
        return hb(st, b, HB_SEAT, 4, n, who, chips, PyBool_FromLong(sitting));
    }
    return NO_MATCH;
}

/* _WINS.match: (.+?) wins (?:(high|low) )?(?:main |side )?pot ([^ ]+) */
static int cake_wins(span t, span *name, span *amount)
{
    for (Py_ssize_t p = find(t, 1, " wins "); p >= 0; p = find(t, p + 1, " wins ")) {
        span rest = sub(t, p + 6, t.n);
        if (starts(rest, "high "))
            rest = sub(rest, 5, rest.n);
        else if (starts(rest, "low "))
            rest = sub(rest, 4, rest.n);
        if (starts(rest, "main ") || starts(rest, "side "))
            rest = sub(rest, 5, rest.n);
        if (!starts(rest, "pot ") || rest.n < 5 || rest.s[4] == ' ')
            continue;
        Py_ssize_t e = find_char(rest, 4, ' ');
        *name = sub(t, 0, p);
        *amount = sub(rest, 4, e < 0 ? rest.n : e);
        return CAKE_YES;
    }
    return CAKE_NO;
}

/* _ACTION's words, in the order of its alternation, and what each does. */
enum { CA_POST_SB, CA_POST_BB, CA_POST_ANTE, CA_POST_DEAD, CA_POSTS, CA_RAISE_TO, CA_CALLS,
       CA_BETS, CA_CHECKS, CA_FOLDS, CA_RETURNS, CA_SHOWS, CA_MUCKS, CA_ALL_IN, CA_N };
static const char *const cake_words[CA_N] = {
    "posts small blind", "posts big blind", "posts ante", "posts dead blind", "posts",
    "raises to", "calls", "bets", "checks", "folds", "returns uncalled bet", "shows", "mucks",
    "is all in",
};

/* _ACTION.match: (.+?): (<word>)(.*) -> the word's index, or -1. */
static int cake_action(span t, span *name, span *rest)
{
    return name_word(t, ": ", cake_words, CA_N, name, rest);
}

/* cake._action(b, name, what, rest.strip(), cash): OK, BAIL or FAIL. */
static int cake_act(const state *st, PyObject *b, span who, int what, span rest, PyObject *cash)
{
    rest = unicode_stripped(rest);
    span first = sub(rest, 0, nonspace_end(rest, 0));
    int is_money = 0;
    if (first.n) {
        unsigned char c = (unsigned char)first.s[0];
        if (c < 0x80)
            is_money = (c >= '0' && c <= '9') || c == '$';
        else if (starts(first, "\xe2\x82\xac") || starts(first, "\xc2\xa3"))   /* € £ */
            is_money = 1;
        else
            return BAIL;   /* (str.isdigit() of a non-ASCII character: Python decides) */
    }
    PyObject *amount = is_money ? money_of(st, first, cash) : PyLong_FromLong(0);
    if (!amount)
        return FAIL;
    PyObject *name = str_of(who);
    if (!name) {
        Py_DECREF(amount);
        return FAIL;
    }
    switch (what) {
    case CA_POST_SB:
        return hb(st, b, HB_POST, 3, name, word(st, W_SMALL_BLIND), amount);
    case CA_POST_BB: case CA_POST_DEAD: case CA_POSTS:
        return hb(st, b, HB_POST, 3, name, word(st, W_BIG_BLIND), amount);
    case CA_POST_ANTE:
        return hb(st, b, HB_POST, 3, name, word(st, W_ANTE), amount);
    case CA_RAISE_TO:
        return hb(st, b, HB_RAISE_TO, 2, name, amount);
    case CA_CALLS:
        return hb(st, b, HB_CALL, 2, name, amount);
    case CA_BETS:
        return hb(st, b, HB_BET, 2, name, amount);
    case CA_RETURNS:
        return hb(st, b, HB_RETURNS, 2, name, amount);
    case CA_ALL_IN:
        return hb(st, b, HB_WAGER_ADDED, 2, name, amount);
    default:
        break;
    }
    Py_DECREF(amount);
    switch (what) {
    case CA_CHECKS:
        return hb(st, b, HB_CHECK, 1, name);
    case CA_FOLDS:
        return hb(st, b, HB_FOLD, 1, name);
    case CA_MUCKS:
        return hb(st, b, HB_MUCK, 1, name);
    default: {   /* shows: rest.partition("[")[2].partition("]")[0] */
        Py_ssize_t open = find_char(rest, 0, '[');
        span inside = open < 0 ? sub(rest, 0, 0) : sub(rest, open + 1, rest.n);
        Py_ssize_t close = find_char(inside, 0, ']');
        if (close >= 0)
            inside.n = close;
        return hb(st, b, HB_SHOW, 2, name, words_tuple(inside, 1));
    }
    }
}

/* What cake's loop reads a hand with (seating: still reading the seats). */
typedef struct {
    const state *st;
    PyObject *b, *cash;
    int seating;
} cake_hand;

/* One line of the loop (a line_reader). */
static int cake_line(void *hand, PyObject *item, span t, int ascii)
{
    cake_hand *h = hand;
    const state *st = h->st;
    PyObject *b = h->b, *cash = h->cash;
    int *seating = &h->seating;
    (void)item, (void)ascii;
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;   /* (a pattern's . stops there) */
    if (*seating) {
        int got = cake_seat(st, b, cash, t, ": ", " is sitting out");
        if (got != NO_MATCH)
            return got;
        *seating = 0;
    }
    if (starts(t, "***")) {
        static const char *streets[3] = {"*** FLOP *** [", "*** TURN *** [", "*** RIVER *** ["};
        static const int words[3] = {W_FLOP, W_TURN, W_RIVER};
        for (int k = 0; k < 3; k++)
            if (starts(t, streets[k])) {
                Py_ssize_t from = (Py_ssize_t)strlen(streets[k]);
                Py_ssize_t close = find_char(t, from, ']');
                if (close < 0)
                    return OK;
                return hb(st, b, HB_STREET_CARDS, 2, word(st, words[k]),
                          words_tuple(sub(t, from, close), 1));
            }
        return OK;
    }
    if (starts(t, "Dealt to ")) {   /* name, _, rest = line[9:].partition(" [") */
        span after = sub(t, 9, t.n);
        Py_ssize_t at = find(after, 0, " [");
        span who = at < 0 ? after : sub(after, 0, at);
        span rest = at < 0 ? sub(after, after.n, after.n) : sub(after, at + 2, after.n);
        while (rest.n && rest.s[rest.n - 1] == ']')
            rest.n--;
        PyObject *name = set_hero(b, who);
        if (!name)
            return FAIL;
        return set_hole(b, name, words_tuple(rest, 1));
    }
    if (equals(t, "There is no low hand"))
        return OK;
    span name, rest;
    if (cake_wins(t, &name, &rest) == CAKE_YES) {
        PyObject *who = str_of(name), *amount = who ? money_of(st, rest, cash) : NULL;
        if (!amount) {
            Py_XDECREF(who);
            return FAIL;
        }
        return hb(st, b, HB_COLLECT, 2, who, amount);
    }
    int what = cake_action(t, &name, &rest);
    if (what < 0)
        return BAIL;   /* (Python raises: "line not understood") */
    return cake_act(st, b, name, what, rest, cash);
}

/* cake_loop(lines, b, cash): cake._loop's True, or None (read the hand in Python). */
static PyObject *cake_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash;
    if (!st || !PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    cake_hand h = {st, b, cash, 1};
    int done = each_line(lines, 2, cake_line, &h);
    if (done == FAIL)
        return NULL;
    if (done == BAIL)
        Py_RETURN_NONE;
    Py_RETURN_TRUE;
}

#define METHOD_CAKE \
    {"cake_loop", cake_loop, METH_VARARGS, "cake_loop(lines, builder, cash): cake._loop's twin"}
