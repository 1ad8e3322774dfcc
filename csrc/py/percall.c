/* percall.c: hilo_fast._percall, omaha_hilo(hole, board) as a CPython builtin.
 *
 * One call per hand from Python is mostly call overhead: a Python function
 * frame plus a cffi call cost more than phevaluator's whole raw C call. This
 * builtin reads the two lists (or tuples) of card ids itself and calls the C
 * core's hf_omaha_bytes through the address the cffi module gives it
 * (hilo_fast._cbackend binds it at import), so the evaluator is compiled
 * once, in hilo_fast._native. Only the plain case is handled here: exact
 * lists or tuples of exact ints 0..51, 4..6 hole and 3..5 board cards, and
 * an answer without error; everything else (other input forms, bools,
 * numpy ints, bad cards, keywords) is passed as it is to the Python
 * function bound with it, which parses, validates and raises the errors. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef int32_t (*omaha_bytes_fn)(const char *cards, int32_t n_hole, int32_t n_board);

typedef struct {
    omaha_bytes_fn evaluate; /* hf_omaha_bytes, or NULL before bind() */
    PyObject *fallback;      /* the Python omaha_hilo */
} state;

/* Read `seq`'s card ids into cards[0..]; their count, or -1 if it is not the plain case. */
static Py_ssize_t read_cards(PyObject *seq, Py_ssize_t least, Py_ssize_t most, char *cards)
{
    int is_list = PyList_CheckExact(seq);
    if (!is_list && !PyTuple_CheckExact(seq))
        return -1;
    Py_ssize_t n = is_list ? PyList_Size(seq) : PyTuple_Size(seq);
    if (n < least || n > most)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = is_list ? PyList_GetItem(seq, i) : PyTuple_GetItem(seq, i);
        if (!item || !PyLong_CheckExact(item))
            return -1;
        long card = PyLong_AsLong(item);
        if (card < 0 || card > 51) { /* also -1 with an overflow error set */
            PyErr_Clear();
            return -1;
        }
        cards[i] = (char)card;
    }
    return n;
}

static PyObject *call_fallback(state *st, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    if (!st->fallback) {
        PyErr_SetString(PyExc_RuntimeError, "hilo_fast._percall is not bound");
        return NULL;
    }
    Py_ssize_t n_kw = kwnames ? PyTuple_Size(kwnames) : 0;
    PyObject *positional = PyTuple_New(nargs), *keywords = n_kw ? PyDict_New() : NULL;
    if (!positional || (n_kw && !keywords)) {
        Py_XDECREF(positional);
        Py_XDECREF(keywords);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(positional, i, args[i]);
    }
    for (Py_ssize_t i = 0; i < n_kw; i++)
        if (PyDict_SetItem(keywords, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
            Py_DECREF(positional);
            Py_DECREF(keywords);
            return NULL;
        }
    PyObject *result = PyObject_Call(st->fallback, positional, keywords);
    Py_DECREF(positional);
    Py_XDECREF(keywords);
    return result;
}

static PyObject *omaha_hilo(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    state *st = PyModule_GetState(module);
    if (st && st->evaluate && nargs == 2 && !kwnames) {
        char cards[11];
        Py_ssize_t n_hole = read_cards(args[0], 4, 6, cards);
        Py_ssize_t n_board = n_hole < 0 ? -1 : read_cards(args[1], 3, 5, cards + n_hole);
        int32_t packed = n_board < 0 ? -1
                       : st->evaluate(cards, (int32_t)n_hole, (int32_t)n_board);
        if (packed >= 0) {
            PyObject *out = PyTuple_New(2), *high = PyLong_FromLong(packed >> 8);
            PyObject *low = packed & 0xff ? PyLong_FromLong(packed & 0xff) : Py_None;
            if (!out || !high || !low) {
                Py_XDECREF(out);
                Py_XDECREF(high);
                return NULL;
            }
            if (low == Py_None)
                Py_INCREF(low);
            PyTuple_SetItem(out, 0, high);
            PyTuple_SetItem(out, 1, low);
            return out;
        }
    }
    return call_fallback(st, args, nargs, kwnames);
}

/* bind(address of hf_omaha_bytes, the Python omaha_hilo) */
static PyObject *bind(PyObject *module, PyObject *args)
{
    state *st = PyModule_GetState(module);
    PyObject *address, *fallback;
    if (!st || !PyArg_ParseTuple(args, "OO", &address, &fallback))
        return NULL;
    void *fn = PyLong_AsVoidPtr(address);
    if (!fn) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "bind: a NULL evaluator");
        return NULL;
    }
    Py_INCREF(fallback);
    Py_XDECREF(st->fallback);
    st->fallback = fallback;
    st->evaluate = (omaha_bytes_fn)fn;
    Py_RETURN_NONE;
}

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    state *st = PyModule_GetState(module);
    if (st)
        Py_VISIT(st->fallback);
    return 0;
}

static int clear(PyObject *module)
{
    state *st = PyModule_GetState(module);
    if (st)
        Py_CLEAR(st->fallback);
    return 0;
}

static void free_module(void *module) { clear((PyObject *)module); }

static PyMethodDef methods[] = {
    {"omaha_hilo", (PyCFunction)(void (*)(void))omaha_hilo, METH_FASTCALL | METH_KEYWORDS,
     "omaha_hilo(hole, board) -> (high, low): both halves of an Omaha hand, low None "
     "when there is none (see hilo_fast.core.evaluation.omaha_hilo)."},
    {"bind", bind, METH_VARARGS, "bind(address of hf_omaha_bytes, fallback)"},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot slots[] = {
#ifdef Py_GIL_DISABLED
    {Py_mod_gil, Py_MOD_GIL_NOT_USED}, /* the state is set once, at import */
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hilo_fast._percall",
    "omaha_hilo as a CPython builtin (see csrc/py/percall.c).", sizeof(state), methods, slots,
    traverse, clear, free_module,
};

PyMODINIT_FUNC PyInit__percall(void) { return PyModuleDef_Init(&module_def); }
