/* hhsite_partypoker.c: the twin of hilo_fast.history.sites.partypoker._loop
 * (included by hhsites.c). partypoker_loop(lines, b, cash, first) reads
 * lines[first:] as _loop does (its elif chain, in its order, each pattern read
 * as the regex reads it) and returns what _loop returns, (summary, won,
 * main_pot, rake), or None where it is not sure (a line no branch reads, a
 * non-ASCII character where a \d or \w could read it, a line that ends in a
 * space: the reader strips its lines, so the patterns' \s*$ is the end).
 * A branch's reader answers NO_MATCH where its pattern does not match (the next one). */

/* The end of the run of ASCII [0-9.,] from i (a \d run's, or [\d.,]'s); *doubt
 * set when it stops at a non-ASCII character (a Unicode digit could go on). */
static Py_ssize_t party_run(span t, Py_ssize_t i, int digits_only, int *doubt)
{
    while (i < t.n && ((t.s[i] >= '0' && t.s[i] <= '9') ||
                       (!digits_only && (t.s[i] == '.' || t.s[i] == ','))))
        i++;
    if (i < t.n && (unsigned char)t.s[i] >= 0x80)
        *doubt = 1;
    return i;
}

/* The length of a [$€£] at i, or 0. */
static int party_sign(span t, Py_ssize_t i)
{
    span r = sub(t, i, t.n);
    if (starts(r, "$"))
        return 1;
    if (starts(r, "\xe2\x82\xac"))
        return 3;
    if (starts(r, "\xc2\xa3"))
        return 2;
    return 0;
}

/* b.<method>(name, money(amount, cash)) */
static int party_amount(const state *st, PyObject *b, int method, span name, span amount,
                        PyObject *cash)
{
    PyObject *chips = money_of(st, amount, cash);
    if (!chips)
        return FAIL;
    return hb(st, b, method, 2, str_of(name), chips);
}

static int party_name(const state *st, PyObject *b, int method, span name)
{
    return hb(st, b, method, 1, str_of(name));
}

/* _post(b, name, kind, amount, cash); kind: 0 small blind, 1 big blind, 2 ante, 3 dead blind */
static int party_post(const state *st, PyObject *b, span name, int kind, span amount,
                      PyObject *cash)
{
    PyObject *chips = money_of(st, amount, cash);
    if (!chips)
        return FAIL;
    if (kind == 3)
        return hb(st, b, HB_POST_DEAD, 2, str_of(name), chips);
    static const int words[3] = {W_SMALL_BLIND, W_BIG_BLIND, W_ANTE};
    return hb(st, b, HB_POST, 3, str_of(name), word(st, words[kind]), chips);
}

static const char *party_post_kinds[4] = {"small blind ", "big blind ", "ante ", "dead blind "};

/* The post kind (and its word's following space) at r's start: its index, *len set; or -1. */
static int party_post_kind(span r, Py_ssize_t *len)
{
    for (int k = 0; k < 4; k++)
        if (starts(r, party_post_kinds[k])) {
            *len = (Py_ssize_t)strlen(party_post_kinds[k]);
            return k;
        }
    return -1;
}

