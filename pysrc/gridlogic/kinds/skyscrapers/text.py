"""Reading skyscrapers' text: the frame of clues and cells (grid.py's form) or a Tatham Towers game ID."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.skyscrapers.grid import Puzzle, parse_frame
from gridlogic.kinds.skyscrapers.links import TATHAM_ID, from_tatham


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The text form (grid.py's docstring), or a Tatham Towers game ID `N:clues[,grid]`."""
    refuse_rules("skyscrapers", rules)
    words = "".join(text.split())
    try:
        if TATHAM_ID.match(words) or (":" in words and "\n" not in text.strip()):
            return from_tatham(text)
        return parse_frame(text)
    except PuzzleSyntaxError as err:
        err.where = err.where or {"line": 1}           # a game ID is one line; a frame's size, its first
        raise
