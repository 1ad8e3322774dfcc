/* hhsite_fulltilt.c: the twin of hilo_fast.history.sites.fulltilt._loop (and its
 * _action), included by hhsites.c. fulltilt_loop(lines, b, cash, body): the
 * lines from `body` on (after the seats) read into the HandBuilder b as _loop
 * reads them, and what _loop returns, (total, rake); or None (not sure, or no
 * summary line read: the reader reads the hand again in Python).
 *
 * The players are the keys of b.stack, matched on their UTF-8 text: a line's
 * player is the longest name the line starts with followed by " " (what both
 * of _loop's ways, the first word or the names the longest first, find). The
 * cards are the module's own _cards (str.split() of the text, each word one
 * of the 52 names, else a BadHand): the twin reads only cards it knows and
 * hands back on any other word (Python words the error). */

#define FULLTILT_MAX_NAMES 24
#define FULLTILT_MAX_CARDS 16
#define FULLTILT_UNSURE (-2)   /* a matcher's "not sure" (its 1 is a match, BAIL's value) */

typedef struct {
    PyObject *keys;                      /* list(b.stack), holding the names */
    Py_ssize_t n;
    span names[FULLTILT_MAX_NAMES];      /* their UTF-8 text */
} fulltilt_players;

/* The index of the name equal to t, or -1. */
static Py_ssize_t fulltilt_name(const fulltilt_players *p, span t)
{
    for (Py_ssize_t k = 0; k < p->n; k++)
        if (p->names[k].n == t.n && memcmp(p->names[k].s, t.s, (size_t)t.n) == 0)
            return k;
    return -1;
}

/* The index of the longest name that t starts with followed by " ", or -1. */
static Py_ssize_t fulltilt_player(const fulltilt_players *p, span t)
{
    Py_ssize_t best = -1;
    for (Py_ssize_t k = 0; k < p->n; k++) {
        span name = p->names[k];
        if (name.n < t.n && t.s[name.n] == ' ' && memcmp(name.s, t.s, (size_t)name.n) == 0 &&
            (best < 0 || name.n > p->names[best].n))
            best = k;
    }
    return best;
}

static inline PyObject *fulltilt_key(const fulltilt_players *p, Py_ssize_t k)
{
    return ref(PyList_GetItem(p->keys, k));
}

/* The words of t (str.split(): Unicode whitespace) appended to cards[*count]:
 * OK if each is one of the 52 card names, else BAIL (a BadHand in Python, or
 * too many). */
static int fulltilt_words(span t, span *cards, int *count)
{
    Py_ssize_t i = 0;
    for (;;) {
        i = space_end(t, i);
        if (i >= t.n)
            return OK;
        Py_ssize_t end = nonspace_end(t, i);
        if (end - i != 2 || !strchr("23456789TJQKA", t.s[i]) || !strchr("cdhs", t.s[i + 1]) ||
            !t.s[i] || !t.s[i + 1] || *count >= FULLTILT_MAX_CARDS)
            return BAIL;
        cards[(*count)++] = sub(t, i, end);
        i = end;
    }
}

/* A tuple of the cards (new), or NULL with an error set. */
static PyObject *fulltilt_tuple(const span *cards, int count)
{
    PyObject *out = PyTuple_New(count);
    for (int k = 0; out && k < count; k++) {
        PyObject *card = str_of(cards[k]);
        if (!card) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SetItem(out, k, card);
    }
    return out;
}

/* _cards(text) for text the module's _cards reads: OK with *out (new), BAIL, FAIL. */
static int fulltilt_cards(span text, PyObject **out)
{
    span cards[FULLTILT_MAX_CARDS];
    int count = 0;
    if (fulltilt_words(text, cards, &count) != OK)
        return BAIL;
    *out = fulltilt_tuple(cards, count);
    return *out ? OK : FAIL;
}

/* The ASCII digits (\d+) at t[i:]: 1 with *end after them; 0 for none; FULLTILT_UNSURE where a
 * non-ASCII character could be a Unicode digit (at i or right after them). */
static int fulltilt_digits(span t, Py_ssize_t i, Py_ssize_t *end)
{
    Py_ssize_t j = digits_end(t, i);
    if (j < 0)
        return FULLTILT_UNSURE;
    *end = j;
    return j > i;
}

