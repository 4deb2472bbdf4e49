"""Simon Tatham's game IDs and permalinks (REFERENCE-FORMATS.md §2), read for the kinds that have a form
there: Pattern (nonogram), Unequal (futoshiki), Solo (sudoku) and Unruly (binary, with `u` only).

Accepted: a descriptive game ID `<params>:<desc>` alone, after a `#`, after the game's name and a colon
(`pattern:5x5:…`), or after the `#` of a page of the collection (`…/js/pattern.html#5x5:…`). The page
or the name says which game; a bare ID is told by its description: `/` between clues is Pattern, `,`
between cells is Unequal, letters alone after `u` or covering W·H+1 positions Unruly, else Solo. A
random-seed ID (`5x5#12345`) is refused: only Tatham's generator can make it into a puzzle. So is an
Unruly ID without `u`: its lines may repeat, which a binary puzzle here forbids.
"""

from __future__ import annotations

import re
from types import ModuleType

from gridlogic.errors import RequestError, excerpt
from gridlogic.kinds import get_kind

GAMES = {"pattern": "nonogram", "unequal": "futoshiki", "solo": "sudoku", "unruly": "binary"}
_NAMES = "|".join(GAMES)
_PAGE = re.compile(rf"^[a-z][a-z0-9+.-]*://\S*?/({_NAMES})\.html#(.*)$", re.I | re.S)
_NAMED = re.compile(rf"^({_NAMES}):(.*)$", re.I | re.S)
_ID = re.compile(r"^#?([0-9]{1,4}(?:x[0-9]{1,4})?[a-z0-9]*)([:#])(.*)$", re.I | re.S)


def split(url: str) -> tuple[str | None, str] | None:
    """(the game named by the page or prefix, or None; the game ID) of a Tatham link, or None when `url`
    is not one."""
    text = url.strip()
    m = _PAGE.match(text) or _NAMED.match(text)
    game = None
    if m:
        game, text = m[1].lower(), m[2].strip()
    return (game, text.removeprefix("#")) if _ID.match(text) else None


def is_tatham(url: str) -> bool:
    """True for a Tatham game ID or permalink (see the module docstring)."""
    return split(url) is not None


def game_of(game_id: str) -> str:
    """The game a bare descriptive ID is for, told by its description (see the module docstring)."""
    m = _ID.match(game_id)
    params, desc = m[1], m[3]
    if "/" in desc:
        return "pattern"
    if "," in desc and re.fullmatch(r"[0-9]+a?(?:d[a-z])?", params):
        return "unequal"
    size = re.fullmatch(r"([0-9]+)x([0-9]+)((?:u|d[a-z]?)*)", params)
    if size and re.fullmatch(r"[a-z]*", desc, re.I):
        if "u" in re.sub(r"d[a-z]?", "", size[3]):           # `u` is no flag of Solo's
            return "unruly"
        covered = sum(25 if ch in "zZ" else ord(ch.lower()) - ord("a") + 1 for ch in desc)
        if covered == int(size[1]) * int(size[2]) + 1:
            return "unruly"
    if re.fullmatch(r"[a-z0-9_]*", desc, re.I):
        return "solo"
    raise RequestError(f"not a game ID of Pattern, Unequal, Solo or Unruly: {excerpt(game_id)}", field="url")


def import_id(url: str) -> tuple[ModuleType, tuple[str, ...], object]:
    """The kind, rules and puzzle of a Tatham game ID or permalink (Solo's `x` is the diagonal rule)."""
    found = split(url)
    if found is None:
        raise RequestError(f"not a Tatham game ID or permalink: {excerpt(url.strip())}", field="url")
    game, game_id = found
    m = _ID.match(game_id)
    if m[2] == "#":
        raise RequestError(f"{excerpt(game_id)} is a random-seed ID: only Tatham's generator can make it into "
                           "a puzzle (copy the game ID, with ':', instead)", field="url")
    game = game or game_of(game_id)
    kind = get_kind(GAMES[game])
    if game == "solo":
        puzzle = kind.from_solo(game_id)
    elif game == "unruly":
        puzzle = kind.from_unruly(game_id)
    elif game == "pattern":
        puzzle = kind.from_tatham(game_id)
    else:
        puzzle = kind.parse(game_id)
    return kind, tuple(getattr(puzzle, "rules", ())), puzzle
