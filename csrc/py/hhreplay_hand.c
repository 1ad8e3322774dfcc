/* hhreplay_hand.c: replay_hand, a whole hand history's replay in C for the
 * plain hand (no card exposed; run once, or run N times as the history ran it;
 * the blinds and antes as the engine posts them, or run once with posts out
 * of position, dead blinds and straddles posted seat by seat, as the Python
 * replay posts them), included by hhreplay.c (its state, pot_list, deal_known).
 *
 * It is the twin of hilo_fast.history.replay's _play and _settle for a hand they
 * replay exactly (no discrepancy): it answers only such a hand, and None for
 * every other (any post the engine does not make, any action it would not
 * apply with nothing to say, any pot or total the site paid otherwise), which
 * the Python then replays and words. tests/history/test_replay_hand.py fuzzes
 * the pair. The engine's hand is played on an hf_game of its own (no
 * hilo_fast.Hand is made: Replay.hand builds one when asked). */

/* The HandHistory attributes replay_numbers reads (replayed.h's H_*), by
 * index into st->names. */
_Static_assert((int)N_H_ATTRS <= (int)MAX_NAMES, "state.names holds every attribute");
static const char *const attr_names[N_H_ATTRS] = {
    "seats", "max_seats", "dealt_in", "posts", "stakes", "limit", "button", "hand_id", "runs",
    "exposed", "hole_count", "board", "hole_cards", "actions", "mucked", "total_pot", "rake",
    "pots", "collected", "pot_collections", "site", "chip_unit", "run_collected",
};

/* Chips beyond this are left to the Python (sums of a few stay in int64). */
#define PLAIN_CHIPS ((int64_t)1 << 56)

/* A str equal to `want` (an interned str of the state). */
static int same_str(PyObject *item, PyObject *want)
{
    return item == want || (PyUnicode_CheckExact(item) && PyUnicode_Compare(item, want) == 0);
}

/* An exact int 0 .. PLAIN_CHIPS of `item` into *out: 1, or 0 (not one). */
static int plain_chips(PyObject *item, int64_t *out)
{
    return exact_chips(item, out) && *out >= 0 && *out < PLAIN_CHIPS;
}

/* The engine seat of `player` by seat_of (a str seated), or -1. The seats'
 * names (names[k]: seat_of's key whose value is k, or NULL) are looked at by
 * identity first: a reader hands the same name objects to the actions. */
static int32_t seat_index(PyObject *seat_of, PyObject *const *names, PyObject *player)
{
    for (int32_t k = 0; player && k < 10; k++)
        if (names[k] == player)
            return k;
    PyObject *seat = PyUnicode_CheckExact(player) ? PyDict_GetItemWithError(seat_of, player) : NULL;
    PyErr_Clear();
    return seat ? (int32_t)PyLong_AsLong(seat) : -1;
}

/* How far the replay's deck is turned for `hand_id` (replay._turn), or -1
 * for an id that is not plain ASCII (left to the Python). */
static int32_t deck_turn(PyObject *hand_id)
{
    Py_ssize_t size;
    const char *text = PyUnicode_CheckExact(hand_id) ? PyUnicode_AsUTF8AndSize(hand_id, &size)
                                                     : NULL;
    if (!text) {
        PyErr_Clear();
        return -1;
    }
    int digits = size > 0;
    int64_t by_digits = 0, by_code = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x80)
            return -1;
        digits &= c >= '0' && c <= '9';
        by_digits = (by_digits * 10 + (c - '0')) % 52;
        by_code = (by_code + c) % 52;
    }
    return (int32_t)(digits ? by_digits : by_code);
}

/* The settings of hilo_fast.history.replay._structure(limit, stakes, small blind,
 * ante) offering `runs` through st->settings_of (the Python, once per key: a
 * few are kept), or NULL for a structure it refuses. */
static const hf_structure *structure_of(state *st, const int64_t key[6])
{
    for (int32_t i = 0; i < st->n_settings; i++)
        if (memcmp(st->settings[i].key, key, sizeof st->settings[i].key) == 0)
            return st->settings[i].address;
    PyObject *found = PyObject_CallFunction(st->settings_of, "LLLLLL", (long long)key[0],
                                            (long long)key[1], (long long)key[2],
                                            (long long)key[3], (long long)key[4],
                                            (long long)key[5]);
    const hf_structure *address = NULL;
    if (found && PyTuple_Check(found) && PyTuple_Size(found) == 2)
        address = PyLong_AsVoidPtr(PyTuple_GetItem(found, 1));
    if (!address) {
        PyErr_Clear();
        Py_XDECREF(found);
        return NULL;
    }
    int32_t slot = st->n_settings < N_SETTINGS ? st->n_settings++ : st->next_setting;
    st->next_setting = (slot + 1) % N_SETTINGS;
    replace_ref(&st->settings[slot].keep, found);   /* owns the hf_structure */
    memcpy(st->settings[slot].key, key, sizeof st->settings[slot].key);
    st->settings[slot].address = address;
    return address;
}

/* The first seat with chips counter-clockwise from `seat` (itself if none). */
static int32_t previous_seat(int32_t seat, const int64_t *stacks, int32_t n)
{
    for (int32_t step = 1; step <= n; step++)
        if (stacks[((seat - step) % n + n) % n])
            return ((seat - step) % n + n) % n;
    return seat;
}

/* replay.split_pot's shares of a pot of `net` chips into shares[] and the
 * part of them from the low half into low[] (both by seat, added to); whether
 * a low qualified (split_pot's low shares are not None). */
