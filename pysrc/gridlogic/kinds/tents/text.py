"""Reading tents' text: the grid with its counts (grid.py's form) or a Tatham Tents game ID."""

from __future__ import annotations

from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.tents.grid import Puzzle, parse_grid
from gridlogic.kinds.tents.links import TATHAM_ID, from_tatham


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The text form (grid.py's docstring), or a Tatham Tents game ID `WxH:desc,counts`."""
    refuse_rules("tents", rules)
    if TATHAM_ID.match("".join(text.split())):
        return from_tatham(text)
    return parse_grid(text)
