"""One row of the search: the shadings a row may take below the row above, and its digits filled cell by
cell, each dead end with the cells that caused it (the package docstring has the search)."""

from __future__ import annotations

from collections.abc import Callable

MEMORY_LIMIT = 200_000   # remembered dead ends / tested numbers per row before starting afresh


def _shadings(n: int) -> list[int]:
    """Row shading masks: no two shaded cells adjacent, every unshaded run ≥ 2 cells (the plain
    listing; `_row_shadings` walks the same masks in the same order, pruned by the row above)."""
    out: list[int] = []

    def extend(c: int, mask: int, run: int) -> None:
        if c == n:
            if run != 1:
                out.append(mask)
            return
        extend(c + 1, mask, run + 1)
        if run != 1 and not (c and mask >> (c - 1) & 1):
            extend(c + 1, mask | 1 << c, 0)

    extend(0, 0, 0)
    return out


def _span(lo: int, hi: int) -> int:
    """Column bits lo..hi (lo clipped at 0)."""
    return (1 << (hi + 1)) - (1 << max(lo, 0))


def _nearest(columns: int, lo: int, hi: int) -> int:
    """The column of the bits `columns` nearest to lo..hi (one inside it if any)."""
    within = columns & _span(lo, hi)
    if within:
        return (within & -within).bit_length() - 1
    left, right = columns & ((1 << lo) - 1), columns >> (hi + 1)
    if not right:
        return left.bit_length() - 1
    after = hi + (right & -right).bit_length()
    return after if not left or after - hi <= lo - (left.bit_length() - 1) else left.bit_length() - 1


def _row_shadings(here: str, above: str, prev_mask: int, prev: tuple[int, ...] | None, length_ok: list[bool],
                  tick: Callable[[], None], backjump: bool):
    """The shadings of a row that the row above allows, in `_shadings` order, each with its segments
    (start, end, forced digit or None, its last forcing column, excluded digits as bits, first of its
    run, forcing columns as bits); a forcing column has the same region above, unshaded.

    Cell by cell, unshaded before shaded, so a prefix the row above rules out is cut once. The
    caller sends back, for each shading, why it led nowhere: (cells of the row above, cells of this
    row whose being shaded or not matters); a cell not named keeps its other choice from being
    tried. Returns the same pair for the whole row, this row's cells taken out. Reasons name the
    nearest cells that make them, so they stay short.
    """
    n = len(here)
    closed: list[tuple] = []

    def step(c: int, mask: int, run: int, seg):
        tick()
        if c == n:
            if run == 1:
                return 0, _span(n - 2, n - 1)
            if not length_ok[run]:
                return 0, _span(n - run - 1, n - 1)
            return (yield mask, closed + [(seg[0], n, *seg[1:])] if run else closed[:])
        outside = status = 0
        new = not run or here[c] != here[c - 1]
        if new and run:
            closed.append((seg[0], c, *seg[1:]))
        a, forced, flast, excl, first, forcers = (c, None, -1, 0, not run, 0) if new else seg
        bad = 0
        if prev is not None and prev[c] >= 0:
            up = prev[c]
            if above[c] != here[c]:
                if forced == up:
                    bad, lo = 1 << flast | 1 << c, flast
                excl |= 1 << up
            elif forced is None:
                if excl >> up & 1:
                    lo = next(x for x in range(c - 1, a - 1, -1) if prev[x] == up and above[x] != here[x])
                    bad = 1 << c | 1 << lo
                elif first and up == 0:
                    bad, lo = 1 << c, a - 1
                elif not first and closed[-1][2] == up:
                    bad, lo = 1 << c | 1 << closed[-1][3], closed[-1][3]
                forced, flast, forcers = up, c, 1 << c
            elif forced != up:
                bad, lo = 1 << flast | 1 << c, flast
            else:
                flast, forcers = c, forcers | 1 << c
        if bad:
            outside, status = bad, _span(lo, c)
        else:
            outside, status = yield from step(c + 1, mask, run + 1, (a, forced, flast, excl, first, forcers))
        if new and run:
            closed.pop()
        if backjump and not bad and not status >> c & 1:
            return outside, status               # the failure does not depend on this cell: skip shading it
        if run == 1 or (not run and c):          # a one-cell run, or next to a shaded cell
            status |= _span(c - 2 if run else c - 1, c)
        elif prev_mask >> c & 1:
            outside |= 1 << c
        elif not length_ok[run]:
            status |= _span(c - run - 1, c)
        else:
            if run:
                closed.append((seg[0], c, *seg[1:]))
            more, why = yield from step(c + 1, mask | 1 << c, 0, None)
            if run:
                closed.pop()
            if backjump and not why >> c & 1:
                return more, why
            outside |= more
            status |= why
        return outside, status & ~(1 << c)

    return step(0, 0, 0, None)


