"""The sudoku grader (kinds/sudoku/grading): each technique fires where it must, with Sudoku Explainer's
score; every step is checked against the solution the SAT solver finds (placements agree with it,
eliminations never remove its digit); caps, budgets, levels and puzzles without one solution.

Puzzles here are from the corpus (magictour_top1465, Royle's 17-clue list, norvig) but none is in the
held-out sample of bench/bench_grading_se.py, which measures agreement with SE itself.
"""

from __future__ import annotations

import pytest
from conftest import corpus_lines

from gridlogic import api
from gridlogic.budget import Budget
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku.grading import LEVELS, Grade, applies, basic, fish, grade, level_of
from gridlogic.kinds.sudoku.grading.board import Board, geometry
from gridlogic.kinds.sudoku.grading.chains import length_increment
from gridlogic.kinds.sudoku.grid import make_puzzle

# (technique, score, puzzle): the grade of the puzzle takes this step (graded up to `cap`, when given)
EXAMPLES = [
    ("Hidden single (last cell)", 1.0, ".................1..2.34........536..178.....9...........1....6..8....4.3..9.....", None),
    ("Hidden single", 1.2, ".................1..2.34........536..178.....9...........1....6..8....4.3..9.....", None),
    ("Hidden single", 1.5, ".................1..2.34........536..178.....9...........1....6..8....4.3..9.....", None),
    ("Direct pointing", 1.7, ".................1..1..2.3.........4..3.56.....7.....8.4.81.....8.7.....9......6.", None),
    ("Direct hidden pair", 2.0, ".................1..2.34.........34...56.72...1.....8....1........95...74........", None),
    ("Naked single", 2.3, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", None),
    ("Direct hidden triple", 2.5, ".342...5.....87....1.........24...3..5....2..6...........3....12.....7..8........", None),
    ("Pointing", 2.6, ".................1..2..3..4.......5......6.7..34..1.......5...27..8.....86..7....", None),
    ("Claiming", 2.8, "043080250600000000000001094900004070000608000010200003820500000000000005034090710", None),
    ("Naked pair", 3.0, ".8..9....3......6....3...4.....1...5..2...9....7...8..65....1.....2.7........4...", None),
    ("X-wing", 3.2, ".3..4.......5...9.9......2..6....8..5..7..........1...7.21.........8.3.6......4..", None),
    ("Hidden pair", 3.4, ".342...5.....87....1.........24...3..5....2..6...........3....12.....7..8........", None),
    ("Naked triple", 3.6, "1..7..6...4..9......74.32.....1.............7..5.3841.2.3.4..5.......3.6.79......", 6.0),
    ("Swordfish", 3.8, "12.....8.4.......2..9..35.....9.8....7..2..5...1..42......65..7.......61..83.....", 6.0),
    ("Hidden triple", 4.0, ".8.....2...5..4.......61.....6...1.7...9...3.......6..23.8.........7.4..9........", None),
    ("XY-wing", 4.2, ".8..9....3......6....3...4.....1...5..2...9....7...8..65....1.....2.7........4...", None),
    ("XYZ-wing", 4.4, "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3.............", None),
    ("Unique rectangle type 1", 4.5, "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3.............", None),
    ("Unique rectangle type 2", 4.5, "1.37....5...6.4...8...........81.....9....7...6.....9..2....4..5...3...........2.", None),
    ("Unique rectangle type 4", 4.5, "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......", None),
    ("Unique rectangle type 3", 4.7, "2..7..1......5..9...1..4..3......8......4..6...9..6..27..5..6...5..7..3...6..3..1", 6.0),
    ("Aligned pair exclusion", 6.2, "........5.4.....7..761.43...85.6...........51.6.2.......2.....9...4.8.....37...1.", 6.2),
    ("Naked quad", 5.0, ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7", None),
    ("BUG type 1", 5.6, "......6894......7.....26...2...6.34...49..8.2...........87.5....6.83......7......", None),
    ("Forcing X-chain", 6.6, ".397.4....71............6.....3.5.4.8...2.........69...165...9.....4..6.2....8...", None),
    ("X-cycle", 6.6, "....4.87..61..................6...312...7....4.........5.1.8...7.....2.....3.....", None),
    ("Y-cycle", 6.8, "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......", None),
    ("XY-cycle", 7.1, "5.2....4.....81...6............3.7..4..5............9..97...3.....2...6..1....8..", None),
    ("Forcing XY-chain", 7.1, ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7", None),
    ("Nishio forcing chain", 7.8, "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........", None),
    ("Multiple forcing chain", 8.2, "...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9", None),
    ("Aligned triplet exclusion", 7.5, "7.......4...29....6...8..5....7..8...8...1.9...4.3.2...2.3....6176....2.4........", None),
    ("Dynamic forcing chain", 8.8, "5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..", None),
]


def solution_of(puzzle, unique: bool = True) -> list[int]:
    """The puzzle's solution by the SAT backend (row-major digits), independent of the grader; with
    unique=False, one of its solutions (steps that assume no uniqueness hold in every solution)."""
    n = puzzle.size
    text = "\n".join("".join(str(d) if d else "." for d in puzzle.givens[r * n:(r + 1) * n]) for r in range(n))
    request = {"op": "solve", "kind": "sudoku", "text": text, "render": False}
    if puzzle.rules:
        request["rules"] = list(puzzle.rules)
    result = api.handle(request)["result"]
    assert result["status"] == "unique" or (not unique and result["status"] == "multiple"), result["status"]
    return [int(ch) for ch in result["solution"] if ch.isdigit()]


def assert_sound(puzzle, g: Grade, solution: list[int]) -> None:
    """Placements agree with the solution, eliminations spare it; a solved grade ends at it."""
    n = puzzle.size
    values = list(puzzle.givens)
    for step in g.steps:
        for r, c, d in step.eliminated:
            assert solution[r * n + c] != d, (step.technique, (r, c, d))
        for r, c, d in step.placed:
            assert solution[r * n + c] == d, (step.technique, (r, c, d))
            values[r * n + c] = d
        assert 1.0 <= step.score <= 11.9
    if g.solved:
        assert values == solution
        assert g.score == max(s.score for s in g.steps)
    assert g.level == level_of(g.score)


@pytest.mark.parametrize("technique, score, text, cap", EXAMPLES, ids=[f"{t}-{s}" for t, s, _, _ in EXAMPLES])
def test_technique_fires_with_its_score(technique, score, text, cap):
    puzzle = sudoku.parse(text)
    g = grade(puzzle, cap=cap, budget=Budget(30_000))
    assert (technique, score) in {(s.technique, s.score) for s in g.steps}
    assert g.stopped in (None, "cap")
    assert_sound(puzzle, g, solution_of(puzzle))


def _board(cands: dict[tuple[int, int], int]) -> Board:
    """An empty 9×9 board whose cells hold every digit but where `cands` says otherwise (mask by cell)."""
    board = Board.start(geometry(9, (3, 3), None, ()), [0] * 81)
    for (r, c), mask in cands.items():
        board.cand[r * 9 + c] = mask
    return board


def test_jellyfish_on_a_constructed_board():
    # digit 1 in rows 0, 2, 4, 6 only in columns 0, 2, 4, 6, no three of those rows within three columns
    pattern = {0: (0, 2, 4), 2: (2, 4, 6), 4: (0, 4, 6), 6: (0, 2, 6)}
    board = _board({(r, c): 0x1FF & ~(0 if c in cols else 1) for r, cols in pattern.items() for c in range(9)})
    assert fish.fish(board, 2) is None and fish.fish(board, 3) is None
    step = fish.fish(board, 4)
    assert (step.technique, step.score) == ("Jellyfish", 5.2)
    assert sorted(step.eliminated) == sorted((r * 9 + c, 1) for r in (1, 3, 5, 7, 8) for c in (0, 2, 4, 6))


def test_hidden_quad_on_a_constructed_board():
    # row 1: digits 1-4 only in its first four cells
    board = _board({(0, c): 0x1FF & ~0xF for c in range(4, 9)})
    assert basic.hidden_set(board, 2) is None and basic.hidden_set(board, 3) is None
    step = basic.hidden_set(board, 4)
    assert (step.technique, step.score) == ("Hidden quad", 5.4)
    assert sorted(step.eliminated) == [(c, d) for c in range(4) for d in range(5, 10)]


def test_direct_claiming_on_a_constructed_board():
    # digit 1: row 1 only in box 1, row 3 in box 1 and at r3c8, no 1 left in box 2
    ones = {0: (0, 1), 1: (0, 1, 2, 6, 7, 8), 2: (1, 7)}
    board = _board({(r, c): 0x1FF & ~(0 if c in cols else 1) for r, cols in ones.items() for c in range(9)})
    assert basic.locking(board).technique == "Claiming"
    step = basic.direct_locking(board)
    assert (step.technique, step.score, step.placed) == ("Direct claiming", 1.9, ((2 * 9 + 7, 1),))


def test_levels_are_the_se_bands():
    assert LEVELS == (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
    assert [level_of(x) for x in (1.0, 1.5, 1.6, 2.3, 2.5, 2.6, 4.4, 6.0, 6.1, 11.9)] == \
        ["easy", "easy", "medium", "medium", "medium", "hard", "hard", "hard", "fiendish", "fiendish"]


def test_chain_length_increment_is_se_s():
    # + 0.1 each time the chain (complexity - 2 nodes) passes 4, 6, 8, 12, 16, 24, ...
    assert [length_increment(k) for k in (3, 6, 7, 8, 10, 11, 14, 15, 18, 19, 26, 27)] == \
        [0, 0, 0.1, 0.1, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]


def _sample(lines: list[str], step: int, count: int) -> list[str]:
    return lines[:count * step:step]


def test_steps_agree_with_the_solution_on_easy50():
    for text in _sample(corpus_lines("sudoku", "norvig_easy50.txt")[:25], 3, 9):
        puzzle = sudoku.parse(text)
        g = grade(puzzle)
        assert g.solved and g.score <= 6.0
        assert_sound(puzzle, g, solution_of(puzzle))


def test_steps_agree_with_the_solution_on_top95():
    for text in _sample(corpus_lines("sudoku", "norvig_top95.txt")[:10], 4, 3):
        puzzle = sudoku.parse(text)
        g = grade(puzzle, budget=Budget(2_000))
        assert g.solved or g.stopped == "budget"
        assert_sound(puzzle, g, solution_of(puzzle))


def test_caps_stop_where_they_should():
    checked = 0
    for _, _, text, _ in EXAMPLES[:24:2]:
        puzzle = sudoku.parse(text)
        full = grade(puzzle, cap=6.0)
        if not full.solved:                                 # needs chains: slow to grade twice more
            continue
        checked += 1
        at = grade(puzzle, cap=full.score)
        assert at.solved and at.score == full.score and at.steps == full.steps
        below = grade(puzzle, cap=round(full.score - 0.1, 1))
        assert not below.solved and below.stopped == "cap"
        assert all(s.score <= full.score - 0.1 + 1e-9 for s in below.steps)
        assert below.steps == full.steps[:len(below.steps)]
    assert checked >= 6


def test_level_caps_as_the_generator_uses_them():
    text = EXAMPLES[4][2]                                    # needs a direct hidden pair: medium
    g = grade(sudoku.parse(text), cap=2.5)
    assert g.solved and g.level == "medium"
    assert not grade(sudoku.parse(text), cap=1.5).solved


def test_budget_stops_with_a_lower_bound():
    puzzle = sudoku.parse(EXAMPLES[-1][2])
    g = grade(puzzle, budget=Budget(1))
    assert not g.solved and g.stopped == "budget"
    g = grade(puzzle, budget=Budget(150))
    assert g.stopped in ("budget", None) and g.score >= max((s.score for s in g.steps), default=0)


def test_puzzles_without_one_solution_stall_or_contradict():
    impossible = sudoku.parse("12345678.\n........9\n" + ".........\n" * 7)
    g = grade(impossible)
    assert not g.solved and g.stopped == "contradiction"
    # two solutions: a full grid without the four cells of a rectangle whose two digits can swap
    solved = [int(ch) for ch in "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
    cells = next((r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
                 for r1 in range(9) for r2 in range(r1 + 1, 9) for c1 in range(9) for c2 in range(c1 + 1, 9)
                 if len({(r1 // 3, c1 // 3), (r1 // 3, c2 // 3), (r2 // 3, c1 // 3), (r2 // 3, c2 // 3)}) == 2
                 and solved[r1 * 9 + c1] == solved[r2 * 9 + c2] and solved[r1 * 9 + c2] == solved[r2 * 9 + c1])
    givens = tuple(0 if i in cells else d for i, d in enumerate(solved))
    g = grade(make_puzzle(9, givens))
    assert not g.solved and g.stopped == "stuck" and not g.steps
    g = grade(sudoku.parse("." * 81), cap=6.0)
    assert not g.solved and g.stopped == "cap"


def test_which_puzzles_apply():
    plain = sudoku.parse(EXAMPLES[0][2])
    assert applies(plain)
    assert applies(make_puzzle(9, plain.givens, ("diagonal", "knight")))
    assert not applies(make_puzzle(9, plain.givens, ("nonconsecutive",)))
    from gridlogic.kinds.sudoku.constraints import Constraint
    with_cage = make_puzzle(9, plain.givens, (), None, (Constraint("killer", ((0, 0), (0, 1)), 3),))
    assert not applies(with_cage)


def _unique_from(size: int, rules: tuple[str, ...]):
    """A puzzle with one solution: some cells of a full grid, more given back until SAT finds no other."""
    full = solution_of(make_puzzle(size, (0,) * size * size, rules), unique=False)
    givens = [d if (i * 5) % 7 < 4 else 0 for i, d in enumerate(full)]
    while api.handle({"op": "solve", "kind": "sudoku", "render": False, "rules": list(rules), "text": "\n".join(
            "".join(str(d) if d else "." for d in givens[r * size:(r + 1) * size]) for r in range(size))}
                     )["result"]["status"] != "unique":
        givens[givens.index(0)] = full[givens.index(0)]
    return make_puzzle(size, tuple(givens), rules)


def test_variants_and_other_sizes_are_sound():
    variants = [_unique_from(9, rules) for rules in (("diagonal",), ("knight",), ("disjoint", "king"))]
    variants += [_unique_from(size, ()) for size in (4, 6, 8)]
    for puzzle in variants:
        g = grade(puzzle, budget=Budget(3_000))
        assert g.solved, (puzzle.size, puzzle.rules, g.stopped)
        assert_sound(puzzle, g, solution_of(puzzle, unique=False))


def test_steps_agree_with_janko_16x16_solutions():
    symbols = "123456789ABCDEFG"
    rows = [line.split() for line in corpus_lines("sudoku", "janko_sudoku_9x9_16x16_with_solutions.txt")]
    for _, n, text, solved in [row for row in rows if row[1] == "16"][::40]:
        puzzle = make_puzzle(16, tuple(0 if ch == "." else symbols.index(ch) + 1 for ch in text))
        g = grade(puzzle, budget=Budget(10_000))
        assert g.solved
        assert_sound(puzzle, g, [symbols.index(ch) + 1 for ch in solved])


def test_regions_drawn_as_the_boxes_grade_as_the_boxes():
    puzzle = sudoku.parse(EXAMPLES[9][2])                    # a naked pair and an XY-wing
    boxes = tuple((r // 3) * 3 + c // 3 for r in range(9) for c in range(9))
    irregular = make_puzzle(9, puzzle.givens, (), boxes)
    assert grade(irregular, cap=6.0) == grade(puzzle, cap=6.0)


def test_no_puzzle_here_is_in_the_bench_sample():
    import importlib.util
    from conftest import ROOT, corpus_path
    corpus_path("sudoku", "norvig_easy50.txt")               # skips without the corpus
    spec = importlib.util.spec_from_file_location("bench_grading_se", ROOT / "bench" / "bench_grading_se.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    held_out = set(bench.sample())
    ours = {text.replace("0", ".") for _, _, text, _ in EXAMPLES}
    ours |= {text.replace("0", ".") for text in corpus_lines("sudoku", "norvig_easy50.txt")[:25]}
    ours |= set(corpus_lines("sudoku", "norvig_top95.txt")[:10])
    assert len(held_out) > 250 and not ours & held_out
