/* The nonogram generator's line solver compiled for CPython (optional: masks.py runs the same in Python
 * where this module is absent, as in the page). The same answers as masks.solve and masks.contradictions:
 * each line's known cells as two masks (filled, empty; bit p its cell p), a line's clue as its automaton's
 * masks (Automaton.fill, .gap, .stay, .size), lines in a first-in first-out queue, rows 0..h-1 then columns.
 * Sides up to 30 (the generator's): a line's masks and its automaton's states fit in 64 bits. And masks.find:
 * pictures drawn and judged until one takes the contradictions asked, the same pictures and answers; and the
 * maker's pictures: blurred from their noise (maker.drawn_picture), the same doubles, and of walks
 * (maker.snakes), drawn from the same random.Random. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 64
#define MAX_CELLS 32
#define FIND_SIDE 21        /* masks.FIND_SIDE: three fields of a 64-bit draw make a row */
#define FIND_REPAIRS 2      /* masks.FIND_REPAIRS */

typedef struct {
    uint64_t fill, gap, stay;
    int size, n;
} Clue;

typedef struct {
    int w, h, lines;
    Clue clue[MAX_LINES];
} Grid;

/* The cells an n-cell line's clue forces given its filled cells f and empty cells e: 0 and *more, *less
 * the newly filled and newly empty; -1 when the clue does not fit. */
static int force(const Clue *c, uint64_t f, uint64_t e, uint64_t *more, uint64_t *less)
{
    uint64_t reach[MAX_CELLS + 1], here = 1, move = c->fill | c->gap, known = f | e, after, filled = 0, empty = 0;
    int i;
    reach[0] = 1;
    for (i = 0; i < c->n; i++) {
        uint64_t bit = (uint64_t)1 << i;
        if (!(known & bit))
            here = ((here & move) << 1) | (here & c->stay);
        else if (f & bit)
            here = (here & c->fill) << 1;
        else
            here = (here & c->stay) | ((here & c->gap) << 1);
        if (!here)
            return -1;
        reach[i + 1] = here;
    }
    after = (uint64_t)1 << c->size;
    if (!(here & after))
        return -1;
    for (i = c->n - 1; i >= 0; i--) {
        uint64_t bit = (uint64_t)1 << i, moved = after >> 1, now = reach[i];
        if (!(known & bit)) {
            uint64_t can_fill = c->fill & moved & now;
            uint64_t can_empty = ((c->stay & after) | (c->gap & moved)) & now;
            if (!can_fill)
                empty |= bit;
            else if (!can_empty)
                filled |= bit;
            after = can_fill | can_empty;
        } else if (f & bit) {
            after = c->fill & moved & now;
        } else {
            after = ((c->stay & after) | (c->gap & moved)) & now;
        }
    }
    *more = filled & ~known;
    *less = empty & ~known;
    return 0;
}

/* `force`'s answers for lines of up to KEPT_CELLS cells, kept as they are found: an n-cell line's entry at
 * kept_at[n] + (its clue's fill mask, f, e) in 3n bits; 0 not yet found, else KNOWN with BROKEN or the newly
 * filled cells in bits 0-7 and the newly empty in bits 8-15. The smallest pictures are the most judged
 * (masks.find). */
#define KEPT_CELLS 6
#define KNOWN 0x10000u
#define BROKEN 0x20000u
static uint32_t kept[(1 << 3) + (1 << 6) + (1 << 9) + (1 << 12) + (1 << 15) + (1 << 18)];
static const int kept_at[KEPT_CELLS + 1] = {0, 0, 1 << 3, (1 << 3) + (1 << 6), (1 << 3) + (1 << 6) + (1 << 9),
    (1 << 3) + (1 << 6) + (1 << 9) + (1 << 12), (1 << 3) + (1 << 6) + (1 << 9) + (1 << 12) + (1 << 15)};

static int force_kept(const Clue *c, uint64_t f, uint64_t e, uint64_t *more, uint64_t *less)
{
    uint32_t *entry;
    int n = c->n;
    if (n > KEPT_CELLS || n < 1)
        return force(c, f, e, more, less);
    entry = &kept[kept_at[n] + (int)((c->fill << 2 * n) | (f << n) | e)];
    if (!*entry)
        *entry = force(c, f, e, more, less) ? KNOWN | BROKEN : KNOWN | (uint32_t)*more | (uint32_t)*less << 8;
    if (*entry & BROKEN)
        return -1;
    *more = *entry & 0xff;
    *less = (*entry >> 8) & 0xff;
    return 0;
}

