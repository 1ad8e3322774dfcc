/* hhsite_everleaf.c: the twin of hilo_fast.history.sites.everleaf._loop
 * (included by hhsites.c). everleaf_loop(lines, b, cash) reads lines[1:] as
 * the Python loop does, making the same calls on the HandBuilder b, and gives
 * what it gives, (table, button), or None: on a line that is not ASCII (the
 * patterns' \s and \d read more there), and where it is not sure it reads a
 * line as the Python patterns do (the reader then reads the hand in Python).
 *
 * The patterns, as the Python module writes them (AMOUNT: \[?\(?\s*(?P<amount>
 * [$€£]?\s*[\d,]+(?:\.\d+)?(?: [A-Z]{3})?)\s*\)?\]?):
 *   _SEAT    Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>.+?)\s*\)(?P<out> is sitting out)?
 *   _ACTION  (?P<name>.+?):? (?P<what>posts small blind|...|goes all-in)\s*(?:AMOUNT)?.*
 *   _STREET  \*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]
 *   _WINS    (?P<name>.+?) wins\s+(?:(?P<half>high|low)\s+)?AMOUNT from (?:main pot|side
 *            pot(?: (?P<pot>\d+))?).*
 *   _SHOWS   (?P<name>.+?) shows \[(?P<cards>[^\]]*)\].*
 *   _MUCKS   (?P<name>.+?) (?:does not show cards|mucks.*)
 *   _NOISE   .+ (?:has disconnected.*|has reconnected.*|is sitting out|has joined the
 *            table|has left the table|timed out.*|sits out|returns to the table)
 * all fullmatch. */

static int everleaf_digit(char c) { return c >= '0' && c <= '9'; }
static int everleaf_upper(char c) { return c >= 'A' && c <= 'Z'; }

static int everleaf_at(span t, Py_ssize_t i, const char *lit)
{
    return i >= 0 && i <= t.n && starts(sub(t, i, t.n), lit);
}

/* AMOUNT's group from i (ASCII text): 1 with *amount and *end (after the amount,
 * before its \s*\)?\]?) set, or 0 if it does not match there. (Every part
 * before the digits is optional and can only be what it reads: the greedy
 * path is the only one that can reach them.) */
static int everleaf_amount(span t, Py_ssize_t i, span *amount, Py_ssize_t *end)
{
    if (i < t.n && t.s[i] == '[')
        i++;
    if (i < t.n && t.s[i] == '(')
        i++;
    i = space_end(t, i);
    Py_ssize_t from = i;
    if (i < t.n && t.s[i] == '$')
        i++;
    i = space_end(t, i);
    Py_ssize_t digits = i;
    while (i < t.n && (everleaf_digit(t.s[i]) || t.s[i] == ','))
        i++;
    if (i == digits)
        return 0;
    if (i + 1 < t.n && t.s[i] == '.' && everleaf_digit(t.s[i + 1])) {
        i += 2;
        while (i < t.n && everleaf_digit(t.s[i]))
            i++;
    }
    if (i + 3 < t.n && t.s[i] == ' ' && everleaf_upper(t.s[i + 1]) && everleaf_upper(t.s[i + 2])
            && everleaf_upper(t.s[i + 3]))
        i += 4;
    *amount = sub(t, from, i);
    *end = i;
    return 1;
}

/* _SEAT's \(\s*(?P<stack>.+?)\s*\)(?P<out> is sitting out)?$ on the text after
 * the name's " (": 1 (stack, out set), 0 (no match), -1 (not sure). */
static int everleaf_seat_rest(span r, span *stack, int *out)
{
    Py_ssize_t from = space_end(r, 0);
    for (Py_ssize_t p = from + 1; p <= r.n; p++) {
        Py_ssize_t q = space_end(r, p);
        if (q < r.n && r.s[q] == ')') {
            span after = sub(r, q + 1, r.n);
            if (after.n == 0 || equals(after, " is sitting out")) {
                *stack = sub(r, from, p);
                *out = after.n != 0;
                return 1;
            }
        }
    }
    return from > 0 ? -1 : 0;   /* (a shorter \s* would give the stack a space) */
}

