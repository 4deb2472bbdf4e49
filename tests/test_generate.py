"""The generate op: every puzzle it makes has one solution (proved again by z3 through backend "smt", and
its solution passes the kind's own check), its hint path rates it exactly as asked and as the answer
says, the same seed makes the same text, symmetric givens are symmetric, a minimal puzzle loses its
uniqueness with any given removed, and refused requests name their field. A sample of kinds, sizes and
levels by default (bench/bench_generate.py sweeps them all)."""

from __future__ import annotations

import pytest

from gridlogic import api, generate
from gridlogic.generate import orbits, seeds
from gridlogic.kinds import KINDS, get_kind, kakuro

CASES = [
    # kind, rows, difficulty, symmetry, minimal, rules, seed
    ("sudoku", 9, "easy", "rotate180", False, (), 1),
    ("sudoku", 9, "medium", "none", False, (), 2),
    ("sudoku", 9, "hard", "diagonal", False, (), 3),
    ("sudoku", 9, "fiendish", "none", False, (), 4),
    ("sudoku", 4, "easy", "rotate90", False, (), 5),
    ("sudoku", 6, "easy", "none", True, (), 6),
    ("sudoku", 6, "easy", "mirror", False, ("king",), 7),
    ("binary", 6, "easy", "rotate180", False, (), 8),
    ("binary", 6, "easy", "none", True, (), 9),
    ("binary", 8, "medium", "none", False, (), 0),
    ("futoshiki", 5, "easy", "none", False, (), 10),
    ("futoshiki", 5, "medium", "none", False, (), 3),
    ("kakuro", 6, "easy", "rotate180", False, (), 12),
    ("kakuro", 8, "medium", "mirror", False, (), 2),
    ("kakuro", 10, "medium", "rotate180", False, (), 2),
    ("puzlogic", 5, "easy", "none", False, (), 13),
    ("puzlogic", 6, "medium", "none", False, (), 1),
    ("nonogram", 10, "easy", "none", False, (), 14),
]


def _generate(kind: str, rows: int, difficulty: str, symmetry: str, minimal: bool, rules: list, seed: int) -> dict:
    response = api.handle({"op": "generate", "kind": kind, "rows": rows, "difficulty": difficulty,
                           "symmetry": symmetry, "minimal": minimal, "rules": list(rules), "seed": seed})
    assert response["ok"], response
    return response["result"]


@pytest.fixture(scope="module")
def made() -> dict:
    """Each case's puzzle, made once."""
    return {case: _generate(*case) for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}-{c[3]}{'-minimal' if c[4] else ''}")
def test_generated_puzzle_is_unique_rated_and_repeatable(case, made):
    kind, rows, difficulty, symmetry, minimal, rules, seed = case
    result = made[case]
    assert result["status"] == "generated" and result["seed"] == seed and result["kind"] == kind
    base = {"kind": kind, "text": result["text"], "rules": list(rules)}
    other = api.handle({"op": "solve", **base, "backend": "smt", "render": False})["result"]
    assert other["status"] == "unique", other
    module = get_kind(kind)
    puzzle = module.parse(result["text"], rules=tuple(rules))
    assert module.check(puzzle, module.parse_solution(puzzle, other["solution"])) == []
    assert api.handle({"op": "parse", **base})["result"]["state"] == result["state"]
    hint = api.handle({"op": "hint", **base, "path": True})["result"]
    assert hint["difficulty"] == result["difficulty"]
    assert hint["difficulty"]["rating"] == difficulty
    assert _generate(*case)["text"] == result["text"]


GENERATED = [kind for kind in KINDS if generate.options(kind) is not None]