/* _QUICK.fullmatch(line) and (kind is None or " posts " not in line). */
static int party_quick(const state *st, PyObject *b, PyObject *cash, span t)
{
    Py_ssize_t sp = find_char(t, 0, ' ');
    if (sp < 1)
        return NO_MATCH;
    span name = sub(t, 0, sp), r = sub(t, sp + 1, t.n);
    if (equals(r, "folds"))
        return party_name(st, b, HB_FOLD, name);
    if (equals(r, "checks"))
        return party_name(st, b, HB_CHECK, name);
    int method = -1, kind = -1;
    Py_ssize_t at;
    if (starts(r, "calls "))
        method = HB_CALL, at = 6;
    else if (starts(r, "bets "))
        method = HB_BET, at = 5;
    else if (starts(r, "raises "))
        method = HB_RAISE_BY_ADDED, at = 7;
    else if (starts(r, "posts ") && (kind = party_post_kind(sub(r, 6, r.n), &at)) >= 0)
        at += 6;
    else
        return NO_MATCH;
    /* [\[(]([^\][()]+)[\])] then (a post) \.? and the end */
    if (at >= r.n || (r.s[at] != '[' && r.s[at] != '('))
        return NO_MATCH;
    Py_ssize_t e = at + 1;
    while (e < r.n && r.s[e] != '[' && r.s[e] != ']' && r.s[e] != '(' && r.s[e] != ')')
        e++;
    if (e == at + 1 || e >= r.n || (r.s[e] != ']' && r.s[e] != ')'))
        return NO_MATCH;
    span amount = sub(r, at + 1, e);
    Py_ssize_t end = e + 1;
    if (kind >= 0 && end < r.n && r.s[end] == '.')
        end++;
    if (end != r.n)
        return NO_MATCH;
    if (kind >= 0)
        return party_post(st, b, name, kind, amount, cash);
    if (find(t, 0, " posts ") >= 0)
        return NO_MATCH;
    return party_amount(st, b, method, name, amount, cash);
}

/* line.startswith("Seat ") and _SEAT.match(line) and not b.posts */
static int party_seat(const state *st, PyObject *b, PyObject *cash, span t)
{
    int doubt = 0;
    Py_ssize_t d = party_run(t, 5, 1, &doubt);
    if (doubt)
        return BAIL;
    if (d == 5 || !starts(sub(t, d, t.n), ": "))
        return NO_MATCH;
    long number = small_number(sub(t, 5, d));
    if (number < 0)
        return BAIL;
    Py_ssize_t q = d + 2;   /* the name's start */
    if (t.n < 1 || t.s[t.n - 1] != ')')
        return NO_MATCH;
    Py_ssize_t open = open_before(t, t.n - 1);
    /* " \(" at open - 1, the name (.+?) at least a character before it */
    if (open < 0 || open - 1 < q + 1 || t.s[open - 1] != ' ')
        return NO_MATCH;
    span chips = sub(t, open + 1, t.n - 1);
    if (chips.n && chips.s[0] == ' ')
        chips = sub(chips, 1, chips.n);
    if (chips.n && chips.s[chips.n - 1] == ' ')
        chips.n--;
    PyObject *posts = PyObject_GetAttrString(b, "posts");
    if (!posts)
        return FAIL;
    int truth = PyObject_IsTrue(posts);
    Py_DECREF(posts);
    if (truth < 0)
        return FAIL;
    if (truth)
        return NO_MATCH;
    PyObject *seat = PyLong_FromLong(number);
    if (!seat)
        return FAIL;
    PyObject *name = str_of(sub(t, q, open - 1));
    if (!name) {
        Py_DECREF(seat);
        return FAIL;
    }
    PyObject *stack = money_of(st, chips, cash);
    if (!stack) {
        Py_DECREF(seat);
        Py_DECREF(name);
        return FAIL;
    }
    return hb(st, b, HB_SEAT, 3, seat, name, stack);
}

/* line.startswith("** Dealing ") and _STREET.match(line) */
static int party_street(const state *st, PyObject *b, span t)
{
    static const char *names[4] = {"down cards **", "Flop **", "Turn **", "River **"};
    static const int words[4] = {-1, W_FLOP, W_TURN, W_RIVER};
    span r = sub(t, 11, t.n);
    for (int k = 0; k < 4; k++) {
        if (!starts(r, names[k]))
            continue;
        if (k == 0)
            return OK;
        span c = sub(r, (Py_ssize_t)strlen(names[k]), r.n);
        while (c.n && (c.s[0] == ' ' || c.s[0] == ':'))
            c.s++, c.n--;
        while (c.n && (c.s[c.n - 1] == ' ' || c.s[c.n - 1] == ':'))
            c.n--;
        PyObject *dealt = cards_of(st, c);
        if (!dealt)
            return FAIL;
        return hb(st, b, HB_NEW_STREET, 2, word(st, words[k]), dealt);
    }
    return NO_MATCH;
}

