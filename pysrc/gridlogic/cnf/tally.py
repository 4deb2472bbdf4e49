"""Counts written over parts: a count of cells as the total of the counts of groups of them.

A group's count is a unary number: its *thresholds*, the literals "at least t of the group hold" for
t = 1..size (`unary`: a totalizer over the group, both ways, so each threshold holds exactly when at least
that many do; a group of one cell is its own threshold). A total of such numbers equal to k (`total_equals`)
is an order encoding over the groups in turn: ("tally", name, i, j) holds exactly when the first i + 1
groups hold at least j, written only where that is not settled by k alone (the first groups hold at least
k less what the later ones can give, and never more than k): a variable per group and sum in the window.
It is order.py's `sum_equals` chain for unary terms, laid over places in one `pattern` per count (a count
of cells is made many times a puzzle, and clause by clause it cost several times as much to lay).

Written so, a count may learn what a rule of the genre says of its groups: that a group's cells hold
together (its first threshold implies its last), or that they fill in an order (threshold t implies the
t-th cell). Those clauses belong to that rule (its clue block); the count's own clauses hold without them.

Where the count may lean on such a rule (a formula that only solves, not one for explanations),
`steps_equal` counts items that step up: each item's value is 0 or one of its steps, each step one literal
(a group held together is one step of its size; a group that fills in order a step per cell), and the rule
says the steps hold in order. No counter per group then, and only the sums the items can reach are written.
The clauses between two of its levels depend only on the two sets of sums (moved down together) and the
item's values: each such layer is worked out once a process and laid on each count's literals after
(about two thirds of an aquarium's layers are ones an earlier count or puzzle had): inside a clue block by
`Formula.lay`, which adds the guard; outside one, by the layer's own getters, a tuple a clause.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from operator import itemgetter, neg

from gridlogic.budget import tick

from gridlogic.cnf.formula import Formula, Lit
from gridlogic.cnf.places import Places


def unary(at: Places, name: Hashable, lits: Sequence[Lit]) -> list[int]:
    """The places of the thresholds of the count of `lits` ("at least t hold", t = 1..len): the literal
    itself for one; else fresh ("unary", name, part, t) literals merged pairwise, defined both ways."""
    return _merge(at, name, [at(lit) for lit in lits], 0)


def _merge(at: Places, name: Hashable, places: list[int], part: int) -> list[int]:
    if len(places) == 1:
        return places
    half = len(places) // 2
    left = _merge(at, name, places[:half], 2 * part + 1)
    right = _merge(at, name, places[half:], 2 * part + 2)
    out = [at(("unary", name, part, t)) for t in range(1, len(left) + len(right) + 1)]
    merge(at.clauses, left, right, out)
    return out


def merge(clauses: list, left: list[int], right: list[int], row: list[int]) -> None:
    """A totalizer node's clauses: row[k - 1] holds exactly when at least k hold below it, from its
    children's thresholds ("at least i" for i = 1 .. len). `row` may be shorter than the children's sum
    (capped): its top then means "top or more". Up: left i and right j imply row i + j (the top when past
    it); down: not left i + 1 and not right j + 1 imply not row i + j + 1 (a count past a child's list is
    false: a capped child's list ends at the top, past every count the down clauses name)."""
    m, n, top = len(left), len(right), len(row)
    add = clauses.append
    for i in range(m + 1):
        for j in range(n + 1):
            s = i + j
            if s:
                c = [row[(s if s < top else top) - 1]]
                if i:
                    c.append(-left[i - 1])
                if j:
                    c.append(-right[j - 1])
                add(c)
            if s < top:
                c = [-row[s]]
                if i < m:
                    c.append(left[i])
                if j < n:
                    c.append(right[j])
                add(c)


def total_equals(at: Places, name: Hashable, items: Sequence[Sequence[int]], k: int) -> None:
    """The unary numbers `items` (each the places of its thresholds, as `unary` gives them) add up to k;
    nothing can when k is past their sizes' sum or below 0 (an empty clause)."""
    clauses = at.clauses
    ordered = sorted(items, key=len)           # the largest in the middle: fewer clauses (12% on aquarium)
    items = ordered[len(ordered) % 2::2] + ordered[1 - len(ordered) % 2::2][::-1]
    rest = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        rest[i] = rest[i + 1] + len(items[i])
    if not 0 <= k <= rest[0]:
        clauses.append([])
        return
    before: list = [0]                         # j -> place of "the groups so far hold at least j" (0: settled)
    low, high = 0, 0                           # settled before: at least j for j <= low, none past high
    add = clauses.append
    for i, item in enumerate(items):
        size = len(item)
        now_low = k - rest[i + 1] if k > rest[i + 1] else 0
        now_high = k if k < high + size else high + size
        now = [0] * (now_low + 1) + [at(("tally", name, i, j)) for j in range(now_low + 1, now_high + 1)]
        # at least j before and at least t here: at least j + t now (none past k); from j = low up, and
        # each for the t that are not settled (more of the item implies less, through its thresholds)
        for j in range(low, high + 1):
            old = before[j]
            first = now_low - j + 1 if now_low >= j else 0
            last = now_high - j + 1 if now_high - j + 1 < size else size
            for t in range(first, last + 1):
                clause = [-item[t - 1]] if t else []
                if old:
                    clause.append(-old)
                if j + t <= now_high:
                    clause.append(now[j + t])
                add(clause)
        # at least j now: at least j - t before, or more than t here
        for j in range(1, now_high + 1):
            new = now[j]
            first = j - high - 1 if j > high else 0
            last = j - low - 1 if j - low - 1 < size else size
            for t in range(first, last + 1):
                clause = [-new] if new else []
                if j - t <= high:
                    clause.append(before[j - t])
                if t < size:
                    clause.append(item[t])
                add(clause)
        for j in range(now_low + 1, now_high):
            add([-now[j + 1], now[j]])
        before, low, high = now, now_low, now_high


def thresholds(name: Hashable, lits: Sequence[Lit]) -> list[Lit]:
    """The threshold literals `unary(at, name, lits)` lays ("at least t of `lits` hold"), as literals: for
    a rule of the genre to say what it knows of the group."""
    return list(lits) if len(lits) == 1 else [("unary", name, 0, t) for t in range(1, len(lits) + 1)]


def steps_equal(f: Formula, name: Hashable, items: Sequence[Sequence[tuple[int, int]]], k: int) -> None:
    """Items that step up add up to k. An item is its steps, (value, f's literal of "the item is at least
    value") with the values rising; its value is 0 or one of them, and a rule outside says the steps hold in
    order (a higher one implies the lower ones): then these clauses hold exactly when the values add up to k.
    A decision diagram over the items in turn: ("steps", name, i, v) holds exactly when the first i items
    add up to at least v, made only for the sums v that the items before reach and the items after can
    complete to k (a sum between two of them reads as the next one up). The clauses between two levels
    depend only on the two sets of sums, moved down together, and the item's values: worked out once for
    each such layer (`_layer`) and laid on its literals (see the module docstring)."""
    if k < 0:
        f.clause([])
        return
    ordered = sorted(items, key=lambda item: item[-1][0] if item else 0)    # the largest in the middle: fewer
    items = ordered[len(ordered) % 2::2] + ordered[1 - len(ordered) % 2::2][::-1]    # sums on the way
    values = [tuple(b for b, _ in item) for item in items]
    full = (2 << k) - 1                        # sets of sums 0..k as bits
    reach = [1]                                # the sums the first i items reach
    for item in values:
        was = reach[-1]
        now = was
        for b in item:
            now |= was << b
        reach.append(now & full)
    need = 1 << k                              # the sums from which the items after i reach k
    if not reach[-1] & need:
        f.clause([])
        return
    held = [0] * len(reach)                    # level i: the sums that can be on the way (bits)
    keys = []                                  # the variables of all but the least (which holds), made at once
    for i in range(len(items), -1, -1):
        held[i] = sums = reach[i] & need
        keys += [("steps", name, i, v) for v in _sums(sums, k)[0][1:]]
        if i:
            was = need
            for b in values[i - 1]:
                need |= was >> b
    made = f.fresh(keys)
    places: list = [None] * len(reach)         # level i's variables, by sum
    end = 0
    for i in range(len(items), -1, -1):
        start, end = end, end + held[i].bit_count() - 1
        places[i] = made[start:end]
    if f.in_clue:                              # (laid by the formula, guarded)
        lay = f.lay
        for i, item in enumerate(items, 1):
            before = held[i - 1]
            low = (before & -before).bit_length() - 1
            pattern = _layer(before >> low, held[i] >> low, values[i - 1])[0]
            lay([*places[i - 1], *places[i], *[x for _, x in item]], pattern)
        return
    tick()
    out = f.clauses
    for i, item in enumerate(items, 1):
        before = held[i - 1]
        low = (before & -before).bit_length() - 1
        ints = [*places[i - 1], *places[i], *[x for _, x in item]]
        table = [0, *ints, *map(neg, reversed(ints))]          # table[k] place k's literal, table[-k] its negation
        out += [get(table) for get in _layer(before >> low, held[i] >> low, values[i - 1])[1]]


_LAYERS: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[tuple[int, ...], ...], tuple]] = {}


