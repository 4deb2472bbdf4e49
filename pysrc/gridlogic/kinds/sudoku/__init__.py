"""Sudoku with combinable variant rules.

Rules: an N×N grid (N = r·c, boxes of r rows × c columns) holds digits 1..N once per row,
column and box. Variants, combinable: `knight` (cells a knight's move apart differ), `king`
(diagonal neighbours differ), `nonconsecutive` (orthogonal neighbours are not consecutive),
`diagonal` (both main diagonals distinct). `miracle` = knight + king + nonconsecutive.

The formula (encoding.py): the rules in a cached base, givens held as assumptions, each variant rule and
constraint a clue of its own.

Variant constraints (killer cages, arrows, thermometers, kropki dots, ...; constraints.py) are clues of
their own, each its family's clauses (families/) under its selector; irregular regions replace the
boxes. The package: grid.py (sizes, boxes, the Puzzle and its units), text.py (the text and Solo
formats), links/ (puzz.link, f-puzzles, SudokuPad and its SCL), steps.py (naming a step),
constraints.py and families/, encoding.py (the formula); this module wires the kind's contract
(check, render, layout, states).

Editing state: an N×N grid of cells, each "" or a digit symbol (1-9 then A-Z), and the constraints
and irregular regions as items of the typed parts of parts.py (cages, lines, dots, outside, shapes,
regions); rules travel apart. A state of the old form, whose extra `drawn` held the text's lines
(RETIRED_EXTRAS), becomes one with parts through `upgrade_state` (share links written before the
parts; gridlogic/links/legacy.py).
"""

from __future__ import annotations

import copy

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku import grading
from gridlogic.kinds.sudoku import parts
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.encoding import base_rules, decode, disjoint_groups, encode, fact_of, grid_of
from gridlogic.kinds.sudoku.grid import (ALIASES, BOXES, DRAWN_RULES, RULES, SYMBOLS, Puzzle, Solution, _merged,
                                         _puzzle, _units, keeps_rules, normalize_rules)
from gridlogic.kinds.sudoku.links import read_link, write_link
from gridlogic.kinds.sudoku.links.puzzlink import from_puzzlink, to_puzzlink
from gridlogic.kinds.sudoku.steps import EASY_STEPS, name_step, units_of
from gridlogic.kinds.sudoku.text import (_is_game_id, _read_digit, _read_grid, _read_regions, _sections, format,
                                         from_old_link, from_tatham, parse_solution, to_tatham)
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "TATHAM_GAME", "EASY_STEPS",
           "GIVEN_VALUES", "HOW_TO_PLAY", "PUZZLINK_CELLS", "RETIRED_EXTRAS", "SPARSE_HARD_RULES", "SYMMETRY",
           "EXPORTS", "fact_of", "name_step", "units_of", "from_puzzlink", "to_puzzlink", "from_tatham", "to_tatham", "from_old_link",
           "read_link", "write_link", "upgrade_state", "makers", "grader", "rules_of", "warm"]

KEY = "sudoku"
TITLE = "Sudoku"
HOW_TO_PLAY = ("Put a digit in every empty cell so that each row, each column and each box holds every digit "
               "once. Variant rules add more: knight and king (cells a knight's or a king's move apart differ), "
               "nonconsecutive (side-by-side cells are not consecutive) and diagonal (both diagonals hold "
               "distinct digits).")

NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
TATHAM_GAME = "solo"         # its game in Simon Tatham's collection (from_tatham, to_tatham)
PUZZLINK_CELLS = "number16"  # its puzz.link data: Number16 givens over the cells (codecs/puzzlink.py)
SPARSE_HARD_RULES = ("nonconsecutive",)   # a few givens under it make hard SAT checks (reasons.first_cores_slow)
SYMMETRY = Symmetry(allows=keeps_rules)     # the moves that keep its rules and boxes
EXPORTS = ("fpuzzles", "sudokupad")        # f-puzzles and SudokuPad links (links/, written by write_link)

