"""Whether an editing state holds only what its kind's layout allows (gridlogic/layout.py)."""

from __future__ import annotations

import json
import re

SIDES = {"left": "rows", "right": "rows", "top": "cols", "bottom": "cols"}


def state_problems(layout: dict, state: dict) -> list[str]:
    """Every way the state strays from the layout: size, keys, lengths, values, patterns (empty: fits)."""
    json.dumps(state)
    out = []
    rows, cols = state["rows"], state["cols"]
    lo, hi = layout.get("min_size", {"rows": 1, "cols": 1}), layout["max_size"]
    if not (lo["rows"] <= rows <= hi["rows"] and lo["cols"] <= cols <= hi["cols"]):
        out.append(f"size {rows}×{cols} outside {lo} .. {hi}")
    if layout.get("square") and rows != cols:
        out.append(f"size {rows}×{cols} is not square")
    if not layout.get("free_size") and {"rows": rows, "cols": cols} not in [
            {"rows": s["rows"], "cols": s["cols"]} for s in layout["sizes"]]:
        out.append(f"size {rows}×{cols} is not in the menu")
    cell = layout.get("cell", {})
    if len(state["cells"]) != rows * cols:
        out.append(f"{len(state['cells'])} cells for {rows}×{cols}")
    symbols = cell.get("symbols", "")
    if isinstance(symbols, dict):
        symbols = symbols.get(str(rows), "")
    tokens = {s["token"] for s in cell.get("states", ())}
    for i, value in enumerate(state["cells"]):
        if value == "" or value in tokens or (len(value) == 1 and value in symbols):
            continue
        numbers = cell.get("numbers")
        if numbers and re.fullmatch(r"[1-9][0-9]*|0", value) and numbers[0] <= int(value) <= numbers[1]:
            continue
        out.append(f"cell {i}: {value!r} is no value of the layout")
    if cell.get("editable") is False and any(state["cells"]):
        out.append("cells hold values but are not editable")
    edges = {e["key"]: e for e in layout.get("edges", ())}
    if set(state.get("edges", {})) != set(edges):
        out.append(f"edge keys {sorted(state.get('edges', {}))} are not {sorted(edges)}")
    for key, values in state.get("edges", {}).items():
        edge = edges.get(key)
        if edge is None:
            continue
        if len(values) != state[SIDES[edge["side"]]]:
            out.append(f"edge {key}: {len(values)} fields")
        out += [f"edge {key} {i}: {v!r}" for i, v in enumerate(values) if not _fits(edge, v)]
    extras = {e["key"]: e for e in layout.get("extras", ())}
    if set(state.get("extras", {})) != set(extras):
        out.append(f"extra keys {sorted(state.get('extras', {}))} are not {sorted(extras)}")
    out += [f"extra {key}: {v!r}" for key, v in state.get("extras", {}).items()
            if key in extras and not _fits(extras[key], v)]
    if "marks" in state and "marks" not in layout:
        out.append("marks in a layout without marks")
    parts = [part["key"] for part in layout.get("parts", ())]
    if sorted(state.get("parts", {})) != sorted(parts) and (parts or "parts" in state):
        out.append(f"part keys {sorted(state.get('parts', {}))} are not {sorted(parts)}")
    for key, items in state.get("parts", {}).items():
        names = next((set(c["name"] for c in p["choices"]) for p in layout.get("parts", ()) if p["key"] == key), set())
        out += [f"part {key} item {i}: {item!r}" for i, item in enumerate(items)
                if item.get("name") not in names or not item.get("cells")]
    return out


def _fits(field: dict, value: str) -> bool:
    return (isinstance(value, str) and len(value) <= field.get("max_length", 10 ** 9)
            and re.search(field.get("pattern", ""), value) is not None)