static int split_shares(const pot_t *pot, int64_t net, int64_t unit, int low_to_high,
                        int64_t *shares, int64_t *low)
{
    if (pot->n_eligible == 1) {
        shares[pot->eligible[0]] += net;
        return 0;
    }
    if (pot->n_high == 1 && pot->n_low == 0) {
        shares[pot->high[0]] += net;
        return 0;
    }
    if (unit > 1) {   /* whole units, the part of a unit left to the first high winner */
        int64_t units = net / unit, low_units = pot->n_low ? units / 2 : 0;
        int64_t high_each = (units - low_units) / pot->n_high;
        int64_t high_extra = (units - low_units) % pot->n_high;
        for (int32_t r = 0; r < pot->n_high; r++)
            shares[pot->high[r]] += (high_each + (r < high_extra)) * unit;
        for (int32_t r = 0; r < pot->n_low; r++) {
            int64_t won = (low_units / pot->n_low + (r < low_units % pot->n_low)) * unit;
            shares[pot->low[r]] += won;
            low[pot->low[r]] += won;
        }
        shares[pot->high[0]] += net % unit;
        return pot->n_low > 0;
    }
    int64_t low_half = pot->n_low ? net / 2 : 0;
    if (pot->n_low && low_to_high)
        low_half -= low_half % pot->n_low;
    for (int32_t r = 0; r < pot->n_low; r++) {
        int64_t won = low_half / pot->n_low + (r < low_half % pot->n_low);
        shares[pot->low[r]] += won;
        low[pot->low[r]] += won;
    }
    int64_t high_half = net - low_half;
    for (int32_t r = 0; r < pot->n_high; r++)
        shares[pot->high[r]] += high_half / pot->n_high + (r < high_half % pot->n_high);
    return pot->n_low > 0;
}

/* A new dict name -> chips of the seats with chips (ascending). */
static PyObject *named_chips(PyObject *const *names, const int64_t *chips, const int32_t *seats,
                             int32_t count, int skip_zero)
{
    PyObject *out = PyDict_New();
    for (int32_t i = 0; out && i < count; i++) {
        int32_t seat = seats[i];
        if (skip_zero && !chips[seat])
            continue;
        PyObject *value = PyLong_FromLongLong(chips[seat]);
        if (!value || PyDict_SetItem(out, names[seat], value) < 0)
            Py_CLEAR(out);
        Py_XDECREF(value);
    }
    return out;
}

/* A new tuple of the names of `count` seats. */
static PyObject *name_tuple(PyObject *const *names, const int32_t *seats, int32_t count)
{
    PyObject *out = PyTuple_New(count);
    for (int32_t i = 0; out && i < count; i++) {
        Py_INCREF(names[seats[i]]);
        PyTuple_SetItem(out, i, names[seats[i]]);
    }
    return out;
}

/* A new tuple of the first `count` cards of `cards`. */
static PyObject *card_tuple(const int *cards, int count)
{
    PyObject *list = card_list(cards, count);
    PyObject *out = list ? PyList_AsTuple(list) : NULL;
    Py_XDECREF(list);
    return out;
}

/* Whether `paid` (a dict name -> chips) is the seats' chips[] that are not
 * zero, by name: 1, or 0 (not, or anything not plain). */
static int paid_as(const replayed_t *played, PyObject *paid, const int64_t *chips)
{
    Py_ssize_t n_paid = 0, at = 0;
    for (int32_t seat = 0; seat < 10; seat++)
        n_paid += chips[seat] != 0;
    if (!PyDict_Check(paid) || PyDict_Size(paid) != n_paid)
        return 0;
    PyObject *name, *value;
    while (PyDict_Next(paid, &at, &name, &value)) {
        int32_t seat = seat_index(played->seat_of, played->names, name);
        int64_t chips_paid;
        if (seat < 0 || !chips[seat] || !exact_chips(value, &chips_paid)
            || chips_paid != chips[seat])
            return 0;
    }
    return 1;
}

/* The site's own check of its summary (replay._compare) on the replay's
 * pots: it paid each player what the pots pay (h.collected), and its
 * collected lines (h.pot_collections: (pot index, name, chips)) split each pot
 * as the replay does, when they name as many pots: 1 when all agrees, 0 when
 * not (or anything is not plain). */
static int site_agrees(const replayed_t *played, PyObject *h_collected,
                       PyObject *pot_collections)
{
    if (!paid_as(played, h_collected, played->collected) || !PyTuple_Check(pot_collections))
        return 0;
    Py_ssize_t n_lines = PyTuple_Size(pot_collections);
    int64_t indexes[64];
    int32_t n_indexes = 0, n_pots = played->n_pots;
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        PyObject *line = PyTuple_GetItem(pot_collections, i);
        int64_t index;
        if (!PyTuple_Check(line) || PyTuple_Size(line) != 3
            || !exact_chips(PyTuple_GetItem(line, 0), &index))
            return 0;
        int32_t k = 0;
        while (k < n_indexes && indexes[k] != index)
            k++;
        if (k == n_indexes) {
            if (n_indexes == 64)
                return 0;
            indexes[n_indexes++] = index;
        }
    }
    if (n_pots == 1 && n_indexes == 1)
        return indexes[0] == 0 ? paid_as(played, h_collected, played->pot[0].won)
                               : played->pot[0].n_takers == 0;
    if (n_indexes != n_pots)
        return 1;
    for (int32_t pot = 0; pot < n_pots; pot++) {
        int64_t site[10] = {0};   /* the site's split of this pot, by seat */
        int named[10] = {0};
        for (Py_ssize_t i = 0; i < n_lines; i++) {
            PyObject *line = PyTuple_GetItem(pot_collections, i);
            int64_t index = -1, amount;
            exact_chips(PyTuple_GetItem(line, 0), &index);
            if (index != pot)
                continue;
            int32_t seat = seat_index(played->seat_of, played->names, PyTuple_GetItem(line, 1));
            if (seat < 0 || !exact_chips(PyTuple_GetItem(line, 2), &amount)
                || amount <= -PLAIN_CHIPS || amount >= PLAIN_CHIPS)
                return 0;
            site[seat] += amount;
            named[seat] = 1;
            if (site[seat] <= -PLAIN_CHIPS || site[seat] >= PLAIN_CHIPS)   /* (stays in int64) */
                return 0;
        }
        for (int32_t seat = 0; seat < 10; seat++)
            if (named[seat] != (played->pot[pot].won[seat] != 0)
                || site[seat] != played->pot[pot].won[seat])
                return 0;
    }
    return 1;
}

