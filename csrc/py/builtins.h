/* builtins.h: small helpers of the CPython builtins over the core
 * (the .c files beside it): plain Python lists and ints in and out, and
 * the engine's Street and Action members their bind() is given. Included
 * after ../hilo_fast.h (which has no include guard: cffi reads it too). */
#ifndef HILO_FAST_PY_BUILTINS_H
#define HILO_FAST_PY_BUILTINS_H

#include <Python.h>
#include <stdint.h>

/* Copy up to `most` exact ints of `list` into out (as int64); their count,
 * or -1 if `list` is no list of at most `most` exact ints that fit. */
static inline Py_ssize_t read_ints(PyObject *list, Py_ssize_t most, int64_t *out)
{
    if (!PyList_CheckExact(list) || PyList_Size(list) > most)
        return -1;
    Py_ssize_t n = PyList_Size(list);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GetItem(list, i);
        int overflow = 0;
        long long value = item && PyLong_CheckExact(item)
                        ? PyLong_AsLongLongAndOverflow(item, &overflow) : -1;
        if (!item || !PyLong_CheckExact(item) || overflow || (value == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return -1;
        }
        out[i] = (int64_t)value;
    }
    return n;
}

/* An exact int of `item` that fits in int64, into *out: 1, or 0 (not one). */
static inline int exact_chips(PyObject *item, int64_t *out)
{
    int overflow = 0;
    long long value = PyLong_CheckExact(item) ? PyLong_AsLongLongAndOverflow(item, &overflow) : -1;
    if (!PyLong_CheckExact(item) || overflow || (value == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    *out = (int64_t)value;
    return 1;
}

/* *slot = value (a new reference, or NULL), the old one released. */
static inline void replace_ref(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

/* A new list of cards[0..n-1]. */
static inline PyObject *card_list(const int *cards, int n)
{
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *card = PyLong_FromLong(cards[i]);
        if (!card) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, card);
    }
    return list;
}

/* The seats' hole cards, dealt in seat order from the front of `deck`: a
 * list of hole_count cards for each seat dealt in (dealt_in[seat]), None for
 * the others; NULL with an exception set if out of memory. */
static inline PyObject *hole_lists(const int *deck, const int *dealt_in, Py_ssize_t n,
                                   int hole_count)
{
    PyObject *holes = PyList_New(n);
    for (Py_ssize_t seat = 0, k = 0; holes && seat < n; seat++) {
        PyObject *hole = dealt_in[seat] ? card_list(deck + k, hole_count) : Py_None;
        if (!hole) {
            Py_CLEAR(holes);
            break;
        }
        if (hole == Py_None)
            Py_INCREF(hole);
        PyList_SetItem(holes, seat, hole);
        k += dealt_in[seat] ? hole_count : 0;
    }
    return holes;
}

/* Append (street, seat, action, amount) to `log`: 0, or -1 with an error set. */
static inline int log_entry(PyObject *log, PyObject *street, int32_t seat, PyObject *action,
                            int64_t amount)
{
    PyObject *seat_obj = PyLong_FromLong(seat), *chips = PyLong_FromLongLong(amount);
    PyObject *entry = seat_obj && chips ? PyTuple_Pack(4, street, seat_obj, action, chips) : NULL;
    Py_XDECREF(seat_obj);
    Py_XDECREF(chips);
    int err = entry ? PyList_Append(log, entry) : -1;
    Py_XDECREF(entry);
    return err;
}

/* The engine.Street and engine.Action members by code, as a builtin's bind()
 * is given them: the two tuples held, their items borrowed from them. */
typedef struct {
    PyObject *streets, *actions;
    PyObject *street_by_code[HF_OVER + 1];
    PyObject *action_by_code[HF_RAISE + 1];
} members;

/* 0 if `streets` and `actions` are tuples of the 5 members each, else -1 with
 * an error set. */
static inline int members_check(PyObject *streets, PyObject *actions)
{
    if (PyTuple_Size(streets) != HF_OVER + 1 || PyTuple_Size(actions) != HF_RAISE + 1) {
        PyErr_SetString(PyExc_ValueError, "bind: 5 streets and 5 actions");
        return -1;
    }
    return 0;
}

/* Hold `streets` and `actions` (checked) in *m, dropping any held before. */
static inline void members_set(members *m, PyObject *streets, PyObject *actions)
{
    Py_INCREF(streets);
    Py_INCREF(actions);
    Py_XDECREF(m->streets);
    Py_XDECREF(m->actions);
    m->streets = streets;
    m->actions = actions;
    for (int32_t code = 0; code <= HF_OVER; code++)
        m->street_by_code[code] = PyTuple_GetItem(streets, code);
    for (int32_t code = HF_FOLD; code <= HF_RAISE; code++)
        m->action_by_code[code] = PyTuple_GetItem(actions, code);
}

/* PySequence_Contains(seq, item), a tuple's items first looked at by identity:
 * the readers hand the same name objects around, and a name found by comparing
 * texts costs several times more. (An equal item that is another object is
 * still found, by PySequence_Contains.) */
static inline int contains(PyObject *seq, PyObject *item)
{
    if (PyTuple_Check(seq))
        for (Py_ssize_t i = 0, n = PyTuple_Size(seq); i < n; i++)
            if (PyTuple_GetItem(seq, i) == item)
                return 1;
    return PySequence_Contains(seq, item);
}

#endif
