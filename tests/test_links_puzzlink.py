"""The puzz.link envelope and the encodings pzprjs shares between genres (gridlogic/codecs/puzzlink.py): each
decoder read against a URL of pzprjs's own tests (test/script/<genre>.js, the `url` of each, whose clues
its `pzprv3/…` boards spell out) and written back to the same data; each round-trips random values;
what no encoding writes is refused with its place."""

from __future__ import annotations

import random

import pytest

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.codecs import puzzlink as p
from gridlogic import api
from gridlogic.kinds import KINDS
from gridlogic.contract import optional

U = p.UNKNOWN


def grid(rows: list[str]) -> list:
    """Values from rows of a pzprv3 board: `.` empty, `-` UNKNOWN, a number."""
    return [None if w == "." else U if w == "-" else int(w) for row in rows for w in row.split()]


# -- pzprjs's own test URLs -----------------------------------------------------------------------------
def test_number16_nurikabe():
    body = "g5k2o1k3g"                                              # nurikabe.js, 5/5
    want = grid([". 5 . . .", ". . 2 . .", ". . . . .", ". . 1 . .", ". . . 3 ."])
    assert p.decode_number16(body, 25) == (want, len(body))
    assert p.encode_number16(want) == body


def test_4cell_slither():
    body = "cbcbcddad"                                              # slither.js, 5/5
    want = grid(["2 . . 1 .", ". 2 . . 1", ". . 2 . .", "3 . . 3 .", ". 0 . . 3"])
    assert p.decode_4cell(body, 25) == (want, len(body))
    assert p.encode_4cell(want) == body


def test_4cross_gokigen():
    body = "iaegcgcj6a"                                             # gokigen.js, 4/4: the 5×5 crosses
    want = grid([". . . 0 .", ". 4 . . .", "2 . . . 2", ". . . . .", ". 1 . 0 ."])
    assert p.decode_4cross(body, 4, 4) == (want, len(body))
    assert p.encode_4cross(want) == body


def test_border_and_room_number16_heyawake():
    body = "lll155007rs12222j"                                      # heyawake.js, 6/6
    rooms = ["0 1 1 2 2 3", "0 1 1 2 2 3", "0 1 1 2 2 3", "4 4 4 4 4 3", "5 5 5 6 6 3", "5 5 5 6 6 7"]
    room = [[int(w) for w in row.split()] for row in rooms]
    vertical, horizontal, at = p.decode_border(body, 6, 6)
    assert vertical == [room[r][c] != room[r][c + 1] for r in range(6) for c in range(5)]
    assert horizontal == [room[r][c] != room[r + 1][c] for r in range(5) for c in range(6)]
    found = p.rooms_of(6, 6, vertical, horizontal)
    assert found == [[(r, c) for r in range(6) for c in range(6) if room[r][c] == k] for k in range(8)]
    numbers, end = p.decode_room_number16(body, len(found), at)
    assert (numbers, end) == ([2, 2, 2, 2, None, None, None, None], len(body))   # the board's "2 2 . 2 . 2"
    assert p.encode_border(vertical, horizontal) + p.encode_room_number16(numbers) == body


def test_circle_mashu():
    body = "1063000i3000"                                           # mashu.js, 6/6
    want = grid([". . 1 . . .", ". 2 . . 1 .", ". . . . . .", ". . . 2 . .", ". 1 . . . .", ". . . . . ."])
    assert p.decode_circle(body, 36) == (want, len(body))
    assert p.encode_circle(want) == body


def test_bitmap_simpleloop():
    # pzprjs test/script/simpleloop.js: 5/5/sg020, the black cells of its first row, r2c1 and r4c4
    bits, end = p.decode_bitmap("sg020", 25)
    assert [i for i, bit in enumerate(bits) if bit] == [0, 1, 2, 5, 18] and end == 5
    assert p.encode_bitmap(bits) == "sg020"
    assert p.encode_bitmap([False] * 25) == "" and p.decode_bitmap("", 7) == ([False] * 7, 0)
    with pytest.raises(PuzzleSyntaxError, match="character 2"):
        p.decode_bitmap("sw", 10)


