/* hhtext.h: reading a hand history's lines in C, for the CPython builtins that
 * are twins of the site readers' line loops (csrc/py/hhlines.c for PokerStars,
 * csrc/py/hhsites.c for the other text sites): pieces of a line (span), the
 * tests a pattern makes on them, and a str line's text. Lines are the str the
 * Python reader holds; their text is its UTF-8 (ASCII for most lines).
 * Included after <Python.h>; every function is static (one copy per builtin). */
#ifndef HILO_FAST_PY_HHTEXT_H
#define HILO_FAST_PY_HHTEXT_H

#include <Python.h>
#include <string.h>

#define MAX_LINE 1000   /* a longer line is not one of a hand's: Python decides */

/* A piece of a line: its bytes (UTF-8; ASCII for most lines) and length. */
typedef struct {
    const char *s;
    Py_ssize_t n;
} span;

static inline span sub(span t, Py_ssize_t from, Py_ssize_t to) { return (span){t.s + from, to - from}; }
static inline int starts(span t, const char *lit)
{
    size_t k = strlen(lit);
    return (size_t)t.n >= k && memcmp(t.s, lit, k) == 0;
}
static inline int equals(span t, const char *lit)
{
    return (size_t)t.n == strlen(lit) && memcmp(t.s, lit, (size_t)t.n) == 0;
}
/* Where `lit` first occurs in t at or after `from`, or -1. */
static inline Py_ssize_t find(span t, Py_ssize_t from, const char *lit)
{
    Py_ssize_t k = (Py_ssize_t)strlen(lit);
    for (Py_ssize_t i = from; i + k <= t.n; i++)
        if (t.s[i] == lit[0] && memcmp(t.s + i, lit, (size_t)k) == 0)
            return i;
    return -1;
}
static inline int count(span t, const char *lit)
{
    int found = 0;
    for (Py_ssize_t at = find(t, 0, lit); at >= 0; at = find(t, at + 1, lit))
        found++;
    return found;
}
static inline Py_ssize_t find_char(span t, Py_ssize_t from, char c)
{
    for (Py_ssize_t i = from; i < t.n; i++)
        if (t.s[i] == c)
            return i;
    return -1;
}
static inline int is_digits(span t)
{
    if (t.n == 0)
        return 0;
    for (Py_ssize_t i = 0; i < t.n; i++)
        if (t.s[i] < '0' || t.s[i] > '9')
            return 0;
    return 1;
}
/* Where the ASCII digits from i end, or -1 if a non-ASCII byte follows them
 * (a Unicode digit a pattern's \d could read: Python decides). */
static inline Py_ssize_t digits_end(span t, Py_ssize_t i)
{
    while (i < t.n && t.s[i] >= '0' && t.s[i] <= '9')
        i++;
    return i < t.n && (unsigned char)t.s[i] >= 0x80 ? -1 : i;
}

/* (.+?)<sep>(<words[0]>|<words[1]>|...)(.*) .match: the index of the word (the
 * first that follows the first sep that one follows), *name and *rest set; or -1. */
static inline int name_word(span t, const char *sep, const char *const *words, int n, span *name,
                            span *rest)
{
    Py_ssize_t k = (Py_ssize_t)strlen(sep);
    for (Py_ssize_t p = find(t, 1, sep); p >= 0; p = find(t, p + 1, sep)) {
        span after = sub(t, p + k, t.n);
        for (int w = 0; w < n; w++)
            if (starts(after, words[w])) {
                *name = sub(t, 0, p);
                *rest = sub(after, (Py_ssize_t)strlen(words[w]), after.n);
                return w;
            }
    }
    return -1;
}

/* A seat or pot number (at most 9 digits, so no overflow), or -1. */
static inline long small_number(span t)
{
    if (!is_digits(t) || t.n > 9)
        return -1;
    long v = 0;
    for (Py_ssize_t i = 0; i < t.n; i++)
        v = v * 10 + (t.s[i] - '0');
    return v;
}

/* What str.strip() strips from ASCII text: the characters str.isspace() calls space. */
static inline int is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

/* A line less what str.strip() strips (ASCII text). */
static inline span stripped(span t)
{
    while (t.n && is_space(t.s[0]))
        t.s++, t.n--;
    while (t.n && is_space(t.s[t.n - 1]))
        t.n--;
    return t;
}

