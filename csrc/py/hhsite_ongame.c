/* hhsite_ongame.c: the twin of hilo_fast.history.sites.ongame._loop (included
 * by hhsites.c). ongame_loop(lines, builder, cash, same, date_of) reads lines[1:]
 * as _loop(lines, builder, cash, same) does, pattern by pattern, and returns
 * (True, button, date, rake, pots) or None (also for a hand cut short, with
 * no end line: Python says so); date_of is ongame._date, called where _loop
 * calls it. Non-ASCII text is read where the pattern reads any character (a
 * name, the "€" or "£" of an amount) or a space (\S, str.split, str.strip);
 * where a \d could meet a non-ASCII character it hands back. */

enum { OG_NO = 0, OG_YES = 1, OG_BAIL = 2 };   /* a pattern: no match, match, not sure */
enum { OG_END = 3, OG_PASS = 4 };   /* a line: "***** End of hand" (stop); not of this kind */

static inline int og_digit(span t, Py_ssize_t i) { return i < t.n && t.s[i] >= '0' && t.s[i] <= '9'; }
static inline int og_high(span t, Py_ssize_t i) { return i < t.n && (unsigned char)t.s[i] >= 0x80; }

/* [$€£]? at i: the length of the mark there (0: none). */
static Py_ssize_t og_mark(span t, Py_ssize_t i)
{
    const unsigned char *u = (const unsigned char *)t.s + i;
    if (i < t.n && u[0] == '$')
        return 1;
    if (i + 1 < t.n && u[0] == 0xC2 && u[1] == 0xA3)
        return 2;
    if (i + 2 < t.n && u[0] == 0xE2 && u[1] == 0x82 && u[2] == 0xAC)
        return 3;
    return 0;
}

/* The end of a run from i of ASCII digits and the characters in `also` ([\d,]*,
 * [\d,.]*, \d*), or -1 (not sure) where a non-ASCII character ends it (a \d
 * could read it as a digit). */
static Py_ssize_t og_run(span t, Py_ssize_t i, const char *also)
{
    while (i < t.n && (og_digit(t, i) || (t.s[i] && strchr(also, t.s[i]))))
        i++;
    return og_high(t, i) ? -1 : i;
}

/* _ACTION_WORDS: (?P<what>...)(?: \(?(?P<amount>[$€£]?[\d,]+(?:\.\d+)?)\)?)?
 * (?: to (?P<to>[$€£]?[\d,.]+))?(?P<all_in>,? and is all[- ]in)? */
enum { OG_SB, OG_BB, OG_ANTE, OG_DEAD, OG_POSTS, OG_CALLS, OG_BETS, OG_RAISES, OG_CHECKS,
       OG_FOLDS, OG_WHATS };
static const char *og_whats[OG_WHATS] = {
    "posts small blind", "posts big blind", "posts ante", "posts dead blind", "posts", "calls",
    "bets", "raises", "checks", "folds",
};

typedef struct {
    int what, has_amount, has_to;
    span amount, to;
} og_act;

/* The pattern after the word (t from i on), to the end of t. Each optional
 * part is taken where it can be (greedy): where the greedy reading fails no
 * other one matches (what a shorter run leaves is a digit, comma or dot that
 * only the longer run reads, or a comma the longer run reads the same way). */
static int og_tail(span t, Py_ssize_t i, og_act *a)
{
    a->has_amount = a->has_to = 0;
    if (i < t.n && t.s[i] == ' ') {
        Py_ssize_t from = i + 1 + (i + 1 < t.n && t.s[i + 1] == '(');
        Py_ssize_t digits = from + og_mark(t, from), end = og_run(t, digits, ",");
        if (end < 0)
            return OG_BAIL;
        if (end > digits) {
            if (end < t.n && t.s[end] == '.') {
                Py_ssize_t frac = og_run(t, end + 1, "");
                if (frac < 0)
                    return OG_BAIL;
                if (frac > end + 1)
                    end = frac;
            }
            a->has_amount = 1;
            a->amount = sub(t, from, end);
            i = end + (end < t.n && t.s[end] == ')');
        }
    }
    if (starts(sub(t, i, t.n), " to ")) {
        Py_ssize_t digits = i + 4 + og_mark(t, i + 4), end = og_run(t, digits, ",.");
        if (end < 0)
            return OG_BAIL;
        if (end > digits) {
            a->has_to = 1;
            a->to = sub(t, i + 4, end);
            i = end;
        }
    }
    if (i == t.n)
        return OG_YES;
    span rest = sub(t, i + (t.s[i] == ','), t.n);
    return equals(rest, " and is all-in") || equals(rest, " and is all in") ? OG_YES : OG_NO;
}

