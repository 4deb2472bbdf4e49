"""Extras: text fields of the whole puzzle (a puzzle's pieces, a title), one value each."""

from __future__ import annotations

from typing import Any

from gridlogic.errors import excerpt
from gridlogic.layout.common import check_fields, known_dict, read_text

EXTRA_KEYS = ("key", "label", "placeholder", "pattern", "max_length", "help", "suggestions", "lines")


class Extras:
    """The layout's `extras` and the state's `extras`."""

    key = "extras"

    def __init__(self, layout: dict) -> None:
        self.extras = {e["key"]: e for e in layout.get("extras", [])}

    @staticmethod
    def check(layout: dict) -> None:
        """Check `extras`: text fields."""
        check_fields(layout.get("extras", []), "extras", EXTRA_KEYS, edge=False)

    def blank(self, rows: int, cols: int) -> dict | None:
        """Every field empty (None when the layout has no extras)."""
        return {key: "" for key in self.extras} if self.extras else None

    def read(self, value: Any, rows: int, cols: int) -> dict | None:
        """A copy of the state's extras (empty where absent), each within its length."""
        got = known_dict(value, "extras", self.extras)
        if not self.extras:
            return None
        return {key: read_text(got.get(key, ""), extra, f"extra {excerpt(key)}", {"extra": key})
                for key, extra in self.extras.items()}

    @staticmethod
    def move(extras: dict, move: Any, rows: int, cols: int, spec: Any) -> dict:
        """Extras belong to no place: a move leaves them."""
        return dict(extras)
