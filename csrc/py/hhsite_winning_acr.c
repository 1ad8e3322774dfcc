/* hhsite_winning_acr.c: the twin of hilo_fast.history.sites.winning_acr._loop
 * (the current format's line loop; the old format stays Python), included by
 * hhsites.c. winning_acr_loop(lines, b, cash, runs) reads lines[2:] into the
 * builder b as _loop does, with `runs` a fresh winning_acr._Runs (its methods
 * are called as _loop calls them: a hand run twice is read here too), and gives
 * (section, total, rake, won, runs) as _loop does, or None where it is not sure
 * (a line kind it does not read, a line _loop would raise on, a non-ASCII
 * character where a pattern's \d could read it). */

enum { WA_SEATS, WA_PLAY, WA_SUMMARY };
static const char *winning_acr_sections[] = {"seats", "play", "summary"};

typedef struct {
    const state *st;
    PyObject *b, *cash, *runs, *won;
    PyObject *total, *rake;   /* NULL: -1 (none read) */
    int section, runs_on;
} winning_acr_hand;

static inline int winning_acr_is_digit(char c) { return c >= '0' && c <= '9'; }

/* The end of the ASCII digits (\d+) from i: the end (> i), or -1 for none (no
 * match), or -2 where a non-ASCII character could be a digit (not sure). */
static Py_ssize_t winning_acr_digits(span t, Py_ssize_t i)
{
    Py_ssize_t k = i;
    while (k < t.n && winning_acr_is_digit(t.s[k]))
        k++;
    if (k < t.n && (unsigned char)t.s[k] >= 0x80)
        return -2;
    return k > i ? k : -1;
}

/* int() of ASCII digits: a new int, or NULL with an error set. */
static PyObject *winning_acr_int(span digits)
{
    char buf[64];
    if (digits.n <= 0 || digits.n >= (Py_ssize_t)sizeof buf) {   /* (long: int() itself) */
        PyObject *s = str_of(digits);
        PyObject *out = s ? PyObject_CallFunctionObjArgs((PyObject *)&PyLong_Type, s, NULL) : NULL;
        Py_XDECREF(s);
        return out;
    }
    memcpy(buf, digits.s, (size_t)digits.n);
    buf[digits.n] = 0;
    return PyLong_FromString(buf, NULL, 10);
}

/* The end of \S+ from i, which must match at least one character: the end, or -1. */
static inline Py_ssize_t winning_acr_word(span t, Py_ssize_t i)
{
    Py_ssize_t e = nonspace_end(t, i);
    return e > i ? e : -1;
}

/* (?: and is all-in)?$ at i */
static inline int winning_acr_allin_end(span t, Py_ssize_t i)
{
    return i == t.n || equals(sub(t, i, t.n), " and is all-in");
}

enum { WA_POST, WA_POST_DEAD, WA_FOLD, WA_CHECK, WA_CALL, WA_BET, WA_RAISE };

