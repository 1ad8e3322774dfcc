/* hhlines.c: hilo_fast._hhlines, the twin in C of the PokerStars reader's line
 * loop (hilo_fast.history.sites.pokerstars._HandParser.read_lines), a CPython builtin.
 *
 * read_lines's Python loop is most of the time the reader spends on a hand.
 * read_lines(lines, cash) here reads the same lines (stripped, not blank, the
 * header and table line first) and returns what read_lines returns, equal in
 * value and type (SeatInfo, Post and HHAction tuples, lists, a dict), or None:
 * "not sure, let Python read this hand". It answers only hands whose every line
 * it reads exactly as the Python loop does: printable ASCII, the line kinds
 * real histories have, names without ": ", amounts of at most 15 digits. Any
 * error, rare line or doubt gives None, and the Python loop then reads the hand
 * and words its error: the Python loop stays the reference and the only place
 * errors are worded.
 *
 * read_hand(block, cash) goes further: it takes a hand's raw lines as the
 * reader gathers them (the header first; blank lines, spaces and line ends
 * still there), strips them as str.strip() does (ASCII lines only), makes the
 * checks _HandParser.parse makes after the loop and the fields it makes from
 * the loop's result (collected, dealt_in, the tuples); it returns the table
 * line stripped (the caller reads it, and the header) and those fields, or
 * None. read_span(text, start, stop, cash) is read_hand of
 * text[start:stop].split("\n") for an ASCII text, without the list: the file
 * reader's buffer read in place. Only the limited API (3.10) is used, as by
 * the other builtins of csrc/py/. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "hhtext.h"
#include "named.h"

#define MAX_SEATS 16
#define MAX_CARDS 16    /* cards in one bracket group */
#define MAX_DIGITS 15   /* of an amount's whole part: stays far from int64's end */
#define COLLECTED_CAP 1000000000000000000LL   /* a sum of collected amounts stays below 2^63 */

enum { SEATS, POSTS, HAND, SUMMARY, N_SECTIONS };
enum { PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, N_STREETS };
enum { FOLD, CHECK, CALL, BET, RAISE, RETURN, N_KINDS };
enum { SMALL, BIG, BOTH, ANTE, STRADDLE, N_POSTS };

static const char *section_names[N_SECTIONS] = {"seats", "posts", "hand", "summary"};
static const char *street_names[N_STREETS] = {"preflop", "flop", "turn", "river", "showdown"};
static const char *kind_names[N_KINDS] = {"fold", "check", "call", "bet", "raise", "return"};
static const char *post_names[N_POSTS] = {"small blind", "big blind", "small & big blinds",
                                          "ante", "straddle"};
/* As the lines print the posts, in _POST's order of alternatives. */
static const char *post_texts[N_POSTS] = {"small blind", "big blind", "small & big blinds",
                                          "the ante", "straddle"};
static const char RANKS[] = "23456789TJQKA", SUITS[] = "cdhs";

typedef struct {
    PyObject *seat_cls, *post_cls, *action_cls;   /* SeatInfo, Post, HHAction (bind) */
    named_maker maker;                              /* how named tuples are made */
    PyObject *sections[N_SECTIONS], *streets[N_STREETS], *kinds[N_KINDS], *posts[N_POSTS];
    PyObject *cards[52];                            /* "2c", "2d", ... by rank * 4 + suit */
    PyObject *header_kinds[5];                      /* hhlines_header.c's, interned */
    PyObject *a_hole_count, *a_exposed, *a_cash, *a_head, *a_tail;   /* a parsed header's */
} state;

/* _parse_money: 0 and *out set, or -1 where Python would refuse the amount or
 * the amount is too long to be sure of. */
static int money(span t, int cash, long long *out)
{
    char digits[64];
    Py_ssize_t n = 0, i = 0;
    while (i < t.n && t.s[i] == '$')   /* lstrip("$€£") (ASCII: '$' only) */
        i++;
    for (; i < t.n; i++) {             /* replace(",", "") */
        if (t.s[i] == ',')
            continue;
        if (n == (Py_ssize_t)sizeof digits)
            return -1;
        digits[n++] = t.s[i];
    }
    span d = {digits, n};
    Py_ssize_t dot = find_char(d, 0, '.');
    span whole = dot < 0 ? d : sub(d, 0, dot), frac = dot < 0 ? sub(d, n, n) : sub(d, dot + 1, n);
    if (!is_digits(whole) && !(whole.n == 0 && is_digits(frac)))
        return -1;
    if (whole.n > MAX_DIGITS)
        return -1;
    long long v = 0;
    for (Py_ssize_t k = 0; k < whole.n; k++)
        v = v * 10 + (whole.s[k] - '0');
    if (!cash) {
        for (Py_ssize_t k = 0; dot >= 0 && k < frac.n; k++)
            if (frac.s[k] != '0')
                return -1;   /* fractional chips */
        *out = v;
        return 0;
    }
    if (frac.n > 2 || (frac.n && !is_digits(frac)))
        return -1;
    long long cents = frac.n == 0 ? 0 : frac.n == 1 ? (frac.s[0] - '0') * 10
                                                  : (frac.s[0] - '0') * 10 + (frac.s[1] - '0');
    *out = v * 100 + cents;
    return 0;
}

/* _cards: the cards of a text split at spaces into ids[], their number, or -1
 * (a word that is no card, or more than MAX_CARDS). */