/* The line-solver fixed point from fill, empty (changed in place), lines start[0..starts-1] first: 0, or -1
 * when a clue no longer fits. */
static int solve(const Grid *g, uint64_t *fill, uint64_t *empty, const int *start, int starts)
{
    int queue[MAX_LINES], head = 0, count = 0, k, i;
    char queued[MAX_LINES];
    memset(queued, 0, sizeof queued);
    for (i = 0; i < starts; i++) {
        if (!queued[start[i]]) {
            queued[start[i]] = 1;
            queue[(head + count++) % MAX_LINES] = start[i];
        }
    }
    while (count) {
        uint64_t more, less, bit;
        int across;
        k = queue[head];
        head = (head + 1) % MAX_LINES;
        count--;
        queued[k] = 0;
        if (force_kept(&g->clue[k], fill[k], empty[k], &more, &less))
            return -1;
        across = k < g->h ? g->h : 0;
        bit = (uint64_t)1 << (k < g->h ? k : k - g->h);
        fill[k] |= more;
        empty[k] |= less;
        while (more | less) {
            uint64_t low;
            int other, to_fill = more != 0;
            uint64_t *set = to_fill ? &more : &less;
            low = *set & (~*set + 1);
            *set ^= low;
            other = across + __builtin_ctzll(low);
            (to_fill ? fill : empty)[other] |= bit;
            if (!queued[other]) {
                queued[other] = 1;
                queue[(head + count++) % MAX_LINES] = other;
            }
        }
    }
    return 0;
}

static int is_full(const Grid *g, const uint64_t *fill, const uint64_t *empty)
{
    uint64_t full = ((uint64_t)1 << g->w) - 1;
    int r;
    for (r = 0; r < g->h; r++)
        if ((fill[r] | empty[r]) != full)
            return 0;
    return 1;
}

/* Python's side: a grid read from (w, h, clues), clues the bytes of four native 64-bit words a line, rows
 * then columns: its automaton's fill, gap and stay masks and its size (masks.packed). */
static int read_grid(PyObject *clues, int w, int h, Grid *g)
{
    Py_buffer view;
    const uint64_t *words;
    int k;
    if (w < 1 || h < 1 || w > 30 || h > 30) {
        PyErr_SetString(PyExc_ValueError, "a grid of 1 to 30 a side");
        return -1;
    }
    if (PyObject_GetBuffer(clues, &view, PyBUF_SIMPLE))
        return -1;
    if (view.len != (Py_ssize_t)sizeof(uint64_t) * 4 * (w + h)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "clues: four words a line");
        return -1;
    }
    words = (const uint64_t *)view.buf;
    g->w = w;
    g->h = h;
    g->lines = w + h;
    for (k = 0; k < w + h; k++) {
        Clue *c = &g->clue[k];
        c->fill = words[4 * k];
        c->gap = words[4 * k + 1];
        c->stay = words[4 * k + 2];
        c->size = (int)words[4 * k + 3];
        c->n = k < h ? w : h;
    }
    PyBuffer_Release(&view);
    return 0;
}

static int read_masks(PyObject *list, int count, uint64_t *out)
{
    int i;
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != count) {
        PyErr_SetString(PyExc_ValueError, "masks: a list of one int a line");
        return -1;
    }
    for (i = 0; i < count; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(list, i));
        if (PyErr_Occurred())
            return -1;
    }
    return 0;
}

static int write_masks(PyObject *list, int count, const uint64_t *values)
{
    int i;
    for (i = 0; i < count; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(values[i]);
        if (!v || PyList_SetItem(list, i, v))
            return -1;
    }
    return 0;
}

static PyObject *rows_of(const uint64_t *fill, int h)
{
    PyObject *out = PyList_New(h);
    int r;
    if (!out)
        return NULL;
    for (r = 0; r < h; r++) {
        PyObject *v = PyLong_FromUnsignedLongLong(fill[r]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, r, v);
    }
    return out;
}

