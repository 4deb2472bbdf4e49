"""Links of this page, read back into puzzles: its share links (`v3.`, and `v2.` payloads) and those
of the page from before the one editor (up to commit 5acefc0).

The page made them in two forms, both after `#`: compact `#<kind>[,rule...]/<payload>`, whose
payload each old editor wrote (web/editors/*.js, encode()), and long `#kind=…&rules=…&p=<text>`
(earlier `?kind=…&rules=…&p=…`). An old payload becomes the very text the old editor showed for it
(its getText()), read by the kind's own `parse`: the link means what it meant then, refused where
parse refuses it. The kind reads its payload with its `from_old_link` hook, given an OldPayload (below)
that reads sizes, numbers and tokens within the kind's layout and refuses in the old link's words; the
most common payload, `COLSxROWS/cells` (a symbol per given, a-z a run of 1-26 empty cells), is its
`grid_text`. A kind without the hook had no compact links.

Share links today carry `v3.` payloads (earlier `v2.`), made from the editing state
(gridlogic/codecs/page/, the same codec as web/codecs/statelink.js). The page reads them itself; a v2 one
it refuses, because it holds an extra field the kind has since retired (variant clues as text lines
that are now typed parts, say), comes here: the kind's `RETIRED_EXTRAS` name those fields, and its
`upgrade_state` makes a state of today's layout of them.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import NoReturn
from urllib.parse import parse_qsl, unquote, urlsplit

from gridlogic.codecs import page, puzzlink
from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic import kinds as registry
from gridlogic.contract import layout_of, optional
from gridlogic.text import read_number
from gridlogic.layout import read_state

MAX_RULES = 20
MAX_DIGITS = 9                    # of a number in a payload (sums, pieces, clues)
RUNS = "abcdefghijklmnopqrstuvwxyz"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_COMPACT = re.compile(r"^([^,/]*)((?:,[^,/]*)*)/(.*)$", re.S)


def is_page_link(url: str) -> bool:
    """True for a link of this page (a puzzle after `#`, or `?kind=…&p=…`), not a puzz.link URL."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    if puzzlink.is_query(parts.query):
        return False
    return bool(parts.fragment) or any(key in ("kind", "p") for key, _ in parse_qsl(parts.query))


def import_link(url: str) -> tuple[ModuleType, tuple[str, ...], object, dict]:
    """The kind, rules and puzzle of a link of this page (compact or long form), and what it says of the
    puzzle (a share link's title, author and rules text, as gridlogic.links.Imported's fields)."""
    parts = urlsplit(url.strip())
    fragment = parts.fragment
    if fragment and not re.match(r"^(kind|rules|p)=", fragment):
        key, rules, payload = _split_compact(fragment)
        kind = _kind(key)
        rules = _rules(kind, rules)
        if payload.startswith((page.VERSION, page.OLD_VERSION)):
            return kind, *share_puzzle(kind, payload, rules), _about(kind, payload)
        return kind, rules, kind.parse(legacy_text(kind, payload), rules=rules), {}
    params = dict(parse_qsl(fragment or parts.query, keep_blank_values=True))
    if not params.get("kind"):
        raise RequestError("the link has a puzzle but no kind= naming its puzzle kind", field="url")
    kind = _kind(params["kind"])
    if "p" not in params:
        raise RequestError(f"the link names the kind {excerpt(params['kind'])} but has no puzzle (p=…)", field="url")
    rules = _rules(kind, [r for r in params.get("rules", "").split(",") if r])
    return kind, rules, kind.parse(params["p"], rules=rules), {}


def _about(kind: ModuleType, payload: str) -> dict:
    """The title, author and rules text of a share-link payload's `i1.` segment ({} without one)."""
    segment = next((s for s in payload.split("/")[1:] if s.startswith(page.ABOUT)), None)
    if segment is None:
        return {}
    about = page.decode_about(segment)
    if about is None:
        raise PuzzleSyntaxError(f"{kind.TITLE} link: its title and author {excerpt(segment)} are damaged")
    return about


def share_puzzle(kind: ModuleType, payload: str, rules: tuple[str, ...]) -> tuple[tuple[str, ...], object]:
    """The rules and puzzle of a share-link payload (`v3.…` or `v2.…`, the player's progress after a
    `/` left aside); a v2 payload may hold the kind's retired extra fields, read as its text."""
    payload = payload.split("/", 1)[0]
    layout = layout_of(kind)
    state = page.decode_state(layout, payload)
    names = optional(kind, "RETIRED_EXTRAS") or ()
    if state is None and names and payload.startswith(page.OLD_VERSION):
        older = {**layout, "extras": [*(layout.get("extras") or []), *({"key": name} for name in names)]}
        state = page.decode_state(older, payload)
        if state is not None:
            state, more_rules = kind.upgrade_state(state)
            rules = _rules(kind, [*rules, *more_rules])           # (the text may name rules of its own)
    if state is None:
        raise PuzzleSyntaxError(f"{kind.TITLE} link {excerpt(payload)} does not read: it is damaged or cut short")
    try:
        state = read_state(layout, state)
    except RequestError as err:
        raise PuzzleSyntaxError(f"{kind.TITLE} link {excerpt(payload)} does not fit: {err.message}") from None
    return rules, kind.from_state(state, rules=rules)


def legacy_state(kind: ModuleType, payload: str) -> dict:
    """The editing state (gridlogic/layout.py) of an old compact payload of `kind`."""
    return kind.to_state(kind.parse(legacy_text(kind, payload)))


