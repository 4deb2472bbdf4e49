"""Sudoku's link forms: puzz.link (puzzlink.py), f-puzzles (fpuzzles.py, fpuzzles_keys.py), SudokuPad's
links (sudokupad.py) and its own format SCL (scl.py, scl_lines.py, scl_shapes.py, scl_zip.py).

The kind declares them through its hooks (gridlogic/contract/): `read_link` reads an f-puzzles or SudokuPad
link, `write_link` writes one in a format of its EXPORTS; gridlogic.links calls them.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grid import Puzzle, make_puzzle, normalize_rules
from gridlogic.kinds.sudoku.links import fpuzzles, sudokupad

MAX_WARNINGS = 100      # warnings a link's answer lists at most; one more says how many were left out


def read_link(url: str) -> dict | None:
    """An f-puzzles or SudokuPad link as {puzzle, rules, source ("f-puzzles" or "scl"), title, author,
    rules_text (each trimmed, None when empty), warnings (what was drawn but not read as a rule, at most
    MAX_WARNINGS and a count of the rest), entries ([r, c, value] the player's values stored beside the
    givens)}; None for another URL (a PuzzleSyntaxError when it does not read)."""
    found = sudokupad.read_link(url)
    if found is None:
        return None
    rules = normalize_rules(found["rules"])
    regions = None if found["regions"] is None else tuple(found["regions"])
    puzzle = make_puzzle(found["size"], tuple(found["givens"]), rules, regions, tuple(found["constraints"]))
    about = {key: (found.get(key) or "").strip() or None for key in ("title", "author", "rules_text")}
    return {"puzzle": puzzle, "rules": tuple(rules), "source": found["source"], **about,
            "warnings": _shortened(found.get("warnings", ())), "entries": tuple(tuple(x) for x in found.get("entries", ()))}


def _shortened(warnings) -> tuple[str, ...]:
    """The first MAX_WARNINGS warnings, and how many more there were."""
    if len(warnings) <= MAX_WARNINGS:
        return tuple(warnings)
    return (*warnings[:MAX_WARNINGS], f"… and {len(warnings) - MAX_WARNINGS:,} more warnings")


def write_link(puzzle: Puzzle, format: str, about: dict | None = None) -> str:  # noqa: A002 - the API's word
    """The f-puzzles `?load=` link (format "fpuzzles") or SudokuPad link ("sudokupad") of a puzzle, with
    the title, author and rules text of `about` (f-puzzles' `title`, `author` and `ruleset`)."""
    parts = {"size": puzzle.size, "givens": list(puzzle.givens), "regions": puzzle.regions,
             "rules": list(puzzle.rules), "constraints": puzzle.constraints, **(about or {})}
    return fpuzzles.to_fpuzzles(parts, sudokupad=format == "sudokupad")
