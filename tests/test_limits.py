"""What every kind refuses at the door and how it says so: size limits with the location, ASCII
digits only, numbers too long for int(), short quotes of long input; puzz.link URLs wherever a
kind's text goes; impossible clues answered at once; bounded work on legal sizes."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from gridlogic import api, solver
from gridlogic.links import import_link, parse_text
from gridlogic.errors import PuzzleError, PuzzleRuleError, PuzzleSyntaxError
from gridlogic.kinds import binary, kakuro, nonogram, numbercross, puzlogic, sudoku
from gridlogic.kinds.binary import text as binary_text
from gridlogic.kinds.kakuro import grid as kakuro_grid
from gridlogic.kinds.nonogram import grid as nonogram_grid
from gridlogic.kinds.numbercross import grid as numbercross_grid
from gridlogic.kinds.puzlogic import grid as puzlogic_grid
from gridlogic.kinds.sudoku import grid as sudoku_grid

HUGE = "9" * 4301                      # over Python's int() conversion limit
LONG = "x" * 100_000


def short_id(value) -> str:
    """Readable test ids: the kind's key, or the first characters of a text."""
    if hasattr(value, "KEY"):
        return value.KEY
    return str(value)[:24]


def refused(kind, text: str, error=PuzzleError) -> PuzzleError:
    with pytest.raises(error) as info:
        parse_text(kind, text)
    assert len(info.value.message) < 400, info.value.message
    return info.value


# -- size limits: the limit, what was given, and where -----------------------------------------------
@pytest.mark.parametrize("kind,text,fragment,where", [
    (binary, "\n".join(["." * 102] * 4), "binary: at most 100×100 cells (got 102×4)", {"line": 1}),
    (binary, "\n".join(["..."] * 2 + ["." * 2000] * 2), "binary: at most 100×100 cells (got 2000×4)", {"line": 3}),
    (binary, "\n".join([".."] * 120), "binary: at most 100×100 cells (got 2×120)", {"line": 101}),
    (binary, "." * 10_001, "binary: at most 100×100 cells (got 10,001 cells on one line)", {"line": 1}),
    (kakuro, "10000 10000\n- -\n- 0", "line 1: kakuro: at most 50×50 cells (got 10000×10000)", {"line": 1}),
    (kakuro, f"{HUGE} 3\n- -", "kakuro: at most 50×50 cells", {"line": 1}),
    (kakuro, "\n".join(["- " * 51] * 3), "kakuro: at most 50×50 cells (got 3×51)", {"line": 1}),
    (nonogram, "width 101\nheight 2\nrows\n1\n1\ncolumns\n" + "1\n" * 101, "line 1: nonogram: width must be 1 to 100",
     {"line": 1}),
    (nonogram, f"width 2\nheight {HUGE}\n", "line 2: nonogram: height must be 1 to 100", {"line": 2}),
    (nonogram, "200x2:" + "/".join(["1"] * 202), "Pattern: nonogram: at most 100×100 cells (got 200×2)", {}),
    (nonogram, "https://puzz.link/p?nonogram/200/2/abc", "nonogram: at most 100×100 cells (got 200×2)", {}),
    (numbercross, "A" * 27 + "\n", "line 1: numbercross: 2×2 to 26×26 cells (got a row of 27)", {"line": 1}),
    (puzlogic, "cells 0 50 0\npieces 1", "line 1: cells: 50 is out of range 0..49", {"line": 1, "col": 9}),
    (puzlogic, f"cells 0 0 0\npieces {HUGE}", "line 2: pieces:", {"line": 2, "col": 8}),
    (sudoku, "." * 100_000, "sudoku: got 100,000 cells on line 1; a 25×25 sudoku has 625", {"line": 1}),
], ids=short_id)
def test_limits_say_what_and_where(kind, text, fragment, where):
    err = refused(kind, text)
    assert fragment in err.message
    for key, value in where.items():
        assert err.where[key] == value


def test_limits_are_module_constants():
    assert binary_text.MAX_SIDE == 100 and kakuro_grid.MAX_SIDE == 50 and nonogram_grid.MAX_SIDE == 100
    assert numbercross_grid.MAX_SIZE == 26 and puzlogic_grid.MAX_COORD == 50 and puzlogic_grid.MAX_VALUE == 99
    assert max(sudoku_grid.BOXES) == 25