/* _WINS's rest from i (after "wins the " / "ties for the "): 1 (match: *amount,
 * *pot), 0 (none), or FULLTILT_UNSURE. */
static int fulltilt_wins_rest(span t, Py_ssize_t i, span *amount, long *pot)
{
    span r = sub(t, i, t.n);
    if (starts(r, "high "))
        i += 5;
    else if (starts(r, "low "))
        i += 4;
    r = sub(t, i, t.n);
    Py_ssize_t k;
    if (starts(r, "pot")) {
        k = i + 3;
        *pot = 0;
    } else if (starts(r, "main pot")) {
        k = i + 8;
        *pot = 0;
    } else if (starts(r, "side pot")) {
        k = i + 8;
        *pot = 1;
        /* (?: #?(\d+))? then " (": the digits taken if " (" follows them */
        if (k < t.n && t.s[k] == ' ') {
            Py_ssize_t m = k + 1, end;
            if (m < t.n && t.s[m] == '#')
                m++;
            int got = fulltilt_digits(t, m, &end);
            if (got == FULLTILT_UNSURE)
                return FULLTILT_UNSURE;
            if (got && starts(sub(t, end, t.n), " (")) {
                long n = small_number(sub(t, m, end));
                if (n < 0)
                    return FULLTILT_UNSURE;
                *pot = n;
                k = end;
            }
        }
    } else
        return 0;
    if (!starts(sub(t, k, t.n), " ("))
        return 0;
    Py_ssize_t a = k + 2, close = a;
    while (close < t.n && t.s[close] != '(' && t.s[close] != ')')
        close++;
    if (close >= t.n || t.s[close] != ')' || close == a)
        return 0;
    *amount = sub(t, a, close);
    return 1;
}

/* _WINS.match(t): 1 (*name, *amount, *pot), 0 (no match), or FULLTILT_UNSURE. The name is
 * lazy: the first split the rest matches at. */
static int fulltilt_wins(span t, span *name, span *amount, long *pot)
{
    for (Py_ssize_t i = 1; i < t.n; i++) {
        if (t.s[i] != ' ')
            continue;
        span r = sub(t, i, t.n);
        Py_ssize_t after = starts(r, " wins the ") ? i + 10 : starts(r, " ties for the ") ? i + 14 : -1;
        if (after < 0)
            continue;
        int got = fulltilt_wins_rest(t, after, amount, pot);
        if (got == FULLTILT_UNSURE)
            return FULLTILT_UNSURE;
        if (got) {
            *name = sub(t, 0, i);
            return 1;
        }
    }
    return 0;
}

/* _TOTAL.match(t) (t starts "Total pot "): 1 (*total, *rake), 0, or FULLTILT_UNSURE. */
static int fulltilt_total(span t, span *total, span *rake)
{
    Py_ssize_t from = 10, e = nonspace_end(t, from);
    if (e == from)
        return 0;
    /* .*\| Rake (\S+): the last "| Rake " with a non-space after it */
    Py_ssize_t q = -1;
    for (Py_ssize_t i = t.n - 8; i >= 0; i--)
        if (t.s[i] == '|' && memcmp(t.s + i, "| Rake ", 7) == 0 && !space_at(t, i + 7)) {
            q = i;
            break;
        }
    if (q < 0 || q < e - 1)
        return 0;
    if (q == e - 1) {   /* the '|' ends the \S+ run: the total gives it back */
        if (e - 1 == from)
            return 0;
        e--;
    }
    *total = sub(t, from, e);
    *rake = sub(t, q + 7, nonspace_end(t, q + 7));
    return 1;
}

