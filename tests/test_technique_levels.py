"""Binary and futoshiki graded by technique (kinds/*/grading.py on gridlogic/ladder.py): every step a grader
takes holds in the puzzle's one solution (found by SAT and held to the kind's own `check`, neither sharing
code with the grader), every technique is seen doing so, levels follow Tatham's on his own puzzles and never
rise as clues are added, generated puzzles are unique and in the band asked, and hints name the techniques."""

from __future__ import annotations

import pytest

from gridlogic import api, generate, solver
from gridlogic.budget import BudgetExceeded
from gridlogic.kinds import binary, futoshiki
from gridlogic.kinds.binary import grading as binary_grading
from gridlogic.kinds.futoshiki import grading as futoshiki_grading
from tests.conftest import corpus_cases, corpus_lines, corpus_path

# Game IDs from Tatham's own generators (Unequal 5×5 at each level, Unruly 8×8 with rule 3 at each level)
# and the level his solver gives them; ours is the same level, Unequal's Recursive our fiendish.
TATHAM = [
    (futoshiki, "5dt:0,0,0,0,4,1,3,0,0,2,4,0,2,0,1,2,0,0,1,3,0,0,0,0,0,", "easy"),
    (futoshiki, "5de:0,0,0,0,0D,0,3,0,0L,0D,0U,0L,0,0L,0,0,0L,0,0,0,3,0,0,0L,0,", "medium"),
    (futoshiki, "5dk:0D,1,0,0,0,0,0,0,0,0,1,0,0L,0U,0,0D,0,0,0RL,0,3R,0,0R,0,0U,", "hard"),
    (futoshiki, "5dx:0D,0,0,0,0D,0,3,0,0L,0D,0,0L,0,0L,0,0,0L,0,0,0,3,0,0,0L,0,", "fiendish"),
    (futoshiki, "5dr:0,0,0,0,0D,0,3,0,0D,0D,4,0,0,0L,0,0,0L,0,0,0,0,0,0,0L,0L,", "fiendish"),
    (binary, "8x8udt:EbaBDedbdGBDAEeBeCb", "easy"),
    (binary, "8x8ude:EbdCedbdaLAEeBbce", "medium"),
    (binary, "8x8udn:BFBDcdhAdmgFbBa", "hard"),
]


SAMPLE = ("binary", "binarypuzzle_com_sample.txt")


def _binary_picks(lines: list[str]) -> list:
    """From the binarypuzzle.com sample's lines: the first 8×8 of each level, and two that need more than
    Unruly's techniques (8×8 level 4 #3, 10×10 level 4 #1: line analysis)."""
    out = []
    for n, level, index in (("8", "1", "0"), ("8", "2", "0"), ("8", "3", "0"), ("8", "4", "0"), ("8", "4", "3"),
                            ("10", "4", "1")):
        size, _, _, text, _ = next(line.split() for line in lines if line.split()[:3] == [n, level, index])
        k = int(size)
        out.append((binary, "\n".join(text[i:i + k] for i in range(0, k * k, k)).replace("-", ".")))
    return out


def _binary_corpus() -> list:
    """The picks of `_binary_picks`, read inside a test (an absent corpus skips it, or fails under CI)."""
    return _binary_picks(corpus_lines(*SAMPLE))


TRIAL = "0..0..\n......\n00....\n..1.1.\n....1.\n.....0"     # made by the generator at fiendish: needs a trial


def _puzzle(kind, text: str):
    return kind.from_tatham(text) if ":" in text else kind.parse(text)


def _solution(kind, puzzle) -> tuple:
    answer = solver.solve(kind, puzzle, keep=2)
    assert answer.status == "unique" and kind.check(puzzle, answer.solution) == []
    return answer.solution


SOUNDNESS = [(kind, text) for kind, text, _ in TATHAM] + corpus_cases(SAMPLE, _binary_picks, 2) + \
    [(binary, TRIAL)] + [(futoshiki, e.text) for e in futoshiki.EXAMPLES if e.count == 1]


@pytest.fixture(scope="module")
def techniques_seen() -> dict:
    return {binary.KEY: set(), futoshiki.KEY: set()}


@pytest.mark.parametrize("kind, text", SOUNDNESS, ids=lambda x: getattr(x, "KEY", None) or x[:14])
def test_every_step_holds_in_the_solution(kind, text, techniques_seen):
    puzzle = _puzzle(kind, text)
    solution = _solution(kind, puzzle)
    width = puzzle.width if kind is binary else puzzle.size
    grade = kind.grader(puzzle).grade(puzzle)
    assert grade.solved and grade.steps
    for step in grade.steps:
        for r, c, v in step.placed:
            assert solution[r * width + c] == v, step
        for r, c, v in step.eliminated:
            assert solution[r * width + c] != v, step
        techniques_seen[kind.KEY].add(step.technique)


