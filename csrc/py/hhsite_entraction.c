/* hhsite_entraction.c: the twin of hilo_fast.history.sites.entraction._loop
 * (included by hhsites.c). entraction_loop(lines, b, cash) reads lines[1:] as
 * the Python loop does, making the same calls on the HandBuilder b, and gives
 * what it gives, (max_seats, button_name, ended, blinds, order), or None where
 * it is not sure it reads a line as the Python patterns do (the reader then
 * reads the hand in Python from its start).
 *
 * The patterns, as the Python module writes them:
 *   _SEAT    (?P<name>.+?)\s+\((?P<stack>.+) in seat (?P<seat>\d+)\)      fullmatch
 *   _GAP     \s{2,}                                                      split once
 *   _ACTION  (?P<what>[A-Za-z]+(?: [A-Za-z]+)?)(?:\s+\((?P<amount>[^)]*)\))?  fullmatch
 *   _STREET  (?P<street>Flop|Turn|River)\s+(?P<cards>.+)                 fullmatch
 *   _SHOWS   (?P<name>.+?) (?:shows:\s+(?P<shown>.+)|didn't show hand
 *            \((?P<hidden>[^)]*)\)|didn't show hand)                     fullmatch
 *   _WINS    (?P<name>.+?) wins:\s+(?P<amount>.+)                        fullmatch
 * Their \s is Unicode's space (space_at); \d a Unicode digit (a non-ASCII
 * byte where one is read: None); [A-Za-z] ASCII letters; `.` any character
 * (a line holds no "\n"). */

typedef struct {
    const state *st;
    PyObject *b, *cash;    /* the builder, the cash flag */
    PyObject *max_seats;   /* an int, or NULL (None) */
    PyObject *button;      /* a str, or NULL (None) */
    PyObject *ended;       /* list: the date texts of the "Game ended" lines */
    PyObject *blinds;      /* dict: name -> (kind, amount), the blinds not posted yet */
    PyObject *order;       /* list: the blinds' names as listed */
} entraction_hand;

static int entraction_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* _cards(text): the parts of text between " - ", stripped, the empty ones left out (a new tuple). */
static PyObject *entraction_cards(span t)
{
    PyObject *parts = PyList_New(0);
    if (!parts)
        return NULL;
    Py_ssize_t from = 0;
    for (;;) {
        Py_ssize_t at = find(t, from, " - ");
        span part = unicode_stripped(sub(t, from, at < 0 ? t.n : at));
        if (part.n) {
            PyObject *s = str_of(part);
            if (!s || PyList_Append(parts, s) < 0) {
                Py_XDECREF(s);
                Py_DECREF(parts);
                return NULL;
            }
            Py_DECREF(s);
        }
        if (at < 0)
            break;
        from = at + 3;
    }
    PyObject *out = PyList_AsTuple(parts);
    Py_DECREF(parts);
    return out;
}

/* _post_blinds(b, blinds, order): each name of order posts its blind, the small
 * blinds first (a stable sort), and blinds is emptied. A name no longer in
 * blinds (Python: a KeyError) hands the hand back. */
static int entraction_post_blinds(const state *st, PyObject *b, entraction_hand *h)
{
    if (PyDict_Size(h->blinds) == 0)
        return OK;
    Py_ssize_t n = PyList_Size(h->order);
    for (Py_ssize_t k = 0; k < n; k++)
        if (!PyDict_GetItemWithError(h->blinds, PyList_GetItem(h->order, k)))
            return PyErr_Occurred() ? FAIL : BAIL;
    for (int small_pass = 1; small_pass >= 0; small_pass--)
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *name = PyList_GetItem(h->order, k);
            PyObject *pair = name ? PyDict_GetItemWithError(h->blinds, name) : NULL;
            if (!pair || !PyTuple_Check(pair) || PyTuple_Size(pair) != 2)
                return PyErr_Occurred() ? FAIL : BAIL;
            PyObject *kind = PyTuple_GetItem(pair, 0), *amount = PyTuple_GetItem(pair, 1);
            if ((kind == st->words[W_SMALL_BLIND]) != small_pass)
                continue;
            /* (the pair is held: a post cannot drop it from under us) */
            Py_INCREF(pair);
            int got = hb(st, b, HB_POST, 3, ref(name), ref(kind), ref(amount));
            Py_DECREF(pair);
            if (got != OK)
                return got;
        }
    PyDict_Clear(h->blinds);
    return OK;
}