/* _ACTION.match: 1 with *who, *kind, *post (a W_ word), *amount set, or 0. */
static int winning_acr_action_match(span t, span *who, int *kind, int *post, span *amount)
{
    static const char *posts[] = {"the small blind", "the big blind", "ante", "dead blind",
                                  "dead small blind", "the straddle", "straddle"};
    static const int post_kinds[] = {WA_POST, WA_POST, WA_POST, WA_POST_DEAD, WA_POST_DEAD,
                                     WA_POST, WA_POST};
    static const int post_words[] = {W_SMALL_BLIND, W_BIG_BLIND, W_ANTE, -1,
                                     -1, W_STRADDLE, W_STRADDLE};
    for (Py_ssize_t p = 1; p < t.n; p++) {   /* (?P<name>.+?) then " ": lazy */
        if (t.s[p] != ' ')
            continue;
        span r = sub(t, p + 1, t.n);
        Py_ssize_t base = p + 1;
        if (starts(r, "posts ")) {
            for (int k = 0; k < 7; k++) {
                Py_ssize_t at = base + 6;
                if (!starts(sub(t, at, t.n), posts[k]))
                    continue;
                at += (Py_ssize_t)strlen(posts[k]);
                if (at >= t.n || t.s[at] != ' ')
                    continue;
                Py_ssize_t e = winning_acr_word(t, at + 1);
                if (e < 0 || !winning_acr_allin_end(t, e))
                    continue;
                *who = sub(t, 0, p);
                *kind = post_kinds[k];
                *post = post_words[k];
                *amount = sub(t, at + 1, e);
                return 1;
            }
        }
        int calls = starts(r, "calls "), bets = starts(r, "bets ");
        if (calls || bets) {
            Py_ssize_t at = base + (calls ? 6 : 5);
            Py_ssize_t e = winning_acr_word(t, at);
            if (e >= 0 && winning_acr_allin_end(t, e)) {
                *who = sub(t, 0, p);
                *kind = calls ? WA_CALL : WA_BET;
                *amount = sub(t, at, e);
                return 1;
            }
        }
        if (starts(r, "raises ")) {
            Py_ssize_t e = winning_acr_word(t, base + 7);
            if (e >= 0 && starts(sub(t, e, t.n), " to ")) {
                Py_ssize_t e2 = winning_acr_word(t, e + 4);
                if (e2 >= 0 && winning_acr_allin_end(t, e2)) {
                    *who = sub(t, 0, p);
                    *kind = WA_RAISE;
                    *amount = sub(t, e + 4, e2);
                    return 1;
                }
            }
        }
        int folds = starts(r, "folds"), checks = starts(r, "checks");
        if ((folds && winning_acr_allin_end(t, base + 5)) ||
            (checks && winning_acr_allin_end(t, base + 6))) {
            *who = sub(t, 0, p);
            *kind = folds ? WA_FOLD : WA_CHECK;
            return 1;
        }
    }
    return 0;
}

/* Does the action test of _loop pass (the last word, or the one before it)? */
static int winning_acr_action_words(span t)
{
    Py_ssize_t sp = -1;
    for (Py_ssize_t i = t.n - 1; i >= 0; i--)
        if (t.s[i] == ' ') {
            sp = i;
            break;
        }
    span last = sp < 0 ? t : sub(t, sp + 1, t.n);
    if (equals(last, "folds") || equals(last, "checks") || equals(last, "all-in"))
        return 1;
    span rest = sp < 0 ? sub(t, 0, 0) : sub(t, 0, sp);
    Py_ssize_t sp2 = -1;
    for (Py_ssize_t i = rest.n - 1; i >= 0; i--)
        if (rest.s[i] == ' ') {
            sp2 = i;
            break;
        }
    span before = sub(rest, sp2 + 1, rest.n);
    return equals(before, "calls") || equals(before, "bets") || equals(before, "to") ||
           equals(before, "blind") || equals(before, "ante") || equals(before, "straddle");
}

/* _NOISE.match: 1 or 0. */
static int winning_acr_noise(span t)
{
    static const char *whole[] = {"does not show", "sits out", "is sitting out", "has returned",
                                  "is disconnected", "is connected", "leaves the table"};
    static const char *head[] = {"joins the table", "will be allowed to play", "said, ",
                                 "has timed out"};
    if (starts(t, "Main pot") || starts(t, "Side pot"))
        return 1;
    if (starts(t, "Board [") && t.n >= 8 && t.s[t.n - 1] == ']')
        return 1;
    for (Py_ssize_t p = 1; p < t.n; p++) {
        if (t.s[p] != ' ')
            continue;
        span r = sub(t, p + 1, t.n);
        for (int k = 0; k < 7; k++)
            if (equals(r, whole[k]))
                return 1;
        for (int k = 0; k < 4; k++)
            if (starts(r, head[k]))
                return 1;
    }
    return 0;
}

