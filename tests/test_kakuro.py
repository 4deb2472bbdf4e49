"""Kakuro: parsing and its located errors, formats and puzz.link, the checker, counts, the corpus."""

from __future__ import annotations

import itertools

import pytest

from conftest import FULL, corpus_path
from gridlogic import api, backends, layout, session, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import kakuro
from gridlogic.kinds.kakuro import grid as kakuro_grid
from gridlogic.kinds.kakuro.grid import BLACK, WHITE
from gridlogic.links import parse_text
from gridlogic.cnf.sums import digit_sets
from clues_fit import clue_problems, count, facts_of_models

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]
WORKED = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"    # REFERENCE-FORMATS.md §1(b)
WORKED_TEXT = kakuro.EXAMPLES[0].text
KNOWN_MULTIPLE = {"257_24x28": 2}      # janko 257 as transcribed: two solutions, the published one among them


def corpus_blocks(name: str) -> list[tuple[str, str, str]]:
    """(id, problem text, solution text) for each `=== id url` block of a corpus/kakuro file."""
    text = corpus_path("kakuro", name).read_text(encoding="utf-8")
    out = []
    for block in ("\n" + text).split("\n=== ")[1:]:
        head, body = block.split("\n", 1)
        problem, solution = body.split("--- solution")
        out.append((head.split()[0], problem, solution))
    return out


# -- text format and its errors ----------------------------------------------------------------
@pytest.mark.parametrize("text,error,fragment,where", [
    ("", PuzzleSyntaxError, "empty input", {}),
    ("3 3\n- 3, 3,\n,3 0 0", PuzzleSyntaxError, "says 3 rows, but 2 follow", {"line": 1}),
    ("3 3\n- 3, 3,\n,3 0 0\n,3 0", PuzzleSyntaxError, "row 3 (line 4): expected 3 cells, got 2",
     {"line": 4, "r": 2}),
    ("- 3, 3,\n,3 0 0 0\n,3 0 0", PuzzleSyntaxError, "row 2 (line 2): expected 3 cells, got 4",
     {"line": 2, "r": 1}),
    ("3 3\n- 3, 3,\n,3 x 0\n,3 0 0", PuzzleSyntaxError, "r2c2 (line 3, column 4): unexpected 'x'",
     {"line": 3, "col": 4, "r": 1, "c": 1}),
    ("3 3\n- 3, 3,\n,3 0 0\n,3 0 5", PuzzleSyntaxError, "r3c3 (line 4, column 6): unexpected '5'",
     {"col": 6, "r": 2, "c": 2}),
    ("3 3\n- 0,3 3,\n,3 0 0\n,3 0 0", PuzzleSyntaxError, "r1c2 (line 2, column 3): a sum is at least 1",
     {"line": 2, "col": 3, "r": 0, "c": 1}),
    ("1 1\n0", PuzzleSyntaxError, "at least 2×2", {}),
    ("3 3\n- 3, -\n,3 0 0\n,3 0 0", PuzzleRuleError, "r2c3: the run going down from here has no sum",
     {"r": 1, "c": 2}),
    ("3 3\n- 3, 3,\n- 0 0\n,3 0 0", PuzzleRuleError, "r2c2: the run going right from here has no sum",
     {"r": 1, "c": 1}),
    ("3 3\n- 3, 3,\n,3 0 0\n,3 0 ,5", PuzzleRuleError, "r3c3: the right sum 5 has no run",
     {"r": 2, "c": 2}),
    ("3 3\n- 3, 3,\n,3 0 0\n,3 0 3,", PuzzleRuleError, "r3c3: the down sum 3 has no run",
     {"r": 2, "c": 2}),
])
def test_bad_input_is_located(text, error, fragment, where):
    with pytest.raises(error) as info:
        kakuro.parse(text)
    assert fragment in info.value.message
    for key, value in where.items():
        assert info.value.where[key] == value