/* " posts " in line and _POST.match(line) */
static int party_posts(const state *st, PyObject *b, PyObject *cash, span t)
{
    for (Py_ssize_t p = find(t, 1, " posts "); p >= 0; p = find(t, p + 1, " posts ")) {
        span r = sub(t, p + 7, t.n);
        Py_ssize_t at;
        int kind = party_post_kind(r, &at);
        if (kind < 0 || at >= r.n || (r.s[at] != '[' && r.s[at] != '('))
            continue;
        Py_ssize_t e = at + 1;
        while (e < r.n && r.s[e] != ']' && r.s[e] != ')')
            e++;
        if (e == at + 1 || e >= r.n)
            continue;
        Py_ssize_t end = e + 1;
        if (end < r.n && r.s[end] == '.')
            end++;
        if (end != r.n)
            continue;
        return party_post(st, b, sub(t, 0, p), kind, sub(r, at + 1, e), cash);
    }
    return NO_MATCH;
}

/* _ACT's amount alternative from s0 ([\[(]?([^\])]+?)[\])]? and the end): 1 and *amount, or 0 */
static int party_act_amount(span t, Py_ssize_t s0, span *amount)
{
    for (int with = 1; with >= 0; with--) {
        Py_ssize_t s = s0;
        if (with) {
            if (s0 >= t.n || (t.s[s0] != '[' && t.s[s0] != '('))
                continue;
            s = s0 + 1;
        }
        Py_ssize_t cb = s;
        while (cb < t.n && t.s[cb] != ']' && t.s[cb] != ')')
            cb++;
        if (cb == t.n - 1 && cb >= s + 1) {
            *amount = sub(t, s, cb);
            return 1;
        }
        if (cb == t.n && t.n >= s + 1) {
            *amount = sub(t, s, t.n);
            return 1;
        }
    }
    return 0;
}

/* _ACT_WORD.search(line) and _ACT.match(line) (the line ends in no space) */
static int party_act(const state *st, PyObject *b, PyObject *cash, span t)
{
    static const char *kinds[5] = {"calls ", "bets ", "raises ", "is all-In ", "all-In "};
    static const int methods[5] = {HB_CALL, HB_BET, HB_RAISE_BY_ADDED, HB_WAGER_ADDED,
                                   HB_WAGER_ADDED};
    for (Py_ssize_t p = find_char(t, 1, ' '); p >= 0; p = find_char(t, p + 1, ' ')) {
        span name = sub(t, 0, p), r = sub(t, p + 1, t.n);
        if (starts(r, "raises ")) {   /* raises ([\d.,]+) to ([\d.,]+)\s*$ */
            int doubt = 0;
            Py_ssize_t e1 = party_run(r, 7, 0, &doubt);
            if (doubt)
                return BAIL;
            if (e1 > 7 && starts(sub(r, e1, r.n), " to ")) {
                Py_ssize_t e2 = party_run(r, e1 + 4, 0, &doubt);
                if (doubt)
                    return BAIL;
                if (e2 > e1 + 4 && e2 == r.n)
                    return party_amount(st, b, HB_RAISE_TO, name, sub(r, e1 + 4, e2), cash);
            }
        }
        for (int k = 0; k < 5; k++) {
            if (!starts(r, kinds[k]))
                continue;
            span amount;
            if (party_act_amount(r, (Py_ssize_t)strlen(kinds[k]), &amount))
                return party_amount(st, b, methods[k], name, amount, cash);
            break;
        }
        if (equals(r, "folds"))
            return party_name(st, b, HB_FOLD, name);
        if (equals(r, "checks"))
            return party_name(st, b, HB_CHECK, name);
    }
    return NO_MATCH;
}

/* " shows [" in line and _SHOWS.match(line) */
static int party_shows(const state *st, PyObject *b, span t)
{
    Py_ssize_t p = find(t, 1, " shows [");
    Py_ssize_t close = p < 0 ? -1 : find_char(t, p + 8, ']');
    if (close < 0)
        return NO_MATCH;
    PyObject *hole = cards_of(st, sub(t, p + 8, close));
    if (!hole)
        return FAIL;
    return hb(st, b, HB_SHOW, 2, str_of(sub(t, 0, p)), hole);
}

