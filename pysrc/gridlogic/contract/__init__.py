"""The kind contract: what every module in gridlogic/kinds/ provides, checked when the registry loads it.

A kind is a module, not a class (Tatham's one `game` per puzzle): `Kind` below lists what every
kind has, `CnfKind` and `NativeKind` the two ways to be solved (exactly one), `Hooks` what a kind
may add. `checks.check_kind` holds a module to this and names the kind and what is missing or wrong;
`solved_by` says which way a checked kind is solved (`is_cnf`: through a Formula), `optional` reads a
hook (None when absent), `layout_of` keeps each kind's layout once. Nothing else in gridlogic probes a
kind for attributes. A kind's package `__init__` is its contract and only that: its `__all__` names
the parts it provides (`parts_of`), each defined there or imported from the kind's own modules.

This module stands below the kinds (gridlogic/kinds/__init__.py, the registry, lists them): what is
handed a kind (solving, explaining, generating, links) reads it through here, and only what looks
kinds up (by key, or every one) imports the registry.

A kind that is generated hands the generator its makers (`Hooks.makers`): each a module keeping
`Maker` (or `FamilyMaker`, for constraint families drawn on the grid), which `checks.check_maker` holds it to
when gridlogic/generate loads them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, Protocol

from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

PACKAGES = ("sympy", "z3")
"""Optional packages the site can load on demand (build.py's LAZY_WHEELS has the wheels of each)."""


class Kind(Protocol):
    """What every kind module defines."""

    KEY: str                                   # "sudoku": URLs, JSON, the CLI (lowercase letters, digits, _)
    TITLE: str                                 # "Sudoku": menus and messages
    RULES: tuple[str, ...]                     # variant rules it accepts ("knight", ...), may be empty
    ALIASES: dict[str, tuple[str, ...]]        # other names for sets of RULES ("miracle"), may be empty
    NEEDS: tuple[str, ...]                     # optional packages it imports (within PACKAGES)
    EXAMPLES: tuple[Example, ...]              # menus, tests and browser tests

    def parse(self, text: str, rules: tuple[str, ...] = (), **options: Any) -> Any:
        """The puzzle of a text, or a located PuzzleSyntaxError / PuzzleRuleError."""

    def parse_solution(self, puzzle: Any, text: str) -> Any:
        """A proposed solution in the kind's solution text format, for `check`."""

    def format(self, puzzle: Any, solution: Any = None) -> str:
        """The canonical text of the puzzle, or of a solution when one is given."""

    def check(self, puzzle: Any, solution: Any) -> list[Violation]:
        """Every broken rule, with stable codes and cells; shares no code with the solver."""

    def render(self, puzzle: Any, solution: Any = None) -> Board:
        """The display list the page draws."""

    def layout(self) -> dict:
        """What the user edits, as data (schema in gridlogic/layout.py)."""

    def to_state(self, puzzle: Any) -> dict:
        """The editing state of a puzzle (from_state(to_state(p)) == p)."""

    def from_state(self, state: dict, rules: tuple[str, ...] = ()) -> Any:
        """The puzzle of a state whose shape read_state checked; a located error for bad contents."""


class CnfKind(Kind, Protocol):
    """A kind solved through a Formula."""

    def encode(self, puzzle: Any, f: Any) -> None:
        """Clauses over named variables; `f.show(...)` the variables that make up a solution. A rule
        too big to write out may be left to `f.lazy` (a model -> the clauses of the rule it breaks,
        added before any model is used), a first guess given as `f.phases` or found by solving a
        smaller formula `f.guess` (backends/sat/solvers.py says how; binary sets the first two on large grids,
        nonogram the third when its clues are symmetric)."""

    def decode(self, puzzle: Any, model: Any) -> Any:
        """The solution a model stands for."""


class NativeKind(Kind, Protocol):
    """A kind solved by its own backtracking search."""

    def search(self, puzzle: Any, on_progress: Callable[[int], None] | None = None) -> Iterator[Any]:
        """Every solution, one at a time; on_progress(nodes) now and then. A kind with the entry hooks
        (`Hooks.check_entries`, `Hooks.value_at`) takes `entries=` too: the user's entries (r, c, v), and
        yields only the solutions that agree with them."""


class Hooks(Protocol):
    """What a kind may add; read with `optional(kind, name)`."""

    PUZZLINK_ID: str                           # its puzz.link pid when that is not KEY
    PUZZLINK_ALIASES: tuple[str, ...]          # other pids pzprjs reads as this genre (its URL and old names)
    PUZZLINK_CELLS: str                        # "number16": its puzz.link data is Number16 over the cells,
                                               # row by row (the page draws such a link's givens itself)
    TATHAM_GAME: str                           # the game of Simon Tatham's collection whose IDs it reads
                                               # ("solo"; from_tatham, to_tatham)
    EASY_STEPS: tuple[str, ...]                # names from name_step that count as one-unit steps (difficulty)
    VALUE_WORDS: dict[int, tuple[str, str]]    # fact values that are not numbers: (word, mark to draw),
                                               # nonogram 1: ("filled", "■")
    GIVEN_VALUES: bool                         # its givens are cell values, held as ("given", r, c) clues
                                               # by a cell fact's literal (setter helpers)
    HOW_TO_PLAY: str                           # the rules in a few sentences, as the page's help says them
    RETIRED_EXTRAS: tuple[str, ...]            # extra fields its states once had (old share links hold them)
    SPARSE_HARD_RULES: tuple[str, ...]         # rules under which a few clues make a hard SAT check: a walk on
                                               # a new solver takes the solver's cores there, not first cores
                                               # (walks.py), so its steps may differ between engines
    SYMMETRY: Symmetry                         # how its editing state moves under the grid's symmetries
                                               # (gridlogic/layout/moves.py); without it, the identity only
    EXPORTS: tuple[str, ...]                   # link formats of its own it writes (write_link) besides the
                                               # page's share link and puzz.link (sudoku: "fpuzzles", "sudokupad")
    SAT_ENGINE: str                            # the SAT engine its questions use when none is named (one of
                                               # backends/sat's ENGINES that a budget can stop), where it was
                                               # measured faster than the default on its real puzzles

    def answer_of(self, puzzle: Any, solution: Any) -> int | str:
        """The single answer a solution stands for (number cross: the sum of its numbers)."""

    def verdict(self, puzzle: Any, engine: str, budget: Any) -> tuple[Any, ...] | None:
        """Unique against multiple by an argument of the kind's own, where its formula cannot settle that in
        time (CNF kinds): (the one solution,) or (a solution, another); None where the argument does not
        apply, and the formula is asked. BudgetExceeded carries the solution found by then. `solver.answer`
        asks it on a SAT solve without entries (`engine` the SAT engine there); a count or a listing takes
        only its "(the one,)", and so do certain cells without entries (explain.py: the one solution's)."""

    def fact_of(self, puzzle: Any, key: Any, value: bool) -> tuple[int, int, int] | None:
        """The cell fact (r, c, v) a shown variable's value stands for, or None (CNF kinds; facts)."""

    def name_step(self, puzzle: Any, fact: tuple[int, int, int, bool], clue_keys: list[Any]) -> str | None:
        """The human rule that makes a step, or None. `fact` is (r, c, v, eliminated): v placed at
        (r, c), or ruled out there when `eliminated`; `clue_keys` the keys of its reason, a minimal set
        of clues: the kind's own, plus ("entry", r, c, v) for the user's entries and ("placed", r, c, v)
        / ("eliminated", r, c, v) for steps taken before."""

    def say_fact(self, puzzle: Any, fact: tuple[int, int, int, bool]) -> str:
        """What a step settles, in the kind's words, for facts that are not a cell's value: a lattice
        point's ("the top side of r2c3 is part of the loop"); `fact` as for `name_step`. Steps, and the
        earlier steps their reasons cite, are said so, not as `r5c7 must be 1`."""

    def units_of(self, puzzle: Any) -> list[list[tuple[int, int]]]:
        """Groups of cells besides rows and columns (sudoku's boxes): a step whose cells lie in one is easy."""

    def from_puzzlink(self, cols: int, rows: int, body: str) -> Any:
        """The puzzle of a puzz.link URL's data (size already read; gridlogic/codecs/puzzlink.py has the
        encodings pzprjs shares between genres)."""

    def to_puzzlink(self, puzzle: Any) -> str:
        """The puzz.link URL of a puzzle."""

    def from_tatham(self, game_id: str) -> Any:
        """The puzzle of a bare descriptive game ID `<params>:<desc>` of its TATHAM_GAME (a permalink's
        page and `#` already taken off by gridlogic/links/tatham.py)."""

    def to_tatham(self, puzzle: Any) -> str:
        """The descriptive game ID of a puzzle, as Tatham's generator writes them."""

    def is_tatham_id(self, game_id: str) -> bool:
        """True for a bare game ID (no page, no game's name) that is surely of its TATHAM_GAME, told by its
        parameters or description (gridlogic/links/tatham.py asks before its own guesses)."""

    def from_old_link(self, old: Any) -> str:
        """The text the page's editor showed, before commit 5acefc0, for a compact payload of this kind;
        `old` (gridlogic/links/legacy.py's OldPayload) reads its parts within the kind's layout."""

    def read_link(self, url: str) -> dict | None:
        """A link of a form of its own (not puzz.link, Tatham or this page's) as {puzzle, rules, source,
        title, author, rules_text, warnings, entries} (gridlogic.links.Imported's fields); None when the
        URL is not one of them, a PuzzleSyntaxError when it is one that does not read."""

    def write_link(self, puzzle: Any, format: str, about: dict | None = None) -> str:
        """The link of a puzzle in one of its EXPORTS, with what `about` holds of its title, author and
        rules text ({"title", "author", "rules_text"}, each a string when given) where the format has room."""

    def rules_of(self, puzzle: Any) -> tuple[str, ...]:
        """The variant rules a puzzle holds (a kind with RULES): those its text names and those asked for
        with it. Links and the parse answer carry them; a kind without the hook holds none."""

    def upgrade_state(self, state: dict) -> tuple[dict, list[str]]:
        """A state that still holds RETIRED_EXTRAS as one of today's layout, and the rule names that
        text named (share links written before those fields retired)."""

    def makers(self) -> dict[tuple[str, ...], ModuleType]:
        """The generator's makers, each a module keeping `Maker`, by the constraint families it draws
        (sorted names): () for plain puzzles, ("killer",) for sudoku's cages (a `FamilyMaker`). Imported
        inside the hook, so the generator loads only when asked."""

    def check_entries(self, puzzle: Any, entries: Any) -> None:
        """Refuse, with a RequestError naming `entries`, user entries (r, c, v) no cell of this puzzle
        can hold. A native kind with this hook and `value_at` narrows its `search` to the entries
        (`entries=`); CNF kinds take entries through their formula and have neither."""

    def value_at(self, solution: Any, r: int, c: int) -> int:
        """What cell (r, c) of a solution holds, as an entry's value (native kinds taking entries)."""

    def warm(self) -> tuple[Any, ...]:
        """Puzzles whose formulas most first questions start from (sudoku: the empty 9×9 and 16×16
        grids, whose cached bases every classic and most variants of that size include): the page's
        engine encodes them before its memory is saved, and loads them into solvers when idle, so that
        the first question of such a shape pays for neither (gridlogic/api/entry.py)."""

    def grader(self, puzzle: Any) -> Any:
        """The module that rates this puzzle by the deductions a person uses (its `LEVELS`, `level_of(score)`
        and `grade(puzzle, cap, budget)`), or None when it does not take the puzzle (hints' difficulty and
        the generator then rate by the walk)."""


class Maker(Protocol):
    """What a maker module provides (kinds/<key>/maker.py, handed over by the kind's `makers` hook): the
    sizes, levels and symmetries it makes, and candidates that gridlogic/generate reduces to a puzzle
    (generate/search.py: every clue the puzzle may hold, which of them may go, and how to write it)."""

    SYMMETRIES: tuple[str, ...]                # clue symmetries it keeps (names of generate/orbits.py), "none" too
    DEFAULT: int                               # the side of the square grid made when no size is asked
    OFFERED: dict                              # level -> the sides (a range of the larger of rows and cols) the
                                               # page's New puzzle panel offers it at: made there within the
                                               # default budget (median < 10 s, worst < 30 s;
                                               # bench/bench_offer.py); elsewhere it is not offered (the API
                                               # may still ask for it)

    def levels(self, rows: int, cols: int) -> tuple[str, ...]:
        """The levels (generate/search.py's LEVELS, from the first on) a size reaches in reasonable time."""

    def check_size(self, rows: int, cols: int) -> None:
        """Refuse a size it does not make: a RequestError naming `rows`."""

    def candidate(self, rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: Any,
                  budget: Any) -> Any:
        """A generate.search.Candidate drawn from `rng` (random.Random), or None when this draw makes none."""


class FamilyMaker(Maker, Protocol):
    """A maker of puzzles with a family of constraints drawn on the grid (sudoku's killer cages)."""

    LABEL: str                                 # what the page's New puzzle panel calls the family


def _functions(protocol: type) -> tuple[str, ...]:
    return tuple(name for name, value in vars(protocol).items()
                 if inspect.isfunction(value) and not name.startswith("_"))


ATTRIBUTES = {"KEY": str, "TITLE": str, "RULES": tuple, "ALIASES": dict, "NEEDS": tuple, "EXAMPLES": tuple}
FUNCTIONS = _functions(Kind)
SOLVERS = {"cnf": _functions(CnfKind), "native": _functions(NativeKind)}
OPTIONAL_VALUES = {"PUZZLINK_ID": str, "PUZZLINK_ALIASES": tuple, "PUZZLINK_CELLS": str, "TATHAM_GAME": str, "EASY_STEPS": tuple, "VALUE_WORDS": dict,
                   "GIVEN_VALUES": bool, "HOW_TO_PLAY": str, "RETIRED_EXTRAS": tuple, "SPARSE_HARD_RULES": tuple,
                   "SYMMETRY": Symmetry, "EXPORTS": tuple, "SAT_ENGINE": str}
OPTIONAL = tuple(OPTIONAL_VALUES) + _functions(Hooks)
ENTRY_HOOKS = ("check_entries", "value_at")
TAKES_RULES = ("parse", "from_state")
MAKER_VALUES = {"SYMMETRIES": tuple, "DEFAULT": int, "OFFERED": dict}
MAKER_FUNCTIONS = _functions(Maker)
KEY_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


class KindError(TypeError):
    """A kind module that breaks the contract (a bug in gridlogic, found when the registry loads)."""


def parts_of(kind: ModuleType) -> tuple[str, ...]:
    """The names of the contract a kind provides: the required ones, those of its way of being solved,
    and the optional ones it has (what its `__all__` lists)."""
    return (tuple(ATTRIBUTES) + FUNCTIONS + SOLVERS[solved_by(kind)]
            + tuple(hook for hook in OPTIONAL if getattr(kind, hook, None) is not None))


def solved_by(kind: ModuleType) -> str:
    """How a checked kind is solved: "cnf" (encode/decode through a Formula) or "native" (search)."""
    return "native" if callable(getattr(kind, "search", None)) else "cnf"


def optional(kind: ModuleType, name: str) -> Any:
    """An optional hook or attribute of a kind (declared in `Hooks`), or None when it has none."""
    if name not in OPTIONAL:
        raise KindError(f"{name!r} is not an optional part of a kind (those are: {', '.join(OPTIONAL)})")
    return getattr(kind, name, None)


def is_cnf(kind: ModuleType) -> bool:
    """True for kinds solved through a Formula (encode/decode), False for native search."""
    return solved_by(kind) == "cnf"


def backends_of(kind: ModuleType) -> tuple[str, ...]:
    """The backends that can solve a kind: sat and smt for CNF kinds, native for the others."""
    return ("sat", "smt") if is_cnf(kind) else ("native",)


_LAYOUTS: dict[str, dict] = {}


def layout_of(kind: ModuleType) -> dict:
    """A kind's layout (computed once; callers must not change it)."""
    if kind.KEY not in _LAYOUTS:
        _LAYOUTS[kind.KEY] = kind.layout()
    return _LAYOUTS[kind.KEY]