@pytest.mark.parametrize("kind", GENERATED, ids=lambda k: k.KEY)
def test_every_maker_makes_its_smallest_easy_puzzle(kind):
    """Every kind's maker (its `makers` hook), at the smallest size the page offers: a puzzle of one solution
    (which passes the kind's checker) rated easy, the same again from the same seed."""
    rows, cols, levels = min(generate.options(kind)["sizes"], key=lambda size: size[0] * size[1])
    request = {"op": "generate", "kind": kind.KEY, "rows": rows, "cols": cols, "seed": 1}
    result = api.handle(request)["result"]
    assert result["status"] == "generated" and result["difficulty"]["rating"] == levels[0] == "easy", result
    solved = api.handle({"op": "solve", "kind": kind.KEY, "text": result["text"], "render": False})["result"]
    puzzle = kind.parse(result["text"])
    assert solved["status"] == "unique" and kind.check(puzzle, kind.parse_solution(puzzle, solved["solution"])) == []
    assert api.handle(request)["result"]["text"] == result["text"]


def _given_cells(kind: str, state: dict) -> set[tuple[int, int]]:
    cols = state["cols"]
    return {divmod(i, cols) for i, cell in enumerate(state["cells"]) if cell not in ("", "-") and not cell.startswith("\\")}


@pytest.mark.parametrize("case", [c for c in CASES if c[3] != "none"], ids=lambda c: f"{c[0]}-{c[3]}")
def test_givens_are_symmetric(case, made):
    kind, rows, difficulty, symmetry, *_ = case
    state = made[case]["state"]
    if kind == "kakuro":                     # the layout is symmetric: its white cells
        cells = {divmod(i, state["cols"]) for i, cell in enumerate(state["cells"]) if cell == ""}
        inner = {(r - 1, c - 1) for r, c in cells}
        assert orbits.is_symmetric(symmetry, state["rows"] - 1, state["cols"] - 1, inner)
    else:
        cells = _given_cells(kind, state)
        assert cells and orbits.is_symmetric(symmetry, state["rows"], state["cols"], cells)


@pytest.mark.parametrize("case", [c for c in CASES if c[4]], ids=lambda c: f"{c[0]}-{c[1]}")
def test_minimal_puzzle_needs_every_given(case, made):
    kind, rows, difficulty, symmetry, minimal, rules, seed = case
    state = made[case]["state"]
    cells = sorted(_given_cells(kind, state))
    assert cells
    for r, c in cells:
        fewer = {**state, "cells": list(state["cells"])}
        fewer["cells"][r * state["cols"] + c] = ""
        answer = api.handle({"op": "solve", "kind": kind, "state": fewer, "rules": list(rules), "render": False})
        assert answer["result"]["status"] == "multiple", (r, c)


def test_daily_puzzle_comes_from_the_date():
    request = {"op": "generate", "kind": "sudoku", "rows": 4, "daily": "2026-11-25"}
    first, again = api.handle(request)["result"], api.handle(request)["result"]
    assert first["text"] == again["text"]
    assert first["seed"] == seeds.daily_seed("sudoku", 4, 4, (), "easy", "none", False,
                                             __import__("datetime").date(2026, 11, 25))
    other = api.handle({**request, "daily": "2026-11-26"})["result"]
    assert other["seed"] != first["seed"]


def _clues(state: dict) -> set[tuple]:
    """Where and what each clue of a generated puzzle's editing state is: its given or clued cells, signs,
    line clues and cages."""
    out = set()
    for k, cell in enumerate(state.get("cells", [])):
        if cell not in ("", "-"):
            out.add(("cell", k, cell))
    for part in ("marks", "edges"):
        for name, values in state.get(part, {}).items():
            out.update((name, k, value) for k, value in enumerate(values) if value)
    for cage in state.get("parts", {}).get("cages", []):
        out.add(("cage", tuple(map(tuple, cage["cells"])), cage["value"]))
    return out