/* How many of the board's five places, from the first, every run holds alike
 * (replay._shared_places): runs are tuples of str, each of 5 here. */
static int32_t shared_places(PyObject *runs)
{
    PyObject *first = PyTuple_GetItem(runs, 0);
    for (int32_t place = 0; place < 5; place++)
        for (Py_ssize_t r = 1; r < PyTuple_Size(runs); r++)
            if (!same_str(PyTuple_GetItem(PyTuple_GetItem(runs, r), place),
                          PyTuple_GetItem(first, place)))
                return place;
    return 5;
}

/* Release what *played holds (replay_api.clear). */
static void replayed_clear(replayed_t *played)
{
    for (int32_t i = 0; i < N_H_ATTRS; i++)
        Py_CLEAR(played->attr[i]);
    Py_CLEAR(played->seat_of);
    Py_CLEAR(played->run_list);
}

/* replay_numbers(module, h, played): the replay of the HandHistory h into
 * *played when it is a plain hand the replay settles exactly (see the file's
 * doc): 1; 0 for any other hand (nothing held); -1 with an exception when
 * bind_history was not called (replay_api.numbers). */
static int replay_numbers(PyObject *module, PyObject *h, replayed_t *played)
{
    memset(played, 0, sizeof *played);
    state *st = PyModule_GetState(module);
    if (!st)
        return -1;
    if (!st->act || !st->deal || !st->deal_forced || !st->settings_of) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._hhreplay is not bound for replay_hand");
        return -1;
    }
    PyObject **names = played->names;
    for (int32_t i = 0; i < N_H_ATTRS; i++)
        if (!(played->attr[i] = PyObject_GetAttr(h, st->names[i])))
            goto bail;
    PyObject *const *a = played->attr, *seat_of;
    /* Seats: engine seat = printed number - 1; stacks for the players dealt in. */
    PyObject *seats = a[H_SEATS], *dealt_in = a[H_DEALT_IN];
    if (!PyTuple_Check(seats) || PyTuple_Size(seats) < 1 || PyTuple_Size(seats) > 10
        || !PyTuple_Check(dealt_in))
        goto bail;
    int64_t *stacks = played->stacks, max_seats = 0;
    int32_t n = 2, n_listed = (int32_t)PyTuple_Size(seats);
    if (a[H_MAX_SEATS] != Py_None && (!exact_chips(a[H_MAX_SEATS], &max_seats) || max_seats > 10))
        goto bail;
    if (max_seats)
        n = (int32_t)max_seats;
    if (!(seat_of = played->seat_of = PyDict_New()))
        goto bail;
    for (int32_t i = 0; i < n_listed; i++) {
        PyObject *info = PyTuple_GetItem(seats, i);
        int64_t number, stack;
        if (!PyTuple_Check(info) || PyTuple_Size(info) < 3
            || !exact_chips(PyTuple_GetItem(info, 0), &number) || number < 1 || number > 10
            || !PyUnicode_CheckExact(PyTuple_GetItem(info, 1)) || names[number - 1]
            || !plain_chips(PyTuple_GetItem(info, 2), &stack))
            goto bail;
        PyObject *name = PyTuple_GetItem(info, 1);
        PyObject *seat = PyLong_FromLongLong(number - 1);
        int err = !seat || PyDict_SetItem(seat_of, name, seat) < 0;
        Py_XDECREF(seat);
        if (err || PyDict_Size(seat_of) != i + 1)   /* (a name seated twice) */
            goto bail;
        names[number - 1] = name;
        int dealt = contains(dealt_in, name);
        if (dealt < 0)
            goto bail;
        if (dealt)
            stacks[number - 1] = stack;
        n = number > n ? (int32_t)number : n;
    }
    if (n < 2 || n > 10)
        goto bail;
    int64_t dealt[10];
    int32_t n_dealt = 0;
    for (int32_t seat = 0; seat < n; seat++)
        if (stacks[seat])
            dealt[n_dealt++] = seat;
    int64_t button_h, stakes[2], limit;
    if (!exact_chips(a[H_BUTTON], &button_h) || button_h < -PLAIN_CHIPS || button_h > PLAIN_CHIPS
        || !PyTuple_Check(a[H_STAKES]) || PyTuple_Size(a[H_STAKES]) != 2
        || !plain_chips(PyTuple_GetItem(a[H_STAKES], 0), &stakes[0])
        || !plain_chips(PyTuple_GetItem(a[H_STAKES], 1), &stakes[1])
        || !PyLong_Check(a[H_LIMIT]) || (limit = PyLong_AsLong(a[H_LIMIT])) < 0)
        goto bail;
    /* Posts (replay._play): the first small blind, the first big blind and the
     * antes are the engine's; every other post (another blind unlike the first,
     * a dead small blind, small & big blinds, a straddle) is live chips owed
     * (credit) or dead money, posted seat by seat (Hand._with_forced_bets). */
    PyObject *posts = a[H_POSTS];
    if (!PyTuple_Check(posts))
        goto bail;
    int32_t sb_seat = -1, bb_seat = -1, n_antes = 0, ante_seat[10];
    int64_t sb_posted = 0, bb_posted = 0, ante = 0, ante_amount[10], credit[10] = {0};
    int64_t dead[10] = {0};
    int ante_all_in[10], sb_all_in = 0, bb_all_in = 0, straddled = 0, extra_posts = 0;
    PyObject *sb_player = NULL, *bb_player = NULL;
    for (Py_ssize_t i = 0; i < PyTuple_Size(posts); i++) {
        PyObject *post = PyTuple_GetItem(posts, i);
        int64_t amount;
        if (!PyTuple_Check(post) || PyTuple_Size(post) != 4
            || !plain_chips(PyTuple_GetItem(post, 2), &amount))
            goto bail;
        PyObject *player = PyTuple_GetItem(post, 0), *kind = PyTuple_GetItem(post, 1);
        PyObject *all_in = PyTuple_GetItem(post, 3);
        int32_t seat = seat_index(seat_of, names, player);
        int flag = all_in == Py_True;
        if (seat < 0 || (all_in != Py_True && all_in != Py_False))
            goto bail;
        if (same_str(kind, st->post_small)) {
            if (sb_seat < 0) {
                sb_seat = seat;
                sb_posted = amount;
                sb_all_in = flag;
                sb_player = player;
            } else if (!same_str(player, sb_player) || amount != sb_posted || flag != sb_all_in) {
                dead[seat] += amount;   /* (a small blind not the engine's: dead) */
                extra_posts = 1;
            }
        } else if (same_str(kind, st->post_big)) {
            if (bb_seat < 0) {
                bb_seat = seat;
                bb_posted = amount;
                bb_all_in = flag;
                bb_player = player;
            } else if (!same_str(player, bb_player) || amount != bb_posted || flag != bb_all_in) {
                credit[seat] += amount;   /* (a big blind out of position: live) */
                extra_posts = 1;
            }
        } else if (same_str(kind, st->post_ante)) {
            if (n_antes == 10)
                goto bail;
            ante_seat[n_antes] = seat;
            ante_amount[n_antes] = amount;
            ante_all_in[n_antes++] = flag;
            ante = amount > ante ? amount : ante;
        } else if (same_str(kind, st->post_both)) {   /* the big blind live, the rest dead */
            credit[seat] += limit == st->fixed_limit ? stakes[0] : stakes[1];
            dead[seat] += amount - credit[seat];
            extra_posts = 1;
        } else if (same_str(kind, st->post_straddle)) {
            credit[seat] += amount;
            straddled = extra_posts = 1;
        } else {
            goto bail;
        }
        if (credit[seat] >= PLAIN_CHIPS || dead[seat] >= PLAIN_CHIPS || dead[seat] <= -PLAIN_CHIPS)
            goto bail;   /* (many posts: sums stay in int64) */
    }
    int owing = 0;
    for (int32_t seat = 0; seat < n; seat++)
        owing |= credit[seat] != 0;
    if (bb_seat < 0)   /* (no big blind: the Python's) */
        goto bail;
    int button_on_big = n_dealt == 2 && sb_seat >= 0 && bb_seat == button_h - 1;
    int32_t button;
    if (button_on_big) {
        button = (int32_t)(button_h - 1);
    } else if (sb_seat >= 0) {
        button = n_dealt == 2 ? sb_seat : previous_seat(sb_seat, stacks, n);
    } else {
        int64_t at = button_h - 1;
        button = at >= 0 && at < n && stacks[at] ? (int32_t)at
                                                 : previous_seat((int32_t)(((at % n) + n) % n),
                                                                 stacks, n);
    }
    /* posted seat by seat: Hand._with_forced_bets, as replay._play builds it */
    int forced = owing || button_on_big || sb_seat < 0;
    int64_t sb = limit == st->fixed_limit ? stakes[0] / 2 : stakes[0];
    if (sb_seat >= 0 && !sb_all_in)
        sb = sb_posted;
    if (n_antes && n_antes != n_dealt)
        goto bail;
    for (int32_t i = 0; i < n_antes; i++)
        if (!ante_all_in[i] && ante_amount[i] != ante)
            goto bail;
    /* The deal: the known cards, the rest from the deck turned by the hand id. */
    /* Run N times: each run a tuple of its 5 cards, the places the runs share
     * first; the other runs' own cards are known, the shared places of their
     * boards filled by cards drawn after the first board (replay._deal_runs). */
    PyObject *runs = a[H_RUNS], *extra[3 * 5];
    int64_t hole_count, exposed;
    int32_t n_runs = PyTuple_Check(runs) ? (int32_t)PyTuple_Size(runs) : -1, shared = 5;
    int n_extra = 0;
    if (n_runs == 1 || n_runs < 0 || n_runs > HF_MAX_RUNS)
        goto bail;
    for (int32_t r = 0; r < n_runs; r++) {
        PyObject *run = PyTuple_GetItem(runs, r);
        if (!PyTuple_Check(run) || PyTuple_Size(run) != 5)
            goto bail;
    }
    if (n_runs > 1) {
        shared = shared_places(runs);
        for (int32_t r = 1; r < n_runs; r++)
            for (int32_t place = shared; place < 5; place++)
                extra[n_extra++] = PyTuple_GetItem(PyTuple_GetItem(runs, r), place);
    }
    n_runs = n_runs ? n_runs : 1;
    if (n_runs > 1 && (forced || extra_posts))   /* (the general constructor: the Python's) */
        goto bail;
    int64_t key[6] = {limit, stakes[0], stakes[1], sb, ante, n_runs};
    int32_t turn = deck_turn(a[H_HAND_ID]), filler = shared * (n_runs - 1);
    if (turn < 0 || !exact_chips(a[H_EXPOSED], &exposed) || exposed
        || !exact_chips(a[H_HOLE_COUNT], &hole_count) || hole_count < 4 || hole_count > 6
        || !PyTuple_Check(a[H_BOARD]) || !PyDict_CheckExact(a[H_HOLE_CARDS]))
        goto bail;
    const hf_structure *structure = structure_of(st, key);
    if (!structure)
        goto bail;
    int64_t deck[52];
    for (int32_t k = 0; k < 52; k++)
        deck[k] = st->deck[(k + turn) % 52];
    int board[20], (*holes)[6] = played->holes, *known = played->known;
    if (deal_known(a[H_BOARD], a[H_HOLE_CARDS], seat_of, dealt, n_dealt, n, (int)hole_count,
                   st->card_ids, deck, extra, n_extra, filler, board, holes, known) < 0)
        goto bail;
    int32_t cards[52], n_cards = 0;
    for (int32_t seat = 0; seat < n; seat++) {
        if (known[seat] != (stacks[seat] != 0)   /* (cards shown by a seat not dealt in) */
            || (known[seat] && n_cards + hole_count > 47))   /* (as Hand._given_deal) */
            goto bail;
        for (int32_t k = 0; known[seat] && k < hole_count; k++)
            cards[n_cards++] = holes[seat][k];
    }
    for (int32_t k = 0; k < 5; k++)
        cards[n_cards++] = board[k];
    for (int32_t r = 1; r < n_runs; r++) {   /* the later runs: filler, then their own */
        if (n_cards + 5 > 52)
            goto bail;
        for (int32_t place = 0; place < shared; place++)
            cards[n_cards++] = board[5 + (r - 1) * shared + place];
        for (int32_t place = shared; place < 5; place++) {
            int32_t card = card_of(st->card_ids, PyTuple_GetItem(PyTuple_GetItem(runs, r), place));
            if (card < 0)
                goto bail;
            cards[n_cards++] = card;
        }
    }
    hf_game game, *g = &game;
    if (forced) {
        /* replay._dead_posts: a live post whose player first folds is dead (an ante) */
        int64_t blinds[10] = {0}, antes_of[10] = {0}, dead_posts[10] = {0};
        int first_seen[10] = {0};
        PyObject *acts = a[H_ACTIONS];
        if (!PyTuple_Check(acts))
            goto bail;
        for (Py_ssize_t i = 0; owing && i < PyTuple_Size(acts); i++) {
            PyObject *item = PyTuple_GetItem(acts, i);
            if (!PyTuple_Check(item) || PyTuple_Size(item) != 6)
                goto bail;
            int32_t seat = seat_index(seat_of, names, PyTuple_GetItem(item, 1));
            int32_t code = kind_code(st->kinds, PyTuple_GetItem(item, 2));
            if (seat < 0)
                goto bail;
            if (credit[seat] && !first_seen[seat] && code != RETURNED) {
                first_seen[seat] = 1;
                if (code == HF_FOLD)
                    dead_posts[seat] = credit[seat];
            }
        }
        if (sb_seat >= 0)
            blinds[sb_seat] = sb_posted;
        blinds[bb_seat] = bb_posted;   /* (after the small blind's: one seat posting both) */
        for (int32_t seat = 0; seat < n; seat++)
            blinds[seat] += credit[seat] - dead_posts[seat];
        for (int32_t i = 0; i < n_antes; i++)
            for (int32_t k = i + 1; k < n_antes; k++)
                if (ante_seat[k] == ante_seat[i])   /* (one ante a seat) */
                    goto bail;
        for (int32_t i = 0; i < n_antes; i++)
            antes_of[ante_seat[i]] = ante_amount[i];
        for (int32_t seat = 0; seat < n; seat++)
            antes_of[seat] += dead_posts[seat];
        if (st->deal_forced(g, structure, n, (int32_t)hole_count, stacks, button, cards, n_cards,
                            antes_of, blinds, straddled ? -1 : bb_seat) != 0)
            goto bail;
    } else if (st->deal(g, structure, n, (int32_t)hole_count, stacks, button, cards, n_cards) != 0
               || g->small_blind_seat != sb_seat || g->big_blind_seat != bb_seat) {
        goto bail;
    }
    /* The actions, each as the replay's loop applies it with nothing to say. */
    PyObject *actions = a[H_ACTIONS];
    if (!PyTuple_Check(actions))
        goto bail;
    int64_t returned[10] = {0};
    int32_t last_street = HF_PREFLOP;
    for (Py_ssize_t i = 0; i < PyTuple_Size(actions); i++) {
        PyObject *item = PyTuple_GetItem(actions, i);
        if (!PyTuple_Check(item) || PyTuple_Size(item) != 6)
            goto bail;
        int32_t seat = seat_index(seat_of, names, PyTuple_GetItem(item, 1));
        int32_t code = kind_code(st->kinds, PyTuple_GetItem(item, 2));
        PyObject *flag = PyTuple_GetItem(item, 5);
        int64_t amount, to;
        if (seat < 0 || code < 0 || !plain_chips(PyTuple_GetItem(item, 3), &amount))
            goto bail;
        if (code == RETURNED) {
            returned[seat] += amount;
            if (returned[seat] >= PLAIN_CHIPS)   /* (many: sums stay in int64) */
                goto bail;
            continue;
        }
        if ((flag != Py_True && flag != Py_False) || seat != g->actor
            || !plain_chips(PyTuple_GetItem(item, 4), &to))
            goto bail;
        int64_t stack = g->stacks[seat], given = HF_NO_AMOUNT, added = 0;
        int32_t street = g->street;
        if (code == HF_CALL) {
            added = g->call_amount;
            if (added != amount)
                goto bail;
        } else if (code == HF_BET) {
            if (amount > g->max_to)
                goto bail;
            added = amount;
            given = g->bets[seat] + amount;
        } else if (code == HF_RAISE) {
            if (to > g->max_to || to - g->current_bet != amount)
                goto bail;
            added = to - g->bets[seat];
            given = to;
        }
        if (code >= HF_CALL && (flag == Py_True) != (added == stack && stack > 0))
            goto bail;
        if (st->act(g, code, given) != 0)
            goto bail;
        last_street = street;
    }
    int (*boards)[5] = played->boards;
    for (int32_t k = 0; k < 5; k++)
        boards[0][k] = g->board[k];
    if (n_runs > 1) {   /* the runs, agreed as the history ran them, its boards dealt */
        if (!g->awaiting_runs || st->runs(g, n_runs) != 0 || g->n_runs != n_runs
            || g->board_shown != 5)
            goto bail;
        for (int32_t r = 0; r < n_runs; r++)
            for (int32_t k = 0; k < 5; k++) {
                int32_t card = r == 0 ? g->board[k] : k < g->run_from ? g->board[k]
                                                                      : g->extra_boards[r - 1][k];
                boards[r][k] = card;
                if (card != card_of(st->card_ids, PyTuple_GetItem(PyTuple_GetItem(runs, r), k)))
                    goto bail;
            }
    }
    if (g->street != HF_OVER)
        goto bail;
    for (int32_t seat = 0; seat < n; seat++)
        if (returned[seat] && returned[seat] != g->returned[seat])
            goto bail;
    /* The settlement: who shows, the pots, each pot's rake, the hi/lo split. */
    int64_t total = 0, total_pot, rake, unit, *chips = played->chips;
    int32_t *live = played->live, n_live = 0, showing[10], n_showing = 0, n_pots = 0;
    for (int32_t seat = 0; seat < n; seat++) {
        chips[seat] = g->contributions[seat] + dead[seat];
        total += chips[seat];
        if (stacks[seat] && g->status[seat] != HF_FOLDED)
            live[n_live++] = seat;
    }
    if (!plain_chips(a[H_TOTAL_POT], &total_pot) || total != total_pot
        || !plain_chips(a[H_RAKE], &rake) || !exact_chips(a[H_CHIP_UNIT], &unit)
        || !PyTuple_Check(a[H_MUCKED]) || !PyTuple_Check(a[H_POTS]) || n_live < 1)
        goto bail;
    pot_t pots_found[10], run_pots[HF_MAX_RUNS][10];
    if (n_live > 1) {
        int mucked[10] = {0};
        for (Py_ssize_t i = 0; i < PyTuple_Size(a[H_MUCKED]); i++) {
            int32_t seat = seat_index(seat_of, names, PyTuple_GetItem(a[H_MUCKED], i));
            if (seat < 0)
                goto bail;
            mucked[seat] = 1;
        }
        for (int32_t i = 0; i < n_live; i++) {
            if (mucked[live[i]])
                continue;
            int shown = PyDict_Contains(a[H_HOLE_CARDS], names[live[i]]);
            if (shown != 1)   /* (reached showdown, cards never shown) */
                goto bail;
            showing[n_showing++] = live[i];
        }
        if (!n_showing)
            goto bail;
        int32_t pot_button = (int32_t)(((button_h - 1) % n + n) % n);
        n_pots = pot_list(st, g, boards[0], chips, showing, n_showing, pot_button, pots_found);
        if (n_pots < 1)
            goto bail;
        for (int32_t r = 1; r < n_runs; r++)   /* (the same levels, each run's winners) */
            if (pot_list(st, g, boards[r], chips, showing, n_showing, pot_button, run_pots[r])
                != n_pots)
                goto bail;
    } else if (n_runs > 1) {
        goto bail;
    } else {
        pot_t *only = &pots_found[0];
        only->level = 0;
        only->amount = total;
        only->n_eligible = only->n_high = 1;
        only->n_low = 0;
        only->eligible[0] = only->high[0] = live[0];
        n_pots = 1;
    }
    int64_t rakes[10], left = rake, listed[10];
    Py_ssize_t n_listed_pots = PyTuple_Size(a[H_POTS]);
    int by_listing = 0;
    if (n_listed_pots && n_listed_pots == n_pots && n_pots > 1) {
        int64_t sum = 0, least = 0;
        for (int32_t k = 0; k < n_pots; k++) {
            if (!exact_chips(PyTuple_GetItem(a[H_POTS], k), &listed[k]) || listed[k] < -PLAIN_CHIPS
                || listed[k] >= PLAIN_CHIPS)
                goto bail;
            rakes[k] = pots_found[k].amount - listed[k];
            sum += rakes[k];
            least = k == 0 || rakes[k] < least ? rakes[k] : least;
        }
        if (least < 0 || sum != rake)   /* (the summary's pots and rake disagree) */
            goto bail;
        by_listing = 1;
    }
    for (int32_t k = 0; !by_listing && k < n_pots; k++) {
        rakes[k] = left < pots_found[k].amount ? left : pots_found[k].amount;
        left -= rakes[k];
    }
    if (!by_listing && left)
        goto bail;
    int low_to_high = PySet_Contains(st->low_to_high, a[H_SITE]);
    if (low_to_high < 0)
        goto bail;
    for (int32_t k = 0; k < n_pots; k++) {
        const pot_t *pot = &pots_found[k];
        replayed_pot *out = &played->pot[k];
        out->net = pot->amount - rakes[k];
        out->rake = rakes[k];
        out->n_eligible = pot->n_eligible;
        memcpy(out->eligible, pot->eligible, sizeof out->eligible);
        if (out->net < 0)
            goto bail;
        if (n_runs == 1) {
            out->has_low = split_shares(pot, out->net, unit, low_to_high, out->won, out->low_won);
            for (int32_t seat = 0; seat < n; seat++)
                if (out->won[seat])
                    out->takers[out->n_takers++] = seat;
        } else {   /* each run an equal share, the odd chips to the first runs */
            int taken[10] = {0};
            for (int32_t r = 0; r < n_runs; r++) {
                int64_t run_won[10] = {0};
                out->has_low |= split_shares(r ? &run_pots[r][k] : pot, out->net / n_runs
                                             + (r < out->net % n_runs), unit, low_to_high,
                                             run_won, out->low_won);
                for (int32_t seat = 0; seat < n; seat++) {
                    if (run_won[seat] && !taken[seat]) {   /* (in the order first paid) */
                        taken[seat] = 1;
                        out->takers[out->n_takers++] = seat;
                    }
                    out->won[seat] += run_won[seat];
                }
            }
        }
        for (int32_t i = 0; i < out->n_takers; i++)
            played->collected[out->takers[i]] += out->won[out->takers[i]];
    }
    played->n_pots = n_pots;
    /* The site's totals add up, and it paid what the replay pays, pot by pot. */
    PyObject *h_collected = a[H_COLLECTED];
    if (!PyDict_CheckExact(h_collected))
        goto bail;
    int64_t paid = rake;
    Py_ssize_t at = 0;
    PyObject *name, *value;
    while (PyDict_Next(h_collected, &at, &name, &value)) {
        int64_t chips_paid;
        if (!plain_chips(value, &chips_paid) || (paid += chips_paid) >= PLAIN_CHIPS)
            goto bail;
    }
    if (paid != total_pot || !site_agrees(played, h_collected, a[H_POT_COLLECTIONS]))
        goto bail;
    /* Each run: what it paid (name -> chips, in the order the Python adds them:
     * pot by pot, seat by seat), and what the site says it paid. */
    if (!(played->run_list = PyList_New(0)) || !PyTuple_Check(a[H_RUN_COLLECTED]))
        goto bail;
    for (int32_t r = 0; n_runs > 1 && r < n_runs; r++) {
        PyObject *run_paid = PyDict_New();
        int err = !run_paid || PyList_Append(played->run_list, run_paid) < 0;
        Py_XDECREF(run_paid);   /* (the list holds it) */
        if (err)
            goto bail;
        for (int32_t k = 0; k < n_pots; k++) {
            const pot_t *pot = r ? &run_pots[r][k] : &pots_found[k];
            int64_t net = played->pot[k].net, run_won[10] = {0}, run_low[10] = {0};
            split_shares(pot, net / n_runs + (r < net % n_runs), unit, low_to_high, run_won,
                         run_low);
            for (int32_t seat = 0; seat < n; seat++) {
                if (!run_won[seat])
                    continue;
                PyObject *had = PyDict_GetItemWithError(run_paid, names[seat]);
                int64_t before = 0;
                if (had && !exact_chips(had, &before))
                    goto bail;
                PyObject *sum = PyLong_FromLongLong(before + run_won[seat]);
                err = !sum || PyDict_SetItem(run_paid, names[seat], sum) < 0;
                Py_XDECREF(sum);
                if (err)
                    goto bail;
            }
        }
        if (r < PyTuple_Size(a[H_RUN_COLLECTED])
            && PyObject_RichCompareBool(PyTuple_GetItem(a[H_RUN_COLLECTED], r), run_paid,
                                        Py_EQ) != 1)
            goto bail;
    }
    played->n = n;
    played->n_dealt = n_dealt;
    for (int32_t i = 0; i < n_dealt; i++)
        played->dealt[i] = (int32_t)dealt[i];
    played->n_live = n_live;
    played->last_street = last_street;
    played->n_runs = n_runs;
    played->hole_count = (int32_t)hole_count;
    return 1;
