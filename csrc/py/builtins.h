/* builtins.h: small helpers of the CPython builtins over the core
 * (the .c files beside it): plain Python lists and ints in and out. */
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

#endif