def test_every_technique_was_seen_sound(techniques_seen):
    """Runs after the soundness test above: each technique of both ladders took steps there (quads and
    jellyfish, rare at these sizes, aside). Binary's harder techniques come from the corpus's sample."""
    corpus_path(*SAMPLE)
    assert techniques_seen[binary.KEY] == {"pair", "sandwich", "line balance", "no duplicate line",
                                           "near-complete line", "line analysis", "trial"}
    assert techniques_seen[futoshiki.KEY] >= {"single position", "single value", "inequality", "naked pair",
                                              "hidden pair", "X-wing", "trial"}


@pytest.mark.parametrize("kind, text, level", TATHAM, ids=lambda x: getattr(x, "KEY", None) or str(x)[:8])
def test_levels_follow_tatham_on_his_puzzles(kind, text, level):
    puzzle = kind.from_tatham(text)
    assert kind.grader(puzzle).grade(puzzle).level == level


@pytest.mark.parametrize("kind, text", [TATHAM[4][:2], (binary, 4), (binary, TRIAL)],
                         ids=["futoshiki", "binary", "binary-trial"])
def test_levels_never_rise_as_clues_are_added(kind, text):
    """Givens of the solution added one at a time: the grade's level never goes up (nor does its score
    beyond a technique's own spread). A number: that pick of the binarypuzzle.com sample."""
    if isinstance(text, int):
        text = _binary_corpus()[text][1]
    puzzle = _puzzle(kind, text)
    solution = _solution(kind, puzzle)
    order = {"easy": 0, "medium": 1, "hard": 2, "fiendish": 3}
    last = order[kind.grader(puzzle).grade(puzzle).level]
    assert last == 3
    givens = list(puzzle.givens)
    for i, value in enumerate(solution):
        if givens[i] in (None, 0):
            givens[i] = value
            grade = kind.grader(puzzle).grade(type(puzzle)(**{**puzzle.__dict__, "givens": tuple(givens)}))
            assert grade.solved and order[grade.level] <= last
            last = order[grade.level]
    assert last == 0


@pytest.mark.parametrize("kind, n, level", [(binary, 6, "easy"), (binary, 6, "medium"), (binary, 6, "hard"),
                                            (binary, 6, "fiendish"), (futoshiki, 5, "easy"),
                                            (futoshiki, 5, "medium"), (futoshiki, 5, "fiendish")])
def test_generated_puzzles_are_unique_and_in_band(kind, n, level):
    made = generate.generate(kind, rows=n, cols=n, difficulty=level, seed=3)
    assert made["status"] == "generated" and made["difficulty"]["rating"] == level
    puzzle = kind.parse(made["text"])
    other = api.handle({"op": "solve", "kind": kind.KEY, "text": made["text"], "backend": "smt",
                        "render": False})["result"]
    assert other["status"] == "unique" and kind.check(puzzle, kind.parse_solution(puzzle, other["solution"])) == []
    assert kind.grader(puzzle).grade(puzzle).level == level


def test_hints_name_the_grader_techniques():
    result = api.handle({"op": "hint", "kind": "binary", "text": _binary_corpus()[2][1], "path": True})["result"]
    names = {step["rule"] for step in result["steps"]}
    assert names <= {"pair", "sandwich", "line balance", "no duplicate line", "near-complete line"}
    assert "near-complete line" in names and result["difficulty"]["rating"] == "hard"
    assert result["difficulty"]["hardest"] == "near-complete line"
    assert result["difficulty"]["scale"] is None                # its own scores, not Sudoku Explainer's
    hint = api.handle({"op": "hint", "kind": "futoshiki", "text": TATHAM[1][1]})["result"]["hint"]
    assert hint["rule"] in ("single position", "single value", "inequality")
    assert binary_grading.level_of(binary_grading.STUCK) == futoshiki_grading.level_of(7.0) == "fiendish"


class Countdown:
    """A budget that lets `n` checks pass, then runs out."""

    def __init__(self, n: int) -> None:
        self.n = n

    def check(self) -> None:
        self.n -= 1
        if self.n < 0:
            raise BudgetExceeded()


def test_a_budget_spent_inside_a_trial_stops_the_grade_as_budget():
    """Never "stuck" for want of time: a grade the budget stops, inside a trial's own climbs too, says
    "budget", its steps a prefix of the whole grade's."""
    puzzle = binary.parse(TRIAL)
    whole = binary_grading.grade(puzzle)
    before_trial = next(k for k, step in enumerate(whole.steps) if step.technique == "trial")
    inside = 0
    for n in range(0, 400, 3):
        grade = binary_grading.grade(puzzle, budget=Countdown(n))
        assert grade.stopped in ("budget", None) and grade.steps == whole.steps[:len(grade.steps)]
        inside += grade.stopped == "budget" and len(grade.steps) == before_trial and n > before_trial
    assert inside
