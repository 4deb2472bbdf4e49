"""Reading kurodoko's text: the grid of clues (grid.py's form) or a Tatham Range game ID."""

from __future__ import annotations

from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.kurodoko.grid import Puzzle, parse_grid
from gridlogic.kinds.kurodoko.links import TATHAM_ID, from_tatham


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The text form (grid.py's docstring), or a Tatham Range game ID `WxH:desc`."""
    refuse_rules("kurodoko", rules)
    if TATHAM_ID.match("".join(text.split())):
        return from_tatham(text)
    return parse_grid(text)
