/* named.h: tuples and named tuples (tuple subclasses such as SeatInfo or
 * PotResult) made by the CPython builtins from C values, without Python-level
 * calls: a named tuple's class called, or Py_BuildValue's format read, costs
 * more than the tuple. Limited API (3.10). */
#ifndef HILO_FAST_PY_NAMED_H
#define HILO_FAST_PY_NAMED_H

#include <Python.h>
#include <stdio.h>

/* t (a new tuple of n slots, or NULL) with the n objects given in them
 * (references stolen), or NULL if t or one of them is NULL (a failed call:
 * its error is set). */
static inline PyObject *filled(PyObject *t, int n, PyObject **items)
{
    int missing = !t;
    for (int k = 0; k < n; k++)
        missing |= !items[k];
    for (int k = 0; k < n; k++)
        if (missing)
            Py_XDECREF(items[k]);
        else
            PyTuple_SetItem(t, k, items[k]);
    if (missing) {
        Py_XDECREF(t);
        return NULL;
    }
    return t;
}

/* A tuple of the n objects given (references stolen), or NULL if one is NULL. */
static inline PyObject *pack(int n, PyObject **items)
{
    return filled(PyTuple_New(n), n, items);
}

/* How this CPython makes a named tuple: tuple's tp_new, and whether to
 * allocate it directly. Before 3.14 a tuple is its items only, and tuple's
 * tp_new makes a subclass's tuple with the subclass's tp_alloc
 * (PyType_GenericAlloc) and the items: named_tuple does the same, less the
 * tuple it would copy them from. From 3.14 a tuple caches its hash (-1: not
 * yet; 0 in zeroed memory), which only tp_new sets: named_tuple calls it. */
typedef struct {
    newfunc tuple_new;
    int alloc;
} named_maker;

/* 0, or -1 with an exception. */
static inline int named_maker_init(named_maker *m)
{
    int major = 0, minor = 0;
    m->tuple_new = (newfunc)PyType_GetSlot(&PyTuple_Type, Py_tp_new);
    m->alloc = sscanf(Py_GetVersion(), "%d.%d", &major, &minor) == 2 && major == 3
               && minor < 14;
    if (!m->tuple_new) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_SystemError, "tuple has no tp_new");
        return -1;
    }
    return 0;
}

/* A named tuple of cls (a tuple subclass) made of the n objects given
 * (references stolen), or NULL. args: a 1-tuple the caller owns, for tp_new
 * (its item replaced; NULL: one is made). */
static inline PyObject *named_tuple(const named_maker *m, PyObject *args, PyObject *cls, int n,
                                    PyObject **items)
{
    if (m->alloc)
        return filled(PyType_GenericAlloc((PyTypeObject *)cls, n), n, items);
    PyObject *t = pack(n, items);
    if (!t)
        return NULL;
    if (!args) {
        PyObject *one = PyTuple_New(1);
        if (!one || PyTuple_SetItem(one, 0, t)) {   /* (steals t) */
            Py_XDECREF(one);
            if (!one)
                Py_DECREF(t);
            return NULL;
        }
        PyObject *out = m->tuple_new((PyTypeObject *)cls, one, NULL);
        Py_DECREF(one);
        return out;
    }
    if (PyTuple_SetItem(args, 0, t))   /* (steals t) */
        return NULL;
    return m->tuple_new((PyTypeObject *)cls, args, NULL);
}

#endif
