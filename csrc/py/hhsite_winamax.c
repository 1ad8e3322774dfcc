/* hhsite_winamax.c: the twin of hilo_fast.history.sites.winamax._loop (included
 * by hhsites.c). winamax_loop(lines, builder, cash) reads lines[2:] as _loop
 * does, pattern by pattern, and returns (section, total, rake, side_collections)
 * or None. Non-ASCII text is read where the pattern reads any character (a
 * name, "€" in an amount); a \d that could meet a non-ASCII digit hands back. */

enum { WX_SEATS, WX_PLAY, WX_SHOWDOWN, WX_SUMMARY };
static const char *wx_sections[] = {"seats", "play", "showdown", "summary"};

/* _STREET: \*\*\* (?P<name>[A-Z/ -]+?) \*\*\*(?P<cards>.*), on a line starting "*** ".
 * 1 with name and cards set, or 0 (no match). */
static int wx_street(span line, span *name, span *cards)
{
    for (Py_ssize_t end = 5; end + 4 <= line.n; end++) {
        char c = line.s[end - 1];
        if (!((c >= 'A' && c <= 'Z') || c == '/' || c == ' ' || c == '-'))
            return 0;   /* (the name's characters end here: no later end either) */
        if (memcmp(line.s + end, " ***", 4) == 0) {
            *name = sub(line, 4, end);
            *cards = sub(line, end + 4, line.n);
            return 1;
        }
    }
    return 0;
}

/* An amount's \S+ from `at`: its end, or -1 when empty. */
static Py_ssize_t wx_amount(span t, Py_ssize_t at)
{
    Py_ssize_t end = nonspace_end(t, at);
    return end > at ? end : -1;
}

/* _ACTION's alternatives after "<name> ": the kind read and its amounts'
 * spans, and whether " and is all-in" ends it. 1 on a match of the whole tail. */
enum { WX_POST, WX_CALLS, WX_BETS, WX_RAISES, WX_FOLDS, WX_CHECKS };
typedef struct {
    int kind, all_in;
    span post, amount;   /* post: "small blind", "big blind" or "ante" */
} wx_action;

static int wx_tail_end(span tail, Py_ssize_t at, wx_action *a)
{
    static const char allin[] = " and is all-in";
    if (at == tail.n) {
        a->all_in = 0;
        return 1;
    }
    if (equals(sub(tail, at, tail.n), allin)) {
        a->all_in = 1;
        return 1;
    }
    return 0;
}

static int wx_action_tail(span tail, wx_action *a)
{
    static const char *posts[] = {"posts small blind ", "posts big blind ", "posts ante "};
    for (int k = 0; k < 3; k++)
        if (starts(tail, posts[k])) {
            Py_ssize_t from = (Py_ssize_t)strlen(posts[k]), end = wx_amount(tail, from);
            if (end < 0)
                return 0;
            a->kind = WX_POST;
            a->post = sub(tail, 6, from - 1);
            a->amount = sub(tail, from, end);
            if (starts(sub(tail, end, tail.n), " out of position"))
                end += 16;
            return wx_tail_end(tail, end, a);
        }
    if (starts(tail, "calls ") || starts(tail, "bets ")) {
        Py_ssize_t from = tail.s[0] == 'c' ? 6 : 5, end = wx_amount(tail, from);
        a->kind = tail.s[0] == 'c' ? WX_CALLS : WX_BETS;
        a->amount = sub(tail, from, end < 0 ? from : end);
        return end >= 0 && wx_tail_end(tail, end, a);
    }
    if (starts(tail, "raises ")) {
        Py_ssize_t by = wx_amount(tail, 7);
        if (by < 0 || !starts(sub(tail, by, tail.n), " to "))
            return 0;
        Py_ssize_t end = wx_amount(tail, by + 4);
        a->kind = WX_RAISES;
        a->amount = sub(tail, by + 4, end < 0 ? by + 4 : end);
        return end >= 0 && wx_tail_end(tail, end, a);
    }
    if (starts(tail, "folds") || starts(tail, "checks")) {
        a->kind = tail.s[0] == 'f' ? WX_FOLDS : WX_CHECKS;
        return wx_tail_end(tail, a->kind == WX_FOLDS ? 5 : 6, a);
    }
    return 0;
}