/* _ACTION_WORDS.fullmatch(t): the words tried in the pattern's order. */
static int og_words(span t, og_act *a)
{
    for (int w = 0; w < OG_WHATS; w++)
        if (starts(t, og_whats[w])) {
            int got = og_tail(t, (Py_ssize_t)strlen(og_whats[w]), a);
            if (got != OG_NO) {
                a->what = w;
                return got;
            }
        }
    return OG_NO;
}

/* The action of a line as _loop finds it: the words after the first word
 * (line.partition(" ")), else _ACTION (the lazy name: the first space after
 * which the words match). */
static int og_action(span line, span *name, og_act *a)
{
    Py_ssize_t space = find_char(line, 0, ' ');
    if (space >= 0) {
        int got = og_words(sub(line, space + 1, line.n), a);
        if (got != OG_NO) {
            *name = sub(line, 0, space);
            return got;
        }
    }
    for (Py_ssize_t p = 1; p < line.n; p++)
        if (line.s[p] == ' ') {
            int got = og_words(sub(line, p + 1, line.n), a);
            if (got != OG_NO) {
                *name = sub(line, 0, p);
                return got;
            }
        }
    return OG_NO;
}

/* _MUCKS: (?P<name>.+?) (?:mucks|doesn't show).* */
static int og_mucks(span line, span *name)
{
    for (Py_ssize_t p = 1; p < line.n; p++)
        if (line.s[p] == ' ') {
            span rest = sub(line, p, line.n);
            if (starts(rest, " mucks") || starts(rest, " doesn't show")) {
                *name = sub(line, 0, p);
                return 1;
            }
        }
    return 0;
}

/* _WINNER.fullmatch(w): (?P<name>.+?) \((?P<amount>[^)]+)\), the lazy name the
 * first " (" after which no ')' comes before the last character, a ')'. */
static int og_winner(span w, span *name, span *amount)
{
    if (w.n < 5 || w.s[w.n - 1] != ')')
        return 0;
    Py_ssize_t last = -1;   /* the last ')' before the end */
    for (Py_ssize_t i = 0; i < w.n - 1; i++)
        if (w.s[i] == ')')
            last = i;
    for (Py_ssize_t p = last - 1 > 1 ? last - 1 : 1; p + 4 <= w.n; p++)
        if (w.s[p] == ' ' && w.s[p + 1] == '(' && p + 2 > last) {
            *name = sub(w, 0, p);
            *amount = sub(w, p + 2, w.n - 1);
            return 1;
        }
    return 0;
}

typedef struct {
    const state *st;
    PyObject *b, *cash, *date_of;
    int same;                           /* the two blinds are equal */
    PyObject *button, *date, *rake, *pots;
    int summary, seating, blinds_seen;
} og_hand;

/* b.<method>(name, cards) with the cards of `text` (_cards) */
static int og_with_cards(og_hand *h, int method, span name, span text)
{
    PyObject *hole = words_tuple(text, 1);
    if (!hole)
        return FAIL;
    return hb(h->st, h->b, method, 2, str_of(name), hole);
}

/* The lines _TABLE_LINES starts, but "Summary:" (a line that only starts so reads on). */
static int og_table_line(og_hand *h, span line)
{
    if (starts(line, "***** End of hand"))
        return OG_END;
    if (starts(line, "Start hand: ")) {
        PyObject *text = str_of(sub(line, 12, line.n));
        PyObject *date = text ? PyObject_CallFunctionObjArgs(h->date_of, text, NULL) : NULL;
        Py_XDECREF(text);
        if (!date)
            return FAIL;
        replace(&h->date, date);
        return OK;
    }
    if (starts(line, "User: ")) {
        PyObject *hero = str_of(unicode_stripped(sub(line, 6, line.n)));
        int err = !hero || PyObject_SetAttrString(h->b, "hero", hero);
        Py_XDECREF(hero);
        return err ? FAIL : OK;
    }
    if (starts(line, "--- Dealing ")) {   /* _STREET: --- Dealing (flop|turn|river) \[[^\]]*\] */
        static const char *streets[] = {"flop [", "turn [", "river ["};
        static const int words[] = {W_FLOP, W_TURN, W_RIVER};
        span rest = sub(line, 12, line.n);
        for (int k = 0; k < 3; k++)
            if (starts(rest, streets[k])) {
                Py_ssize_t open = 12 + (Py_ssize_t)strlen(streets[k]);
                if (find_char(line, open, ']') != line.n - 1)
                    return OK;   /* (no match: nothing to read) */
                PyObject *board = words_tuple(sub(line, open, line.n - 1), 1);
                if (!board)
                    return FAIL;
                return hb(h->st, h->b, HB_STREET_CARDS, 2, word(h->st, words[k]), board);
            }
        return OK;
    }
    if (starts(line, "Table: ") || starts(line, "Players in round") || starts(line, "---")
        || starts(line, "Dealing pocket cards"))
        return OK;
    if (starts(line, "Button: seat ")) {   /* int(line.rsplit(" ", 1)[1]) */
        long button = small_number(sub(line, rfind(line, " ") + 1, line.n));
        if (button < 0)
            return BAIL;   /* (int() reads more, or fails: Python decides) */
        PyObject *value = PyLong_FromLong(button);
        if (!value)
            return FAIL;
        replace(&h->button, value);
        h->seating = 1;
        return OK;
    }
    return OG_PASS;
}