static int everleaf_seat(const state *st, PyObject *b, PyObject *cash, span t)
{
    Py_ssize_t d = 5;
    while (d < t.n && everleaf_digit(t.s[d]))
        d++;
    if (d == 5 || !everleaf_at(t, d, ": "))
        return NO_MATCH;
    long number = small_number(sub(t, 5, d));
    if (number < 0)
        return BAIL;
    span r = sub(t, d + 2, t.n);
    for (Py_ssize_t i = 1; i + 1 < r.n; i++) {
        if (r.s[i] != ' ' || r.s[i + 1] != '(')
            continue;
        span stack;
        int out;
        int got = everleaf_seat_rest(sub(r, i + 2, r.n), &stack, &out);
        if (got < 0)
            return BAIL;
        if (got) {
            PyObject *seat = PyLong_FromLong(number);
            PyObject *name = seat ? str_of(sub(r, 0, i)) : NULL;
            PyObject *chips = name ? money_of(st, stack, cash) : NULL;
            return hb(st, b, HB_SEAT, 4, seat, name, chips, ref(out ? Py_True : Py_False));
        }
    }
    return NO_MATCH;
}

static const char *everleaf_streets[] = {"Flop", "Turn", "River"};

static int everleaf_street(const state *st, PyObject *b, span t)
{
    for (int k = 0; k < 3; k++) {
        Py_ssize_t at = 11 + (Py_ssize_t)strlen(everleaf_streets[k]);
        if (!everleaf_at(t, 11, everleaf_streets[k]) || !everleaf_at(t, at, " ** ["))
            continue;
        span cards = sub(t, at + 5, t.n - 1);
        if (cards.n < 0 || t.s[t.n - 1] != ']' || find_char(cards, 0, ']') >= 0)
            return NO_MATCH;
        PyObject *tuple = words_tuple(cards, 1);
        return hb(st, b, HB_STREET_CARDS, 2, tuple ? word(st, W_FLOP + k) : NULL, tuple);
    }
    return NO_MATCH;
}

static int everleaf_wins(const state *st, PyObject *b, PyObject *cash, span t)
{
    for (Py_ssize_t i = find(t, 1, " wins"); i >= 0; i = find(t, i + 1, " wins")) {
        Py_ssize_t q = space_end(t, i + 5);
        if (q == i + 5)
            continue;
        int half = everleaf_at(t, q, "high") ? 4 : everleaf_at(t, q, "low") ? 3 : 0;
        if (half && space_end(t, q + half) > q + half)
            q = space_end(t, q + half);
        span amount;
        Py_ssize_t e;
        if (!everleaf_amount(t, q, &amount, &e))
            continue;
        /* \s*\)?\]? from (?:main pot|side pot(?: (\d+))?), each way in the regex's order */
        Py_ssize_t w = space_end(t, e);
        for (Py_ssize_t s = w; s >= e; s--)
            for (int paren = 1; paren >= 0; paren--) {
                if (paren && !(s < t.n && t.s[s] == ')'))
                    continue;
                for (int square = 1; square >= 0; square--) {
                    Py_ssize_t f = s + paren;
                    if (square && !(f < t.n && t.s[f] == ']'))
                        continue;
                    f += square;
                    if (!everleaf_at(t, f, " from "))
                        continue;
                    f += 6;
                    long pot = 0;
                    if (everleaf_at(t, f, "main pot"))
                        pot = 0;
                    else if (everleaf_at(t, f, "side pot")) {
                        Py_ssize_t g = f + 8;
                        if (g + 1 < t.n && t.s[g] == ' ' && everleaf_digit(t.s[g + 1])) {
                            Py_ssize_t h = g + 1;
                            while (h < t.n && everleaf_digit(t.s[h]))
                                h++;
                            pot = small_number(sub(t, g + 1, h));
                            if (pot < 0)
                                return BAIL;
                        }
                    } else
                        continue;
                    PyObject *name = str_of(sub(t, 0, i));
                    PyObject *chips = name ? money_of(st, amount, cash) : NULL;
                    PyObject *n = chips ? PyLong_FromLong(pot) : NULL;
                    return hb(st, b, HB_COLLECT, 3, name, chips, n);
                }
            }
    }
    return NO_MATCH;
}

