"""SudokuPad's "zipped" puzzle JSON (its PuzzleZipper), read back into plain JSON values.

SudokuPad shortens a puzzle's JSON before compressing it: keys are renamed (PROPS: cells → ce,
regions → re, wayPoints → wp, title → t, ...) and left unquoted; the two quote characters are swapped
(`'` delimits strings, `\\'` is a quote inside one); `true`/`false` after a colon become `t`/`f`;
colours after a colon lose their quotes and `#` (`#000000` → `#0`, `#FFFFFF` → `#F`, `#12ab34` →
`12ab34`); an empty object in an array is left out (`[,,]` is three of them, `[]` one). Reading
undoes each step as SudokuPad does, with a parser in place of its regular expressions (so text
inside strings is never touched; it ticks the active budget as it goes, gridlogic/budget.py); a text
that already is JSON is taken as it is.
"""

from __future__ import annotations

import json
import re

from gridlogic.budget import tick
from gridlogic.errors import PuzzleSyntaxError, excerpt

PROPS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2", "cells": "ce",
         "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w", "height": "h",
         "value": "v", "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te", "duration": "d"}
UNZIP = {short: long for long, short in PROPS.items()}
MAX_DEPTH = 100
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BARE = re.compile(r"[#A-Za-z0-9_.+$-]+")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_QUOTE = "\ue000"              # stands for an escaped quote while the quotes are swapped back


def read(text: str) -> object:
    """The JSON value of a puzzle text, plain or zipped (a PuzzleSyntaxError when it is neither)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if '"' not in text:
        text = text.replace("\\'", _QUOTE).replace("'", '"').replace(_QUOTE, "'")
    value, end = _Parser(text).value(0, 0, after_colon=False)
    end = _skip(text, end)
    if end != len(text):
        raise PuzzleSyntaxError(f"its text is neither JSON nor zipped JSON: {excerpt(text[end:])} after the end")
    return _long_keys(value)


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


class _Parser:
    """A recursive-descent reader of the zipped form (JSON, plus bare keys and tokens, and elisions)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, i: int, what: str) -> PuzzleSyntaxError:
        """The error for what is wrong at character i."""
        return PuzzleSyntaxError(f"its text is neither JSON nor zipped JSON: {what} at character {i + 1} "
                                 f"({excerpt(self.text[i:i + 20])})")

    def value(self, i: int, depth: int, after_colon: bool) -> tuple[object, int]:
        """The value starting at i (after a key's colon, bare colours read as colours), and where it ends."""
        text = self.text
        i = _skip(text, i)
        if depth > MAX_DEPTH:
            raise self.fail(i, f"more than {MAX_DEPTH} levels of nesting")
        if i >= len(text):
            raise self.fail(i, "it ends early")
        ch = text[i]
        if ch == "{":
            return self.obj(i + 1, depth)
        if ch == "[":
            return self.array(i + 1, depth)
        if ch == '"':
            return self.string(i)
        m = _BARE.match(text, i)
        if not m:
            raise self.fail(i, "unexpected character")
        return self.bare(m[0], i, after_colon), m.end()

    def string(self, i: int) -> tuple[str, int]:
        """The quoted string starting at i, and where it ends."""
        m = _STRING.match(self.text, i)
        if not m:
            raise self.fail(i, "a string never closes")
        try:
            return json.loads(m[0], strict=False), m.end()
        except ValueError:
            raise self.fail(i, "a string has a bad escape") from None

    def bare(self, word: str, i: int, after_colon: bool) -> object:
        """An unquoted token's value: t/f, #0/#F, a colour without `#`, a number."""
        if after_colon and _HEX6.fullmatch(word):
            return "#" + word
        special = {"t": True, "f": False, "true": True, "false": False, "null": None,
                   "#0": "#000000", "#F": "#FFFFFF"}
        if word in special:
            return special[word]
        if _NUMBER.fullmatch(word) and len(word) <= 40:
            return json.loads(word)
        raise self.fail(i, f"{excerpt(word)} is no value")

    def obj(self, i: int, depth: int) -> tuple[dict, int]:
        """The object whose `{` was just before i, and where it ends."""
        text, out = self.text, {}
        i = _skip(text, i)
        if i < len(text) and text[i] == "}":
            return out, i + 1
        while True:
            tick()
            i = _skip(text, i)
            if text.startswith('"', i):
                key, i = self.string(i)
            else:
                m = _BARE.match(text, i)
                if not m:
                    raise self.fail(i, "a key is missing")
                key, i = m[0], m.end()
            i = _skip(text, i)
            if i >= len(text) or text[i] != ":":
                raise self.fail(i, "':' is missing")
            out[key], i = self.value(i + 1, depth + 1, after_colon=True)
            i, done = self.after_item(_skip(text, i), "}")
            if done:
                return out, i

    def array(self, i: int, depth: int) -> tuple[list, int]:
        """The array whose `[` was just before i (elided items are empty objects), and where it ends."""
        text, out = self.text, []
        while True:
            tick()
            i = _skip(text, i)
            if i < len(text) and text[i] in ",]":
                out.append({})                   # an elided empty object
            else:
                item, i = self.value(i, depth + 1, after_colon=False)
                out.append(item)
                i = _skip(text, i)
            i, done = self.after_item(i, "]")
            if done:
                return out, i

    def after_item(self, i: int, close: str) -> tuple[int, bool]:
        """Past the `,` or the closing bracket after an item, and whether it closed."""
        if i < len(self.text) and self.text[i] in "," + close:
            return i + 1, self.text[i] == close
        raise self.fail(i, f"',' or '{close}' is missing")


def _long_keys(value: object) -> object:
    """Keys back to their long names and `123abc`-like strings back to colours, all the way down."""
    if isinstance(value, dict):
        return {UNZIP.get(k, k): _long_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_long_keys(v) for v in value]
    if isinstance(value, str) and _HEX6.fullmatch(value):
        return "#" + value
    return value