def _row_spec(segs: list[tuple], here: str, above: str, prev: tuple[int, ...] | None, prune: bool) -> list[tuple]:
    """Per segment, what the digit search needs: (start, width, forced digit or None, forcing columns
    as bits, {excluded digit: its column above}, first of its run, run length, last of its run, test
    the prefix after it, and as column bits: itself, its run up to its end, its run with the shaded
    cells around it)."""
    n = len(here)
    spec: list[tuple] = []
    i = 0
    while i < len(segs):
        j = i + 1
        while j < len(segs) and not segs[j][5]:
            j += 1
        start, end = segs[i][0], segs[j - 1][1]
        for t in range(i, j):
            a, b, forced, _, _, first, forcers = segs[t]
            excl: dict[int, int] = {}
            if prev is not None:
                for c in range(a, b):
                    if prev[c] >= 0 and above[c] != here[c]:
                        excl.setdefault(prev[c], c)
            spec.append((a, b - a, forced, forcers, excl, first, end - start, t + 1 == j,
                         prune and t + 1 < j and segs[t + 1][2] is None,
                         _span(a, b - 1), _span(start, b - 1), _span(start - 1, min(end, n - 1))))
        i = j
    return spec


def _fill_row(spec: list[tuple], n: int, mask: int, pred, cache: dict[int, bool], tick: Callable[[], None],
              backjump: bool, tally: dict):
    """Each digit row for one shading, one at a time: segments left to right, prefix-pruned, numbers
    tested; `tick` is called once per digit tried. The caller sends back, for each row, the cells
    of it that explain why the rows below led nowhere (every cell once they held a solution).
    Returns why no more rows help, as column bits: (cells of the row above, cells of this row whose
    digits matter, cells of this row whose being shaded or not matters). A failure that does not
    involve a segment's digit skips its other digits (conflict-directed backjumping, counted in
    tally["jumps"]); a reason names the nearest cells that make it, so it stays short."""
    digits = [-1] * n

    def fill(si: int, value: int, k: int, last: int):
        if si == len(spec):
            below = yield tuple(digits)
            return 0, below & ~mask, below
        a, w, forced, forcers, excl, first, length, run_end, check_next, own, upto, around = spec[si]
        outside = inside = status = touched = 0       # touched: own cells the reasons name
        if first and forced is None and a:
            status, touched = 1 << (a - 1), 1 << a     # no leading 0 after a shaded cell
        scale, ones = 10 ** w, (10 ** w - 1) // 9
        for d in (forced,) if forced is not None else range(1 if first else 0, 10):
            if d == last:
                inside |= 1 << (a - 1)
                touched |= 1 << a
                continue
            if d in excl:
                outside |= 1 << excl[d]
                touched |= 1 << excl[d]
                continue
            tick()
            v = value * scale + d * ones
            if run_end:
                ok = cache.get(v)
                if ok is None:
                    if len(cache) >= MEMORY_LIMIT:
                        cache.clear()
                    ok = cache[v] = pred.test(v)
                if not ok:
                    inside |= upto
                    status |= around
                    touched |= own
                    continue
            elif check_next and not pred.prefix_ok(v, k + w, length):
                inside |= upto
                status |= around
                touched |= own
                continue
            digits[a:a + w] = [d] * w
            if run_end:
                more, deeper, shaded = yield from fill(si + 1, 0, 0, -1)
            else:
                more, deeper, shaded = yield from fill(si + 1, v, k + w, d)
            if backjump and not deeper & own:
                tally["jumps"] += 1
                return more, deeper, shaded
            outside |= more
            inside |= deeper
            status |= shaded
            touched |= deeper & own
        if touched:                                   # the named cells share one digit: the cells between
            lo, hi = (touched & -touched).bit_length() - 1, touched.bit_length()   # them are unshaded
            if forced is not None:                    # and the digit is the nearest forcing cell's
                f = _nearest(forcers, lo, hi - 1)
                outside |= 1 << f
                lo, hi = min(lo, f), max(hi, f + 1)
            status |= (1 << hi) - (1 << lo)
        return outside, inside & ~own, status

    return fill(0, 0, 0, -1)
