"""Links, in one place: `import_link` says what a pasted link is and reads it, `export_link` writes one.

A link is tried as each form in turn:
1. a kind's own forms, through its `read_link` hook (f-puzzles and SudokuPad links, say);
2. Simon Tatham's game IDs and permalinks (tatham.py): a kind names its game in `TATHAM_GAME` and reads
   the ID with `from_tatham`;
3. links of this page: share links `#<kind>[,rules]/v3.…` and older ones (codecs/page/, legacy.py; a
   kind reads its old payloads with `from_old_link`);
4. puzz.link and pzv.jp URLs (codecs/puzzlink.py): a kind reads and writes its data with `from_puzzlink` and
   `to_puzzlink`, under the pid `PUZZLINK_ID` (else its KEY), and reads the other pids pzprjs takes for
   it (`PUZZLINK_ALIASES`).
The hooks are declared in gridlogic/contract; this package finds the kinds through the registry and
names none. `parse_text` is the door for puzzle text: a text that is a puzz.link URL or a Tatham link
(anything but a bare game ID, which is the kind's own text) is read here, for the kind asked for;
anything else by the kind's `parse`. This package stands above the kinds: the codecs they read and
write links with are gridlogic/codecs/, which name no kind. Its modules import each other at once: a
restored interpreter in the browser imports nothing new (web/worker.js).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic import kinds as registry
from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt, known_list
from gridlogic.contract import layout_of, optional
from gridlogic.codecs import page, puzzlink
from gridlogic.links import legacy, tatham

@dataclass(frozen=True)
class Imported:
    """What a link holds: the kind, puzzle and rules; `source` its form ("puzzlink", "tatham", "page",
    or a kind's own, such as "f-puzzles" or "scl"); what a kind's own form carries beside the puzzle
    (title, author, rules text, what was not read as a rule, the player's entries [r, c, value])."""

    kind: ModuleType
    puzzle: Any
    rules: tuple[str, ...] = ()
    source: str = "puzzlink"
    title: str | None = None
    author: str | None = None
    rules_text: str | None = None
    warnings: tuple[str, ...] = ()
    entries: tuple[tuple[int, int, int], ...] = ()


def import_link(url: str, kind: ModuleType | None = None) -> Imported:
    """What a link holds (see the module docstring for the forms tried). With `kind`, the link is read
    as that kind's puzzle text: a bare Tatham ID as its game, and a link of another kind is refused with
    a PuzzleSyntaxError."""
    if kind is None:
        for owner in registry.KINDS:
            reader = optional(owner, "read_link")
            found = reader(url) if reader is not None else None
            if found is not None:
                return Imported(owner, **found)
    if tatham.is_tatham(url):
        owner, rules, puzzle = tatham.import_id(url, kind)
        return _checked(Imported(owner, puzzle, rules, "tatham"), kind, url)
    if kind is None and legacy.is_page_link(url):
        owner, rules, puzzle, about = legacy.import_link(url)
        return Imported(owner, puzzle, rules, "page", **about)
    return _checked(_import_puzzlink(url, registry.KINDS, kind), kind, url)


def _import_puzzlink(url: str, kinds: tuple[ModuleType, ...], kind: ModuleType | None) -> Imported:
    pid, cols, rows, body = puzzlink.split_url(url)
    readers = {pid: k for k in kinds if optional(k, "from_puzzlink") for pid in pids_of(k)}
    if kind is not None and readers.get(pid) is not kind:
        if optional(kind, "from_puzzlink") is None:
            raise PuzzleSyntaxError(f"{kind.TITLE} has no puzz.link form")
        raise PuzzleSyntaxError(f"not a puzz.link {kind.KEY} URL (it is for {excerpt(pid)}): {excerpt(url.strip())}")
    if pid not in readers:
        supported = [pid_of(k) for k in kinds if optional(k, "from_puzzlink")]
        raise RequestError(known_list(f"puzz.link puzzle type {excerpt(pid)} is not supported here", supported, ", "),
                           field="url")
    owner = readers[pid]
    unread = tuple(f"the link's setting {excerpt(flag)} is not read: {owner.TITLE} is solved here by its "
                   f"standard rules" for flag in puzzlink.flags_of(url))
    return Imported(owner, owner.from_puzzlink(cols, rows, body), warnings=unread)


def _checked(found: Imported, kind: ModuleType | None, url: str) -> Imported:
    if kind is not None and found.kind is not kind:
        raise PuzzleSyntaxError(f"{excerpt(url.strip())} is a {found.kind.TITLE} link, not {kind.TITLE}")
    return found


def pid_of(kind: ModuleType) -> str:
    """The pid puzz.link uses for a kind."""
    return optional(kind, "PUZZLINK_ID") or kind.KEY


def pids_of(kind: ModuleType) -> tuple[str, ...]:
    """Every pid read as a kind's: its own, then the other names pzprjs reads as it (`PUZZLINK_ALIASES`)."""
    return (pid_of(kind), *(optional(kind, "PUZZLINK_ALIASES") or ()))


def is_text_link(text: str) -> bool:
    """True for a puzzle text that is a link `parse_text` reads: a puzz.link URL, or a Tatham permalink
    or named ID (a bare game ID is left to the kind's parse)."""
    return puzzlink.is_url(text) or tatham.is_link(text)


def parse_text(kind: ModuleType, text: str, rules=()) -> Any:
    """The puzzle of a text given for `kind`: a link (`is_text_link`) read as that kind's, its rules and
    `rules` together; any other text by the kind's `parse`."""
    if not is_text_link(text):
        return kind.parse(text, rules=rules)
    found = import_link(text.strip(), kind)
    names = list(rules.split(",") if isinstance(rules, str) else rules or ())
    if not names:
        return found.puzzle
    return kind.from_state(kind.to_state(found.puzzle), rules=tuple(dict.fromkeys([*found.rules, *names])))


def export_link(kind: ModuleType, puzzle: Any, format: str = "page", rules=(),  # noqa: A002
                base: str | None = None, about: dict | None = None) -> str:
    """A link of a puzzle, its rules with it (as `rules` names them, then the others it holds): this
    page's share link (`base` + `#kind[,rules]/v3.…`, the fragment alone without `base`), a puzz.link URL, or one of the kind's own formats (its EXPORTS,
    written by its `write_link`); a RequestError names a format the kind does not export (the formats
    it exports are the registry's `exports_of`). The page's link and the kinds' own formats carry what
    `about` holds of the title, author and rules text ({"title", "author", "rules_text"})."""
    if format == "page":
        payload = page.encode_state(layout_of(kind), kind.to_state(puzzle))
        link = page.link_hash(kind.KEY, registry.rules_of(kind, puzzle, rules), payload)
        segment = page.encode_about(about)
        return f"{(base or '').split('#', 1)[0]}#{link}" + (f"/{segment}" if segment else "")
    if format == "puzzlink":
        writer = optional(kind, "to_puzzlink")
        if writer is None:
            raise RequestError(f"{kind.TITLE} has no puzz.link form", field="kind")
        return writer(puzzle)
    if format not in (optional(kind, "EXPORTS") or ()):
        raise RequestError(f"{kind.TITLE} has no {excerpt(format)} links (it exports: "
                           f"{', '.join(registry.exports_of(kind))})", field="format")
    return optional(kind, "write_link")(puzzle, format, about)
