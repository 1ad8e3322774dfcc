/* hhrows_seats.c: the seats table of the hand database in C (included by
 * hhrows.c, whose column builders and Arrow export it uses). The twin of
 * rows.seat_rows, which with rows.positions and rows.seat_flags defines each
 * column (docs/database.md defines the tracker flags). A batch is a list of
 * seat facts, one a hand: (history, showdown names, contributions,
 * collected, expected, low_made, hand key), contributions ... low_made dicts
 * by name, as rows.hand_rows keeps them. */

/* The seats table. */
enum { N_SEAT_COLUMNS = 29 };
static const char *const SEAT_NAMES[N_SEAT_COLUMNS] = {
    "hand_key", "seat", "player", "position", "stack", "dealt_in", "hole_cards",
    "contributed", "collected", "net", "expected", "adjusted_net", "vpip", "pfr",
    "three_bet_chance", "three_bet", "fold_to_three_bet_chance", "fold_to_three_bet",
    "cbet_chance", "cbet", "fold_to_cbet_chance", "fold_to_cbet", "postflop_bets_raises",
    "postflop_calls", "postflop_folds", "saw_flop", "showdown", "won_money", "low_made"};
static const enum kind SEAT_KINDS[N_SEAT_COLUMNS] = {
    INT64, INT16, UTF8, UTF8, INT64, BOOL, UTF8, INT64, INT64, INT64, FLOAT64, FLOAT64,
    BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, INT16, INT16, INT16, BOOL,
    BOOL, BOOL, BOOL};
static const table SEATS = {"seats", N_SEAT_COLUMNS, SEAT_NAMES, SEAT_KINDS};
/* the first column of the flags (vpip), in rows.seat_flags' order */
enum { S_HAND_KEY, S_SEAT, S_PLAYER, S_POSITION, S_STACK, S_DEALT_IN, S_HOLE_CARDS,
       S_CONTRIBUTED, S_COLLECTED, S_NET, S_EXPECTED, S_ADJUSTED, S_FLAGS, S_SHOWDOWN = 26,
       S_WON_MONEY, S_LOW_MADE };

/* The attributes of a history read here. */
enum { N_SEAT_WORDS = 7 };
static const char *const SEAT_WORDS[N_SEAT_WORDS] = {
    "hand_id", "seats", "dealt_in", "actions", "board", "hole_cards", "button"};
enum { W_HAND_ID, W_SEATS, W_DEALT_IN, W_ACTIONS, W_BOARD, W_HOLE_CARDS, W_BUTTON };

/* A player's flags (rows.seat_flags' 14: vpip ... fold to c-bet, the three
 * postflop counts, saw flop) and what the walk over the actions knows of them. */
enum { N_FLAGS = 14, F_BETS = 10, F_CALLS, F_FOLDS, F_SAW_FLOP };
typedef struct {
    int64_t flag[N_FLAGS];
    char folded, faced_one, faced_two, first_flop, answered_cbet;
    char position[24];   /* "" until positions gives one */
} player;

/* The street and kind of an action by name (anything else: -1). */
enum { PREFLOP, FLOP, N_STREETS };
static const char *const STREETS[N_STREETS] = {"preflop", "flop"};
enum { FOLD, CALL, BET, RAISE, RETURN, N_KINDS };
static const char *const KINDS_OF_ACTION[N_KINDS] = {"fold", "call", "bet", "raise", "return"};

