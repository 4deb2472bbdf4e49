"""The link ops: a pasted link or game ID read as a puzzle (`link_import`), and a puzzle written as a
link (`link_export`).
"""

from __future__ import annotations

from gridlogic.api.kinds import puzzle_of
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS, exports_of, layout_of


def op_link_import(clean: dict, progress=None) -> dict:
    """A puzz.link URL, a Tatham game ID or permalink (Pattern, Unequal, Solo), an f-puzzles or SudokuPad
    link, or a link of this page (`#kind[,rules]/v3.…` or `v2.…`, older payloads, `#kind=…&p=…`,
    `?kind=…&p=…`), as {kind, text, rules, state, source, title, author, rules_text, warnings, entries}
    (the text in the kind's canonical format; `source` "puzzlink" for puzz.link and pzv.jp, "tatham",
    "page", or the payload's format of a variant link, "f-puzzles" or "scl"; `warnings` what a variant
    link drew that is not read as a rule; `entries` the player's values a link stored beside its givens,
    [r, c, value] each)."""
    from gridlogic import links, links_legacy, links_sudokupad, links_tatham

    variant = links_sudokupad.read_link(clean["url"])
    if variant is not None:
        return _variant_import(variant)
    if links_tatham.is_tatham(clean["url"]):
        kind, rules, puzzle = links_tatham.import_id(clean["url"])
        source = "tatham"
    elif links_legacy.is_page_link(clean["url"]):
        kind, rules, puzzle = links_legacy.import_link(clean["url"])
        source = "page"
    else:
        (kind, puzzle), rules = links.import_url(clean["url"], KINDS), ()
        source = "puzzlink"
    return {"kind": kind.KEY, "text": kind.format(puzzle), "rules": list(rules), "state": kind.to_state(puzzle),
            "source": source, "title": None, "author": None, "rules_text": None, "warnings": [], "entries": []}


def _variant_import(found: dict) -> dict:
    """The link_import answer of an f-puzzles or SudokuPad link read by links_sudokupad."""
    from gridlogic.kinds import sudoku
    from gridlogic.kinds.sudoku.grid import make_puzzle, normalize_rules

    rules = normalize_rules(found["rules"])
    puzzle = make_puzzle(found["size"], tuple(found["givens"]), rules,
                         None if found["regions"] is None else tuple(found["regions"]), tuple(found["constraints"]))
    return {"kind": sudoku.KEY, "text": sudoku.format(puzzle), "rules": list(rules), "state": sudoku.to_state(puzzle),
            "source": found["source"], "title": found.get("title"), "author": found.get("author"),
            "rules_text": found.get("rules_text"), "warnings": list(found.get("warnings", ())),
            "entries": [list(x) for x in found.get("entries", ())]}


LINK_FORMATS = ("page", "puzzlink", "fpuzzles", "sudokupad")


def op_link_export(clean: dict, progress=None) -> dict:
    """A link of a puzzle given as {kind, text or state, rules}, in `format`: this page's share link (the
    default: `base` + `#kind[,rules]/v3.…`, the fragment alone without `base`), a puzz.link URL, or, for
    sudoku with its variant constraints, an f-puzzles `?load=` link or a SudokuPad link."""
    from gridlogic import links, links_fpuzzles, statelink

    if clean["base"] is not None and clean["format"] != "page":
        raise RequestError(f"'base' is for format page, not {clean['format']}", field="base")
    puzzle = puzzle_of(clean)
    kind = clean["kind"]
    if clean["format"] == "page":
        payload = statelink.encode_state(layout_of(kind), kind.to_state(puzzle))
        base = (clean["base"] or "").split("#", 1)[0]
        return {"url": f"{base}#{statelink.link_hash(kind.KEY, clean['rules'], payload)}"}
    if clean["format"] == "puzzlink":
        return {"url": links.export_url(clean["kind"], puzzle)}
    if clean["format"] not in exports_of(kind):
        holding = ", ".join(k.KEY for k in KINDS if clean["format"] in exports_of(k))
        raise RequestError(f"{clean['format']} links hold {holding} only, not {kind.KEY}", field="format")
    parts = {"size": puzzle.size, "givens": list(puzzle.givens), "regions": puzzle.regions,
             "rules": list(puzzle.rules), "constraints": puzzle.constraints}
    return {"url": links_fpuzzles.to_fpuzzles(parts, sudokupad=clean["format"] == "sudokupad")}