/* _COLLECTED.match (runs off): 1, 0, or BAIL_ (-2: not sure). */
static int winning_acr_collected(span t)
{
    for (Py_ssize_t p = find(t, 1, " collected "); p >= 0; p = find(t, p + 1, " collected ")) {
        Py_ssize_t e = winning_acr_word(t, p + 11);
        if (e < 0 || !starts(sub(t, e, t.n), " from "))
            continue;
        span tail = sub(t, e + 6, t.n);
        if (!is_ascii(tail))
            return -2;
        if (equals(tail, "main pot") || equals(tail, "pot") || equals(tail, "side pot"))
            return 1;
        if (starts(tail, "side pot-") || starts(tail, "side pot ")) {
            if (winning_acr_digits(tail, 9) == tail.n)
                return 1;
        }
    }
    return 0;
}

/* _RUN_COLLECTED.match (greedy name: the last occurrence that matches): 1 with
 * the parts set (*pot_digits: the pot's number, or {NULL, 0} with *pot 0 or 1),
 * 0, or -2 (not sure). */
static int winning_acr_run_collected(span t, span *who, span *amount, span *pot_digits,
                                     long *pot, span *run)
{
    for (Py_ssize_t p = t.n - 11; p >= 1; p--) {
        if (t.s[p] != ' ' || !starts(sub(t, p, t.n), " collected "))
            continue;
        Py_ssize_t e = winning_acr_word(t, p + 11);
        if (e < 0 || !starts(sub(t, e, t.n), " from "))
            continue;
        span tail = sub(t, e + 6, t.n);
        if (!is_ascii(tail))
            return -2;
        Py_ssize_t r = -1;   /* where " <run>$" starts */
        span digits = {NULL, 0};
        long constant = 0;
        if (starts(tail, "main pot"))
            r = 8;
        else if (starts(tail, "side pot")) {
            if (tail.n > 8 && (tail.s[8] == '-' || tail.s[8] == ' ')) {
                Py_ssize_t d = winning_acr_digits(tail, 9);
                if (d > 0 && d < tail.n && tail.s[d] == ' ' &&
                    winning_acr_digits(tail, d + 1) == tail.n) {
                    digits = sub(tail, 9, d);
                    r = d;
                }
            }
            if (r < 0) {
                constant = 1;
                r = 8;
            }
        } else if (starts(tail, "pot"))
            r = 3;
        if (r < 0 || r >= tail.n || tail.s[r] != ' ' || winning_acr_digits(tail, r + 1) != tail.n)
            continue;
        *who = sub(t, 0, p);
        *amount = sub(t, p + 11, e);
        *pot_digits = digits;
        *pot = constant;
        *run = sub(tail, r + 1, tail.n);
        return 1;
    }
    return 0;
}

/* A street line ("*** "): OK, BAIL or FAIL. */
static int winning_acr_street(winning_acr_hand *h, span t)
{
    const state *st = h->st;
    Py_ssize_t k = 4, end = -1;
    while (k < t.n) {   /* [A-Z0-9 ]+? then " ***" */
        char c = t.s[k];
        if (!((c >= 'A' && c <= 'Z') || winning_acr_is_digit(c) || c == ' '))
            break;
        k++;
        if (starts(sub(t, k, t.n), " ***")) {
            end = k;
            break;
        }
    }
    if (end < 0)
        return BAIL;
    span name = sub(t, 4, end), text = sub(t, end + 4, t.n);
    if (h->runs_on && !equals(name, "SUMMARY")) {
        PyObject *n = str_of(name), *c = n ? str_of(text) : NULL;
        PyObject *out = c ? PyObject_CallMethod(h->runs, "street", "OO", n, c) : NULL;
        Py_XDECREF(n);
        Py_XDECREF(c);
        return called(out);
    }
    int street = equals(name, "FLOP") ? W_FLOP : equals(name, "TURN") ? W_TURN
                 : equals(name, "RIVER") ? W_RIVER : -1;
    if (street >= 0) {
        span g;
        if (!group_of(text, 1, &g))
            return BAIL;
        PyObject *dealt = cards_of(st, g);
        if (hb(st, h->b, HB_NEW_STREET, 2, word(st, street), dealt) != OK)
            return FAIL;
    } else if (equals(name, "SUMMARY")) {
        h->section = WA_SUMMARY;
        return OK;
    } else if (equals(name, "RUN IT TWICE")) {
        PyObject *board = PyObject_GetAttrString(h->b, "board");
        PyObject *out = board ? PyObject_CallMethod(h->runs, "start", "(O)", board) : NULL;
        Py_XDECREF(board);
        if (called(out) != OK)
            return FAIL;
        h->runs_on = 1;
    } else if (!equals(name, "HOLE CARDS") && !equals(name, "SHOW DOWN"))
        return BAIL;
    h->section = WA_PLAY;
    return OK;
}

