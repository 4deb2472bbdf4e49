"""Sudoku's formula: the rules of a grid shape in a cached base, the givens as assumptions, and each variant
constraint drawn a clue of its own (families/).

Variables: `("digit", r, c, d)` is true when cell (r, c) holds d. Each cell, and each digit per
row, column and box, is exactly-one; the variants forbid pairs of literals. The rules part depends
only on (N, box, rules) and is cached; givens are assumptions, so one solver serves a whole batch.
Clues an explanation may name: each given (`("given", r, c)`, its digit literal held by assumption)
and each variant rule (`("rule", name)`, its clauses guarded in the cached base), so a classic
puzzle solved with the miracle rules left on can name the rule that breaks it.
"""

from __future__ import annotations

import functools

from gridlogic.cnf.clues import Clue
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.cnf.latin import distinct, latin_square
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku.grid import DRAWN_RULES, SYMBOLS, Puzzle, Solution, _merged, _regions


def _offsets(rule: str) -> list[tuple[int, int]]:
    if rule == "knight":
        return [(1, 2), (2, 1), (1, -2), (2, -1)]
    if rule == "king":
        return [(1, 1), (1, -1)]
    return []


@functools.lru_cache(maxsize=16)
def rules_formula(size: int, box: tuple[int, int], rules: tuple[str, ...],
                  regions: tuple[int, ...] | None = None) -> Formula:
    """The formula of an empty grid of this shape under these rules (cached, shared); `rules` here are
    those that hold whatever is drawn (see DRAWN_RULES). Made from the cached formula of the same grid
    without its rules, that from the grid's Latin square (the same clauses as made in one go): a new
    region layout or rule pays for its own clauses only."""
    digits = range(1, size + 1)
    cells = [(r, c) for r in range(size) for c in range(size)]
    if rules:
        f = rules_formula(size, box, (), regions).copy()
    else:
        f = _latin(size).copy()
        for unit in _regions(size, box, regions):
            distinct(f, unit, size)
        return f
    diagonals = {"maindiagonal": [(i, i) for i in range(size)], "antidiagonal": [(size - 1 - i, i) for i in range(size)]}
    for rule, units in (("diagonal", list(diagonals.values())), ("maindiagonal", [diagonals["maindiagonal"]]),
                        ("antidiagonal", [diagonals["antidiagonal"]]), ("disjoint", disjoint_groups(size, box, regions))):
        if rule in rules:
            with f.clue(("rule", rule), (), f"the {RULE_WORDS.get(rule, rule)} rule"):
                for unit in units:
                    distinct(f, unit, size)
    for rule in ("knight", "king"):
        if rule not in rules:
            continue
        with f.clue(("rule", rule), (), f"the {rule} rule"):
            for r, c in cells:
                for dr, dc in _offsets(rule):
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < size and 0 <= c2 < size:
                        for d in digits:
                            f.clause([Not(("digit", r, c, d)), Not(("digit", r2, c2, d))])
    if "nonconsecutive" in rules:
        with f.clue(("rule", "nonconsecutive"), (), "the nonconsecutive rule"):
            for r, c in cells:
                for r2, c2 in ((r + 1, c), (r, c + 1)):
                    if r2 < size and c2 < size:
                        for d in range(1, size):
                            f.clause([Not(("digit", r, c, d)), Not(("digit", r2, c2, d + 1))])
                            f.clause([Not(("digit", r, c, d + 1)), Not(("digit", r2, c2, d))])
    return f


@functools.lru_cache(maxsize=4)
def _latin(size: int) -> Formula:
    """Each cell one digit, each row and column every digit once (see rules_formula)."""
    f = Formula()
    latin_square(f, size)
    return f


RULE_WORDS = {"antidiagonal": "anti-diagonal", "maindiagonal": "main diagonal", "disjoint": "disjoint groups",
              "negative_black": "negative black dot", "negative_xv": "negative XV"}


def disjoint_groups(size: int, box: tuple[int, int], regions: tuple[int, ...] | None) -> list[list[tuple[int, int]]]:
    """The disjoint groups: the cells at the same place (in reading order) of every box or region."""
    groups: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for region in _regions(size, box, regions):
        for i, cell in enumerate(region):
            groups[i].append(cell)
    return [g for g in groups if len(g) > 1]


def base_rules(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's rules that go in the cached base (those not depending on the dots drawn)."""
    return tuple(r for r in puzzle.rules if r not in DRAWN_RULES
                 or (r == "nonconsecutive" and not any(c.type == "white" for c in puzzle.constraints)))


def grid_of(puzzle: Puzzle):
    """The shape its constraints live on (families.Grid; one per shape, kept with what it worked out)."""
    return _grid(puzzle.size, puzzle.box, puzzle.regions)


@functools.lru_cache(maxsize=16)
def _grid(size: int, box: tuple[int, int], regions: tuple[int, ...] | None):
    from gridlogic.kinds.sudoku.families import Grid

    return Grid(size, _regions(size, box, regions))


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base; givens as assumptions, each a clue; each constraint drawn a clue of
    its own (its family's clauses), and the rules over the pairs without a dot."""
    base = base_rules(puzzle)
    f.include(rules_formula(puzzle.size, puzzle.box, base, puzzle.regions))
    clues = _given_clues(puzzle.size, puzzle.box, base, puzzle.regions)
    f.hold(clues[i][d] for i, d in enumerate(puzzle.givens) if d)
    drawn_rules = [r for r in puzzle.rules if r not in base]
    if not puzzle.constraints and not drawn_rules:
        return
    from gridlogic.kinds.sudoku import families

    grid = grid_of(puzzle)
    cages = []
    for i, constraint in enumerate(_merged(puzzle.constraints)):
        cells = (drawn.outside_cells(constraint, puzzle.size) if constraint.kind.shape == "outside"
                 else constraint.cells + constraint.more)
        with f.clue(("constraint", i), cells, drawn.label(constraint, puzzle.size)):
            families.ENCODE[constraint.type](f, constraint, grid, ("aux", i))
        if constraint.type == "killer" and constraint.value is not None:
            cages.append((("constraint", i), constraint.cells, constraint.value))
    if cages and not f.exact_clues:
        from gridlogic.kinds.sudoku.families.implied import encode_implied

        encode_implied(f, cages, grid, ("aux", "implied"))
    for rule in drawn_rules:
        with f.clue(("rule", rule), (), f"the {RULE_WORDS.get(rule, rule)} rule"):
            families.GLOBAL_ENCODE[DRAWN_RULES[rule]](f, puzzle.constraints, grid, ("aux", rule))



@functools.lru_cache(maxsize=16)
def _given_clues(size: int, box: tuple[int, int], rules: tuple[str, ...],
                 regions: tuple[int, ...] | None = None) -> tuple[tuple[Clue | None, ...], ...]:
    """Per cell (reading order), per digit 1..size: the clue "digit d given at this cell", over the
    cached base's variables (made once per shape: a request's givens are then looked up)."""
    base = rules_formula(size, box, rules, regions)
    return tuple((None, *(Clue(("given", r, c), base.var(("digit", r, c, d)), ((r, c),),
                               f"the {SYMBOLS[d - 1]} at r{r + 1}c{c + 1}") for d in range(1, size + 1)))
                 for r in range(size) for c in range(size))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model."""
    n = puzzle.size
    grid = [0] * (n * n)
    for key in model.true_keys():
        if key[0] == "digit":
            grid[key[1] * n + key[2]] = key[3]
    return tuple(grid)