# -- ASCII digits only, numbers capped before int() --------------------------------------------------
@pytest.mark.parametrize("kind,text", [
    (nonogram, "width ²\nheight 2\nrows\n1\n1\ncolumns\n1\n1"),
    (nonogram, "width 2\nheight 2\nrows\n①\n1\ncolumns\n1\n1"),
    (nonogram, "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n" + HUGE),
    (nonogram, "2x2:1/1/1/①"),
    (nonogram, "https://puzz.link/p?nonogram/²/2/1111"),
    (nonogram, "https://puzz.link/p?nonogram/" + HUGE + "/2/1111"),
    (kakuro, "² 2\n- -\n- 0"),
    (kakuro, "3 3\n- ², 3,\n,3 0 0\n,3 0 0"),
    (kakuro, f"3 3\n- {HUGE}, 3,\n,3 0 0\n,3 0 0"),
    (kakuro, "https://puzz.link/p?kakuro/²/5/48la0"),
    (puzlogic, "cells 0 ² 0\npieces 1"),
    (puzlogic, f"cells 0 0 0\npieces 1\nsum all 0 0 {HUGE}"),
    (numbercross, "AB\nAB\n\nmultiple of ²\nsquare"),
    (numbercross, f"AB\nAB\n\nmultiple of {HUGE}\nsquare"),
    (numbercross, f"AB\nAB\n\n{HUGE} more than a square\nsquare"),
    (numbercross, f"AB\nAB\n\n{HUGE}\tsquare\nsquare"),
    (numbercross, "AB\nAB\n\n١\tsquare\nsquare"),
    (sudoku, "https://puzz.link/p?sudoku/²/9/abc"),
], ids=short_id)
def test_only_ascii_digits_and_no_int_overflow(kind, text):
    refused(kind, text)


def test_links_sizes_are_ascii_and_short():
    for url in ("https://puzz.link/p?nonogram/²/2/11", "https://puzz.link/p?sudoku/9/" + HUGE + "/1"):
        with pytest.raises(PuzzleSyntaxError):
            import_link(url)


@pytest.mark.parametrize("kind,text", [
    (sudoku, "." * 40 + "?" + LONG),
    (binary, "01\n" + LONG),
    (kakuro, "2 2\n- " + LONG + "\n- 0"),
    (nonogram, "width 2\nheight 2\nrows\n" + LONG + "\n1\ncolumns\n1\n1"),
    (puzlogic, "cells 0 0 0\n" + LONG),
    (puzlogic, "cells 0 0 " + LONG),
    (numbercross, "AB\nAB\n\nsquare\n" + "square " * 10_000),
    (numbercross, "AB\nAB\n\nsquare\n1\t" + LONG),
], ids=short_id)
def test_messages_quote_only_a_short_excerpt(kind, text):
    err = refused(kind, text)
    assert LONG not in err.message and len(err.message) < 400


# -- puzz.link URLs: one signature, and accepted wherever the kind's text goes -------------------------
SUDOKU_URL = "https://puzz.link/p?sudoku/4/4/1j2j3j4"
NONOGRAM_URL = "https://puzz.link/p?nonogram/6/7/31h12h31h111g2i5l32g22g11g1211113h"


def test_sudoku_url_in_parse_and_import():
    puzzle = parse_text(sudoku, SUDOKU_URL)
    assert puzzle == sudoku.parse("1...\n.2..\n..3.\n...4")
    assert parse_text(sudoku, "  " + SUDOKU_URL + "\n", rules=["diagonal"]).rules == ("diagonal",)
    found = import_link(SUDOKU_URL)
    assert found.kind is sudoku and found.puzzle == puzzle
    assert parse_text(sudoku, sudoku.to_puzzlink(puzzle)) == puzzle
    with pytest.raises(PuzzleSyntaxError):
        parse_text(sudoku, "https://puzz.link/p?sudoku/9/9/" + "9" * 100)


def test_nonogram_url_through_links_and_api():
    found = import_link(NONOGRAM_URL)
    kind, puzzle = found.kind, found.puzzle
    assert kind is nonogram and puzzle == parse_text(nonogram, NONOGRAM_URL)
    assert nonogram.from_puzzlink(6, 7, NONOGRAM_URL.rsplit("/", 1)[1]) == puzzle
    response = api.handle({"op": "link_import", "url": NONOGRAM_URL})
    assert response["ok"], response
    assert nonogram.parse(response["result"]["text"]) == puzzle
    with pytest.raises(PuzzleSyntaxError, match="not a puzz.link nonogram URL"):
        parse_text(nonogram, "https://puzz.link/p?sudoku/9/9/abc")