@pytest.mark.parametrize("text,fragment,r", [
    ("3 3\n- 3, 18,\n,3 0 0\n,18 0 0", "the down sum 18 cannot be made from 2 different digits 1–9 "
                                       "(they reach 3–17)", 0),
    ("3 3\n- 2, 3,\n,3 0 0\n,3 0 0", "the down sum 2 cannot be made from 2 different digits", 0),
    ("2 11\n" + "- " * 11 + "\n,45" + " 0" * 10, "the right sum 45 cannot be made from 10 different digits "
                                               "1–9 (they reach nothing: a run holds at most 9 cells)", 1),
])
def test_impossible_sums_are_rule_errors_at_their_clue(text, fragment, r):
    with pytest.raises(PuzzleRuleError) as info:
        kakuro.parse(text)
    assert fragment in info.value.message
    assert info.value.where["r"] == r


def test_size_line_is_optional_and_corpus_blocks_paste_whole():
    two = kakuro.EXAMPLES[1].text
    assert kakuro.parse(two.split("\n", 1)[1]) == kakuro.parse(two)
    block = "=== 1 url\n# note\n" + two + "\n--- solution\n3 3\n- - -\n- 1 2\n- 2 1\n"
    assert kakuro.parse(block) == kakuro.parse(two)


def test_tokens_read_as_documented():
    puzzle = kakuro.parse("3 3\n- 16, 3,\n,17 0 0\n,4 0 0")
    assert puzzle.cell(0, 0) == BLACK
    assert puzzle.cell(0, 1) == (16, None)
    assert puzzle.cell(1, 0) == (None, 17)
    assert puzzle.cell(1, 1) is WHITE
    assert [(run.way, run.total, run.cells) for run in kakuro_grid.runs(puzzle)] == [
        ("down", 16, ((1, 1), (2, 1))), ("down", 3, ((1, 2), (2, 2))),
        ("right", 17, ((1, 1), (1, 2))), ("right", 4, ((2, 1), (2, 2)))]


def test_digit_sets_cover_every_subset_once():
    assert digit_sets(2, 4) == ((1, 3),)
    assert digit_sets(3, 24) == ((7, 8, 9),)
    assert digit_sets(2, 10) == ((1, 9), (2, 8), (3, 7), (4, 6))
    every = [s for k in range(1, 10) for total in range(1, 46) for s in digit_sets(k, total)]
    assert len(every) == len(set(every)) == 2 ** 9 - 1


@pytest.mark.parametrize("example", kakuro.EXAMPLES, ids=lambda e: e.name)
def test_format_round_trip(example):
    puzzle = kakuro.parse(example.text)
    assert kakuro.format(puzzle) == example.text
    assert kakuro.parse(kakuro.format(puzzle)) == puzzle


# -- puzz.link --------------------------------------------------------------------------------
def test_puzzlink_worked_example():
    puzzle = kakuro.from_puzzlink(5, 5, "48la0.na0lh3l0Bn.0cl.c4a3")
    assert puzzle == kakuro.parse(WORKED_TEXT)
    assert (puzzle.rows, puzzle.cols) == (6, 6)
    assert puzzle.cell(1, 1) == (4, 8) and puzzle.cell(4, 1) == (None, 21)     # r0 [↓4 →8], r3 "0B"
    assert puzzle.cell(0, 2) == (12, None) and puzzle.cell(3, 0) == (None, 3)  # the border sums
    assert kakuro.to_puzzlink(puzzle) == WORKED
    assert parse_text(kakuro, WORKED) == puzzle