/* _action(b, player, what, cash). */
static int fulltilt_action(const state *st, PyObject *b, PyObject *player, span what, PyObject *cash)
{
    if (ends(what, ", and is all in"))
        what.n -= 15;
    Py_ssize_t space = find_char(what, 0, ' ');
    if (space < 0) {
        Py_DECREF(player);
        return equals(what, "folds") ? hb(st, b, HB_FOLD, 1, ref(player))
             : equals(what, "checks") ? hb(st, b, HB_CHECK, 1, ref(player))
             : equals(what, "mucks") ? hb(st, b, HB_MUCK, 1, ref(player)) : OK;
    }
    span verb = sub(what, 0, space), rest = sub(what, space + 1, what.n);
    if (equals(verb, "calls"))
        return hb(st, b, HB_CALL, 2, player, money_of(st, rest, cash));
    if (equals(verb, "bets"))
        return hb(st, b, HB_WAGER_ADDED, 2, player, money_of(st, rest, cash));
    if (equals(verb, "raises")) {
        if (starts(rest, "to "))
            return hb(st, b, HB_RAISE_TO, 2, player, money_of(st, sub(rest, 3, rest.n), cash));
    } else if (equals(verb, "shows")) {
        if (starts(rest, "[")) {
            Py_ssize_t close = find_char(rest, 0, ']');
            PyObject *hole;
            int got = close < 0 ? BAIL : fulltilt_cards(sub(rest, 1, close), &hole);
            if (got != OK) {
                Py_DECREF(player);
                return got;
            }
            if (hb(st, b, HB_HOLE, 2, ref(player), hole) != OK) {
                Py_DECREF(player);
                return FAIL;
            }
            return hb(st, b, HB_SHOW, 1, player);
        }
    } else if (equals(verb, "mucks")) {
        return hb(st, b, HB_MUCK, 1, player);
    } else if (equals(verb, "posts") || equals(verb, "antes")) {
        static const char *prefixes[] = {"posts the small blind of ", "posts the big blind of ",
                                         "posts a dead small blind of ", "antes ", "posts "};
        static const int kinds[] = {W_SMALL_BLIND, W_BIG_BLIND, W_DEAD_SMALL_BLIND, W_ANTE,
                                    W_BIG_BLIND};
        for (int k = 0; k < 5; k++)
            if (starts(what, prefixes[k]))
                return hb(st, b, HB_POST, 3, player, word(st, kinds[k]),
                          money_of(st, sub(what, (Py_ssize_t)strlen(prefixes[k]), what.n), cash));
    }
    Py_DECREF(player);
    return OK;
}

/* One line of play (not the summary's): OK, BAIL or FAIL; *summary set at SUMMARY. */
static int fulltilt_line(const state *st, PyObject *b, PyObject *cash, const fulltilt_players *p,
                         span t, int *summary)
{
    if (starts(t, "*** ")) {
        static const char *streets[] = {"FLOP", "TURN", "RIVER", "HOLE CARDS", "SHOW DOWN", "SUMMARY"};
        span r = sub(t, 4, t.n);
        for (int k = 0; k < 6; k++) {
            Py_ssize_t len = (Py_ssize_t)strlen(streets[k]);
            if (!starts(r, streets[k]) || !starts(sub(r, len, r.n), " ***"))
                continue;
            if (k == 5)
                *summary = 1;
            if (k >= 3)
                return OK;
            /* b.new_street(name.lower(), ()); b.deal_board(_cards(" ".join(findall))) */
            span rest = sub(r, len + 4, r.n), group, cards[FULLTILT_MAX_CARDS];
            int count = 0;
            Py_ssize_t at = 0, end;
            while (bracket(rest, at, &group, &end)) {
                if (fulltilt_words(group, cards, &count) != OK)
                    return BAIL;
                at = end;
            }
            if (hb(st, b, HB_NEW_STREET, 2, word(st, W_FLOP + k), PyTuple_New(0)) != OK)
                return FAIL;
            return hb(st, b, HB_DEAL_BOARD, 1, fulltilt_tuple(cards, count));
        }
    } else if (starts(t, "The button ")) {
        if (starts(t, "The button is in seat #")) {
            Py_ssize_t end;
            int got = fulltilt_digits(t, 23, &end);
            if (got == FULLTILT_UNSURE)
                return BAIL;
            if (got) {
                long seat = small_number(sub(t, 23, end));
                if (seat < 0)
                    return BAIL;
                PyObject *n = PyLong_FromLong(seat);
                int set = n ? PyObject_SetAttrString(b, "button", n) : -1;
                Py_XDECREF(n);
                return set < 0 ? FAIL : OK;
            }
        }
    } else if (starts(t, "Uncalled bet of ")) {
        return OK;
    } else if (starts(t, "Dealt to ")) {
        span r = sub(t, 9, t.n);
        Py_ssize_t at = rfind(r, " [");
        Py_ssize_t k = at < 0 ? -1 : fulltilt_name(p, sub(r, 0, at));
        if (k < 0)
            return OK;
        span cards = sub(r, at + 2, r.n);
        while (cards.n && cards.s[cards.n - 1] == ']')
            cards.n--;
        PyObject *hole;
        int got = fulltilt_cards(cards, &hole);
        if (got != OK)
            return got;
        if (hb(st, b, HB_HOLE, 2, fulltilt_key(p, k), hole) != OK)
            return FAIL;
        return PyObject_SetAttrString(b, "hero", PyList_GetItem(p->keys, k)) < 0 ? FAIL : OK;
    }
    if (find(t, 0, " wins the ") >= 0 || find(t, 0, " ties for the ") >= 0) {
        span name, amount;
        long pot;
        int got = fulltilt_wins(t, &name, &amount, &pot);
        if (got == FULLTILT_UNSURE)
            return BAIL;
        Py_ssize_t k = got ? fulltilt_name(p, name) : -1;
        if (k >= 0)
            return hb(st, b, HB_COLLECT, 3, fulltilt_key(p, k), money_of(st, amount, cash),
                      PyLong_FromLong(pot));
    }
    Py_ssize_t k = fulltilt_player(p, t);
    if (k < 0)
        return OK;   /* table traffic, chat, a player not seated */
    return fulltilt_action(st, b, fulltilt_key(p, k), sub(t, p->names[k].n + 1, t.n), cash);
}

