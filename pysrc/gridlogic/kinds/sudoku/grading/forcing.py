"""Forcing chains on chains.propagate, tried as Sudoku Explainer tries them; each returns its simplest
conclusion (lowest score, then fewest nodes). (Static chains, cycles and forcing X- and XY-chains, are
static.py's.)

- `multiple_chain`: from each candidate of a cell (or each place of a digit in a unit), or from a
  candidate both true and false, the potentials every branch agrees on; and a candidate whose truth
  (falsity) leads to a contradiction. Nishio forcing chains 7.5 (X links only, dynamic, contradictions
  only), multiple forcing chains 8.0 (static), dynamic forcing chains 8.5, dynamic forcing chains (+)
  9.0, nested forcing chains 9.5 and 10.0 (levels 2 and 3).
A Nishio chain follows X links only, so everything it reads from a start of digit d (its nodes, its
contradiction, the start's target) is digit d's places, but for an on target's eliminations, the cell's
other digits, which only shrink: told what changed since it last found nothing (`changed`, grading/solve.py),
it starts from the digits that lost a place only, and finds what a look from every digit finds.
Each score grows by `chains.length_increment` of the chain's size.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading import basic, fish
from gridlogic.kinds.sudoku.grading.board import Board, Step, popcount
from gridlogic.kinds.sudoku.grading.chains import (More, complexity, length_increment, offs_of, pot, propagate,
                                                   reach_static, rule_parents, unit_counts)
from gridlogic.kinds.sudoku.grading.static import static_chain, target_eliminations
from gridlogic.kinds.sudoku.grading.static_links import StaticLinks

MULTIPLE_BASE = {"nishio": 7.5, "multiple": 8.0, "dynamic": 8.5}
NAMES = {7.5: "Nishio forcing chain", 8.0: "Multiple forcing chain", 8.5: "Dynamic forcing chain",
         9.0: "Dynamic forcing chain (+)", 9.5: "Nested forcing chain", 10.0: "Nested forcing chain"}


def multiple_chain(board: Board, budget=None, multiple: bool = True, dynamic: bool = True, level: int = 0,
                   nishio: bool = False, changed=None) -> Step | None:
    """The simplest Nishio, multiple, dynamic or nested forcing chain (see the module docstring; `changed`,
    read by Nishio chains only: what changed since one last found nothing, None when unknown)."""
    if level >= 2:
        base = 9.5 + 0.5 * (level - 2)
    elif level == 1:
        base = 9.0
    else:
        base = 7.5 if nishio else (8.5 if dynamic else 8.0)
    geo, cand = board.geo, board.cand
    y_links = not nishio
    cache: dict[int, tuple] = {}
    counts = unit_counts(board, cand) if dynamic else None
    more = _narrowed(level, budget) if level > 0 else None

    links = StaticLinks(board).table(y_links, True) if not dynamic else None   # the links as they stand

    def run(p: int):
        if p not in cache:
            if budget is not None:
                budget.check()
            cache[p] = propagate(board, [(p, ())], dynamic, y_links, more, counts) if links is None \
                else reach_static(links, p)
        return cache[p]

    best = None                                     # (complexity, target) of the simplest found

    def note(target: int, k: int) -> None:
        nonlocal best
        if (best is None or (k, target) < best) and target_eliminations(board, target):
            best = (k, target)

    digits_asked = changed.digits if nishio and changed is not None else geo.all_digits
    agree = _agreements if links is None else _agreements_sized
    for i, m in enumerate(cand):
        card = popcount(m)
        if not (card > 2 or (card > 1 and dynamic)) or not m & digits_asked:
            continue
        digits = [d for d in range(1, geo.size + 1) if m >> (d - 1) & 1]
        for d in digits:
            if not digits_asked >> (d - 1) & 1:
                continue
            if links is None:
                on1, off1, absurd1 = run(pot(i, d, 1))
                if dynamic or nishio:
                    if absurd1:
                        note(pot(i, d, 0), complexity(*absurd1))
                    on2, off2, absurd2 = run(pot(i, d, 0))
                    if absurd2:
                        note(pot(i, d, 1), complexity(*absurd2))
                    if card >= 3 and dynamic and not nishio and not absurd1 and not absurd2:
                        for q, node in on1.items():
                            if q in on2:
                                note(q, complexity(node, on2[q]))
                        for q, node in off1.items():
                            if q in off2:
                                note(q, complexity(node, off2[q]))
            else:
                run(pot(i, d, 1))
            if nishio:
                continue
            bit = 1 << (d - 1)
            for u in geo.cell_units[i]:
                places = [j for j in geo.units[u] if cand[j] & bit]
                if places[0] != i or not (len(places) == 2 or (multiple and len(places) > 2)):
                    continue
                agree([run(pot(j, d, 1)) for j in places], note)
        if not nishio and (card == 2 or (multiple and card > 2)):
            agree([run(pot(i, d, 1)) for d in digits], note)
    if best is None:
        return None
    k, target = best
    return Step(NAMES[base], base + length_increment(k), (), target_eliminations(board, target))


def _agreements(outcomes, note) -> None:
    """Note each potential that every branch turns on (off)."""
    for side in (0, 1):
        first = outcomes[0][side]
        common = set(first)
        for o in outcomes[1:]:
            common &= o[side].keys()
        for q in sorted(common):
            note(q, complexity(*(o[side][q] for o in outcomes)))


def _agreements_sized(outcomes, note) -> None:
    """`_agreements` of branches searched by `chains.reach_static` (their nodes told by their sizes)."""
    common = set(outcomes[0][0])
    for o in outcomes[1:]:
        common &= o[0].keys()
    for q in common:
        note(q, sum(o[0][q] for o in outcomes))


def _narrowed(level: int, budget) -> More:
    """A dynamic chain's further off nodes at `level` (see chains.propagate): those found by simple
    techniques (and, from level 2, chains) on the narrowed candidates."""
    rules = [basic.locking, lambda b: basic.hidden_set(b, 2), lambda b: basic.naked_set(b, 2),
             lambda b: fish.fish(b, 2)]
    if level >= 2:
        rules.append(lambda b: static_chain(b, budget))
    if level >= 3:
        rules.append(lambda b: multiple_chain(b, budget, multiple=True, dynamic=False, level=0))

    def more(board: Board, cand: list[int], src: list[int], off: dict) -> list:
        narrowed = Board(board.geo, board.values, cand)
        for rule in rules:
            step = rule(narrowed)
            if step is None:
                continue
            parents = tuple(offs_of(rule_parents(board, cand, src, step.pattern), off))
            out = []
            for j, e in step.eliminated:
                q = (j << 5 | e) << 1
                if q not in off:
                    out.append((q, parents))
            if out:
                return out
        return []
    return more
