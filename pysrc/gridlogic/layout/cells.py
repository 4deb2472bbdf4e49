"""The cells: one value per cell, row by row ("" empty, a symbol, a number, a token and its fields)."""

from __future__ import annotations

from typing import Any

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.common import MAX_CELL, is_int, known_keys, need, refuse

LOOKS = ("black", "gap", "clue", "shaded", "given")
CELL_KEYS = ("symbols", "numbers", "word", "states", "empty", "blank_border", "blank_cell", "paint", "editable", "ring")
STATE_ENTRY_KEYS = ("key", "token", "label", "keys", "look", "glyph", "fields")
FIELD_KEYS = ("key", "label", "min", "max", "at")


class Cells:
    """The layout's `cell` and the state's `cells`."""

    key = "cells"

    def __init__(self, layout: dict) -> None:
        self.cell = layout["cell"]

    @staticmethod
    def check(layout: dict) -> str:
        """Check `cell`; every symbol it can hold, as one string."""
        cell = layout.get("cell")
        need(isinstance(cell, dict), "cell is not a dict")
        known_keys(cell, CELL_KEYS, "cell")
        symbols = cell.get("symbols", "")
        by_size = symbols.values() if isinstance(symbols, dict) else [symbols]
        if isinstance(symbols, dict):
            need(all(isinstance(k, str) and k.isdigit() for k in symbols), "cell.symbols keys are not sizes")
        for group in by_size:
            need(isinstance(group, str) and len(set(group)) == len(group) and not any(ch.isspace() for ch in group),
                 f"cell.symbols {group!r} is not a string of distinct one-character symbols")
        every = "".join(by_size)
        numbers = cell.get("numbers")
        if numbers is not None:
            need(isinstance(numbers, list) and len(numbers) == 2 and all(is_int(n) for n in numbers)
                 and 0 <= numbers[0] <= numbers[1] and len(str(numbers[1])) <= MAX_CELL,
                 f"cell.numbers {numbers!r} is not [lo, hi] of whole numbers of at most {MAX_CELL} digits")
        tokens = _check_states(cell.get("states", []), every, numbers is not None)
        word = cell.get("word")
        if word is not None:
            need(is_int(word) and 2 <= word <= MAX_CELL, f"cell.word {word!r} is not a whole number 2-{MAX_CELL}")
            need(numbers is not None and numbers[1] <= 9, "cell.word needs cell.numbers of one digit each")
        need(isinstance(cell.get("empty", {}), dict), "cell.empty is not a dict")
        for name in ("blank_border", "blank_cell"):
            blank = cell.get(name, "")
            need(blank == "" or blank in tokens or (isinstance(blank, str) and len(blank) == 1 and blank in every),
                 f"cell.{name} {blank!r} is not a token or symbol of the cell")
        for flag in ("paint", "editable", "ring"):
            need(isinstance(cell.get(flag, False), bool), f"cell.{flag} is not true or false")
        return every

    def blank(self, rows: int, cols: int) -> list[str]:
        """A fresh grid: `blank_cell`, row 0 and column 0 `blank_border`."""
        inner = self.cell.get("blank_cell", "")
        border = self.cell.get("blank_border", inner)
        return [border if r == 0 or c == 0 else inner for r in range(rows) for c in range(cols)]

    def read(self, cells: Any, rows: int, cols: int) -> list[str]:
        """A copy of the state's cells: rows·cols strings of at most MAX_CELL characters."""
        if not isinstance(cells, list):
            refuse(f"'state' cells must be a list of {rows * cols} strings, not {type_name(cells)}")
        if len(cells) != rows * cols:
            refuse(f"'state' cells has {len(cells):,} values; a {rows}×{cols} grid has {rows * cols}")
        for i, cell in enumerate(cells):
            r, c = divmod(i, cols)
            if not isinstance(cell, str):
                refuse(f"'state' cell r{r + 1}c{c + 1} must be a string, not {type_name(cell)}", r=r, c=c)
            if len(cell) > MAX_CELL:
                refuse(f"'state' cell r{r + 1}c{c + 1} is {excerpt(cell)}; a cell holds at most {MAX_CELL} "
                       f"characters", r=r, c=c)
        return list(cells)

    @staticmethod
    def move(cells: list[str], move: Any, rows: int, cols: int, spec: Any) -> list[str]:
        """Each value at its moved place, as the kind's `spec.cell` reads it after the move."""
        new_cols = rows if move.swap else cols
        out = [""] * (rows * cols)
        for i, value in enumerate(cells):
            r, c = move.place(*divmod(i, cols), rows, cols)
            out[r * new_cols + c] = spec.cell(value, move)
        return out


def _check_states(states: Any, every: str, numbers: bool) -> set[str]:
    """Check `cell.states`; their tokens."""
    tokens: set[str] = set()
    for i, state in enumerate(states):
        where = f"cell.states[{i}]"
        need(isinstance(state, dict), f"{where} is not a dict")
        known_keys(state, STATE_ENTRY_KEYS, where)
        token = state.get("token")
        need(isinstance(token, str) and len(token) == 1 and not token.isspace(), f"{where}.token is not one character")
        need(token not in every, f"{where}.token {token!r} is also a symbol")
        need(not (numbers and token.isdigit()), f"{where}.token {token!r} is a digit of a number")
        need(token not in tokens, f"{where}.token {token!r} is used twice")
        tokens.add(token)
        for name in ("key", "label", "keys"):
            need(isinstance(state.get(name), str), f"{where}.{name} is not a string")
        need(state.get("look") in LOOKS, f"{where}.look {state.get('look')!r} is not one of {', '.join(LOOKS)}")
        glyph = state.get("glyph", "?")
        need(isinstance(glyph, str) and 1 <= len(glyph) <= 2 and not glyph.isspace(),
             f"{where}.glyph is not one or two characters")
        widest = token
        for j, field in enumerate(state.get("fields", [])):
            here = f"{where}.fields[{j}]"
            need(isinstance(field, dict), f"{here} is not a dict")
            known_keys(field, FIELD_KEYS, here)
            need(isinstance(field.get("key"), str) and isinstance(field.get("label"), str),
                 f"{here} lacks key or label")
            need(is_int(field.get("min")) and is_int(field.get("max")) and 0 <= field["min"] <= field["max"],
                 f"{here} min/max are not whole numbers min <= max")
            need(field.get("at", "bl") in ("bl", "tr", "c"), f"{here}.at is not bl, tr or c")
            widest += ("," if j else "") + str(field["max"])
        need(len(widest) <= MAX_CELL, f"{where}: {widest!r} is longer than {MAX_CELL} characters")
    return tokens
