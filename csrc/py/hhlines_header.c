/* hhlines_header.c: part of hhlines.c (included there, after read_span).
 *
 * A PokerStars hand's first line read in C, as pokerstars.PokerStarsReader.
 * _finish_span reads it in Python: _HEADER's match (kind, id, the rest),
 * _header's _DATE search (the date cut off the rest) and its cache of parsed
 * headers, _date's _DATE_PARTS match and its cache of minutes. The regular
 * expressions and their Python glue were a fifth of the reader's time on a
 * hand. read_stars then reads the hand's other lines as read_span does, in
 * the same call. It answers only what it is sure of (ASCII text, a header
 * already parsed once by Python, Omaha Hi/Lo without an exposed card); for
 * anything else it says None and Python reads the hand, as before. */

/* _HEADER's kinds, in its order of alternatives. */
enum { N_HEADER_KINDS = 5 };
static const char *header_kind_names[N_HEADER_KINDS] = {"Zoom Hand", "Hand", "Game",
                                                        "Home Game Hand", "Home Game"};

typedef struct {
    int kind;         /* index in header_kind_names */
    span id, rest;    /* the digits after '#'; what follows ": " and its spaces */
    span minute;      /* the date's text up to its minutes (_MINUTES's key) */
    int seconds;
    span tz;          /* empty: none */
} header_t;

static inline int ascii_digit(char c) { return c >= '0' && c <= '9'; }

/* Where a run of at most `most` digits from i ends (i: none). */
static Py_ssize_t digits_upto(span t, Py_ssize_t i, Py_ssize_t most)
{
    Py_ssize_t e = i;
    while (e < t.n && e - i < most && ascii_digit(t.s[e]))
        e++;
    return e;
}

/* After "PokerStars ": a kind of header_kind_names, " #", digits and ": " at the
 * start of `after` (ASCII): the kind's index with *digits the digits, or -1.
 * (Each kind is followed by " #", so at most one of them fits.) */
static int kind_and_id(span after, span *digits)
{
    for (int k = 0; k < N_HEADER_KINDS; k++) {
        Py_ssize_t i = (Py_ssize_t)strlen(header_kind_names[k]);
        if (!starts(after, header_kind_names[k]) || !starts(sub(after, i, after.n), " #"))
            continue;
        Py_ssize_t d = digits_end(after, i + 2);   /* #\d+ */
        if (d < i + 3 || !starts(sub(after, d, after.n), ": "))   /* (d -1: not ASCII) */
            return -1;
        *digits = sub(after, i + 2, d);
        return k;
    }
    return -1;
}

/* _HEADER.match(line) on a stripped ASCII line: 1 with hd's kind, id and rest
 * set, or 0. */
static int header_match(span line, header_t *hd)
{
    if (!starts(line, "PokerStars "))
        return 0;
    span after = sub(line, 11, line.n);
    if ((hd->kind = kind_and_id(after, &hd->id)) < 0)
        return 0;
    Py_ssize_t r = hd->id.s + hd->id.n + 1 - after.s;
    while (r < after.n && after.s[r] == ' ')   /* ": +" */
        r++;
    hd->rest = sub(after, r, after.n);
    return 1;
}

/* Where \d{4}/\d{1,2}/ at the start of d ends, or -1. (What follows \d{1,2}
 * there is no digit, so backtracking finds no other split than the longest
 * run of at most two.) */
static Py_ssize_t year_month(span d)
{
    if (digits_upto(d, 0, 4) != 4 || d.n < 5 || d.s[4] != '/')
        return -1;
    Py_ssize_t m = digits_upto(d, 5, 2);
    return m == 5 || m >= d.n || d.s[m] != '/' ? -1 : m + 1;
}

/* _DATE.search(rest): where its " - " + \d{4}/\d{1,2}/\d{1,2} starts, or -1
 * (what follows, ".*$", matches anything: the line has no line end). */
static Py_ssize_t date_at(span rest)
{
    for (Py_ssize_t p = 0; p + 3 <= rest.n; p++) {
        if (rest.s[p] != ' ' || rest.s[p + 1] != '-' || rest.s[p + 2] != ' ')
            continue;
        span d = sub(rest, p + 3, rest.n);
        Py_ssize_t day = year_month(d);
        if (day >= 0 && day < d.n && ascii_digit(d.s[day]))
            return p;
    }
    return -1;
}

