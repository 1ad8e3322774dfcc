/* hhrows.c: hilo_fast._hhrows, tables of the hand database built from a batch
 * of hand histories as Arrow columns in C (hilo_fast.history.db): the actions
 * table here, the seats table in hhrows_seats.c, the boards, pots,
 * pot_winners and discrepancies in hhrows_pots.c. Each is the twin of a
 * function of rows.py (the same rows, in the same order, as the Python builds
 * them for pyarrow), and tests/history/db/test_rows_native.py (the actions),
 * test_seats_native.py (the seats) and test_pots_native.py (the replay's
 * tables) compare them on every site's fixtures and on synthetic hands. Any
 * other table's rows, tuples made in Python, become columns in
 * hhrows_records.c (test_records_native.py). The columns leave through the
 * Arrow C data interface: two PyCapsules ("arrow_schema", "arrow_array")
 * that any Arrow library imports without a copy, so no Arrow library is
 * linked here. The structs below are that interface's ABI, as its
 * specification defines them. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../hilo_fast.h"
#include "builtins.h"
#include "replayed.h"

struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};

enum { ARROW_FLAG_NULLABLE = 2 };

/* A column's kind: its Arrow format string (utf8, int16, int64, bool, float64,
 * int32, timestamp in microseconds without a time zone). */
enum kind { UTF8, INT16, INT64, BOOL, FLOAT64, INT32, TIMESTAMP };
static const char *const FORMATS[] = {"u", "s", "l", "b", "g", "i", "tsu:"};

/* A table's columns (schema.sql's), in its order; "what" names it in errors. */
enum { MAX_COLUMNS = 32 };
typedef struct {
    const char *what;
    int n_columns;
    const char *const *names;
    const enum kind *kinds;
} table;

/* The actions table. */
enum { N_ACTION_COLUMNS = 8 };
static const char *const ACTION_NAMES[N_ACTION_COLUMNS] = {
    "hand_key", "seq", "street", "player", "kind", "amount", "to_amount", "all_in"};
static const enum kind ACTION_KINDS[N_ACTION_COLUMNS] = {
    INT64, INT16, UTF8, UTF8, UTF8, INT64, INT64, BOOL};
static const table ACTIONS = {"actions", N_ACTION_COLUMNS, ACTION_NAMES, ACTION_KINDS};
enum { HAND_KEY, SEQ, STREET, PLAYER, KIND, AMOUNT, TO_AMOUNT, ALL_IN };

/* A growing byte buffer (never empty once started: a NULL data pointer would
 * need the interface's zero-size rule). */
typedef struct {
    char *bytes;
    size_t size, capacity;
} buffer;

static int grow(buffer *b, size_t more)
{
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->size + more) {
        if (capacity > SIZE_MAX / 2)
            return -1;
        capacity *= 2;
    }
    char *bytes = realloc(b->bytes, capacity);
    if (!bytes)
        return -1;
    b->bytes = bytes;
    b->capacity = capacity;
    return 0;
}

/* Room for more bytes; -1 when there is no memory. (Inline: called for every
 * value, it almost always has the room.) */
static inline int reserve(buffer *b, size_t more)
{
    return b->size + more <= b->capacity && b->bytes ? 0 : grow(b, more);
}

/* Set bit k of a bitmap (byte k / 8, the least significant bit first) to
 * value, the bitmap holding bits 0..k-1 so far. */
static inline int push_bit(buffer *b, int64_t k, int value)
{
    if (k % 8 == 0) {
        if (reserve(b, 1))
            return -1;
        b->bytes[b->size++] = 0;
    }
    if (value)
        ((unsigned char *)b->bytes)[k / 8] |= (unsigned char)(1u << (k % 8));
    return 0;
}

/* One column being built: its values (a string column's bytes), for a string
 * column its int32 offsets, the first 0, and its validity bitmap, made at its
 * first null (a column with none exports no bitmap). Owned by the exported
 * array once built (release_column frees it). */
typedef struct {
    enum kind kind;
    int64_t length, nulls;
    buffer values, offsets, validity;
    const void *pointers[3];   /* the exported array's buffers */
} column;

