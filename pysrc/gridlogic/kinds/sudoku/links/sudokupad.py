"""SudokuPad and f-puzzles links in all their forms, each handed to its reader (`read_link`).

SudokuPad: `https://sudokupad.app/<id>`, `…/puzzle/<id>`, `https://app.crackingthecryptic.com/sudoku/<id>`
and `?puzzleid=<id>` on either host (also after another path, e.g. `/scf?puzzleid=…`); `beta.` and
`www.` hosts too. The id names its format by a prefix: `fpuzzles` or `fpuz` (an f-puzzles payload,
fpuzzles.py), `scl` or `ctc` (SudokuPad's own JSON, scl.py). An id without a prefix
(`https://sudokupad.app/abc123xyz`, `…/author/title`) is a short id: the puzzle is stored on
SudokuPad's server and cannot be read offline, which the error says. f-puzzles: `?load=<payload>`
(and its `?id=` short links, refused alike). A shortener may have collapsed `//` inside a payload
to `/`: the path after the host is taken whole, and the payload readers put the slashes back.
"""

from __future__ import annotations

import re

from gridlogic.kinds.sudoku.links import fpuzzles, scl
from gridlogic.errors import PuzzleSyntaxError, excerpt

_HOST = re.compile(r"^(?:https?://)?(?:(?:www|beta)\.)?(sudokupad\.app|app\.crackingthecryptic\.com)"
                   r"(/[^?#]*)?(\?[^#]*)?(?:#.*)?$", re.I | re.S)
_FORMAT = re.compile(r"^(fpuzzles|fpuz|scl|ctc|classic|scf)(.*)$", re.S)
READERS = {"fpuzzles": fpuzzles.read_payload, "fpuz": fpuzzles.read_payload,
           "scl": scl.read_payload, "ctc": scl.read_payload}


def is_link(url: str) -> bool:
    """True for an f-puzzles or SudokuPad link (of any form, readable offline or not)."""
    text = url.strip()
    return _HOST.match(text) is not None or fpuzzles.URL.match(text) is not None


def read_link(url: str) -> dict | None:
    """The puzzle dict of an f-puzzles or SudokuPad link, None for another URL (PuzzleSyntaxError: unreadable)."""
    text = url.strip()
    payload = fpuzzles.payload_of(text)
    if payload is not None:
        return fpuzzles.read_payload(payload)
    m = _HOST.match(text)
    if m is None:
        return None
    return read_puzzle_id(puzzle_id(m[2] or "", m[3] or ""))


def puzzle_id(path: str, query: str) -> str:
    """The puzzle id of a SudokuPad link: its `puzzleid` parameter, else its path less `/puzzle/`, `/sudoku/`."""
    for part in query.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name.lower() == "puzzleid" and value:
            return value
    path = path.lstrip("/")
    for prefix in ("puzzle/", "sudoku/"):
        if path.lower().startswith(prefix):
            return path[len(prefix):]
    return path


def read_puzzle_id(pid: str) -> dict:
    """The puzzle dict of a SudokuPad puzzle id (see the module docstring)."""
    if not pid:
        raise PuzzleSyntaxError("SudokuPad link without a puzzle (expected sudokupad.app/<puzzle>)")
    m = _FORMAT.match(pid)
    if m and m[1] in READERS:
        if not m[2]:
            raise PuzzleSyntaxError(f"SudokuPad link: nothing after {m[1]!r}")
        return READERS[m[1]](m[2])
    if m and len(m[2]) > 20:
        raise PuzzleSyntaxError(f"SudokuPad's {m[1]!r} form is not read here (only fpuzzles, fpuz, scl and ctc)")
    raise PuzzleSyntaxError(f"SudokuPad puzzle {excerpt(pid)} is a short id: the puzzle is stored on SudokuPad's "
                            "server and cannot be read offline (use a link that holds the puzzle itself, such as "
                            "sudokupad.app/scl… or f-puzzles' ?load=…)")