/* fulltilt_loop(lines, b, cash, body) -> (total, rake) or None. */
static PyObject *fulltilt_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash;
    Py_ssize_t body;
    if (!st || !PyArg_ParseTuple(args, "O!OOn", &PyList_Type, &lines, &b, &cash, &body))
        return NULL;
    PyObject *stack = PyObject_GetAttrString(b, "stack");
    if (!stack)
        return NULL;
    fulltilt_players p = {NULL, 0, {{0}}};
    int got = OK;
    if (!PyDict_Check(stack) || PyDict_Size(stack) > FULLTILT_MAX_NAMES)
        got = BAIL;
    else if (!(p.keys = PyDict_Keys(stack)))
        got = FAIL;
    else {
        p.n = PyList_Size(p.keys);
        for (Py_ssize_t k = 0; got == OK && k < p.n; k++) {
            PyObject *key = PyList_GetItem(p.keys, k);
            Py_ssize_t n;
            const char *s = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, &n) : NULL;
            if (!s) {
                PyErr_Clear();
                got = BAIL;
            } else
                p.names[k] = (span){s, n};
        }
    }
    Py_DECREF(stack);
    PyObject *total = NULL, *rake = NULL;
    int summary = 0;
    Py_ssize_t count = PyList_Size(lines);
    for (Py_ssize_t i = body < 0 ? 0 : body; got == OK && i < count; i++) {
        span t;
        int ascii;
        int text = utf8_text(PyList_GetItem(lines, i), &t, &ascii);
        if (text != 1 || memchr(t.s, '\n', (size_t)t.n)) {   /* (a pattern's . is no "\n") */
            got = text < 0 ? FAIL : BAIL;
            break;
        }
        if (!summary) {
            got = fulltilt_line(st, b, cash, &p, t, &summary);
            continue;
        }
        span tt, rt;
        if (!starts(t, "Total pot "))
            continue;
        int found = fulltilt_total(t, &tt, &rt);
        if (found == FULLTILT_UNSURE) {
            got = BAIL;
        } else if (found) {
            PyObject *new_total = money_of(st, tt, cash);
            PyObject *new_rake = new_total ? money_of(st, rt, cash) : NULL;
            if (!new_rake) {
                Py_XDECREF(new_total);
                got = FAIL;
            } else {
                replace(&total, new_total);
                replace(&rake, new_rake);
            }
        }
    }
    Py_XDECREF(p.keys);
    if (got != OK) {
        Py_XDECREF(total);
        Py_XDECREF(rake);
        if (got == FAIL)
            return NULL;
        Py_RETURN_NONE;
    }
    if (!total)   /* no summary: (None, None), as the Python loop says it (an error there) */
        return PyTuple_Pack(2, Py_None, Py_None);
    PyObject *out = PyTuple_Pack(2, total, rake);
    Py_DECREF(total);
    Py_DECREF(rake);
    return out;
}

#define METHOD_FULLTILT {"fulltilt_loop", fulltilt_loop, METH_VARARGS, \
    "fulltilt_loop(lines, b, cash, body): fulltilt._loop's twin, or None"}
