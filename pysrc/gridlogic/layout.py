"""What the user edits, as data: every kind's layout and the editing state it describes.

A kind's `layout()` returns a JSON-safe dict that the page's one generic editor (web/editor.js)
draws without knowing the kind; `build.py` writes it into `kinds.json`, so the editor works before
the engine has loaded. The editor holds a *state* (below); the kind turns it into a puzzle with
`from_state(state)` and back with `to_state(puzzle)`. No text format is read in JS.

Layout (keys absent mean "none" / the default):

    sizes          [{"rows", "cols", "label", "box": [br, bc]?}]  the size menu (box: thick lines)
    default_size   {"rows", "cols"}
    min_size, max_size  {"rows", "cols"}: bounds of a typed size (free_size) and of a state
    free_size      bool: rows/cols may be typed within min..max (else only `sizes`)
    square         bool: rows == cols always
    size_note      str: shown next to the size controls
    cell           how a cell is edited and drawn:
        symbols    str, or {str(rows): str}: one-character values a cell may hold (a given)
        numbers    [lo, hi]: or whole numbers typed digit by digit (written in decimal)
        states     [{"key", "token", "label", "keys", "look", "fields"?}]: values that are not
                   symbols: `token` is the value stored in the state (one char, never a symbol);
                   `keys` the keyboard keys that set it; `look` one of black | gap | clue | shaded;
                   `fields` [{"key", "label", "min", "max", "at": "bl" | "tr"}] numbers held by a
                   cell in this state (kakuro's down/right sums): stored as token + ",".join(values)
        empty      {"label", "look"}: the empty cell ("" in the state)
        blank_border  the value of row 0 and column 0 in a fresh grid (kakuro "-"), else ""
        paint      bool: a tap paints the selected symbol; thick borders between different values
        editable   bool (default true): false when cells are drawn only (nonogram)
    edges          [{"key", "side", "label", "placeholder", "pattern", "max_length", "wide", "tone"}]
                   a text field per row (side left | right) or per column (top | bottom);
                   `pattern` a JS/Python regex the field must match to be sent (a hint, not a rule)
    marks          {"h": [symbols], "v": [symbols], "labels": {symbol: words}}: signs between
                   neighbouring cells, h between (r, c) and (r, c+1), v between (r, c) and (r+1, c)
    extras         [{"key", "label", "placeholder", "pattern", "max_length"}]: one text field each

State (what the editor holds, what share links carry, what `from_state` reads):

    {"rows": R, "cols": C,
     "cells":  [str] * R*C        row by row: "" empty, a symbol, a number, a token (+ fields)
     "edges":  {key: [str] * n}   n = R for left/right edges, C for top/bottom
     "marks":  {"h": [str] * R*(C-1), "v": [str] * (R-1)*C}     "" for no sign
     "extras": {key: str}}

Locations (`where` of errors, and the page's error overlay): {"r", "c"} a cell, {"row"} / {"col"}
a whole line, {"cells": [[r, c], ...]} several cells, {"edge": key, "index": i} an edge field,
{"mark": "h" | "v", "r", "c"} a sign, {"extra": key} an extra field.
"""
