"""What the genres of shaded cells and a loop share: some cells are blocked (clue cells: neither shaded
nor on the loop); every other cell is either shaded or on one loop through cell centres, and shaded
cells do not touch side by side. The genre adds what its clues count.

An answer is a set of lattice points (gridlogic/lattice.py): the edge points of the loop's steps and the
cell points of the shaded cells. Variables: `("line", y, x)` a step, `("shade", y, x)` a shaded cell,
both shown; facts (y, x, 1) a step or a shaded cell, (y, x, 0) a cross or a dot, as the player's marks.

`encode` writes the shared rules through the rule library (loops.loop_through_cells over the free
cells, shading.apart); `faults` checks them on an answer without it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from gridlogic import lattice
from gridlogic.cnf import loops, shading
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._loops import draw_loop, edge_settled, loop_faults, read_loop
from gridlogic.kinds._shading import shade
from gridlogic.model import Board, Violation

PART = "loop"
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
Cell = tuple[int, int]


def encode(f: Formula, rows: int, cols: int, blocked: Collection[Cell]) -> list:
    """The shared rules (see the module docstring); returns the keys to show."""
    free = [lattice.cell_point(r, c) for r in range(rows) for c in range(cols) if (r, c) not in blocked]
    keys = list(loops.loop_through_cells(f, rows, cols, free))
    for p in free:
        f.iff(loops.visit(p), Not(shade(p)))
    for r, c in blocked:
        f.clause([Not(shade(lattice.cell_point(r, c)))])
    shading.apart(f, rows, cols, shade)
    return keys + [shade(p) for p in free]


def decode(rows: int, cols: int, blocked: Collection[Cell], model: Model) -> frozenset:
    """The steps the model's loop uses and the cells it shades."""
    lines = {p for p in lattice.inner_edges(rows, cols) if model[loops.line(p)]}
    shaded = {lattice.cell_point(r, c) for r in range(rows) for c in range(cols)
              if (r, c) not in blocked and model[shade(lattice.cell_point(r, c))]}
    return frozenset(lines | shaded)


def fact_of(puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used or not, a cell shaded or not, at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] in ("line", "shade") else None


def shaded_cells(answer) -> set[Cell]:
    """The shaded cells (r, c) of an answer."""
    return {(y // 2, x // 2) for y, x in answer if y % 2 and x % 2}


def faults(rows: int, cols: int, blocked: Collection[Cell], answer: frozenset) -> list[Violation]:
    """Every broken shared rule of an answer, read off its points (independent of `encode`)."""
    out = []
    lines, shaded = set(), set()
    for y, x in sorted(answer):
        if not (0 < y < 2 * rows and 0 < x < 2 * cols) or not (y % 2 or x % 2):
            out.append(Violation("not_a_point", (), f"({y}, {x}) is neither a step between two cells nor a cell"))
        elif y % 2 and x % 2:
            shaded.add((y // 2, x // 2))
        else:
            lines.add((y, x))
    if out:
        return out
    on_loop = set()
    for y, x in lines:
        on_loop.update((((y - 1) // 2, (x - 2) // 2), ((y - 1) // 2, x // 2)) if y % 2 else
                       (((y - 2) // 2, (x - 1) // 2), (y // 2, (x - 1) // 2)))
    for r in range(rows):
        for c in range(cols):
            where = f"r{r + 1}c{c + 1}"
            if (r, c) in blocked:
                if (r, c) in shaded:
                    out.append(Violation("clue_shaded", ((r, c),), f"the clue cell {where} is shaded"))
                if (r, c) in on_loop:
                    out.append(Violation("clue_on_loop", ((r, c),), f"the loop passes the clue cell {where}"))
            elif (r, c) in shaded and (r, c) in on_loop:
                out.append(Violation("line_on_shade", ((r, c),), f"the loop passes the shaded cell {where}"))
            elif (r, c) not in shaded and (r, c) not in on_loop:
                out.append(Violation("empty", ((r, c),), f"{where} is neither shaded nor on the loop"))
            for other in ((r + 1, c), (r, c + 1)):
                if (r, c) in shaded and other in shaded:
                    out.append(Violation("adjacent", ((r, c), other), f"the shaded cells {where} and "
                                         f"r{other[0] + 1}c{other[1] + 1} touch"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(lines, rows, cols, False)]
    return out


def draw(rows: int, cols: int, answer, blocked_char: Callable[[int, int], str | None]) -> str:
    """The drawing of an answer (kinds/_loops.py), `#` at the shaded cells, `blocked_char(r, c)` at a clue
    cell (None elsewhere)."""
    def char(r: int, c: int) -> str:
        mark = blocked_char(r, c)
        return mark if mark is not None else "#" if (2 * r + 1, 2 * c + 1) in answer else "."
    return draw_loop(rows, cols, answer, char, False)


def read(rows: int, cols: int, text: str) -> frozenset:
    """An answer's drawing (see `draw`): its lines and the `#` at its cells."""
    lines = read_loop(text, rows, cols, False)
    shaded = {(y, x) for y, row in enumerate(text.strip("\n").split("\n")) for x, ch in enumerate(row)
              if ch == "#" and y % 2 and x % 2}
    return frozenset(lines | shaded)


def say_fact(puzzle, fact) -> str:
    """What a step settles: "r2c3 is shaded" or "the line r2c3–r2c4 is part of the loop"."""
    y, x, v, gone = fact
    if y % 2 and x % 2:
        return f"r{y // 2 + 1}c{x // 2 + 1} is {'shaded' if (v == 1) != bool(gone) else 'not shaded'}"
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)


def render(rows: int, cols: int, texts: dict, answer=None, drawn=lambda text: False) -> Board:
    """The clue cells with their `texts` {(r, c): text}, as givens or, where `drawn(text)`, as clues the page
    draws from their state (an arrow with its number field, a `?`); an answer's loop and shaded cells as
    marks."""
    def role(r: int, c: int) -> str:
        return "empty" if (r, c) not in texts else "clue" if drawn(texts[r, c]) else "given"

    cells = tuple({"r": r, "c": c, "text": texts.get((r, c), ""), "role": role(r, c)}
                  for r in range(rows) for c in range(cols))
    marks = {}
    if answer:
        marks = {"line": sorted(p for p in answer if (p[0] + p[1]) % 2),
                 "shade": sorted(p for p in answer if p[0] % 2 and p[1] % 2)}
    return Board(rows, cols, cells, {}, marks)


def play_part() -> dict:
    """The lattice part the player marks: lines and crosses between centres, shaded cells and dots."""
    return {"key": PART, "type": "lattice", "label": "Loop",
            "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                        {"name": "cross", "label": "No line", "value": "none", "look": "cross"},
                        {"name": "shade", "label": "Shaded", "value": "none", "look": "shade"},
                        {"name": "dot", "label": "Dot", "value": "none", "look": "dot"}]}


def refuse_marks(state: dict, what: str) -> None:
    """Refuse marks among a state's givens, at the first one (`what` says what the givens are)."""
    marks = (state.get("parts") or {}).get(PART) or {}
    for name, points in marks.items():
        if points:
            raise PuzzleSyntaxError(f"{what}: shade and draw in play mode "
                                    f"(a {name} at {lattice.format_point(tuple(points[0]))})", part=PART)