@pytest.mark.parametrize("kind, rows, levels, seed", [
    ("sudoku", 9, ("easy", "medium", "hard", "fiendish"), 7011),
    ("sudoku", 9, ("easy", "medium", "hard", "fiendish"), 5),
    ("sudoku+killer", 6, ("easy", "medium"), 1),
    ("binary", 8, ("easy", "medium"), 1),
    ("futoshiki", 5, ("easy", "medium"), 0),
    ("kakuro", 6, ("easy", "medium"), 1),
    ("puzlogic", 6, ("easy", "medium"), 2),
    ("nonogram", 10, ("easy", "medium"), 1),
])
def test_one_seed_at_two_levels_gives_unrelated_puzzles(kind, rows, levels, seed):
    """Each level draws from its own stream of the seed: two levels share at most half their clues (the
    same clue in the same place), and their solutions differ."""
    kind, *families = kind.split("+")
    made = {}
    for level in levels:
        response = api.handle({"op": "generate", "kind": kind, "rows": rows, "difficulty": level, "seed": seed,
                               "constraints": families})
        assert response["ok"] and response["result"]["status"] == "generated", response
        made[level] = response["result"]
    solutions = {level: ask_solution(kind, made[level]["text"]) for level in levels}
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            ca, cb = _clues(made[a]["state"]), _clues(made[b]["state"])
            assert ca and cb
            assert len(ca & cb) <= min(len(ca), len(cb)) / 2, (a, b, len(ca & cb), len(ca), len(cb))
            assert solutions[a] != solutions[b], (a, b)


def ask_solution(kind: str, text: str) -> str:
    result = api.handle({"op": "solve", "kind": kind, "text": text, "render": False})["result"]
    assert result["status"] == "unique"
    return result["solution"]


def test_no_seed_reports_the_random_one():
    result = api.handle({"op": "generate", "kind": "sudoku", "rows": 4})["result"]
    again = api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "seed": result["seed"]})["result"]
    assert again["text"] == result["text"]


def test_budget_runs_out_as_unknown():
    result = api.handle({"op": "generate", "kind": "sudoku", "difficulty": "fiendish", "budget_ms": 1, "seed": 1})
    assert result["ok"] and result["result"]["status"] == "unknown"
    assert result["result"]["stopped"] == "budget" and result["result"]["tried"] >= 0


def test_progress_reports_attempts():
    seen = []
    api.handle({"op": "generate", "kind": "sudoku", "rows": 6, "difficulty": "medium", "seed": 0}, progress=seen.append)
    assert seen and all(set(report) == {"tried"} for report in seen)
    assert [report["tried"] for report in seen] == list(range(1, len(seen) + 1))


@pytest.mark.parametrize("request_, field, words", [
    ({"kind": "numbercross"}, "kind", "not generated"),
    ({"kind": "sudoku", "rows": 4, "difficulty": "medium"}, "difficulty", "cannot be medium"),
    ({"kind": "nonogram", "rows": 10, "difficulty": "fiendish"}, "difficulty", "cannot be fiendish"),
    ({"kind": "binary", "rows": 4, "difficulty": "hard"}, "difficulty", "cannot be hard"),
    ({"kind": "sudoku", "difficulty": "impossible"}, "difficulty", "must be one of"),
    ({"kind": "sudoku", "symmetry": "spiral"}, "symmetry", "must be one of"),
    ({"kind": "nonogram", "symmetry": "rotate180"}, "symmetry", "generated with symmetry none"),
    ({"kind": "binary", "rows": 6, "cols": 8, "symmetry": "rotate90"}, "symmetry", "square"),
    ({"kind": "binary", "rows": 5}, "rows", "even"),
    ({"kind": "sudoku", "rows": 17}, "rows", "4×4 to 16×16"),
    ({"kind": "kakuro", "rows": 13}, "rows", "4 to 12 cells a side"),
    ({"kind": "kakuro", "rows": 4, "difficulty": "medium"}, "difficulty", "it reaches easy"),
    ({"kind": "sudoku", "seed": 1, "daily": "2026-11-25"}, "daily", "cannot both"),
    ({"kind": "sudoku", "daily": "tomorrow"}, "daily", "YYYY-MM-DD"),
    ({"kind": "sudoku", "seed": -1}, "seed", "from 0"),
    ({"kind": "sudoku", "symmetry": True}, "symmetry", "names one"),
])
def test_refused_requests_name_their_field(request_, field, words):
    response = api.handle({"op": "generate", **request_})
    assert not response["ok"]
    assert response["error"]["where"]["field"] == field and words in response["error"]["message"]


def test_solve_symmetry_stays_a_flag():
    response = api.handle({"op": "solve", "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4", "symmetry": "none"})
    assert not response["ok"] and response["error"]["where"]["field"] == "symmetry"


