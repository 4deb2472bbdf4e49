"""The link ops: a pasted link or game ID read as a puzzle (`link_import`), and a puzzle written as a
link (`link_export`), both through gridlogic.links' one door.
"""

from __future__ import annotations

from gridlogic import budget
from gridlogic.api.kinds import puzzle_of
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS, exports_of, rules_of


def op_link_import(clean: dict, progress=None) -> dict:
    """A puzz.link URL, a Tatham game ID or permalink (Pattern, Unequal, Solo), an f-puzzles or SudokuPad
    link, or a link of this page (`#kind[,rules]/v3.…` or `v2.…`, older payloads, `#kind=…&p=…`,
    `?kind=…&p=…`), as {kind, text, rules, state, source, title, author, rules_text, warnings, entries}
    (the text in the kind's canonical format; `source` "puzzlink" for puzz.link and pzv.jp, "tatham",
    "page", or the payload's format of a variant link, "f-puzzles" or "scl"; `warnings` what a variant
    link drew that is not read as a rule; `entries` the player's values a link stored beside its givens,
    [r, c, value] each). Read within `budget_ms`: a link not read by then is refused, naming the budget
    (there is no part of a puzzle to answer with)."""
    from gridlogic.links import import_link

    try:
        with budget.active(budget.Budget(clean["budget_ms"])):
            found = import_link(clean["url"])
            kind, puzzle = found.kind, found.puzzle
            text, state = kind.format(puzzle), kind.to_state(puzzle)
    except budget.BudgetExceeded:
        raise RequestError(f"the link was not read within the time budget of {clean['budget_ms']:,} ms",
                           field="budget_ms") from None
    return {"kind": kind.KEY, "text": text, "rules": list(rules_of(kind, puzzle, found.rules)),
            "state": state,
            "source": found.source, "title": found.title, "author": found.author, "rules_text": found.rules_text,
            "warnings": list(found.warnings), "entries": [list(x) for x in found.entries]}


LINK_FORMATS = tuple(dict.fromkeys(format for kind in KINDS for format in exports_of(kind)))
"""Every link format some kind exports (the registry's `exports_of`): "page", "puzzlink", then the kinds' own."""


def op_link_export(clean: dict, progress=None) -> dict:
    """A link of a puzzle given as {kind, text or state, rules} and its `title`, `author` and `rules_text`
    (each optional), in `format`: this page's share link (the default: `base` + `#kind[,rules]/v3.…`,
    the fragment alone without `base`), a puzz.link URL, or one of the kind's own formats (its EXPORTS,
    such as f-puzzles `?load=` and SudokuPad links). The rules are the puzzle's: those asked for and its
    text's own; the page's links and the kinds' own formats carry title, author and rules text, puzz.link
    URLs have no room for them."""
    from gridlogic.links import export_link

    if clean["base"] is not None and clean["format"] != "page":
        raise RequestError(f"'base' is for format page, not {clean['format']}", field="base")
    puzzle = puzzle_of(clean)
    about = {key: clean[key] for key in ("title", "author", "rules_text") if clean[key]}
    return {"url": export_link(clean["kind"], puzzle, clean["format"], rules=clean["rules"], base=clean["base"],
                              about=about)}