/* "Seat (\d+): " at the start: 1 with the number and the name's start set, 0 (no
 * match), or -2 (not sure). */
static int winning_acr_seat_head(span t, span *number, Py_ssize_t *name_at)
{
    Py_ssize_t d = winning_acr_digits(t, 5);
    if (d == -2)
        return -2;
    if (d < 0 || !starts(sub(t, d, t.n), ": "))
        return 0;
    *number = sub(t, 5, d);
    *name_at = d + 2;
    return 1;
}

enum { WA_NO_SEAT = 2 };

/* A seat line of the seats section: OK, BAIL, FAIL or WA_NO_SEAT (no _SEAT match). */
static int winning_acr_seat(winning_acr_hand *h, span t)
{
    span number;
    Py_ssize_t q;
    int got = winning_acr_seat_head(t, &number, &q);
    if (got != 1)
        return got == -2 ? BAIL : WA_NO_SEAT;
    /* (?P<name>.+) \((?P<chips>[^()]*)\)(?P<rest>.*): the last " (" that closes */
    for (Py_ssize_t p = t.n - 2; p >= q + 1; p--) {
        if (t.s[p] != ' ' || t.s[p + 1] != '(')
            continue;
        Py_ssize_t c = p + 2;
        while (c < t.n && t.s[c] != '(' && t.s[c] != ')')
            c++;
        if (c >= t.n || t.s[c] != ')')
            continue;
        span rest = sub(t, c + 1, t.n);
        PyObject *seat = winning_acr_int(number);
        PyObject *name = str_of(sub(t, q, p));
        PyObject *chips = seat && name ? money_of(h->st, sub(t, p + 2, c), h->cash) : NULL;
        PyObject *out = ref(find(rest, 0, "sitting out") >= 0 ? Py_True : Py_False);
        if (!seat || !name || !chips) {
            Py_XDECREF(seat);
            Py_XDECREF(name);
            Py_XDECREF(chips);
            Py_DECREF(out);
            return FAIL;
        }
        return hb(h->st, h->b, HB_SEAT, 4, seat, name, chips, out);
    }
    return WA_NO_SEAT;
}

