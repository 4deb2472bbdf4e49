"""Futoshiki: the drawn text and Tatham game IDs, located refusals, editing states, the checker,
and every count against a plain backtracker written here (shares nothing with the encoder)."""

from __future__ import annotations

import json
import random

import pytest

from gridlogic import backends, layout, session, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.contract import checks
from gridlogic.kinds import futoshiki
from gridlogic.kinds.futoshiki.grid import Puzzle
from gridlogic.links import parse_text
from clues_fit import clue_problems, facts_of_models
from state_fit import state_problems

EXAMPLES = [pytest.param(e, id=e.name) for e in futoshiki.EXAMPLES]
BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]
EMPTY_4 = "\n".join([". . . ."] * 4)


def brute_force(puzzle, limit=1000):
    """Every solution up to `limit`: candidate sets narrowed by lines and sign bounds, then guesses."""
    n = puzzle.size
    pairs = []                                     # (i, j): cell i holds less than cell j
    for r in range(n):
        for c in range(n):
            if c < n - 1 and puzzle.across[r * (n - 1) + c]:
                a, b = r * n + c, r * n + c + 1
                pairs.append((a, b) if puzzle.across[r * (n - 1) + c] == "<" else (b, a))
            if r < n - 1 and puzzle.down[r * n + c]:
                a, b = r * n + c, (r + 1) * n + c
                pairs.append((a, b) if puzzle.down[r * n + c] == "^" else (b, a))
    peers = [{r * n + k for k in range(n)} | {k * n + c for k in range(n)} for r in range(n) for c in range(n)]
    for i, group in enumerate(peers):
        group.discard(i)
    found = []

    def narrow(dom):
        changed = True
        while changed:
            changed = False
            for i in range(n * n):
                if len(dom[i]) == 1:
                    for j in peers[i]:
                        if dom[i] <= dom[j]:
                            dom[j], changed = dom[j] - dom[i], True
            for a, b in pairs:
                if not dom[a] or not dom[b]:
                    return False
                low, high = {d for d in dom[a] if d < max(dom[b])}, {d for d in dom[b] if d > min(dom[a])}
                if (low, high) != (dom[a], dom[b]):
                    dom[a], dom[b], changed = low, high, True
            if not all(dom):
                return False
        return True

    def guess(dom):
        if len(found) >= limit or not narrow(dom):
            return
        open_cells = [i for i in range(n * n) if len(dom[i]) > 1]
        if not open_cells:
            found.append(tuple(min(d) for d in dom))
            return
        i = min(open_cells, key=lambda k: len(dom[k]))
        for d in sorted(dom[i]):
            guess(dom[:i] + [{d}] + dom[i + 1:])

    guess([{g} if g else set(range(1, n + 1)) for g in puzzle.givens])
    return found


# -- examples and counts ----------------------------------------------------------------------------
@pytest.mark.parametrize("example", EXAMPLES)
@pytest.mark.parametrize("backend", BACKENDS)
def test_example_counts_agree_with_brute_force(example, backend):
    puzzle = futoshiki.parse(example.text)
    answer = solver.solve(futoshiki, puzzle, backend=backend, mode="all", limit=100)
    assert answer.complete and answer.count == example.count
    expected = brute_force(puzzle)
    assert sorted(answer.solutions) == sorted(expected)
    for solution in answer.solutions:
        assert futoshiki.check(puzzle, solution) == []
    if example.solution is not None:
        assert futoshiki.format(puzzle, expected[0]) == example.solution


def test_examples_cover_the_sizes_and_answers_the_brief_asks_for():
    shapes = {(futoshiki.parse(e.text).size, e.count) for e in futoshiki.EXAMPLES}
    assert {(4, 1), (5, 1), (7, 1)} <= shapes
    assert any(count == 0 for _, count in shapes) and any(count > 1 for _, count in shapes)


def test_the_empty_4x4_has_the_576_latin_squares_of_order_4():
    puzzle = futoshiki.parse(EMPTY_4)
    answer = solver.solve(futoshiki, puzzle, mode="count", limit=1000)
    assert answer.complete and answer.count == 576 == len(brute_force(puzzle))