def legacy_text(kind: ModuleType, payload: str) -> str:
    """The text the old editor of `kind` showed for a payload, or a PuzzleSyntaxError saying what is off."""
    reader = optional(kind, "from_old_link")
    if reader is None:
        raise RequestError(f"{kind.TITLE} had no compact links", field="url")
    return reader(OldPayload(kind, payload))


def _split_compact(fragment: str) -> tuple[str, list[str], str]:
    if re.search(r"%(?![0-9A-Fa-f]{2})", fragment):
        raise RequestError(f"the link is damaged: {excerpt('#' + fragment)} has a broken %-escape "
                           "(was it cut short?)", field="url")
    try:
        text = unquote(fragment, errors="strict")
    except UnicodeDecodeError:
        raise RequestError(f"the link is damaged: {excerpt('#' + fragment)} is not UTF-8 once unescaped",
                           field="url") from None
    m = _COMPACT.match(text)
    if not m:
        raise RequestError(f"{excerpt('#' + text)} is not a puzzle link (expected #kind/puzzle, e.g. "
                           "#<kind>/<puzzle>)", field="url")
    return m.group(1), [r for r in m.group(2).split(",") if r], m.group(3)


def _kind(key: str) -> ModuleType:
    return registry.get_kind(key, field="url", what="the link names an unknown puzzle kind")


def _rules(kind: ModuleType, names: list[str]) -> tuple[str, ...]:
    if len(names) > MAX_RULES:
        raise RequestError(f"the link names {len(names):,} rules (at most {MAX_RULES})", field="url")
    known = registry.rule_names(kind)
    for name in names:
        if name.strip().lower() not in known:
            offer = f"known: {', '.join(known)}" if known else f"{kind.KEY} has no rule variants"
            raise RequestError(f"the link names a {kind.KEY} rule {excerpt(name)} it does not know ({offer})",
                               field="url")
    return tuple(name.strip().lower() for name in names)


# -- the old payloads ---------------------------------------------------------------------------------
class OldPayload:
    """An old compact payload of a kind, for its `from_old_link`: its parts read within the kind's
    layout (so nothing large gets expanded), anything off refused as "old <kind> link …: why"."""

    RUNS = RUNS
    B36 = B36

    def __init__(self, kind: ModuleType, payload: str):
        self.kind = kind
        self.payload = payload

    def refuse(self, why: str) -> NoReturn:
        """A PuzzleSyntaxError saying what is off with the payload."""
        raise PuzzleSyntaxError(f"old {self.kind.TITLE} link {excerpt(self.payload)}: {why}")

    def match(self, pattern: str) -> re.Match:
        """The payload matched whole by `pattern` (refused when it does not match)."""
        m = re.fullmatch(pattern, self.payload)
        if not m:
            self.refuse("not a payload the old page wrote")
        return m

    def size(self, cols_word: str, rows_word: str) -> tuple[int, int]:
        """(rows, cols) of the payload: within the kind's layout bounds, and one of its sizes unless the
        size is free (as the old editors had it)."""
        cols, rows = read_number(cols_word, 4), read_number(rows_word, 4)
        layout = layout_of(self.kind)
        high = layout["max_size"]
        if cols is None or rows is None or rows > high["rows"] or cols > high["cols"] or rows < 1 or cols < 1:
            self.refuse(f"size {excerpt(cols_word)}x{excerpt(rows_word)} is outside 1x1 .. "
                        f"{high['cols']}x{high['rows']}")
        sizes = [(s["rows"], s["cols"]) for s in layout["sizes"]]
        if not layout.get("free_size") and (rows, cols) not in sizes:
            self.refuse(f"{cols}x{rows} is not a size of {self.kind.TITLE} "
                        f"({', '.join(f'{c}x{r}' for r, c in sizes)})")
        return rows, cols

    def number(self, word: str) -> int:
        """A number of at most MAX_DIGITS digits."""
        n = read_number(word, MAX_DIGITS)
        if n is None:
            self.refuse(f"{excerpt(word)} is not a number of at most {MAX_DIGITS} digits")
        return n

    def tokens(self, body: str, pattern: str) -> list[re.Match]:
        """Every token of `body`, one after another (a character no token starts with is refused)."""
        out = []
        at = 0
        token = re.compile(pattern)
        while at < len(body):
            m = token.match(body, at)
            if not m:
                self.refuse(f"unexpected {excerpt(body[at])} at character {at + 1} of the cells")
            out.append(m)
            at = m.end()
        return out

    def count(self, found: int, rows: int, cols: int) -> None:
        """Refuse a payload whose cells are not rows × cols (`found` past them stops counting)."""
        if found != rows * cols:
            self.refuse(f"{found}{'+' if found > rows * cols else ''} cells for {cols}x{rows}")

    def grid_text(self) -> str:
        """The text of a `COLSxROWS/cells` payload: a symbol per given, a-z a run of 1-26 empty cells."""
        m = self.match(r"([0-9]+)x([0-9]+)/([0-9A-Za-z]*)")
        rows, cols = self.size(m.group(1), m.group(2))
        cells: list[str] = []
        for ch in m.group(3):
            cells += ["."] * (RUNS.index(ch) + 1) if ch in RUNS else [ch]
            if len(cells) > rows * cols:
                break
        self.count(len(cells), rows, cols)
        return "\n".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