/* A line of the summary: OK, BAIL or FAIL. */
static int winning_acr_summary(winning_acr_hand *h, span t)
{
    const state *st = h->st;
    if (starts(t, "Total pot ")) {
        Py_ssize_t e = winning_acr_word(t, 10);
        if (e >= 0) {
            span total = sub(t, 10, e), rake = {NULL, 0}, jp = {NULL, 0};
            Py_ssize_t at = e;
            if (starts(sub(t, at, t.n), " | Rake ")) {
                Py_ssize_t e2 = winning_acr_word(t, at + 8);
                if (e2 >= 0) {
                    rake = sub(t, at + 8, e2);
                    at = e2;
                }
            }
            if (starts(sub(t, at, t.n), " | JP Fee ")) {
                Py_ssize_t e3 = winning_acr_word(t, at + 10);
                if (e3 >= 0)
                    jp = sub(t, at + 10, e3);
            }
            PyObject *tot = money_of(st, total, h->cash);
            if (!tot)
                return FAIL;
            replace(&h->total, tot);
            PyObject *rk = rake.s ? money_of(st, rake, h->cash) : PyLong_FromLong(0);
            if (!rk)
                return FAIL;
            replace(&h->rake, rk);
            if (jp.s) {
                PyObject *fee = money_of(st, jp, h->cash);
                if (!fee)
                    return FAIL;
                PyObject *sum = PyNumber_Add(h->rake, fee);
                Py_DECREF(fee);
                if (!sum)
                    return FAIL;
                replace(&h->rake, sum);
            }
            return OK;
        }
    }
    if (starts(t, "Seat ")) {
        span number;
        Py_ssize_t q;
        int got = winning_acr_seat_head(t, &number, &q);
        if (got == -2)
            return BAIL;
        Py_ssize_t p = got == 1 ? find_char(t, q + 1, ' ') : -1;
        if (p >= 0) {
            /* (?: \((?:button|small blind|big blind)\))* (?P<what>.*) */
            static const char *roles[] = {" (button)", " (small blind)", " (big blind)"};
            Py_ssize_t r = p, before = -1;
            for (;;) {
                int k = 0;
                while (k < 3 && !starts(sub(t, r, t.n), roles[k]))
                    k++;
                if (k == 3)
                    break;
                before = r;
                r += (Py_ssize_t)strlen(roles[k]);
            }
            Py_ssize_t what_at = r < t.n && t.s[r] == ' ' ? r + 1 : before >= 0 ? before + 1 : p + 1;
            span what = sub(t, what_at, t.n);
            span name = sub(t, q, p);
            if (!h->runs_on) {
                /* won (?P<amount>[$€£]?[\d.,]+), searched */
                for (Py_ssize_t w = find(what, 0, "won "); w >= 0; w = find(what, w + 1, "won ")) {
                    Py_ssize_t a = w + 4, c = a;
                    if (c < what.n && what.s[c] == '$')
                        c += 1;
                    else if (starts(sub(what, c, what.n), "\xe2\x82\xac"))
                        c += 3;
                    else if (starts(sub(what, c, what.n), "\xc2\xa3"))
                        c += 2;
                    Py_ssize_t d = c;
                    while (d < what.n && (winning_acr_is_digit(what.s[d]) || what.s[d] == '.' ||
                                          what.s[d] == ','))
                        d++;
                    if (d < what.n && (unsigned char)what.s[d] >= 0x80)
                        return BAIL;
                    if (d == c)
                        continue;
                    PyObject *key = str_of(name);
                    PyObject *amount = key ? money_of(st, sub(what, a, d), h->cash) : NULL;
                    if (!amount) {
                        Py_XDECREF(key);
                        return FAIL;
                    }
                    PyObject *prev = PyDict_GetItemWithError(h->won, key), *zero = NULL;
                    if (!prev && !PyErr_Occurred())
                        prev = zero = PyLong_FromLong(0);
                    PyObject *sum = prev ? PyNumber_Add(prev, amount) : NULL;
                    Py_XDECREF(zero);
                    Py_DECREF(amount);
                    int set = sum ? PyDict_SetItem(h->won, key, sum) : -1;
                    Py_XDECREF(sum);
                    Py_DECREF(key);
                    if (set < 0)
                        return FAIL;
                    break;
                }
            }
            /* (?:mucked|showed) \[([^\]]*)\], searched */
            Py_ssize_t m = find(what, 0, "mucked ["), s = find(what, 0, "showed [");
            Py_ssize_t first = m < 0 ? s : s < 0 ? m : (m < s ? m : s);
            if (first >= 0) {
                Py_ssize_t close = find_char(what, first + 8, ']');
                if (close >= 0) {
                    PyObject *hole = cards_of(st, sub(what, first + 8, close));
                    if (!hole)
                        return FAIL;
                    PyObject *key = str_of(name);
                    PyObject *holes = key ? PyObject_GetAttrString(h->b, "holes") : NULL;
                    PyObject *out = holes ? PyObject_CallMethod(holes, "setdefault", "OO", key, hole)
                                          : NULL;
                    Py_XDECREF(holes);
                    Py_XDECREF(key);
                    Py_DECREF(hole);
                    return called(out);
                }
            }
            return OK;
        }
    }
    if (!starts(t, "Board "))
        return BAIL;
    if (h->runs_on) {
        /* Board (?P<run>\d+) \[(?P<cards>[^\]]*)\]$ */
        Py_ssize_t d = winning_acr_digits(t, 6);
        if (d == -2)
            return BAIL;
        if (d > 0 && starts(sub(t, d, t.n), " [")) {
            Py_ssize_t close = find_char(t, d + 2, ']');
            if (close == t.n - 1) {
                PyObject *run = winning_acr_int(sub(t, 6, d));
                PyObject *board = run ? cards_of(st, sub(t, d + 2, close)) : NULL;
                PyObject *out = board ? PyObject_CallMethod(h->runs, "check_board", "OO", run, board)
                                      : NULL;
                Py_XDECREF(run);
                Py_XDECREF(board);
                return called(out);
            }
        }
    }
    return OK;
}