def test_puzzlink_white_runs_continue_across_rows_and_split_at_sixteen():
    top, bottom = list(range(1, 10)), list(range(2, 10)) + [1]
    text = ("3 10\n- " + " ".join(f"{a + b}," for a, b in zip(top, bottom))
            + "\n,45 " + " ".join(["0"] * 9) + "\n,45 " + " ".join(["0"] * 9))
    puzzle = kakuro.parse(text)
    url = kakuro.to_puzzlink(puzzle)
    assert url == "https://puzz.link/p?kakuro/9/2/zl3579bdfhaZZ"     # 18 white cells: z (16) + l (2)
    assert parse_text(kakuro, url) == puzzle
    answer = solver.solve(kakuro, puzzle, mode="count", limit=5000)
    assert answer.complete and answer.count >= 1
    assert all(kakuro.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("cols,rows,body,fragment", [
    (5, 5, "48la0.na0lh3l0Bn.0cl.c4a", "the data ends before the sum left of row 3"),
    (5, 5, "48la0.na0lh3l0Bn.0cl.c4a3x", "unexpected extra data 'x'"),
    (5, 5, "48la0.na0lh3l0Bn.0cl.", "the data ends before the sum above column 2"),
    (5, 5, "48la0.na0lh3l0Bn.0c", "the data ends after 22 of 25 cells"),
    (5, 5, "48la0.na0lh3l0Bn.0cz", "'z' runs past the last cell"),
    (5, 5, "4", "a clue cell needs two characters"),
    (5, 5, "4!", "unexpected character '!'"),
    ("a", 5, "", "size must be two numbers"),
])
def test_bad_puzzlink_data_is_located(cols, rows, body, fragment):
    with pytest.raises(PuzzleSyntaxError) as info:
        kakuro.from_puzzlink(cols, rows, body)
    assert fragment in info.value.message


def test_puzzlink_zero_border_means_no_clue_and_is_refused_where_a_run_starts():
    with pytest.raises(PuzzleRuleError) as info:
        kakuro.from_puzzlink(5, 5, "48la0.na0lh3l0Bn.0cl.c403")
    assert info.value.message.startswith("r3c2: the run going right from here has no sum")
    assert info.value.where == {"r": 2, "c": 1}


def test_not_a_puzzlink_url():
    with pytest.raises(PuzzleSyntaxError):
        parse_text(kakuro, "https://puzz.link/p?sudoku/9/9/abc")


# -- solutions, checker, counts -----------------------------------------------------------------
def test_solution_text_round_trip():
    example = kakuro.EXAMPLES[0]
    puzzle = kakuro.parse(example.text)
    solution = kakuro.parse_solution(puzzle, example.solution)
    assert kakuro.check(puzzle, solution) == []
    assert kakuro.format(puzzle, solution) == example.solution
    body = example.solution.split("\n", 1)[1]
    assert kakuro.parse_solution(puzzle, "--- solution\n" + body) == solution


@pytest.mark.parametrize("text,fragment", [
    ("4 4\n- - -\n- 1 2\n- 2 1", "4×4; the puzzle is 3×3"),
    ("- - -\n- 1 2", "the solution has 2 rows"),
    ("- - -\n- 1 2\n- 2", "row 3 (line 3): expected 3 cells, got 2"),
    ("- - -\n- 1 2\n- 2 x", "r3c3 (line 3): unexpected 'x'"),
])
def test_bad_solution_text_is_located(text, fragment):
    puzzle = kakuro.parse(kakuro.EXAMPLES[1].text)
    with pytest.raises(PuzzleSyntaxError) as info:
        kakuro.parse_solution(puzzle, text)
    assert fragment in info.value.message


def test_checker_reports_each_broken_rule():
    puzzle = kakuro.parse(kakuro.EXAMPLES[1].text)                  # sums 3 everywhere: 1 2 / 2 1
    codes = lambda grid: sorted(v.code for v in kakuro.check(puzzle, kakuro.parse_solution(puzzle, grid)))
    assert codes("- - -\n- 1 2\n- 2 1") == []
    assert codes("- - -\n- 1 2\n- 1 2") == ["repeat", "repeat", "sum", "sum"]
    assert codes("- - -\n- 2 1\n- 2 1") == ["repeat", "repeat", "sum", "sum"]
    assert codes("- - -\n- 1 2\n- 2 -") == ["empty"]
    assert codes("- - 1\n- 1 2\n- 2 1") == ["not_white"]
    assert codes("- - -\n- 1 1\n- 2 2") == ["repeat", "repeat", "sum", "sum"]
    assert kakuro.check(puzzle, (0,) * 4)[0].code == "shape"
    sums = [v for v in kakuro.check(puzzle, (0, 0, 0, 0, 2, 2, 0, 2, 2)) if v.code == "sum"]
    assert {v.cells[0] for v in sums} == {(0, 1), (0, 2), (1, 0), (2, 0)}


def _brute_count(puzzle) -> int:
    """Count through the checker: each across run tries the orderings of distinct digits with its sum."""
    runs = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            clue = puzzle.cell(r, c)
            if clue is not WHITE and clue[1] is not None:
                cells = list(itertools.takewhile(lambda i: puzzle.cells[i] is WHITE,
                                                 range(r * puzzle.cols + c + 1, (r + 1) * puzzle.cols)))
                fills = [p for p in itertools.permutations(range(1, 10), len(cells)) if sum(p) == clue[1]]
                runs.append((cells, fills))
    count = 0
    for choice in itertools.product(*(fills for _, fills in runs)):
        grid = [0] * len(puzzle.cells)
        for (cells, _), digits in zip(runs, choice):
            for i, d in zip(cells, digits):
                grid[i] = d
        count += not kakuro.check(puzzle, tuple(grid))
    return count


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("example", kakuro.EXAMPLES, ids=lambda e: e.name)
def test_examples_on_both_engines(example, backend):
    puzzle = kakuro.parse(example.text)
    answer = solver.solve(kakuro, puzzle, backend=backend, mode="count", limit=100, keep=100)
    assert answer.complete and answer.count == example.count
    assert all(kakuro.check(puzzle, s) == [] for s in answer.solutions)
    assert len(set(answer.solutions)) == answer.count
    if example.solution:
        assert kakuro.format(puzzle, answer.solution) == example.solution


@pytest.mark.parametrize("example", [e for e in kakuro.EXAMPLES if e.text.startswith(("3 3", "4 4"))],
                         ids=lambda e: e.name)
def test_counts_match_brute_force_through_the_checker(example):
    assert _brute_count(kakuro.parse(example.text)) == example.count


def test_api_solve_check_and_located_error():
    response = api.handle({"op": "solve", "kind": "kakuro", "text": WORKED})
    assert response["ok"] and response["result"]["status"] == "unique"
    assert response["result"]["solution"] == kakuro.EXAMPLES[0].solution
    cells = response["result"]["board"]["cells"]
    assert {"r": 1, "c": 1, "text": "", "role": "clue", "down": 4, "right": 8} in cells
    checked = api.handle({"op": "check", "kind": "kakuro", "text": WORKED_TEXT,
                          "solution": kakuro.EXAMPLES[0].solution})
    assert checked["ok"] and checked["result"]["ok"]
    bad = api.handle({"op": "solve", "kind": "kakuro", "text": "3 3\n- 3, -\n,3 0 0\n,3 0 0"})
    assert not bad["ok"] and bad["error"]["type"] == "PuzzleRuleError"
    assert bad["error"]["where"] == {"r": 1, "c": 2}


# -- corpus -------------------------------------------------------------------------------------
FIRST200 = "janko_kakuro_first200.txt"
LARGEST = "janko_kakuro_largest10.txt"


@pytest.mark.corpus
def test_first200_solved_unique_and_published():
    """Every fourth of janko's first 200 (all of them under --full) solves to its published answer, unique."""
    blocks = corpus_blocks(FIRST200)
    assert len(blocks) == 200
    for name, problem, published in blocks if FULL else blocks[::4]:
        puzzle = kakuro.parse(problem)
        expected = kakuro.parse_solution(puzzle, published)
        assert kakuro.check(puzzle, expected) == [], name
        answer = solver.solve(kakuro, puzzle)
        assert answer.status == "unique", name
        assert answer.solution == expected, name
        assert kakuro.check(puzzle, answer.solution) == [], name


@pytest.mark.corpus
def test_largest10_solved_with_the_published_solution_among_ours():
    blocks = corpus_blocks(LARGEST)
    assert len(blocks) == 10
    for name, problem, published in blocks:
        puzzle = kakuro.parse(problem)
        expected = kakuro.parse_solution(puzzle, published)
        answer = solver.solve(kakuro, puzzle, mode="count", limit=10, keep=10)
        assert answer.complete and answer.count == KNOWN_MULTIPLE.get(name, 1), name
        assert expected in answer.solutions, name
        assert all(kakuro.check(puzzle, s) == [] for s in answer.solutions), name


@pytest.mark.corpus
@pytest.mark.parametrize("name", [FIRST200, LARGEST])
def test_corpus_round_trips_text_and_puzzlink(name):
    for ident, problem, published in corpus_blocks(name):
        puzzle = kakuro.parse(problem)
        assert kakuro.format(puzzle).split() == problem.split(), ident
        assert kakuro.parse(kakuro.format(puzzle)) == puzzle, ident
        assert parse_text(kakuro, kakuro.to_puzzlink(puzzle)) == puzzle, ident
        state = kakuro.to_state(puzzle)
        assert kakuro.from_state(state) == puzzle and _state_values_fit_the_layout(state), ident
        solution = kakuro.parse_solution(puzzle, published)
        assert kakuro.format(puzzle, solution).split() == published.split(), ident


@pytest.mark.corpus
def test_a_corpus_puzzle_on_smt():
    name, problem, published = corpus_blocks(FIRST200)[0]
    puzzle = kakuro.parse(problem)
    if "smt" not in BACKENDS:
        pytest.skip("z3 not installed")
    answer = solver.solve(kakuro, puzzle, backend="smt")
    assert answer.status == "unique"
    assert answer.solution == kakuro.parse_solution(puzzle, published)


def _mutate(rng, text: str, alphabet: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars))
        op = rng.random()
        if op < 0.4:
            chars[i] = rng.choice(alphabet)
        elif op < 0.7:
            chars.insert(i, rng.choice(alphabet))
        else:
            del chars[i]
    return "".join(chars)


