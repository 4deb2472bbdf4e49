"""Simon Tatham's game IDs and permalinks (REFERENCE-FORMATS.md §2), read for the kinds that name one of his
games in their `TATHAM_GAME` hook and read its descriptive IDs with `from_tatham`.

Accepted: a descriptive game ID `<params>:<desc>` alone, after a `#`, after the game's name and a colon
(`pattern:5x5:…`), or after the `#` of a page of the collection (`…/js/pattern.html#5x5:…`). The page
or the name says which game; a bare ID is told by its description (Tatham's games whose IDs are read
here): `/` between clues is Pattern, `,` between cells is Unequal, letters alone after `u` or covering
W·H+1 positions Unruly, one a kind's `is_tatham_id` claims its game, else Solo; read for a kind, it is that kind's game. A random-seed ID
(`5x5#12345`) is refused: only Tatham's generator can make it into a puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from types import ModuleType

from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic import kinds as registry
from gridlogic.contract import optional

_PAGE = re.compile(r"^[a-z][a-z0-9+.-]*://\S*?/([a-z]+)\.html#(.*)$", re.I | re.S)
_NAMED = re.compile(r"^([a-z]+):(.*)$", re.I | re.S)
_ID = re.compile(r"^#?([0-9]{1,4}(?:x[0-9]{1,4})?[a-z0-9]*)([:#])(.*)$", re.I | re.S)


def games(kinds: Iterable[ModuleType] | None = None) -> dict[str, ModuleType]:
    """Tatham's game name -> the kind that reads its IDs (of `kinds`, else of the registry)."""
    return {optional(k, "TATHAM_GAME"): k for k in kinds or registry.KINDS if optional(k, "TATHAM_GAME")}


def split(url: str) -> tuple[str | None, str] | None:
    """(the game named by the page or prefix, lower case, or None; the game ID) of a Tatham link, or None
    when `url` is not one."""
    text = url.strip()
    m = _PAGE.match(text) or _NAMED.match(text)
    game = None
    if m and m[1].lower() in games():
        game, text = m[1].lower(), m[2].strip()
    return (game, text.removeprefix("#")) if _ID.match(text) else None


def is_tatham(url: str) -> bool:
    """True for a Tatham game ID or permalink (see the module docstring)."""
    return split(url) is not None


def is_link(text: str) -> bool:
    """True for a Tatham link that is more than a bare game ID: after a `#`, a game's name or its page."""
    found = split(text)
    return found is not None and (found[0] is not None or text.strip().startswith("#"))


def game_of(game_id: str) -> str:
    """The game a bare descriptive ID is for, told by its description (see the module docstring)."""
    m = _ID.match(game_id)
    params, desc = m[1], m[3]
    for game, kind in games().items():
        owns = optional(kind, "is_tatham_id")
        if owns is not None and owns(game_id):
            return game
    if "/" in desc:
        return "pattern"
    if "," in desc and re.fullmatch(r"[0-9]+a?(?:d[a-z])?", params):
        return "unequal"
    if re.fullmatch(r"[a-z]*[BW][a-zBW]*", desc) and re.fullmatch(r"[0-9]+(?:x[0-9]+)?(?:d[a-z])?n?", params) \
            and _covers(desc) == _area(params):                # only B and W among the letters: Pearl
        return "pearl"
    size = re.fullmatch(r"([0-9]+)x([0-9]+)((?:u|d[a-z]?)*)", params)
    if size and re.fullmatch(r"[a-z]*", desc, re.I):
        if "u" in re.sub(r"d[a-z]?", "", size[3]):           # `u` is no flag of Solo's
            return "unruly"
        covered = sum(25 if ch in "zZ" else ord(ch.lower()) - ord("a") + 1 for ch in desc)
        if covered == int(size[1]) * int(size[2]) + 1:
            return "unruly"
    if re.fullmatch(r"[0-9]+x[0-9]+t[0-9]+(?:d[a-z])?", params):     # a grid type: Loopy's alone
        return "loopy"
    if re.fullmatch(r"[a-z0-9_]*", desc, re.I):
        return "solo"
    raise RequestError(f"not a game ID of Pattern, Unequal, Solo, Unruly or another game read here: {excerpt(game_id)}", field="url")


def _covers(desc: str) -> int:
    """The cells a description of clues and runs `a`-`z` covers (Pearl's, Loopy's)."""
    return sum(ord(ch) - ord("a") + 1 if "a" <= ch <= "z" else 1 for ch in desc)


def _area(params: str) -> int:
    """W·H of a game ID's `<W>x<H>` (or `<N>`: N·N)."""
    sides = re.match(r"([0-9]+)(?:x([0-9]+))?", params)
    return int(sides[1]) * int(sides[2] or sides[1])


def import_id(url: str, kind: ModuleType | None = None) -> tuple[ModuleType, tuple[str, ...], object]:
    """The kind, rules and puzzle of a Tatham game ID or permalink (a puzzle's `rules`, such as Solo's `x`
    read as the diagonal rule, come with it). With `kind`, the ID is read as that kind's game, and what
    is wrong is a PuzzleSyntaxError of its text."""
    def refuse(message: str):
        raise PuzzleSyntaxError(message) if kind is not None else RequestError(message, field="url")

    found = split(url)
    if found is None:
        refuse(f"not a Tatham game ID or permalink: {excerpt(url.strip())}")
    game, game_id = found
    m = _ID.match(game_id)
    if m[2] == "#":
        refuse(f"{excerpt(game_id)} is a random-seed ID: only Tatham's generator can make it into "
               "a puzzle (copy the game ID, with ':', instead)")
    readers = games()
    if kind is not None:
        own = optional(kind, "TATHAM_GAME")
        if own is None or (game is not None and game != own):
            refuse(f"{excerpt(url.strip())} is not a {kind.TITLE} puzzle"
                   + (f" (it is Tatham's {game.title()})" if game else ""))
        game = own
    game = game or game_of(game_id)
    if game not in readers:
        refuse(f"Tatham's {game.title()} is not read here (read: {', '.join(g.title() for g in readers)})")
    owner = readers[game]
    puzzle = owner.from_tatham(game_id)
    return owner, tuple(getattr(puzzle, "rules", ())), puzzle