def test_every_importing_kind_reads_its_own_url_where_its_text_goes():
    for kind, url in ((sudoku, SUDOKU_URL), (nonogram, NONOGRAM_URL),
                      (kakuro, "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")):
        assert parse_text(kind, url) == import_link(url).puzzle


# -- impossible clues: refused with their line, at once ------------------------------------------------
NC_10 = "\n".join(["AABBCCDDEE"] * 10) + "\n\n" + "\n".join(["multiple of 1"] * 9)


@pytest.mark.parametrize("clue,reason", [
    ("square and prime", "a square of two or more digits is never prime"),
    ("cube and prime", "never prime"),
    ("sum of digits is 9 and prime", "multiple of 3"),
    ("palindrome and multiple of 10", "never ends in 0"),
    ("multiple of 12345678901", "needs a number over 10 digits"),
    ("sum of digits is 91", "add up to 1..90"),
])
def test_numbercross_clue_no_number_meets_is_refused_at_parse(clue, reason):
    err = refused(numbercross, NC_10 + "\n" + clue, PuzzleRuleError)
    assert err.where == {"line": 21, "r": 9}
    assert f"line 21: the clue of row 10, {clue!r}, can never be met" in err.message and reason in err.message


@pytest.mark.parametrize("clue", ["prime and multiple of 12", "power of 2 and multiple of 3",
                                  "fibonacci and multiple of 1000000000"])
def test_numbercross_clue_no_number_meets_is_refused_before_the_search(clue):
    puzzle = numbercross.parse(NC_10 + "\n" + clue)
    with pytest.raises(PuzzleRuleError) as info:
        next(numbercross.search(puzzle))
    assert info.value.where == {"r": 9} and "row 10: no number of 2 to 10 digits is" in info.value.message
    response = api.handle({"op": "solve", "kind": "numbercross", "text": NC_10 + "\n" + clue})
    assert not response["ok"] and response["error"]["type"] == "PuzzleRuleError"


def test_numbercross_parse_refuses_without_sympy():
    code = ("import sys\nfrom gridlogic.kinds import numbercross as nc\nfrom gridlogic.errors import PuzzleRuleError\n"
            f"text = {NC_10 + chr(10) + 'square and prime'!r}\n"
            "try:\n    nc.parse(text)\nexcept PuzzleRuleError:\n    print('refused', 'sympy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["refused", "False"]


def test_numbercross_can_meet_per_length():
    from gridlogic.kinds.numbercross import clues
    def meet(phrase, length):
        ast = clues.parse_clue(phrase)
        return clues.can_meet(ast, clues.compile_clue(ast), length)
    assert meet("prime and multiple of 13", 2) is True and meet("prime and multiple of 13", 3) is False
    assert meet("power of 2 and multiple of 3", 5) is False
    assert meet("square and 1 more than a prime", 2) is False         # m² − 1 = (m − 1)(m + 1): only 4
    assert meet("palindrome and multiple of 11", 4) is True
    assert meet("sum of digits is 30", 3) is False and meet("sum of digits is 27", 3) is True


def test_puzlogic_sum_no_pieces_reach_is_refused_at_parse():
    cells = "\n".join(f"cells {r} {c} 0" for r in range(2) for c in range(25))
    pieces = "pieces " + " ".join(str(2 * (i + 1)) for i in range(49)) + " 2"
    err = refused(puzlogic, cells + "\n" + pieces + "\nsum all 0 0 931", PuzzleRuleError)
    assert err.where == {"line": 52, "r": 0}
    assert "line 52: the all sum 931 of row 0 can never be met: no 25 different piece values" in err.message
    err = refused(puzlogic, "cells 0 0 4\ncells 0 1 0\npieces 1\nsum all 0 0 4", PuzzleRuleError)
    assert "no 1 different piece values from 1 add up to 0 (4 minus the given 4)" in err.message


# -- bounded work on legal sizes ----------------------------------------------------------------------
def test_numbercross_rows_are_generated_lazily():
    for regions in ("ABCDEFG", "AAAAAAA"):
        puzzle = numbercross.parse("\n".join([regions] * 7) + "\n\n" + "\n".join(["multiple of 1"] * 7))
        found = list(itertools.islice(numbercross.search(puzzle), 3))
        assert len(found) == 3 and len(set(found)) == 3
        assert all(numbercross.check(puzzle, grid) == [] for grid in found)


def test_numbercross_progress_reaches_the_caller_inside_a_row():
    class Stop(Exception):
        pass

    def stop(nodes):
        raise Stop

    puzzle = numbercross.parse("\n".join(["ABCDEFGHIJKLMNOPQRSTUVWXYZ"] * 26) + "\n\n"
                               + "\n".join(["palindrome"] * 25 + ["multiple of 97"]))
    with pytest.raises(Stop):
        next(numbercross.search(puzzle, on_progress=stop))


def test_puzlogic_latin_square_with_sums_answers_and_stays_small():
    n = 20
    text = ("\n".join(f"cells {r} {c} 0" for r in range(n) for c in range(n)) + "\npieces "
            + " ".join(str(v) for v in range(1, n + 1) for _ in range(n)) + "\n"
            + "\n".join(f"sum all {a} {i} {n * (n + 1) // 2}" for a in (0, 1) for i in range(n)))
    puzzle = puzlogic.parse(text)
    assert len(solver.encode(puzlogic, puzzle).clauses) < 100_000      # cells × values × a small factor
    answer = solver.solve(puzlogic, puzzle)
    assert answer.status == "multiple"
    assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)