/* _DATE_PARTS.match(date): 1 with hd's minute, seconds and tz set, or 0.
 * Its \d{1,2} parts are followed by what no digit is ('/', ' ' or '-', ':'),
 * so backtracking finds no other split than the longest run of at most two. */
static int date_parts(span d, header_t *hd)
{
    Py_ssize_t day = year_month(d);
    if (day < 0)
        return 0;
    Py_ssize_t i = digits_upto(d, day, 2);
    if (i == day || i >= d.n || (d.s[i] != ' ' && d.s[i] != '-'))
        return 0;
    while (i < d.n && (d.s[i] == ' ' || d.s[i] == '-'))   /* [ -]+ */
        i++;
    Py_ssize_t hour = i;
    i = digits_upto(d, hour, 2);
    if (i == hour || i >= d.n || d.s[i] != ':')
        return 0;
    i++;   /* (\d{2}):(\d{2}) */
    if (i + 4 >= d.n || !ascii_digit(d.s[i]) || !ascii_digit(d.s[i + 1]) || d.s[i + 2] != ':'
        || !ascii_digit(d.s[i + 3]) || !ascii_digit(d.s[i + 4]))
        return 0;
    hd->minute = sub(d, 0, i + 2);
    hd->seconds = (d.s[i + 3] - '0') * 10 + (d.s[i + 4] - '0');
    Py_ssize_t j = i + 5;
    while (j < d.n && is_space(d.s[j]))   /* \s* */
        j++;
    if (j < d.n && d.s[j] == '(')   /* \(? */
        j++;
    Py_ssize_t u = j;   /* (?P<tz>[A-Z]{2,4})? */
    while (u < d.n && u - j < 4 && d.s[u] >= 'A' && d.s[u] <= 'Z')
        u++;
    hd->tz = u - j >= 2 ? sub(d, j, u) : sub(d, j, j);
    return 1;
}

/* The header's date and time zone as _date gives them: *date a new reference
 * (a datetime; None with no date; the date's text when its minute is not in
 * `minutes`: Python's _date then reads it) and *tz; 0, or -1 (error set). */
static int header_date(const header_t *hd, Py_ssize_t at, PyObject *minutes,
                       PyObject *seconds, PyObject **date, PyObject **tz)
{
    header_t parts = *hd;
    span text = at < 0 ? sub(hd->rest, 0, 0) : sub(hd->rest, at + 3, hd->rest.n);
    if (at < 0 || !date_parts(text, &parts)) {
        *date = ref(Py_None), *tz = PyUnicode_FromStringAndSize("", 0);
        return *tz ? 0 : -1;
    }
    PyObject *key = str_of(parts.minute), *minute = NULL;
    if (key && (minute = PyDict_GetItemWithError(minutes, key)) != NULL && parts.seconds < 60
        && parts.seconds < PyList_Size(seconds)) {
        *date = PyNumber_Add(minute, PyList_GetItem(seconds, parts.seconds));
        *tz = *date ? str_of(parts.tz) : NULL;
    } else {
        *date = key && !PyErr_Occurred() ? str_of(text) : NULL;
        *tz = *date ? PyUnicode_FromStringAndSize("", 0) : NULL;
    }
    Py_XDECREF(key);
    if (*date && *tz)
        return 0;
    Py_CLEAR(*date);
    Py_CLEAR(*tz);
    return -1;
}

/* 1 if the parsed header's attribute `name` is true, 0 if false, -1 (error set). */
static int header_flag(PyObject *parsed, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(parsed, name);
    int truth = value ? PyObject_IsTrue(value) : -1;
    Py_XDECREF(value);
    return truth;
}

/* The HandHistory of a hand read whole, as pokerstars._c_history makes it:
 * cls(id, *parsed.head, *table, *found[1:15], date, tz, *parsed.tail, line,
 * found[15]), put through `tabled` (_tabled) when a hand shows fewer cards
 * than the game deals; NULL (error set), or a new reference to Py_None when
 * the parsed header's head or tail is not the tuple expected. */
