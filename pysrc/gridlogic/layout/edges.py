"""Edge fields: a text field per row (side left or right) or per column (top or bottom), as a
nonogram's clues or the sums beside a grid."""

from __future__ import annotations

from typing import Any

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.common import SIDES, check_fields, known_dict, read_text, refuse

EDGE_KEYS = ("key", "side", "label", "placeholder", "pattern", "max_length", "wide", "tone", "help", "suggestions")


def edge_length(edge: dict, rows: int, cols: int) -> int:
    """How many fields an edge has: one per row (left, right) or per column (top, bottom)."""
    return rows if SIDES[edge["side"]] == "rows" else cols


class Edges:
    """The layout's `edges` and the state's `edges`."""

    key = "edges"

    def __init__(self, layout: dict) -> None:
        self.edges = {e["key"]: e for e in layout.get("edges", [])}

    @staticmethod
    def check(layout: dict) -> None:
        """Check `edges`: text fields, each with a side."""
        check_fields(layout.get("edges", []), "edges", EDGE_KEYS, edge=True)

    def blank(self, rows: int, cols: int) -> dict | None:
        """Every field empty (None when the layout has no edges)."""
        if not self.edges:
            return None
        return {key: [""] * edge_length(edge, rows, cols) for key, edge in self.edges.items()}

    def read(self, value: Any, rows: int, cols: int) -> dict | None:
        """A copy of the state's edges (blanks where absent), each field within its length."""
        got = known_dict(value, "edges", self.edges)
        if not self.edges:
            return None
        blank = self.blank(rows, cols)
        return {key: _fields(got.get(key), blank[key], edge, key) for key, edge in self.edges.items()}

    @staticmethod
    def move(edges: dict, move: Any, rows: int, cols: int, spec: Any) -> dict:
        """Each field to the line it moves to: a transpose sends a row's field to its column's field
        (`spec.lines` pairs them by family), and a line read backwards is `spec.backwards` of it."""
        field_of = {(axis, family): key for key, (axis, family) in spec.lines.items()}
        out = {key: list(values) for key, values in edges.items()}
        for key, values in edges.items():
            axis, family = spec.lines[key]
            for index, value in enumerate(values):
                to_axis, to_index, backwards = move.line(axis, index, rows, cols)
                out[field_of[to_axis, family]][to_index] = spec.backwards(value) if backwards else value
        return out


def _fields(values: Any, blank: list[str], edge: dict, key: str) -> list[str]:
    if values is None:
        return blank
    n = len(blank)
    what = f"edge {excerpt(key)}"
    if not isinstance(values, list):
        refuse(f"'state' {what} must be a list of {n} strings, not {type_name(values)}", edge=key)
    if len(values) != n:
        line = "row" if SIDES[edge["side"]] == "rows" else "column"
        refuse(f"'state' {what} has {len(values):,} fields; it needs one per {line} ({n})", edge=key)
    return [read_text(v, edge, f"{what} field {i + 1}", {"edge": key, "index": i}) for i, v in enumerate(values)]