def test_mutated_inputs_are_refused_cleanly_or_solved_and_checked():
    import random
    from gridlogic.errors import PuzzleError
    rng = random.Random(4)
    accepted = 0
    for _ in range(400):
        text = _mutate(rng, rng.choice(kakuro.EXAMPLES).text, "0123456789-, \n,x")
        try:
            puzzle = kakuro.parse(text)
        except PuzzleError as exc:
            assert exc.message
            continue
        accepted += 1
        answer = solver.solve(kakuro, puzzle, mode="count", limit=20, keep=20)
        assert all(kakuro.check(puzzle, s) == [] for s in answer.solutions)
        assert kakuro.parse(kakuro.format(puzzle)) == puzzle
        assert parse_text(kakuro, kakuro.to_puzzlink(puzzle)) == puzzle
        kakuro.render(puzzle, answer.solution)
    for _ in range(400):
        body = _mutate(rng, "48la0.na0lh3l0Bn.0cl.c4a3", "0123456789abcjklmzABZ.-!")
        try:
            puzzle = kakuro.from_puzzlink(5, 5, body)
        except PuzzleError as exc:
            assert exc.message
            continue
        accepted += 1
        assert parse_text(kakuro, kakuro.to_puzzlink(puzzle)) == puzzle
    assert accepted >= 10