/* _SEAT on a line holding " in seat " (its last at `at`): OK (seated), FAIL,
 * BAIL or NO_MATCH. */
static int entraction_seat(const state *st, PyObject *b, PyObject *cash, span t, Py_ssize_t at)
{
    if (t.n == 0 || t.s[t.n - 1] != ')')
        return NO_MATCH;
    span digits = sub(t, at + 9, t.n - 1);   /* (the last " in seat ": any before has this after it) */
    if (digits.n <= 0)
        return NO_MATCH;
    if (!is_ascii(digits))
        return BAIL;   /* (a Unicode digit?) */
    if (!is_digits(digits))
        return NO_MATCH;
    long number = small_number(digits);
    if (number < 0)
        return BAIL;
    span head = sub(t, 0, at);
    /* the name: the shortest (one character at least) followed by space, "(" and one character */
    for (Py_ssize_t i = 1; i < head.n; i++) {
        if (!space_at(head, i))
            continue;
        Py_ssize_t j = space_end(head, i);
        if (j + 1 < head.n && head.s[j] == '(') {
            PyObject *seat = PyLong_FromLong(number);
            PyObject *name = seat ? str_of(sub(head, 0, i)) : NULL;
            PyObject *chips = name ? money_of(st, sub(head, j + 1, head.n), cash) : NULL;
            return hb(st, b, HB_SEAT, 3, seat, name, chips);
        }
    }
    return NO_MATCH;
}

/* _SHOWS on a line holding " show". */
static int entraction_shows(const state *st, PyObject *b, span t)
{
    for (Py_ssize_t i = 1; i < t.n; i++) {
        if (t.s[i] != ' ')
            continue;
        span rest = sub(t, i + 1, t.n);
        if (starts(rest, "shows:")) {
            Py_ssize_t j = space_end(rest, 6);
            if (j > 6) {
                if (j >= rest.n)
                    return BAIL;   /* (\s+ would give a space back to .+) */
                PyObject *name = str_of(sub(t, 0, i));
                PyObject *shown = name ? entraction_cards(sub(rest, j, rest.n)) : NULL;
                return hb(st, b, HB_SHOW, 2, name, shown);
            }
        }
        if (starts(rest, "didn't show hand")) {
            span hidden = sub(rest, 16, rest.n);
            int plain = hidden.n == 0;
            if (!plain && hidden.n >= 3 && hidden.s[0] == ' ' && hidden.s[1] == '(' &&
                    hidden.s[hidden.n - 1] == ')') {
                hidden = sub(hidden, 2, hidden.n - 1);
                plain = find_char(hidden, 0, ')') < 0;
            }
            if (plain) {
                PyObject *name = str_of(sub(t, 0, i));
                PyObject *cards = name ? entraction_cards(hidden) : NULL;
                return hb(st, b, HB_MUCK, 2, name, cards);
            }
        }
    }
    return NO_MATCH;
}

/* _WINS on a line holding " wins:". */
static int entraction_wins(const state *st, PyObject *b, PyObject *cash, span t)
{
    for (Py_ssize_t i = find(t, 1, " wins:"); i >= 0; i = find(t, i + 1, " wins:")) {
        Py_ssize_t j = space_end(t, i + 6);
        if (j == i + 6)
            continue;
        if (j >= t.n)
            return BAIL;   /* (\s+ would give a space back to .+) */
        PyObject *chips = money_of(st, sub(t, j, t.n), cash);
        PyObject *name = chips ? str_of(sub(t, 0, i)) : NULL;
        return hb(st, b, HB_COLLECT, 2, name, chips);
    }
    return NO_MATCH;
}