/* solve(clues, w, h, fill, empty, start) -> bool: masks.solve. */
static PyObject *py_solve(PyObject *self, PyObject *args)
{
    PyObject *clues, *fill_list, *empty_list, *start_obj, *seq;
    int w, h, start[MAX_LINES], starts = 0, ok;
    Py_ssize_t i;
    Grid g;
    uint64_t fill[MAX_LINES], empty[MAX_LINES];
    if (!PyArg_ParseTuple(args, "OiiOOO", &clues, &w, &h, &fill_list, &empty_list, &start_obj))
        return NULL;
    if (read_grid(clues, w, h, &g) || read_masks(fill_list, w + h, fill) || read_masks(empty_list, w + h, empty))
        return NULL;
    seq = PySequence_Fast(start_obj, "start: a sequence of lines");
    if (!seq)
        return NULL;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq) && starts < MAX_LINES; i++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (k < 0 || k >= w + h) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "start: a line of the grid");
            return NULL;
        }
        start[starts++] = (int)k;
    }
    Py_DECREF(seq);
    ok = solve(&g, fill, empty, start, starts) == 0;
    if (write_masks(fill_list, w + h, fill) || write_masks(empty_list, w + h, empty))
        return NULL;
    return PyBool_FromLong(ok);
}

/* The contradictions the grader takes beyond the line solver to solve the clues of the picture `rows`, from
 * the fixed point (fill, empty; changed), counted up to `most` (masks.contradictions): the count; NONE when it
 * takes more, or no open cell leads to a contradiction; SECOND when a probe fills a grid other than the
 * picture (its rows written to `second`). */
#define NONE (-1)
#define SECOND (-2)

static int count(const Grid *g, const uint64_t *rows, int most, uint64_t *fill, uint64_t *empty, uint64_t *second)
{
    int w = g->w, h = g->h, lines = g->lines, found = 0, first = 0;
    uint64_t full = ((uint64_t)1 << w) - 1;
    for (;;) {
        uint64_t seen_fill[MAX_LINES], seen_empty[MAX_LINES];
        int hit_r = -1, hit_c = -1, r;
        while (first < h && (fill[first] | empty[first]) == full)
            first++;
        if (first == h)
            return found;
        memset(seen_fill, 0, sizeof(uint64_t) * h);
        memset(seen_empty, 0, sizeof(uint64_t) * h);
        for (r = first; r < h && hit_r < 0; r++) {
            uint64_t open = full & ~(fill[r] | empty[r]);
            while (open) {
                uint64_t low = open & (~open + 1), trial_fill[MAX_LINES], trial_empty[MAX_LINES];
                int c = __builtin_ctzll(low), to_fill = !(rows[r] & low), start[2];
                open ^= low;
                if ((to_fill ? seen_fill : seen_empty)[r] & low)
                    continue;
                memcpy(trial_fill, fill, sizeof(uint64_t) * lines);
                memcpy(trial_empty, empty, sizeof(uint64_t) * lines);
                (to_fill ? trial_fill : trial_empty)[r] |= low;
                (to_fill ? trial_fill : trial_empty)[h + c] |= (uint64_t)1 << r;
                start[0] = r;
                start[1] = h + c;
                if (solve(g, trial_fill, trial_empty, start, 2)) {
                    hit_r = r;
                    hit_c = c;
                    break;
                }
                if (is_full(g, trial_fill, trial_empty)) {
                    memcpy(second, trial_fill, sizeof(uint64_t) * h);
                    return SECOND;
                }
                {   /* the probes of this grid that broke no clue and left a cell open: their cells */
                    int q;
                    for (q = 0; q < h; q++) {
                        seen_fill[q] |= trial_fill[q];
                        seen_empty[q] |= trial_empty[q];
                    }
                }
            }
        }
        if (hit_r < 0)
            return NONE;                            /* no contradiction helps */
        if (++found > most)
            return NONE;
        {
            uint64_t low = (uint64_t)1 << hit_c;
            int start[2];
            (rows[hit_r] & low ? fill : empty)[hit_r] |= low;
            (rows[hit_r] & low ? fill : empty)[h + hit_c] |= (uint64_t)1 << hit_r;
            start[0] = hit_r;
            start[1] = h + hit_c;
            if (solve(g, fill, empty, start, 2))
                return NONE;                        /* (not reached: the picture's own value fits) */
        }
    }
}