/* _ACTION.match: the lazy name is the first one after which the tail matches. */
static int wx_action_line(span line, span *who, wx_action *a)
{
    for (Py_ssize_t p = 1; p < line.n; p++)
        if (line.s[p] == ' ' && wx_action_tail(sub(line, p + 1, line.n), a)) {
            *who = sub(line, 0, p);
            return 1;
        }
    return 0;
}

/* _NOISE.match: a name, a space, and one of the words the site prints. */
static int wx_noise(span line)
{
    static const char *open[] = {"said, ", "joined the game", "will be allowed to play", "leaves",
                                 "does not show"};
    static const char *whole[] = {"sits out", "is sitting out", "has returned",
                                  "is disconnected", "is connected", "doesn't show"};
    for (Py_ssize_t p = 1; p < line.n; p++) {
        if (line.s[p] != ' ')
            continue;
        span tail = sub(line, p + 1, line.n);
        for (size_t k = 0; k < sizeof open / sizeof *open; k++)
            if (starts(tail, open[k]))
                return 1;
        for (size_t k = 0; k < sizeof whole / sizeof *whole; k++)
            if (equals(tail, whole[k]))
                return 1;
    }
    return 0;
}

/* "<name> <what> [<cards>]" (_DEALT after "Dealt to ", _SHOWS): the first
 * place from `from` where one of the words (each ending " [") starts with a
 * ']' after it; 1 with name, which word and the cards set. */
static int wx_bracketed(span line, Py_ssize_t from, const char **words, int n_words,
                        span *name, int *which, span *cards)
{
    for (Py_ssize_t p = from + 1; p < line.n; p++)
        for (int k = 0; k < n_words; k++)
            if (starts(sub(line, p, line.n), words[k])) {
                Py_ssize_t open = p + (Py_ssize_t)strlen(words[k]);
                Py_ssize_t close = find_char(line, open, ']');
                if (close < 0)
                    return 0;   /* (no ']' after this: none after a later one) */
                *name = sub(line, from, p);
                *which = k;
                *cards = sub(line, open, close);
                return 1;
            }
    return 0;
}

/* _COLLECTED.match: the greedy name is the last one after which
 * " collected <\S+> from <pot>" follows. pot: 0 main, k side pot k; BAIL where a
 * side pot's number could be a non-ASCII digit. */
static int wx_collected(span line, span *name, span *amount, long *pot)
{
    for (Py_ssize_t p = line.n - 1; p >= 1; p--) {
        if (!starts(sub(line, p, line.n), " collected "))
            continue;
        Py_ssize_t from = p + 11, end = wx_amount(line, from);
        if (end < 0 || !starts(sub(line, end, line.n), " from "))
            continue;
        span rest = sub(line, end + 6, line.n);
        if (starts(rest, "pot") || starts(rest, "main pot"))
            *pot = 0;
        else if (starts(rest, "side pot")) {
            span tail = sub(rest, 8, rest.n);
            Py_ssize_t digits = 1;
            if (tail.n >= 2 && tail.s[0] == ' ' && (digits = digits_end(tail, 1)) < 0)
                return BAIL;   /* (a non-ASCII digit would be read as one) */
            if (digits > 10)
                return BAIL;
            *pot = digits > 1 ? small_number(sub(tail, 1, digits)) : 1;
        } else
            continue;
        *name = sub(line, 0, p);
        *amount = sub(line, from, end);
        return OK;
    }
    return -2;   /* no match */
}

/* One line of the loop; OK, BAIL or FAIL. */
typedef struct {
    const state *st;
    PyObject *b, *cash, *side;
    int section;
    PyObject *total, *rake;   /* None until read (-1 in _loop) */
} wx_hand;