@pytest.mark.parametrize("text,count", [
    (".<. . .\n\n. . . .\n\n. . . .\n\n. . . .", 288),                 # one sign halves the squares
    (". . . .\n^\n. . . .\n\n. . . .\n\n. . . .", 288),
    (".<.<.<.\n\n. . . .\n\n. . . .\n\n. . . .", 24),                  # the first row is 1234
    (".>.\u0020. .\n^\n. . . .\n\n. . . .\n\n. . . .", None),
    ("4 . . .\n^\n. . . .\n\n. . . .\n\n. . . .", 0),                  # nothing exceeds 4
])
def test_sign_counts_match_brute_force(text, count):
    puzzle = futoshiki.parse(text)
    answer = solver.solve(futoshiki, puzzle, mode="count", limit=1000)
    assert answer.count == len(brute_force(puzzle))
    if count is not None:
        assert answer.count == count


def test_contradictory_signs_are_no_solution_not_an_error():
    cycle = ".<. . .\nv ^\n.>. . .\n\n. . . .\n\n. . . ."       # r1c1 < r1c2 < r2c2 < r2c1 < r1c1
    puzzle = futoshiki.parse(cycle)
    assert solver.solve(futoshiki, puzzle).status == "none"
    assert brute_force(puzzle) == []


def test_one_solver_serves_puzzles_of_a_size_in_turn():
    a, b = (futoshiki.parse(e.text) for e in futoshiki.EXAMPLES if e.name in ("several 6x6", "impossible 6x6"))
    assert [solver.solve(futoshiki, p, mode="count").count for p in (a, b, a)] == [5, 0, 5]


# -- text and game IDs --------------------------------------------------------------------------------
@pytest.mark.parametrize("example", EXAMPLES)
def test_text_and_game_id_round_trip(example):
    puzzle = futoshiki.parse(example.text)
    text = futoshiki.format(puzzle)
    assert futoshiki.parse(text) == puzzle and futoshiki.format(futoshiki.parse(text)) == text
    assert all(line == line.rstrip() for line in text.splitlines())
    assert futoshiki.parse(futoshiki.to_tatham(puzzle)) == puzzle


def test_game_ids_are_written_as_tatham_writes_them():
    example = next(e for e in futoshiki.EXAMPLES if e.name == "game ID 5x5")
    assert futoshiki.to_tatham(futoshiki.parse(example.text)) == example.text


def test_game_id_flags_mean_this_cell_is_greater():
    puzzle = futoshiki.parse("4:0R,0D,0,0,0,0L,0,0,0,0,0,0,0U,0,0,0")
    assert puzzle.across[:3] == (">", "", "")             # r1c1 > r1c2
    assert puzzle.across[3:5] == ("<", "")                # r2c2 > r2c1
    assert puzzle.down[1] == "v"                          # r1c2 > r2c2
    assert puzzle.down[8] == "^"                          # r4c1 > r3c1


def test_game_id_forms_read_the_same():
    example = next(e for e in futoshiki.EXAMPLES if e.name == "game ID 5x5").text
    puzzle = futoshiki.parse(example)
    desc = example.split(":", 1)[1]
    assert futoshiki.parse(desc) == puzzle                                # bare description
    assert futoshiki.parse(desc.rstrip(",")) == puzzle                    # last comma optional
    assert futoshiki.parse("5dk:" + desc) == puzzle                       # difficulty in the params
    assert futoshiki.parse(" 5:" + desc[:20] + "\n  " + desc[20:] + "\n") == puzzle   # wrapped
    url = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/unequal.html#" + example
    assert parse_text(futoshiki, url) == puzzle


def test_game_id_letters_skip_empty_cells():
    plain = futoshiki.parse("4:0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,1")
    assert futoshiki.parse("4:b3,l1") == plain
    assert futoshiki.parse("4:b3,l1,") == plain
    assert futoshiki.parse("4:b3,k0,1") == plain
    assert futoshiki.parse("4:0,0,3,m") == futoshiki.parse("4:0,0,3" + ",0" * 13)   # a run may end it
    assert futoshiki.parse("4:b3,j1,0,0") != plain


def test_tatham_copy_text_is_read_as_it_comes():
    """Unequal's Copy writes spaces for missing signs and blank-padded sign lines."""
    copied = ". .>. 2\n  v    \n. . . .\n       \n. . .<.\n^      \n3 . . .\n"
    puzzle = futoshiki.parse(copied)
    assert puzzle.givens[3] == 2 and puzzle.givens[12] == 3
    assert puzzle.across[1] == ">" and puzzle.across[8] == "<"
    assert puzzle.down[1] == "v" and puzzle.down[8] == "^"
    assert futoshiki.format(puzzle) == ". .>. 2\n  v\n. . . .\n\n. . .<.\n^\n3 . . ."