/* A count for Python: the int, or None (NONE, SECOND; at SECOND the second solution's rows `other` appended to
 * the list `second`). */
static PyObject *counted(int found, const uint64_t *other, int h, PyObject *second)
{
    if (found == SECOND) {
        PyObject *rows_found = rows_of(other, h);
        if (!rows_found || PyList_Append(second, rows_found)) {
            Py_XDECREF(rows_found);
            return NULL;
        }
        Py_DECREF(rows_found);
    }
    if (found < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(found);
}

/* contradictions(clues, w, h, rows, most, fill, empty, second) -> int | None: masks.contradictions from
 * the fixed point (fill, empty), not changed; a second solution's rows appended to the list `second`. */
static PyObject *py_contradictions(PyObject *self, PyObject *args)
{
    PyObject *clues, *rows_list, *fill_list, *empty_list, *second;
    int w, h, most;
    Grid g;
    uint64_t rows[MAX_LINES], fill[MAX_LINES], empty[MAX_LINES], other[MAX_LINES];
    if (!PyArg_ParseTuple(args, "OiiOiOOO", &clues, &w, &h, &rows_list, &most, &fill_list, &empty_list, &second))
        return NULL;
    if (read_grid(clues, w, h, &g) || read_masks(rows_list, h, rows) || read_masks(fill_list, w + h, fill)
            || read_masks(empty_list, w + h, empty))
        return NULL;
    return counted(count(&g, rows, most, fill, empty, other), other, h, second);
}

/* A line's clue read from its filled cells `mask` (n cells): its automaton's masks (lines.Automaton: the
 * word of its blocks, one gap between two). */
static void clue_of(uint64_t mask, int n, Clue *c)
{
    int q = 0;
    c->fill = c->gap = 0;
    c->stay = 1;
    c->n = n;
    while (mask) {
        int skip = __builtin_ctzll(mask), length;
        mask >>= skip;
        length = __builtin_ctzll(~mask);
        mask >>= length;
        if (q) {                                    /* the gap before this block */
            c->gap |= (uint64_t)1 << q;
            q++;
            c->stay |= (uint64_t)1 << q;
        }
        c->fill |= (((uint64_t)1 << length) - 1) << q;
        q += length;
    }
    c->size = q;
    c->stay |= (uint64_t)1 << q;
}

/* The grader's contradictions of the picture `rows` (masks.judged): the count up to `most`, NONE or SECOND
 * (its rows in `second`). */
static int judged(int w, int h, const uint64_t *rows, int most, uint64_t *second)
{
    Grid g;
    uint64_t fill[MAX_LINES], empty[MAX_LINES], cols[MAX_LINES];
    int k, start[MAX_LINES];
    g.w = w;
    g.h = h;
    g.lines = w + h;
    memset(cols, 0, sizeof(uint64_t) * w);
    for (k = 0; k < h; k++) {
        uint64_t mask = rows[k];
        while (mask) {
            int c = __builtin_ctzll(mask);
            mask &= mask - 1;
            cols[c] |= (uint64_t)1 << k;
        }
        clue_of(rows[k], w, &g.clue[k]);
    }
    for (k = 0; k < w; k++)
        clue_of(cols[k], h, &g.clue[h + k]);
    memset(fill, 0, sizeof(uint64_t) * g.lines);
    memset(empty, 0, sizeof(uint64_t) * g.lines);
    for (k = 0; k < g.lines; k++)
        start[k] = k;
    if (solve(&g, fill, empty, start, g.lines))
        return NONE;                                /* (not reached: the picture fits its clues) */
    return count(&g, rows, most, fill, empty, second);
}

/* judged(rows, w, h, most, second) -> int | None: masks.judged; a second solution's rows appended to the list
 * `second`. */
static PyObject *py_judged(PyObject *self, PyObject *args)
{
    PyObject *rows_list, *second;
    int w, h, most;
    uint64_t rows[MAX_LINES], other[MAX_LINES];
    if (!PyArg_ParseTuple(args, "OiiiO", &rows_list, &w, &h, &most, &second))
        return NULL;
    if (w < 1 || h < 1 || w > 30 || h > 30) {
        PyErr_SetString(PyExc_ValueError, "judged: a grid of 1 to 30 a side");
        return NULL;
    }
    if (read_masks(rows_list, h, rows))
        return NULL;
    return counted(judged(w, h, rows, most, other), other, h, second);
}

/* masks.mix: splitmix64's next state and output. */
static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* find(seed, w, h, least, most, tries) -> (rows | None, count, drawn): masks.find. */
static PyObject *py_find(PyObject *self, PyObject *args)
{
    unsigned long long seed;
    int w, h, least, most, tries, drawn = 0, r;
    uint64_t state, rows[MAX_LINES], second[MAX_LINES], all;
    if (!PyArg_ParseTuple(args, "Kiiiii", &seed, &w, &h, &least, &most, &tries))
        return NULL;
    if (w < 1 || h < 1 || w > FIND_SIDE || h > FIND_SIDE) {
        PyErr_SetString(PyExc_ValueError, "find: a grid of 1 to 21 a side");
        return NULL;
    }
    state = seed;
    all = ((uint64_t)1 << w) - 1;
    while (drawn < tries) {
        int round, found = NONE;
        drawn++;
        for (r = 0; r < h; r++) {
            uint64_t z = mix(&state);
            rows[r] = z & all & ((z >> w) | (z >> 2 * w));
        }
        for (round = 0; round <= FIND_REPAIRS; round++) {
            uint64_t pick;
            int differ = 0;
            found = judged(w, h, rows, most, second);
            if (found != SECOND || round == FIND_REPAIRS)
                break;
            for (r = 0; r < h; r++)
                differ += __builtin_popcountll(rows[r] ^ second[r]);
            pick = (mix(&state) >> 32) % (uint64_t)differ;
            for (r = 0; r < h; r++) {
                uint64_t cells = rows[r] ^ second[r];
                int here = __builtin_popcountll(cells);
                if (pick < (uint64_t)here) {
                    while (pick--)
                        cells &= cells - 1;
                    rows[r] ^= cells & (~cells + 1);
                    break;
                }
                pick -= (uint64_t)here;
            }
        }
        if (found >= 0 && found >= least)
            return Py_BuildValue("(Nii)", rows_of(rows, h), found, drawn);
    }
    return Py_BuildValue("(Oii)", Py_None, NONE, drawn);
}

/* One draw of `getrandbits(bits)` (a random.Random's, so the same stream as Python's), or -1 on an error. */
static long draw_bits(PyObject *getrandbits, PyObject *bits)
{
    PyObject *got = PyObject_CallOneArg(getrandbits, bits);
    long value;
    if (!got)
        return -1;
    value = PyLong_AsLong(got);
    Py_DECREF(got);
    return value;
}

/* A draw below `below` as randrange makes it: `bits` bits, drawn again while too large. */
static long draw_below(PyObject *getrandbits, PyObject *bits, long below)
{
    long value;
    do
        value = draw_bits(getrandbits, bits);
    while (value >= below);
    return value;
}

/* snakes(getrandbits, rows, cols, steps, most) -> rows' filled masks: maker.snakes on `getrandbits` (a
 * random.Random's), the same draws in the same order: walks until at least `most` cells are filled. */
static PyObject *py_snakes(PyObject *self, PyObject *args)
{
    PyObject *getrandbits, *row_bits = NULL, *col_bits = NULL, *way_bits = NULL, *out = NULL;
    int rows, cols, steps, count = 0, i;
    double most;
    uint64_t filled[MAX_CELLS];
    if (!PyArg_ParseTuple(args, "Oiiid", &getrandbits, &rows, &cols, &steps, &most))
        return NULL;
    if (rows < 1 || cols < 1 || rows > 30 || cols > 30 || steps < 0 || most > (double)rows * cols) {
        PyErr_SetString(PyExc_ValueError, "snakes: 1 to 30 a side, and no more cells than the grid's");
        return NULL;
    }
    memset(filled, 0, sizeof filled);
    row_bits = PyLong_FromLong(64 - __builtin_clzll((uint64_t)rows));
    col_bits = PyLong_FromLong(64 - __builtin_clzll((uint64_t)cols));
    way_bits = PyLong_FromLong(3);
    if (!row_bits || !col_bits || !way_bits)
        goto done;
    while (count < most) {
        long r = draw_below(getrandbits, row_bits, rows), c;
        if (r < 0)
            goto done;
        c = draw_below(getrandbits, col_bits, cols);
        if (c < 0)
            goto done;
        for (i = 0; i < steps; i++) {
            long way;
            if (!(filled[r] >> c & 1)) {
                filled[r] |= (uint64_t)1 << c;
                count++;
            }
            way = draw_below(getrandbits, way_bits, 4);
            if (way < 0)
                goto done;
            if (way == 0) {
                if (c < cols - 1)
                    c++;
            } else if (way == 1) {
                if (c)
                    c--;
            } else if (way == 2) {
                if (r < rows - 1)
                    r++;
            } else if (r) {
                r--;
            }
        }
    }
    out = rows_of(filled, rows);
done:
    Py_XDECREF(row_bits);
    Py_XDECREF(col_bits);
    Py_XDECREF(way_bits);
    return out;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* blurred(values, rows, cols, blurs, at) -> rows' filled masks: maker.drawn_picture's blurred picture from its
 * noise `values` (row-major floats): each cell the mean of its 3x3 neighbourhood within the grid, `blurs` times
 * (maker._blur: the same sums in the same order, so the same doubles), cut at the at-th smallest value. */
static PyObject *py_blurred(PyObject *self, PyObject *args)
{
    PyObject *values, *out;
    int rows, cols, blurs, at, r, c, b;
    double grid[MAX_CELLS * MAX_CELLS], across[MAX_CELLS * MAX_CELLS], sorted[MAX_CELLS * MAX_CELLS], cut;
    if (!PyArg_ParseTuple(args, "Oiiii", &values, &rows, &cols, &blurs, &at))
        return NULL;
    if (rows < 1 || cols < 1 || rows > 30 || cols > 30 || !PyList_Check(values)
            || PyList_GET_SIZE(values) != rows * cols || at < 0 || at >= rows * cols) {
        PyErr_SetString(PyExc_ValueError, "blurred: a list of rows x cols floats, 1 to 30 a side");
        return NULL;
    }
    for (r = 0; r < rows * cols; r++) {
        grid[r] = PyFloat_AsDouble(PyList_GET_ITEM(values, r));
        if (PyErr_Occurred())
            return NULL;
    }
    for (b = 0; b < blurs; b++) {
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                const double *row = grid + r * cols;
                across[r * cols + c] = ((c ? row[c - 1] : 0.0) + row[c]) + (c + 1 < cols ? row[c + 1] : 0.0);
            }
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                int n = ((r + 2 < rows ? r + 2 : rows) - (r > 0 ? r - 1 : 0))
                        * ((c + 2 < cols ? c + 2 : cols) - (c > 0 ? c - 1 : 0));
                double up = r ? across[(r - 1) * cols + c] : 0.0, down = r + 1 < rows ? across[(r + 1) * cols + c] : 0.0;
                grid[r * cols + c] = ((up + across[r * cols + c]) + down) / (double)n;
            }
    }
    memcpy(sorted, grid, sizeof(double) * rows * cols);
    qsort(sorted, (size_t)(rows * cols), sizeof(double), by_value);
    cut = sorted[at];
    out = PyList_New(rows);
    if (!out)
        return NULL;
    for (r = 0; r < rows; r++) {
        uint64_t mask = 0;
        PyObject *v;
        for (c = 0; c < cols; c++)
            if (grid[r * cols + c] >= cut)
                mask |= (uint64_t)1 << c;
        v = PyLong_FromUnsignedLongLong(mask);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, r, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "masks.solve compiled."},
    {"contradictions", py_contradictions, METH_VARARGS, "masks.contradictions compiled."},
    {"judged", py_judged, METH_VARARGS, "masks.judged compiled."},
    {"find", py_find, METH_VARARGS, "masks.find compiled."},
    {"blurred", py_blurred, METH_VARARGS, "maker.drawn_picture's blurred picture compiled."},
    {"snakes", py_snakes, METH_VARARGS, "maker.snakes compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lines", NULL, -1, methods};

PyMODINIT_FUNC PyInit__lines(void)
{
    return PyModule_Create(&module);
}