/* The length in bytes of the character at t.s[i] if str.isspace() (and so a
 * pattern's \s) calls it space, else 0: ASCII's space characters and Unicode's
 * (U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F,
 * U+3000) in UTF-8. A continuation byte is no character's start: 0. */
static inline int space_at(span t, Py_ssize_t i)
{
    const unsigned char *u = (const unsigned char *)t.s + i;
    Py_ssize_t left = t.n - i;
    if (left <= 0)
        return 0;
    if (u[0] < 0x80)
        return is_space((char)u[0]);
    if (u[0] == 0xC2 && left >= 2)
        return u[1] == 0x85 || u[1] == 0xA0 ? 2 : 0;
    if (left < 3)
        return 0;
    if (u[0] == 0xE1)
        return u[1] == 0x9A && u[2] == 0x80 ? 3 : 0;
    if (u[0] == 0xE2 && u[1] == 0x80)
        return u[2] <= 0x8A || u[2] == 0xA8 || u[2] == 0xA9 || u[2] == 0xAF ? 3 : 0;
    if (u[0] == 0xE2 && u[1] == 0x81)
        return u[2] == 0x9F ? 3 : 0;
    if (u[0] == 0xE3)
        return u[1] == 0x80 && u[2] == 0x80 ? 3 : 0;
    return 0;
}

/* Where the run of space characters (a pattern's \s*) from i ends (i: none). */
static inline Py_ssize_t space_end(span t, Py_ssize_t i)
{
    int k;
    while ((k = space_at(t, i)) > 0)
        i += k;
    return i;
}

/* Where the run of non-space characters (a pattern's \S+) from i ends (i: none). */
static inline Py_ssize_t nonspace_end(span t, Py_ssize_t i)
{
    while (i < t.n && !space_at(t, i))
        i++;
    return i;
}

/* The length of the str.isspace() character (Unicode's too) that ends t (0: none). */
static inline Py_ssize_t space_before(span t)
{
    if (t.n >= 1 && (unsigned char)t.s[t.n - 1] < 0x80)
        return is_space(t.s[t.n - 1]);
    if (t.n >= 2 && space_at(t, t.n - 2) == 2)
        return 2;
    if (t.n >= 3 && space_at(t, t.n - 3) == 3)
        return 3;
    return 0;
}

/* t.strip() of any text: t less the str.isspace() characters (Unicode's too) at its ends. */
static inline span unicode_stripped(span t)
{
    t = sub(t, space_end(t, 0), t.n);
    Py_ssize_t e;
    while ((e = space_before(t)) > 0)
        t.n -= e;
    return t;
}

/* The next word of t.split() from *i on (a run between str.isspace() characters
 * and, if `commas`, ','s) into *word, *i after it: 1, or 0 if none is left. */
static inline int next_word(span t, Py_ssize_t *i, int commas, span *word)
{
    Py_ssize_t at = space_end(t, *i);
    while (commas && at < t.n && t.s[at] == ',')
        at = space_end(t, at + 1);
    if (at >= t.n)
        return 0;
    Py_ssize_t end = at;
    while (end < t.n && !(commas && t.s[end] == ',') && !space_at(t, end))
        end++;
    *word = (span){t.s + at, end - at};
    *i = end;
    return 1;
}

/* 1 if every byte of t is ASCII. */
static inline int is_ascii(span t)
{
    for (Py_ssize_t i = 0; i < t.n; i++)
        if ((unsigned char)t.s[i] >= 0x80)
            return 0;
    return 1;
}

/* The UTF-8 text of a str line of at most MAX_LINE characters, into *line: 1,
 * or 0 (not sure: Python decides), or -1 with an error set. `ascii`: 1 if
 * every character is ASCII. */
static inline int utf8_text(PyObject *item, span *line, int *ascii)
{
    if (!PyUnicode_Check(item))
        return 0;
    Py_ssize_t length = PyUnicode_GetLength(item);
    if (length < 0 || length > MAX_LINE)
        return length < 0 ? -1 : 0;
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(item, &n);
    if (!s) {   /* a lone surrogate: Python decides */
        PyErr_Clear();
        return 0;
    }
    *line = (span){s, n};
    *ascii = n == length;
    return 1;
}

/* The text of a str line if it is ASCII and not too long: 1, or 0 (not
 * sure: Python decides), or -1 with an error set. */