def test_cli_prints_puzzles_and_their_difficulty(capsys):
    from gridlogic import cli

    assert cli.main(["generate", "sudoku", "--size", "4x4", "--seed", "5", "--count", "2",
                     "--symmetry", "rotate180"]) == 0
    out = capsys.readouterr().out
    puzzles = out.strip().split("\n\n")
    assert len(puzzles) == 2 and all(p.splitlines()[-1].startswith("difficulty: easy · ") for p in puzzles)
    first = api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "seed": 5, "symmetry": "rotate180"})
    assert puzzles[0].splitlines()[:4] == first["result"]["text"].splitlines()
    assert puzzles[0].splitlines()[-1].endswith("· seed 5")
    assert cli.main(["generate", "numbercross"]) == 2
    assert "not generated" in capsys.readouterr().err


def test_a_capped_solver_stops_above_its_level():
    from gridlogic import ratings, walks
    from gridlogic.kinds import futoshiki, sudoku

    hard = futoshiki.parse(next(e for e in futoshiki.EXAMPLES if e.name == "7x7 hard").text)
    whole = walks.rate(futoshiki, hard)
    assert whole.level in ("hard", "fiendish")
    assert walks.rate(futoshiki, hard, cap=whole.level).level == whole.level
    capped = walks.walk(futoshiki, hard, engine=walks.RATING_ENGINE, new=True, cap="easy")
    assert capped.stopped == "cap" and ratings.level(futoshiki, hard, capped.steps[-1]) != "easy"
    assert all(ratings.level(futoshiki, hard, s) == "easy" for s in capped.steps[:-1])
    assert walks.rate(futoshiki, hard, cap="easy") == walks.Rating(None, stopped="cap")
    classic = sudoku.parse(sudoku.EXAMPLES[0].text)              # graded: the grader's cap
    graded = walks.rate(sudoku, classic)
    assert graded.level == graded.difficulty["rating"] and "score" in graded.difficulty
    names = [name for name, _ in ratings.RATINGS]
    for name in names[:names.index(graded.level)]:
        assert walks.rate(sudoku, classic, cap=name).level is None


KILLER_CASES = [
    # rows, difficulty, seed
    (6, "easy", 3),
    (9, "easy", 1),
    (6, "hard", 2),
]


@pytest.mark.parametrize("rows, difficulty, seed", KILLER_CASES, ids=lambda x: str(x))
@pytest.mark.timed                          # the generator keeps a time budget of its own
def test_killer_cages_partition_the_grid_and_the_puzzle_is_unique_rated_and_repeatable(rows, difficulty, seed):
    from gridlogic.kinds import sudoku

    request = {"op": "generate", "kind": "sudoku", "rows": rows, "difficulty": difficulty, "seed": seed,
               "constraints": ["killer"]}
    response = api.handle(request)
    assert response["ok"], response
    result = response["result"]
    assert result["status"] == "generated" and result["constraints"] == ["killer"]
    puzzle = sudoku.from_state(result["state"])
    assert sudoku.format(puzzle) == result["text"] and sudoku.to_state(sudoku.parse(result["text"])) == result["state"]
    cages = list(puzzle.constraints)
    assert cages and all(c.type == "killer" and c.value is not None for c in cages)
    covered = sorted(cell for c in cages for cell in c.cells)
    assert covered == [(r, c) for r in range(rows) for c in range(rows)]       # a partition of the grid
    assert all(1 <= len(c.cells) <= 6 for c in cages) and sum(len(c.cells) == 1 for c in cages) <= 1
    assert sum(1 for d in puzzle.givens if d) <= rows * rows // 2              # not a grid mostly given
    other = api.handle({"op": "solve", "kind": "sudoku", "state": result["state"], "backend": "smt",
                        "render": False})["result"]
    assert other["status"] == "unique", other
    solution = sudoku.parse_solution(puzzle, other["solution"])
    assert sudoku.check(puzzle, solution) == []
    digits = {divmod(i, rows): d for i, d in enumerate(solution)}               # row-major digits
    for cage in cages:                            # sums and distinct digits, read from the solution here
        values = [digits[cell] for cell in cage.cells]
        assert sum(values) == cage.value and len(set(values)) == len(values)
    hint = api.handle({"op": "hint", "kind": "sudoku", "state": result["state"], "path": True})["result"]
    assert hint["difficulty"] == result["difficulty"] and hint["difficulty"]["rating"] == difficulty
    assert "score" in hint["difficulty"]                      # the killer grader's rating (grading/killer.py)
    assert api.handle(request)["result"]["text"] == result["text"]