def test_puzlogic_sums_as_walks_give_the_same_answers(monkeypatch):
    monkeypatch.setattr(puzlogic, "SET_LIMIT", -1)                       # every sum as a walk
    for example in puzlogic.EXAMPLES:
        puzzle = puzlogic.parse(example.text)
        answer = solver.solve(puzlogic, puzzle, mode="count")
        assert answer.count == example.count, example.name
        assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)
    text = ("\n".join(f"cells 0 {c} 0" for c in range(3)) + "\n" + "\n".join(f"cells 1 {c} 0" for c in range(3))
            + "\npieces 1 2 3 4 5 6\nsum all 0 0 10")
    puzzle = puzlogic.parse(text)
    walked = solver.solve(puzlogic, puzzle, mode="count", limit=10 ** 6)
    monkeypatch.setattr(puzlogic, "SET_LIMIT", 10 ** 6)
    chosen = solver.solve(puzlogic, puzzle, mode="count", limit=10 ** 6)
    expected = sum(1 for s in itertools.combinations(range(1, 7), 3) if sum(s) == 10) * 6 * 6
    assert walked.count == chosen.count == expected


def test_kakuro_solution_with_a_huge_size_line_is_a_located_error():
    """The solution reader caps number lengths like the puzzle parser (no int() on 5,001 digits)."""
    response = api.handle({"op": "check", "kind": "kakuro", "text": "2 3\n- 7, 1,\n,8 0 0",
                           "solution": "9" * 5001 + " 3\n- - -\n- 7 1"})
    assert not response["ok"] and response["error"]["type"] == "PuzzleSyntaxError"
    assert response["error"]["where"] == {"line": 1} and len(response["error"]["message"]) < 200


@pytest.mark.parametrize("zeros", [2_000, 5_000])
def test_kakuro_sum_of_many_zeros_is_refused_briefly(zeros):
    """A clue of thousands of zeros is a sum of 0: refused with a short quote, never int() on it."""
    response = api.handle({"op": "solve", "kind": "kakuro", "text": "3 3\n- 3," + "0" * zeros + " 3,\n,3 0 0\n,3 0 0"})
    assert not response["ok"] and response["error"]["type"] == "PuzzleSyntaxError"
    assert "at least 1" in response["error"]["message"] and len(response["error"]["message"]) < 200


@pytest.mark.parametrize("kind,text", [
    ("nonogram", "width 3\nheight 2\nrows\n" + "0" * 40_000 + "1\n1\ncolumns\n1\n0\n1\n"),
    ("nonogram", "width " + "0" * 5_000 + "3\nheight 2\nrows\n1\n1\ncolumns\n1\n0\n1\n"),
    ("kakuro", "0" * 5_000 + "3 3\n- 4, 3,\n,3 0 0\n,4 0 0"),
    ("kakuro", "3 3\n- 4, 3," + "0" * 5_000 + "\n,3 0 0\n,4 0 0"),
    ("sudoku", "https://puzz.link/p?sudoku/" + "0" * 5_000 + "4/4/g1g2"),
])
def test_numbers_with_thousands_of_leading_zeros_are_read_by_value(kind, text):
    """Leading zeros never reach int() raw (it refuses over 4,300 characters): the number is read by
    its significant digits, so the answer or the refusal is an ordinary one."""
    response = api.handle({"op": "solve", "kind": kind, "text": text, "budget_ms": 5000})
    assert response["ok"] or response["error"]["type"] != "InternalError", response
    if not response["ok"]:
        assert len(response["error"]["message"]) < 300