static int wx_street_line(wx_hand *h, span line)
{
    span name, rest;
    if (!wx_street(line, &name, &rest))
        return BAIL;
    static const char *streets[] = {"FLOP", "TURN", "RIVER"};
    static const int words[] = {W_FLOP, W_TURN, W_RIVER};
    for (int k = 0; k < 3; k++)
        if (equals(name, streets[k])) {
            span group;
            if (!group_of(rest, 1, &group))
                return BAIL;
            if (hb(h->st, h->b, HB_NEW_STREET, 2, word(h->st, words[k]), cards_of(h->st, group)))
                return FAIL;
            h->section = WX_PLAY;
            return OK;
        }
    if (equals(name, "SUMMARY"))
        h->section = WX_SUMMARY;
    else if (equals(name, "ANTE/BLINDS") || equals(name, "PRE-FLOP") || equals(name, "PRE FLOP"))
        h->section = WX_PLAY;
    else if (equals(name, "SHOW DOWN"))
        h->section = WX_SHOWDOWN;
    else
        return BAIL;   /* (another game: Python says which) */
    return OK;
}

/* _SEAT: Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>[^()]*)\)(?P<rest>.*) */
static int wx_seat_line(wx_hand *h, span line)
{
    if (!starts(line, "Seat "))
        return BAIL;
    Py_ssize_t colon = 5;
    while (colon < line.n && line.s[colon] >= '0' && line.s[colon] <= '9')
        colon++;
    if (colon == 5 || colon - 5 > 9 || !starts(sub(line, colon, line.n), ": "))
        return BAIL;   /* (or a non-ASCII digit: Python decides) */
    long number = small_number(sub(line, 5, colon));
    Py_ssize_t from = colon + 2;
    for (Py_ssize_t p = line.n - 2; p >= from + 1; p--) {   /* the greedy name's end */
        if (line.s[p] != ' ' || line.s[p + 1] != '(')
            continue;
        Py_ssize_t close = p + 2;
        while (close < line.n && line.s[close] != '(' && line.s[close] != ')')
            close++;
        if (close == line.n || line.s[close] != ')')
            continue;
        span rest = sub(line, close + 1, line.n);
        PyObject *chips = money_of(h->st, sub(line, p + 2, close), h->cash);
        PyObject *out = PyBool_FromLong(find(rest, 0, "out") >= 0);
        return hb(h->st, h->b, HB_SEAT, 4, PyLong_FromLong(number), str_of(sub(line, from, p)),
                  chips, out);
    }
    return BAIL;
}

static int wx_total_line(wx_hand *h, span line)
{
    /* Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))? */
    Py_ssize_t end = wx_amount(line, 10);
    if (end < 0)
        return OK;   /* (no match: the line says nothing) */
    PyObject *total = money_of(h->st, sub(line, 10, end), h->cash);
    if (!total)
        return FAIL;
    replace(&h->total, total);
    span after = sub(line, end, line.n);
    Py_ssize_t rake_end = starts(after, " | Rake ") ? wx_amount(after, 8) : -1;
    PyObject *rake = rake_end < 0 ? PyLong_FromLong(0) : money_of(h->st, sub(after, 8, rake_end),
                                                                  h->cash);
    if (!rake)
        return FAIL;
    replace(&h->rake, rake);
    return OK;
}

static int wx_action_apply(wx_hand *h, span who, const wx_action *a)
{
    const state *st = h->st;
    int err;
    if (a->kind == WX_POST) {
        int w = equals(a->post, "small blind") ? W_SMALL_BLIND
                : equals(a->post, "big blind") ? W_BIG_BLIND : W_ANTE;
        PyObject *name = str_of(who), *amount = money_of(st, a->amount, h->cash);
        return hb(st, h->b, HB_POST, 3, name, word(st, w), amount);
    }
    if (a->kind == WX_FOLDS || a->kind == WX_CHECKS)
        err = hb(st, h->b, a->kind == WX_FOLDS ? HB_FOLD : HB_CHECK, 1, str_of(who));
    else {
        PyObject *name = str_of(who), *amount = money_of(st, a->amount, h->cash);
        int method = a->kind == WX_CALLS ? HB_CALL : a->kind == WX_BETS ? HB_BET : HB_RAISE_TO;
        err = hb(st, h->b, method, 2, name, amount);
    }
    if (err || !a->all_in)
        return err;
    /* "and is all-in" with chips behind: Python words it */
    PyObject *actions = PyObject_GetAttrString(h->b, "actions");
    if (!actions)
        return FAIL;
    Py_ssize_t n = PyList_Check(actions) ? PyList_Size(actions) : 0;
    PyObject *last = n > 0 ? PyList_GetItem(actions, n - 1) : NULL;
    PyObject *all_in = last && PyTuple_Check(last) && PyTuple_Size(last) == 6
                       ? PyTuple_GetItem(last, 5) : NULL;
    int ok = all_in == Py_True;
    Py_DECREF(actions);
    return ok ? OK : BAIL;
}

