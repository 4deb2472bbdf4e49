"""The parts of a puzzle that rule clashes are asked of (gridlogic/clashes): its clues and its houses (a row, a
column, a unit of the kind's `units_of`), each with its own clauses of the puzzle's formula.

Vocabulary. A *fact variable* is one whose value places or eliminates a value in a cell (the kind's
`fact_of`); any other variable of a clause is *auxiliary* (a counter, an order variable), and its
*home* is the cells of the fact variables it is written with. A clause's cells are its fact cells and
its auxiliary variables' homes. The base's clauses (the grid's rules, guarded by no clue) are shared
out among the houses that hold all their cells; those of one cell are its *value clauses*. A clue's
clauses are those its selector guards (or, for a clue that is a literal held by assumption and not a
cell's value, a futoshiki sign, those that name its literal). Values held by a clue that only fixes
cells (a puzlogic given) count as cell values, like givens; an entry that puts another value in one
of those cells is a clash of that clue (a number that keeps every cell around it empty, crossed).

The clauses of a shared base (a sudoku's grid of one size and rules) are sorted out once, for the last few
bases asked.
"""

from __future__ import annotations

from collections import defaultdict
from types import ModuleType
from typing import Any

from gridlogic.budget import Budget, check_active
from gridlogic.contract import optional
from gridlogic.session import encode_within, meanings

Cell = tuple[int, int]

_BASES: dict[int, tuple[Any, dict]] = {}         # a shared base's id: (the base, its clauses sorted out)
_BASES_KEPT = 8


