/* hhsite_bovada.c: the twin of hilo_fast.history.sites.bovada._loop (included
 * by hhsites.c). bovada_loop(lines, b, cash) reads lines[1:] as _loop does
 * (the seats, then the "player : what" lines, the streets and the summary's
 * Total Pot) and gives (section, total), or None where it is not sure.
 * ASCII lines only (a non-ASCII line hands the hand back), but for the
 * summary's lines, read as bytes. */

enum { BOVADA_SEATS, BOVADA_PLAY, BOVADA_SUMMARY };
#define BOVADA_MAX_SEATS 32
#define BOVADA_MAX_PLAYERS 24

typedef struct {
    span who;          /* the text before " : " (in a line of `lines`, alive) */
    PyObject *name;    /* _player(who)[0] */
    int hero;          /* _player(who)[1] */
} bovada_player;

typedef struct {
    int section;
    PyObject *total;   /* money of the last Total Pot, or NULL (-1) */
    int seat_count;
    long seat_number[BOVADA_MAX_SEATS];
    PyObject *seat_name[BOVADA_MAX_SEATS];
    PyObject *seat_chips[BOVADA_MAX_SEATS];
    int player_count;
    bovada_player players[BOVADA_MAX_PLAYERS];
} bovada_hand;

static void bovada_clear(bovada_hand *h)
{
    Py_XDECREF(h->total);
    for (int k = 0; k < h->seat_count; k++) {
        Py_DECREF(h->seat_name[k]);
        Py_DECREF(h->seat_chips[k]);
    }
    for (int k = 0; k < h->player_count; k++)
        Py_DECREF(h->players[k].name);
}

/* _player(text) of ASCII text: the name (new str) and whether it is the hero. */
static PyObject *bovada_name(span t, int *hero)
{
    if (find(t, 0, "[ME]") < 0) {
        *hero = 0;
        return str_of(stripped(t));
    }
    /* " ".join(text.replace("[ME]", " ").split()) */
    char buf[MAX_LINE + 1];
    Py_ssize_t n = 0;
    int gap = 0;   /* a space is due before the next word */
    for (Py_ssize_t i = 0; i < t.n;) {
        int space;
        if (i + 4 <= t.n && memcmp(t.s + i, "[ME]", 4) == 0) {
            space = 1;
            i += 4;
        } else {
            space = is_space(t.s[i]);
            if (!space) {
                if (gap && n)
                    buf[n++] = ' ';
                gap = 0;
                if (n >= MAX_LINE)
                    return NULL;   /* (cannot be: a line is at most MAX_LINE) */
                buf[n++] = t.s[i];
            }
            i++;
        }
        if (space)
            gap = 1;
    }
    *hero = 1;
    return PyUnicode_FromStringAndSize(buf, n);
}

/* The player of a " : " line (a borrowed name), cached as _loop's `players`. */
static PyObject *bovada_player_of(bovada_hand *h, span who, int *hero)
{
    for (int k = 0; k < h->player_count; k++) {
        bovada_player *p = &h->players[k];
        if (p->who.n == who.n && memcmp(p->who.s, who.s, (size_t)who.n) == 0) {
            *hero = p->hero;
            return p->name;
        }
    }
    PyObject *name = bovada_name(who, hero);
    if (!name)
        return NULL;
    if (h->player_count == BOVADA_MAX_PLAYERS) {   /* (the cache is full: replace the last) */
        Py_DECREF(h->players[--h->player_count].name);
    }
    h->players[h->player_count++] = (bovada_player){who, name, *hero};
    return name;
}

/* Seat (\d+): (.+?) \(([^()]*) in chips\) at the start of an ASCII line ("Seat "
 * there): OK, BAIL or FAIL; *matched: 0 if the line is no seat line (the
 * seats end). */
