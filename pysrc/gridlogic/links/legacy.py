"""Links of this page, read back into puzzles: its share links (`v3.`, and `v2.` payloads) and those
of the page from before the one editor (up to commit 5acefc0).

The page made them in two forms, both after `#`: compact `#<kind>[,rule...]/<payload>`, whose
payload each old editor wrote (web/editors/*.js, encode()), and long `#kind=…&rules=…&p=<text>`
(earlier `?kind=…&rules=…&p=…`). An old payload becomes the very text the old editor showed for it
(its getText()), read by the kind's own `parse`: the link means what it meant then, refused where
parse refuses it.

Share links today carry `v3.` payloads (earlier `v2.`), made from the editing state
(gridlogic/links/page.py, the same codec as web/statelink.js). The page reads them itself; a v2 one
it refuses, because it holds an extra field the kind has since retired (sudoku's `drawn`: variant
clues as text lines, now typed parts), comes here: the kind's `RETIRED_EXTRAS` name those fields, and its
`upgrade_state` makes a state of today's layout of them.

Old payloads (sizes in decimal):
  sudoku, binary  COLSxROWS/cells: a symbol per given, a-z a run of 1-26 empty cells
  kakuro          COLSxROWS/cells: a-z a run of 1-26 white cells, A-Z of 1-26 black ones, D.R a
                  clue (down D, right R, either may be empty), _ between two clues
  nonogram        COLSxROWS/row clues/column clues: lines joined by -, numbers in a line by .
  puzlogic        COLSxROWS/positions/pieces/sums: - a gap, . an empty cell, 1-9 a-z a value of
                  1-35, ~NN one of 36-99; pieces joined by .; sums `a0.1.12` (a all, b blue; axis
                  0 row, 1 column; index; target) joined by _
  numbercross     N/region letters row by row/row clues joined by _, spaces as .
"""

from __future__ import annotations

import re
from types import ModuleType
from urllib.parse import parse_qsl, unquote, urlsplit

from gridlogic.links import page
from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic.kinds import get_kind, layout_of, rule_names
from gridlogic.kinds.contract import optional
from gridlogic.kinds._text import read_number
from gridlogic.layout import read_state

MAX_RULES = 20
MAX_DIGITS = 9                    # of a number in a payload (sums, pieces, clues)
RUNS = "abcdefghijklmnopqrstuvwxyz"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_COMPACT = re.compile(r"^([^,/]*)((?:,[^,/]*)*)/(.*)$", re.S)
_PUZZLINK = re.compile(r"^(?:type=[a-z]+&)?[A-Za-z0-9_]+/")


