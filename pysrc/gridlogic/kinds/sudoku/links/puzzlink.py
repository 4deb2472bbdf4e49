"""puzz.link's sudoku (pzprjs `sudoku`): Number16 over the cells, row by row; the box shape is implied by
the size, and puzz.link's sudoku has no variant rules."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic.kinds.sudoku.grid import BOXES, Puzzle, _puzzle
from gridlogic.codecs import puzzlink


def from_puzzlink(cols, rows, body: str) -> Puzzle:
    """A puzzle from puzz.link sudoku data: `cols`/`rows` and the Number16 body after them."""
    if not (isinstance(cols, int) and isinstance(rows, int)):
        raise PuzzleSyntaxError(f"puzz.link size must be two numbers, got {excerpt(cols)}/{excerpt(rows)}")
    if cols != rows or cols not in BOXES:
        sizes = ", ".join(f"{n}/{n}" for n in BOXES)
        raise PuzzleSyntaxError(f"puzz.link sudoku size {cols}/{rows} is not one of {sizes}")
    n = cols
    body = body.rstrip("/")
    values, end = puzzlink.decode_number16(body, n * n)
    if len(values) > n * n or end < len(body):
        raise PuzzleSyntaxError(f"puzz.link data runs past the {n * n} cells of a {n}×{n} grid")
    for i, value in enumerate(values):
        r, c = divmod(i, n)
        if value == puzzlink.UNKNOWN:
            raise PuzzleSyntaxError(f"puzz.link data: r{r + 1}c{c + 1} is '?', which is not a sudoku given",
                                    r=r, c=c)
        if value is not None and not 1 <= value <= n:
            raise PuzzleSyntaxError(f"puzz.link data: r{r + 1}c{c + 1} holds {value}, not 1..{n}", r=r, c=c)
    givens = [value or 0 for value in values] + [0] * (n * n - len(values))   # pzprjs leaves trailing empties out
    return _puzzle(n, tuple(givens), ())


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle (puzz.link sudoku has no variant rules, constraints or irregular
    regions: they are refused, never dropped)."""
    if puzzle.rules:
        raise RequestError(f"puzz.link sudoku has no variant rules ({', '.join(puzzle.rules)})", field="rules")
    if puzzle.constraints:
        names = ", ".join(dict.fromkeys(c.type for c in puzzle.constraints))
        raise RequestError(f"puzz.link sudoku has no variant constraints ({excerpt(names)}): export to f-puzzles "
                           "or SudokuPad", field="format")
    if puzzle.regions is not None:
        raise RequestError("puzz.link sudoku has no irregular regions: export to f-puzzles or SudokuPad",
                           field="format")
    body = puzzlink.encode_number16([value or None for value in puzzle.givens])
    return puzzlink.url("sudoku", puzzle.size, puzzle.size, body)