def test_arrow_number16_yajilin():
    body = "m32j10"                                                 # yajilin.js, 5/5: "3,2" and "1,0"
    want = [None] * 25
    want[2 * 5 + 3], want[4 * 5 + 4] = (3, 2), (1, 0)
    assert p.decode_arrow_number16(body, 25) == (want, len(body))
    assert p.encode_arrow_number16(want) == body


def test_number16_excell_nonogram():
    body = "31h12h31h111g2i5l32g22g11g1211113h"                     # a 6/7 nonogram: 6×4 + 7×3 slots
    values, end = p.decode_number16_excell(body, 45)
    assert end == len(body) and len(values) == 45
    assert values[:8] == [3, 1, None, None, 1, 2, None, None]       # column 1: 1 3 (nearest the grid first)
    assert p.encode_number16_excell(values) == body


# -- every width and form ---------------------------------------------------------------------------------
@pytest.mark.parametrize("value,text", [
    (0, "0"), (15, "f"), (16, "-10"), (255, "-ff"), (256, "+100"), (4095, "+fff"), (4096, "=000"),
    (8191, "=fff"), (8192, "%000"), (12239, "%fcf"), (12240, "*0000"), (77775, "*ffff"), (77776, "$00000"),
    (1126351, "$fffff"), (U, "."),
])
def test_number16_forms(value, text):
    assert p.write_number16(value) == text
    assert p.decode_number16(text, 1) == ([value], len(text))


def test_number16_reads_the_older_at_sign_and_runs():
    assert p.decode_number16("@001", 1) == ([8193], 4)
    assert p.decode_number16("g", 5) == ([None], 1)                  # data that ends early holds fewer
    assert p.decode_number16("z", 5) == ([None] * 20, 1)             # a run may reach past the count
    assert p.encode_number16([None] * 45 + [1]) == "zzk1"
    with pytest.raises(ValueError):
        p.write_number16(1126352)


def test_4cell_says_how_many_empties_follow():
    assert p.encode_4cell([1, 2, 0]) == "12a" and p.encode_4cell([1, None, 2, 0]) == "62a"
    assert p.encode_4cell([1, None, None, 2]) == "bc" and p.encode_4cell([1, None, None, None, 2]) == "bgc"
    assert p.encode_4cell([3]) == "d" and p.encode_4cell([3, None]) == "d"    # at the end, two skipped
    assert p.decode_4cell("d", 1) == ([3], 1)
    assert p.encode_4cell([None] * 21 + [U]) == "zg."


def test_border_on_thin_grids_and_short_data():
    assert p.decode_border("", 3, 1) == ([], [False, False], 0)
    assert p.decode_border("g", 1, 4) == ([True, False, False], [], 1)
    assert p.decode_border("v", 3, 3)[:2] == ([True] * 5 + [False], [False] * 6)   # the rest missing: none


def test_arrow_number16_forms():
    values = [(0, 5), (1, U), (2, 16), (3, 255), (4, 256), (1, 4095), p.BLANK]
    text = p.encode_arrow_number16(values)
    assert text == "051.7108ff-4100-1fff+"
    assert p.decode_arrow_number16(text, len(values)) == (values, len(text))
    assert p.encode_arrow_number16([None] * 27 + [(2, 1)]) == "za21"
    with pytest.raises(ValueError):
        p.encode_arrow_number16([(1, 4096)])


# -- random round trips -----------------------------------------------------------------------------------
def cases(seed: int, pick, lengths=(1, 2, 3, 5, 19, 20, 21, 40, 81)):
    rng = random.Random(seed)
    for n in lengths:
        for density in (0.0, 0.1, 0.5, 1.0):
            yield [pick(rng) if rng.random() < density else None for _ in range(n)]


