"""Sums over cells, shared by every rule that adds cells up: kakuro runs, killer cages, arrows, little
killers, sandwiches and x-sums (and the automata of other line rules).

Each cell holds exactly one digit, named by a literal "cell holds d"; a sum needs no arithmetic in the
formula, only choices among what can reach it.
- Distinct digits (kakuro runs, killer cages, the cells between a sandwich's ends, an x-sum's first X
  cells): the digit sets that make the total (`digit_sets`, precomputed and cached) and `one_of_sets`,
  one selector per set and a `used` variable per digit tied to the cells both ways. Once a set is chosen
  unit propagation drops every other selector and then each digit no set left holds; a digit placed
  drops the sets without it.
- Digits that may repeat (arrows, little killers, region-sum segments): `automaton` over the partial
  sums, its states enumerated layer by layer and kept only when reachable from the start and able to
  reach an accepted end, so the formula never holds a partial sum that cannot finish. State s after
  cell i is the variable `(*tag, "state", i + 1, s)`; it follows from the state before and the digit
  (forward), each state has a predecessor that leads to it with that digit (backward: the states are
  then a function of the digits, so they never multiply solution counts), and each state and each digit
  needs a live state on either side of it (supports, with which propagation drops what no longer leads
  from the start to an accepted end). The automaton reads any state, not only a sum (a skyscraper's
  tallest digit and count).
- Long sums, where an automaton would need many states a cell (a 16×16 cage, a line longer than a row):
  gridlogic/cnf/order.py, partial sums in the order encoding.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from contextlib import nullcontext
from typing import ContextManager

from gridlogic.cnf.formula import Formula, Lit, Not, negate

TRUE = ("true",)                  # the start state's literal: always holds, never made a variable
NOT_TRUE = ("not true",)
KEPT_PATTERNS = 4096              # automata kept worked out (by key, length and digits)


@functools.lru_cache(maxsize=4096)
def digit_sets(count: int, total: int, size: int = 9, most: int | None = None) -> tuple[tuple[int, ...], ...] | None:
    """The sets of `count` distinct digits 1..size adding up to `total`, each ascending, in ascending
    order; None when there are more than `most` (the caller then encodes the sum another way)."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], low: int, left: int, need: int) -> bool:
        if left == 0:
            if need == 0:
                out.append(prefix)
            return most is None or len(out) <= most
        for d in range(low, size + 1):
            if left * d + left * (left - 1) // 2 > need:             # the smallest digits from d: too much
                break
            if d + (left - 1) * size - (left - 1) * (left - 2) // 2 < need:   # the largest: too little
                continue
            if not extend(prefix + (d,), d + 1, left - 1, need - d):
                return False
        return True

    return tuple(out) if extend((), 1, count, total) else None


def one_of_sets(f: Formula, holds: Mapping[int, Sequence[Lit]], sets: Sequence[tuple[int, ...]], tag: tuple,
                when: Lit | None = None, rule: Callable[[], ContextManager] = nullcontext,
                exclusive: bool = True) -> None:
    """The digits the cells hold are one of `sets` (`holds[d]`: the literals "a cell holds d", for every
    digit the cells may hold; the cells' digits are distinct by rules of their own). Selectors
    `(*tag, "set", s)` and `(*tag, "used", d)` are functions of the digits (counts over the digits stay
    exact). What forces a choice (a set is chosen, a used digit needs a chosen set that holds it, digits
    in no set are out) is added inside `rule()` (a clue block) and only `when` that literal holds; the
    rest always holds and merely follows from a choice. `exclusive`: at most one selector, stated."""
    off = [] if when is None else [negate(when)]
    choice = {s: (*tag, "set", s) for s in sets}
    allowed = set().union(*sets)
    if exclusive:
        f.at_most_one(list(choice.values()))
    for d, here in holds.items():
        if d not in allowed:
            continue
        used = (*tag, "used", d)
        for lit in here:
            f.implies(lit, used)
        f.implies(used, list(here))
        for s in sets:
            if d in s:
                f.implies(choice[s], used)
    with rule():
        f.clause(off + list(choice.values()))
        for d, here in holds.items():
            if d in allowed:
                f.clause(off + [Not((*tag, "used", d))] + [choice[s] for s in sets if d in s])
                continue
            for lit in here:
                f.clause(off + [negate(lit)])


