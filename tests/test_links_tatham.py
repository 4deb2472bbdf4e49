"""Tatham game IDs and permalinks through link_import: Pattern (nonogram), Unequal (futoshiki), Solo
(sudoku) and Unruly (binary), in every form (bare, after `#`, after the game's name, after the `#` of the game's page),
checked against the kinds' own readers, the puzz.link form of the same puzzle, and a solve."""

from __future__ import annotations

import pytest

from gridlogic import api
from gridlogic.kinds import binary, futoshiki, nonogram, sudoku
from gridlogic.kinds.nonogram.formats import from_tatham, to_tatham
from gridlogic.kinds.nonogram.grid import make_puzzle, runs

PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{}.html#{}"
SIMPSON = "4x5:5/1.1/1.2/4/4/1.1/1.1/1.2/3"                 # REFERENCE-FORMATS.md §2: ####/#..#/#..#/#.##/###.
NOT_LINE_SOLVABLE = "4x4:2/1/2/1/1.1/2/1/1"                 # pattern.c's comment
SOLO = "3x3:e8a1a7c2c9_9i2a3b7_5k1_9b5a4i8_3c4c6a4a5e"    # REFERENCE-FORMATS.md §2, the puzz.link example
SOLO_PUZZLINK = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"
GUARDIAN = "5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,"   # unequal.c's Guardian #1


def forms(game: str, game_id: str) -> list[str]:
    return [game_id, "#" + game_id, f"{game}:{game_id}", PAGE.format(game, game_id)]


def imported(url: str) -> dict:
    response = api.handle({"op": "link_import", "url": url})
    assert response["ok"], response
    return response["result"]


def solved(result: dict) -> dict:
    return api.handle({"op": "solve", "kind": result["kind"], "text": result["text"], "rules": result["rules"],
                       "render": False})["result"]


def five_by_five() -> str:
    """A 5×5 Pattern ID written from a picture (the issue's `5x5:1/…` form)."""
    picture = ["#....", "##...", "#.#..", "#..#.", "#####"]
    rows = [runs(int(ch == "#") for ch in line) for line in picture]
    columns = [runs(int(line[c] == "#") for line in picture) for c in range(5)]
    return to_tatham(make_puzzle(5, 5, rows, columns))


@pytest.mark.parametrize("game_id", [SIMPSON, NOT_LINE_SOLVABLE, five_by_five()])
def test_pattern_ids_in_every_form_are_nonograms(game_id):
    want = nonogram.format(from_tatham(game_id))
    for url in forms("pattern", game_id):
        result = imported(url)
        assert (result["kind"], result["text"], result["rules"]) == ("nonogram", want, [])
        assert result["state"] == nonogram.to_state(nonogram.parse(want))


def test_simpsons_pattern_id_solves_to_its_picture():
    answer = solved(imported(PAGE.format("pattern", SIMPSON)))
    assert answer["status"] == "unique"
    assert answer["solution"].split() == ["####", "#..#", "#..#", "#.##", "###."]


def test_solo_id_is_the_same_puzzle_as_its_puzzlink_form():
    via_link = imported(SOLO_PUZZLINK)
    for url in forms("solo", SOLO):
        result = imported(url)
        assert (result["kind"], result["text"], result["rules"]) == ("sudoku", via_link["text"], [])
    assert solved(via_link)["status"] == "unique"


@pytest.mark.parametrize("example", [e for e in sudoku.EXAMPLES if e.count != 0], ids=lambda e: e.name)
def test_solo_ids_round_trip(example):
    puzzle = sudoku.parse(example.text, rules=("diagonal",))
    game_id = sudoku.to_tatham(puzzle)
    assert sudoku.from_tatham(game_id) == puzzle
    result = imported(PAGE.format("solo", game_id))
    assert result["text"] == sudoku.format(puzzle) and result["rules"] == ["diagonal"]


@pytest.mark.parametrize("text,box", [("." * 16, (2, 2)), ("." * 36, (2, 3)), ("." * 64, (2, 4)),
                                      ("." * 144, (3, 4)), ("1" + "." * 255, (4, 4))])
def test_solo_sizes_follow_the_box_shape(text, box):
    puzzle = sudoku.parse(text)
    assert puzzle.box == box and sudoku.to_tatham(puzzle).startswith(f"{box[0]}x{box[1]}:")
    assert sudoku.parse(sudoku.to_tatham(puzzle)) == puzzle


@pytest.mark.parametrize("game_id", [futoshiki.EXAMPLES[3].text, GUARDIAN])
def test_unequal_ids_are_futoshiki(game_id):
    want = futoshiki.format(futoshiki.parse(game_id))
    for url in forms("unequal", game_id):
        result = imported(url)
        assert (result["kind"], result["text"], result["rules"]) == ("futoshiki", want, [])
    assert solved(result)["status"] in ("unique", "multiple")


def test_unruly_ids_with_u_are_binary_puzzles():
    hand_made = "6x6u:AcKua"                               # REFERENCE-FORMATS.md §2: 1 at 0 and 14, 0 at 3 and 35
    for url in forms("unruly", hand_made):
        result = imported(url)
        assert result["kind"] == "binary" and result["text"].split() == ["1..0..", "......", "..1...", "......",
                                                                         "......", ".....0"]
    example = binary.parse(binary.EXAMPLES[0].text)
    game_id = binary.to_tatham(example)
    assert binary.from_tatham(game_id) == example
    result = imported(game_id)
    assert result["text"] == binary.format(example) and solved(result)["status"] == "unique"
    empty = binary.parse("\n".join(["." * 8] * 8))
    assert binary.to_tatham(empty) == "8x8u:zzo"                 # 25 + 25 + 14 skipped, then one past the end
    assert imported("8x8u:zzo")["text"] == binary.format(empty)


@pytest.mark.parametrize("url,says", [
    ("5x5#123456", "random-seed ID"),
    ("6x6:AcKua", "only IDs with 'u'"),
    (PAGE.format("unruly", "6x6:AcKua"), "only IDs with 'u'"),
    ("unruly:6x6u:AcKu", "a 6×6 grid needs 37"),
    ("9j:a1b2", "jigsaw IDs"),
    ("3x3k:a1", "not givens,cages,sums"),
    ("3x2:" + "a" * 30, "boxes of 3 rows"),
    ("3x3:" + "a1" * 50, "a 9×9 sudoku has 81"),
    ("3x3:e8a1a7c2c99_9i2a3b7_5k1_9b5a4i8_3c4c6a4a5e", "'99' is not a digit"),
    ("pattern:5x5:" + "7" * 200, "expected 10 clues"),
    ("5:" + "!" * 200, "not a game ID"),
    ("#8x8u:" + "z" * 99, "positions"),
    ("5:" + "x" * 200, "a 25×25 sudoku has 625"),
])
def test_bad_ids_are_refused_shortly(url, says):
    response = api.handle({"op": "link_import", "url": url})
    assert not response["ok"] and says in response["error"]["message"], response
    assert len(response["error"]["message"]) <= 300 and "7" * 41 not in response["error"]["message"]
    assert "x" * 41 not in response["error"]["message"] and "!" * 41 not in response["error"]["message"]


def test_other_links_still_go_their_way():
    assert imported(SOLO_PUZZLINK)["kind"] == "sudoku"
    assert api.handle({"op": "link_import", "url": "#sudoku/4x4/a1b2c3"})["ok"] in (True, False)