/* A line of play (or of the seats section that is no seat): OK, BAIL or FAIL. */
static int winning_acr_play(winning_acr_hand *h, span t)
{
    const state *st = h->st;
    span who, amount = {NULL, 0};
    int kind, post = -1;
    if (winning_acr_action_words(t) && winning_acr_action_match(t, &who, &kind, &post, &amount)) {
        PyObject *name = str_of(who);
        switch (kind) {
        case WA_POST: {
            PyObject *chips = name ? money_of(st, amount, h->cash) : NULL;
            return hb(st, h->b, HB_POST, 3, name, word(st, post), chips);
        }
        case WA_POST_DEAD: {
            PyObject *chips = name ? money_of(st, amount, h->cash) : NULL;
            return hb(st, h->b, HB_POST_DEAD, 2, name, chips);
        }
        case WA_FOLD:
            return hb(st, h->b, HB_FOLD, 1, name);
        case WA_CHECK:
            return hb(st, h->b, HB_CHECK, 1, name);
        default: {
            PyObject *chips = name ? money_of(st, amount, h->cash) : NULL;
            int method = kind == WA_CALL ? HB_CALL : kind == WA_BET ? HB_BET : HB_RAISE_TO;
            return hb(st, h->b, method, 2, name, chips);
        }
        }
    }
    if (starts(t, "Uncalled bet (")) {
        /* Uncalled bet \((?P<amount>[^()]+)\) returned to (?P<name>.+) */
        Py_ssize_t c = 14;
        while (c < t.n && t.s[c] != '(' && t.s[c] != ')')
            c++;
        if (c > 14 && c < t.n && t.s[c] == ')' && starts(sub(t, c + 1, t.n), " returned to ") &&
            t.n > c + 14) {
            PyObject *name = str_of(sub(t, c + 14, t.n));
            PyObject *chips = name ? money_of(st, sub(t, 14, c), h->cash) : NULL;
            return hb(st, h->b, HB_RETURNS, 2, name, chips);
        }
    }
    if (starts(t, "Dealt to ")) {   /* Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\] */
        int got = dealt_to(st, h->b, t);
        if (got != NO_MATCH)
            return got;
    }
    if (find(t, 0, " shows [") >= 0 || find(t, 0, " mucks [") >= 0) {
        /* (?P<name>.+?) (?P<what>shows|mucks) \[(?P<cards>[^\]]*)\] */
        Py_ssize_t s = find(t, 1, " shows ["), m = find(t, 1, " mucks [");
        Py_ssize_t p = s < 0 ? m : m < 0 ? s : (s < m ? s : m);
        Py_ssize_t close = p >= 0 ? find_char(t, p + 8, ']') : -1;
        if (close >= 0) {
            PyObject *name = str_of(sub(t, 0, p));
            PyObject *hole = name ? cards_of(st, sub(t, p + 8, close)) : NULL;
            return hb(st, h->b, p == s ? HB_SHOW : HB_MUCK, 2, name, hole);
        }
    }
    if (ends(t, " mucks hand") && t.n - 11 >= 1)
        return hb(st, h->b, HB_MUCK, 1, str_of(sub(t, 0, t.n - 11)));
    if (find(t, 0, " collected ") >= 0) {
        if (h->runs_on) {
            span name, chips, pot_digits, run;
            long pot;
            int got = winning_acr_run_collected(t, &name, &chips, &pot_digits, &pot, &run);
            if (got == -2)
                return BAIL;
            if (got == 1) {
                PyObject *n_pot = pot_digits.s ? winning_acr_int(pot_digits) : PyLong_FromLong(pot);
                PyObject *n_name = n_pot ? str_of(name) : NULL;
                PyObject *n_chips = n_name ? money_of(st, chips, h->cash) : NULL;
                PyObject *n_run = n_chips ? winning_acr_int(run) : NULL;
                PyObject *out = n_run ? PyObject_CallMethod(h->runs, "collect", "OOOOO", h->b,
                                                            n_name, n_chips, n_pot, n_run)
                                      : NULL;
                Py_XDECREF(n_pot);
                Py_XDECREF(n_name);
                Py_XDECREF(n_chips);
                Py_XDECREF(n_run);
                return called(out);
            }
        }
        int got = winning_acr_collected(t);
        if (got == -2)
            return BAIL;
        return got == 1 || winning_acr_noise(t) ? OK : BAIL;
    }
    return winning_acr_noise(t) ? OK : BAIL;
}