bail:   /* not a plain hand, or not replayed exactly: the Python's */
    PyErr_Clear();
    replayed_clear(played);
    return 0;
}

/* The pots of *played as a new list of PotResults (amount, rake, eligible,
 * shares, low_shares or None), and the new dict name -> chips it pays
 * (`collected`, in the order first paid: pot by pot). */
static PyObject *pot_results(state *st, const replayed_t *played, PyObject **collected)
{
    PyObject *const *names = played->names;
    PyObject *pots = PyList_New(played->n_pots);
    int32_t every_seat[10];
    for (int32_t seat = 0; seat < played->n; seat++)
        every_seat[seat] = seat;
    if (!pots || !(*collected = PyDict_New()))
        goto fail;
    for (int32_t k = 0; k < played->n_pots; k++) {
        const replayed_pot *pot = &played->pot[k];
        PyObject *shares = named_chips(names, pot->won, pot->takers, pot->n_takers, 1);
        PyObject *eligible = shares ? name_tuple(names, pot->eligible, pot->n_eligible) : NULL;
        PyObject *low = !eligible ? NULL : pot->has_low
                      ? named_chips(names, pot->low_won, every_seat, played->n, 1)
                      : Py_NewRef(Py_None);
        PyObject *result = NULL;
        if (low) {   /* (the fields' references given) */
            PyObject *fields[5] = {PyLong_FromLongLong(pot->net), PyLong_FromLongLong(pot->rake),
                                   eligible, shares, low};
            result = named_tuple(&st->maker, NULL, st->pot_result, 5, fields);
        } else {
            Py_XDECREF(shares);
            Py_XDECREF(eligible);
        }
        if (!result)
            goto fail;
        PyList_SetItem(pots, k, result);
        for (int32_t i = 0; i < pot->n_takers; i++) {   /* (first paid: first in) */
            int32_t seat = pot->takers[i];
            int in = PyDict_Contains(*collected, names[seat]);
            PyObject *chips = in ? NULL : PyLong_FromLongLong(played->collected[seat]);
            int err = in < 0 || (!in && (!chips || PyDict_SetItem(*collected, names[seat],
                                                                    chips) < 0));
            Py_XDECREF(chips);
            if (err)
                goto fail;
        }
    }
    return pots;
fail:
    Py_XDECREF(pots);
    Py_CLEAR(*collected);
    return NULL;
}