class Parts:
    """The formula's clauses shared out into parts (see the module docstring). The clauses of a shared
    base (a sudoku's grid of one size and rules) are sorted out once and kept."""

    def __init__(self, kind: ModuleType, puzzle: Any, budget: Budget) -> None:
        formula = encode_within(kind, puzzle, budget, exact_clues=True)
        placed, eliminated = meanings(kind, puzzle, formula)
        self.cell_of: dict[int, Cell] = {abs(lit): (r, c) for lit, (r, c, _) in {**placed, **eliminated}.items()}
        self.placed = placed
        self.lits_of: dict[Cell, list[tuple[int, int]]] = defaultdict(list)     # cell: (lit, value)
        for lit, (r, c, v) in placed.items():
            self.lits_of[(r, c)].append((lit, v))
        guards: dict[int, Any] = {}               # a clue block's selector: its clue
        literal_clues: dict[int, Any] = {}        # a held literal that is no cell value: its clue
        self.values: dict[Cell, int] = {}         # the givens' cell values
        for clue in formula.clues.values():
            sel = clue.selector
            if formula.pool.obj2id.get(("clue", clue.key)) == sel:
                guards[sel] = clue
            elif sel in placed:
                r, c, v = placed[sel]
                self.values[(r, c)] = v
            else:
                literal_clues[sel] = clue
        base = formula.base
        size = formula.base_size if base is not None else 0
        sorted_base = self._sorted_base(base, formula.clauses[:size], guards) if size else None
        own, plain, home = self._sort(formula.clauses[size:], guards, sorted_base)
        if literal_clues:
            kept = []
            for clause in plain:
                named = next((literal_clues[-x] for x in clause if -x in literal_clues), None)
                if named is not None:
                    own[named.key].append([x for x in clause if -x not in literal_clues])
                else:
                    kept.append(clause)
            plain = kept
        self.home = home
        self._cells: dict[int, tuple[list[int], frozenset]] = {}      # a clause's id: the clause, its cells
        self._clue_clauses: dict[Any, tuple[list[list[int]], set]] = {}
        self.own = {}
        self.fixing: list[tuple[Any, dict[Cell, int]]] = []     # the clues that only hold cell values
        for clue in formula.clues.values():
            clauses = own.get(clue.key)
            if not clauses:
                continue
            fixed = self._fixed_values(clauses)
            if fixed is not None:                 # a clue that only holds cell values: givens
                self.values.update(fixed)
                self.fixing.append((clue, fixed))
            else:
                self.own[clue.key] = clauses
        self.clues = [clue for clue in formula.clues.values() if clue.key in self.own]
        if sorted_base is not None and not literal_clues:
            if "split" not in sorted_base:        # the base's own clauses, by cells and houses, once
                sorted_base["split"] = self._split(sorted_base["plain"], kind, puzzle)
            local, houses, by_aux = sorted_base["split"]
            extra = plain[len(sorted_base["plain"]):]
            more_local, more_houses, more_aux = self._split(extra, kind, puzzle)
            self.local = defaultdict(list, {cell: cs + more_local.get(cell, []) for cell, cs in local.items()})
            for cell, cs in more_local.items():
                self.local.setdefault(cell, cs)
            self.houses = [(*h[:3], h[3] + m[3] if m[3] else h[3]) for h, m in zip(houses, more_houses)]
            self.by_aux = {**by_aux, **{v: by_aux.get(v, []) + cs for v, cs in more_aux.items()}}
        else:
            self.local, self.houses, self.by_aux = self._split(plain, kind, puzzle)

    def _split(self, plain: list[list[int]], kind: ModuleType, puzzle: Any):
        """The clauses of one cell (by cell), the houses each with the clauses of several of its cells, and
        the clauses by the auxiliary variables in them."""
        local: dict[Cell, list[list[int]]] = defaultdict(list)
        multi: list[tuple[frozenset, list[int]]] = []
        by_aux: dict[int, list[list[int]]] = defaultdict(list)
        cells_of, cell_of = self._cells_of, self.cell_of          # each clause once here: not kept
        for i, clause in enumerate(plain):
            if i % 8192 == 8191:
                check_active()
            cells = cells_of(clause)
            if len(cells) == 1:
                local[next(iter(cells))].append(clause)
            elif cells:
                multi.append((cells, clause))
            for x in clause:
                if abs(x) not in cell_of:
                    by_aux[abs(x)].append(clause)
        return local, self._houses(kind, puzzle, multi), dict(by_aux)

    def clue_cells(self, clue: Any) -> set:
        """A clue's cells: its own and those of its clauses (the clauses `clue_clauses` adds keep to them)."""
        return set(clue.cells).union(*(self.cells_of(c) for c in self.own[clue.key]))

    def clue_clauses(self, clue: Any) -> tuple[list[list[int]], set]:
        """A clue's clauses, with the rules' clauses on its auxiliary variables (an automaton's structure
        written apart from its guarded clauses) that keep to its cells; and those cells (worked out once a
        clue; the lists are the caller's own)."""
        kept = self._clue_clauses.get(clue.key)
        if kept is None:
            kept = self._clue_clauses[clue.key] = self._walk(clue)
        return list(kept[0]), set(kept[1])

    def _walk(self, clue: Any) -> tuple[list[list[int]], set]:
        own = self.own[clue.key]
        cells = self.clue_cells(clue)
        out = list(own)
        checked: set[int] = set()                 # each clause reached is weighed once: `cells` stays
        todo = [abs(x) for c in own for x in c if abs(x) not in self.cell_of]
        seen: set[int] = set()
        while todo:
            v = todo.pop()
            if v in seen:
                continue
            seen.add(v)
            if len(seen) % 4096 == 0:
                check_active()
            for clause in self.by_aux.get(v, ()):
                if id(clause) in checked:
                    continue
                checked.add(id(clause))
                if not self.cells_of(clause) <= cells:
                    continue
                out.append(clause)
                todo.extend(abs(x) for x in clause if abs(x) not in self.cell_of)
        return out, cells

    def _sorted_base(self, base: Any, clauses: list[list[int]], guards: dict[int, Any]) -> dict:
        kept = _BASES.get(id(base))
        if kept is not None and kept[0] is base:
            return kept[1]
        base_guards = {sel: clue for sel, clue in guards.items() if clue.key in base.clues}
        own, plain, home = self._sort(clauses, base_guards, None)
        sorted_base = {"own": own, "plain": plain, "home": home}
        if len(_BASES) >= _BASES_KEPT:
            _BASES.pop(next(iter(_BASES)))
        _BASES[id(base)] = (base, sorted_base)
        return sorted_base

    def _sort(self, clauses: list[list[int]], guards: dict[int, Any], base: dict | None):
        """The clauses by the clue block that guards them (stripped of the guard) and the rest, with the
        auxiliary variables' homes; after a sorted base, its parts come first."""
        own: dict[Any, list[list[int]]] = defaultdict(list)
        plain: list[list[int]] = []
        if base is not None:
            for key, cs in base["own"].items():
                own[key].extend(cs)
            plain.extend(base["plain"])
        for clause in clauses:
            last = clause[-1] if clause else 0
            if last < 0 and -last in guards:
                own[guards[-last].key].append(clause[:-1])
                continue
            guard = next((x for x in clause if x < 0 and -x in guards), 0) if guards else 0
            if guard:
                own[guards[-guard].key].append([x for x in clause if x != guard])
            else:
                plain.append(clause)
        home = self._homes(clauses, base["home"] if base is not None else {})
        return own, plain, home

    def _fixed_values(self, clauses: list[list[int]]) -> dict[Cell, int] | None:
        if not clauses or any(len(c) != 1 or c[0] not in self.placed for c in clauses):
            return None
        return {self.placed[c[0]][:2]: self.placed[c[0]][2] for c in clauses}

    def _homes(self, clauses: list[list[int]], known: dict[int, frozenset]) -> dict[int, frozenset]:
        """Each auxiliary variable's home, after `known`: the cells it is written with, or, for one only ever
    written with other auxiliary variables (a counter's inner nodes), theirs: the variables of that kind
    joined by a clause are one group, and a group's home is that of every other variable in its clauses."""
        cell_of = self.cell_of
        home: dict[int, set] = defaultdict(set)
        pending = []
        for clause in clauses:
            aux = [abs(x) for x in clause if abs(x) not in cell_of]
            if not aux:
                continue
            cells = {cell_of[abs(x)] for x in clause if abs(x) in cell_of}
            if cells:
                for v in aux:
                    home[v] |= cells
            else:
                pending.append(aux)
        check_active()
        for v, cells in known.items():
            if v in home:
                home[v] |= cells
        homeless = {v for aux in pending for v in aux if not home.get(v) and v not in known}
        out = dict(known)
        out.update((v, frozenset(cells)) for v, cells in home.items())
        if homeless:
            out.update(group_homes(pending, homeless, out))
        return out

    def cells_of(self, clause: list[int]) -> frozenset:
        """The clause's cells, worked out once a clause (the clause is kept with them, so its id stays its own)."""
        kept = self._cells.get(id(clause))
        if kept is not None:
            return kept[1]
        found = self._cells_of(clause)
        self._cells[id(clause)] = (clause, found)
        return found

    def _cells_of(self, clause: list[int]) -> frozenset:
        cell_of, home = self.cell_of, self.home
        direct: list[Cell] = []
        first = None                               # auxiliary variables of one group share their home
        more: set | None = None
        for x in clause:
            v = abs(x)
            cell = cell_of.get(v)
            if cell is not None:
                direct.append(cell)
                continue
            got = home.get(v)
            if not got or got is first:
                continue
            if first is None:
                first = got
            else:
                more = set(first) if more is None else more
                more |= got
        if first is None:
            return frozenset(direct)
        if more is None and not direct:
            return first
        return frozenset((first if more is None else more).union(direct))

    def _houses(self, kind: ModuleType, puzzle: Any, multi) -> list[tuple[tuple, str, frozenset, list]]:
        """The houses, each with the multi-cell base clauses all of whose cells it holds."""
        cells = set(self.lits_of)
        rows = sorted({r for r, _ in cells})
        cols = sorted({c for _, c in cells})
        houses = [(("row", r), f"row {r + 1}", frozenset(x for x in cells if x[0] == r)) for r in rows]
        houses += [(("column", c), f"column {c + 1}", frozenset(x for x in cells if x[1] == c)) for c in cols]
        units = optional(kind, "units_of")
        for i, unit in enumerate(units(puzzle) if units else ()):
            houses.append((("unit", i), f"the box of r{unit[0][0] + 1}c{unit[0][1] + 1}", frozenset(map(tuple, unit))))
        of_cell: dict[Cell, set[int]] = defaultdict(set)
        for i, (_, _, house) in enumerate(houses):
            for cell in house:
                of_cell[cell].add(i)
        clauses: list[list] = [[] for _ in houses]
        for cells, clause in multi:
            it = iter(cells)
            common = set(of_cell.get(next(it), ()))
            for cell in it:
                common &= of_cell.get(cell, set())
                if not common:
                    break
            for i in common:
                clauses[i].append(clause)
        return [(*house, clauses[i]) for i, house in enumerate(houses)]


def group_homes(pending: list[list[int]], homeless: set[int], home: dict[int, frozenset]) -> dict[int, frozenset]:
    """The homes of the `homeless` variables: those joined by a clause of `pending` form a group (union-find),
    whose home is the union of `home` over the other variables of its clauses."""
    parent = {v: v for v in homeless}

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for aux in pending:
        first = None
        for v in aux:
            if v in parent:
                if first is None:
                    first = root(v)
                else:
                    other = root(v)
                    if other != first:
                        parent[other] = first
    cells: dict[int, set] = defaultdict(set)
    for aux in pending:
        group = next((v for v in aux if v in parent), None)
        if group is None:
            continue
        into = cells[root(group)]
        for v in aux:
            if v not in parent:
                into |= home.get(v, ())
    shared = {group: frozenset(found) for group, found in cells.items()}
    none: frozenset = frozenset()
    return {v: shared.get(root(v), none) for v in homeless}