@pytest.mark.parametrize("name,decode,encode,pick", [
    ("number16", p.decode_number16, p.encode_number16,
     lambda rng: rng.choice([U, rng.randrange(16), rng.randrange(300), rng.randrange(1126352)])),
    ("excell", p.decode_number16_excell, p.encode_number16_excell,
     lambda rng: rng.choice([U, rng.randrange(256)])),
    ("4cell", p.decode_4cell, p.encode_4cell, lambda rng: rng.choice([U, 0, 1, 2, 3, 4])),
    ("circle", p.decode_circle, p.encode_circle, lambda rng: rng.choice([1, 2])),
    ("arrow", p.decode_arrow_number16, p.encode_arrow_number16,
     lambda rng: rng.choice([p.BLANK, (rng.randrange(5), rng.choice([U, rng.randrange(4096)]))])),
])
def test_round_trips(name, decode, encode, pick):
    for values in cases(7, pick):
        text = encode(values)
        got, end = decode(text + "/rest", len(values))
        assert (got, end) == (values, len(text)), (name, values, text)


def test_border_round_trips():
    rng = random.Random(3)
    for rows, cols in ((1, 1), (1, 5), (5, 1), (2, 2), (3, 7), (10, 10)):
        for _ in range(5):
            vertical = [rng.random() < 0.4 for _ in range((cols - 1) * rows)]
            horizontal = [rng.random() < 0.4 for _ in range(cols * (rows - 1))]
            text = p.encode_border(vertical, horizontal)
            assert p.decode_border(text + "rest", rows, cols) == (vertical, horizontal, len(text))


def test_rooms_of_numbers_rooms_by_their_first_cell():
    # two columns split by a border, the right one cut in two
    rooms = p.rooms_of(2, 2, [True, True], [False, True])
    assert rooms == [[(0, 0), (1, 0)], [(0, 1)], [(1, 1)]]
    assert p.rooms_of(2, 3, [False] * 4, [False] * 3) == [[(r, c) for r in range(2) for c in range(3)]]


# -- refused, with the place ---------------------------------------------------------------------------------
@pytest.mark.parametrize("decode,body,count,says,col", [
    (p.decode_number16, "12!", 5, "unexpected character '!'", 3),
    (p.decode_number16, "1-f", 5, "'-' needs 2 hex digits", 2),
    (p.decode_number16_excell, "1+100", 5, "unexpected character '+'", 2),
    (p.decode_4cell, "5f", 5, "unexpected character 'f'", 2),
    (p.decode_circle, "1r", 6, "unexpected character 'r'", 2),
    (p.decode_arrow_number16, "1", 5, "'1' needs a hex digit or '.'", 1),
    (p.decode_arrow_number16, "-5123", 5, "'-' needs a direction", 1),
    (p.decode_arrow_number16, "A", 5, "unexpected character 'A'", 1),
])
def test_what_no_encoding_writes_is_refused_with_its_place(decode, body, count, says, col):
    with pytest.raises(PuzzleSyntaxError) as info:
        decode(body, count)
    assert says in info.value.message and info.value.where == {"col": col}


def test_border_refuses_a_digit_past_base_32():
    with pytest.raises(PuzzleSyntaxError, match="character 2: unexpected character 'w'"):
        p.decode_border("0w", 3, 3)


# -- the envelope ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("url,want", [
    ("https://puzz.link/p?sudoku/4/4/g1h2", ("sudoku", 4, 4, "g1h2")),
    ("https://puzz.link/p?type=editor&sudoku_edit/4/4/g1h2", ("sudoku", 4, 4, "g1h2")),
    ("http://pzv.jp/p.html?nonogram/6/7/31h", ("nonogram", 6, 7, "31h")),
    ("https://puzz.link/p?heyawake/v:/6/6/lll1", ("heyawake", 6, 6, "lll1")),
    ("https://puzz.link/p?aquarium/r/6/6/ab/cd", ("aquarium", 6, 6, "ab/cd")),
    ("?slither/5/5/cbc#frag", ("slither", 5, 5, "cbc")),
])
def test_split_url(url, want):
    assert p.split_url(url) == want
    assert p.is_url(url)