static const char *everleaf_noise_prefix[] = {"has disconnected", "has reconnected", "timed out"};
static const char *everleaf_noise_whole[] = {"is sitting out", "has joined the table",
                                             "has left the table", "sits out",
                                             "returns to the table"};

static int everleaf_noise(span t)
{
    for (Py_ssize_t i = 1; i < t.n; i++) {
        if (t.s[i] != ' ')
            continue;
        span r = sub(t, i + 1, t.n);
        for (int k = 0; k < 3; k++)
            if (starts(r, everleaf_noise_prefix[k]))
                return 1;
        for (int k = 0; k < 5; k++)
            if (equals(r, everleaf_noise_whole[k]))
                return 1;
    }
    return 0;
}

/* _ACTION's words in its order, and what each does. */
static const char *everleaf_words[] = {
    "posts small blind", "posts big blind", "posts ante", "posts dead blind", "posts", "calls",
    "bets", "raises", "checks", "folds", "is all-in", "goes all-in",
};
static const int everleaf_methods[] = {
    HB_POST, HB_POST, HB_POST, HB_POST, HB_POST, HB_CALL,
    HB_BET, HB_RAISE_BY_ADDED, HB_CHECK, HB_FOLD, HB_WAGER_ADDED, HB_WAGER_ADDED,
};
static const int everleaf_posts[] = {W_SMALL_BLIND, W_BIG_BLIND, W_ANTE, W_BIG_BLIND, W_BIG_BLIND};

static int everleaf_action(const state *st, PyObject *b, PyObject *cash, span t)
{
    for (Py_ssize_t i = 1; i < t.n; i++) {
        Py_ssize_t w;
        if (t.s[i] == ':' && everleaf_at(t, i + 1, " "))
            w = i + 2;
        else if (t.s[i] == ' ')
            w = i + 1;
        else
            continue;
        int k = 0;
        while (k < 12 && !everleaf_at(t, w, everleaf_words[k]))
            k++;
        if (k == 12)
            continue;
        span amount = {t.s, 0};
        Py_ssize_t e;
        if (!everleaf_amount(t, space_end(t, w + (Py_ssize_t)strlen(everleaf_words[k])),
                             &amount, &e))
            amount.n = 0;
        PyObject *name = str_of(sub(t, 0, i));
        if (!name)
            return FAIL;
        PyObject *chips = amount.n ? money_of(st, amount, cash) : PyLong_FromLong(0);
        if (!chips) {
            Py_DECREF(name);
            return FAIL;
        }
        int method = everleaf_methods[k];
        if (method == HB_POST)
            return hb(st, b, HB_POST, 3, name, word(st, everleaf_posts[k]), chips);
        if (method == HB_CHECK || method == HB_FOLD) {
            Py_DECREF(chips);
            return hb(st, b, method, 1, name);
        }
        return hb(st, b, method, 2, name, chips);
    }
    return BAIL;   /* (Python: "line not understood") */
}

/* What everleaf's loop reads a hand with and keeps (table, button). */
typedef struct {
    const state *st;
    PyObject *b, *cash, *table;
    long button;
} everleaf_hand;