static int winning_acr_line(void *hand, PyObject *item, span t, int ascii)   /* (a line_reader) */
{
    winning_acr_hand *h = hand;
    (void)item, (void)ascii;
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;
    if (starts(t, "*** "))
        return winning_acr_street(h, t);
    if (h->section == WA_SEATS && starts(t, "Seat ")) {
        int got = winning_acr_seat(h, t);
        if (got != WA_NO_SEAT)
            return got;
    }
    if (h->section == WA_SUMMARY)
        return winning_acr_summary(h, t);
    return winning_acr_play(h, t);
}

/* winning_acr_loop(lines, b, cash, runs): see the top of this file. */
static PyObject *winning_acr_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash, *runs;
    if (!PyArg_ParseTuple(args, "O!OOO", &PyList_Type, &lines, &b, &cash, &runs))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    winning_acr_hand h = {st, b, cash, runs, PyDict_New(), NULL, NULL, WA_SEATS, 0};
    if (!h.won)
        return NULL;
    int rc = each_line(lines, 2, winning_acr_line, &h);
    PyObject *out = NULL;
    if (rc == OK) {
        PyObject *total = h.total ? ref(h.total) : PyLong_FromLong(-1);
        PyObject *rake = h.rake ? ref(h.rake) : PyLong_FromLong(-1);
        if (total && rake)
            out = Py_BuildValue("(sNNOO)", winning_acr_sections[h.section], total, rake, h.won,
                                runs);
        else {
            Py_XDECREF(total);
            Py_XDECREF(rake);
        }
    } else if (rc == BAIL)
        out = ref(Py_None);
    Py_DECREF(h.won);
    Py_XDECREF(h.total);
    Py_XDECREF(h.rake);
    return out;
}

#define METHOD_WINNING_ACR                                                             \
    {"winning_acr_loop", winning_acr_loop, METH_VARARGS,                               \
     "winning_acr_loop(lines, builder, cash, runs): winning_acr._loop's result, or None"}