/* An action line: the name column, a gap (\s{2,}) and _ACTION. */
static int entraction_action(const state *st, PyObject *b, PyObject *cash, span t,
                             entraction_hand *h)
{
    Py_ssize_t gap = -1, end = 0;
    for (Py_ssize_t i = 0; i < t.n; i++) {
        int k = space_at(t, i);
        if (k && space_at(t, i + k)) {
            gap = i;
            end = space_end(t, i);
            break;
        }
    }
    if (gap < 0)
        return BAIL;   /* (Python: "line not understood") */
    span name = sub(t, 0, gap), act = sub(t, end, t.n);
    Py_ssize_t q = 0;
    while (q < act.n && entraction_letter(act.s[q]))
        q++;
    if (q == 0)
        return BAIL;
    if (q + 1 < act.n && act.s[q] == ' ' && entraction_letter(act.s[q + 1])) {
        q++;
        while (q < act.n && entraction_letter(act.s[q]))
            q++;
    }
    span what = sub(act, 0, q), amount = {act.s, 0};
    if (q < act.n) {
        Py_ssize_t j = space_end(act, q);
        if (j == q || j >= act.n - 1 || act.s[j] != '(' || act.s[act.n - 1] != ')')
            return BAIL;
        amount = sub(act, j + 1, act.n - 1);
        if (find_char(amount, 0, ')') >= 0)
            return BAIL;
    }
    int method;
    if (equals(what, "Fold"))
        method = HB_FOLD;
    else if (equals(what, "Check"))
        method = HB_CHECK;
    else if (equals(what, "Sitout") || equals(what, "Sit out"))
        method = -1;
    else if (equals(what, "Call"))
        method = HB_CALL;
    else if (equals(what, "Bet"))
        method = HB_BET;
    else if (equals(what, "Raise"))
        method = HB_RAISE_BY_ADDED;
    else if (equals(what, "Allin") || equals(what, "All in"))
        method = HB_WAGER_ADDED;
    else if (equals(what, "Return") || equals(what, "Returned") || equals(what, "Uncalled"))
        method = HB_RETURNS;
    else
        return BAIL;   /* (Python: "unknown action") */
    int got = entraction_post_blinds(st, b, h);
    if (got != OK)
        return got;
    PyObject *chips = amount.n ? money_of(st, amount, cash) : PyLong_FromLong(0);
    if (!chips)
        return FAIL;
    if (method < 0) {
        Py_DECREF(chips);
        return OK;
    }
    PyObject *who = str_of(name);
    if (method == HB_FOLD || method == HB_CHECK) {
        Py_DECREF(chips);
        return hb(st, b, method, 1, who);
    }
    return hb(st, b, method, 2, who, chips);
}

