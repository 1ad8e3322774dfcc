/* hhsite_absolute.c: the twin of hilo_fast.history.sites.absolute._loop
 * (included by hhsites.c after hhsite_cake.c, whose cake_seat and CAKE_* answers
 * it shares). absolute_loop(lines, b, cash) gives the
 * Python loop's (total, rake), or None (hand back) on a line it does not read
 * exactly as Python would: an unknown line, a '\n' in a line, an amount read
 * from non-ASCII text (_AMOUNTS's \d), a non-ASCII byte where a pot number's \d
 * could be, an action with no amount or a show with no cards (Python raises). */

/* _COLLECT.match: (.+?) Collects (\S+) from (?:main pot|side pot(?: #?(\d+))?)
 * -> YES (pot: the number, 0 if none), NO or BAIL. */
static int absolute_collect(span t, span *name, span *amount, long *pot)
{
    for (Py_ssize_t p = find(t, 1, " Collects "); p >= 0; p = find(t, p + 1, " Collects ")) {
        Py_ssize_t a = p + 10, e = nonspace_end(t, a);
        if (e == a || !starts(sub(t, e, t.n), " from "))
            continue;
        span rest = sub(t, e + 6, t.n);
        *pot = 0;
        if (starts(rest, "side pot")) {
            span more = sub(rest, 8, rest.n);
            if (starts(more, " ")) {
                Py_ssize_t d = starts(more, " #") ? 2 : 1, k = digits_end(more, d);
                if (k < 0)
                    return CAKE_BAIL;
                if (k > d && (*pot = small_number(sub(more, d, k))) < 0)
                    return CAKE_BAIL;
            }
        } else if (!starts(rest, "main pot"))
            continue;
        *name = sub(t, 0, p);
        *amount = sub(t, a, e);
        return CAKE_YES;
    }
    return CAKE_NO;
}

enum { AA_POST_SB, AA_POST_BB, AA_POST_DEAD, AA_POSTS, AA_RAISES, AA_CALLS, AA_BETS,
       AA_CHECKS, AA_FOLDS, AA_ALL_IN_RAISE, AA_ALL_IN, AA_RETURNED, AA_SHOWS, AA_MUCKS,
       AA_NO_SHOW, AA_N };
static const char *const absolute_words[AA_N] = {
    "Posts small blind", "Posts big blind", "Posts dead blind", "Posts", "Raises", "Calls",
    "Bets", "Checks", "Folds", "All-In (Raise)", "All-In", "returned", "Shows", "Mucks",
    "Does not show",
};

/* _ACTION.match (and _QUICK's, the same): (.+?) - (<word>)(.*) -> the word, or -1. */
static int absolute_action(span t, span *name, span *rest)
{
    return name_word(t, " - ", absolute_words, AA_N, name, rest);
}

/* _AMOUNTS.findall(rest) on ASCII text: [$]?[\d,]+(?:\.\d+)? -> up to max spans. */
static int absolute_amounts(span t, span *found, int max, int *n)
{
    *n = 0;
    Py_ssize_t i = 0;
    while (i < t.n) {
        Py_ssize_t j = i + (t.s[i] == '$');
        Py_ssize_t k = j;
        while (k < t.n && ((t.s[k] >= '0' && t.s[k] <= '9') || t.s[k] == ','))
            k++;
        if (k == j) {
            i++;
            continue;
        }
        if (k + 1 < t.n && t.s[k] == '.' && t.s[k + 1] >= '0' && t.s[k + 1] <= '9') {
            k += 2;
            while (k < t.n && t.s[k] >= '0' && t.s[k] <= '9')
                k++;
        }
        if (*n >= max)
            return 0;
        found[(*n)++] = sub(t, i, k);
        i = k;
    }
    return 1;
}

static int absolute_act(const state *st, PyObject *b, span who, int what, span rest,
                        PyObject *cash)
{
    rest = unicode_stripped(rest);
    if (what == AA_FOLDS || what == AA_CHECKS)
        return hb(st, b, what == AA_FOLDS ? HB_FOLD : HB_CHECK, 1, str_of(who));
    span amounts[16];
    int n;
    if (!is_ascii(rest) || !absolute_amounts(rest, amounts, 16, &n))
        return BAIL;   /* (_AMOUNTS's \d on non-ASCII text; many amounts: Python decides) */
    int method = -1;
    switch (what) {
    case AA_CALLS: method = HB_CALL; break;
    case AA_BETS: method = HB_BET; break;
    case AA_RAISES: method = HB_RAISE_TO; break;
    case AA_ALL_IN: case AA_ALL_IN_RAISE: method = HB_WAGER_ADDED; break;
    case AA_RETURNED: method = HB_RETURNS; break;
    default: break;
    }
    if (what == AA_POST_SB || what == AA_POST_BB || method >= 0) {
        if (n == 0)
            return BAIL;   /* (Python: an IndexError) */
        PyObject *name = str_of(who);
        if (!name)
            return FAIL;
        PyObject *amount = money_of(st, amounts[what == AA_RAISES ? n - 1 : 0], cash);
        if (!amount) {
            Py_DECREF(name);
            return FAIL;
        }
        if (method >= 0)
            return hb(st, b, method, 2, name, amount);
        return hb(st, b, HB_POST, 3, name,
                  word(st, what == AA_POST_SB ? W_SMALL_BLIND : W_BIG_BLIND), amount);
    }
    if (what == AA_POST_DEAD || what == AA_POSTS) {
        PyObject *name = str_of(who);
        if (!name)
            return FAIL;
        PyObject *kind = word(st, n > 1 ? W_BOTH_BLINDS : W_BIG_BLIND);
        PyObject *total = PyLong_FromLong(0);
        for (int k = 0; k < n && total; k++) {
            PyObject *m = money_of(st, amounts[k], cash), *sum = m ? PyNumber_Add(total, m) : NULL;
            Py_XDECREF(m);
            Py_DECREF(total);
            total = sum;
        }
        return hb(st, b, HB_POST, 3, name, kind, total);
    }
    if (what == AA_SHOWS) {
        span group;
        if (!group_of(rest, 0, &group))
            return BAIL;   /* (Python: an IndexError) */
        return hb(st, b, HB_SHOW, 2, str_of(who), words_tuple(group, 0));
    }
    if (what == AA_MUCKS)
        return hb(st, b, HB_MUCK, 1, str_of(who));
    return OK;   /* Does not show */
}