static int word_of(PyObject *value, const char *const *words, int n)
{
    Py_ssize_t size = 0;
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8AndSize(value, &size) : NULL;
    if (!text) {   /* (not a str, or no UTF-8: a lone surrogate) */
        PyErr_Clear();
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (strlen(words[i]) == (size_t)size && memcmp(words[i], text, (size_t)size) == 0)
            return i;
    return -1;
}

/* The names dealt in, distinct, with their hashes (compared first: most
 * names looked up are another object of a name's text). */
typedef struct {
    PyObject **names;
    Py_hash_t *hashes;
    Py_ssize_t n;
} roster;

/* The index of name in the roster, -1 when not dealt in, -2 with an
 * exception (an unhashable name, or a comparison that raised). */
static Py_ssize_t find(const roster *r, PyObject *name)
{
    Py_hash_t hash = PyObject_Hash(name);
    if (hash == -1)
        return -2;
    for (Py_ssize_t i = 0; i < r->n; i++) {
        if (r->hashes[i] != hash)
            continue;
        int same = r->names[i] == name ? 1 : PyObject_RichCompareBool(r->names[i], name, Py_EQ);
        if (same)
            return same < 0 ? -2 : i;
    }
    return -1;
}

/* The flags of rows.seat_flags, by walking the actions. */
static int walk_actions(player *p, const roster *r, PyObject *actions, int saw_flop,
                        where *at)
{
    int raises = 0, flop_bet = 0, cbet_made = 0, flop_raised = 0;
    Py_ssize_t opener = -1, aggressor = -1;
    at->what = "action";
    for (Py_ssize_t a = 0; a < PyTuple_Size(actions); a++) {
        PyObject *row = PyTuple_GetItem(actions, a);
        at->index = a;
        if (!PyTuple_Check(row) || PyTuple_Size(row) != 6)
            return bad(at, "it", "an HHAction (6 fields)");
        Py_ssize_t i = find(r, PyTuple_GetItem(row, 1));
        if (i == -2)
            return -1;
        int kind = word_of(PyTuple_GetItem(row, 2), KINDS_OF_ACTION, N_KINDS);
        if (i < 0 || kind == RETURN)
            continue;
        int street = word_of(PyTuple_GetItem(row, 0), STREETS, N_STREETS);
        int64_t *f = p[i].flag;
        if (street == PREFLOP) {
            if (raises == 1 && !p[i].faced_one) {
                p[i].faced_one = 1;
                f[2] = 1;
                f[3] |= kind == RAISE;
            }
            if (raises == 2 && i == opener && !p[i].faced_two) {
                p[i].faced_two = 1;
                f[4] = 1;
                f[5] |= kind == FOLD;
            }
            if (kind == FOLD) {
                p[i].folded = 1;
            } else if (kind == CALL) {
                f[0] = 1;
            } else if (kind == RAISE || kind == BET) {
                f[0] = f[1] = 1;
                raises++;
                aggressor = i;
                if (raises == 1)
                    opener = i;
            }
            continue;
        }
        f[F_BETS] += kind == BET || kind == RAISE;
        f[F_CALLS] += kind == CALL;
        f[F_FOLDS] += kind == FOLD;
        if (street != FLOP)
            continue;
        if (!p[i].first_flop) {   /* the player's first flop action */
            p[i].first_flop = 1;
            if (i == aggressor && !flop_bet) {
                f[6] = 1;
                if (kind == BET) {
                    f[7] = 1;
                    cbet_made = 1;
                }
            }
        }
        if (cbet_made && i != aggressor && !flop_raised && !p[i].answered_cbet) {
            p[i].answered_cbet = 1;   /* the first answer to the c-bet */
            f[8] = 1;
            f[9] |= kind == FOLD;
        }
        flop_bet |= kind == BET;
        flop_raised |= kind == RAISE;
    }
    for (Py_ssize_t i = 0; i < r->n; i++)
        p[i].flag[F_SAW_FLOP] = saw_flop && !p[i].folded;
    return 0;
}

/* The positions of rows.positions, into p[].position: the seats dealt in in
 * seat order (by name on a tie), clockwise from the first after the button. */
typedef struct {
    int64_t seat;
    PyObject *name;
    Py_ssize_t index;   /* among the names dealt in */
} dealt_seat;

static void name_position(player *p, const dealt_seat *s, const char *text)
{
    /* (copied by hand: snprintf costs a thousand instructions a seat) */
    char *to = p[s->index].position;
    size_t k = 0;
    for (; k + 1 < sizeof p[s->index].position && text[k]; k++)
        to[k] = text[k];
    to[k] = '\0';
}

static int place(player *p, PyObject *seats, const roster *r, int64_t button, where *at)
{
    Py_ssize_t n_seats = PyTuple_Size(seats), m = 0;
    dealt_seat *order = PyMem_Calloc((size_t)n_seats + 1, sizeof *order);
    dealt_seat *after = PyMem_Calloc((size_t)n_seats + 1, sizeof *after);
    int status = -1;
    if (!order || !after) {
        PyErr_NoMemory();
        goto done;
    }
    at->what = "seat";
    for (Py_ssize_t k = 0; k < n_seats; k++) {
        PyObject *row = PyTuple_GetItem(seats, k);
        at->index = k;
        if (!PyTuple_Check(row) || PyTuple_Size(row) != 5) {
            bad(at, "it", "a SeatInfo (5 fields)");
            goto done;
        }
        Py_ssize_t i = find(r, PyTuple_GetItem(row, 1));
        if (i == -2)
            goto done;
        if (i < 0)
            continue;
        dealt_seat s = {0, PyTuple_GetItem(row, 1), i};
        if (int64_of(PyTuple_GetItem(row, 0), at, "seat", &s.seat))
            goto done;
        if (!PyUnicode_Check(s.name)) {
            bad(at, "player", "a str");
            goto done;
        }
        Py_ssize_t j = m++;   /* insertion sort: a table has a few seats */
        while (j > 0 && (order[j - 1].seat > s.seat ||
                         (order[j - 1].seat == s.seat &&
                          PyUnicode_Compare(order[j - 1].name, s.name) > 0))) {
            order[j] = order[j - 1];
            j--;
        }
        if (PyErr_Occurred())
            goto done;
        order[j] = s;
    }
    Py_ssize_t k = 0;
    for (Py_ssize_t j = 0; j < m; j++)
        if (order[j].seat > button)
            after[k++] = order[j];
    for (Py_ssize_t j = 0; j < m; j++)
        if (order[j].seat <= button)
            after[k++] = order[j];
    /* in the order rows.positions' dict is filled: a name seated twice keeps
     * the last */
    if (m == 1) {
        name_position(p, &after[0], "BTN");
    } else if (m == 2) {
        name_position(p, &after[1], "BTN");
        name_position(p, &after[0], "BB");
    } else if (m > 2) {
        name_position(p, &after[0], "SB");
        name_position(p, &after[1], "BB");
        name_position(p, &after[m - 1], "BTN");
        /* the seats between BB and BTN (rows._middle_names): UTG, HJ, CO as
         * far as they go from the button back; more: UTG, UTG+1, ..., LJ, HJ, CO */
        static const char *const SHORT[3] = {"UTG", "HJ", "CO"}, *const LATE[3] = {"LJ", "HJ",
                                                                                  "CO"};
        Py_ssize_t middle = m - 3;
        for (Py_ssize_t j = 0; j < middle; j++) {
            char text[24] = "UTG";
            if (middle <= 3)
                name_position(p, &after[2 + j], SHORT[3 - middle + j]);
            else if (j >= middle - 3)
                name_position(p, &after[2 + j], LATE[j - (middle - 3)]);
            else {
                if (j > 0)
                    snprintf(text, sizeof text, "UTG+%zd", j);
                name_position(p, &after[2 + j], text);
            }
        }
    }
    status = 0;
done:
    PyMem_Free(order);
    PyMem_Free(after);
    return status;
}

/* d.get(name, 0) as an int64 in *out. */
static int chips_of(PyObject *d, PyObject *name, where *at, const char *field, int64_t *out)
{
    PyObject *value = PyDict_GetItemWithError(d, name);
    *out = 0;
    if (!value)
        return PyErr_Occurred() ? -1 : 0;
    return int64_of(value, at, field, out);
}

/* What a seat dealt in has of the replay: the chips it put in and was paid,
 * the chips it expected all in (has_expected), whether it was at the
 * showdown, and whether it made a low there (-1: not known). */
typedef struct {
    int64_t put_in, won;
    double expected;
    int has_expected, showdown, low_made;
} seat_money;

/* A hand's seat money for the seat row (number, name): 0, or -1 with an
 * exception naming where (at). */
typedef int (*money_fn)(const void *facts, int64_t number, PyObject *name, where *at,
                        seat_money *out);

/* The money of a seat from a hand's seat facts (see the file's comment): by
 * name from its dicts. */
static int money_of_facts(const void *facts_tuple, int64_t number, PyObject *name, where *at,
                          seat_money *out)
{
    (void)number;
    PyObject *const *facts = facts_tuple;
    if (chips_of(facts[2], name, at, "contributed", &out->put_in) ||
        chips_of(facts[3], name, at, "collected", &out->won))
        return -1;
    PyObject *value = PyDict_GetItemWithError(facts[4], name);
    out->has_expected = value && value != Py_None;
    if (out->has_expected) {   /* all in: chips expected from the pots */
        out->expected = PyFloat_AsDouble(value);
        if (out->expected == -1.0 && PyErr_Occurred())
            return -1;
    } else if (!value && PyErr_Occurred()) {
        return -1;
    }
    if ((out->showdown = contains(facts[1], name)) < 0)
        return -1;
    PyObject *low = PyDict_GetItemWithError(facts[5], name);
    if (!low && PyErr_Occurred())
        return -1;
    out->low_made = -1;
    if (low && low != Py_None) {
        if (!PyBool_Check(low))
            return bad(at, "low_made", "a bool");
        out->low_made = low == Py_True;
    }
    return 0;
}

/* The row of a seat dealt in (p: its flags and position; m: its money). */
static int add_dealt_seat(column **cols, PyObject *hole_cards, PyObject *name, const player *p,
                          const seat_money *m, where *at)
{
    int64_t put_in = m->put_in, won = m->won;
    if ((put_in < 0 && won > INT64_MAX + put_in) || (put_in > 0 && won < INT64_MIN + put_in))
        return does_not_fit(at, "net", 64);
    int64_t net = won - put_in;
    if (add_text(cols[S_POSITION], p->position, (Py_ssize_t)strlen(p->position)) ||
        add_bool(cols[S_DEALT_IN], 1))
        return -1;
    PyObject *shown = PyDict_GetItemWithError(hole_cards, name);
    int known = shown ? PyObject_IsTrue(shown) : 0;
    if (known < 0 || (!shown && PyErr_Occurred()))
        return -1;
    if (known) {
        PyObject *empty = PyUnicode_FromString("");
        PyObject *text = empty ? PyUnicode_Join(empty, shown) : NULL;
        int status = text ? add_str_of(cols[S_HOLE_CARDS], text, at, "hole_cards") : -1;
        Py_XDECREF(empty);
        Py_XDECREF(text);
        if (status)
            return -1;
    } else if (add_null(cols[S_HOLE_CARDS])) {
        return -1;
    }
    if (add_int(cols[S_CONTRIBUTED], put_in) || add_int(cols[S_COLLECTED], won) ||
        add_int(cols[S_NET], net))
        return -1;
    if (m->has_expected ? add_float(cols[S_EXPECTED], m->expected) ||
                          add_float(cols[S_ADJUSTED], -(double)put_in + m->expected)
                        : add_null(cols[S_EXPECTED]) ||
                          add_float(cols[S_ADJUSTED], (double)net))
        return -1;
    for (int k = 0; k < N_FLAGS; k++) {
        column *c = cols[S_FLAGS + k];
        if (c->kind == INT16 && p->flag[k] > INT16_MAX)
            return does_not_fit(at, SEAT_NAMES[S_FLAGS + k], 16);
        if (c->kind == INT16 ? add_int(c, p->flag[k]) : add_bool(c, (int)p->flag[k]))
            return -1;
    }
    if (add_bool(cols[S_SHOWDOWN], m->showdown) || add_bool(cols[S_WON_MONEY], won > 0))
        return -1;
    return m->low_made < 0 ? add_null(cols[S_LOW_MADE]) : add_bool(cols[S_LOW_MADE], m->low_made);
}

/* The row of a seat not dealt in. */
static int add_seat_out(column **cols)
{
    if (add_null(cols[S_POSITION]) || add_bool(cols[S_DEALT_IN], 0) ||
        add_null(cols[S_HOLE_CARDS]) || add_int(cols[S_CONTRIBUTED], 0) ||
        add_int(cols[S_COLLECTED], 0) || add_int(cols[S_NET], 0) ||
        add_null(cols[S_EXPECTED]) || add_float(cols[S_ADJUSTED], 0.0))
        return -1;
    for (int k = S_FLAGS; k < S_LOW_MADE; k++)
        if (cols[k]->kind == INT16 ? add_int(cols[k], 0) : add_bool(cols[k], 0))
            return -1;
    return add_null(cols[S_LOW_MADE]);
}

/* The seats rows of one hand: its hand id (named in errors), key, seats,
 * names dealt in and actions (tuples), how many board cards it dealt, its
 * shown cards (a dict) and button; each seat's money by money(facts, ...). */
typedef struct {
    PyObject *hand_id, *seats, *dealt, *actions, *hole_cards;
    int64_t key, button;
    Py_ssize_t board;
} seat_hand;

static int add_seats_of(column **cols, const seat_hand *hand, money_fn money, const void *facts)
{
    roster r = {NULL, NULL, 0};
    player *p = NULL;
    int status = -1;
    where at = {"seats", hand->hand_id, "seat", 0};
    Py_ssize_t n_dealt = PyTuple_Size(hand->dealt);
    /* the distinct names dealt in, each a player */
    r.names = PyMem_Calloc((size_t)n_dealt + 1, sizeof *r.names);
    r.hashes = PyMem_Calloc((size_t)n_dealt + 1, sizeof *r.hashes);
    p = PyMem_Calloc((size_t)n_dealt + 1, sizeof *p);
    if (!r.names || !r.hashes || !p) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < n_dealt; k++) {
        PyObject *name = PyTuple_GetItem(hand->dealt, k);
        Py_ssize_t i = find(&r, name);
        if (i == -2)
            goto done;
        if (i == -1) {
            r.hashes[r.n] = PyObject_Hash(name);   /* (find hashed it: no error) */
            r.names[r.n++] = name;
        }
    }
    if (walk_actions(p, &r, hand->actions, hand->board >= 3, &at) ||
        place(p, hand->seats, &r, hand->button, &at))
        goto done;
    at.what = "seat";
    for (Py_ssize_t k = 0; k < PyTuple_Size(hand->seats); k++) {
        PyObject *row = PyTuple_GetItem(hand->seats, k);   /* (checked by place) */
        PyObject *name = PyTuple_GetItem(row, 1);
        int64_t number = 0;
        seat_money m;
        at.index = k;
        Py_ssize_t i = find(&r, name);
        if (i == -2 || add_int(cols[S_HAND_KEY], hand->key) ||
            int64_of(PyTuple_GetItem(row, 0), &at, "seat", &number) ||
            add_int_of(cols[S_SEAT], PyTuple_GetItem(row, 0), &at, "seat") ||
            add_str_of(cols[S_PLAYER], name, &at, "player") ||
            add_int_of(cols[S_STACK], PyTuple_GetItem(row, 2), &at, "stack") ||
            (i < 0 ? add_seat_out(cols)
                   : money(facts, number, name, &at, &m) ||
                     add_dealt_seat(cols, hand->hole_cards, name, &p[i], &m, &at)))
            goto done;
    }
    status = 0;
done:
    PyMem_Free(r.names);
    PyMem_Free(r.hashes);
    PyMem_Free(p);
    return status;
}