static int bovada_seat(const state *st, PyObject *b, PyObject *cash, bovada_hand *h, span line,
                       int *matched)
{
    *matched = 0;
    Py_ssize_t i = 5;
    while (i < line.n && line.s[i] >= '0' && line.s[i] <= '9')
        i++;
    if (i == 5 || i + 2 > line.n || line.s[i] != ':' || line.s[i + 1] != ' ')
        return OK;
    span number = sub(line, 5, i);
    Py_ssize_t name_at = i + 2;
    /* the name: lazy, up to the first " (" whose rest reads "[^()]* in chips)" */
    for (Py_ssize_t p = find(line, name_at + 1, " ("); p >= 0; p = find(line, p + 1, " (")) {
        Py_ssize_t r = p + 2;
        while (r < line.n && line.s[r] != '(' && line.s[r] != ')')
            r++;
        if (r >= line.n || line.s[r] != ')' || r - 9 < p + 2 ||
            memcmp(line.s + r - 9, " in chips", 9) != 0)
            continue;
        *matched = 1;
        long seat = small_number(number);
        if (seat < 0 || h->seat_count == BOVADA_MAX_SEATS)
            return BAIL;
        int hero;
        PyObject *name = bovada_name(sub(line, name_at, p), &hero);
        if (!name)
            return FAIL;
        PyObject *chips = money_of(st, sub(line, p + 2, r - 9), cash);
        if (!chips) {
            Py_DECREF(name);
            return FAIL;
        }
        int k = h->seat_count++;
        h->seat_number[k] = seat;
        h->seat_name[k] = name;
        h->seat_chips[k] = chips;
        if (hero && PyObject_SetAttrString(b, "hero", name) < 0)
            return FAIL;
        return OK;
    }
    return OK;
}

/* The seats are listed: number them (and the Dealer's seat is the button). */
static int bovada_end_seats(const state *st, PyObject *b, bovada_hand *h)
{
    int renumber = 0;
    for (int k = 0; k < h->seat_count; k++)
        renumber |= h->seat_number[k] > 10;
    for (int k = 0; k < h->seat_count; k++)
        if (hb(st, b, HB_SEAT, 3, PyLong_FromLong(renumber ? k + 1 : h->seat_number[k]),
               ref(h->seat_name[k]), ref(h->seat_chips[k])) != OK)
            return FAIL;
    PyObject *stack = PyObject_GetAttrString(b, "stack");
    if (!stack)
        return FAIL;
    PyObject *dealer = PyUnicode_FromString("Dealer");
    int in = dealer ? PySequence_Contains(stack, dealer) : -1;
    Py_DECREF(stack);
    if (in > 0) {
        PyObject *button = PyObject_CallMethod(b, "seat_number", "O", dealer);
        in = button ? PyObject_SetAttrString(b, "button", button) : -1;
        Py_XDECREF(button);
    }
    Py_XDECREF(dealer);
    return in < 0 ? FAIL : OK;
}

/* \*\*\* ([A-Z ]+?) \*\*\*(.*) of an ASCII line starting "*** ". */
static int bovada_street(const state *st, PyObject *b, bovada_hand *h, span line)
{
    Py_ssize_t e = 5;
    for (;; e++) {
        if (e - 1 >= line.n)
            return BAIL;
        char c = line.s[e - 1];
        if (!(c == ' ' || (c >= 'A' && c <= 'Z')))
            return BAIL;
        if (e + 4 <= line.n && memcmp(line.s + e, " ***", 4) == 0)
            break;
    }
    span name = sub(line, 4, e);
    span rest = sub(line, e + 4, line.n);
    int street = equals(name, "FLOP") ? W_FLOP : equals(name, "TURN") ? W_TURN
        : equals(name, "RIVER") ? W_RIVER : -1;
    if (street >= 0) {
        span group;
        if (memchr(rest.s, '\n', (size_t)rest.n) || !group_of(rest, 1, &group))
            return BAIL;
        return hb(st, b, HB_NEW_STREET, 2, word(st, street), cards_of(st, group));
    }
    if (equals(name, "SUMMARY"))
        h->section = BOVADA_SUMMARY;
    else if (!equals(name, "HOLE CARDS"))
        return BAIL;   /* (OtherGame) */
    return OK;
}

static inline int bovada_amount_char(char c) { return (c >= '0' && c <= '9') || c == '.' || c == ','; }

/* [$]?[\d.,]+ at i of ASCII text: its end, or -1. */
static Py_ssize_t bovada_amount_at(span t, Py_ssize_t i)
{
    if (i < t.n && t.s[i] == '$')
        i++;
    Py_ssize_t e = i;
    while (e < t.n && bovada_amount_char(t.s[e]))
        e++;
    return e > i ? e : -1;
}