/* replay_hand(h): the replay of the HandHistory h when it is a plain hand the
 * replay settles exactly (see the file's doc): (seat_of, holes,
 * contributions, collected, pots, showdown, all_in_board, board,
 * run_collected), the fields of its Replay; None for any other hand. */
static PyObject *replay_hand(PyObject *module, PyObject *h)
{
    replayed_t played;
    int found = replay_numbers(module, h, &played);
    if (found <= 0)
        return found < 0 ? NULL : Py_NewRef(Py_None);
    state *st = PyModule_GetState(module);
    PyObject *const *names = played.names;
    int32_t n = played.n, hole_count = played.hole_count, n_live = played.n_live;
    int in_seat_order[60], k_cards = 0;
    for (int32_t seat = 0; seat < n; seat++)
        for (int32_t c = 0; played.known[seat] && c < hole_count; c++)
            in_seat_order[k_cards++] = played.holes[seat][c];
    PyObject *collected = NULL, *out = NULL;
    PyObject *pots = pot_results(st, &played, &collected);
    PyObject *holes = pots ? hole_lists(in_seat_order, played.known, n, (int)hole_count) : NULL;
    PyObject *contributions = holes ? named_chips(names, played.chips, played.dealt,
                                                  played.n_dealt, 0) : NULL;
    PyObject *showdown = n_live > 1 ? name_tuple(names, played.live, n_live) : PyTuple_New(0);
    int32_t all_in = all_in_board_size(&played);
    PyObject *all_in_board = all_in >= 0 ? card_tuple(played.boards[0], all_in)
                                         : Py_NewRef(Py_None);
    PyObject *board = card_tuple(played.boards[0], 5);
    if (contributions && showdown && all_in_board && board)
        out = PyTuple_Pack(9, played.seat_of, holes, contributions, collected, pots, showdown,
                           all_in_board, board, played.run_list);
    Py_XDECREF(pots);
    Py_XDECREF(collected);
    Py_XDECREF(holes);
    Py_XDECREF(contributions);
    Py_XDECREF(showdown);
    Py_XDECREF(all_in_board);
    Py_XDECREF(board);
    replayed_clear(&played);
    if (!out) {   /* (no memory: the Python's) */
        PyErr_Clear();
        out = Py_NewRef(Py_None);
    }
    return out;
}

