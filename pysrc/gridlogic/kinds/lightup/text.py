"""Reading light up's text: the grid (grid.py's form) or a Tatham Light Up game ID."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.lightup.grid import Puzzle, _lines, make_puzzle
from gridlogic.kinds.lightup.links import TATHAM_ID, from_tatham


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The text form (grid.py's docstring), or a Tatham Light Up game ID `WxH...:desc`."""
    refuse_rules("lightup", rules)
    if TATHAM_ID.match(text.strip()):
        return from_tatham(text.strip())
    lines = _lines(text)
    if not lines:
        raise PuzzleSyntaxError("empty input: no rows")
    return make_puzzle([row for _, row in lines], lambda r, c: {"line": lines[r][0], "col": c + 1})