typedef struct {
    const state *st;
    PyObject *b, *cash;
    int section;   /* 0 seats, 1 hand, 2 summary */
    PyObject *total, *rake;
} absolute_state;

static int absolute_line(void *hand, PyObject *item, span t, int ascii)   /* (a line_reader) */
{
    absolute_state *as = hand;
    const state *st = as->st;
    PyObject *b = as->b, *cash = as->cash;
    (void)item, (void)ascii;
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;
    if (as->section == 0) {
        int got = cake_seat(st, b, cash, t, " - ", " - sitting out");
        if (got != NO_MATCH)
            return got;
        as->section = 1;
    }
    if (starts(t, "*** SUMMARY")) {
        as->section = 2;
        return OK;
    }
    if (as->section == 2) {   /* Total Pot\(([^)]+)\)(?: \| Rake \(([^)]+)\))? */
        if (!starts(t, "Total Pot("))
            return OK;
        Py_ssize_t close = find_char(t, 10, ')');
        if (close <= 10)
            return OK;
        PyObject *total = money_of(st, sub(t, 10, close), cash);
        if (!total)
            return FAIL;
        replace(&as->total, total);
        span after = sub(t, close + 1, t.n);
        Py_ssize_t rclose = starts(after, " | Rake (") ? find_char(after, 9, ')') : -1;
        PyObject *rake = rclose > 9 ? money_of(st, sub(after, 9, rclose), cash) : PyLong_FromLong(0);
        if (!rake)
            return FAIL;
        replace(&as->rake, rake);
        return OK;
    }
    if (starts(t, "***")) {
        static const char *streets[3] = {"*** FLOP *** ", "*** TURN *** ", "*** RIVER *** "};
        static const int words[3] = {W_FLOP, W_TURN, W_RIVER};
        for (int k = 0; k < 3; k++)
            if (starts(t, streets[k])) {
                span group = {NULL, 0};   /* (set by group_of; -O3's warning) */
                span cards = sub(t, (Py_ssize_t)strlen(streets[k]), t.n);
                PyObject *tuple = group_of(cards, 1, &group) ? words_tuple(group, 0)
                                                             : PyTuple_New(0);
                return hb(st, b, HB_STREET_CARDS, 2, word(st, words[k]), tuple);
            }
        return OK;
    }
    if (starts(t, "Dealt to ")) {
        span after = sub(t, 9, t.n);
        Py_ssize_t at = find(after, 0, " [");
        span who = at < 0 ? after : sub(after, 0, at);
        span rest = at < 0 ? sub(after, after.n, after.n) : sub(after, at + 2, after.n);
        while (rest.n && rest.s[rest.n - 1] == ']')
            rest.n--;
        PyObject *name = set_hero(b, who);
        if (!name)
            return FAIL;
        return set_hole(b, name, words_tuple(rest, 0));
    }
    span name, rest;
    long pot;
    int found = absolute_collect(t, &name, &rest, &pot);
    if (found == CAKE_BAIL)
        return BAIL;
    if (found == CAKE_YES) {
        PyObject *who = str_of(name), *amount = who ? money_of(st, rest, cash) : NULL;
        if (!amount) {
            Py_XDECREF(who);
            return FAIL;
        }
        return hb(st, b, HB_COLLECT, 3, who, amount, PyLong_FromLong(pot));
    }
    int what = absolute_action(t, &name, &rest);
    if (what < 0)
        return BAIL;
    return absolute_act(st, b, name, what, rest, cash);
}

/* absolute_loop(lines, b, cash): absolute._loop's (total, rake), or None. */
static PyObject *absolute_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash;
    if (!st || !PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    absolute_state as = {st, b, cash, 0, NULL, NULL};
    int done = each_line(lines, 2, absolute_line, &as);
    PyObject *out = NULL;
    if (done == OK)
        out = Py_BuildValue("(OO)", as.total ? as.total : Py_None, as.rake ? as.rake : Py_None);
    else if (done == BAIL)
        out = ref(Py_None);
    Py_XDECREF(as.total);
    Py_XDECREF(as.rake);
    return out;
}

#define METHOD_ABSOLUTE \
    {"absolute_loop", absolute_loop, METH_VARARGS, \
     "absolute_loop(lines, builder, cash): absolute._loop's twin"}
