"""Signs between neighbouring cells (the layout's and the state's `marks`): `h` between (r, c) and
(r, c+1), `v` between (r, c) and (r+1, c), "" for no sign."""

from __future__ import annotations

from typing import Any

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.common import MAX_CELL, known_dict, known_keys, need, refuse


class Signs:
    """The layout's `marks` and the state's `marks`."""

    key = "marks"

    def __init__(self, layout: dict) -> None:
        self.marks = layout.get("marks")

    @staticmethod
    def check(layout: dict) -> None:
        """Check `marks` (when the layout has it): the signs each way, distinct, and their labels."""
        if "marks" not in layout:
            return
        marks = layout["marks"]
        need(isinstance(marks, dict), "marks is not a dict")
        known_keys(marks, ("h", "v", "labels"), "marks")
        for way in ("h", "v"):
            signs = marks.get(way)
            need(isinstance(signs, list) and signs and all(isinstance(s, str) and 0 < len(s) <= MAX_CELL for s in signs)
                 and len(set(signs)) == len(signs), f"marks.{way} is not a list of distinct signs")
        need(isinstance(marks.get("labels", {}), dict), "marks.labels is not a dict")

    def blank(self, rows: int, cols: int) -> dict | None:
        """No sign anywhere (None when the layout has no marks)."""
        if self.marks is None:
            return None
        return {"h": [""] * (rows * (cols - 1)), "v": [""] * ((rows - 1) * cols)}

    def read(self, value: Any, rows: int, cols: int) -> dict | None:
        """A copy of the state's marks (blanks where absent), every sign one of the layout's."""
        got = known_dict(value, "marks", ("h", "v") if self.marks else ())
        if self.marks is None:
            return None
        blank = self.blank(rows, cols)
        return {way: _signs(got.get(way), blank[way], self.marks[way], way, cols - (way == "h")) for way in ("h", "v")}

    @staticmethod
    def move(marks: dict, move: Any, rows: int, cols: int, spec: Any) -> dict:
        """Each sign between the moved cells, read from the side the kind's `spec.signs` says."""
        new_rows, new_cols = (cols, rows) if move.swap else (rows, cols)
        out = {"h": [""] * (new_rows * (new_cols - 1)), "v": [""] * ((new_rows - 1) * new_cols)}
        for way, (dr, dc), width in (("h", (0, 1), cols - 1), ("v", (1, 0), cols)):
            for k, sign in enumerate(marks.get(way) or ()):
                if not sign:
                    continue
                r, c = divmod(k, width)
                first, second = move.place(r, c, rows, cols), move.place(r + dr, c + dc, rows, cols)
                low, high = min(first, second), max(first, second)
                less = spec.signs[way].index(sign) == 0
                to_way = "h" if low[0] == high[0] else "v"
                to_width = new_cols - 1 if to_way == "h" else new_cols
                out[to_way][low[0] * to_width + low[1]] = spec.signs[to_way][0 if less == (first == low) else 1]
        return out


def _signs(values: Any, blank: list[str], signs: list[str], way: str, per_row: int) -> list[str]:
    if values is None:
        return blank
    n = len(blank)
    if not isinstance(values, list):
        refuse(f"'state' marks.{way} must be a list of {n} strings, not {type_name(values)}", mark=way)
    if len(values) != n:
        refuse(f"'state' marks.{way} has {len(values):,} signs; this grid has {n}", mark=way)
    for i, sign in enumerate(values):
        if sign != "" and (not isinstance(sign, str) or sign not in signs):
            r, c = divmod(i, per_row) if per_row else (0, 0)
            refuse(f"'state' marks.{way} at r{r + 1}c{c + 1}: {excerpt(sign)} is not a sign "
                   f"(known: {' '.join(signs)}, or empty)", mark=way, r=r, c=c)
    return list(values)