static void free_column(column *c)
{
    if (!c)
        return;
    free(c->values.bytes);
    free(c->offsets.bytes);
    free(c->validity.bytes);
    free(c);
}

static column *new_column(enum kind kind)
{
    column *c = calloc(1, sizeof(column));
    int32_t zero = 0;
    if (!c || reserve(&c->values, 1) || reserve(&c->offsets, sizeof zero)) {
        free_column(c);
        return NULL;
    }
    c->kind = kind;
    if (kind == UTF8) {
        memcpy(c->offsets.bytes, &zero, sizeof zero);
        c->offsets.size = sizeof zero;
    }
    return c;
}

/* A value was pushed: count it, valid or null; -1 (no memory) with the
 * exception set. */
static inline int pushed(column *c, int valid)
{
    if (!valid && !c->validity.bytes)   /* the first null: the values before it valid */
        for (int64_t k = 0; k < c->length; k++)
            if (push_bit(&c->validity, k, 1))
                goto no_memory;
    if ((c->validity.bytes || !valid) && push_bit(&c->validity, c->length, valid))
        goto no_memory;
    c->nulls += !valid;
    c->length++;
    return 0;
no_memory:
    PyErr_NoMemory();
    return -1;
}

/* Write a value in the next slot (not counted yet: see pushed); -1 with the
 * exception set when it cannot be. */
static inline int put_text(column *c, const char *text, Py_ssize_t size)
{
    if ((size_t)size > (size_t)INT32_MAX - c->values.size) {
        PyErr_SetString(PyExc_ValueError, "over 2 GiB of text in one column of a batch");
        return -1;
    }
    if (reserve(&c->values, (size_t)size) || reserve(&c->offsets, sizeof(int32_t))) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(c->values.bytes + c->values.size, text, (size_t)size);
    c->values.size += (size_t)size;
    int32_t end = (int32_t)c->values.size;
    memcpy(c->offsets.bytes + c->offsets.size, &end, sizeof end);
    c->offsets.size += sizeof end;
    return 0;
}

static inline int put_number(column *c, int64_t integer, double real)
{
    size_t width = c->kind == INT16 ? sizeof(int16_t)
                 : c->kind == INT32 ? sizeof(int32_t) : sizeof(int64_t);
    if (reserve(&c->values, width)) {
        PyErr_NoMemory();
        return -1;
    }
    char *slot = c->values.bytes + c->values.size;
    if (c->kind == INT16) {
        int16_t small = (int16_t)integer;
        memcpy(slot, &small, sizeof small);
    } else if (c->kind == INT32) {
        int32_t medium = (int32_t)integer;
        memcpy(slot, &medium, sizeof medium);
    } else if (c->kind == FLOAT64) {
        memcpy(slot, &real, sizeof real);
    } else {
        memcpy(slot, &integer, sizeof integer);
    }
    c->values.size += width;
    return 0;
}