def test_liberal_spacing_fillers_and_compact_forms():
    canonical = futoshiki.parse(". .>. 2\n  v\n. . . .\n\n. . .<.\n^\n3 . . .")
    spaced = """
        .  .  >  .  2
           V
        0  .  .  .

        .  .  .  <  .
        ^  .  .  .
        3  .  .  .
    """
    assert futoshiki.parse(spaced) == canonical
    assert futoshiki.parse("..>.2\n.v..\n....\n\n...<.\n^...\n3...") == canonical   # signs under cells
    no_down = futoshiki.parse("1..<.\n....\n....\n...4")
    assert futoshiki.parse("1..<.\n\n....\n\n....\n\n...4") == no_down
    assert no_down.across[2] == "<" and not any(no_down.down)


@pytest.mark.parametrize("text,fragment,where", [
    ("", "empty input", {}),
    (" \n\n ", "empty input", {}),
    ("....\n....\n....", "the grid has 3 rows; sizes are 4×4 to 9×9", {"line": 3}),
    ("\n".join(["." * 10] * 10), "the grid has 10 rows", {}),
    ("....\n....\n...\n....", "row 3 (line 3): 3 cells; a grid of 4 rows has 4 in each", {"line": 3, "r": 2}),
    ("....\n....\n.....\n....", "row 3 (line 3): 5 cells", {"line": 3}),
    ("....\n..x.\n....\n....", "line 2, column 3: unexpected 'x'", {"line": 2, "col": 3}),
    ("....\n..5.\n....\n....", "r2c3 (line 2, column 3): '5' is not a digit of a 4×4 futoshiki (1-4)",
     {"line": 2, "col": 3, "r": 1, "c": 2}),
    ("<...\n....\n....\n....", "line 1, column 1: '<' has no cell on its left", {"line": 1, "col": 1}),
    (".<>...\n....\n....\n....", "line 1, column 3: '>' follows another sign", {"line": 1, "col": 3}),
    ("....>\n....\n....\n....", "line 1: '>' at the end has no cell on its right", {"line": 1}),
    (". . . .\n ^\n. . . .\n\n. . . .\n\n. . . .", "line 2, column 2: '^' stands under no cell",
     {"line": 2, "col": 2}),
    (". . . .\n^\n. . . .\n\n. . . .\n\n. . . .\n", None, {}),
    (". . . .\n\n. . . .\n\n. . . .\n\n. . . .\n^", "the grid ends with a line of signs", {"line": 8}),
    (". . . .\n\n. . . .\n. . . .\n. . . .\n\n. . . .", "line 4: cells where the signs between rows 2 and 3 go",
     {"line": 4}),
    (". . . .\n\n. . 1 .\n. . 2 .\n. . . .\n\n. . . .", "line 4: cells where the signs", {"line": 4}),
    (".|. . .\n\n. . . .\n\n. . . .\n\n. . . .", "'|' is a bar of Unequal's Adjacent mode", {"line": 1, "col": 2}),
    (". . . .\n^ .\n. . . .\n\n. . . .\n\n. . . .", None, {}),
    ("..^.\n....\n....\n....", "vertical signs go on the line between two rows", {"line": 1, "col": 3}),
    ("1..1\n....\n....\n....", "1 is given twice in row 1 (r1c1 and r1c4)", {"cells": [[0, 0], [0, 3]]}),
    ("2...\n....\n2...\n....", "2 is given twice in column 1", {"cells": [[0, 0], [2, 0]]}),
    ("3<2..\n....\n....\n....", "r1c1 < r1c2 cannot hold: the givens are 3 and 2", {"mark": "h", "r": 0, "c": 0}),
    ("....\n\n..1.\n  v\n..2.\n\n....", "r2c3 > r3c3 cannot hold: the givens are 1 and 2", {"mark": "v", "r": 1, "c": 2}),
])
def test_bad_text_is_located(text, fragment, where):
    if fragment is None:                                   # accepted: the contrast to its neighbours
        futoshiki.parse(text)
        return
    with pytest.raises((PuzzleSyntaxError, PuzzleRuleError)) as info:
        futoshiki.parse(text)
    assert fragment in info.value.message, info.value.message
    assert len(info.value.message) < 160
    for key, value in where.items():
        assert info.value.where[key] == value


