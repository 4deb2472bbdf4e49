"""Unit propagation for rule clashes (gridlogic/clashes): over a part's clauses with the cells' values held,
whether they conflict and which valued cells the conflict traces back to. A part's clauses that are kept
from request to request (a base's house) keep their watch lists too.
"""

from __future__ import annotations

from collections import defaultdict

Cell = tuple[int, int]
MORE_CONFLICTS = 12       # cells left out in turn to find a broken part's other conflicts


def conflicts(clauses: list[list[int]], truth: dict[int, Cell], empty: dict[Cell, list[list[int]]],
               cell_of: dict[int, Cell], kept: bool = False) -> tuple[Cell, ...] | None:
    """As `conflict`, and the cells of the part's other conflicts too (three equal digits in a row: all
    three): each cell of a conflict found is left out in turn, and what still conflicts is added."""
    first = conflict(clauses, truth, empty, cell_of, kept)
    if first is None:
        return None
    cells, todo, tried = set(first), list(first), set()
    while todo and len(tried) < MORE_CONFLICTS:
        left_out = todo.pop()
        if left_out in tried:
            continue
        tried.add(left_out)
        rest = {lit: cell for lit, cell in truth.items() if cell != left_out}
        more = conflict(clauses, rest, empty, cell_of, kept)
        for cell in more or ():
            if cell not in cells:
                cells.add(cell)
                todo.append(cell)
    return tuple(sorted(cells))


_WATCHES: dict[int, tuple[list, dict]] = {}    # a kept list of clauses (a base's house): its watch lists
_WATCHES_KEPT = 512


def _watch(clauses: list[list[int]], start: int = 0, watch: dict | None = None) -> dict[int, list[int]]:
    """For each literal, the clauses (by index) in which its negation stands."""
    watch = defaultdict(list) if watch is None else watch
    for i in range(start, len(clauses)):
        for x in clauses[i]:
            watch[-x].append(i)
    return watch


def _kept_watch(clauses: list[list[int]]) -> dict[int, list[int]]:
    kept = _WATCHES.get(id(clauses))
    if kept is not None and kept[0] is clauses:
        return kept[1]
    watch = dict(_watch(clauses))
    if len(_WATCHES) >= _WATCHES_KEPT:
        _WATCHES.clear()
    _WATCHES[id(clauses)] = (clauses, watch)
    return watch


def conflict(clauses: list[list[int]], truth: dict[int, Cell], empty: dict[Cell, list[list[int]]],
              cell_of: dict[int, Cell], kept: bool = False) -> tuple[Cell, ...] | None:
    """Unit propagation over `clauses` with the literals of `truth` held, an empty cell's own clauses
    joining once a literal of that cell is set: None when it ends without a conflict, else the valued
    cells the conflict traces back to (sorted). `kept`: the list is kept, and so are its watch lists."""
    base_watch = _kept_watch(clauses) if kept else _watch(clauses)
    first = len(clauses)
    clauses = list(clauses)
    more: dict[int, list[int]] = defaultdict(list)
    true = set(truth)
    reason: dict[int, int] = {}                   # a literal set by propagation: the clause that forced it
    joined: set[Cell] = set()
    queue: list = [("check", i) for i in range(first) if len(clauses[i]) <= 1]
    queue.extend(lit for lit in truth if lit in base_watch)
    empty_get, cell_get, watch_get, more_get = empty.get, cell_of.get, base_watch.get, more.get
    while queue:
        item = queue.pop()
        if item.__class__ is tuple:
            indexes = [item[1]]
        else:
            indexes = watch_get(item, ())
            extra = more_get(item)
            if extra:
                indexes = [*indexes, *extra]
        for i in indexes:
            open_lit = None
            count = 0
            for x in clauses[i]:
                if x in true:
                    count = 2
                    break
                if -x not in true:
                    count += 1
                    open_lit = x
                    if count > 1:
                        break
            if count > 1:
                continue
            if count == 0:
                return _trace(clauses, i, reason, truth)
            true.add(open_lit)
            reason[open_lit] = i
            queue.append(open_lit)
            cell = cell_get(abs(open_lit))
            local = empty_get(cell) if cell is not None else None
            if local and cell not in joined:
                joined.add(cell)
                start = len(clauses)
                clauses.extend(local)
                _watch(clauses, start, more)
                queue.extend(("check", j) for j in range(start, len(clauses)))
    return None


def _trace(clauses: list[list[int]], i: int, assigned: dict[int, int], truth: dict[int, Cell]) -> tuple[Cell, ...]:
    """The valued cells behind the conflict of clause i."""
    cells: set[Cell] = set()
    stack = [-x for x in clauses[i]]              # each literal of the clause is false: what made it so
    seen = set()
    while stack:
        x = stack.pop()                           # x is true
        if x in seen:
            continue
        seen.add(x)
        if x in truth and x not in assigned:
            cells.add(truth[x])
            continue
        reason = assigned.get(x)
        if reason is None:
            continue
        stack.extend(-y for y in clauses[reason] if y != x)
    return tuple(sorted(cells))