static inline int put_bool(column *c, int value)
{
    if (push_bit(&c->values, c->length, value)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Append a value, or a null (its slot zero, or an empty string); -1 with a
 * Python exception set when it cannot be. */
static inline int add_text(column *c, const char *text, Py_ssize_t size)
{
    return put_text(c, text, size) ? -1 : pushed(c, 1);
}

static inline int add_int(column *c, int64_t value)
{
    return put_number(c, value, 0.0) ? -1 : pushed(c, 1);
}

static inline int add_float(column *c, double value)
{
    return put_number(c, 0, value) ? -1 : pushed(c, 1);
}

static inline int add_bool(column *c, int value)
{
    return put_bool(c, value) ? -1 : pushed(c, 1);
}

static inline int add_null(column *c)
{
    int status = c->kind == UTF8 ? put_text(c, "", 0)
               : c->kind == BOOL ? put_bool(c, 0) : put_number(c, 0, 0.0);
    return status ? -1 : pushed(c, 0);
}

/* A hand's row being added: where a bad value is named from. */
typedef struct {
    const char *table;
    PyObject *hand_id;
    const char *what;   /* "post", "action", "seat"; NULL: the whole hand */
    Py_ssize_t index;
} where;

static int bad(const where *at, const char *field, const char *wanted)
{
    if (!at->what)
        return PyErr_Format(PyExc_TypeError, "%s: hand %R: %s must be %s", at->table,
                            at->hand_id, field, wanted), -1;
    PyErr_Format(PyExc_TypeError, "%s: hand %R, %s %zd: %s must be %s", at->table,
                 at->hand_id, at->what, at->index, field, wanted);
    return -1;
}

/* An OverflowError: the field's value does not fit the column's bits. */
static int does_not_fit(const where *at, const char *field, int bits)
{
    if (!at->what)
        return PyErr_Format(PyExc_OverflowError, "%s: hand %R: %s does not fit %d bits",
                            at->table, at->hand_id, field, bits), -1;
    PyErr_Format(PyExc_OverflowError, "%s: hand %R, %s %zd: %s does not fit %d bits",
                 at->table, at->hand_id, at->what, at->index, field, bits);
    return -1;
}

static int add_str_of(column *c, PyObject *value, const where *at, const char *field)
{
    Py_ssize_t size = 0;
    if (!PyUnicode_Check(value))
        return bad(at, field, "a str");
    const char *text = PyUnicode_AsUTF8AndSize(value, &size);
    return text ? add_text(c, text, size) : -1;
}

/* value as an int64 in *out (a Python int, not a bool), or -1 with the
 * exception naming the field. */
static int int64_of(PyObject *value, const where *at, const char *field, int64_t *out)
{
    int overflow = 0;
    if (!PyLong_Check(value) || PyBool_Check(value))
        return bad(at, field, "an int");
    long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow)
        return does_not_fit(at, field, 64);
    if (number == -1 && PyErr_Occurred())
        return -1;
    *out = (int64_t)number;
    return 0;
}

static int add_int_of(column *c, PyObject *value, const where *at, const char *field)
{
    int64_t number = 0;
    if (int64_of(value, at, field, &number))
        return -1;
    if (c->kind == INT16 && (number < INT16_MIN || number > INT16_MAX))
        return does_not_fit(at, field, 16);
    return add_int(c, number);
}

static int add_bool_of(column *c, PyObject *value, const where *at, const char *field)
{
    return PyBool_Check(value) ? add_bool(c, value == Py_True) : bad(at, field, "a bool");
}

/* h.<name> as a new tuple, or NULL with an exception naming it. */
static PyObject *sequence_of(PyObject *h, PyObject *name, PyObject *hand_id,
                             const char *table_name)
{
    PyObject *value = PyObject_GetAttr(h, name);
    PyObject *items = value ? PySequence_Tuple(value) : NULL;
    if (value && !items && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: hand %R: %U must be a sequence, not %R",
                     table_name, hand_id, name, value);
    }
    Py_XDECREF(value);
    return items;
}

/* The rows of the item (history h, its hand key): its posts (street
 * "posts", to_amount 0), then its actions, seq counting from 0 through both.
 * attribute: ACTION_WORDS. */
enum { MAX_WORDS = 16, N_ACTION_WORDS = 3 };
static const char *const ACTION_WORDS[N_ACTION_WORDS] = {"hand_id", "posts", "actions"};

/* The actions rows of one hand (its hand id named in errors, its key, its
 * posts and actions as tuples); posts_word: the str "posts". */