/* The seats rows of one hand's facts (see the file's comment). */
static int add_seats(column **cols, PyObject *item, PyObject *const *words)
{
    PyObject *facts[7] = {NULL}, *got[N_SEAT_WORDS] = {NULL};
    seat_hand hand = {NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    int status = -1;
    if (!PyTuple_Check(item) || PyTuple_Size(item) != 7) {
        PyErr_Format(PyExc_TypeError, "seats: a hand's facts must be a tuple (history, "
                     "showdown, contributions, collected, expected, low_made, hand key), "
                     "not %R", item);
        return -1;
    }
    for (int k = 0; k < 7; k++)
        facts[k] = PyTuple_GetItem(item, k);
    for (int k = 0; k < N_SEAT_WORDS; k++)
        if (!(got[k] = PyObject_GetAttr(facts[0], words[k])))
            goto done;
    hand.hand_id = got[W_HAND_ID];   /* (named in errors) */
    hand.hole_cards = got[W_HOLE_CARDS];
    where at = {"seats", hand.hand_id, "seat", 0};
    const where whole_hand = {"seats", hand.hand_id, NULL, 0};
    if (int64_of(facts[6], &whole_hand, "hand_key", &hand.key))
        goto done;
    if (!PyDict_Check(facts[2]) || !PyDict_Check(facts[3]) || !PyDict_Check(facts[4]) ||
        !PyDict_Check(facts[5]) || !PyDict_Check(hand.hole_cards)) {
        PyErr_Format(PyExc_TypeError, "seats: hand %R: its contributions, collected, "
                     "expected, low_made and hole_cards must be dicts", hand.hand_id);
        goto done;
    }
    if ((hand.board = PyObject_Size(got[W_BOARD])) < 0 ||
        int64_of(got[W_BUTTON], &at, "button", &hand.button))
        goto done;
    if (!(hand.seats = sequence_of(facts[0], words[W_SEATS], hand.hand_id, "seats")) ||
        !(hand.dealt = sequence_of(facts[0], words[W_DEALT_IN], hand.hand_id, "seats")) ||
        !(hand.actions = sequence_of(facts[0], words[W_ACTIONS], hand.hand_id, "seats")))
        goto done;
    status = add_seats_of(cols, &hand, money_of_facts, facts);
done:
    for (int k = 0; k < N_SEAT_WORDS; k++)
        Py_XDECREF(got[k]);
    Py_XDECREF(hand.seats);
    Py_XDECREF(hand.dealt);
    Py_XDECREF(hand.actions);
    return status;
}

static PyObject *seat_columns(PyObject *module, PyObject *facts)
{
    (void)module;
    return columns_of(&SEATS, facts, add_seats, SEAT_WORDS, N_SEAT_WORDS);
}

/* ---- who made a low at showdown (rows._lows_made, in C) ---- */

typedef int32_t (*omaha_value_fn)(const int32_t *hole, int32_t n_hole, const int32_t *board,
                                  int32_t n_board);
/* The core's hf_omaha, bound by bind_omaha (module-wide: once, at import). */
static omaha_value_fn bound_omaha;

/* lows_made(replay): name -> whether the player made a qualifying low on the
 * replay's board, for each showdown player whose cards the history shows, as
 * rows._lows_made works it out for a hand run once; None when the Python must
 * (a hand run twice, anything unusual). */
static PyObject *lows_made(PyObject *module, PyObject *rep)
{
    (void)module;
    if (!bound_omaha) {
        PyErr_SetString(PyExc_RuntimeError, "lows_made: bind_omaha was not called");
        return NULL;
    }
    PyObject *history = attr(rep, A_HISTORY);
    PyObject *shown = history ? attr(history, A_HOLE_CARDS) : NULL;
    PyObject *runs = shown ? attr(history, A_RUNS) : NULL;
    PyObject *showdown = runs ? attr(rep, A_SHOWDOWN) : NULL;
    PyObject *holes = showdown ? attr(rep, A_HOLES) : NULL;
    PyObject *seat_of = holes ? attr(rep, A_SEAT_OF) : NULL;
    PyObject *board = seat_of ? attr(rep, A_BOARD) : NULL;
    PyObject *made = board ? PyDict_New() : NULL, *out = NULL;
    int32_t cards[5];
    if (!made || !PyDict_Check(shown) || !PyTuple_Check(showdown) || !PyList_Check(holes)
        || !PyDict_Check(seat_of) || !PyTuple_Check(board) || PyTuple_Size(board) != 5
        || PyObject_Size(runs) >= 2)
        goto done;
    for (int32_t c = 0; c < 5; c++)
        if ((cards[c] = card_id(PyTuple_GetItem(board, c))) < 0)
            goto done;
    for (Py_ssize_t i = 0; i < PyTuple_Size(showdown); i++) {
        PyObject *name = PyTuple_GetItem(showdown, i);
        int known = PyDict_Contains(shown, name);
        if (known < 0)
            goto done;
        if (!known)
            continue;
        PyObject *seat = PyDict_GetItemWithError(seat_of, name);
        long at = seat && PyLong_Check(seat) ? PyLong_AsLong(seat) : -1;
        PyObject *hole = at >= 0 && at < PyList_Size(holes) ? PyList_GetItem(holes, at) : NULL;
        int32_t mine[6], n = hole && PyList_Check(hole) ? (int32_t)PyList_Size(hole) : 0;
        if (n < 4 || n > 6)   /* (the Python's evaluator refuses it: its error) */
            goto done;
        for (int32_t c = 0; c < n; c++)
            if ((mine[c] = card_id(PyList_GetItem(hole, c))) < 0)
                goto done;
        int32_t value = bound_omaha(mine, n, cards, 5);   /* (it checks the cards too) */
        if (value < 0 || PyDict_SetItem(made, name, (value & 0xFF) ? Py_True : Py_False) < 0)
            goto done;
    }
    out = Py_NewRef(made);
done:
    if (!out) {
        PyErr_Clear();
        out = Py_NewRef(Py_None);
    }
    Py_XDECREF(history);
    Py_XDECREF(shown);
    Py_XDECREF(runs);
    Py_XDECREF(showdown);
    Py_XDECREF(holes);
    Py_XDECREF(seat_of);
    Py_XDECREF(board);
    Py_XDECREF(made);
    return out;
}

/* bind_omaha(address of hf_omaha) */
static PyObject *bind_omaha(PyObject *module, PyObject *address)
{
    (void)module;
    void *omaha = PyLong_AsVoidPtr(address);
    if (!omaha || attr_names_made() < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "bind_omaha: a NULL address");
        return NULL;
    }
    bound_omaha = (omaha_value_fn)omaha;
    Py_RETURN_NONE;
}
