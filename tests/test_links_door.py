"""gridlogic.links as the one door for links: `import_link` tells the forms apart and reads each through the
kinds' declared hooks, `export_link` writes every format a kind exports and reads back the same puzzle,
`parse_text` reads a link given as a kind's text; and no link module names a genre."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gridlogic.errors import PuzzleSyntaxError, RequestError
from gridlogic.kinds import KINDS, binary, exports_of, futoshiki, kakuro, nonogram, rules_of, sudoku
from gridlogic.links import Imported, export_link, import_link, is_text_link, parse_text

PYSRC = Path(__file__).resolve().parents[1] / "pysrc" / "gridlogic"
SUDOKU_4 = "1...\n..2.\n.3..\n...4"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{}.html#{}"


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_every_exported_format_imports_back(kind):
    example = next(e for e in kind.EXAMPLES if e.count != 0)
    puzzle = kind.parse(example.text, rules=example.rules)
    formats = exports_of(kind)
    assert formats[0] == "page" and ("puzzlink" in formats) == callable(getattr(kind, "to_puzzlink", None))
    for fmt in formats:
        if fmt == "puzzlink" and example.rules:
            continue                                  # puzz.link holds no variant rules
        url = export_link(kind, puzzle, fmt, rules=example.rules, base="https://example.org/g/")
        found = import_link(url)
        assert isinstance(found, Imported) and found.kind is kind, fmt
        assert kind.to_state(found.puzzle) == kind.to_state(puzzle), fmt
        assert set(found.rules) <= set(kind.RULES), fmt
        assert set(found.rules) == set(rules_of(kind, puzzle)) or fmt == "puzzlink", fmt


def test_the_forms_are_told_apart():
    assert import_link("https://puzz.link/p?sudoku/4/4/1j2j3j4").source == "puzzlink"
    assert import_link(PAGE.format("solo", sudoku.to_tatham(sudoku.parse(SUDOKU_4)))).source == "tatham"
    assert import_link(export_link(sudoku, sudoku.parse(SUDOKU_4))).source == "page"
    own = import_link(export_link(sudoku, sudoku.parse(SUDOKU_4), "fpuzzles"))
    assert (own.kind, own.source) == (sudoku, "f-puzzles")


def test_a_format_the_kind_lacks_is_refused_by_field():
    with pytest.raises(RequestError) as info:
        export_link(binary, binary.parse(binary.EXAMPLES[0].text), "fpuzzles")
    assert info.value.where == {"field": "format"} and "it exports: page" in info.value.message
    with pytest.raises(RequestError) as info:
        export_link(futoshiki, futoshiki.parse(futoshiki.EXAMPLES[0].text), "puzzlink")
    assert info.value.where == {"field": "kind"}


def test_parse_text_reads_links_for_the_kind_asked():
    url = "https://puzz.link/p?sudoku/4/4/1j2j3j4"
    assert parse_text(sudoku, url) == sudoku.parse("1...\n.2..\n..3.\n...4")
    assert parse_text(sudoku, url, rules="diagonal").rules == ("diagonal",)
    with pytest.raises(PuzzleSyntaxError, match="not a puzz.link kakuro URL \\(it is for 'sudoku'\\)"):
        parse_text(kakuro, url)
    with pytest.raises(PuzzleSyntaxError, match="has no puzz.link form"):
        parse_text(binary, url)
    game_id = "4x5:5/1.1/1.2/4/4/1.1/1.1/1.2/3"
    assert parse_text(nonogram, "#" + game_id) == nonogram.parse(game_id) == parse_text(nonogram, game_id)
    with pytest.raises(PuzzleSyntaxError, match="not a Nonogram puzzle \\(it is Tatham's Solo\\)"):
        parse_text(nonogram, PAGE.format("solo", "2x2:a1b"))
    with pytest.raises(PuzzleSyntaxError, match="random-seed ID"):
        parse_text(nonogram, "#5x5#1234")


def test_solo_rules_and_asked_rules_come_together():
    puzzle = sudoku.parse(SUDOKU_4, rules=("diagonal",))
    url = PAGE.format("solo", sudoku.to_tatham(puzzle))
    assert parse_text(sudoku, url).rules == ("diagonal",)
    assert set(parse_text(sudoku, url, rules=["knight"]).rules) == {"diagonal", "knight"}


def test_only_links_go_through_the_door():
    assert is_text_link("https://puzz.link/p?sudoku/4/4/1") and is_text_link("  ?kakuro/2/2/kk\n")
    assert is_text_link("pattern:2x2:1/1/1/1") and is_text_link(PAGE.format("unequal", "4:0,0"))
    assert not is_text_link("2x2:1/1/1/1") and not is_text_link(SUDOKU_4)        # a bare ID is the kind's text
    assert not is_text_link("#sudoku/4x4/a1b2c3") and not is_text_link("regions:\nAB")


def test_no_link_module_names_a_genre():
    keys = [k.KEY for k in KINDS]
    for path in sorted((PYSRC / "links").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        named = [key for key in keys if re.search(rf"\b{key}\b", text, re.I)]
        assert not named, (path.name, named)


def test_no_kind_hands_itself_over_as_a_module():
    for path in (PYSRC / "kinds").rglob("*.py"):
        assert "sys.modules" not in path.read_text(encoding="utf-8"), path
    assert not [p.name for p in PYSRC.glob("links_*.py")] + [p for p in ("statelink.py", "lzstring.py")
                                                              if (PYSRC / p).exists()]


def test_reading_and_writing_links_imports_nothing_new():
    """A restored interpreter in the browser imports no module it did not import before its snapshot
    (web/worker.js imports gridlogic.api and gridlogic.links): every form read and written after that,
    and a link given as a kind's text, needs nothing more."""
    script = """
import sys
import gridlogic.api
import gridlogic.links
from gridlogic import api
before = set(sys.modules)
sudoku = "1...\\n..2.\\n.3..\\n...4"
for fmt in ("page", "puzzlink", "fpuzzles", "sudokupad"):
    url = api.handle({"op": "link_export", "kind": "sudoku", "text": sudoku, "format": fmt})["result"]["url"]
    assert api.handle({"op": "link_import", "url": url})["ok"], fmt
for url in ("#5x5:1/1/1/1/1/1/1/1/1/1", "#sudoku/4x4/a1b2c3", "#kind=binary&p=01%0A10",
            "https://sudokupad.app/abc123xyz", "https://puzz.link/p?nonogram/2/2/1111"):
    api.handle({"op": "link_import", "url": url})
api.handle({"op": "parse", "kind": "sudoku", "text": "https://puzz.link/p?sudoku/4/4/1j2j3j4"})
print(sorted(m for m in set(sys.modules) - before if m.startswith("gridlogic")))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(PYSRC.parent)})
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