def test_a_vertical_sign_may_stand_under_the_cell_of_either_row_but_once():
    offset = ". . . .\n v\n . . . .\n\n. . . .\n\n. . . ."            # under r2c1 only
    assert futoshiki.parse(offset).down[0] == "v"
    with pytest.raises(PuzzleSyntaxError, match="a second sign between r1c1 and r2c1") as info:
        futoshiki.parse(offset.replace("\n v\n", "\n^v\n"))
    assert info.value.where["mark"] == "v" and info.value.where["col"] == 2


@pytest.mark.parametrize("text,fragment", [
    ("5a:0,0,0", "Adjacent mode ('a') is not Futoshiki"),
    ("5de#1234567", "is a random-seed ID"),
    ("3:0,0,0,0,0,0,0,0,0", "game ID size '3': sizes are 4×4 to 9×9"),
    ("10:" + "0," * 100, "game ID size '10'"),
    ("5x:0", "parameters '5x' are not Unequal's"),
    ("4:" + "0," * 15, "the game ID holds 15 cells; a 4×4 grid has 16"),
    ("4:" + "0," * 17, "holds 17 cells"),
    ("0," * 15, "the description holds 15 cells; sizes are 4×4 (16) to 9×9 (81)"),
    ("4:0,0,5" + ",0" * 13, "r1c3 (game ID, character 7): '5' is not a digit of a 4×4 futoshiki"),
    ("4:0U" + ",0" * 15, "flag 'U' of r1c1 points off the grid"),
    ("4:0R,0L" + ",0" * 14, "r1c2 and r1c1 are each greater than the other"),
    ("4:0,0X" + ",0" * 14, "character 6: expected ',' after a cell, got 'X'"),
    ("4:0,,0" + ",0" * 13, "character 5: expected a cell's number, got ','"),
    ("4:0;0" + ",0" * 14, "expected ',' after a cell"),
])
def test_bad_game_ids_are_refused_clearly(text, fragment):
    with pytest.raises(PuzzleSyntaxError) as info:
        futoshiki.parse(text)
    assert fragment in info.value.message, info.value.message


def test_a_game_id_with_clashing_givens_is_refused_like_the_text():
    with pytest.raises(PuzzleRuleError, match="1 is given twice in row 1"):
        futoshiki.parse("4:1,1" + ",0" * 14)


def test_rules_are_refused():
    with pytest.raises(RequestError, match="futoshiki has no variant rules"):
        futoshiki.parse(EMPTY_4, rules="knight")
    assert futoshiki.parse(EMPTY_4, rules=" , ") == futoshiki.parse(EMPTY_4, rules=())


# -- solutions and the checker ------------------------------------------------------------------------
def _unique():
    example = next(e for e in futoshiki.EXAMPLES if e.name == "5x5")
    puzzle = futoshiki.parse(example.text)
    return puzzle, brute_force(puzzle)[0]


def test_solution_text_round_trips_and_accepts_the_drawn_grid():
    puzzle, solution = _unique()
    text = futoshiki.format(puzzle, solution)
    assert text.count("\n") == 4 and futoshiki.parse_solution(puzzle, text) == solution
    drawn = futoshiki.format(Puzzle(5, solution, puzzle.across, puzzle.down))
    assert futoshiki.parse_solution(puzzle, drawn) == solution
    with pytest.raises(PuzzleSyntaxError, match="the solution is 4×4; the puzzle is 5×5"):
        futoshiki.parse_solution(puzzle, "1234\n2341\n3412\n4123")