def test_variant_rules_are_refused():
    with pytest.raises(RequestError) as info:
        kakuro.parse(kakuro.EXAMPLES[1].text, rules=["miracle"])
    assert "kakuro has no rule variants (got 'miracle')" in info.value.message
    assert kakuro.parse(kakuro.EXAMPLES[1].text, rules="") == kakuro.parse(kakuro.EXAMPLES[1].text)


def test_puzzlink_envelopes_and_the_api_link_ops():
    puzzle = kakuro.parse(WORKED_TEXT)
    for url in (WORKED, WORKED.replace("?kakuro/", "?kakuro_edit/"),
                "http://pzv.jp/p.html?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"):
        assert parse_text(kakuro, url) == puzzle
        assert parse_text(kakuro, f"  {url}\n") == puzzle
    imported = api.handle({"op": "link_import", "url": WORKED})
    assert imported["ok"] and imported["result"]["kind"] == "kakuro"
    assert imported["result"]["text"] == WORKED_TEXT
    exported = api.handle({"op": "link_export", "kind": "kakuro", "text": WORKED_TEXT, "format": "puzzlink"})
    assert exported["ok"] and exported["result"]["url"] == WORKED


def test_across_and_down_totals_that_differ_answer_none_at_once():
    """Across sums and down sums both add up to every white cell: when they differ the answer is
    `none` without a search (one clause: the sums cannot all hold), and brute force agrees."""
    import itertools

    from gridlogic import solver

    text = "3 3\n- 5, 3,\n,3 0 0\n,4 0 0"
    puzzle = kakuro.parse(text)
    f = session.encode(kakuro, puzzle)
    assert sorted(f.clauses[-1]) == sorted(-clue.selector for clue in f.clues.values())
    assert solver.solve(kakuro, puzzle, mode="count").count == 0
    whites = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.is_white(r, c)]
    found = 0
    for digits in itertools.product(range(1, 10), repeat=len(whites)):
        grid = [0] * (puzzle.rows * puzzle.cols)
        for (r, c), d in zip(whites, digits):
            grid[r * puzzle.cols + c] = d
        found += not kakuro.check(puzzle, tuple(grid))
    assert found == 0
    same = kakuro.parse("3 3\n- 4, 3,\n,3 0 0\n,4 0 0")
    assert solver.solve(kakuro, same).status == "unique"