static int wx_dealt_line(wx_hand *h, span name, span group)
{
    PyObject *who = str_of(name);
    if (!who || PyObject_SetAttrString(h->b, "hero", who)) {
        Py_XDECREF(who);
        return FAIL;
    }
    PyObject *hole = cards_of(h->st, group);
    PyObject *holes = hole ? PyObject_GetAttrString(h->b, "holes") : NULL;
    int err = !holes || PyObject_SetItem(holes, who, hole);
    Py_XDECREF(holes);
    Py_XDECREF(hole);
    Py_DECREF(who);
    return err ? FAIL : OK;
}

static int wx_line(void *hand, PyObject *item, span line, int ascii)   /* (a line_reader) */
{
    wx_hand *h = hand;
    (void)item, (void)ascii;
    const state *st = h->st;
    if (starts(line, "*** "))
        return wx_street_line(h, line);
    if (h->section == WX_SEATS)
        return wx_seat_line(h, line);
    if (h->section == WX_SUMMARY)
        return starts(line, "Total pot ") ? wx_total_line(h, line) : OK;
    span who, name, group;
    wx_action a;
    int which;
    if (wx_action_line(line, &who, &a))
        return wx_action_apply(h, who, &a);
    static const char *dealt[] = {" ["};
    if (starts(line, "Dealt to ") && wx_bracketed(line, 9, dealt, 1, &name, &which, &group))
        return wx_dealt_line(h, name, group);
    static const char *shows[] = {" shows [", " mucks ["};
    if ((find(line, 0, " shows [") >= 0 || find(line, 0, " mucks [") >= 0)
        && wx_bracketed(line, 0, shows, 2, &name, &which, &group)) {
        PyObject *hole = cards_of(st, group);
        if (!hole)
            return FAIL;
        return hb(st, h->b, which == 0 ? HB_SHOW : HB_MUCK, 2, str_of(name), hole);
    }
    if (find(line, 0, " collected ") >= 0) {
        span amount;
        long pot;
        int got = wx_collected(line, &name, &amount, &pot);
        if (got == BAIL)
            return BAIL;
        if (got == OK) {
            PyObject *item = Py_BuildValue("(lNN)", pot, str_of(name),
                                           money_of(st, amount, h->cash));
            if (!item)
                return FAIL;
            int err = PyList_Append(h->side, item);
            Py_DECREF(item);
            return err ? FAIL : OK;
        }
    }
    return wx_noise(line) ? OK : BAIL;
}

static PyObject *winamax_loop(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines, *b, *cash;
    if (!st || !PyArg_ParseTuple(args, "O!OO", &PyList_Type, &lines, &b, &cash))
        return NULL;
    wx_hand h = {st, b, cash, PyList_New(0), WX_SEATS, PyLong_FromLong(-1), PyLong_FromLong(-1)};
    int status = h.side && h.total && h.rake ? each_line(lines, 2, wx_line, &h) : FAIL;
    PyObject *out = NULL;
    if (status == OK)
        out = Py_BuildValue("(sOOO)", wx_sections[h.section], h.total, h.rake, h.side);
    else if (status == BAIL)
        out = ref(Py_None);
    Py_XDECREF(h.side);
    Py_XDECREF(h.total);
    Py_XDECREF(h.rake);
    return out;
}

#define METHOD_WINAMAX                                                                      \
    {"winamax_loop", winamax_loop, METH_VARARGS,                                            \
     "winamax_loop(lines, builder, cash): winamax._loop's result, or None (see "            \
     "csrc/py/hhsite_winamax.c)."}