static const replay_api REPLAY_FUNCTIONS = {replay_numbers, replayed_clear};

/* replay_api(): the capsule REPLAY_API, what hilo_fast._hhrows replays by. */
static PyObject *replay_api_capsule(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyCapsule_New((void *)&REPLAY_FUNCTIONS, REPLAY_API, NULL);
}

/* bind_history(card_ids, deck order, PotResult, sites whose low odd chips go
 * high, settings_of, kinds, "small blind", "big blind", "ante",
 * "small & big blinds", "straddle", Limit.FIXED): what replay_hand takes from
 * hilo_fast.history.replay. */
static PyObject *bind_history(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *card_ids, *deck, *pot_result, *low_to_high, *settings_of, *kinds;
    PyObject *small, *big, *ante, *both, *straddle;
    int fixed;
    if (!st || !PyArg_ParseTuple(args, "O!O!OO!OO!UUUUUi", &PyDict_Type, &card_ids,
                                 &PyTuple_Type, &deck, &pot_result, &PyFrozenSet_Type,
                                 &low_to_high, &settings_of, &PyTuple_Type, &kinds, &small, &big,
                                 &ante, &both, &straddle, &fixed))
        return NULL;
    int64_t order[52];
    for (Py_ssize_t k = 0; k < 52; k++)
        if (PyTuple_Size(deck) != 52 || !exact_chips(PyTuple_GetItem(deck, k), &order[k])
            || order[k] < 0 || order[k] > 51) {
            PyErr_SetString(PyExc_ValueError, "bind_history: a deck of 52 card ids");
            return NULL;
        }
    if (PyTuple_Size(kinds) != RETURNED + 1 || !PyCallable_Check(settings_of)
        || !PyType_Check(pot_result)
        || !PyType_IsSubtype((PyTypeObject *)pot_result, &PyTuple_Type)) {
        PyErr_SetString(PyExc_ValueError, "bind_history: 6 kinds, a callable, a tuple type");
        return NULL;
    }
    PyObject *names[N_H_ATTRS];
    for (int32_t i = 0; i < N_H_ATTRS; i++)
        if (!(names[i] = PyUnicode_InternFromString(attr_names[i]))) {
            while (i--)
                Py_DECREF(names[i]);
            return NULL;
        }
    for (int32_t i = 0; i < N_H_ATTRS; i++)
        replace_ref(&st->names[i], names[i]);
    for (int32_t k = 0; k < 52; k++)
        st->deck[k] = (int32_t)order[k];
    if (named_maker_init(&st->maker) < 0)
        return NULL;
    PyObject **slots[] = {&st->card_ids, &st->pot_result, &st->low_to_high,
                          &st->settings_of, &st->kinds, &st->post_small, &st->post_big,
                          &st->post_ante, &st->post_both, &st->post_straddle};
    PyObject *values[] = {card_ids, pot_result, low_to_high, settings_of, kinds, small,
                          big, ante, both, straddle};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        Py_INCREF(values[i]);
        replace_ref(slots[i], values[i]);
    }
    for (int32_t i = 0; i < st->n_settings; i++)
        Py_CLEAR(st->settings[i].keep);
    st->n_settings = st->next_setting = 0;
    st->fixed_limit = fixed;
    Py_RETURN_NONE;
}