static int card_ids(span t, int *ids)
{
    int n = 0;
    Py_ssize_t i = 0;
    while (i < t.n) {
        if (t.s[i] == ' ') {
            i++;
            continue;
        }
        Py_ssize_t j = i;
        while (j < t.n && t.s[j] != ' ')
            j++;
        const char *r = j - i == 2 ? strchr(RANKS, t.s[i]) : NULL;
        const char *s = r ? strchr(SUITS, t.s[i + 1]) : NULL;
        if (!r || !s || !*r || !*s || n == MAX_CARDS)
            return -1;
        ids[n++] = (int)(r - RANKS) * 4 + (int)(s - SUITS);
        i = j;
    }
    return n;
}

static PyObject *card_tuple(const state *st, const int *ids, int n)
{
    PyObject *t = PyTuple_New(n);
    for (int k = 0; t && k < n; k++) {
        Py_INCREF(st->cards[ids[k]]);
        PyTuple_SetItem(t, k, st->cards[ids[k]]);
    }
    return t;
}

static PyObject *ref(PyObject *o)
{
    Py_INCREF(o);
    return o;
}

static PyObject *flag(int b) { return ref(b ? Py_True : Py_False); }

/* *slot = value (a new reference), the old one released (Py_XSETREF, not in the limited API) */
static void replace(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

enum { OK = 0, BAIL = 1, FAIL = -1 };   /* a line read; not sure (None); a Python error */

/* A sequence a hand builds: its items (references held), in room for a
 * hand's usual count and on the heap past it; a tuple or list at the end.
 * (Python lists made only to become tuples cost the reader 1% of the import.) */
enum { SEQ_ROOM = 24 };
typedef struct {
    PyObject **items;   /* room, or the heap */
    Py_ssize_t n, capacity;
    PyObject *room[SEQ_ROOM];
} seq;

static void seq_start(seq *q)
{
    q->items = q->room, q->n = 0, q->capacity = SEQ_ROOM;
}

/* Append item, a reference stolen (NULL: a failed call, its error set); OK or FAIL. */
static int seq_add(seq *q, PyObject *item)
{
    if (!item)
        return FAIL;
    if (q->n == q->capacity) {
        PyObject **more = q->capacity > PY_SSIZE_T_MAX / 2 / (Py_ssize_t)sizeof(PyObject *)
            ? NULL : PyMem_Malloc(2 * (size_t)q->capacity * sizeof(PyObject *));
        if (!more) {
            Py_DECREF(item);
            PyErr_NoMemory();
            return FAIL;
        }
        memcpy(more, q->items, (size_t)q->n * sizeof(PyObject *));
        if (q->items != q->room)
            PyMem_Free(q->items);
        q->items = more, q->capacity *= 2;
    }
    q->items[q->n++] = item;
    return OK;
}

static int seq_push(seq *q, PyObject *item)   /* item borrowed */
{
    Py_INCREF(item);
    return seq_add(q, item);
}

/* The items as a new tuple or list, or NULL. */
enum { AS_TUPLE, AS_LIST };
static PyObject *seq_made(const seq *q, int as)
{
    PyObject *out = as == AS_LIST ? PyList_New(q->n) : PyTuple_New(q->n);
    for (Py_ssize_t k = 0; out && k < q->n; k++) {
        Py_INCREF(q->items[k]);
        if (as == AS_LIST)
            PyList_SetItem(out, k, q->items[k]);
        else
            PyTuple_SetItem(out, k, q->items[k]);
    }
    return out;
}

static void seq_free(seq *q)
{
    for (Py_ssize_t k = 0; k < q->n; k++)
        Py_DECREF(q->items[k]);
    if (q->items != q->room)
        PyMem_Free(q->items);
    q->items = q->room, q->n = 0;
}

/* What one hand builds, and the seats it knows by name. */
typedef struct {
    const state *st;
    int cash, section, street, cancelled;
    seq seats, posts, actions, board, shown, mucked, pot_collections, summary_seats;
    PyObject *holes, *pots, *hero;
    PyObject *args;   /* the 1-tuple named_tuple() passes to tuple's tp_new */
    int n_seats, n_board, board_ids[5];
    long numbers[MAX_SEATS];
    PyObject *names[MAX_SEATS];   /* borrowed from the SeatInfo tuples in seats */
    span name_of[MAX_SEATS];
    char has_shown[MAX_SEATS], in_summary[MAX_SEATS], sitting_out[MAX_SEATS];
    long long total, rake;
    /* collected, for read_hand: by seat, and the seats in the order they first collect */
    long long collected[MAX_SEATS];
    int collectors[MAX_SEATS], n_collectors;
} hand;

static int seat_named(const hand *h, span who)
{
    for (int k = 0; k < h->n_seats; k++)
        if (h->name_of[k].n == who.n && memcmp(h->name_of[k].s, who.s, (size_t)who.n) == 0)
            return k;
    return -1;
}

static int seat_numbered(const hand *h, long number)
{
    for (int k = 0; k < h->n_seats; k++)
        if (h->numbers[k] == number)
            return k;
    return -1;
}

static int add_action(hand *h, int seat, int kind, long long amount, long long to, int all_in)
{
    const state *st = h->st;
    PyObject *items[6] = {ref(st->streets[h->street]), ref(h->names[seat]), ref(st->kinds[kind]),
                          PyLong_FromLongLong(amount), PyLong_FromLongLong(to), flag(all_in)};
    return seq_add(&h->actions, named_tuple(&st->maker, h->args, st->action_cls, 6, items));
}

/* holes[name] = the cards of `group` */
static int set_holes(hand *h, int seat, span group)
{
    int ids[MAX_CARDS];
    int n = card_ids(group, ids);
    if (n < 0)
        return BAIL;
    PyObject *cards = card_tuple(h->st, ids, n);
    if (!cards)
        return FAIL;
    int err = PyDict_SetItem(h->holes, h->names[seat], cards);
    Py_DECREF(cards);
    return err ? FAIL : OK;
}

/* "*** NAME ***cards" */
static int street_line(hand *h, span line)
{
    /* _STREET: the shortest run of [A-Z ] after "*** " followed by " ***" */
    if (!starts(line, "*** "))
        return BAIL;
    Py_ssize_t k = 4;
    for (;; k++) {
        if (k >= line.n || !((line.s[k] >= 'A' && line.s[k] <= 'Z') || line.s[k] == ' '))
            return BAIL;
        if (starts(sub(line, k + 1, line.n), " ***"))
            break;
    }
    span name = sub(line, 4, k + 1), cards = sub(line, k + 5, line.n);
    if (equals(name, "HOLE CARDS")) {
        h->section = HAND;
        return OK;
    }
    if (equals(name, "SHOW DOWN") || equals(name, "SHOWDOWN")) {
        h->section = HAND;
        h->street = SHOWDOWN;
        return OK;
    }
    if (equals(name, "SUMMARY")) {
        h->section = SUMMARY;
        return OK;
    }
    int street = equals(name, "FLOP") ? FLOP : equals(name, "TURN") ? TURN
               : equals(name, "RIVER") ? RIVER : -1;
    if (street < 0)
        return BAIL;
    h->section = HAND;
    h->street = street;
    span group;
    int ids[MAX_CARDS];
    int n = group_of(cards, 1, &group) ? card_ids(group, ids) : -1;
    if (n <= 0 || h->n_board + n != street + 2)   /* 3, 4, 5 cards once dealt */
        return BAIL;
    for (int j = 0; j < n; j++) {
        h->board_ids[h->n_board++] = ids[j];
        if (seq_push(&h->board, h->st->cards[ids[j]]))
            return FAIL;
    }
    return OK;
}

/* _SEAT.fullmatch's groups from the name on (it starts at `from`): 1, or 0 for
 * no match. As the regex backtracks: the name greedy (the last " (" that
 * fits first), then the chips lazy (the first " in chips" that fits). */
static int seat_parts(span line, Py_ssize_t from, span *name, span *chips, span *bounty,
                      span *rest)
{
    for (Py_ssize_t open = line.n - 1; open >= from + 2; open--) {
        if (line.s[open] != '(' || line.s[open - 1] != ' ')
            continue;
        Py_ssize_t close = open + 1;   /* the chips and bounty hold no "(" or ")" */
        while (close < line.n && line.s[close] != '(' && line.s[close] != ')')
            close++;
        if (close == line.n || line.s[close] != ')')
            continue;
        for (Py_ssize_t at = find(line, open + 1, " in chips"); at >= 0 && at + 9 <= close;
             at = find(line, at + 1, " in chips")) {
            Py_ssize_t after = at + 9;
            *bounty = (span){NULL, 0};
            if (after != close) {   /* ", B bounty)" or nothing */
                if (close - 7 < after + 2 || !starts(sub(line, after, close), ", ")
                    || memcmp(line.s + close - 7, " bounty", 7))
                    continue;
                *bounty = sub(line, after + 2, close - 7);
            }
            *name = sub(line, from, open - 1);
            *chips = sub(line, open + 1, at);
            *rest = sub(line, close + 1, line.n);
            return 1;
        }
    }
    return 0;
}

/* "Seat N: name (chips in chips[, bounty bounty])rest" in the seat list */
static int seat_line(hand *h, span line)
{
    Py_ssize_t colon = find(line, 5, ": ");
    long number = colon < 0 ? -1 : small_number(sub(line, 5, colon));
    span name, chips, bounty, rest;
    if (number < 0 || !seat_parts(line, colon + 2, &name, &chips, &bounty, &rest)
        || find(name, 0, ": ") >= 0 || h->n_seats == MAX_SEATS)
        return BAIL;
    long long stack;
    if (money(chips, h->cash, &stack) || seat_named(h, name) >= 0 || seat_numbered(h, number) >= 0)
        return BAIL;
    const state *st = h->st;
    PyObject *name_obj = PyUnicode_FromStringAndSize(name.s, name.n);
    if (!name_obj)
        return FAIL;
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(name_obj, &size);   /* kept by name_obj */
    PyObject *bounty_obj = bounty.s ? PyUnicode_FromStringAndSize(bounty.s, bounty.n)
                                    : ref(Py_None);
    PyObject *items[5] = {PyLong_FromLong(number), ref(name_obj), PyLong_FromLongLong(stack),
                          flag(find(rest, 0, "sitting out") >= 0), bounty_obj};
    Py_DECREF(name_obj);   /* the SeatInfo holds it */
    if (!utf8) {
        for (int k = 0; k < 5; k++)
            Py_XDECREF(items[k]);
        return FAIL;
    }
    PyObject *info = named_tuple(&st->maker, h->args, st->seat_cls, 5, items);
    if (seq_add(&h->seats, info))
        return FAIL;
    int k = h->n_seats++;
    h->numbers[k] = number;
    h->names[k] = PyTuple_GetItem(info, 1);   /* held by seats */
    h->name_of[k] = (span){utf8, size};
    h->has_shown[k] = h->in_summary[k] = 0;
    h->sitting_out[k] = (char)(PyTuple_GetItem(info, 3) == Py_True);
    h->collected[k] = 0;
    return OK;
}

/* "Seat N: name ..." in the summary */
static int summary_seat(hand *h, span line)
{
    Py_ssize_t colon = find(line, 5, ": ");
    long number = colon < 0 ? -1 : small_number(sub(line, 5, colon));
    int seat = number < 0 ? -1 : seat_numbered(h, number);
    if (seat < 0)
        return BAIL;
    span rest = sub(line, colon + 2, line.n), name = h->name_of[seat];
    if (rest.n < name.n || memcmp(rest.s, name.s, (size_t)name.n))
        return BAIL;
    if (seq_push(&h->summary_seats, h->names[seat]))
        return FAIL;
    h->in_summary[seat] = 1;
    if (find_char(rest, 0, '[') < 0)
        return OK;
    static const char *verbs[2] = {" showed [", " mucked ["};
    for (int v = 0; v < 2; v++) {
        Py_ssize_t at = find(rest, 0, verbs[v]), end;
        span group;
        if (at >= 0 && bracket(rest, at, &group, &end)) {
            int err = set_holes(h, seat, group);
            if (err)
                return err;
        }
    }
    return OK;
}

/* The split read of "calls $1", "bets 5 and is all-in", "raises 2 to 4": 1 and
 * the action's fields, or 0 where read_lines's split path does not read it. */
static int split_action(span what, int cash, int *kind, long long *amount, long long *to,
                        int *all_in)
{
    span words[8];
    int n = 0;
    Py_ssize_t i = 0;
    for (;;) {   /* what.split(" ") */
        Py_ssize_t j = find_char(what, i, ' ');
        if (n == 8)
            return 0;
        words[n++] = sub(what, i, j < 0 ? what.n : j);
        if (j < 0)
            break;
        i = j + 1;
    }
    *all_in = n > 3 && equals(words[n - 3], "and") && equals(words[n - 2], "is")
              && equals(words[n - 1], "all-in");
    if (*all_in)
        n -= 3;
    *to = 0;
    if (n == 2 && (equals(words[0], "calls") || equals(words[0], "bets"))) {
        *kind = equals(words[0], "calls") ? CALL : BET;
        return money(words[1], cash, amount) == 0 ? 1 : -1;
    }
    if (n == 4 && equals(words[0], "raises") && equals(words[2], "to")) {
        *kind = RAISE;
        return money(words[1], cash, amount) == 0 && money(words[3], cash, to) == 0 ? 1 : -1;
    }
    return 0;
}

/* "who: what" of a seated player */
static int player_line(hand *h, int seat, span what)
{
    if (equals(what, "folds") || starts(what, "folds ["))
        return add_action(h, seat, FOLD, 0, 0, 0);
    if (equals(what, "checks"))
        return add_action(h, seat, CHECK, 0, 0, 0);
    if (starts(what, "calls ") || starts(what, "bets ") || starts(what, "raises ")) {
        int kind, all_in;
        long long amount, to;
        if (split_action(what, h->cash, &kind, &amount, &to, &all_in) != 1)
            return BAIL;
        return add_action(h, seat, kind, amount, to, all_in);
    }
    if (starts(what, "posts ")) {
        if (h->section == HAND)
            return BAIL;
        span post = sub(what, 6, what.n);
        int kind = 0;
        while (kind < N_POSTS && !(starts(post, post_texts[kind])
                                   && post.n > (Py_ssize_t)strlen(post_texts[kind])
                                   && post.s[strlen(post_texts[kind])] == ' '))
            kind++;
        if (kind == N_POSTS)
            return BAIL;
        span tail = sub(post, (Py_ssize_t)strlen(post_texts[kind]) + 1, post.n);
        Py_ssize_t space = find_char(tail, 0, ' ');
        span amount_text = space < 0 ? tail : sub(tail, 0, space);
        int all_in = space >= 0;
        long long amount;
        if (amount_text.n == 0 || (all_in && !equals(sub(tail, space, tail.n), " and is all-in"))
            || money(amount_text, h->cash, &amount))
            return BAIL;
        const state *st = h->st;
        PyObject *items[4] = {ref(h->names[seat]), ref(st->posts[kind]),
                              PyLong_FromLongLong(amount), flag(all_in)};
        if (seq_add(&h->posts, named_tuple(&st->maker, h->args, st->post_cls, 4, items)))
            return FAIL;
        if (h->section == SEATS)
            h->section = POSTS;
        return OK;
    }
    if (starts(what, "shows [")) {
        span group;
        if (!group_of(what, 0, &group))
            return BAIL;
        int err = set_holes(h, seat, group);
        if (err || h->has_shown[seat])
            return err;
        h->has_shown[seat] = 1;
        return seq_push(&h->shown, h->names[seat]);
    }
    if (starts(what, "mucks")) {
        span group;
        if (group_of(what, 0, &group)) {
            int err = set_holes(h, seat, group);
            if (err)
                return err;
        }
        return seq_push(&h->mucked, h->names[seat]);
    }
    static const char *quiet[] = {"doesn't show hand", "does not show hand", "is sitting out",
                                  "sits out", "is disconnected", "has returned", "has timed out",
                                  "is away", "sitting out"};
    for (size_t k = 0; k < sizeof quiet / sizeof *quiet; k++)
        if (equals(what, quiet[k]))
            return OK;
    return BAIL;
}

/* "Total pot $5 Main pot $4. Side pot $1. | Rake $0.20" */
static int total_line(hand *h, span line)
{
    if (!starts(line, "Total pot "))
        return BAIL;
    Py_ssize_t run = 10;
    while (run < line.n && line.s[run] != ' ')
        run++;
    span total_text = sub(line, 10, run);
    Py_ssize_t bar = find_char(line, run, '|');
    if (total_text.n == 0 || find_char(total_text, 0, '|') >= 0 || bar < 0)
        return BAIL;
    Py_ssize_t pots_end = bar;
    while (pots_end > run && line.s[pots_end - 1] == ' ')
        pots_end--;
    span pots = sub(line, run, pots_end), tail = sub(line, bar + 1, line.n);
    long long total, rake = 0, amounts[16];
    int n_pots = 0;
    /* _SIDE_POTS.findall(pots + " ") */
    char padded[MAX_LINE + 2];
    memcpy(padded, pots.s, (size_t)pots.n);
    padded[pots.n] = ' ';
    span p = {padded, pots.n + 1};
    for (Py_ssize_t i = 0; i < p.n;) {
        span at = sub(p, i, p.n);
        if (!starts(at, "Main pot") && !starts(at, "Side pot")) {
            i++;
            continue;
        }
        Py_ssize_t j = i + 8;
        if (j < p.n && p.s[j] == '-' && j + 1 < p.n && p.s[j + 1] >= '0' && p.s[j + 1] <= '9') {
            j++;
            while (j < p.n && p.s[j] >= '0' && p.s[j] <= '9')
                j++;
        }
        Py_ssize_t e = j + 2, end = -1;   /* the amount: p[j+1:e], the shortest that fits */
        if (j < p.n && p.s[j] == ' ')
            for (; e < p.n && p.s[e - 1] != ' '; e++)
                if (p.s[e] == '.' && (e + 1 == p.n || p.s[e + 1] == ' ')) {
                    end = e + 1 < p.n ? e + 2 : e + 1;
                    break;
                }
        if (end < 0) {
            i++;
            continue;
        }
        if (n_pots == 16 || money(sub(p, j + 1, e), h->cash, &amounts[n_pots]))
            return BAIL;
        n_pots++;
        i = end;
    }
    /* _RAKE.search(tail): the first "Rake " with a word after it */
    for (Py_ssize_t at = find(tail, 0, "Rake "); at >= 0; at = find(tail, at + 1, "Rake ")) {
        Py_ssize_t from = at + 5, to = from;
        while (to < tail.n && tail.s[to] != ' ')
            to++;
        if (to > from) {
            if (money(sub(tail, from, to), h->cash, &rake))
                return BAIL;
            break;
        }
    }
    if (money(total_text, h->cash, &total))
        return BAIL;
    PyObject *tuple = PyTuple_New(n_pots);
    for (int k = 0; tuple && k < n_pots; k++) {
        PyObject *v = PyLong_FromLongLong(amounts[k]);
        if (!v) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SetItem(tuple, k, v);
    }
    if (!tuple)
        return FAIL;
    replace(&h->pots, tuple);
    h->total = total;
    h->rake = rake;
    return OK;
}

/* The other summary lines: "Board [...]" (the streets' cards), "Total pot", "Hand was run" */
static int summary_line(hand *h, span line)
{
    if (starts(line, "Board [")) {
        span cards = sub(line, 7, line.n);
        while (cards.n && cards.s[cards.n - 1] == ']')
            cards.n--;
        int ids[MAX_CARDS];
        int n = card_ids(cards, ids);
        if (n != h->n_board)
            return BAIL;
        for (int k = 0; k < n; k++)
            if (ids[k] != h->board_ids[k])
                return BAIL;
        return OK;
    }
    if (starts(line, "Total pot"))
        return total_line(h, line);
    return starts(line, "Hand was run") ? OK : BAIL;
}

/* _NOISE, in part: a line about a player that changes nothing (1), or 0 where
 * it is none of the kinds read here (then Python decides). */
static int noise(span line)
{
    static const char *whole[] = {"leaves the table", "is sitting out", "sits out",
                                  "has timed out", "has timed out while disconnected",
                                  "has timed out while being disconnected", "is disconnected",
                                  "is connected", "has returned", "is away",
                                  "will be allowed to play after the button"};
    static const char *lead[] = {"said, \"", "was removed from the table",
                                 "finished the tournament", "wins the tournament",
                                 "re-buys and receives", "takes the add-on",
                                 "cashed out the hand", "has been disconnected"};
    for (Py_ssize_t i = 1; i < line.n; i++) {
        if (line.s[i] != ' ')
            continue;
        span rest = sub(line, i + 1, line.n);
        for (size_t k = 0; k < sizeof whole / sizeof *whole; k++)
            if (equals(rest, whole[k]))
                return 1;
        for (size_t k = 0; k < sizeof lead / sizeof *lead; k++)
            if (starts(rest, lead[k]))
                return 1;
        if (starts(rest, "joins the table at seat #") && is_digits(sub(rest, 25, rest.n)))
            return 1;
    }
    return 0;
}

/* "name collected $1 from pot" (main pot, side pot, side pot-N) */
static int collected_line(hand *h, span line)
{
    Py_ssize_t at = find(line, 0, " collected ");
    if (count(line, " collected ") != 1 || at < 1)
        return BAIL;
    int seat = seat_named(h, sub(line, 0, at));
    span rest = sub(line, at + 11, line.n);
    Py_ssize_t space = find_char(rest, 0, ' ');
    if (seat < 0 || space < 1 || !starts(sub(rest, space, rest.n), " from "))
        return BAIL;
    span pot = sub(rest, space + 6, rest.n);
    long index = -1;
    if (equals(pot, "pot") || equals(pot, "main pot"))
        index = 0;
    else if (equals(pot, "side pot"))
        index = 1;
    else if (starts(pot, "side pot-"))
        index = small_number(sub(pot, 9, pot.n));
    long long amount;
    if (index < 0 || money(sub(rest, 0, space), h->cash, &amount)
        || h->collected[seat] > COLLECTED_CAP)
        return BAIL;
    int k = 0;
    while (k < h->n_collectors && h->collectors[k] != seat)
        k++;
    if (k == h->n_collectors)
        h->collectors[h->n_collectors++] = seat;
    h->collected[seat] += amount;
    PyObject *parts[3] = {PyLong_FromLong(index), ref(h->names[seat]),
                          PyLong_FromLongLong(amount)};
    PyObject *entry = pack(3, parts);   /* (not Py_BuildValue: its format read each time) */
    return seq_add(&h->pot_collections, entry);
}

/* One line after the table line, in read_lines's order of tests. */
static int read_line(hand *h, span line)
{
    if (starts(line, "***"))
        return street_line(h, line);
    if (starts(line, "Seat ")) {
        if (h->section == SUMMARY)
            return summary_seat(h, line);
        return h->section == SEATS ? seat_line(h, line) : BAIL;
    }
    Py_ssize_t sep = find(line, 0, ": ");
    if (sep >= 0) {
        int seat = seat_named(h, sub(line, 0, sep));
        span what = sub(line, sep + 2, line.n);
        if (seat >= 0)
            return player_line(h, seat, what);
        if (find(what, 0, ": ") >= 0)
            return BAIL;   /* maybe a name with ": " in it */
    }
    if (h->section == SUMMARY)
        return summary_line(h, line);
    if (starts(line, "Dealt to ")) {
        span rest = sub(line, 9, line.n), group;
        if (!group_of(rest, 1, &group))
            return OK;
        Py_ssize_t cut = find(rest, 0, " [");
        int seat = seat_named(h, cut < 0 ? rest : sub(rest, 0, cut));
        if (seat < 0)
            return BAIL;
        int err = set_holes(h, seat, group);
        if (!err)
            replace(&h->hero, ref(h->names[seat]));
        return err;
    }
    if (starts(line, "Uncalled bet (")) {
        Py_ssize_t run = 14;
        while (run < line.n && line.s[run] != ' ')
            run++;
        if (run - 14 < 2 || line.s[run - 1] != ')' || !starts(sub(line, run, line.n),
                                                               " returned to "))
            return BAIL;
        int seat = seat_named(h, sub(line, run + 13, line.n));
        long long amount;
        if (seat < 0 || money(sub(line, 14, run - 1), h->cash, &amount))
            return BAIL;
        return add_action(h, seat, RETURN, amount, 0, 0);
    }
    if (find(line, 0, " collected ") >= 0)
        return collected_line(h, line);
    if (equals(line, "Hand cancelled")) {
        h->cancelled = 1;
        return OK;
    }
    if (equals(line, "No low hand qualified") || equals(line, "Betting is capped")
        || noise(line))
        return OK;
    return BAIL;
}

/* A hand's lists made empty (h->st and h->cash set by the caller); OK or FAIL. */
static int start_hand(hand *h)
{
    h->section = SEATS, h->street = PREFLOP, h->total = h->rake = -1;
    seq_start(&h->seats), seq_start(&h->posts), seq_start(&h->actions);
    seq_start(&h->board), seq_start(&h->shown), seq_start(&h->mucked);
    seq_start(&h->pot_collections), seq_start(&h->summary_seats);
    h->holes = PyDict_New(), h->pots = PyTuple_New(0);
    h->args = PyTuple_Pack(1, Py_None);
    return h->holes && h->pots && h->args ? OK : FAIL;
}

static void free_hand(hand *h)
{
    seq_free(&h->seats), seq_free(&h->posts), seq_free(&h->actions), seq_free(&h->board);
    seq_free(&h->shown), seq_free(&h->mucked), seq_free(&h->pot_collections);
    seq_free(&h->summary_seats);
    Py_XDECREF(h->holes), Py_XDECREF(h->pots);
    Py_XDECREF(h->hero), Py_XDECREF(h->args);
}

static const state *bound_state(PyObject *module)
{
    const state *st = PyModule_GetState(module);
    if (st && (!st->maker.tuple_new || !st->seat_cls)) {
        PyErr_SetString(PyExc_RuntimeError, "hhlines: bind() was not called");
        return NULL;
    }
    return st;
}

/* read_lines(lines, cash): see the module doc. */
static PyObject *read_lines(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *lines;
    int cash;
    if (!st || !PyArg_ParseTuple(args, "O!p", &PyList_Type, &lines, &cash))
        return NULL;
    hand h = {.st = st, .cash = cash};
    int status = start_hand(&h);
    for (Py_ssize_t i = 2; status == OK && i < PyList_Size(lines); i++) {
        span line;
        int got = ascii_line(PyList_GetItem(lines, i), &line);
        status = got < 0 ? FAIL : got == 0 ? BAIL : line.n == 0 ? OK : read_line(&h, line);
    }
    PyObject *out = NULL;
    if (status == OK)
        out = Py_BuildValue("(ONNNNONNNLLONOO)", st->sections[h.section],
                            seq_made(&h.seats, AS_LIST), seq_made(&h.posts, AS_LIST),
                            seq_made(&h.actions, AS_LIST), seq_made(&h.board, AS_LIST), h.holes,
                            seq_made(&h.shown, AS_LIST), seq_made(&h.mucked, AS_LIST),
                            seq_made(&h.pot_collections, AS_LIST), h.total, h.rake, h.pots,
                            seq_made(&h.summary_seats, AS_LIST), h.hero ? h.hero : Py_None,
                            h.cancelled ? Py_True : Py_False);
    else if (status == BAIL)
        out = ref(Py_None);
    free_hand(&h);
    return out;
}

/* One raw line of a hand (a str): 1 and its text stripped as str.strip() strips
 * it, if the line is ASCII and not too long; 0 (not sure: Python decides) or -1. */
static int raw_line(PyObject *item, span *line)
{
    int got = ascii_text(item, line);
    if (got == 1)
        *line = stripped(*line);
    return got;
}

/* The fields read_hand returns after the table line, from a hand read whole
 * (as _HandParser.parse makes them after read_lines), or NULL (error set).
 * Call only for a hand whose checks passed. */
static PyObject *hand_fields(const hand *h, PyObject *table)
{
    PyObject *collected = PyDict_New();
    seq dealt;
    seq_start(&dealt);
    int err = !collected;
    for (int k = 0; !err && k < h->n_collectors; k++) {
        int seat = h->collectors[k];
        PyObject *amount = PyLong_FromLongLong(h->collected[seat]);
        err = !amount || PyDict_SetItem(collected, h->names[seat], amount);
        Py_XDECREF(amount);
    }
    int any_in_summary = 0;
    for (int k = 0; k < h->n_seats; k++)
        any_in_summary |= h->in_summary[k];
    for (int k = 0; !err && k < h->n_seats; k++)   /* the seated in the summary, or else */
        if (any_in_summary ? h->in_summary[k] : !h->sitting_out[k])   /* those not out */
            err = seq_push(&dealt, h->names[k]);
    if (err) {
        Py_XDECREF(collected);
        seq_free(&dealt);
        return NULL;
    }
    PyObject *items[16] = {ref(table), seq_made(&h->seats, AS_TUPLE),
                           seq_made(&h->posts, AS_TUPLE), seq_made(&h->actions, AS_TUPLE),
                           seq_made(&h->board, AS_TUPLE), ref(h->holes), collected,
                           seq_made(&h->pot_collections, AS_TUPLE),
                           PyLong_FromLongLong(h->total > 0 ? h->total : 0),
                           PyLong_FromLongLong(h->rake > 0 ? h->rake : 0), ref(h->pots),
                           seq_made(&h->shown, AS_TUPLE), seq_made(&h->mucked, AS_TUPLE),
                           ref(h->hero ? h->hero : Py_None), flag(h->cancelled),
                           seq_made(&dealt, AS_TUPLE)};
    seq_free(&dealt);
    return pack(16, items);
}

/* One raw line of a hand, stripped (ASCII, not too long), read: the header
 * (the first line not blank) left to the caller, the table line kept. */
static int hand_line(hand *h, span line, int *seen, PyObject **table)
{
    if (line.n == 0)
        return OK;
    if ((*seen)++ == 0)
        return OK;   /* the header: read by the caller */
    if (*seen == 2)   /* the table line, as the caller's _table takes it */
        return (*table = PyUnicode_FromStringAndSize(line.s, line.n)) ? OK : FAIL;
    return printable(line) ? read_line(h, line) : BAIL;
}

/* The answer for a hand whose lines were read with this status. */
static PyObject *hand_answer(hand *h, int status, int seen, PyObject *table)
{
    /* parse's checks: a hand that fails them is Python's to word */
    if (status == OK && (seen < 3 || h->section != SUMMARY || (h->total < 0 && !h->cancelled)
                         || h->n_seats == 0))
        status = BAIL;
    PyObject *out = status == OK ? hand_fields(h, table) : status == BAIL ? ref(Py_None) : NULL;
    Py_XDECREF(table);
    free_hand(h);
    return out;
}

/* read_hand(block, cash): see the module doc. */
static PyObject *read_hand(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *block, *table = NULL;
    int cash;
    if (!st || !PyArg_ParseTuple(args, "O!p", &PyList_Type, &block, &cash))
        return NULL;
    hand h = {.st = st, .cash = cash};
    int status = start_hand(&h), seen = 0;   /* seen: the lines not blank so far */
    for (Py_ssize_t i = 0; status == OK && i < PyList_Size(block); i++) {
        span line;
        int got = raw_line(PyList_GetItem(block, i), &line);
        status = got <= 0 ? (got < 0 ? FAIL : BAIL) : hand_line(&h, line, &seen, &table);
    }
    return hand_answer(&h, status, seen, table);
}

/* *all the UTF-8 of an ASCII str text: 1; 0 if it is not ASCII (or a lone
 * surrogate: Python reads it); -1 (error set) if not 0 <= start <= stop <= len(text). */
static int span_text(PyObject *text, Py_ssize_t start, Py_ssize_t stop, span *all)
{
    Py_ssize_t length = PyUnicode_GetLength(text);
    if (length < 0)
        return -1;
    if (start < 0 || stop < start || stop > length) {
        PyErr_SetString(PyExc_ValueError, "start and stop must be 0 <= start <= stop <= "
                                          "len(text)");
        return -1;
    }
    all->s = PyUnicode_AsUTF8AndSize(text, &all->n);
    if (!all->s || all->n != length) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* read_hand's answer for the lines of all[start:stop] (ASCII text). */
static PyObject *span_answer(const state *st, span all, Py_ssize_t start, Py_ssize_t stop,
                             int cash)
{
    PyObject *table = NULL;
    hand h = {.st = st, .cash = cash};
    int status = start_hand(&h), seen = 0;
    for (Py_ssize_t at = start; status == OK; at++) {   /* each piece of split("\n") */
        const char *newline = memchr(all.s + at, '\n', (size_t)(stop - at));
        Py_ssize_t end = newline ? newline - all.s : stop;
        status = end - at > MAX_LINE ? BAIL
                                     : hand_line(&h, stripped(sub(all, at, end)), &seen, &table);
        if (end == stop)
            break;
        at = end;
    }
    return hand_answer(&h, status, seen, table);
}

/* read_span(text, start, stop, cash): read_hand(text[start:stop].split("\n"), cash)
 * for an ASCII text, without the list (None for any other text). */
static PyObject *read_span(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *text;
    Py_ssize_t start, stop;
    int cash;
    if (!st || !PyArg_ParseTuple(args, "Unnp", &text, &start, &stop, &cash))
        return NULL;
    span all;
    int got = span_text(text, start, stop, &all);
    if (got <= 0)
        return got < 0 ? NULL : ref(Py_None);
    return span_answer(st, all, start, stop, cash);
}

#include "hhlines_header.c"

/* bind(SeatInfo, Post, HHAction): the named tuples read_lines makes. */
static PyObject *bind(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *classes[3];
    if (!st || !PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &classes[0], &PyType_Type,
                                 &classes[1], &PyType_Type, &classes[2]))
        return NULL;
    for (int k = 0; k < 3; k++)
        if (!PyType_IsSubtype((PyTypeObject *)classes[k], &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "bind: SeatInfo, Post, HHAction: tuple classes");
            return NULL;
        }
    replace(&st->seat_cls, ref(classes[0]));
    replace(&st->post_cls, ref(classes[1]));
    replace(&st->action_cls, ref(classes[2]));
    Py_RETURN_NONE;
}

#define VISIT_ALL(DO)                                                                         \
    do {                                                                                      \
        DO(st->seat_cls); DO(st->post_cls); DO(st->action_cls);                               \
        for (int k = 0; k < N_SECTIONS; k++) DO(st->sections[k]);                             \
        for (int k = 0; k < N_STREETS; k++) DO(st->streets[k]);                               \
        for (int k = 0; k < N_KINDS; k++) DO(st->kinds[k]);                                   \
        for (int k = 0; k < N_POSTS; k++) DO(st->posts[k]);                                   \
        for (int k = 0; k < 52; k++) DO(st->cards[k]);                                        \
        for (int k = 0; k < 5; k++) DO(st->header_kinds[k]);                                  \
        DO(st->a_hole_count); DO(st->a_exposed); DO(st->a_cash); DO(st->a_head);              \
        DO(st->a_tail);                                                                       \
    } while (0)

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    state *st = PyModule_GetState(module);
    if (st)
        VISIT_ALL(Py_VISIT);
    return 0;
}