@pytest.mark.parametrize("request_, words", [
    ({"kind": "sudoku", "constraints": ["arrow"]}, "generated with killer"),
    ({"kind": "binary", "constraints": "killer"}, "without them"),
    ({"kind": "sudoku", "rows": 4, "constraints": ["killer"], "difficulty": "medium"}, "cannot be medium"),
    ({"kind": "sudoku", "rows": 4, "constraints": ["killer"], "difficulty": "fiendish"}, "cannot be fiendish"),
    ({"kind": "sudoku", "constraints": [3]}, "names (strings)"),
    ({"kind": "sudoku", "rows": 16, "constraints": ["killer"]}, "4×4 to 9×9"),
])
def test_refused_constraints_name_their_field(request_, words):
    response = api.handle({"op": "generate", **request_})
    assert not response["ok"] and words in response["error"]["message"], response
    assert response["error"]["where"]["field"] in ("constraints", "difficulty", "rows")


def test_killer_daily_seed_differs_from_plain():
    plain = api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "daily": "2026-11-25"})["result"]
    caged = api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "daily": "2026-11-25",
                        "constraints": ["killer"]})["result"]
    assert caged["seed"] != plain["seed"] and "killer" in caged["text"]


def test_cli_generates_killer(capsys):
    from gridlogic import cli

    assert cli.main(["generate", "sudoku", "--size", "6", "--seed", "3", "--constraints", "killer"]) == 0
    out = capsys.readouterr().out
    made = api.handle({"op": "generate", "kind": "sudoku", "rows": 6, "seed": 3, "constraints": ["killer"]})
    assert out.startswith(made["result"]["text"].rstrip("\n")) and "killer" in out