static int add_actions_of(column **cols, PyObject *hand_id, int64_t key, PyObject *posts,
                          PyObject *actions, PyObject *posts_word)
{
    where at = {"actions", hand_id, "post", 0};
    Py_ssize_t n_posts = PyTuple_Size(posts), n_actions = PyTuple_Size(actions);
    if (n_posts + n_actions > INT16_MAX) {
        PyErr_Format(PyExc_ValueError, "actions: hand %R has %zd posts and actions, over the "
                     "%d a SMALLINT seq numbers", hand_id, n_posts + n_actions, INT16_MAX);
        return -1;
    }
    for (Py_ssize_t seq = 0; seq < n_posts + n_actions; seq++) {
        int is_post = seq < n_posts;
        PyObject *row = PyTuple_GetItem(is_post ? posts : actions,
                                        is_post ? seq : seq - n_posts);
        at.what = is_post ? "post" : "action";
        at.index = is_post ? seq : seq - n_posts;
        /* a Post is (player, kind, amount, all_in); an HHAction (street,
         * player, kind, amount, to, all_in) */
        if (!row || !PyTuple_Check(row) || PyTuple_Size(row) != (is_post ? 4 : 6))
            return bad(&at, "it", is_post ? "a Post (4 fields)" : "an HHAction (6 fields)");
        Py_ssize_t f = is_post ? -1 : 0;   /* the row's street field (posts: none) */
        if (add_int(cols[HAND_KEY], key) || add_int(cols[SEQ], seq) ||
            add_str_of(cols[STREET], is_post ? posts_word : PyTuple_GetItem(row, 0), &at,
                       "street") ||
            add_str_of(cols[PLAYER], PyTuple_GetItem(row, f + 1), &at, "player") ||
            add_str_of(cols[KIND], PyTuple_GetItem(row, f + 2), &at, "kind") ||
            add_int_of(cols[AMOUNT], PyTuple_GetItem(row, f + 3), &at, "amount") ||
            (is_post ? add_int(cols[TO_AMOUNT], 0)
                     : add_int_of(cols[TO_AMOUNT], PyTuple_GetItem(row, 4), &at, "to")) ||
            add_bool_of(cols[ALL_IN], PyTuple_GetItem(row, f + (is_post ? 4 : 5)), &at,
                        "all_in"))
            return -1;
    }
    return 0;
}

static int add_hand(column **cols, PyObject *item, PyObject *const *attribute)
{
    PyObject *hand_id = NULL, *posts = NULL, *actions = NULL;
    int status = -1;
    if (!PyTuple_Check(item) || PyTuple_Size(item) != 2) {
        PyErr_Format(PyExc_TypeError, "actions: a hand must be a tuple (history, hand key), "
                     "not %R", item);
        return -1;
    }
    PyObject *h = PyTuple_GetItem(item, 0);
    int64_t key = 0;
    if (!(hand_id = PyObject_GetAttr(h, attribute[0])))
        goto done;
    const where whole_hand = {"actions", hand_id, NULL, 0};
    if (int64_of(PyTuple_GetItem(item, 1), &whole_hand, "hand_key", &key))
        goto done;
    if (!(posts = sequence_of(h, attribute[1], hand_id, "actions")) ||
        !(actions = sequence_of(h, attribute[2], hand_id, "actions")))
        goto done;
    /* (a post's street is the word "posts": the attribute's interned name) */
    status = add_actions_of(cols, hand_id, key, posts, actions, attribute[1]);
done:
    Py_XDECREF(hand_id);
    Py_XDECREF(posts);
    Py_XDECREF(actions);
    return status;
}

/* -- the export: each child array owns its column, the parent its children -- */

static void release_column(struct ArrowArray *array)
{
    free_column(array->private_data);
    array->release = NULL;
}

static void release_batch(struct ArrowArray *array)
{
    for (int64_t i = 0; i < array->n_children; i++) {
        struct ArrowArray *child = array->children[i];
        if (child && child->release)
            child->release(child);
        free(child);
    }
    free(array->children);
    free(array->private_data);   /* the parent's buffers (its validity: NULL) */
    array->release = NULL;
}

static void release_field(struct ArrowSchema *schema) { schema->release = NULL; }

static void release_schema(struct ArrowSchema *schema)
{
    for (int64_t i = 0; i < schema->n_children; i++) {
        struct ArrowSchema *child = schema->children[i];
        if (child && child->release)
            child->release(child);
        free(child);
    }
    free(schema->children);
    schema->release = NULL;
}

static void free_schema_capsule(PyObject *capsule)
{
    struct ArrowSchema *schema = PyCapsule_GetPointer(capsule, "arrow_schema");
    if (schema && schema->release)
        schema->release(schema);
    free(schema);
}

static void free_array_capsule(PyObject *capsule)
{
    struct ArrowArray *array = PyCapsule_GetPointer(capsule, "arrow_array");
    if (array && array->release)
        array->release(array);
    free(array);
}