/* (name, chips, pot) onto won */
static int party_won(PyObject *won, span name, PyObject *chips, long pot)
{
    if (!chips)
        return FAIL;
    PyObject *who = str_of(name);
    PyObject *where = who ? PyLong_FromLong(pot) : NULL;
    PyObject *entry = where ? PyTuple_New(3) : NULL;
    if (!entry) {
        Py_XDECREF(who);
        Py_XDECREF(where);
        Py_DECREF(chips);
        return FAIL;
    }
    PyTuple_SetItem(entry, 0, who);
    PyTuple_SetItem(entry, 1, chips);
    PyTuple_SetItem(entry, 2, where);
    int done = PyList_Append(won, entry);
    Py_DECREF(entry);
    return done < 0 ? FAIL : OK;
}

/* _WINS's amount from a: [$€£]?[\d.,]+(?: USD| EUR| GBP)?(?: chips)?: its end, or -1 (no
 * match), or -2 (not sure) */
static Py_ssize_t party_wins_amount(span t, Py_ssize_t a)
{
    int doubt = 0;
    int sign = party_sign(t, a);
    Py_ssize_t e = party_run(t, a + sign, 0, &doubt);
    if (doubt)
        return -2;
    if (e == a + sign)
        return -1;   /* (no sign then: the sign is no digit) */
    span r = sub(t, e, t.n);
    if (starts(r, " USD") || starts(r, " EUR") || starts(r, " GBP"))
        e += 4;
    if (starts(sub(t, e, t.n), " chips"))
        e += 6;
    return e;
}

/* " wins " in line and _WINS.match(line) */
static int party_wins(const state *st, PyObject *cash, PyObject *won, span t)
{
    for (Py_ssize_t p = find(t, 1, " wins "); p >= 0; p = find(t, p + 1, " wins ")) {
        Py_ssize_t a = p + 6, e = -1;
        if (starts(sub(t, a, t.n), "Lo (")) {
            e = party_wins_amount(t, a + 4);
            if (e >= 0)
                a += 4;
        }
        if (e == -1)
            e = party_wins_amount(t, a);
        if (e == -2)
            return BAIL;
        if (e < 0)
            continue;
        span amount = sub(t, a, e);
        if (ends(amount, " chips"))
            amount.n -= 6;
        Py_ssize_t i = e;
        if (i < t.n && t.s[i] == ')')
            i++;
        long pot = 0;
        span r = sub(t, i, t.n);
        if (starts(r, " from the side pot")) {
            pot = 1;
            i += 18;
            if (i < t.n && t.s[i] == ' ') {
                int doubt = 0;
                Py_ssize_t d = party_run(t, i + 1, 1, &doubt);
                if (doubt || (i + 1 < t.n && (unsigned char)t.s[i + 1] >= 0x80))
                    return BAIL;
                if (d > i + 1 && (pot = small_number(sub(t, i + 1, d))) < 0)
                    return BAIL;
            }
        }
        return party_won(won, sub(t, 0, p), money_of(st, amount, cash), pot);
    }
    return NO_MATCH;
}

/* line.startswith("Main Pot: ") and _MAIN.match(line) */
static int party_main(const state *st, PyObject *cash, span t, PyObject **main_pot,
                      PyObject **rake)
{
    Py_ssize_t e = nonspace_end(t, 10);
    if (e == 10)
        return NO_MATCH;
    span rake_text = {t.s, 0};
    if (starts(sub(t, e, t.n), " Rake: ")) {
        Py_ssize_t r = nonspace_end(t, e + 7);
        if (r > e + 7)
            rake_text = sub(t, e + 7, r);
    }
    PyObject *pot = money_of(st, sub(t, 10, e), cash);
    if (!pot)
        return FAIL;
    replace(main_pot, pot);
    PyObject *taken = rake_text.n ? money_of(st, rake_text, cash) : PyLong_FromLong(0);
    if (!taken)
        return FAIL;
    replace(rake, taken);
    return OK;
}