/* A line of the summary: _POT (a pot and its winners) or "Rake taken: " (else nothing). */
static int og_summary_line(og_hand *h, span line)
{
    const state *st = h->st;
    if (starts(line, "Rake taken: ")) {
        PyObject *rake = money_of(st, sub(line, 12, line.n), h->cash);
        if (!rake)
            return FAIL;
        replace(&h->rake, rake);
        return OK;
    }
    /* (?:Main pot|Side pot (?P<pot>\d+)): (?P<amount>\S+) won by (?P<winners>.+) */
    Py_ssize_t at;
    long pot = 0;
    if (starts(line, "Main pot: "))
        at = 10;
    else if (starts(line, "Side pot ")) {
        Py_ssize_t end = 9;
        while (og_digit(line, end))
            end++;
        if (og_high(line, end))
            return BAIL;
        if (end == 9 || !starts(sub(line, end, line.n), ": "))
            return OK;
        if ((pot = small_number(sub(line, 9, end))) < 0)
            return BAIL;
        at = end + 2;
    } else
        return OK;
    Py_ssize_t end = nonspace_end(line, at);
    if (end == at || !starts(sub(line, end, line.n), " won by ") || end + 8 >= line.n)
        return OK;
    PyObject *amount = money_of(st, sub(line, at, end), h->cash);
    if (!amount)
        return FAIL;
    int err = PyList_Append(h->pots, amount);
    Py_DECREF(amount);
    if (err)
        return FAIL;
    span winners = sub(line, end + 8, line.n);
    for (Py_ssize_t from = 0;;) {   /* winners.split(", ") */
        Py_ssize_t comma = find(winners, from, ", ");
        span name, chips;
        if (!og_winner(sub(winners, from, comma < 0 ? winners.n : comma), &name, &chips))
            return BAIL;   /* (Python says so) */
        PyObject *won = money_of(st, chips, h->cash);
        if (!won)
            return FAIL;
        if (hb(st, h->b, HB_COLLECT, 3, str_of(name), won, PyLong_FromLong(pot)))
            return FAIL;
        if (comma < 0)
            return OK;
        from = comma + 2;
    }
}

/* _SEAT.fullmatch: Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^)]+)\); the greedy
 * name ends at the last " (" that leaves an amount; b.seat(...) or OG_PASS. */
static int og_seat(og_hand *h, span line)
{
    if (!starts(line, "Seat "))
        return OG_PASS;
    Py_ssize_t colon = 5;
    while (og_digit(line, colon))
        colon++;
    if (og_high(line, colon))
        return BAIL;
    if (colon == 5 || !starts(sub(line, colon, line.n), ": "))
        return OG_PASS;
    Py_ssize_t from = colon + 2, p = line.n - 4;
    if (line.n < from + 5 || line.s[line.n - 1] != ')')
        return OG_PASS;
    while (p > from && !(line.s[p] == ' ' && line.s[p + 1] == '('))
        p--;
    if (p <= from || find_char(sub(line, 0, line.n - 1), p + 2, ')') >= 0)
        return OG_PASS;
    long seat = small_number(sub(line, 5, colon));
    if (seat < 0)
        return BAIL;
    PyObject *stack = money_of(h->st, sub(line, p + 2, line.n - 1), h->cash);
    if (!stack)
        return FAIL;
    return hb(h->st, h->b, HB_SEAT, 3, PyLong_FromLong(seat), str_of(sub(line, from, p)), stack);
}