def _layer(before: int, after: int, values: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple]:
    """The clauses between two levels of `steps_equal` (their sums as bits, the least of `before` at 0) over
    an item of these values, as a pattern over places: the sums of `before` but its least, those of `after`
    but its least, then the item's steps; with, per clause, the getter that reads it off a table of literals
    (place k at k, its negation at -k). A process keeps at most a few thousand."""
    got = _LAYERS.get((before, after, values))
    if got is not None:
        return got
    was_sums = [v for v in range(before.bit_length()) if before >> v & 1]
    now_sums = [v for v in range(after.bit_length()) if after >> v & 1]
    was_places = list(range(len(was_sums)))                  # (0: the least, which holds)
    first = len(was_sums) + len(now_sums) - 1                # the place of the item's first step
    now_places = [0, *range(len(was_sums), first)]
    steps = list(zip(values, range(first, first + len(values))))
    was_at = _least_at(was_sums, was_places, now_sums[-1] + 1)    # v: the place of "at least v" (None: never)
    now_at = _least_at(now_sums, now_places, was_sums[-1] + values[-1] + 1 if values else was_sums[-1] + 1)
    out = []
    for b, here in ((0, 0), *steps):           # at least a before and at least b here: at least a + b now
        last = -1
        for a, was in zip(was_sums, was_places):
            now = now_at[a + b]
            if now != last:                    # (a larger a reaching the same sum follows from this one)
                last = now
                if now != 0:
                    out.append(tuple(filter(None, (-was, -here, now))))
    for (b, _), more in zip(((0, 0), *steps), [x for _, x in steps] + [0]):
        last = -1                              # at least v now: at least v - b before, or more than b here
        for v, now in zip(now_sums, now_places):
            was = was_at[v - b if v > b else 0]
            if was != last:
                last = was
                if was != 0:
                    out.append(tuple(filter(None, (-now, more, was))))
    out += [(-higher, lower) for lower, higher in zip(now_places[1:], now_places[2:])]
    if len(_LAYERS) > 4096:
        _LAYERS.clear()
    got = _LAYERS[(before, after, values)] = (tuple(out), tuple(map(_getter, out)))
    return got