/* " balance " in line and _BALANCE.match(line), and what its rest holds */
static int party_balance(const state *st, PyObject *b, PyObject *cash, PyObject *won, span t)
{
    for (Py_ssize_t p = find(t, 1, " balance "); p >= 0; p = find(t, p + 1, " balance ")) {
        Py_ssize_t s = p + 9, r = nonspace_end(t, s);
        if (r < s + 2 || t.s[r - 1] != ',' || r >= t.n || t.s[r] != ' ')
            continue;
        span name = sub(t, 0, p), rest = sub(t, r + 1, t.n);
        /* _COLLECTED.search(rest) */
        for (Py_ssize_t c = find(rest, 0, "collected "); c >= 0;
             c = find(rest, c + 1, "collected ")) {
            int doubt = 0;
            Py_ssize_t a = c + 10, sign = party_sign(rest, a);
            Py_ssize_t e = party_run(rest, a + sign, 0, &doubt);
            if (doubt)
                return BAIL;
            if (e == a + sign)
                continue;
            if (party_won(won, name, money_of(st, sub(rest, a, e), cash), 0) != OK)
                return FAIL;
            break;
        }
        /* _HOLE.search(rest) */
        for (Py_ssize_t i = find_char(rest, 0, '['); i >= 0; i = find_char(rest, i + 1, '[')) {
#define PARTY_CARD(j) ((j) + 1 < rest.n && strchr("23456789TJQKA", rest.s[j]) && rest.s[j] && \
                       strchr("cdhs", rest.s[(j) + 1]) && rest.s[(j) + 1])
            if (i + 1 >= rest.n || rest.s[i + 1] != ' ' || !PARTY_CARD(i + 2))
                continue;
            Py_ssize_t j = i + 4;
            int more = 0;
            while (j + 1 < rest.n && rest.s[j] == ',' && rest.s[j + 1] == ' ' && PARTY_CARD(j + 2))
                j += 4, more++;
            if (!more || !starts(sub(rest, j, rest.n), " ]"))
                continue;
#undef PARTY_CARD
            PyObject *hole = cards_of(st, sub(rest, i + 2, j));
            if (!hole)
                return FAIL;
            return hb(st, b, HB_SHOW, 2, str_of(name), hole);
        }
        return OK;
    }
    return NO_MATCH;
}

/* _NOISE.fullmatch(line) shown (1), or not shown (0: Python decides) */
static int party_noise(span t)
{
    static const char *starting[] = {"#Game No : ", "Trny: ", "Board: ",
                                     "Total number of players : ", NULL};
    for (int k = 0; starting[k]; k++)
        if (starts(t, starting[k]))
            return 1;
    if (starts(t, "Blinds(") && ends(t, ")"))
        return 1;
    if (starts(t, "Game #") && ends(t, " starts.") && t.n > 6 + 8) {
        span w = sub(t, 6, t.n - 8);
        for (Py_ssize_t i = 0; i < w.n; i++)
            if (!((w.s[i] >= '0' && w.s[i] <= '9') || (w.s[i] >= 'a' && w.s[i] <= 'z') || (w.s[i] >= 'A' && w.s[i] <= 'Z') || w.s[i] == '_'))
                return 0;
        return 1;
    }
    Py_ssize_t colon = find_char(t, 0, ':');   /* [^:]+: .* */
    if (colon >= 1 && colon + 1 < t.n && t.s[colon + 1] == ' ')
        return 1;
    Py_ssize_t shows = find(t, 1, " shows");   /* .+? shows.* for low\. */
    if (shows >= 1 && ends(t, " for low.") && shows + 6 <= t.n - 9)
        return 1;
    static const char *const ending[] = {" is sitting out", " has joined the table",
                                         " has joined the table.", " has left the table",
                                         " has left the table.", NULL};
    static const char *const holding[] = {" will be using ", " has been reconnected",
                                          " is disconnected", " finished in ", " doesn't show [",
                                          " muck ", " mucks ", NULL};
    return ends_any(t, ending) || holds_any(t, holding);
}