def automaton(f: Formula, digit: Callable[[Hashable, int], Lit], digits: Sequence[int], tag: tuple,
              cells: Sequence[Hashable], start: Hashable, step: Callable[[int, Hashable, int], Hashable | None],
              accept: Callable[[Hashable], bool], key: Hashable = None,
              exact: bool = True) -> dict[Hashable, Hashable]:
    """Hold "reading the cells' digits (`digit(cell, d)`: the literal "cell holds d") from `start` by
    `step(i, state, digit)` (None: no way on) ends in an accepted state"; returns each reachable accepted
    end state's literal. `key` names the automaton (start, step and accept), so that its clauses are
    worked out once per length and digits. Without `exact`, a state and a digit do not name the states
    that lead to them (the backward clauses are left out): fewer clauses, and a state may then hold
    without its path, so the end states returned must not be tied to anything else."""
    digits = tuple(digits)
    memo = (key, len(cells), digits, exact)
    made = _AUTOMATA.get(memo) if key is not None else None
    if made is None:
        made = _automaton(len(cells), digits, start, step, accept, exact)
        if key is not None:
            if len(_AUTOMATA) >= KEPT_PATTERNS:
                _AUTOMATA.clear()
            _AUTOMATA[memo] = made
    if made is None:
        f.clause([])
        return {}
    clauses, states, ends = made
    f.pattern([digit(cell, d) for cell in cells for d in digits] + [(*tag, "state", i, s) for i, s in states],
              clauses)
    return {s: TRUE if i == 0 else (*tag, "state", i, s) for i, s in ends}


_AUTOMATA: dict[tuple, tuple | None] = {}


def _automaton(length: int, digits: tuple[int, ...], start: Hashable,
               step: Callable[[int, Hashable, int], Hashable | None], accept: Callable[[Hashable], bool],
               exact: bool = True):
    """The automaton's clauses over places (see Formula.pattern: cell i's digit d at i·len(digits) + its
    index + 1, then the states), its states (i, s) in the order of their places, and its accepted ends
    (i, s); None when no reading ends well."""
    layers = [{start}]
    moves: list[dict[tuple[Hashable, int], Hashable]] = []
    for i in range(length):
        move = {}
        for u in layers[-1]:
            for d in digits:
                v = step(i, u, d)
                if v is not None:
                    move[(u, d)] = v
        moves.append(move)
        layers.append(set(move.values()))
    live = {s for s in layers[-1] if accept(s)}
    for i in reversed(range(length)):                      # keep what can still reach an accepted end
        moves[i] = {ud: v for ud, v in moves[i].items() if v in live}
        live = {u for u, _ in moves[i]}
    if start not in live:
        return None
    base = length * len(digits)
    places: dict[tuple[int, Hashable], int] = {}
    states: list[tuple[int, Hashable]] = []

    def node(i: int, s: Hashable):
        if i == 0:
            return TRUE
        place = places.get((i, s))
        if place is None:
            states.append((i, s))
            place = places[(i, s)] = base + len(states)
        return place

    out: list[tuple[int, ...]] = []

    def add(lits) -> None:                       # TRUE satisfies a clause; its negation drops out
        clause = []
        for lit in lits:
            if lit is TRUE:
                return
            if lit is not NOT_TRUE:
                clause.append(lit)
        out.append(tuple(clause))

    def neg(lit):
        return NOT_TRUE if lit is TRUE else -lit

    for i in range(length):
        move = moves[i]
        here = sorted({u for u, _ in move})
        there = sorted(set(move.values()))
        lit = {d: i * len(digits) + k + 1 for k, d in enumerate(digits)}
        into: dict[tuple[Hashable, int], list[Hashable]] = {}
        parents: dict[Hashable, set[Hashable]] = {}
        children: dict[Hashable, set[Hashable]] = {}
        for (u, d), v in move.items():
            into.setdefault((v, d), []).append(u)
            parents.setdefault(v, set()).add(u)
            children.setdefault(u, set()).add(v)
        for u in here:
            for d in digits:                               # forward: the state and the digit give the next
                v = move.get((u, d))
                add([neg(node(i, u)), -lit[d]] + ([node(i + 1, v)] if v is not None else []))
            add([neg(node(i, u))] + [node(i + 1, v) for v in sorted(children[u])])
        for v in there:
            for d in digits if exact else ():              # backward: a state came from one that leads to it
                add([neg(node(i + 1, v)), -lit[d]] + [node(i, u) for u in into.get((v, d), ())])
            add([neg(node(i + 1, v))] + [node(i, u) for u in sorted(parents[v])])
        for d in digits:                                   # a digit needs a state before and after it
            sources = [u for u in here if (u, d) in move]
            targets = sorted({move[(u, d)] for u in sources})
            add([-lit[d]] + [node(i, u) for u in sources])
            add([-lit[d]] + [node(i + 1, v) for v in targets])
    ends = [(length, s) for s in sorted(live if not length else set(moves[-1].values()))]
    add([node(i, s) for i, s in ends])
    return tuple(out), tuple(states), tuple(ends)