static int clear(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (st)
        VISIT_ALL(Py_CLEAR);
    return 0;
}

static void free_module(void *module) { clear((PyObject *)module); }

static int intern_all(PyObject **into, const char **names, int n)
{
    for (int k = 0; k < n; k++)
        if (!(into[k] = PyUnicode_InternFromString(names[k])))
            return -1;
    return 0;
}

static int exec_module(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (!st || intern_all(st->sections, section_names, N_SECTIONS)
        || intern_all(st->streets, street_names, N_STREETS)
        || intern_all(st->kinds, kind_names, N_KINDS) || intern_all(st->posts, post_names, N_POSTS)
        || intern_all(st->header_kinds, header_kind_names, N_HEADER_KINDS)
        || !(st->a_hole_count = PyUnicode_InternFromString("hole_count"))
        || !(st->a_exposed = PyUnicode_InternFromString("exposed"))
        || !(st->a_cash = PyUnicode_InternFromString("cash"))
        || !(st->a_head = PyUnicode_InternFromString("head"))
        || !(st->a_tail = PyUnicode_InternFromString("tail")))
        return -1;
    for (int k = 0; k < 52; k++) {
        char card[3] = {RANKS[k / 4], SUITS[k % 4], 0};
        if (!(st->cards[k] = PyUnicode_InternFromString(card)))
            return -1;
    }
    return named_maker_init(&st->maker);
}