# -- editing state --------------------------------------------------------------------------------
def _state_values_fit_the_layout(state: dict) -> bool:
    """Every cell is empty, a state's token alone, or a token with one well-formed value per field."""
    states = {info["token"]: info.get("fields", []) for info in kakuro.layout()["cell"]["states"]}
    for value in state["cells"]:
        if value == "" or (value in states and not states[value]):
            continue
        token, rest = value[:1], value[1:]
        fields = states.get(token)
        if not fields or rest.count(",") != len(fields) - 1:
            return False
        for text, field in zip(rest.split(","), fields):
            if text and not (text.isdigit() and text[0] != "0" and field["min"] <= int(text) <= field["max"]):
                return False
    return True


STATE_TEXTS = [pytest.param(e.text, id=e.name) for e in kakuro.EXAMPLES]
STATE_TEXTS.append(pytest.param("3 4\n- 16, 3, -\n,17 0 0 -\n,4 0 0 -", id="black cells and one-way clues"))


@pytest.mark.parametrize("text", STATE_TEXTS)
def test_state_round_trips_and_fits_the_layout(text):
    puzzle = kakuro.parse(text)
    state = kakuro.to_state(puzzle)
    assert kakuro.from_state(state) == puzzle
    assert kakuro.to_state(kakuro.from_state(state)) == state
    assert _state_values_fit_the_layout(state)
    assert layout.read_state(kakuro.layout(), state) == state
    clues = sum(cell not in (WHITE, BLACK) for cell in puzzle.cells)
    assert sum(value.startswith("\\") for value in state["cells"]) == clues
    answer = solver.solve(kakuro, kakuro.from_state(state), mode="count", limit=10, keep=10)
    assert all(kakuro.check(puzzle, s) == [] for s in answer.solutions)


def test_state_values_read_as_documented():
    state = kakuro.to_state(kakuro.parse("3 3\n- 16, 3,\n,17 0 0\n,4 0 0"))
    assert state["cells"] == ["-", "\\16,", "\\3,", "\\,17", "", "", "\\,4", "", ""]
    state["cells"][0] = "\\,"                      # a clue with no sum is a black cell, as `,` is in text
    assert kakuro.from_state(state).cell(0, 0) == BLACK
    assert kakuro.to_state(kakuro.from_state(state))["cells"][0] == "-"


def test_layout_is_json_and_a_fresh_grid_of_each_size_is_refused_at_its_first_run():
    import json
    info = kakuro.layout()
    layout.check_layout(info)
    json.dumps(info)
    assert info["cell"]["blank_border"] == "-" and info["free_size"] and not info.get("square")
    assert all(len(s["token"]) == 1 and all(k in s["keys"] for k in s["token"]) for s in info["cell"]["states"])
    for size in info["sizes"] + [info["min_size"], info["max_size"]]:
        rows, cols = size["rows"], size["cols"]
        blank = layout.blank_state(info, rows, cols)
        assert blank["cells"][:cols] == ["-"] * cols and blank["cells"][cols:cols + 2] == ["-", ""]
        with pytest.raises(PuzzleRuleError) as error:
            kakuro.from_state(blank)
        assert "has no sum" in error.value.message and error.value.where == {"r": 1, "c": 1}


@pytest.mark.parametrize("value,error,fragment", [
    ("\\0,3", PuzzleSyntaxError, "a sum is at least 1"),
    ("\\46,", PuzzleSyntaxError, "a sum is at most 45"),
    ("\\3,100", PuzzleSyntaxError, "a sum is at most 45"),
    ("\\3", PuzzleSyntaxError, "unexpected"),
    ("\\3,4,5", PuzzleSyntaxError, "unexpected"),
    ("\\a,", PuzzleSyntaxError, "unexpected"),
    ("\\", PuzzleSyntaxError, "unexpected"),
    ("3,", PuzzleSyntaxError, "unexpected"),
    ("0", PuzzleSyntaxError, "unexpected"),
    ("\\18,", PuzzleRuleError, "the down sum 18 cannot be made from 2 different digits"),
    ("\\,3", PuzzleRuleError, "the right sum 3 has no run"),
])
def test_state_bad_clues_are_located_at_their_cell(value, error, fragment):
    state = kakuro.to_state(kakuro.parse(kakuro.EXAMPLES[1].text))        # - 3, 3, / ,3 0 0 / ,3 0 0
    state["cells"][1] = value
    with pytest.raises(error) as info:
        kakuro.from_state(state)
    assert info.value.message.startswith("r1c2: ") and fragment in info.value.message
    assert info.value.where == {"r": 0, "c": 1}