@pytest.mark.parametrize("symmetry", ["rotate180", "mirror", "diagonal"])
def test_kakuro_layouts_keep_their_symmetry_and_runs_of_two_to_nine(symmetry):
    """Layouts (runs of one blackened, runs past nine cut) and the cells the uniqueness rounds blacken go by
    orbits; every run keeps 2 to 9 cells."""
    import random

    from gridlogic.budget import Budget
    from gridlogic.kinds.kakuro import maker

    rng = random.Random(5)
    for _ in range(12):
        white = maker.layout(12, 12, symmetry, rng)
        fewer = maker._clean(white - {min(white)} - set(maker._orbit_of(symmetry, 12, 12)(min(white))),
                             maker._orbit_of(symmetry, 12, 12))
        for cells in (white, fewer):
            assert orbits.is_symmetric(symmetry, 11, 11, {(r - 1, c - 1) for r, c in cells})
            assert all(2 <= len(run) <= 9 for run in maker._runs(cells))
    made = maker.candidate(8, 8, (), symmetry, random.Random(3), Budget(60_000))
    if made is not None:
        state = kakuro.to_state(made.write(set()))
        inner = {(i // 8 - 1, i % 8 - 1) for i, cell in enumerate(state["cells"]) if cell == ""}
        assert orbits.is_symmetric(symmetry, 7, 7, inner)


def test_kakuro_sample_is_unique_symmetric_and_of_its_level():
    """Small kakuros over seeds and symmetries: one solution (z3, or the SAT engine without it), runs of 2
    to 9 cells, a symmetric layout, and the hint path's level."""
    from gridlogic.backends import has_z3
    from gridlogic.kinds.kakuro import maker

    backend = "smt" if has_z3() else "sat"
    for seed, (rows, cols, symmetry) in enumerate([(4, 4, "none"), (5, 5, "diagonal"), (6, 6, "mirror"),
                                                   (7, 7, "rotate180"), (5, 7, "mirror"), (7, 5, "none"),
                                                   (6, 6, "diagonal"), (8, 8, "rotate180")]):
        result = api.handle({"op": "generate", "kind": "kakuro", "rows": rows, "cols": cols, "seed": seed,
                             "symmetry": symmetry})["result"]
        assert result["status"] == "generated", result
        answer = api.handle({"op": "solve", "kind": "kakuro", "text": result["text"], "backend": backend,
                             "count": True, "render": False})["result"]
        assert answer["count"] == 1 and answer["count_complete"], (seed, result["text"])
        state = result["state"]
        white = {divmod(i, cols) for i, cell in enumerate(state["cells"]) if cell == ""}
        assert orbits.is_symmetric(symmetry, rows - 1, cols - 1, {(r - 1, c - 1) for r, c in white})
        assert all(2 <= len(run) <= 9 for run in maker._runs(white))
        hint = api.handle({"op": "hint", "kind": "kakuro", "text": result["text"], "path": True})["result"]
        assert hint["difficulty"] == result["difficulty"] and hint["difficulty"]["rating"] == "easy"


def test_the_kinds_op_offers_what_each_maker_declares():
    """The page's New puzzle panel offers (the kinds op's `generate`) exactly the levels each maker
    reaches at a size and declares made in time there (OFFERED: level -> sides; its figures in
    docs/benchmarks.md, bench/bench_offer.py), sizes with none left out; the default size is offered."""
    from gridlogic.errors import RequestError
    from gridlogic.contract import layout_of

    infos = {info["key"]: info for info in api.handle({"op": "kinds"})["result"]["kinds"]}
    for kind in KINDS:
        makers = generate.makers_of(kind)
        offer = infos[kind.KEY]["generate"]
        if () not in makers:
            assert offer is None
            continue
        for families, maker in makers.items():
            shown = offer if not families else next(f for f in offer["families"] if tuple(f["constraints"]) == families)
            expected = []
            for size in layout_of(kind)["sizes"]:
                rows, cols = size["rows"], size["cols"]
                try:
                    maker.check_size(rows, cols)
                except RequestError:
                    continue
                levels = [lv for lv in maker.levels(rows, cols) if max(rows, cols) in maker.OFFERED.get(lv, ())]
                if levels:
                    expected.append([rows, cols, levels])
            assert shown["sizes"] == expected, (kind.KEY, families)
            assert [maker.DEFAULT, maker.DEFAULT] in [s[:2] for s in expected], (kind.KEY, families)


def test_a_level_not_offered_can_still_be_asked_of_the_api():
    """The offer is the page's: the API still makes any level a size reaches, within the budget given."""
    from gridlogic.kinds import sudoku

    assert "fiendish" in sudoku.makers()[()].levels(16, 16)
    assert "fiendish" not in generate.offered(sudoku.makers()[()], 16, 16)
    generate.settle(sudoku, 16, 16, "fiendish", None)                     # not refused
    response = api.handle({"op": "generate", "kind": "sudoku", "rows": 16, "difficulty": "fiendish", "seed": 0,
                           "budget_ms": 1000})
    assert response["ok"] and response["result"]["status"] in ("generated", "unknown"), response


def test_futoshiki_9x9_fiendish_is_made_unique_and_rated_fiendish_by_its_grader():
    """The largest futoshiki at the top level: one solution, counted by the SAT engine, and the grader's whole
    ladder rates it fiendish."""
    from gridlogic.kinds import futoshiki
    from gridlogic.kinds.futoshiki import grading

    result = api.handle({"op": "generate", "kind": "futoshiki", "rows": 9, "difficulty": "fiendish", "seed": 1})
    made = result["result"]
    assert made["status"] == "generated" and made["difficulty"]["rating"] == "fiendish", made
    answer = api.handle({"op": "solve", "kind": "futoshiki", "text": made["text"], "count": True,
                         "render": False})["result"]
    assert answer["count"] == 1 and answer["count_complete"]
    grade = grading.grade(futoshiki.parse(made["text"]))
    assert grade.level == "fiendish", grade

