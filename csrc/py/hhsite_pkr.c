/* hhsite_pkr.c: the twin of hilo_fast/history/sites/pkr.py's _loop (included
 * by hhsites.c). pkr_loop(lines, b, cash) -> (button, (low, high)) as _loop
 * returns, or None where a line is not read exactly as _loop's patterns read
 * it (a non-ASCII character where a \d could match, a long or odd button seat,
 * a "\n" in a line): the reader reads the hand again in Python. */

/* [$€£]?[\d,]+(?:\.\d+)? at i: its end, -1 (no match) or -2 (not sure: a
 * non-ASCII character where a \d could match). */
static Py_ssize_t pkr_amount(span t, Py_ssize_t i)
{
    if (i < t.n && t.s[i] == '$')
        i++;
    else if (starts(sub(t, i, t.n), "\xe2\x82\xac"))   /* € */
        i += 3;
    else if (starts(sub(t, i, t.n), "\xc2\xa3"))       /* £ */
        i += 2;
    Py_ssize_t from = i;
    while (i < t.n && ((t.s[i] >= '0' && t.s[i] <= '9') || t.s[i] == ','))
        i++;
    if (i < t.n && (unsigned char)t.s[i] >= 0x80)
        return -2;
    if (i == from)
        return -1;
    if (i + 1 < t.n && t.s[i] == '.') {
        Py_ssize_t j = digits_end(t, i + 1);
        if (j < 0)
            return -2;
        if (j > i + 1)
            i = j;
    }
    return i;
}

/* (?:\[[^\]]*\])+ at i: the end of the longest run, or -1 (none). */
static Py_ssize_t pkr_groups(span t, Py_ssize_t i)
{
    Py_ssize_t end = -1;
    while (i < t.n && t.s[i] == '[') {
        Py_ssize_t close = find_char(t, i + 1, ']');
        if (close < 0)
            break;
        i = end = close + 1;
    }
    return end;
}