@pytest.mark.parametrize("token,value", [("0,3", "\\0,3"), ("46,", "\\46,"), ("18,", "\\18,"), (",3", "\\,3")])
def test_state_refusals_are_the_ones_parse_gives(token, value):
    with pytest.raises((PuzzleSyntaxError, PuzzleRuleError)) as from_text:
        kakuro.parse(f"3 3\n- {token} 3,\n,3 0 0\n,3 0 0")
    state = kakuro.to_state(kakuro.parse(kakuro.EXAMPLES[1].text))
    state["cells"][1] = value
    with pytest.raises(type(from_text.value)) as from_state:
        kakuro.from_state(state)
    assert from_state.value.message.split(": ", 1)[1] == from_text.value.message.split(": ", 1)[1]
    assert {k: from_text.value.where[k] for k in ("r", "c")} == from_state.value.where


@pytest.mark.parametrize("rows,cols,fragment", [(1, 5, "at least 2×2 (one clue row and column), got 1×5"),
                                                (51, 3, "at most 50×50 cells (got 51×3)")])
def test_state_sizes_are_refused_with_the_size(rows, cols, fragment):
    with pytest.raises(PuzzleSyntaxError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        kakuro.from_state({"rows": rows, "cols": cols, "cells": ["-"] * (rows * cols)})


def test_state_variant_rules_are_refused():
    state = kakuro.to_state(kakuro.parse(kakuro.EXAMPLES[1].text))
    with pytest.raises(RequestError, match="kakuro has no rule variants"):
        kakuro.from_state(state, rules=("miracle",))


# -- clues and facts (explanations) --------------------------------------------------------------
@pytest.mark.parametrize("example", kakuro.EXAMPLES, ids=lambda e: e.name)
def test_clues_are_the_sums_on_the_grid_with_labels(example):
    puzzle = kakuro.parse(example.text)
    assert clue_problems(kakuro, puzzle, puzzle.rows, puzzle.cols) == []
    clues = session.encode(kakuro, puzzle).clues
    assert set(clues) == {("sum", run.way, run.r, run.c) for run in kakuro_grid.runs(puzzle)}
    for run in kakuro_grid.runs(puzzle):
        assert clues[("sum", run.way, run.r, run.c)].cells == ((run.r, run.c), *run.cells)


def test_sum_labels_name_way_total_and_clue_cell():
    clues = session.encode(kakuro, kakuro.parse(kakuro.EXAMPLES[0].text)).clues
    assert clues[("sum", "down", 0, 2)].label == "the down sum 12 at r1c3"
    assert clues[("sum", "right", 2, 0)].label == "the right sum 10 at r3c1"


def test_with_every_sum_off_a_run_still_holds_distinct_digits():
    puzzle = kakuro.parse("3 3\n- 3, 3,\n,3 0 0\n,3 0 0")
    f = session.encode(kakuro, puzzle)
    f.assumptions = [a for a in f.assumptions if a not in {c.selector for c in f.clues.values()}]
    latin = sum(a != b and c != d and a != c and b != d for a, b, c, d in itertools.product(range(1, 10), repeat=4))
    assert count(f, limit=10_000) == latin


@pytest.mark.parametrize("example", [e for e in kakuro.EXAMPLES if e.count != 0], ids=lambda e: e.name)
def test_facts_read_back_the_solution_text(example):
    puzzle = kakuro.parse(example.text)
    for solution, facts in facts_of_models(kakuro, puzzle):
        rows = kakuro.format(puzzle, solution).splitlines()[1:]
        assert facts == {(r, c, int(word)) for r, row in enumerate(rows) for c, word in enumerate(row.split())
                         if word.isdigit()}