def test_checker_names_every_broken_rule_with_its_cells():
    puzzle, solution = _unique()
    assert futoshiki.check(puzzle, solution) == []
    given = next(i for i, g in enumerate(puzzle.givens) if g)
    n = puzzle.size
    changed = list(solution)
    changed[given] = solution[given] % n + 1
    codes = {v.code for v in futoshiki.check(puzzle, tuple(changed))}
    assert {"given", "row", "col"} <= codes
    row = [solution[c] for c in range(n)]                  # the first row reversed breaks its signs
    reversed_top = tuple(row[::-1]) + solution[n:]
    signs = [v for v in futoshiki.check(puzzle, reversed_top) if v.code == "sign"]
    assert signs and all(len(v.cells) == 2 for v in signs)
    assert ((0, 0), (0, 1)) in [v.cells for v in signs]    # r1c1 > r1c2 in the example
    duplicate = [v for v in futoshiki.check(puzzle, tuple(changed)) if v.code == "row"]
    assert all(len(v.cells) == 2 and v.cells[0][0] == v.cells[1][0] for v in duplicate)
    assert [v.code for v in futoshiki.check(puzzle, solution[:-1])] == ["shape"]
    assert "range" in {v.code for v in futoshiki.check(puzzle, (0,) + solution[1:])}
    assert "range" in {v.code for v in futoshiki.check(puzzle, (9,) + solution[1:])}


# -- board, layout and editing states ---------------------------------------------------------------
def test_render_shows_roles_and_the_signs():
    puzzle, solution = _unique()
    board = futoshiki.render(puzzle, solution).to_json()
    json.dumps(board)
    roles = {(cell["r"], cell["c"]): cell["role"] for cell in board["cells"]}
    assert roles[(3, 0)] == "given" and roles[(0, 0)] == "solved"
    assert board["marks"] == {"h": list(puzzle.across), "v": list(puzzle.down)}
    assert {cell["role"] for cell in futoshiki.render(puzzle).to_json()["cells"]} == {"given", "empty"}


def test_layout_is_valid_and_square():
    spec = futoshiki.layout()
    layout.check_layout(spec)
    assert [s["rows"] for s in spec["sizes"]] == list(range(4, 10)) and spec["square"]
    assert spec["cell"]["symbols"]["4"] == "1234" and spec["cell"]["symbols"]["9"] == "123456789"
    assert spec["marks"]["h"] == ["<", ">"] and spec["marks"]["v"] == ["^", "v"]
    assert set(spec["marks"]["labels"]) == {"<", ">", "^", "v"}


@pytest.mark.parametrize("example", EXAMPLES)
def test_states_round_trip(example):
    puzzle = futoshiki.parse(example.text)
    spec = futoshiki.layout()
    state = futoshiki.to_state(puzzle)
    assert state_problems(spec, state) == []
    assert layout.read_state(spec, state) == state
    assert futoshiki.from_state(state) == puzzle
    assert futoshiki.to_state(futoshiki.from_state(state)) == state


@pytest.mark.parametrize("n", range(4, 10))
def test_a_blank_state_is_the_empty_puzzle(n):
    state = layout.blank_state(futoshiki.layout(), n, n)
    puzzle = futoshiki.from_state(state)
    assert puzzle == futoshiki.parse("\n".join(["." * n] * n))
    assert futoshiki.to_state(puzzle) == state


def _state(n=4, cells=None, h=None, v=None):
    return {"rows": n, "cols": n, "cells": cells or [""] * (n * n),
            "marks": {"h": h or [""] * (n * (n - 1)), "v": v or [""] * (n * (n - 1))}}


@pytest.mark.parametrize("state,error,fragment,where", [
    (_state(cells=[""] * 5 + ["5"] + [""] * 10), PuzzleSyntaxError, "r2c2: '5' is not a digit of a 4×4",
     {"r": 1, "c": 1}),
    (_state(cells=["x"] + [""] * 15), PuzzleSyntaxError, "'x' is not a digit", {"r": 0, "c": 0}),
    (_state(h=[""] * 4 + ["^"] + [""] * 7), PuzzleSyntaxError, "between r2c2 and r2c3: '^' is not '<' or '>'",
     {"mark": "h", "r": 1, "c": 1}),
    (_state(v=[""] * 11 + ["<"]), PuzzleSyntaxError, "between r3c4 and r4c4", {"mark": "v", "r": 2, "c": 3}),
    (_state(cells=["1", "", "1"] + [""] * 13), PuzzleRuleError, "1 is given twice in row 1",
     {"cells": [[0, 0], [0, 2]]}),
    (_state(cells=[""] * 4 + ["4"] + [""] * 3 + ["4"] + [""] * 7), PuzzleRuleError, "4 is given twice in column 1",
     {"cells": [[1, 0], [2, 0]]}),
    (_state(cells=["2", "", "", "", "1"] + [""] * 11, v=["^"] + [""] * 11), PuzzleRuleError,
     "r1c1 < r2c1 cannot hold: the givens are 2 and 1", {"mark": "v", "r": 0, "c": 0}),
    ({**_state(3), "cols": 3}, PuzzleSyntaxError, "sizes are 4×4 to 9×9", {}),
])
def test_bad_states_are_located_as_parse_locates_them(state, error, fragment, where):
    with pytest.raises(error) as info:
        futoshiki.from_state(state)
    assert fragment in info.value.message, info.value.message
    assert info.value.where == where


