/* hhrows_records.c: any table's rows, tuples in its columns' order, as Arrow
 * columns (included by hhrows.c, whose column builders and export it uses).
 * The twin of pyarrow's conversion of the same rows to the table's struct type
 * (hilo_fast.history.db.store._arrow_table): the tables whose rows Python
 * makes as tuples (hands, boards, pots, ...) go through it. Only the array
 * is made here; its schema is pyarrow's own, of the kinds given. */

/* A column's kind from its letter in the kinds given: the Arrow format's
 * letter, 't' for a timestamp in microseconds. */
static int kind_of_letter(char letter, enum kind *out)
{
    static const char LETTERS[] = "usilbgt";
    static const enum kind KINDS[] = {UTF8, INT16, INT32, INT64, BOOL, FLOAT64, TIMESTAMP};
    const char *at = letter ? strchr(LETTERS, letter) : NULL;
    if (!at)
        return -1;
    *out = KINDS[at - LETTERS];
    return 0;
}

/* Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian; m 1..12,
 * d 1..31): 400-year eras of 146,097 days, each year counted from March so
 * that the leap day is the last of its year. */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t year_of_era = y - era * 400;                            /* 0..399 */
    int64_t day_of_year = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;   /* 0..365 */
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

/* What a datetime is read with: its type, and its attributes' names made once
 * a call (interned: a lookup by a C string would make a str each time). */
typedef struct {
    PyObject *type;
    PyObject *tzinfo;
    PyObject *parts[7];   /* year, month, day, hour, minute, second, microsecond */
} datetime_reader;

static int datetime_reader_open(datetime_reader *r)
{
    static const char *const PARTS[] = {"year", "month", "day", "hour", "minute", "second",
                                        "microsecond"};
    memset(r, 0, sizeof *r);
    PyObject *module = PyImport_ImportModule("datetime");
    r->type = module ? PyObject_GetAttrString(module, "datetime") : NULL;
    Py_XDECREF(module);
    if (!r->type || !(r->tzinfo = PyUnicode_InternFromString("tzinfo")))
        return -1;
    for (int k = 0; k < 7; k++)
        if (!(r->parts[k] = PyUnicode_InternFromString(PARTS[k])))
            return -1;
    return 0;
}

static void datetime_reader_close(datetime_reader *r)
{
    Py_XDECREF(r->type);
    Py_XDECREF(r->tzinfo);
    for (int k = 0; k < 7; k++)
        Py_XDECREF(r->parts[k]);
}

/* A naive datetime as microseconds from the epoch, its wall time read as UTC
 * (as pyarrow stores it in a timestamp without a time zone); -1 with the
 * exception set when value is not a naive datetime. */
static int micros_of(PyObject *value, const datetime_reader *r, const char *table_name,
                     Py_ssize_t row, PyObject *name, int64_t *out)
{
    int is_datetime = Py_TYPE(value) == (PyTypeObject *)r->type
        ? 1 : PyObject_IsInstance(value, r->type);
    if (is_datetime < 0)
        return -1;
    PyObject *zone = is_datetime ? PyObject_GetAttr(value, r->tzinfo) : NULL;
    if (zone != Py_None) {
        if (is_datetime && !zone)
            return -1;
        Py_XDECREF(zone);
        PyErr_Format(PyExc_TypeError, "%s: row %zd: %U must be a naive datetime, not %R",
                     table_name, row, name, value);
        return -1;
    }
    Py_DECREF(zone);
    int64_t part[7];
    for (int k = 0; k < 7; k++) {
        PyObject *got = PyObject_GetAttr(value, r->parts[k]);
        part[k] = got ? PyLong_AsLongLong(got) : -1;
        Py_XDECREF(got);
        if (part[k] == -1 && PyErr_Occurred())
            return -1;
    }
    /* (a datetime's year is 1..9999: no overflow of int64 microseconds) */
    int64_t seconds = days_from_civil(part[0], part[1], part[2]) * 86400 + part[3] * 3600
                      + part[4] * 60 + part[5];
    *out = seconds * 1000000 + part[6];
    return 0;
}

/* The smallest and largest value of an integer kind. */
static void int_range(enum kind kind, int64_t *least, int64_t *most)
{
    *least = kind == INT16 ? INT16_MIN : kind == INT32 ? INT32_MIN : INT64_MIN;
    *most = kind == INT16 ? INT16_MAX : kind == INT32 ? INT32_MAX : INT64_MAX;
}

/* Append value to column c (of the row `row`, column `name`); -1 with a
 * TypeError or OverflowError naming the table, row and column. */