/* The schema of table t's struct array: a new capsule, or NULL. */
static PyObject *schema_capsule(const table *t)
{
    struct ArrowSchema *schema = calloc(1, sizeof *schema);
    struct ArrowSchema **children = calloc((size_t)t->n_columns, sizeof *children);
    if (schema && children) {
        schema->format = "+s";
        schema->name = "";
        schema->n_children = t->n_columns;
        schema->children = children;
        schema->release = release_schema;
        for (int i = 0; i < t->n_columns; i++) {
            struct ArrowSchema *child = children[i] = calloc(1, sizeof *child);
            if (!child)
                break;
            child->format = FORMATS[t->kinds[i]];
            child->name = t->names[i];
            child->flags = ARROW_FLAG_NULLABLE;   /* (as a pyarrow field by default) */
            child->release = release_field;
        }
    }
    if (!schema || !children || !children[t->n_columns - 1]) {
        if (schema && schema->release)
            schema->release(schema);   /* (frees the children made) */
        else
            free(children);
        free(schema);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(schema, "arrow_schema", free_schema_capsule);
    if (!capsule) {
        schema->release(schema);
        free(schema);
    }
    return capsule;
}

/* Table t's columns as one struct array: a new capsule owning them (cols[]
 * emptied), or NULL. */
static PyObject *array_capsule(const table *t, column **cols, int64_t length)
{
    struct ArrowArray *array = calloc(1, sizeof *array);
    struct ArrowArray **children = calloc((size_t)t->n_columns, sizeof *children);
    const void **validity = calloc(1, sizeof *validity);
    if (!array || !children || !validity) {
        free(array);
        free(children);
        free(validity);
        return PyErr_NoMemory();
    }
    array->length = length;
    array->n_buffers = 1;
    array->buffers = validity;
    array->private_data = (void *)validity;
    array->n_children = t->n_columns;
    array->children = children;
    array->release = release_batch;
    for (int i = 0; i < t->n_columns; i++) {
        struct ArrowArray *child = children[i] = calloc(1, sizeof *child);
        if (!child) {
            array->release(array);
            free(array);
            return PyErr_NoMemory();
        }
        column *c = cols[i];
        cols[i] = NULL;   /* the child owns it now */
        c->pointers[0] = c->nulls ? c->validity.bytes : NULL;
        c->pointers[1] = c->kind == UTF8 ? c->offsets.bytes : c->values.bytes;
        c->pointers[2] = c->values.bytes;
        child->length = c->length;
        child->null_count = c->nulls;
        child->n_buffers = c->kind == UTF8 ? 3 : 2;
        child->buffers = c->pointers;
        child->private_data = c;
        child->release = release_column;
    }
    PyObject *capsule = PyCapsule_New(array, "arrow_array", free_array_capsule);
    if (!capsule) {
        array->release(array);
        free(array);
    }
    return capsule;
}

/* Adds one item's rows of a table to its columns; -1 with an exception. */
typedef int (*add_rows)(column **cols, PyObject *item, PyObject *const *words);

/* Table t's rows of every item of the list items (add: one item's rows;
 * words: the interned strings it reads by, n_words of them) as (schema,
 * array) capsules, or NULL with an exception. */
static PyObject *columns_of(const table *t, PyObject *items, add_rows add,
                            const char *const *word_texts, int n_words)
{
    if (!PyList_Check(items))
        return PyErr_Format(PyExc_TypeError, "%s: hands must be a list, not %R", t->what,
                            items);
    column *cols[MAX_COLUMNS] = {NULL};
    PyObject *words[MAX_WORDS] = {NULL}, *schema = NULL, *array = NULL;
    for (int i = 0; i < n_words; i++)
        if (!(words[i] = PyUnicode_InternFromString(word_texts[i])))
            goto done;
    for (int i = 0; i < t->n_columns; i++)
        if (!(cols[i] = new_column(t->kinds[i]))) {
            PyErr_NoMemory();
            goto done;
        }
    for (Py_ssize_t i = 0; i < PyList_Size(items); i++) {
        PyObject *item = PyList_GetItem(items, i);
        Py_XINCREF(item);   /* (a getattr may run Python code that changes the list) */
        int status = item ? add(cols, item, words) : -1;
        Py_XDECREF(item);
        if (status)
            goto done;
    }
    int64_t length = cols[0]->length;
    if ((schema = schema_capsule(t)))
        array = array_capsule(t, cols, length);
done:
    for (int i = 0; i < t->n_columns; i++)
        free_column(cols[i]);
    for (int i = 0; i < n_words; i++)
        Py_XDECREF(words[i]);
    if (!array) {
        Py_XDECREF(schema);
        return NULL;
    }
    PyObject *pair = PyTuple_New(2);
    if (!pair) {
        Py_DECREF(schema);
        Py_DECREF(array);
        return NULL;
    }
    PyTuple_SetItem(pair, 0, schema);   /* (steals the references) */
    PyTuple_SetItem(pair, 1, array);
    return pair;
}

static PyObject *action_columns(PyObject *module, PyObject *hands)
{
    (void)module;
    return columns_of(&ACTIONS, hands, add_hand, ACTION_WORDS, N_ACTION_WORDS);
}

#include "hhrows_all_in.c"
#include "hhrows_seats.c"
#include "hhrows_records.c"
#include "hhrows_pots.c"
#include "hhrows_part.c"

static PyMethodDef methods[] = {
    {"action_columns", action_columns, METH_O,
     "action_columns(hands): the actions table's rows of a list of (hand history, hand "
     "key) pairs (posts first, then actions, seq from 0) as one struct array, (schema, "
     "array) Arrow C data interface capsules."},
    {"seat_columns", seat_columns, METH_O,
     "seat_columns(facts): the seats table's rows of a list of seat facts, one a hand: "
     "(history, showdown, contributions, collected, expected, low_made, hand key), as one "
     "struct array, (schema, array) Arrow C data interface capsules."},
    {"replay_columns", (PyCFunction)(void (*)(void))replay_columns, METH_FASTCALL,
     "replay_columns(table, items): the boards, pots, pot_winners or discrepancies "
     "table's rows of a list of (replay, hand key) pairs as one struct array, (schema, "
     "array) Arrow C data interface capsules."},
    {"record_columns", (PyCFunction)(void (*)(void))record_columns, METH_FASTCALL,
     "record_columns(table, names, kinds, records): a table's rows, tuples in its "
     "columns' order (names), as one struct array: an \"arrow_array\" capsule of the Arrow "
     "C data interface. kinds: a letter a column, u utf8, s int16, i int32, l int64, b "
     "bool, g float64, t timestamp[us] (naive datetimes, their wall time)."},
    {"all_in_spot", (PyCFunction)(void (*)(void))all_in_spot, METH_FASTCALL,
     "all_in_spot(replay, hand key, samples): the all-in equity rows of a replayed hand and "
     "name -> chips expected (rows._all_in's), ([], {}) when it has no spot, or None when "
     "the Python must settle it."},
    {"bind_all_in", bind_all_in, METH_VARARGS,
     "bind_all_in(address of hf_equity_exact_pots, of hf_equity_sample, spot_seed, "
     "EXACT_DEALS): what all_in_spot calls."},
    {"lows_made", lows_made, METH_O,
     "lows_made(replay): name -> whether each showdown player whose cards are shown made a "
     "low (rows._lows_made's), or None when the Python must work it out."},
    {"bind_omaha", bind_omaha, METH_O, "bind_omaha(address of hf_omaha): what lows_made calls."},
    {"part_columns", (PyCFunction)(void (*)(void))part_columns, METH_FASTCALL,
     "part_columns(histories, keys, samples): a part's hands replayed in C and their rows of "
     "the seats, actions, boards, pots, pot_winners and all_in_equities tables made of the "
     "numbers: ({table: (schema, array) capsules}, codes), a code a hand: its all-in street "
     "(0 not all in, 1 preflop, 2 flop, 3 turn), or None for a hand left to the Python (no "
     "rows made)."},
    {"bind_replay", bind_replay, METH_O,
     "bind_replay(hilo_fast._hhreplay): the replay part_columns calls (bind_all_in and "
     "bind_omaha too)."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* no state */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._hhrows",
    "A batch's rows as Arrow columns (see csrc/py/hhrows.c).", 0, methods, slots,
    NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__hhrows(void) { return PyModuleDef_Init(&module_def); }