def test_states_and_text_share_their_refusals():
    text_clash = "1..1\n....\n....\n...."
    with pytest.raises(PuzzleRuleError) as by_text:
        futoshiki.parse(text_clash)
    with pytest.raises(PuzzleRuleError) as by_state:
        futoshiki.from_state(_state(cells=["1", "", "", "1"] + [""] * 12))
    assert by_text.value.message == by_state.value.message
    with pytest.raises(RequestError):
        futoshiki.from_state(_state(), rules=("king",))


def test_the_module_keeps_the_kind_contract():
    checks.check_kind(futoshiki)


def _random_puzzle(rng):
    """A 4×4 or 5×5 with random signs and up to three givens, drawn again until it is accepted."""
    while True:
        n = rng.choice((4, 5))
        cells = [""] * (n * n)
        for i in rng.sample(range(n * n), rng.randint(0, 3)):
            cells[i] = str(rng.randint(1, n))
        density = rng.uniform(0.05, 0.3)
        marks = {way: [rng.choice(signs) if rng.random() < density else "" for _ in range(n * (n - 1))]
                 for way, signs in (("h", "<>"), ("v", "^v"))}
        try:
            return futoshiki.from_state({"rows": n, "cols": n, "cells": cells, "marks": marks})
        except PuzzleRuleError:
            continue


@pytest.mark.parametrize("seed", range(40))
def test_random_sign_sets_count_as_the_backtracker_counts(seed):
    puzzle = _random_puzzle(random.Random(seed))
    answer = solver.solve(futoshiki, puzzle, mode="all", limit=1000)
    expected = brute_force(puzzle, limit=1000)
    assert answer.count == len(expected) and answer.complete == (len(expected) < 1000)
    if answer.complete:
        assert sorted(answer.solutions) == sorted(expected)


# -- clues and facts (explanations) --------------------------------------------------------------
@pytest.mark.parametrize("example", EXAMPLES)
def test_clues_are_givens_and_signs_on_the_grid_with_labels(example):
    puzzle = futoshiki.parse(example.text)
    assert clue_problems(futoshiki, puzzle, puzzle.size, puzzle.size) == []
    keys = set(session.encode(futoshiki, puzzle).clues)
    n = puzzle.size
    givens = {("given", i // n, i % n) for i, d in enumerate(puzzle.givens) if d}
    signs = {("sign", "h", k // (n - 1), k % (n - 1)) for k, s in enumerate(puzzle.across) if s}
    signs |= {("sign", "v", k // n, k % n) for k, s in enumerate(puzzle.down) if s}
    assert keys == givens | signs


def test_sign_labels_read_as_the_inequality():
    f = session.encode(futoshiki, futoshiki.parse(futoshiki.EXAMPLES[0].text))
    assert f.clues[("sign", "v", 0, 2)].label == "the sign r1c3 > r2c3"
    assert f.clues[("sign", "v", 1, 0)].label == "the sign r2c1 < r3c1"
    assert f.clues[("sign", "h", 3, 0)].label == "the sign r4c1 > r4c2"
    assert f.clues[("given", 1, 3)].label == "the 4 at r2c4"
    assert f.extends_base_only()


@pytest.mark.parametrize("example", [e for e in futoshiki.EXAMPLES if e.count != 0], ids=lambda e: e.name)
def test_facts_read_back_the_solution_text(example):
    puzzle = futoshiki.parse(example.text)
    for solution, facts in facts_of_models(futoshiki, puzzle):
        rows = futoshiki.format(puzzle, solution).splitlines()
        assert facts == {(r, c, int(ch)) for r, row in enumerate(rows) for c, ch in enumerate(row)}