static int add_value(column *c, PyObject *value, const datetime_reader *dates,
                     const char *table_name, Py_ssize_t row, PyObject *name)
{
    const char *wanted = NULL;
    if (value == Py_None)
        return add_null(c);
    switch (c->kind) {
    case UTF8:
        if (PyUnicode_Check(value)) {
            Py_ssize_t size = 0;
            const char *text = PyUnicode_AsUTF8AndSize(value, &size);
            return text ? add_text(c, text, size) : -1;
        }
        wanted = "a str";
        break;
    case INT16:
    case INT32:
    case INT64:
        if (PyLong_Check(value) && !PyBool_Check(value)) {
            int overflow = 0;
            long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
            int64_t least, most;
            int_range(c->kind, &least, &most);
            if (!overflow && number == -1 && PyErr_Occurred())
                return -1;
            if (overflow || number < least || number > most) {
                PyErr_Format(PyExc_OverflowError, "%s: row %zd: %U does not fit %d bits",
                             table_name, row, name, c->kind == INT16 ? 16
                             : c->kind == INT32 ? 32 : 64);
                return -1;
            }
            return add_int(c, number);
        }
        wanted = "an int";
        break;
    case BOOL:
        if (PyBool_Check(value))
            return add_bool(c, value == Py_True);
        wanted = "a bool";
        break;
    case FLOAT64:
        if (PyFloat_Check(value))
            return add_float(c, PyFloat_AsDouble(value));
        if (PyLong_Check(value) && !PyBool_Check(value)) {   /* (as pyarrow: only exactly) */
            int overflow = 0;
            long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
            if (!overflow && number == -1 && PyErr_Occurred())
                return -1;
            if (overflow || number < -(1LL << 53) || number > (1LL << 53)) {
                PyErr_Format(PyExc_ValueError, "%s: row %zd: %U: an int a float cannot hold "
                             "exactly", table_name, row, name);
                return -1;
            }
            return add_float(c, (double)number);
        }
        wanted = "a float";
        break;
    case TIMESTAMP: {
        int64_t micros = 0;
        return micros_of(value, dates, table_name, row, name, &micros)
            ? -1 : add_int(c, micros);
    }
    }
    PyErr_Format(PyExc_TypeError, "%s: row %zd: %U must be %s or None, not %R", table_name,
                 row, name, wanted, value);
    return -1;
}

/* record_columns(table, names, kinds, records): the struct array (an
 * "arrow_array" capsule) of the records, tuples of len(names) values in the
 * columns' order; kinds, one letter a column (see kind_of_letter). */
static PyObject *record_columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyTuple_Check(args[1])
        || !PyBytes_Check(args[2]))
        return PyErr_Format(PyExc_TypeError, "record_columns(table: str, names: tuple, "
                            "kinds: bytes, records: list)");
    const char *table_name = PyUnicode_AsUTF8AndSize(args[0], NULL);
    PyObject *names = args[1], *records = args[3];
    Py_ssize_t n = PyTuple_Size(names);
    if (!table_name)
        return NULL;
    if (n < 1 || n > MAX_COLUMNS || PyBytes_Size(args[2]) != n)
        return PyErr_Format(PyExc_ValueError, "%s: 1 to %d columns, a kind for each",
                            table_name, MAX_COLUMNS);
    if (!PyList_Check(records))
        return PyErr_Format(PyExc_TypeError, "%s: the rows must be a list, not %R", table_name,
                            records);
    enum kind kinds[MAX_COLUMNS];
    for (Py_ssize_t i = 0; i < n; i++)
        if (!PyUnicode_Check(PyTuple_GetItem(names, i)))
            return PyErr_Format(PyExc_TypeError, "%s: column names must be str, not %R",
                                table_name, names);
    for (Py_ssize_t i = 0; i < n; i++)
        if (kind_of_letter(PyBytes_AsString(args[2])[i], &kinds[i]) < 0)
            return PyErr_Format(PyExc_ValueError, "%s: unknown column kind %R", table_name,
                                args[2]);
    const table t = {table_name, (int)n, NULL, kinds};
    column *cols[MAX_COLUMNS] = {NULL};
    PyObject *array = NULL;
    datetime_reader dates;
    if (datetime_reader_open(&dates) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!(cols[i] = new_column(kinds[i]))) {
            PyErr_NoMemory();
            goto done;
        }
    for (Py_ssize_t row = 0; row < PyList_Size(records); row++) {
        PyObject *record = PyList_GetItem(records, row);
        if (!PyTuple_Check(record) || PyTuple_Size(record) != n) {
            PyErr_Format(PyExc_TypeError, "%s: row %zd must be a tuple of %zd values, not %R",
                         table_name, row, n, record);
            goto done;
        }
        Py_INCREF(record);   /* (a datetime's attributes may run Python code) */
        int status = 0;
        for (Py_ssize_t i = 0; !status && i < n; i++)
            status = add_value(cols[i], PyTuple_GetItem(record, i), &dates, table_name,
                               row, PyTuple_GetItem(names, i));
        Py_DECREF(record);
        if (status)
            goto done;
    }
    array = array_capsule(&t, cols, cols[0]->length);
done:
    for (Py_ssize_t i = 0; i < n; i++)
        free_column(cols[i]);
    datetime_reader_close(&dates);
    return array;
}
