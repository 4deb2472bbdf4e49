"""The reasons of a walk's steps (explain.py walks; this module picks each step and its reason).

A step's reason is a minimal set of clues that, with the grid's rules, leaves no solution without the
step. `Reasons` takes the solver's core under "clues + not the step" and shrinks it by deletion; cores
of every forced fact are cheap (one call each), shrinking is not, so only the `SHRINK` smallest are
shrunk. `ClueSteps` takes the steps one clue gives alone first: by the kind's own logic (a nonogram
line), or for any kind by the clue's own clauses (localclues.py).

A walk asked of a new solver (`walk`'s `new`: ratings, the generator, hints without a named engine) must give
the same steps on every machine, and cores do not: which core a solver returns depends on its path, and the
path on the engine's build (the wasm CaDiCaL returns others than the native one) and on where its calls were
cut. So there (`FirstReasons`) each forced fact's clues, nearest first (`_order`), are asked for the shortest
prefix that forces it (`Questions.first_end`), and the `SHRINK` facts with the shortest are given their first
core (`Questions.first_core`: the minimal reason that keeps to the front of the order); both are decided by
yes/no answers alone, so every engine, build and budget gives the same walk (tests/test_first_cores.py),
unless a check stays open past `cores.FIRST_CHECK_CONFLICTS` (a 20×20 aquarium's walk meets nine that 300,000
conflicts do not settle, among 12,600 that settle within 500): its member is kept, the reason still sound but
maybe longer. Bounds on each prefix are kept from step to step, and a fact is asked again only when it could
be among the shortest. Whole paths cost 0.6-3.7 times those of a cached solver's cores
(bench/bench_first_cores.py). Puzzles under a rule that makes checks on a few clues hard for SAT
(`first_cores_slow`: nonconsecutive sudoku) are walked on the solver's cores even then, and may rate otherwise
on another engine or build.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gridlogic.budget import UNLIMITED, Budget
from gridlogic.cnf.clues import Clue
from gridlogic.cnf.formula import Formula
from gridlogic.contract import optional

if TYPE_CHECKING:
    from gridlogic.backends.sat.cores import FirstCore

SHRINK = 4                  # cores shrunk per step (the smallest first); the easiest of them is the step
SHRINK_BETWEEN = 1          # the same where the kind's own one-clue steps come first (see `walk`), and cores
                            # are then asked again only near the last step (ASK_ALL 0): on webpbn #6574
                            # (25×25) this way was faster and gave fewer steps beyond one line (such steps are
                            # rare there, and its smallest core is nearly always the smallest reason)
FEW = 3                     # clues a step's prefix is first looked for within, level by level (`_few_clues`)
NEAR_FIRST = 120            # a forced literal's core is asked of its nearest clues first, then of all when they
                            # leave a model: a call's cost grows with its assumptions (measured in Pyodide on
                            # webpbn #6574), and every such call there ended in a core (its whole path was
                            # faster than asking all; docs/benchmarks.md)
ASK_ALL = 200               # forced literals up to which every core is asked again at each step (measured:
                            # norvig_easy50 names a human rule for more of its steps this way than asking near
                            # the last step only; a 25×25 nonogram path is several times faster asking near)
Cell = tuple[int, int]
Fact = tuple[int, int, int]


def first_cores_slow(kind: ModuleType, puzzle) -> bool:
    """Whether the puzzle keeps a rule under which checks on a few clues are hard for SAT (the kind's
    SPARSE_HARD_RULES: a 9×9 nonconsecutive sudoku's take far longer with 8 givens than with 50), so
    its walks on a new solver take the solver's cores: first cores would ask hundreds of such checks (its
    generation took many times as long; docs/benchmarks.md)."""
    slow = optional(kind, "SPARSE_HARD_RULES") or ()
    return any(rule in slow for rule in getattr(puzzle, "rules", ()))


class Reasons:
    """The reasons a walk finds, kept from step to step. Each forced literal's core (an upper bound on
    its reason) is asked again at every step while at most `ask_all` (ASK_ALL) are forced; beyond that
    (a 25×25 nonogram has 625) only when a step lands on a cell related to it (same row, column, unit
    of the kind's `units_of`, or a clue through both), since a clue far away rarely shortens a reason.
    A kept core or reason stays sound and minimal as clues are added (still no solution without the
    step, still none to spare). The `shrink` smallest cores are shrunk into reasons; the easiest step
    is the one with the fewest clues, then the first by position."""

    def __init__(self, ask, formula: Formula, kind: ModuleType, puzzle, cells: Iterable[Cell],
                 budget: Budget = UNLIMITED, shrink: int = SHRINK, ask_all: int = ASK_ALL) -> None:
        self.ask, self.formula = ask, formula
        self.cores: dict[int, list[int]] = {}
        self.shrunk: dict[int, list[int]] = {}
        self.budget = budget
        self.units = [set(unit) for unit in (optional(kind, "units_of") or (lambda _: []))(puzzle)]
        self.units += [set(clue.cells) for clue in formula.clues.values() if len(clue.cells) > 1]
        self.cells = set(cells)
        self.distances: list[tuple[Callable[[Cell], int], int, Cell | None]] = []  # each clue's (distance,
        #                                                 selector, its cell when it has one only)
        self.order: dict[Cell, list[int]] = {}          # a cell's clues so far (entries, see _order)
        self.selectors: dict[Cell, list[int]] = {}      # their selectors in that order
        self.stale: set[Cell] | None = None             # cells whose cores are asked again (None: all)
        self.shrink, self.ask_all = shrink, ask_all

    def easiest(self, forced: list[int], meaning: dict[int, Fact]) -> tuple[int, tuple[Clue, ...]]:
        """The forced literal with the smallest reason (then the first by position), and that reason."""
        by_selector, hard = self._clues()
        found = []
        for lit in forced:
            cell = meaning[lit][:2]
            if lit not in self.cores or self.stale is None or cell in self.stale or len(forced) <= self.ask_all:
                core = self._core(hard + [-lit], self._order(cell))
                if lit not in self.cores or len(core) < len(self.cores[lit]):
                    self.cores[lit] = core
            found.append((len(self.cores[lit]), meaning[lit], lit))
        found.sort()
        for _, _, lit in found[:self.shrink]:
            kept = self.shrunk.get(lit)
            if kept is None or len(self.cores[lit]) < len(kept):
                self.shrunk[lit] = self.cores[lit] = self.ask.shrink(hard + [-lit], self.cores[lit])
        lit = min((lit for _, _, lit in found[:self.shrink]), key=lambda x: (len(self.shrunk[x]), meaning[x]))
        return lit, tuple(by_selector[x] for x in self.shrunk[lit])

    def _core(self, hard: list[int], order: list[int]) -> list[int] | None:
        """The solver's core of `hard` with the clues of `order` (nearest first), asked of the NEAR_FIRST
        nearest first (a core of them is a core of all)."""
        if len(order) > NEAR_FIRST:
            core = self.ask.core(hard, order[:NEAR_FIRST])
            if core is not None:
                return core
        return self.ask.core(hard, order)

    def stepped(self, cell: Cell) -> None:
        """A step was held at `cell`: the cores of the cells related to it are asked again next time."""
        r, c = cell
        self.stale = {other for other in self.cells if other[0] == r or other[1] == c}
        for unit in self.units:
            if cell in unit:
                self.stale |= unit

    def _clues(self) -> tuple[dict[int, Clue], list[int]]:
        """The clues by selector and the assumptions that are no clue (the rules'), the clues added since
        the last call noted (see `_extend`)."""
        clues = list(self.formula.clues.values())
        by_selector = {clue.selector: clue for clue in clues}
        self._extend(clues)
        return by_selector, [x for x in self.formula.assumptions if x not in by_selector]

    def _extend(self, clues: list[Clue]) -> None:
        """Note the clues added since the last call (each cell's order takes them when it is next asked)."""
        for clue in clues[len(self.distances):]:
            self.distances.append((clue_distance(clue), clue.selector, clue.cells[0] if len(clue.cells) == 1 else None))

    def _order(self, cell: Cell) -> list[int]:
        """The selectors of the cell's clues in the order the solver leans on them (see `clue_distance`),
        brought up to date when asked: a walk over a large grid asks few of its cells between two steps.
        Checks the budget, since a cell of a 100×100 nonogram weighs 200 clues of 100 cells each."""
        self.budget.check()
        entries = self.order.setdefault(cell, [])
        known = len(entries)
        if known == len(self.distances) and cell in self.selectors:
            return self.selectors[cell]
        last = (1 << _INDEX) - 1                    # an entry: distance, then the index counted down
        for i, (distance, _, point) in enumerate(self.distances[known:], known):
            entries.append(((distance(cell) if point is None else _near(cell, *point)) << _INDEX) | (last - i))
        entries.sort()
        distances = self.distances
        selectors = self.selectors[cell] = [distances[last - (entry & last)][1] for entry in entries]
        return selectors


class FirstReasons(Reasons):
    """The reasons of a walk on a new solver (see the module docstring): the forced facts with the `shrink`
    shortest prefixes of their clues that force them (then the first by position) are given their first cores,
    and the step is the one with the fewest clues among them (the cores are grown side by side, a member at
    a time, the fewest found first: the first whole one is the smallest, `FirstCore`). What is known of each fact's prefixes is
    kept from step to step: the longest known to leave a model and the shortest known not to. A step's
    clue joins the order somewhere: the prefixes before it are unchanged (still a model), and the one
    that had none still has none. So a fact is asked again only when it could be among the shortest:
    its shortest possible prefix (one past the longest with a model) is no longer than the `shrink`-th
    shortest found."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.known: dict[int, tuple[list[int], list[int] | None]] = {}   # fact: (prefix with a model,
        #                                                              shortest prefix without one, or None)
        self.firsts: dict[int, tuple[list[int], FirstCore]] = {}      # fact: (its prefix, its first core so far)

    def easiest(self, forced: list[int], meaning: dict[int, Fact]) -> tuple[int, tuple[Clue, ...]]:
        """The forced literal with the smallest first core among those with the shortest prefixes (then the
        first by position), and that reason."""
        by_selector, hard = self._clues()
        bounds = []
        for lit in forced:
            order = self._order(meaning[lit][:2])
            free, forcing = self.known.get(lit, ([], None))
            same = next((i for i, (a, b) in enumerate(zip(free, order)) if a != b), min(len(free), len(order)))
            if forcing:                                 # ([] when the rules alone force it: it stays so)
                forcing = order[:order.index(forcing[-1]) + 1]
            self.known[lit] = (order[:same], forcing)
            bounds.append((same + 1 if forcing is None else min(same + 1, len(forcing)), meaning[lit], lit))
        bounds.sort()
        quick = self._few_clues(bounds, hard) if not self.firsts else None      # (a walk's first step: a hint)
        shortest: list[tuple[int, Fact, int]] = [] if quick is None else quick
        for low, fact, lit in bounds if quick is None else ():
            if len(shortest) >= self.shrink and low > shortest[self.shrink - 1][0]:
                break
            free, forcing = self.known[lit]
            if forcing is None or len(forcing) > len(free) + 1:
                order = self._order(fact[:2])
                end = self._first_end(hard + [-lit], order, free, forcing)
                self.known[lit] = (order[:max(end - 1, 0)], order[:end])    # (0: the rules alone force it)
            shortest.append((len(self.known[lit][1]), fact, lit))
            shortest.sort()
            del shortest[self.shrink:]
        growing = []
        for _, fact, lit in shortest:
            prefix = self.known[lit][1]
            if lit not in self.firsts or self.firsts[lit][0] != prefix:
                self.firsts[lit] = (prefix, self.ask.first_members(hard + [-lit], prefix))
            growing.append((len(self.firsts[lit][1].found), fact, lit))
        heapq.heapify(growing)
        while True:                      # the fewest members found first: the first whole one is the smallest
            size, fact, lit = growing[0]
            core = self.firsts[lit][1]
            if not core.grow():
                return lit, tuple(by_selector[x] for x in core.core)
            heapq.heapreplace(growing, (size + 1, fact, lit))

    def _few_clues(self, bounds: list[tuple[int, Fact, int]], hard: list[int]) -> list[tuple[int, Fact, int]] | None:
        """The `shrink` facts with the shortest prefixes (then the first by position) when that many need at most
        FEW clues: level by level up to FEW, every fact asked whether the prefix of the level's length forces it
        (cheap where it does not: a model), so that no fact's whole length is looked for (for a fact that needs
        every clue, a proof of the whole puzzle's kind). None when fewer do, what was learnt kept."""
        found: dict[int, tuple[int, Fact, int]] = {}
        for level in range(1, FEW + 1):
            for low, fact, lit in bounds:
                if low > level:
                    break
                if lit in found:
                    continue
                free, forcing = self.known[lit]
                if forcing is None or len(forcing) > len(free) + 1:
                    if len(free) >= level:
                        continue
                    order = self._order(fact[:2])
                    end = self._first_end(hard + [-lit], order[:level], free, None)
                    if end is None:
                        self.known[lit] = (order[:level], forcing)
                        continue
                    self.known[lit] = (order[:max(end - 1, 0)], order[:end])    # (0: the rules alone force it)
                end = len(self.known[lit][1])
                if end <= level:
                    found[lit] = (end, fact, lit)
            if len(found) >= self.shrink:
                return sorted(found.values())[:self.shrink]
        return None

    def _first_end(self, hard: list[int], order: list[int], free: list[int], forcing: list[int] | None) -> int:
        """The length of the shortest prefix of `order` that forces the step (`hard` holds its negation),
        knowing that `free` (a prefix) does not and `forcing` (one, or None) does; the NEAR_FIRST
        nearest clues are asked first when nothing is known."""
        if forcing is None and len(order) > NEAR_FIRST:
            end = self.ask.first_end(hard, order[:NEAR_FIRST], len(free))
            if end is not None:
                return end
        return self.ask.first_end(hard, order if forcing is None else forcing, len(free))


class ClueSteps:
    """Steps that one clue forces with the cells known on it, found by the kind's own logic (the formula's
    `clue_steps`: a nonogram's line solver on one line) or by `steps_of` (localclues.py's, for any kind),
    with a minimal set of those cells, each checked by one SAT call before it is taken (with `minimal`,
    shrunk to a minimal reason under the grid's rules too: see `_holds`). Kept per clue; a step found
    again for the clues through its cell. `on` gives the cells each clue reads (default: the clue's own
    cells, for clues of more than one)."""

    def __init__(self, ask, formula: Formula, placed: dict[int, Fact],
                 steps_of: Callable[[Any, dict[Cell, int]], list[tuple[Cell, int, list[Cell]]]] | None = None,
                 on: dict[Any, tuple[Cell, ...]] | None = None, minimal: bool = False) -> None:
        self.ask, self.formula, self.minimal = ask, formula, minimal
        self.steps_of = steps_of or formula.clue_steps
        if on is None:
            on = {clue.key: clue.cells for clue in formula.clues.values() if len(clue.cells) > 1}
        self.on = on
        self.by_fact = {fact: lit for lit, fact in placed.items()}
        by_selector = {clue.selector: clue for clue in formula.clues.values()}
        self.hard = [x for x in formula.assumptions if x not in by_selector]
        self.known: dict[Cell, tuple[int, Clue | None]] = {}     # a cell's value and the clue holding it
        for x in formula.assumptions:
            if x in placed:
                r, c, v = placed[x]
                self.known[(r, c)] = (v, by_selector.get(x))
        self.through: dict[Cell, list[Clue]] = {}
        for key, cells in on.items():
            for cell in cells:
                self.through.setdefault(cell, []).append(formula.clues[key])
        self.stale = {clue.key: clue for clues in self.through.values() for clue in clues}
        self.found: dict[Any, list[tuple[int, Fact, tuple[Clue, ...]]]] = {}
        self.ruled: dict[int, bool] = {}                          # literal: the rules alone force it

    def easiest(self, forced: list[int]) -> tuple[int, tuple[Clue, ...]] | None:
        """The forced literal one clue gives with the fewest clues (then the first by position) and its
        reason, the clue first and then the cells nearest the step's; None when no clue alone gives one."""
        for key, clue in self.stale.items():
            known = {cell: self.known[cell][0] for cell in self.on[key] if cell in self.known}
            self.found[key] = [self._step(clue, cell, v, needed) for cell, v, needed in self.steps_of(key, known)]
        self.stale = {}
        while True:
            best = min((step for steps in self.found.values() for step in steps), key=lambda s: s[:2], default=None)
            if best is None:
                return None
            _, fact, clues = best
            lit = self.by_fact.get(fact)
            if lit in forced:
                kept = self._holds(lit, clues)
                if kept is not None:
                    return lit, kept
            for steps in self.found.values():              # not forced after all: never offered again
                if best in steps:
                    steps.remove(best)

    def by_rules(self, forced: list[int]) -> bool:
        """Whether the grid's rules alone (no clue) force one of the `forced` literals: such a step is
        easier than any one clue's. Each literal is asked once (a walk's rules do not change)."""
        ruled = self.ruled
        for lit in forced:
            if lit not in ruled:
                ruled[lit] = self.ask.core(self.hard + [-lit], []) is not None
        return any(ruled[lit] for lit in forced)

    def _holds(self, lit: int, clues: tuple[Clue, ...]) -> tuple[Clue, ...] | None:
        """The step's reason when `clues` leave no solution without it, else None: with `minimal`, the first
        core of `clues` in their order (the grid's rules may need fewer of them than the clue alone does,
        or none: a room of one cell), else `clues` as they are (one call)."""
        selectors = [clue.selector for clue in clues]
        if not self.minimal:
            return clues if self.ask.core(self.hard + [-lit], selectors) is not None else None
        core = self.ask.first_core(self.hard + [-lit], selectors)
        if core is None:
            return None
        kept = set(core)
        return tuple(clue for clue in clues if clue.selector in kept)

    def stepped(self, formula: Formula, fact: Fact) -> None:
        """A step was held: its cell is known, and the clues through it are asked again next time."""
        r, c, v = fact
        self.known[(r, c)] = (v, formula.clues[("placed", r, c, v)])
        for clue in self.through.get((r, c), ()):
            self.stale[clue.key] = clue

    def _step(self, clue: Clue, cell: Cell, v: int, needed: list[Cell]) -> tuple[int, Fact, tuple[Clue, ...]]:
        """(reason size, fact, reason) of a step the clue gives with the `needed` known cells."""
        r, c = cell
        near = sorted(needed, key=lambda x: (abs(x[0] - r) + abs(x[1] - c), x))
        held = [self.known[x][1] for x in near if self.known[x][1] is not None]
        return 1 + len(held), (r, c, v), (clue, *held)


_APART = 1 << 20                  # added to the distance of a clue with no cell on the cell's row or column
_NO_CELLS = 1 << 21               # the distance of a clue without cells
_INDEX = 24                       # bits of a clue's index in an `_order` entry (the distance above them)


def clue_distance(clue: Clue) -> Callable[[Cell], int]:
    """How near a clue is to a cell, in the order the solver is asked to lean on clues: those with a
    cell on the cell's row or column first, then by distance (the nearest such cell), the latest first
    among equals; clues without cells (variant rules) last. A core takes the assumptions met first, and
    shrinking drops the last ones first. (An int, for sorting thousands of them fast: `_APART` plus the
    distance for a clue off the cell's row and column.)"""
    if not clue.cells:
        return lambda cell: _NO_CELLS
    if len(clue.cells) == 1:                 # (a given or a step: most clues of a long walk; see _order)
        (r2, c2), = clue.cells
        return lambda cell: _near(cell, r2, c2)
    by_row: dict[int, list[int]] = {}
    by_col: dict[int, list[int]] = {}
    for r2, c2 in clue.cells:
        by_row.setdefault(r2, []).append(c2)
        by_col.setdefault(c2, []).append(r2)

    def distance(cell: Cell) -> int:
        r, c = cell
        along = [abs(c2 - c) for c2 in by_row.get(r, ())] + [abs(r2 - r) for r2 in by_col.get(c, ())]
        if along:
            return min(along)
        return _APART + min(max(abs(r2 - r), abs(c2 - c)) for r2, c2 in clue.cells)
    return distance


def _near(cell: Cell, r2: int, c2: int) -> int:
    """`clue_distance` from a cell to the one-cell clue at (r2, c2)."""
    dr, dc = abs(r2 - cell[0]), abs(c2 - cell[1])
    if not dr or not dc:
        return dr + dc
    return _APART + (dr if dr > dc else dc)
