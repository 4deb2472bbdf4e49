"""Long input and how much of it a message quotes (docs/api.md: at most 40 characters in a row).

`SHAPES` are 100,000-character inputs (the API's limit) of the shapes that once gave long messages,
`starts(kind)` valid starts of a kind's formats to put them after (`STARTS` where a kind has its own,
else the first lines of its examples); `quoted_run` finds a run of more than EXCERPT_CHARS characters
of a message in a request's strings. test_messages.py and the fuzz (fuzz_strategies.py) share them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from gridlogic.api import MAX_TEXT
from gridlogic.errors import EXCERPT_CHARS

N = MAX_TEXT

SHAPES: dict[str, Callable[[], str]] = {
    "one long line": lambda: "x" * N,
    "dollar line": lambda: "$" + "x" * (N - 1),
    "many lines": lambda: ("x" * 99 + "\n") * (N // 100),
    "short lines": lambda: "x\n" * (N // 2),
    "long number": lambda: "9" * N,
    "zeros": lambda: "0" * N,
    "numbers and spaces": lambda: "1 " * (N // 2),
    "numbers and commas": lambda: "1," * (N // 2),
    "dots": lambda: "." * N,
    "letters": lambda: "AB" * (N // 2),
    "accents": lambda: "é" * N,
    "circled digits": lambda: "①" * N,
    "emoji": lambda: "\U0001F600" * N,
    "control characters": lambda: "\x00\t" * (N // 2),
}
"""Inputs of N characters, made when called (a hundred of them at once would take 10 MB and more)."""

TOKENS = ("one long line", "long number", "numbers and spaces", "accents")
"""The shapes put after a valid start."""

STARTS = {
    "sudoku": ["1...\n..2.\n", "1...\n..{}2.\n.3..\n...4", "https://puzz.link/p?sudoku/4/4/", "1 . | "],
    "binary": ["0..1\n", "01", "0{}..1\n....\n....\n1..0"],
    "nonogram": ["$1\n", "width ", "width 2\nheight ", "width 2\nheight 2\nrows\n",
                 "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n", "width {}\nheight 2\nrows\n1\n1\ncolumns\n1\n1",
                 'title "', "2x2:", "2x2:1/1/", "2x2:1/{}/1/1", "https://puzz.link/p?nonogram/2/2/"],
    "kakuro": ["2 2\n- ", "3 3\n- 3, 3,\n,3 ", "3 3\n- {}, 3,\n,3 0 0\n,3 0 0", "https://puzz.link/p?kakuro/2/2/"],
    "puzlogic": ["cells 0 0 ", "cells 0 0 0\npieces ", "cells 0 0 0\npieces 1\nsum all 0 0 ", "level ",
                 "cells 0 0 {}\npieces 1"],
    "numbercross": ["AB\nAB\n\n", "AB\nAB\n\nsquare\n", "AB\nAB\n\n1\t", "AB\nAB\n\nmultiple of ",
                    "AB\nAB\n\n3 more than a ", "AB\nAB\n\n {}\tsquare\n2\tsquare", "AB\nAB\n\n{} more than a square"],
    "futoshiki": ["4:", "4:0,", "4de:1U,", ". . . .\n", "4:{},0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
                  "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/unequal.html#4:"],
}
"""Valid starts of a kind's formats, or valid texts with `{}` where the junk goes, for the kinds whose
formats have more to try than their examples show. puzz.link data is read only as far as the grid
needs, so after a puzz.link start only a character its data never holds is sure to be refused."""


def starts(kind: ModuleType) -> list[str]:
    """A kind's STARTS, or by default the first line of each of its examples (a valid start of its text)."""
    return STARTS.get(kind.KEY) or list(dict.fromkeys(e.text.split("\n", 1)[0] + "\n" for e in kind.EXAMPLES))

URLS = {
    "puzz.link body": "https://puzz.link/p?{pid}/4/4/{J}",
    "puzz.link cols": "https://puzz.link/p?{pid}/{D}/4/1",
    "puzz.link rows": "https://puzz.link/p?{pid}/4/{D}/1",
    "puzz.link pid": "https://puzz.link/p?{J}/4/4/1",
    "puzz.link no size": "https://puzz.link/p?{pid}_edit/{J}",
    "puzz.link variant": "https://puzz.link/p?{pid}/v:{J}/4/4/1",
    "pzv.jp": "http://pzv.jp/p.html?{pid}/4/4/{J}",
    "bare query": "?type=editor&{pid}/4/4/{J}",
    "page payload": "#{pid}/{J}",
    "page cells": "#{pid}/4x4/{J}",
    "page size": "#{pid}/{D}x4/a",
    "page rule": "#{pid},{J}/4x4/a",
    "page kind": "#{J}/4x4/a",
    "page broken escape": "#{pid}/4x4/%zz{J}",
    "page query": "https://example.org/gridlogic/?kind={pid}&p={J}",
    "page query kind": "?kind={J}&p=1",
    "page query rules": "?kind={pid}&rules={J}&p=1",
    "page query no puzzle": "#kind={J}",
    "page fragment query": "#kind={pid}&p={J}",
    "junk": "{J}",
}
"""Every form of URL link_import reads; `{J}` long junk, `{D}` a long number, `{pid}` a puzzle type."""


def long_url(form: str, pid: str) -> str:
    """A URL of `form` with N characters, ending in `!` (a character no link holds, so it is refused)."""
    url = URLS[form].format(pid=pid, J=SHAPES["one long line"](), D=SHAPES["long number"]())
    return url[:N - 1] + "!"


def splice(text: str, at: int, junk: str) -> str:
    """`junk` put into `text` at index `at`, cut so that the whole keeps N characters."""
    return text[:at] + junk[:max(0, N - len(text))] + text[at:]


def after(start: str, junk: str) -> str:
    """`junk` where `start` (one of STARTS) holds `{}`, else after it: N characters in all."""
    at = start.find("{}")
    return splice(start, len(start), junk) if at < 0 else splice(start.replace("{}", "", 1), at, junk)


def request_strings(value: Any) -> list[str]:
    """Every string in a request (dict keys too), however deep, longer than EXCERPT_CHARS."""
    out = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) > EXCERPT_CHARS:
                out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def quoted_run(message: str, inputs: list[str]) -> str | None:
    """A run of more than EXCERPT_CHARS characters of `message` that also occurs in one of `inputs`, else None.

    Any longer common run holds such a window, so only the message's windows of EXCERPT_CHARS + 1
    characters are looked up; a window with a character the input lacks is skipped without a search."""
    width = EXCERPT_CHARS + 1
    if len(message) < width:
        return None
    for text in inputs:
        if len(text) < width:
            continue
        absent = set(message) - set(text)
        for i in range(len(message) - width + 1):
            window = message[i:i + width]
            if absent and not absent.isdisjoint(window):
                continue
            if window in text:
                return window
    return None