/* _cards(text): the cards _CARD (\[\s*([2-9TJQKA])\s*([cdhs])\s*\]) finds, a new tuple. */
static PyObject *pkr_cards(span t)
{
    PyObject *found = PyList_New(0);
    if (!found)
        return NULL;
    Py_ssize_t i = 0;
    while (i < t.n) {
        if (t.s[i] != '[') {
            i++;
            continue;
        }
        Py_ssize_t j = i + 1;
        j = space_end(t, j);
        if (j >= t.n || !strchr("23456789TJQKA", t.s[j]) || !t.s[j]) {
            i++;
            continue;
        }
        char card[2] = {t.s[j++], 0};
        j = space_end(t, j);
        if (j >= t.n || !strchr("cdhs", t.s[j]) || !t.s[j]) {
            i++;
            continue;
        }
        card[1] = t.s[j++];
        j = space_end(t, j);
        if (j >= t.n || t.s[j] != ']') {
            i++;
            continue;
        }
        PyObject *s = PyUnicode_FromStringAndSize(card, 2);
        if (!s || PyList_Append(found, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(s);
        i = j + 1;
    }
    PyObject *out = PyList_AsTuple(found);
    Py_DECREF(found);
    return out;
}

/* _ACTION_WORDS's alternatives, in the pattern's order. */
static const char *const pkr_words[] = {
    "posts small blind", "posts big blind", "posts ante", "posts dead blind", "posts",
    "calls", "bets", "raises to", "checks", "folds",
};
enum { PKR_SB, PKR_BB, PKR_ANTE, PKR_DEAD, PKR_POSTS, PKR_CALLS, PKR_BETS, PKR_RAISES,
       PKR_CHECKS, PKR_FOLDS, PKR_WORDS };

/* (?: \(?AMOUNT\)?)?(?: \(all-in\))? fullmatched by r: 0 (*amount set, n 0 when
 * none), -1 or -2 (not sure). */
static int pkr_tail(span r, span *amount)
{
    amount->n = 0;
    if (r.n == 0 || equals(r, " (all-in)"))
        return 0;
    if (r.s[0] != ' ')
        return -1;
    Py_ssize_t i = 1;
    if (i < r.n && r.s[i] == '(')
        i++;
    Py_ssize_t end = pkr_amount(r, i);
    if (end < 0)
        return (int)end;
    *amount = sub(r, i, end);
    if (end < r.n && r.s[end] == ')')
        end++;
    if (end == r.n || equals(sub(r, end, r.n), " (all-in)"))
        return 0;
    amount->n = 0;
    return -1;
}

/* _ACTION_WORDS fullmatched by w: the word's index (*amount set), -1 or -2. */
static int pkr_action(span w, span *amount)
{
    for (int k = 0; k < PKR_WORDS; k++) {
        if (!starts(w, pkr_words[k]))
            continue;
        int got = pkr_tail(sub(w, (Py_ssize_t)strlen(pkr_words[k]), w.n), amount);
        if (got == 0)
            return k;
        if (got == -2)
            return -2;
    }
    return -1;
}

/* _WINS's part after " wins ": 0 (*amount, *pot: -1 none), -1 or -2. */
static int pkr_wins_rest(span r, span *amount, long *pot)
{
    Py_ssize_t end = pkr_amount(r, 0);
    if (end < 0)
        return (int)end;
    *amount = sub(r, 0, end);
    *pot = -1;
    if (starts(sub(r, end, r.n), " from side pot #")) {
        Py_ssize_t from = end + 16, j = digits_end(r, from);
        if (j < 0)
            return -2;
        if (j > from) {
            if ((*pot = small_number(sub(r, from, j))) < 0)
                return -2;
            end = j;
        }
    }
    span rest = sub(r, end, r.n);
    return rest.n == 0 || starts(rest, " with ") ? 0 : -1;
}

/* name in stack for a span: 1, 0 or -1 (an error set); *name: a new str when 1. */
static int pkr_seated(PyObject *stack, span t, PyObject **name)
{
    PyObject *s = str_of(t);
    if (!s)
        return -1;
    int in = PyDict_Contains(stack, s);
    if (in == 1)
        *name = s;
    else
        Py_DECREF(s);
    return in;
}

/* One line of the seats part: OK (read), BAIL, FAIL, or 2 (not of that part). */
static int pkr_head_line(const state *st, PyObject *b, span t, PyObject *cash,
                         long long *button, PyObject **blinds)
{
    if (starts(t, "Seat ")) {
        /* Seat (\d+): (.+) - ([$€£]?[\d,.]+)( \(sitting out\))? */
        Py_ssize_t i = digits_end(t, 5);
        if (i < 0)
            return BAIL;
        if (i > 5 && starts(sub(t, i, t.n), ": ")) {
            long seat = small_number(sub(t, 5, i));
            if (seat < 0)
                return BAIL;
            Py_ssize_t name_from = i + 2, end = t.n;
            int out = ends(t, " (sitting out)");
            if (out)
                end -= 14;
            span head = sub(t, 0, end);
            Py_ssize_t dash = rfind(head, " - ");
            if (dash >= name_from + 1) {
                /* the stack: [$€£]?[\d,.]+ to the end */
                Py_ssize_t j = dash + 3;
                if (j < end && t.s[j] == '$')
                    j++;
                else if (starts(sub(t, j, end), "\xe2\x82\xac"))
                    j += 3;
                else if (starts(sub(t, j, end), "\xc2\xa3"))
                    j += 2;
                Py_ssize_t digits = j;
                while (j < end && ((t.s[j] >= '0' && t.s[j] <= '9') || t.s[j] == ',' ||
                                   t.s[j] == '.'))
                    j++;
                if (j < end && (unsigned char)t.s[j] >= 0x80)
                    return BAIL;
                if (j == end && j > digits) {
                    PyObject *number = PyLong_FromLong(seat);
                    PyObject *name = str_of(sub(t, name_from, dash));
                    PyObject *chips = number && name
                        ? money_of(st, sub(t, dash + 3, end), cash) : NULL;
                    return hb(st, b, HB_SEAT, 4, number, name, chips,
                              ref(out ? Py_True : Py_False));
                }
            }
        }
    }
    if (starts(t, "Button is at seat ") || starts(t, "Moving Button to seat ")) {
        Py_ssize_t space = t.n - 1;
        while (t.s[space] != ' ')
            space--;
        span last = sub(t, space + 1, t.n);
        if (!is_digits(last) || last.n > 18)
            return BAIL;
        long long v = 0;
        for (Py_ssize_t k = 0; k < last.n; k++)
            v = v * 10 + (last.s[k] - '0');
        *button = v;
        return OK;
    }
    if (starts(t, "Blinds are now ")) {
        span rest = sub(t, 15, t.n);
        Py_ssize_t at = find(rest, 0, " / ");
        span low = at < 0 ? rest : sub(rest, 0, at);
        span high = at < 0 ? sub(rest, rest.n, rest.n) : sub(rest, at + 3, rest.n);
        PyObject *l = money_of(st, low, cash);
        if (!l)
            return FAIL;
        PyObject *h = money_of(st, high, cash);
        if (!h) {
            Py_DECREF(l);
            return FAIL;
        }
        PyObject *pair = PyTuple_New(2);
        if (!pair) {
            Py_DECREF(l);
            Py_DECREF(h);
            return FAIL;
        }
        PyTuple_SetItem(pair, 0, l);
        PyTuple_SetItem(pair, 1, h);
        replace(blinds, pair);
        return OK;
    }
    static const char *const skipped[] = {"Start time", "Last Hand", "Game Type", "Limit Type",
                                          "Table Type", "Money Type", "Shuffling Deck"};
    for (size_t k = 0; k < sizeof skipped / sizeof *skipped; k++)
        if (starts(t, skipped[k]))
            return OK;
    return 2;
}

/* b.<the action's method>(name, chips) (a post's kind between). */
static int pkr_act(const state *st, PyObject *b, int what, PyObject *name, PyObject *chips)
{
    switch (what) {
    case PKR_SB:
        return hb(st, b, HB_POST, 3, name, word(st, W_SMALL_BLIND), chips);
    case PKR_ANTE:
        return hb(st, b, HB_POST, 3, name, word(st, W_ANTE), chips);
    case PKR_BB: case PKR_DEAD: case PKR_POSTS:
        return hb(st, b, HB_POST, 3, name, word(st, W_BIG_BLIND), chips);
    case PKR_FOLDS:
        Py_DECREF(chips);
        return hb(st, b, HB_FOLD, 1, name);
    case PKR_CHECKS:
        Py_DECREF(chips);
        return hb(st, b, HB_CHECK, 1, name);
    case PKR_CALLS:
        return hb(st, b, HB_CALL_TO, 2, name, chips);
    case PKR_BETS:
        return hb(st, b, HB_BET, 2, name, chips);
    default:
        return hb(st, b, HB_RAISE_TO, 2, name, chips);
    }
}

/* One line of play (after the seats). */
static int pkr_play_line(const state *st, PyObject *b, PyObject *stack, span t, PyObject *cash,
                         int one_word)
{
    if (starts(t, "Pot sizes:") || starts(t, "Dealing Cards") || starts(t, "End of Hand") ||
        starts(t, "Seat "))
        return OK;
    if (starts(t, "Dealing ")) {
        static const char *const streets[] = {"Dealing Flop ", "Dealing Turn ", "Dealing River "};
        for (int k = 0; k < 3; k++)
            if (starts(t, streets[k])) {
                Py_ssize_t from = (Py_ssize_t)strlen(streets[k]);
                if (pkr_groups(t, from) == t.n)
                    return hb(st, b, HB_STREET_CARDS, 2, word(st, W_FLOP + k),
                              pkr_cards(sub(t, from, t.n)));
            }
        Py_ssize_t end = pkr_groups(t, 8);
        if (end > 0 && starts(sub(t, end, t.n), " to ") && end + 4 < t.n) {
            PyObject *name = set_hero(b, sub(t, end + 4, t.n));
            if (!name)
                return FAIL;
            return set_hole(b, name, pkr_cards(sub(t, 8, end)));
        }
    }
    /* (?P<name>.+?) wins AMOUNT(?: from side pot #(\d+))?(?: with .*)? */
    for (Py_ssize_t p = find(t, 1, " wins "); p >= 0; p = find(t, p + 1, " wins ")) {
        span amount = {t.s, 0};
        long pot = -1;
        int got = pkr_wins_rest(sub(t, p + 6, t.n), &amount, &pot);
        if (got == -2)
            return BAIL;
        if (got < 0)
            continue;
        PyObject *name = NULL;
        int in = pkr_seated(stack, sub(t, 0, p), &name);
        if (in < 0)
            return FAIL;
        if (in) {
            PyObject *chips = money_of(st, amount, cash);
            return hb(st, b, HB_COLLECT, 3, name, chips,
                      chips ? PyLong_FromLong(pot < 0 ? 0 : pot) : NULL);
        }
        break;
    }
    /* (?P<name>.+?) shows (?P<cards>(?:\[[^\]]*\])+) */
    for (Py_ssize_t p = find(t, 1, " shows "); p >= 0; p = find(t, p + 1, " shows ")) {
        if (pkr_groups(t, p + 7) != t.n)
            continue;
        PyObject *name = NULL;
        int in = pkr_seated(stack, sub(t, 0, p), &name);
        if (in < 0)
            return FAIL;
        if (in)
            return hb(st, b, HB_SHOW, 2, name, pkr_cards(sub(t, p + 7, t.n)));
        break;
    }
    if (t.n > 6 && ends(t, " mucks")) {
        PyObject *name = NULL;
        int in = pkr_seated(stack, sub(t, 0, t.n - 6), &name);
        if (in < 0)
            return FAIL;
        if (in)
            return hb(st, b, HB_MUCK, 1, name);
    }
    if (starts(t, "Returning ")) {
        /* Returning AMOUNT to (?P<name>.+?) uncalled */
        Py_ssize_t end = pkr_amount(t, 10);
        if (end == -2)
            return BAIL;
        if (end > 0 && starts(sub(t, end, t.n), " to ") && ends(t, " uncalled") &&
            t.n - 9 >= end + 5) {
            PyObject *chips = money_of(st, sub(t, 10, end), cash);
            if (!chips)
                return FAIL;
            return hb(st, b, HB_RETURNS, 2, str_of(sub(t, end + 4, t.n - 9)), chips);
        }
    }
    span amount = {t.s, 0};
    int what = -1;
    PyObject *name = NULL;
    if (one_word) {
        Py_ssize_t space = find_char(t, 0, ' ');
        if (space < 0)
            return OK;
        int in = pkr_seated(stack, sub(t, 0, space), &name);
        if (in <= 0)
            return in < 0 ? FAIL : OK;
        what = pkr_action(sub(t, space + 1, t.n), &amount);
        if (what == -2) {
            Py_DECREF(name);
            return BAIL;
        }
        if (what < 0) {
            Py_DECREF(name);
            return OK;
        }
    } else {
        /* (?P<name>.+?) _ACTION_WORDS: the first space after which the words match */
        Py_ssize_t p;
        for (p = find_char(t, 1, ' '); p >= 0; p = find_char(t, p + 1, ' ')) {
            what = pkr_action(sub(t, p + 1, t.n), &amount);
            if (what == -2)
                return BAIL;
            if (what >= 0)
                break;
        }
        if (p < 0)
            return OK;
        int in = pkr_seated(stack, sub(t, 0, p), &name);
        if (in <= 0)
            return in < 0 ? FAIL : OK;
    }
    PyObject *chips = amount.n ? money_of(st, amount, cash) : PyLong_FromLong(0);
    if (!chips) {
        Py_DECREF(name);
        return FAIL;
    }
    return pkr_act(st, b, what, name, chips);
}

/* One word names: no seated name holds a space. 1, 0 or -1 (an error set). */
static int pkr_one_word(PyObject *stack)
{
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(stack, &pos, &key, &value)) {
        if (!PyUnicode_Check(key))
            return -2;
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(key, &n);
        if (!s)
            return -1;
        if (memchr(s, ' ', (size_t)n))
            return 0;
    }
    return 1;
}

static PyObject *pkr_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash;
    if (!st || !PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    PyObject *stack = PyObject_GetAttrString(b, "stack");
    if (!stack)
        return NULL;
    if (!PyDict_Check(stack)) {
        Py_DECREF(stack);
        Py_RETURN_NONE;
    }
    long long button = 0;
    PyObject *blinds = Py_BuildValue("(ii)", 0, 0);
    int acting = 0, one_word = 0, got = blinds ? OK : FAIL;
    for (Py_ssize_t k = 2; got == OK && k < PyList_Size(lines); k++) {
        span t;
        int ascii;
        int text = utf8_text(PyList_GetItem(lines, k), &t, &ascii);
        if (text <= 0) {
            got = text < 0 ? FAIL : BAIL;
            break;
        }
        (void)ascii;
        if (memchr(t.s, '\n', (size_t)t.n)) {   /* (a pattern's . stops there) */
            got = BAIL;
            break;
        }
        if (!acting) {
            got = pkr_head_line(st, b, t, cash, &button, &blinds);
            if (got != 2)
                continue;
            acting = 1;
            one_word = pkr_one_word(stack);
            if (one_word < 0) {
                got = one_word == -1 ? FAIL : BAIL;
                break;
            }
        }
        got = pkr_play_line(st, b, stack, t, cash, one_word);
    }
    Py_DECREF(stack);
    if (got != OK) {
        Py_XDECREF(blinds);
        if (got == FAIL)
            return NULL;
        Py_RETURN_NONE;
    }
    PyObject *out = Py_BuildValue("(LN)", button, blinds);
    return out;
}

#define METHOD_PKR {"pkr_loop", pkr_loop, METH_VARARGS, \
    "pkr_loop(lines, b, cash): hilo_fast.history.sites.pkr._loop's twin, or None"}