static PyMethodDef methods[] = {
    {"read_lines", read_lines, METH_VARARGS,
     "read_lines(lines, cash): pokerstars._HandParser.read_lines's result, or None "
     "(see csrc/py/hhlines.c)."},
    {"read_hand", read_hand, METH_VARARGS,
     "read_hand(block, cash): a hand's raw lines read whole, or None (see csrc/py/hhlines.c)."},
    {"read_span", read_span, METH_VARARGS,
     "read_span(text, start, stop, cash): read_hand of text[start:stop]'s lines, for ASCII "
     "text (see csrc/py/hhlines.c)."},
    {"read_stars", read_stars, METH_VARARGS,
     "read_stars(text, start, stop, headers, minutes, seconds[, line, tables, cls, tabled]): "
     "the hand at text[start:stop] read whole, its header too, or None (see "
     "csrc/py/hhlines_header.c)."},
    {"next_hand", next_hand, METH_VARARGS,
     "next_hand(text, pos, start, end): (where the next header line starts or -1, the line "
     "ends from pos to there), or None (see csrc/py/hhlines_header.c)."},
    {"bind", bind, METH_VARARGS, "bind(SeatInfo, Post, HHAction)"},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* the state is set once, at import */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._hhlines",
    "The PokerStars reader's line loop as a CPython builtin (see csrc/py/hhlines.c).",
    sizeof(state), methods, slots, traverse, clear, free_module,
};

PyMODINIT_FUNC PyInit__hhlines(void) { return PyModuleDef_Init(&module_def); }
