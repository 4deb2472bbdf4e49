"""<Title>: copy this file to add a kind, then register it in `kinds/__init__.py`.

Rules: state the puzzle's rules here, once, in the puzzle's own words.

Variables: name every variable family and what "true" means, e.g. `("digit", r, c, d)` is true
when cell (r, c) holds d. Say why the encoding is shaped as it is (what is cached, what is an
assumption, which variables are shown so that counting is exact).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.formula import Formula, Model
from gridlogic.model import Board, Example, Violation

KEY = "template"                 # used in URLs, JSON and the CLI
TITLE = "Template"
RULES: tuple[str, ...] = ()      # variant rule names the kind accepts

EXAMPLES: tuple[Example, ...] = (
    # Example(name, text, rules, expected count, expected solution text): feeds menus and tests
)


@dataclass(frozen=True)
class Puzzle:
    """Everything the rules need, immutable."""

    width: int
    height: int


Solution = tuple


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read the text format; every refusal is a PuzzleSyntaxError/PuzzleRuleError saying where."""
    if not text.strip():
        raise PuzzleSyntaxError("empty input")
    raise PuzzleSyntaxError("not implemented: copy and fill in", line=1)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed solution in the solution text format, for `check`."""
    raise PuzzleSyntaxError("not implemented")


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text of the puzzle, or of a solution when one is given."""
    return ""


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Clauses over named variables; `f.show(...)` the variables that make up a solution."""


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The solution a model stands for."""
    return ()


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule, with stable codes and cells; shares no code with `encode`."""
    return []


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """A display list for the page."""
    return Board(puzzle.height, puzzle.width, ())


def describe() -> dict:
    """What the page's editor needs (its `editor` type is the web/editors/ module to use)."""
    return {"key": KEY, "title": TITLE, "editor": "grid", "rules": []}