/* b.holes.get(who, ()): a new reference, or NULL (*r FAIL, or BAIL: not a dict). */
static PyObject *bovada_hole(PyObject *b, PyObject *who, int *r)
{
    PyObject *holes = PyObject_GetAttrString(b, "holes");
    *r = FAIL;
    if (!holes)
        return NULL;
    PyObject *out = NULL;
    if (!PyDict_Check(holes)) {
        *r = BAIL;
    } else {
        out = PyDict_GetItemWithError(holes, who);
        if (out)
            Py_INCREF(out);
        else if (!PyErr_Occurred())
            out = PyTuple_New(0);
    }
    Py_DECREF(holes);
    return out;
}

static const char *const bovada_noise[] = {
    "Seat sit out", "Seat stand", "Table leave user", "Table enter user", "Seat sit down",
    "Table deposit", "Sit out", "Re-join", "Seat re-join", "Table enter", "Set dealer", NULL,
};
static const char *const bovada_quiet[] = {
    "Set dealer", "Seat ", "Table ", "Sit out", "Re-join", "Does not show", NULL,
};

static int bovada_starts_any(span t, const char *const *lits)
{
    for (; *lits; lits++)
        if (starts(t, *lits))
            return 1;
    return 0;
}

/* _action(b, who, what, cash) of ASCII text. */
static int bovada_action(const state *st, PyObject *b, PyObject *who, span what, PyObject *cash)
{
    Py_ssize_t space = find_char(what, 0, ' ');
    span verb = sub(what, 0, space < 0 ? what.n : space);
    Py_ssize_t paren = find_char(verb, 0, '(');
    if (paren >= 0)
        verb.n = paren;
    if (equals(verb, "Folds") || equals(verb, "Fold"))
        return hb(st, b, HB_FOLD, 1, ref(who));
    if (equals(verb, "Checks"))
        return hb(st, b, HB_CHECK, 1, ref(who));
    if (starts(what, "Card dealt to a spot")) {
        span inner = sub(what, 0, 0);
        Py_ssize_t open = find_char(what, 0, '[');
        if (open >= 0) {
            inner = sub(what, open + 1, what.n);
            Py_ssize_t close = find_char(inner, 0, ']');
            if (close >= 0)
                inner.n = close;
        }
        PyObject *hole = cards_of(st, inner);
        if (!hole)
            return FAIL;
        PyObject *holes = PyObject_GetAttrString(b, "holes");
        int bad = !holes || PyObject_SetItem(holes, who, hole) < 0;
        Py_XDECREF(holes);
        Py_DECREF(hole);
        if (bad)
            return FAIL;
        PyObject *active = PyObject_GetAttrString(b, "active");
        if (!active)
            return FAIL;
        PyObject *out = PyObject_CallMethod(active, "add", "O", who);
        Py_DECREF(active);
        return called(out);
    }
    int shows = equals(verb, "Showdown");
    if (shows || equals(verb, "Mucks")) {
        int r;
        PyObject *hole = bovada_hole(b, who, &r);
        if (!hole)
            return r;
        return hb(st, b, shows ? HB_SHOW : HB_MUCK, 2, ref(who), hole);
    }
    if (bovada_starts_any(what, bovada_quiet))
        return OK;
    /* _AMOUNT.search(what) */
    PyObject *chips = NULL;
    for (Py_ssize_t i = 0; i < what.n; i++) {
        Py_ssize_t e = bovada_amount_at(what, i);
        if (e >= 0) {
            chips = money_of(st, sub(what, i, e), cash);
            if (!chips)
                return FAIL;
            break;
        }
    }
    if (!chips && !(chips = PyLong_FromLong(0)))
        return FAIL;
    if (equals(verb, "Calls") || equals(verb, "Call"))
        return hb(st, b, HB_CALL, 2, ref(who), chips);
    if (equals(verb, "Bets"))
        return hb(st, b, HB_BET, 2, ref(who), chips);
    int all_in = equals(verb, "All-in");
    if (all_in || equals(verb, "Raises")) {
        /* _RAISE.search(what): [$]?[\d.,]+ to [$]?[\d.,]+ */
        for (Py_ssize_t i = 0; i < what.n; i++) {
            Py_ssize_t e = bovada_amount_at(what, i);
            if (e < 0 || e + 4 > what.n || memcmp(what.s + e, " to ", 4) != 0)
                continue;
            Py_ssize_t to_end = bovada_amount_at(what, e + 4);
            if (to_end < 0)
                continue;
            Py_DECREF(chips);
            return hb(st, b, HB_RAISE_TO, 2, ref(who),
                      money_of(st, sub(what, e + 4, to_end), cash));
        }
        if (all_in)
            return hb(st, b, HB_WAGER_ADDED, 2, ref(who), chips);
    }
    if (starts(what, "Small Blind ") || starts(what, "Ante/Small Blind ") ||
        starts(what, "Small blind "))
        return hb(st, b, HB_POST, 3, ref(who), word(st, W_SMALL_BLIND), chips);
    if (starts(what, "Big blind") || starts(what, "Big Blind") || starts(what, "Posts chip"))
        return hb(st, b, HB_POST, 3, ref(who), word(st, W_BIG_BLIND), chips);
    if (starts(what, "Posts dead chip"))
        return hb(st, b, HB_POST_DEAD, 2, ref(who), chips);
    if (starts(what, "Ante chip"))
        return hb(st, b, HB_POST, 3, ref(who), word(st, W_ANTE), chips);
    if (starts(what, "Return uncalled portion of bet"))
        return hb(st, b, HB_RETURNS, 2, ref(who), chips);
    if (starts(what, "Hand result") || starts(what, "Hand Result"))
        return hb(st, b, HB_COLLECT, 3, ref(who), chips,
                  PyLong_FromLong(find(what, 0, "Side pot") >= 0 ? 1 : 0));
    Py_DECREF(chips);
    return BAIL;   /* (a line not understood) */
}

