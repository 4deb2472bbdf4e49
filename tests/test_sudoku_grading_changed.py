"""The grading loop tells each technique what changed since it last found nothing (grading/solve.py), and
some look only there. Checked at every call of a walk: a finder told what changed returns the step it
returns when told nothing (a look everywhere), on plain 9×9 puzzles up to triplet exclusion and on variant
rules and sizes; and the whole grade is the one a loop that never tells gives. A contradiction looked for
only where a step changed the board is the one a look everywhere finds.
"""

from __future__ import annotations

from collections import Counter

from conftest import corpus_lines

from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku import grading
from gridlogic.kinds.sudoku.grading import solve
from gridlogic.kinds.sudoku.grading.board import Changed, changes

FIENDISH = [                 # the generator's (seeds 0-2, and 12: an 8.5); DIAGONAL its seed 3 under the diagonal rule
    "...62...42......9......1...3....9.4...81.....97..68.1..9......7.569....3.3...75..",
    "4...5...6...3.6.1..527......9.......3.1....2.8..1...34.4.9..7...36......2..6.7...",
    "..9..2.5...8....2..6...53.1834...5........2.9..13....8...74.....93.........1...7.",
    "3.56..7.....7...25......1..6.7..4..........68..352.......8.7..24.1.......9.....3.",
]
DIAGONAL = ".56..7.....7.5...........1..8......2....965................36.1.....5....7...2.4.\nrules: diagonal"


def _checked(monkeypatch, calls: Counter):
    """Patch the grader's techniques so that each call told what changed is compared with a look
    everywhere; `calls` counts, per least score (and per technique's name, `named`), the calls told
    something and those of them that found a step."""
    def checked(least, finder, name=None):
        def find(board, budget, changed):
            got = finder(board, budget, changed)
            if changed is not None:
                assert got == finder(board, budget, None), least
                calls[least] += 1
                calls[least, "found"] += got is not None
                calls[name] += name is not None
            return got
        return find
    original = solve.techniques
    named = {[least for least, _ in original(True)].index(7.5) + 1: "Nishio forcing chain"}   # (the second at 7.5)
    monkeypatch.setattr(grading, "techniques", lambda unique: tuple(
        (least, checked(least, f, named.get(k) if unique else None)) for k, (least, f) in enumerate(original(unique))))


def test_told_finders_find_what_a_look_everywhere_finds(monkeypatch):
    calls: Counter = Counter()
    _checked(monkeypatch, calls)
    hardest = corpus_lines("sudoku", "norvig_top95.txt")
    for text in FIENDISH + hardest[:4] + [DIAGONAL]:
        grading.walk(sudoku.parse(text), cap=None if text == FIENDISH[3] else 7.5, told=False)
    for least in (1.7, 2.0, 2.5, 2.6, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 5.0, 5.2, 5.4, 6.2, 7.5):
        assert calls[least] >= 5, least                     # each technique was told what changed, often
    assert sum(calls[least, "found"] for least in (2.0, 2.6, 3.0, 3.4, 6.2)) > 10    # and found steps so told
    assert calls["Nishio forcing chain"] >= 10                 # (seed 12's 8.5 walk asks at each of its steps)


def test_grades_are_those_of_a_loop_that_never_tells(monkeypatch):
    texts = FIENDISH[:3] + corpus_lines("sudoku", "norvig_top95.txt")[4:8]
    told = [grading.grade(sudoku.parse(text), cap=7.5) for text in texts]
    original = solve.techniques
    monkeypatch.setattr(grading, "techniques", lambda unique: tuple(
        (least, lambda board, budget, _, f=f: f(board, budget, None)) for least, f in original(unique)))
    assert [grading.grade(sudoku.parse(text), cap=7.5) for text in texts] == told
    assert sum(len(grade.steps) for grade in told) > 200


def test_changes_name_the_cells_and_digits_that_changed():
    before = [0b11, 0b101, 0b1000, 0]
    after = [0b11, 0b100, 0, 0]
    assert changes(before, after) == Changed(0b110, 0b1001)
    assert changes(before, before) == Changed(0, 0)


def test_a_step_applied_tells_what_changed_as_the_candidates_before_and_after_do():
    from gridlogic.kinds.sudoku.grading.board import Board, Step, apply, geometry

    geo = geometry(9, (3, 3), None, ())
    applied = 0
    for text in FIENDISH[:3] + corpus_lines("sudoku", "norvig_top95.txt")[:3]:
        puzzle = sudoku.parse(text)
        board = Board.start(geo, list(puzzle.givens))
        for s in grading.grade(puzzle, cap=7.5).steps:
            step = Step(s.technique, s.score, [(r * 9 + c, d) for r, c, d in s.placed],
                        [(r * 9 + c, d) for r, c, d in s.eliminated])
            before = board.cand[:]
            assert apply(board, step) == changes(before, board.cand)
            applied += 1
    board = Board.start(geo, list(sudoku.parse(FIENDISH[0]).givens))
    i = board.cand.index(next(m for m in board.cand if m.bit_count() >= 3))
    d, gone = (d for d in range(1, 10) if board.cand[i] >> (d - 1) & 1), next(e for e in range(1, 10) if not board.cand[i] >> (e - 1) & 1)
    first, second = next(d), next(d)
    before = board.cand[:]                           # a candidate already gone, one taken, then the cell placed
    assert apply(board, Step("t", 1.0, [(i, second)], [(i, gone), (i, first)])) == changes(before, board.cand)
    assert applied > 200


def test_a_contradiction_looked_for_where_the_board_changed_is_the_one_found_everywhere():
    import random

    from gridlogic.kinds.sudoku.grading.board import Board, geometry

    rng, found = random.Random(6), Counter()
    geo = geometry(9, (3, 3), None, ())
    for text in FIENDISH + corpus_lines("sudoku", "norvig_top95.txt")[:6]:
        puzzle = sudoku.parse(text)
        board = Board.start(geo, list(puzzle.givens))
        assert not board.has_contradiction()
        for _ in range(40):                           # candidates taken out until the board breaks
            after = board.copy()
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(81)
                if after.cand[i]:
                    after.cand[i] &= ~(1 << (rng.choice([d for d in range(9) if after.cand[i] >> d & 1])))
            within = changes(board.cand, after.cand).cells
            assert after.has_contradiction(within) == after.has_contradiction(), text
            found[after.has_contradiction()] += 1
            if after.has_contradiction():
                break
            board = after
    assert found[True] >= 5 and found[False] >= 50
