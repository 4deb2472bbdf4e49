"""Nonogram (paint by numbers).

Rules: a W×H grid; each row and column has a clue, the lengths in order of its blocks of filled
cells, with at least one empty cell between blocks. Fill cells to match every clue. Many
published nonograms have several solutions, so a second one is always looked for.

Variables: `("black", r, c)` is true when cell (r, c) is filled; only these are shown, so
counting is over pictures. Each line is a regular constraint: its clue `3 1` reads as the word
`###.#` with optional extra `.` at the start, the end and after each gap; a deterministic
automaton walks it, state q meaning "q letters of the word matched". `("state", line, i, q)` is
true when the automaton is in state q before cell i; where a state has two ways on (a block may
start here or not), `("move", line, i, q, v)` is "in state q and cell i is v". Only live states
are created (reachable from the start, able to reach the end), so a line costs about
length × slack variables, never one per placement; a state reached by a single move is that
move's variable, so a block's inner states are its start. Forward, backward and value-support
clauses (Bacchus's encoding of `regular`) make unit propagation on a line exactly the classic
line solver: it fixes every cell on which all placements agree.

Line solving first: the same automata as bit masks (`Automaton.live`) run the row/column
fixpoint in Python; forced cells become units and finished lines get no clauses. It pays
(bench/bench_nonogram.py; figures in docs/benchmarks.md): Swing 45×45 becomes 2025 unit clauses
instead of 119k clauses, and Merka and the TAAI 25×25s solve faster. Knotty and Faase
stay hard for it: line solving fixes 79 of 1600 and 1424 of 7600 cells, probing (each open cell
tried both ways, line solved to the fixpoint) none more of Knotty's and 813 more of Faase's.

The symmetric guess: when at least GUESS_OPEN_CELLS cells stay open and the clues keep a mirror or
a turn of the box of lines with blocks (`symmetries`), the formula carries `guess`
(`symmetric_formula`): the puzzle with its picture forced to all of them, one variable per orbit of
cells, one automaton per line up to symmetry. The SAT backend solves it first (a bounded number of
conflicts) and takes its picture as the solver's phases; a guess only steers, so answers are the same
with or without it. Designed pictures are often symmetric, and a symmetric picture is what a
search over the whole grid misses: Knotty's clues keep the quarter turn, its first published picture
does too, and the guess (a quarter of the cells and 20 of its 78 open lines: a row and its image
column differ only in the empty cell outside the turned box, so lines are compared within the empty
cells at their ends) finds it in 8k-9k conflicts, after which the second picture (14 cells apart)
is a few hundred conflicts away from those phases. Through `api.handle`: `multiple`, both pictures
checked, in seconds on minisat22 and cadical195 and in Pyodide (bench/bench_nonogram.py --guess-only;
cadical195's guess takes 5k-14k conflicts since it is solved in time-sized pieces that a budget can
stop, see backends/sat/engines.py), where before no engine found even the first picture in minutes.
Below 1000 open cells the guess is not worth its cost (webpbn #65, 810 open cells and a mirror, was
slower with it). Faase has no symmetry and stays slow (minutes on cadical195): none of probing as
presolve, an order encoding of block starts (alone or beside the automaton), phases from per-line
fill probabilities or from belief propagation, or `stabilizeonly` found its first picture within a
minute on cadical195, nor did glucose4, maplechrono or kissat404 (docs/benchmarks.md has the
figures). Its hard part is the scattered dots of rows 48-95: with the published
picture's rows 48-95 given, cadical195 ends in 1.3k conflicts; with rows 0-47 given, not in 160k.

Formats: `.non` (Simpson; `goal` = published solution, metadata ignored), puzz.link URLs
(`from_puzzlink`/`to_puzzlink`), Tatham "Pattern" game IDs (`from_tatham`/`to_tatham`) and the
TAAI tournament question files (`read_taai`). `parse` recognises all but puzz.link, whose URLs (and
Pattern permalinks) gridlogic.links reads through the hooks; so it does the page's old links
(`from_old_link`).

Clues: each row's and column's clue (`("row", r)`, `("col", c)`) is one an explanation may name.
A line's automaton is guarded by its clue (on its start, its end and its cells' support clauses:
switched off, all its states may be false). Explanations build the formula with `exact_clues`:
then no line solving, every line whole, so switching lines off leaves exactly the others and a
set of lines found to conflict (or to force a cell) is minimal; the formula then carries `line_steps`
as its `clue_steps`, so that a hint path takes what one line forces from the line solver (each with a
minimal set of the line's known cells) and asks the SAT solver only beyond that. Otherwise the cells line solving
forces are plain units: the clues still label the lines, but switching one off leaves them.

Editing state (gridlogic.layout): a clue field above each column ("cols") and left of each row
("rows"); the cells hold nothing (solutions are drawn on them). A `.non` goal is metadata, like
its title, and is not carried: `from_state(to_state(p))` is `p` without its goal.

The package: grid.py (the Puzzle, its clues, the checker), text.py (`.non` and `parse`), formats.py
(puzz.link, Tatham's Pattern, TAAI), states.py (the editing state), lines.py (line solving),
encoding.py (a line's automaton as clauses, the symmetric guess), steps.py (naming a SAT walk's step),
grading.py and board.py (the grader: line techniques, then contradictions, for hints, levels and the
generator), maker.py (the generator); this module wires the kind's contract (encode, decode, render).
"""