/* One line of lines[1:] (a line_reader). */
static int entraction_line(void *hand, PyObject *item, span t, int ascii)
{
    entraction_hand *h = hand;
    const state *st = h->st;
    PyObject *b = h->b, *cash = h->cash;
    int got;
    (void)ascii;
    if (starts(t, "Players(max ")) {
        span r = sub(t, 12, t.n);
        while (r.n && (r.s[r.n - 1] == ')' || r.s[r.n - 1] == ':'))
            r.n--;
        long seats = small_number(r);   /* (int() reads more: " 6", "+6", a Unicode digit) */
        if (seats < 0)
            return BAIL;
        PyObject *n = PyLong_FromLong(seats);
        if (!n)
            return FAIL;
        replace(&h->max_seats, n);
        return OK;
    }
    Py_ssize_t at = rfind(t, " in seat ");
    if (at >= 0 && (got = entraction_seat(st, b, cash, t, at)) != NO_MATCH)
        return got;
    if (starts(t, "Dealer:")) {
        PyObject *name = str_of(unicode_stripped(sub(t, 7, t.n)));
        if (!name)
            return FAIL;
        replace(&h->button, name);
        return OK;
    }
    int big = starts(t, "Big Blind:"), small = !big && starts(t, "Small Blind:");
    if (big || small) {
        span rest = unicode_stripped(sub(t, big ? 10 : 12, t.n)), name = {rest.s, 0}, amount = rest;
        for (Py_ssize_t p = rest.n - 1; p >= 0; p--)
            if (rest.s[p] == '(') {
                name = unicode_stripped(sub(rest, 0, p));
                amount = sub(rest, p + 1, rest.n);
                break;
            }
        while (amount.n && amount.s[amount.n - 1] == ')')
            amount.n--;
        PyObject *chips = money_of(st, amount, cash);
        if (!chips)
            return FAIL;
        PyObject *pair = PyTuple_Pack(2, st->words[big ? W_BIG_BLIND : W_SMALL_BLIND], chips);
        Py_DECREF(chips);
        PyObject *key = pair ? str_of(name) : NULL;
        got = key && PyDict_SetItem(h->blinds, key, pair) == 0 && PyList_Append(h->order, key) == 0
            ? OK : FAIL;
        Py_XDECREF(key);
        Py_XDECREF(pair);
        return got;
    }
    if (starts(t, "Game ended ")) {
        PyObject *text = PyUnicode_Substring(item, 11, 30);   /* line[11:][:19], in characters */
        got = text && PyList_Append(h->ended, text) == 0 ? OK : FAIL;
        Py_XDECREF(text);
        return got;
    }
    if (starts(t, "Rake:"))
        return OK;
    int street = starts(t, "Flop") ? W_FLOP : starts(t, "Turn") ? W_TURN
        : starts(t, "River") ? W_RIVER : -1;
    if (street >= 0) {
        Py_ssize_t from = street == W_RIVER ? 5 : 4, j = space_end(t, from);
        if (j > from) {
            if (j >= t.n)
                return BAIL;   /* (\s+ would give a space back to .+) */
            if ((got = entraction_post_blinds(st, b, h)) != OK)
                return got;
            PyObject *cards = entraction_cards(sub(t, j, t.n));
            return hb(st, b, HB_STREET_CARDS, 2, cards ? word(st, street) : NULL, cards);
        }
    }
    if (find(t, 0, " show") >= 0 && (got = entraction_shows(st, b, t)) != NO_MATCH)
        return got;
    if (find(t, 0, " wins:") >= 0 && (got = entraction_wins(st, b, cash, t)) != NO_MATCH)
        return got;
    return entraction_action(st, b, cash, t, h);
}

/* entraction_loop(lines, b, cash): what _loop(lines, b, cash) gives, or None. */
static PyObject *entraction_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash;
    if (!PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    entraction_hand h = {st, b, cash, NULL, NULL, PyList_New(0), PyDict_New(), PyList_New(0)};
    PyObject *out = NULL;
    int got = h.ended && h.blinds && h.order ? each_line(lines, 1, entraction_line, &h) : FAIL;
    if (got == OK)
        out = Py_BuildValue("(OOOOO)", h.max_seats ? h.max_seats : Py_None,
                            h.button ? h.button : Py_None, h.ended, h.blinds, h.order);
    else if (got == BAIL)
        out = ref(Py_None);
    Py_XDECREF(h.max_seats);
    Py_XDECREF(h.button);
    Py_XDECREF(h.ended);
    Py_XDECREF(h.blinds);
    Py_XDECREF(h.order);
    return out;
}

#define METHOD_ENTRACTION \
    {"entraction_loop", entraction_loop, METH_VARARGS, \
     "entraction_loop(lines, builder, cash): the twin of entraction._loop, or None"}