static int og_act_apply(og_hand *h, span name, const og_act *a)
{
    const state *st = h->st;
    PyObject *chips = a->has_amount ? money_of(st, a->amount, h->cash) : PyLong_FromLong(0);
    if (!chips)
        return FAIL;
    PyObject *who = str_of(name);
    if (!who) {
        Py_DECREF(chips);
        return FAIL;
    }
    switch (a->what) {
    case OG_SB:
    case OG_BB: {
        h->blinds_seen++;
        int small = a->what == OG_SB || (h->blinds_seen == 1 && h->same);
        return hb(st, h->b, HB_POST, 3, who, word(st, small ? W_SMALL_BLIND : W_BIG_BLIND), chips);
    }
    case OG_ANTE:
        return hb(st, h->b, HB_POST, 3, who, word(st, W_ANTE), chips);
    case OG_DEAD:
    case OG_POSTS:
        return hb(st, h->b, HB_POST, 3, who, word(st, W_BIG_BLIND), chips);
    case OG_FOLDS:
    case OG_CHECKS:
        Py_DECREF(chips);
        return hb(st, h->b, a->what == OG_FOLDS ? HB_FOLD : HB_CHECK, 1, who);
    case OG_CALLS:
    case OG_BETS:
        return hb(st, h->b, a->what == OG_CALLS ? HB_CALL : HB_BET, 2, who, chips);
    default: {   /* raises: to its total, else b.current + chips */
        PyObject *to;
        if (a->has_to)
            to = money_of(st, a->to, h->cash);
        else {
            PyObject *current = PyObject_GetAttrString(h->b, "current");
            to = current ? PyNumber_Add(current, chips) : NULL;
            Py_XDECREF(current);
        }
        Py_DECREF(chips);
        if (!to) {
            Py_DECREF(who);
            return FAIL;
        }
        return hb(st, h->b, HB_RAISE_TO, 2, who, to);
    }
    }
}

/* One line of _loop: OK, OG_END, BAIL or FAIL. */
static int og_line(og_hand *h, span line)
{
    int got = og_table_line(h, line);
    if (got != OG_PASS)
        return got;
    if (equals(line, "Summary:")) {
        h->summary = 1;
        return OK;
    }
    if (h->summary)
        return og_summary_line(h, line);
    if (h->seating) {
        if ((got = og_seat(h, line)) != OG_PASS)
            return got;
        h->seating = 0;
    }
    if (starts(line, "Dealing to ")) {   /* name, _, cards = rest.partition(": [") */
        span rest = sub(line, 11, line.n), name = rest, hole = sub(rest, rest.n, rest.n);
        Py_ssize_t at = find(rest, 0, ": [");
        if (at >= 0) {
            name = sub(rest, 0, at);
            hole = sub(rest, at + 3, rest.n);
        }
        while (hole.n && hole.s[hole.n - 1] == ']')   /* .rstrip("]") */
            hole.n--;
        PyObject *cards = words_tuple(hole, 1);
        return set_hole(h->b, cards ? str_of(name) : NULL, cards);
    }
    Py_ssize_t shows = find(line, 0, " shows [");   /* _SHOWS: the lazy name, then a ']' */
    if (shows == 0)
        shows = find(line, 1, " shows [");
    if (shows > 0) {
        Py_ssize_t close = find_char(line, shows + 8, ']');
        if (close >= 0)
            return og_with_cards(h, HB_SHOW, sub(line, 0, shows), sub(line, shows + 8, close));
    }
    span name;
    og_act a;
    got = og_action(line, &name, &a);
    if (got == OG_YES)
        return og_act_apply(h, name, &a);
    if (got == OG_NO && og_mucks(line, &name))
        return hb(h->st, h->b, HB_MUCK, 1, str_of(name));
    return BAIL;   /* (not sure, or a line Python does not understand: it says so) */
}

static PyObject *ongame_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash, *same, *date_of;
    if (!st || !PyArg_ParseTuple(args, "O!OOOO", &PyList_Type, &lines, &b, &cash, &same,
                                 &date_of))
        return NULL;
    int same_blinds = PyObject_IsTrue(same);
    if (same_blinds < 0)
        return NULL;
    og_hand h = {st, b, cash, date_of, same_blinds, PyLong_FromLong(0), ref(Py_None),
                 PyLong_FromLong(0), PyList_New(0), 0, 0, 0};
    int status = h.button && h.rake && h.pots ? OK : FAIL;
    for (Py_ssize_t k = 1; status == OK && k < PyList_Size(lines); k++) {
        span line;
        int ascii;
        int got = utf8_text(PyList_GetItem(lines, k), &line, &ascii);
        if (got == 1 && memchr(line.s, '\n', (size_t)line.n))
            got = 0;   /* (a pattern's '.' stops there) */
        status = got == 1 ? og_line(&h, line) : got == 0 ? BAIL : FAIL;
    }
    if (status == OK)
        status = BAIL;   /* (cut short, no end line: Python raises, a rare hand) */
    PyObject *out = NULL;
    if (status == OG_END)
        out = Py_BuildValue("(OOOOO)", Py_True, h.button, h.date, h.rake,
                            h.pots);
    else if (status == BAIL)
        out = ref(Py_None);
    Py_XDECREF(h.button);
    Py_XDECREF(h.date);
    Py_XDECREF(h.rake);
    Py_XDECREF(h.pots);
    return out;
}

#define METHOD_ONGAME                                                                       \
    {"ongame_loop", ongame_loop, METH_VARARGS,                                              \
     "ongame_loop(lines, builder, cash, same, date_of): ongame._loop's result, or None "    \
     "(see csrc/py/hhsite_ongame.c)."}