/* One line of lines[1:] (a line_reader). */
static int everleaf_line(void *hand, PyObject *line, span t, int ascii)
{
    everleaf_hand *h = hand;
    const state *st = h->st;
    PyObject *b = h->b, *cash = h->cash, **table = &h->table;
    long *button = &h->button;
    int got;
    (void)line;
    if (!ascii)
        return BAIL;
    if (starts(t, "*****") || starts(t, "Blinds ") || starts(t, "Total number of players"))
        return OK;
    if (starts(t, "Table ")) {
        PyObject *name = str_of(stripped(sub(t, 6, t.n)));
        if (!name)
            return FAIL;
        replace(table, name);
        return OK;
    }
    if (starts(t, "Seat ") && ends(t, " is the button")) {
        /* int(line.split()[1]): "Seat", then the number */
        Py_ssize_t from = space_end(t, 4), to = from;
        while (to < t.n && !is_space(t.s[to]))
            to++;
        long number = small_number(sub(t, from, to));
        if (number < 0)
            return BAIL;
        *button = number;
        return OK;
    }
    if (starts(t, "Seat ") && (got = everleaf_seat(st, b, cash, t)) != NO_MATCH)
        return got;
    if (starts(t, "** Dealing down cards"))
        return OK;
    if (starts(t, "** Dealing ") && (got = everleaf_street(st, b, t)) != NO_MATCH)
        return got;
    if (starts(t, "Dealt to ")) {
        span rest = sub(t, 9, t.n);
        Py_ssize_t at = find(rest, 0, " [");
        span cards = at < 0 ? sub(rest, rest.n, rest.n) : sub(rest, at + 2, rest.n);
        while (cards.n && cards.s[cards.n - 1] == ']')
            cards.n--;
        PyObject *name = set_hero(b, at < 0 ? rest : sub(rest, 0, at));
        if (!name)
            return FAIL;
        return set_hole(b, name, words_tuple(cards, 1));
    }
    if (find(t, 0, " wins") >= 0 && (got = everleaf_wins(st, b, cash, t)) != NO_MATCH)
        return got;
    Py_ssize_t shows = find(t, 1, " shows [");
    if (shows >= 0) {
        Py_ssize_t close = find_char(t, shows + 8, ']');
        if (close >= 0) {
            PyObject *name = str_of(sub(t, 0, shows));
            PyObject *cards = name ? words_tuple(sub(t, shows + 8, close), 1) : NULL;
            return hb(st, b, HB_SHOW, 2, name, cards);
        }
    }
    if (find(t, 0, " mucks") >= 0 || find(t, 0, " does not show cards") >= 0)
        for (Py_ssize_t i = 1; i < t.n; i++) {
            if (t.s[i] != ' ')
                continue;
            span r = sub(t, i + 1, t.n);
            if (equals(r, "does not show cards") || starts(r, "mucks"))
                return hb(st, b, HB_MUCK, 1, str_of(sub(t, 0, i)));
        }
    if (everleaf_noise(t))
        return OK;
    return everleaf_action(st, b, cash, t);
}

/* everleaf_loop(lines, b, cash): what _loop(lines, b, cash) gives, or None. */
static PyObject *everleaf_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash;
    if (!PyArg_ParseTuple(args, "OOO", &lines, &b, &cash))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    if (!PyList_Check(lines))
        Py_RETURN_NONE;
    everleaf_hand h = {st, b, cash, PyUnicode_FromStringAndSize("", 0), 0};
    PyObject *out = NULL;
    int got = h.table ? each_line(lines, 1, everleaf_line, &h) : FAIL;
    if (got == OK)
        out = Py_BuildValue("(Ol)", h.table, h.button);
    else if (got == BAIL)
        out = ref(Py_None);
    Py_XDECREF(h.table);
    return out;
}

#define METHOD_EVERLEAF \
    {"everleaf_loop", everleaf_loop, METH_VARARGS, \
     "everleaf_loop(lines, builder, cash): the twin of everleaf._loop, or None"}