def _getter(clause: tuple[int, ...]):
    """The clause read off a table of literals, as a tuple (itemgetter gives a bare item for one place)."""
    if len(clause) > 1:
        return itemgetter(*clause)
    return lambda table, at=clause: tuple(table[k] for k in at)


def _least_at(sums: list[int], places: list[int], most: int) -> list:
    """For v = 0..most, the place of the least of `sums` at least v (None past the last)."""
    out, j = [], 0
    for v in range(most + 1):
        while j < len(sums) and sums[j] < v:
            j += 1
        out.append(places[j] if j < len(sums) else None)
    return out


_SUMS: dict[tuple[int, int], tuple[list[int], list[int]]] = {}


def _sums(held: int, k: int) -> tuple[list[int], list[int]]:
    """The sums in a set of them as bits (0..k), and for v = 0..k + 1 the index among them of the least at
    least v (-1 past the last): worked out once a set (a process keeps at most a few thousand)."""
    got = _SUMS.get((held, k))
    if got is None:
        sums = [v for v in range(k + 1) if held >> v & 1]
        index, j = [], 0
        for v in range(k + 2):
            while j < len(sums) and sums[j] < v:
                j += 1
            index.append(j if j < len(sums) else -1)
        if len(_SUMS) > 4096:
            _SUMS.clear()
        got = _SUMS[(held, k)] = (sums, index)
    return got