from __future__ import annotations

from functools import partial

from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds.nonogram.encoding import GUESS_OPEN_CELLS, encode_line, symmetric_formula
from gridlogic.kinds.nonogram.formats import from_old_link, from_puzzlink, from_tatham, to_puzzlink, to_tatham
from gridlogic.kinds.nonogram.grid import Puzzle, Solution, _clue_text, check
from gridlogic.kinds.nonogram.lines import Automaton, _cell_lines, line_solve, line_steps
from gridlogic.kinds.nonogram.states import from_state, layout, to_state
from gridlogic.kinds.nonogram.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.kinds.nonogram.text import format, parse, parse_solution
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "TATHAM_GAME", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "SYMMETRY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink", "from_tatham",
           "to_tatham", "from_old_link", "makers", "grader"]

KEY = "nonogram"
TITLE = "Nonogram"
HOW_TO_PLAY = ("Fill cells so that each row and each column shows its clue: the lengths of its blocks of filled "
               "cells, in order, with at least one empty cell between blocks. Cross out the cells you know are "
               "empty.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
TATHAM_GAME = "pattern"      # its game in Simon Tatham's collection (from_tatham, to_tatham)
SYMMETRY = Symmetry(lines={"rows": (0, "clue"), "cols": (1, "clue")},
                    backwards=lambda clue: " ".join(reversed(clue.split())))   # a clue read backwards reverses

EXAMPLES = (
    Example("simpson 4x5", "width 4\nheight 5\n\nrows\n4\n1,1\n1,1\n1,2\n3\n\ncolumns\n5\n1,1\n1,2\n4\n",
            (), 1, "####\n#..#\n#..#\n#.##\n###."),
    Example("dancer 5x10", "width 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\n\n"
            "columns\n2,1\n2,1,3\n7\n1,3\n2,1\n", (), 1,
            ".##..\n.##.#\n..#.#\n.###.\n#.#..\n#.#..\n..##.\n.#.#.\n.#.##\n##..."),
    Example("not line-solvable 4x4", "4x4:2/1/2/1/1.1/2/1/1", (), 1, "#..#\n##..\n..#.\n..#."),
    Example("two diagonals", "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", (), 2),
    Example("impossible", "width 3\nheight 3\nrows\n1\n1\n1,1\ncolumns\n1\n1,1\n1\n", (), 0),
)


def encode(puzzle: Puzzle, f: Formula, presolve: bool = True) -> None:
    """One automaton per line, each line a clue. Line solving first unless the clues must be exact:
    forced cells are units and finished lines get no automaton. A contradiction found by line solving
    encodes every line whole instead. When many cells stay open and the clues are symmetric, the
    formula carries a `guess`: the same puzzle with its picture forced to that symmetry."""
    f.show((("black", r, c) for r in range(puzzle.height) for c in range(puzzle.width)),
           fixed_weight=True)                # every picture fills sum(row clues) cells
    known = (line_solve(puzzle) or {}) if presolve and not f.exact_clues else {}
    if presolve and not f.exact_clues and puzzle.width * puzzle.height - len(known) >= GUESS_OPEN_CELLS:
        guess = symmetric_formula(puzzle, known)
        if guess is not None:
            f.guess = guess
    for (r, c), v in known.items():
        f.clauses.append([f.var(("black", r, c)) * (1 if v else -1)])
    if f.exact_clues:
        f.clue_steps = partial(line_steps, puzzle)
    for tag, clue, cells in _cell_lines(puzzle):
        where = f"row {tag[1] + 1}" if tag[0] == "row" else f"column {tag[1] + 1}"
        with f.clue(tag, cells, f"{where}'s clue {_clue_text(clue)}") as line:
            pass                             # the automaton is guarded on its own clauses only
        values = [known.get(cell, -1) for cell in cells]
        if -1 in values:
            encode_line(f, tag, Automaton(clue), [("black", *cell) for cell in cells], values, [-line.selector])


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: (r, c, 1) filled or (r, c, 0) empty."""
    return (key[1], key[2], int(value)) if key[0] == "black" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The picture of a model, row-major 0/1."""
    return tuple(int(model[("black", r, c)]) for r in range(puzzle.height) for c in range(puzzle.width))


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The grid (filled cells `black`) plus the clues as `row_clues` / `col_clues`."""
    cells = []
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            filled = bool(solution and solution[r * puzzle.width + c])
            cells.append({"r": r, "c": c, "text": "", "role": "black" if filled else "empty"})
    extras = {"row_clues": [list(x) for x in puzzle.rows], "col_clues": [list(x) for x in puzzle.columns]}
    return Board(puzzle.height, puzzle.width, tuple(cells), extras)


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, the clues of a random picture."""
    from gridlogic.kinds.nonogram import maker
    return {(): maker}


def grader(puzzle: Puzzle):
    """The human-technique grader (grading.py: line techniques, then contradictions) for sides up to 30."""
    from gridlogic.kinds.nonogram import grading
    return grading if grading.applies(puzzle) else None