def is_page_link(url: str) -> bool:
    """True for a link of this page (a puzzle after `#`, or `?kind=…&p=…`), not a puzz.link URL."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    if _PUZZLINK.match(parts.query):
        return False
    return bool(parts.fragment) or any(key in ("kind", "p") for key, _ in parse_qsl(parts.query))


def import_link(url: str) -> tuple[ModuleType, tuple[str, ...], object]:
    """The kind, rules and puzzle of an old link of this page (compact or long form)."""
    parts = urlsplit(url.strip())
    fragment = parts.fragment
    if fragment and not re.match(r"^(kind|rules|p)=", fragment):
        key, rules, payload = _split_compact(fragment)
        kind = _kind(key)
        rules = _rules(kind, rules)
        if payload.startswith((page.VERSION, page.OLD_VERSION)):
            return kind, *share_puzzle(kind, payload, rules)
        return kind, rules, kind.parse(legacy_text(kind, payload), rules=rules)
    params = dict(parse_qsl(fragment or parts.query, keep_blank_values=True))
    if not params.get("kind"):
        raise RequestError("the link has a puzzle but no kind= naming its puzzle kind", field="url")
    kind = _kind(params["kind"])
    if "p" not in params:
        raise RequestError(f"the link names the kind {excerpt(params['kind'])} but has no puzzle (p=…)", field="url")
    rules = _rules(kind, [r for r in params.get("rules", "").split(",") if r])
    return kind, rules, kind.parse(params["p"], rules=rules)


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
    reader = READERS.get(kind.KEY)
    if reader is None:
        raise RequestError(f"{kind.TITLE} had no compact links", field="url")
    return reader(kind, payload)


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
                           "#sudoku/9x9/…)", field="url")
    return m.group(1), [r for r in m.group(2).split(",") if r], m.group(3)


def _kind(key: str) -> ModuleType:
    return get_kind(key, field="url", what="the link names an unknown puzzle kind")


def _rules(kind: ModuleType, names: list[str]) -> tuple[str, ...]:
    if len(names) > MAX_RULES:
        raise RequestError(f"the link names {len(names):,} rules (at most {MAX_RULES})", field="url")
    known = rule_names(kind)
    for name in names:
        if name.strip().lower() not in known:
            offer = f"known: {', '.join(known)}" if known else f"{kind.KEY} has no rule variants"
            raise RequestError(f"the link names a {kind.KEY} rule {excerpt(name)} it does not know ({offer})",
                               field="url")
    return tuple(name.strip().lower() for name in names)


# -- the old payloads ---------------------------------------------------------------------------------
def _refuse(kind: ModuleType, payload: str, why: str) -> None:
    raise PuzzleSyntaxError(f"old {kind.TITLE} link {excerpt(payload)}: {why}")


def _payload(kind: ModuleType, payload: str, pattern: str) -> re.Match:
    m = re.fullmatch(pattern, payload)
    if not m:
        _refuse(kind, payload, "not a payload the old page wrote")
    return m


def _size(kind: ModuleType, payload: str, cols_word: str, rows_word: str) -> tuple[int, int]:
    """(rows, cols) of a payload: within the kind's layout bounds (so nothing large gets expanded),
    and one of its sizes unless the size is free (as the old editors had it)."""
    cols, rows = read_number(cols_word, 4), read_number(rows_word, 4)
    layout = layout_of(kind)
    high = layout["max_size"]
    if cols is None or rows is None or rows > high["rows"] or cols > high["cols"] or rows < 1 or cols < 1:
        _refuse(kind, payload, f"size {excerpt(cols_word)}x{excerpt(rows_word)} is outside 1x1 .. "
                               f"{high['cols']}x{high['rows']}")
    sizes = [(s["rows"], s["cols"]) for s in layout["sizes"]]
    if not layout.get("free_size") and (rows, cols) not in sizes:
        _refuse(kind, payload, f"{cols}x{rows} is not a size of {kind.TITLE} "
                               f"({', '.join(f'{c}x{r}' for r, c in sizes)})")
    return rows, cols


def _number(kind: ModuleType, payload: str, word: str) -> int:
    n = read_number(word, MAX_DIGITS)
    if n is None:
        _refuse(kind, payload, f"{excerpt(word)} is not a number of at most {MAX_DIGITS} digits")
    return n


def _tokens(kind: ModuleType, payload: str, body: str, pattern: str) -> list[re.Match]:
    """Every token of `body`, one after another (a character no token starts with is refused)."""
    out = []
    at = 0
    token = re.compile(pattern)
    while at < len(body):
        m = token.match(body, at)
        if not m:
            _refuse(kind, payload, f"unexpected {excerpt(body[at])} at character {at + 1} of the cells")
        out.append(m)
        at = m.end()
    return out


def _grid_text(kind: ModuleType, payload: str) -> str:
    m = _payload(kind, payload, r"(\d+)x(\d+)/([0-9A-Za-z]*)")
    rows, cols = _size(kind, payload, m.group(1), m.group(2))
    cells: list[str] = []
    for ch in m.group(3):
        cells += ["."] * (RUNS.index(ch) + 1) if ch in RUNS else [ch]
        if len(cells) > rows * cols:
            break
    if len(cells) != rows * cols:
        _refuse(kind, payload, f"{len(cells)}{'+' if len(cells) > rows * cols else ''} cells for {cols}x{rows}")
    return "\n".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def _kakuro_text(kind: ModuleType, payload: str) -> str:
    m = _payload(kind, payload, r"(\d+)x(\d+)/([a-zA-Z0-9._]*)")
    rows, cols = _size(kind, payload, m.group(1), m.group(2))
    tokens: list[str] = []
    for t in _tokens(kind, payload, m.group(3), r"([a-z])|([A-Z])|(\d*)\.(\d*)|_"):
        if t.group(1) or t.group(2):
            run = t.group(0).lower()
            tokens += ["0" if t.group(1) else "-"] * (RUNS.index(run) + 1)
        elif t.group(0) != "_":
            down, right = (str(_number(kind, payload, w)) if w else "" for w in (t.group(3), t.group(4)))
            tokens.append(f"{down},{right}" if down or right else "-")
        if len(tokens) > rows * cols:
            break
    if len(tokens) != rows * cols:
        _refuse(kind, payload, f"{len(tokens)}{'+' if len(tokens) > rows * cols else ''} cells for {cols}x{rows}")
    return "\n".join([f"{rows} {cols}"] + [" ".join(tokens[r * cols:(r + 1) * cols]) for r in range(rows)])


def _nonogram_text(kind: ModuleType, payload: str) -> str:
    m = _payload(kind, payload, r"(\d+)x(\d+)/([\d.-]*)/([\d.-]*)")
    height, width = _size(kind, payload, m.group(1), m.group(2))
    lines = []
    for name, body, n in (("row", m.group(3), height), ("column", m.group(4), width)):
        clues = [""] if n == 1 and body == "" else body.split("-")
        if len(clues) != n:
            _refuse(kind, payload, f"{len(clues)} {name} clues for {n} {name}s")
        for clue in clues:
            if not re.fullmatch(r"(\d+(\.\d+)*)?", clue):
                _refuse(kind, payload, f"{name} clue {excerpt(clue)} is not numbers joined by '.'")
        lines.append([",".join(clue.split(".")) if clue else "0" for clue in clues])
    return "\n".join([f"width {width}", f"height {height}", "", "rows", *lines[0], "", "columns", *lines[1]]) + "\n"


def _puzlogic_text(kind: ModuleType, payload: str) -> str:
    m = _payload(kind, payload, r"(\d+)x(\d+)/([-.~0-9a-z]*)/([0-9.]*)/([ab0-9._]*)")
    rows, cols = _size(kind, payload, m.group(1), m.group(2))
    lines = []
    positions = _tokens(kind, payload, m.group(3), r"~(\d\d)|[-.0-9a-z]")
    if len(positions) != rows * cols:
        _refuse(kind, payload, f"{len(positions)} positions for {cols}x{rows}")
    for i, t in enumerate(positions):
        if t.group(0) != "-":
            value = 0 if t.group(0) == "." else int(t.group(1)) if t.group(1) else B36.index(t.group(0))
            lines.append(f"cells {i // cols} {i % cols} {value}")
    pieces = [str(_number(kind, payload, w)) for w in m.group(4).split(".") if w]
    lines.append(" ".join(["pieces", *pieces]))
    sums: dict[tuple[str, int, int], int] = {}
    for word in m.group(5).split("_") if m.group(5) else []:
        sm = re.fullmatch(r"([ab])([01])\.(\d+)\.(\d+)", word)
        if not sm:
            _refuse(kind, payload, f"sum {excerpt(word)} is not a0.INDEX.TARGET or b1.INDEX.TARGET")
        index, target = (_number(kind, payload, w) for w in sm.group(3, 4))
        sums[("all" if sm.group(1) == "a" else "blue", int(sm.group(2)), index)] = target
    lines += [f"sum {k} {axis} {index} {target}" for (k, axis, index), target in sorted(sums.items())]
    return "\n".join(lines)


def _numbercross_text(kind: ModuleType, payload: str) -> str:
    m = _payload(kind, payload, r"(\d+)/([A-Za-z]+)/([A-Za-z0-9._]*)")
    n, _ = _size(kind, payload, m.group(1), m.group(1))
    regions, words = m.group(2), m.group(3).split("_")
    if n < 2 or len(regions) != n * n or len(words) != n:
        _refuse(kind, payload, f"{len(regions)} region letters and {len(words)} clues for a {n}×{n} grid")
    grid = [regions[r * n:(r + 1) * n] for r in range(n)]
    return "\n".join(grid + [""] + [f"{r + 1}\t{' '.join(w.split('.'))}" for r, w in enumerate(words)])


READERS = {"sudoku": _grid_text, "binary": _grid_text, "kakuro": _kakuro_text, "nonogram": _nonogram_text,
           "puzlogic": _puzlogic_text, "numbercross": _numbercross_text}
"""The old editors' payload readers, by kind (kinds added since never had compact links)."""