static PyObject *history_of(const state *st, PyObject *cls, PyObject *tabled, PyObject *id,
                            PyObject *parsed, PyObject *table, PyObject *date, PyObject *tz,
                            PyObject *line, PyObject *found)
{
    PyObject *head = PyObject_GetAttr(parsed, st->a_head), *out = NULL;
    PyObject *tail = head ? PyObject_GetAttr(parsed, st->a_tail) : NULL;
    if (!tail)
        goto done;
    if (!PyTuple_CheckExact(head) || PyTuple_Size(head) != 6 || !PyTuple_CheckExact(tail)
        || PyTuple_Size(tail) != 5 || PyTuple_Size(found) != 16) {
        out = ref(Py_None);
        goto done;
    }
    PyObject *args = PyTuple_New(33);   /* (PyObject_Vectorcall: not in the 3.10 limited API) */
    if (!args)
        goto done;
    PyObject *items[33];
    int n = 0;
    items[n++] = id;
    for (int k = 0; k < 6; k++)
        items[n++] = PyTuple_GetItem(head, k);
    for (int k = 0; k < 3; k++)
        items[n++] = PyTuple_GetItem(table, k);
    for (int k = 1; k < 15; k++)
        items[n++] = PyTuple_GetItem(found, k);
    items[n++] = date, items[n++] = tz;
    for (int k = 0; k < 5; k++)
        items[n++] = PyTuple_GetItem(tail, k);
    items[n++] = line, items[n++] = PyTuple_GetItem(found, 15);
    for (int k = 0; k < n; k++)
        PyTuple_SetItem(args, k, ref(items[k]));
    PyObject *hand = PyObject_Call(cls, args, NULL);
    Py_DECREF(args);
    if (!hand)
        goto done;
    /* _tabled's test: every hand known shows the game's count of cards */
    long count = PyLong_AsLong(PyTuple_GetItem(head, 2));
    PyObject *holes = PyTuple_GetItem(found, 5), *name, *cards;
    Py_ssize_t at = 0;
    int whole = !(count == -1 && PyErr_Occurred()) && PyDict_Check(holes);
    while (whole && PyDict_Next(holes, &at, &name, &cards))
        whole = PyObject_Size(cards) >= count;
    PyErr_Clear();   /* (a count or size not read: _tabled decides) */
    if (whole) {
        out = hand;
    } else {
        out = PyObject_CallFunctionObjArgs(tabled, hand, NULL);
        Py_DECREF(hand);
    }
done:
    Py_XDECREF(head);
    Py_XDECREF(tail);
    return out;
}

/* read_stars(text, start, stop, headers, minutes, seconds[, line, tables, cls,
 * tabled]): the hand at text[start:stop] (ASCII; its first line the header)
 * read whole: (hand id, the header's _Header from `headers`
 * (pokerstars._HEADERS), its date (a datetime from `minutes` (_MINUTES) plus
 * `seconds`[s] (_SECONDS); None; or the date's text when its minute is not
 * cached), its time zone, read_span's answer), or None: not sure (a header
 * not yet parsed, a game not Omaha Hi/Lo or with an exposed card, not ASCII,
 * a line read_span leaves). Given the four more, it answers with the hand's
 * HandHistory itself, cls being HandHistory, where it can (its date read,
 * its table line in `tables` (_TABLES)): history_of. */
