"""puzz.link URLs (REFERENCE-FORMATS.md §1): read the envelope, hand the data to the kind.

A kind takes part through the optional hooks of its contract (kinds/contract.py): `from_puzzlink(cols,
rows, body) -> Puzzle` (cols and rows are ints, already read from the URL) and/or
`to_puzzlink(puzzle) -> str` (the whole URL); its puzz.link id is `PUZZLINK_ID`, else its KEY. A
kind's `parse` accepts its own URL through `from_url`.
Accepted envelopes: `…/p?<pid>[_edit|_play]/[v:<variant>/][<flag>/]<cols>/<rows>/<body>` and
`…/p.html?…` (pzv.jp), with an optional `type=editor&` before the pid.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from types import ModuleType

from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic.kinds._text import is_number, read_number
from gridlogic.kinds.contract import optional

MAX_SIZE_DIGITS = 4        # cols/rows in a URL: larger sizes are refused by every kind anyway

_QUERY = re.compile(r"^(?:[a-z][a-z0-9+.-]*://[^?#\s]*)?\?(?:type=[a-z]+&)?(.*)$", re.I)


def puzzlink_id(kind: ModuleType) -> str:
    """The pid puzz.link uses for a kind."""
    return optional(kind, "PUZZLINK_ID") or kind.KEY


def split_url(url: str) -> tuple[str, int, int, str]:
    """(pid, cols, rows, body) of a puzz.link URL, or a PuzzleSyntaxError saying what is off."""
    text = url.strip()
    m = _QUERY.match(text)
    if not m:
        raise PuzzleSyntaxError(f"not a puzz.link URL (expected …/p?<puzzle>/<cols>/<rows>/<data>): "
                                f"{excerpt(text)}")
    parts = m.group(1).split("#", 1)[0].split("/")
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    rest = parts[1:]
    while rest and (rest[0].startswith("v:") or (rest[0] and not is_number(rest[0]))):
        rest = rest[1:]                               # variant and genre flags: not used here
    if len(rest) < 2 or not is_number(rest[0]) or not is_number(rest[1]):
        raise PuzzleSyntaxError(f"puzz.link URL for {excerpt(pid)} lacks <cols>/<rows>")
    cols, rows = (read_number(word, MAX_SIZE_DIGITS) for word in rest[:2])
    for word, value in zip(rest[:2], (cols, rows)):
        if value is None:
            raise PuzzleSyntaxError(f"puzz.link URL for {excerpt(pid)}: size {excerpt(word)} is too large")
    return pid, cols, rows, "/".join(rest[2:])


def looks_like_url(text: str, kind: ModuleType) -> bool:
    """True for one word holding `?<pid>` of this kind (a URL pasted where puzzle text goes)."""
    words = text.split()
    return len(words) == 1 and re.search(r"\?(?:type=[a-z]+&)?" + re.escape(puzzlink_id(kind)) + r"(?:_edit|_play)?/",
                                         words[0]) is not None


def from_url(kind: ModuleType, url: str):
    """The puzzle of a puzz.link URL for this kind (a PuzzleSyntaxError when it is another kind's)."""
    pid, cols, rows, body = split_url(url)
    if pid != puzzlink_id(kind):
        raise PuzzleSyntaxError(f"not a puzz.link {kind.KEY} URL (it is for {excerpt(pid)}): {excerpt(url.strip())}")
    reader = optional(kind, "from_puzzlink")
    if reader is None:
        raise PuzzleSyntaxError(f"{kind.TITLE} has no puzz.link form")
    return reader(cols, rows, body)


def import_url(url: str, kinds: Iterable[ModuleType]) -> tuple[ModuleType, object]:
    """The kind (one of `kinds`, the registry's) and puzzle of a puzz.link URL."""
    pid, cols, rows, body = split_url(url)
    readers = {puzzlink_id(k): (k, optional(k, "from_puzzlink")) for k in kinds if optional(k, "from_puzzlink")}
    if pid in readers:
        kind, reader = readers[pid]
        return kind, reader(cols, rows, body)
    known = ", ".join(readers)
    raise RequestError(f"puzz.link puzzle type {excerpt(pid)} is not supported here (supported: {known})",
                       field="url")


def export_url(kind: ModuleType, puzzle) -> str:
    """The puzz.link URL of a puzzle, or a RequestError when the kind has no puzz.link form."""
    writer = optional(kind, "to_puzzlink")
    if writer is None:
        raise RequestError(f"{kind.TITLE} has no puzz.link form", field="kind")
    return writer(puzzle)