EXAMPLES = (
    Example("classic", "....1..3.\n..9..5..8\n8.4..6.25\n......6..\n..8..4...\n12..87...\n"
            "3..9..2..\n.65..8...\n9........", (), 1,
            "752819436\n639245718\n814736925\n473592681\n598164372\n"
            "126387549\n387951264\n265478193\n941623857"),
    Example("miracle", "\n".join(["........."] * 4 + ["..1......", "......2.."] + ["........."] * 3),
            ("miracle",), 1,
            "483726159\n726159483\n159483726\n837261594\n261594837\n"
            "594837261\n372615948\n615948372\n948372615"),
    Example("empty miracle", "\n".join(["........."] * 9), ("miracle",), 72),
    Example("4x4", "1...\n..2.\n.3..\n...4", (), None),
    Example("impossible", "12345678.\n........9\n" + "\n".join(["........."] * 7), (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read N² cells (`.`/`0` empty, 1-9 then A-Z); whitespace, `|`, `-`, `+` are ignored; or a Tatham
    Solo game ID. (A puzz.link URL or a Solo permalink is read by gridlogic.links.)"""
    if _is_game_id(text):
        return from_tatham(text, rules)
    grid, region_rows, lines, more_rules = _sections(text)
    size, _, givens = _read_grid(grid)
    regions = _read_regions(region_rows, size) if region_rows else None
    constraints = tuple(drawn.read_line(line, size, ln) for ln, line in lines)
    names = list(rules.split(",") if isinstance(rules, str) else rules or ()) + more_rules
    return _puzzle(size, givens, normalize_rules(names), regions, constraints)


def rules_of(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's rules: its text's `rules:` line and those asked for with it."""
    return puzzle.rules


def warm() -> tuple[Puzzle, ...]:
    """The empty classic 9×9 and 16×16 grids: their formulas are the cached bases (and their givens'
    clues) that classics and most variants of those sizes include."""
    return tuple(Puzzle(n, BOXES[n], (0,) * (n * n)) for n in (9, 16))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    n = puzzle.size
    br, bc = puzzle.box
    grid = [list(solution[r * n:(r + 1) * n]) for r in range(n)]
    out: list[Violation] = []
    if len(solution) != n * n:
        return [Violation("shape", (), f"expected {n * n} cells, got {len(solution)}")]
    for r in range(n):
        for c in range(n):
            if not 1 <= grid[r][c] <= n:
                out.append(Violation("range", ((r, c),)))
            g = puzzle.givens[r * n + c]
            if g and g != grid[r][c]:
                out.append(Violation("given", ((r, c),)))

    def distinct(code: str, group: list[tuple[int, int]]) -> None:
        seen: dict[int, tuple[int, int]] = {}
        for r, c in group:
            if grid[r][c] in seen:
                out.append(Violation(code, (seen[grid[r][c]], (r, c))))
            seen[grid[r][c]] = (r, c)

    for name, unit in _units(n, puzzle.box, puzzle.regions):
        distinct(name.split()[0].replace("column", "col").replace("region", "box"), unit)
    diagonals = {"maindiagonal": [(i, i) for i in range(n)], "antidiagonal": [(n - 1 - i, i) for i in range(n)]}
    for rule, units in (("diagonal", list(diagonals.values())), ("maindiagonal", [diagonals["maindiagonal"]]),
                        ("antidiagonal", [diagonals["antidiagonal"]]),
                        ("disjoint", disjoint_groups(n, puzzle.box, puzzle.regions))):
        if rule in puzzle.rules:
            for unit in units:
                distinct("diagonal" if "diagonal" in rule else rule, unit)
    moves = {"knight": [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
             "king": [(a, b) for a in (-1, 1) for b in (-1, 1)]}
    for rule, deltas in moves.items():
        if rule in puzzle.rules:
            for r in range(n):
                for c in range(n):
                    for a, b in deltas:
                        if 0 <= r + a < n and 0 <= c + b < n and (r, c) < (r + a, c + b) \
                                and grid[r][c] == grid[r + a][c + b]:
                            out.append(Violation(rule, ((r, c), (r + a, c + b))))
    if "nonconsecutive" in base_rules(puzzle):
        for r in range(n):
            for c in range(n):
                for a, b in ((0, 1), (1, 0)):
                    if r + a < n and c + b < n and abs(grid[r][c] - grid[r + a][c + b]) == 1:
                        out.append(Violation("nonconsecutive", ((r, c), (r + a, c + b))))
    if puzzle.constraints or set(puzzle.rules) - set(base_rules(puzzle)):
        out += _drawn_violations(puzzle, tuple(solution))
    return out


def _drawn_violations(puzzle: Puzzle, values: tuple[int, ...]) -> list[Violation]:
    """The constraints drawn (and the rules over pairs without a dot) that a filled grid breaks."""
    from gridlogic.kinds.sudoku import families

    grid = grid_of(puzzle)
    out = [Violation(c.type, drawn.outside_cells(c, puzzle.size) if c.kind.shape == "outside" else c.cells + c.more,
                     drawn.label(c, puzzle.size))
           for c in _merged(puzzle.constraints) if not families.HOLDS[c.type](c, values, grid)]
    for rule in set(puzzle.rules) - set(base_rules(puzzle)):
        if not families.GLOBAL_HOLDS[DRAWN_RULES[rule]](puzzle.constraints, values, grid):
            out.append(Violation(rule, ()))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their text and role (given / solved / empty), and the box shape."""
    n = puzzle.size
    cells = []
    for i, g in enumerate(puzzle.givens):
        value = g or (solution[i] if solution else 0)
        role = "given" if g else ("solved" if value else "empty")
        cells.append({"r": i // n, "c": i % n, "text": SYMBOLS[value - 1] if value else "", "role": role})
    extras = {"box": list(puzzle.box), "rules": list(puzzle.rules)}
    if puzzle.regions is not None:
        extras["regions"] = list(puzzle.regions)
    if puzzle.constraints:
        extras["constraints"] = [_drawing(c, n) for c in puzzle.constraints]
    return Board(n, n, tuple(cells), extras)


def _drawing(constraint: Constraint, size: int) -> dict:
    """A constraint as the page draws it: its type, shape, cells (an outside clue's cell one step out),
    `more`, value, digits, direction and label."""
    out = {"type": constraint.type, "shape": constraint.kind.shape, "cells": [list(x) for x in constraint.cells],
           "label": drawn.label(constraint, size)}
    if constraint.more:
        out["more"] = [list(x) for x in constraint.more]
    if constraint.value is not None:
        out["value"] = constraint.value
    if constraint.digits:
        out["digits"] = list(constraint.digits)
    if constraint.direction:
        out["direction"] = constraint.direction
    return out


def layout() -> dict:
    """What the editor draws: the sizes with their boxes, square grids of digit symbols, and the
    constraints as typed parts (parts.py)."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}", "box": list(BOXES[n])} for n in BOXES],
        "default_size": {"rows": 9, "cols": 9},
        "min_size": {"rows": min(BOXES), "cols": min(BOXES)}, "max_size": {"rows": max(BOXES), "cols": max(BOXES)},
        "free_size": False, "square": True,
        "cell": {"symbols": {str(n): SYMBOLS[:n] for n in BOXES}, "empty": {"label": "empty", "look": "white"}},
        "parts": copy.deepcopy(list(parts.PARTS)),
        "play": {"values": "symbols", "on": "empty", "pencil": True},
    }


# Extras a state once had and the layout no longer has; `upgrade_state` reads them
RETIRED_EXTRAS = ("drawn",)


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: its givens as symbols ("" where empty), its constraints and
    irregular regions as items of the parts."""
    return {"rows": puzzle.size, "cols": puzzle.size, "cells": [SYMBOLS[d - 1] if d else "" for d in puzzle.givens],
            "parts": parts.to_parts(puzzle.size, puzzle.regions, puzzle.constraints)}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid, a bad item at its part
    and index."""
    size = state["rows"]
    if size != state["cols"] or size not in BOXES:
        sizes = ", ".join(f"{n}×{n}" for n in BOXES)
        raise PuzzleSyntaxError(f"{state['rows']}×{state['cols']} is not a sudoku size ({sizes})")
    givens = tuple(_read_digit(value, size, i // size, i % size) if value else 0
                   for i, value in enumerate(state["cells"]))
    regions, constraints = parts.from_parts(state.get("parts") or {}, size)
    names = list(rules.split(",") if isinstance(rules, str) else rules or ())
    return _puzzle(size, givens, normalize_rules(names), regions, constraints)


def upgrade_state(state: dict) -> tuple[dict, list[str]]:
    """A state that holds the retired extra `drawn` (the text's lines after the grid: `regions:` rows,
    constraint lines, a `rules:` line) as a state with parts (its constraint lines and
    `regions:` rows as items, the extra gone; its cells as they were, unchecked), and the rule names of
    a `rules:` line in that text (a share link carries its rules apart: usually none). Errors in the
    text are PuzzleSyntaxErrors located in that field ({"extra": "drawn"})."""
    size = state["rows"]
    regions, constraints, more_rules = parts.read_retired(state, size)
    new = {key: value for key, value in state.items() if key != "extras"}
    return new | {"parts": parts.to_parts(size, regions, constraints)}, more_rules


def grader(puzzle: Puzzle):
    """The human-technique grader when it takes the puzzle (grading/, Sudoku Explainer's scale; killer
    sudoku: grading/killer.py, the cage arithmetic then the same techniques), else None."""
    if grading.applies(puzzle):
        return grading
    from gridlogic.kinds.sudoku.grading import killer
    return killer if killer.applies(puzzle) else None


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, a seeded solution's givens removed; killer.py, that solution cut into summed cages."""
    from gridlogic.kinds.sudoku import killer, maker
    return {(): maker, ("killer",): killer}