static PyObject *read_stars(PyObject *module, PyObject *args)
{
    const state *st = bound_state(module);
    PyObject *text, *headers, *minutes, *seconds, *line = NULL, *tables = NULL, *cls = NULL,
        *tabled = NULL;
    Py_ssize_t start, stop;
    if (!st || !PyArg_ParseTuple(args, "UnnO!O!O!|O!O!O!O", &text, &start, &stop, &PyDict_Type,
                                 &headers, &PyDict_Type, &minutes, &PyList_Type, &seconds,
                                 &PyLong_Type, &line, &PyDict_Type, &tables, &PyType_Type, &cls,
                                 &tabled))
        return NULL;
    if (line && !tabled) {
        PyErr_SetString(PyExc_TypeError, "read_stars: line, tables, cls and tabled go together");
        return NULL;
    }
    span all;
    int got = span_text(text, start, stop, &all);
    if (got <= 0)
        return got < 0 ? NULL : ref(Py_None);
    const char *newline = memchr(all.s + start, '\n', (size_t)(stop - start));
    Py_ssize_t eol = newline ? newline - all.s : stop;
    header_t hd;
    if (!header_match(stripped(sub(all, start, eol)), &hd))
        Py_RETURN_NONE;
    Py_ssize_t at = date_at(hd.rest);
    PyObject *rest = str_of(at < 0 ? hd.rest : sub(hd.rest, 0, at));
    PyObject *key = rest ? PyTuple_Pack(2, st->header_kinds[hd.kind], rest) : NULL;
    Py_XDECREF(rest);
    PyObject *parsed = key ? PyDict_GetItemWithError(headers, key) : NULL;   /* borrowed */
    Py_XDECREF(key);
    if (!parsed)
        return PyErr_Occurred() ? NULL : ref(Py_None);
    Py_INCREF(parsed);   /* (the dict may change while Python code runs below) */
    int holes = header_flag(parsed, st->a_hole_count), exposed = 0, cash = 0;
    if (holes > 0 && (exposed = header_flag(parsed, st->a_exposed)) == 0)
        cash = header_flag(parsed, st->a_cash);
    PyObject *out = NULL, *date = NULL, *tz = NULL, *found = NULL, *id = NULL;
    if (holes < 0 || exposed < 0 || cash < 0)
        goto done;
    if (!holes || exposed) {   /* (Python skips, or reads, the hand) */
        out = ref(Py_None);
        goto done;
    }
    if (header_date(&hd, at, minutes, seconds, &date, &tz))
        goto done;
    found = span_answer(st, all, start, stop, cash);
    if (!found || found == Py_None || !(id = str_of(hd.id))) {
        out = found ? ref(Py_None) : NULL;
        goto done;
    }
    if (tabled && !PyUnicode_Check(date)) {   /* (a date's text: Python's _date reads it) */
        PyObject *table = PyDict_GetItemWithError(tables, PyTuple_GetItem(found, 0));
        if (table && PyTuple_CheckExact(table) && PyTuple_Size(table) == 3)
            out = history_of(st, cls, tabled, id, parsed, table, date, tz, line, found);
        if (PyErr_Occurred() || (out && out != Py_None))
            goto done;
        Py_CLEAR(out);   /* (a table line not cached yet: Python's _table reads it) */
    }
    PyObject *items[5] = {ref(id), ref(parsed), ref(date), ref(tz), ref(found)};
    out = pack(5, items);
done:
    Py_XDECREF(id);
    Py_XDECREF(found);
    Py_XDECREF(date);
    Py_XDECREF(tz);
    Py_DECREF(parsed);
    return out;
}

/* _HEADER_LINE's part from "PokerStars " on, at the start of t (the text up
 * to the end searched): a kind, " #", digits, ": ", then something not
 * space on the line. */
static int header_line_at(span t)
{
    span after = sub(t, 11, t.n), digits;
    if (kind_and_id(after, &digits) < 0)
        return 0;
    for (Py_ssize_t j = digits.s + digits.n + 2 - after.s; j < after.n && after.s[j] != '\n'; j++)
        if (!is_space(after.s[j]))   /* ([^\n]*\S) */
            return 1;
    return 0;
}

/* next_hand(text, pos, start, end): for an ASCII text, (where the first header
 * line starting in text[start:end] starts, or -1: pokerstars._next_header; the
 * line ends from pos to there: text.count("\n", pos, at), 0 for none found);
 * None for a text that is not ASCII. A header line: spaces, "PokerStars ", a
 * kind, " #" and digits, ": " and more on the line. */
static PyObject *next_hand(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *text;
    Py_ssize_t pos, start, end, at = -1;
    if (!PyArg_ParseTuple(args, "Unnn", &text, &pos, &start, &end))
        return NULL;
    if (pos < 0 || pos > start) {
        PyErr_SetString(PyExc_ValueError, "next_hand: 0 <= pos <= start");
        return NULL;
    }
    span all;   /* (start past end: nothing to find, as str.find finds nothing) */
    int got = span_text(text, start <= end ? start : end, end, &all);
    if (got <= 0)
        return got < 0 ? NULL : ref(Py_None);
    span upto = sub(all, 0, end);
    for (Py_ssize_t i = start; i + 11 <= end && at < 0; i++) {
        const char *p = memchr(upto.s + i, 'P', (size_t)(end - 10 - i));
        if (!p)
            break;
        i = p - upto.s;
        if (!starts(sub(upto, i, end), "PokerStars "))
            continue;
        Py_ssize_t line = i;
        while (line > 0 && upto.s[line - 1] != '\n' && is_space(upto.s[line - 1]))
            line--;
        if (line < start || (line > 0 && upto.s[line - 1] != '\n'))
            continue;   /* (not the line's start, or text before it on the line) */
        if (header_line_at(sub(upto, i, end)))
            at = line;
    }
    Py_ssize_t ends = 0;
    for (const char *p = all.s + pos, *stop = all.s + (at < 0 ? pos : at);
         p < stop && (p = memchr(p, '\n', (size_t)(stop - p))) != NULL; p++)
        ends++;
    PyObject *pair[2] = {PyLong_FromSsize_t(at), PyLong_FromSsize_t(ends)};
    return pack(2, pair);
}