static inline int ascii_text(PyObject *item, span *line)
{
    int ascii, got = utf8_text(item, line, &ascii);
    return got == 1 && !ascii ? 0 : got;
}

static inline int printable(span line)
{
    /* (no early exit: the compiler runs the loop on many bytes at once) */
    unsigned char outside = 0;
    for (Py_ssize_t i = 0; i < line.n; i++)
        outside |= (unsigned char)((unsigned char)line.s[i] - 0x20) > 0x5e;
    return !outside;
}

/* The text of a str line, if it is printable ASCII and not too long. */
static inline int ascii_line(PyObject *item, span *line)
{
    int got = ascii_text(item, line);
    return got == 1 && !printable(*line) ? 0 : got;
}


/* A new str of a span of UTF-8 text (NULL with an error set). */
static inline PyObject *str_of(span t) { return PyUnicode_FromStringAndSize(t.s, t.n); }

/* list.append(str of t): 0, or -1 with an error set. */
static inline int append_str(PyObject *list, span t)
{
    PyObject *piece = str_of(t);
    int done = piece ? PyList_Append(list, piece) : -1;
    Py_XDECREF(piece);
    return done;
}

/* list.extend(t.split()) (next_word's words, split at ','s too if `commas`): 0,
 * or -1 with an error set. */
static inline int append_words(PyObject *list, span t, int commas)
{
    Py_ssize_t i = 0;
    span w;
    while (next_word(t, &i, commas, &w))
        if (append_str(list, w) < 0)
            return -1;
    return 0;
}

/* tuple(t.split()) (append_words): a new tuple, or NULL with an error set. */
static inline PyObject *words_tuple(span t, int commas)
{
    PyObject *list = PyList_New(0);
    if (!list || append_words(list, t, commas) < 0) {
        Py_XDECREF(list);
        return NULL;
    }
    PyObject *out = PyList_AsTuple(list);
    Py_DECREF(list);
    return out;
}

/* Where `lit` last occurs in t, or -1. */
static inline Py_ssize_t rfind(span t, const char *lit)
{
    Py_ssize_t k = (Py_ssize_t)strlen(lit);
    for (Py_ssize_t i = t.n - k; i >= 0; i--)
        if (t.s[i] == lit[0] && memcmp(t.s + i, lit, (size_t)k) == 0)
            return i;
    return -1;
}

static inline int ends(span t, const char *lit)
{
    size_t k = strlen(lit);
    return (size_t)t.n >= k && memcmp(t.s + t.n - k, lit, k) == 0;
}

/* Where the last '(' before `end` is if no ')' stands between them, or -1. */
static inline Py_ssize_t open_before(span t, Py_ssize_t end)
{
    for (Py_ssize_t i = end - 1; i >= 0; i--)
        if (t.s[i] == '(' || t.s[i] == ')')
            return t.s[i] == '(' ? i : -1;
    return -1;
}

/* 1 if t is .+<lit> for one lit of a NULL-ended list (a character or more, then lit). */
static inline int ends_any(span t, const char *const *lits)
{
    for (int k = 0; lits[k]; k++)
        if (t.n > (Py_ssize_t)strlen(lits[k]) && ends(t, lits[k]))
            return 1;
    return 0;
}

/* 1 if t is .+<lit>.* for one lit of a NULL-ended list (lit after a character or more). */
static inline int holds_any(span t, const char *const *lits)
{
    for (int k = 0; lits[k]; k++)
        if (find(t, 1, lits[k]) >= 1)
            return 1;
    return 0;
}

/* \[([^\]]*)\] searched from `from` on: 1 and *group (the inside) and *end
 * (after the ']') set, or 0 for no match. */
static inline int bracket(span t, Py_ssize_t from, span *group, Py_ssize_t *end)
{
    Py_ssize_t open = find_char(t, from, '[');
    Py_ssize_t close = open < 0 ? -1 : find_char(t, open + 1, ']');
    if (close < 0)
        return 0;
    *group = sub(t, open + 1, close);
    *end = close + 1;
    return 1;
}

/* The last (last=1) or first group that \[([^\]]*)\] finds (findall) in t: 1, or 0 if none. */
static inline int group_of(span t, int last, span *group)
{
    Py_ssize_t at = 0, end;
    span g;
    int found = 0;
    while (bracket(t, at, &g, &end)) {
        *group = g;
        found = 1;
        if (!last)
            break;
        at = end;
    }
    return found;
}

#endif