/* What partypoker's loop reads a hand with and keeps. */
typedef struct {
    const state *st;
    PyObject *b, *cash, *won, *main_pot, *rake;
    int summary;
} party_hand;

/* One line of play, as _loop's chain reads it (a line_reader). */
static int party_line(void *hand, PyObject *line, span t, int ascii)
{
    party_hand *h = hand;
    const state *st = h->st;
    PyObject *b = h->b, *cash = h->cash, *won = h->won;
    PyObject **main_pot = &h->main_pot, **rake = &h->rake;
    int *summary = &h->summary;
    (void)line, (void)ascii;
    if (memchr(t.s, '\n', (size_t)t.n))
        return BAIL;
    if (space_before(t))   /* a line ending in a space (\s*$ would read past it): not the reader's */
        return BAIL;
    int got = party_quick(st, b, cash, t);
    if (got != NO_MATCH)
        return got;
    if (starts(t, "Seat ") && (got = party_seat(st, b, cash, t)) != NO_MATCH)
        return got;
    if (starts(t, "** Dealing ") && (got = party_street(st, b, t)) != NO_MATCH)
        return got;
    if (starts(t, "** Summary **")) {
        *summary = 1;
        return OK;
    }
    if (find(t, 0, " posts ") >= 0 && (got = party_posts(st, b, cash, t)) != NO_MATCH)
        return got;
    if ((find(t, 0, " raises ") >= 0 || find(t, 0, " calls ") >= 0 ||
         find(t, 0, " bets ") >= 0 || find(t, 0, " all-In ") >= 0 ||
         find(t, 0, " folds") >= 0 || find(t, 0, " checks") >= 0) &&
        (got = party_act(st, b, cash, t)) != NO_MATCH)
        return got;
    if (starts(t, "Dealt to ") && (got = dealt_to(st, b, t)) != NO_MATCH)
        return got;
    if (find(t, 0, " shows [") >= 0 && (got = party_shows(st, b, t)) != NO_MATCH)
        return got;
    if (ends(t, " does not show cards.") && t.n > 21)
        return party_name(st, b, HB_MUCK, sub(t, 0, t.n - 21));
    if (find(t, 0, " wins ") >= 0 && (got = party_wins(st, cash, won, t)) != NO_MATCH)
        return got;
    if (starts(t, "Main Pot: ") && (got = party_main(st, cash, t, main_pot, rake)) != NO_MATCH)
        return got;
    if (find(t, 0, " balance ") >= 0 && (got = party_balance(st, b, cash, won, t)) != NO_MATCH)
        return got;
    return party_noise(t) ? OK : BAIL;
}

static PyObject *partypoker_loop(PyObject *module, PyObject *args)
{
    PyObject *lines, *b, *cash;
    Py_ssize_t first;
    if (!PyArg_ParseTuple(args, "OOOn", &lines, &b, &cash, &first))
        return NULL;
    const state *st = bound_state(module);
    if (!st)
        return NULL;
    if (!PyList_Check(lines) || first < 0)
        Py_RETURN_NONE;
    party_hand h = {st, b, cash, PyList_New(0), PyLong_FromLong(-1), PyLong_FromLong(-1), 0};
    int got = h.won && h.main_pot && h.rake ? each_line(lines, first, party_line, &h) : FAIL;
    PyObject *out = NULL;
    if (got == OK)
        out = Py_BuildValue("(OOOO)", h.summary ? Py_True : Py_False, h.won, h.main_pot, h.rake);
    else if (got == BAIL)
        out = ref(Py_None);
    Py_XDECREF(h.won);
    Py_XDECREF(h.main_pot);
    Py_XDECREF(h.rake);
    return out;
}

#define METHOD_PARTYPOKER \
    {"partypoker_loop", partypoker_loop, METH_VARARGS, \
     "partypoker_loop(lines, b, cash, first): _loop's (summary, won, main_pot, rake), or None"}