def test_flags_are_read_apart_and_each_said_to_be_unread():
    """A link's flags (a variant's rules for some genres, a display setting for others) are no part of
    the size or the data, and the import says of each that it was not read."""
    assert p.flags_of("https://puzz.link/p?aquarium/r/6/6/ab/cd") == ("r",)
    assert p.flags_of("https://puzz.link/p?heyawake/v:/o/6/6/lll1") == ("v:", "o")
    assert p.flags_of("https://puzz.link/p?sudoku/4/4/g1h2") == ()
    plain = api.handle({"op": "link_import", "url": "https://puzz.link/p?yajilin/3/3/g22h"})["result"]
    flagged = api.handle({"op": "link_import", "url": "https://puzz.link/p?yajilin/o/b/3/3/g22h"})["result"]
    assert plain["warnings"] == [] and flagged["text"] == plain["text"]
    assert [w.split(" is not read")[0] for w in flagged["warnings"]] == ["the link's setting 'o'", "the link's setting 'b'"]
    assert all("standard rules" in w for w in flagged["warnings"])


def test_envelope_refusals_and_writing():
    for bad, says in (("https://example.org/", "not a puzz.link URL"), ("?sudoku/4", "lacks <cols>/<rows>"),
                      ("?sudoku/99999/4/", "too large")):
        with pytest.raises(PuzzleSyntaxError, match=says):
            p.split_url(bad)
    assert not p.is_url("1 2 ?sudoku/4/4/") and not p.is_url("#sudoku/4x4/a")
    assert p.is_query("type=editor&sudoku/4/4") and not p.is_query("kind=sudoku&p=1")
    assert p.url("mashu", 6, 6, "1063") == "https://puzz.link/p?mashu/6/6/1063"


def test_1cell_reads_pzprjs_tents_trees_and_round_trips():
    # pzprjs test/script/tents.js: 5/5/2g0h1i1j82323, trees after the counts at cells 2, 11, 14, 18, 21
    marks, end = p.decode_1cell("j82323", 25)
    assert [k for k, m in enumerate(marks) if m] == [2, 11, 14, 18, 21] and end == 6
    assert p.encode_1cell(marks) == "j82323"
    rng = random.Random(7)
    for _ in range(300):
        marks = [rng.random() < rng.choice((0.03, 0.3, 0.7)) for _ in range(rng.randint(1, 90))]
        assert p.decode_1cell(p.encode_1cell(marks), len(marks))[0] == marks
    with pytest.raises(PuzzleSyntaxError, match="character 2"):
        p.decode_1cell("j!", 25)


@pytest.mark.parametrize("kind", [k for k in KINDS if optional(k, "PUZZLINK_ALIASES")], ids=lambda k: k.KEY)
def test_the_other_pids_pzprjs_reads_open_the_same_puzzle(kind):
    """A URL under another name pzprjs reads as the genre (akari, pearl, ...) opens the same puzzle."""
    from gridlogic.links import pid_of

    for example in kind.EXAMPLES:
        url = api.handle({"op": "link_export", "kind": kind.KEY, "text": example.text, "format": "puzzlink"})
        if not url["ok"]:
            continue
        url = url["result"]["url"]
        want = api.handle({"op": "link_import", "url": url})["result"]
        for alias in optional(kind, "PUZZLINK_ALIASES"):
            got = api.handle({"op": "link_import", "url": url.replace(f"?{pid_of(kind)}/", f"?{alias}/", 1)})
            assert got["ok"] and got["result"]["kind"] == kind.KEY and got["result"]["state"] == want["state"], alias