static int bovada_line(const state *st, PyObject *b, PyObject *cash, bovada_hand *h,
                       PyObject *item)
{
    span line;
    int ascii;
    int got = utf8_text(item, &line, &ascii);
    if (got <= 0)
        return got < 0 ? FAIL : BAIL;
    if (h->section == BOVADA_SEATS) {
        if (starts(line, "Seat ")) {
            if (!ascii || memchr(line.s, '\n', (size_t)line.n))
                return BAIL;
            int matched;
            int r = bovada_seat(st, b, cash, h, line, &matched);
            if (r != OK || matched)
                return r;
        }
        if (bovada_end_seats(st, b, h) != OK)
            return FAIL;
        h->section = BOVADA_PLAY;
    }
    if (starts(line, "*** "))
        return ascii ? bovada_street(st, b, h, line) : BAIL;
    if (h->section == BOVADA_SUMMARY) {
        /* Total Pot\(([^()]*)\) */
        if (starts(line, "Total Pot(")) {
            Py_ssize_t r = 10;
            while (r < line.n && line.s[r] != '(' && line.s[r] != ')')
                r++;
            if (r < line.n && line.s[r] == ')') {
                PyObject *total = money_of(st, sub(line, 10, r), cash);
                if (!total)
                    return FAIL;
                replace(&h->total, total);
            }
        }
        return OK;
    }
    if (!ascii)
        return BAIL;
    Py_ssize_t colon = find(line, 0, " : ");
    if (colon < 0)
        return bovada_starts_any(line, bovada_noise) ? OK : BAIL;
    int hero;
    PyObject *name = bovada_player_of(h, sub(line, 0, colon), &hero);
    if (!name)
        return FAIL;
    if (hero && PyObject_SetAttrString(b, "hero", name) < 0)
        return FAIL;
    return bovada_action(st, b, name, sub(line, colon + 3, line.n), cash);
}

static PyObject *bovada_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash;
    if (!PyArg_ParseTuple(args, "O!OO", &PyList_Type, &lines, &b, &cash))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    bovada_hand *h = PyMem_Calloc(1, sizeof(bovada_hand));
    if (!h)
        return PyErr_NoMemory();
    h->section = BOVADA_SEATS;
    int r = OK;
    Py_ssize_t n = PyList_Size(lines);
    for (Py_ssize_t i = 1; i < n && r == OK; i++)
        r = bovada_line(st, b, cash, h, PyList_GetItem(lines, i));
    PyObject *out = NULL;
    if (r == OK) {
        static const char *const sections[] = {"seats", "play", "summary"};
        PyObject *total = h->total ? ref(h->total) : PyLong_FromLong(-1);
        if (total)
            out = Py_BuildValue("(sN)", sections[h->section], total);
    } else if (r == BAIL) {
        out = ref(Py_None);
    }
    bovada_clear(h);
    PyMem_Free(h);
    return out;
}

#define METHOD_BOVADA {"bovada_loop", bovada_loop, METH_VARARGS, \
    "bovada_loop(lines, b, cash): bovada._loop's twin, or None (see hhsite_bovada.c)"}
