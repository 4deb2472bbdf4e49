"""Numberlink's verdict by the least other solution (kinds/numberlink/unique.py): it agrees with plain counting
on random puzzles that have a full solution and on real ones; its added clauses keep exactly the solutions
that independent detectors pass; the kind's solve answers the sparse 14×14 with it, and a budget stop keeps
the solution found."""

from __future__ import annotations

import random

import pytest

from gridlogic import explain, lattice, solver
from gridlogic.backends import sat
from gridlogic.budget import BudgetExceeded, UNLIMITED, Budget
from gridlogic.cnf.formula import Formula
from gridlogic.kinds import numberlink
from gridlogic.kinds.numberlink import unique
from gridlogic.links import import_link
from gridlogic.session import Session

ENGINE = numberlink.SAT_ENGINE
SPARSE_14 = "https://puzz.link/p?numlin/14/14/u3p2u1o5k4k6u4k7h2zi9p7i6h8gahazh3n95m1w8"
DECIDED = [   # real puzzles the plain formula decides (bench/bench_paths.py has their sources)
    "https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1",
    "https://puzz.link/p?numlin/10/10/1h2j65s5h3h1zk4y6k2i3m4l",
    "https://puzz.link/p?numlin/10/10/1w2h3k4k6g5i7k2n8k5i4g1k8k6h7w3",
]


def decide(puzzle):
    """The verdict, on a grid of any size."""
    return unique.verdict(numberlink.encode, numberlink.decode, numberlink.check, puzzle, ENGINE, UNLIMITED)


def plain_count(puzzle, limit: int = 2, extra=None) -> int:
    """Solutions of the kind's own formula (with `extra` clauses added), up to `limit`."""
    f = Formula()
    numberlink.encode(puzzle, f)
    if extra:
        extra(f, puzzle)
    return sat.enumerate_models(f, limit, engine=ENGINE)[1]


def all_solutions(puzzle) -> list:
    f = Formula()
    numberlink.encode(puzzle, f)
    models = sat.enumerate_models(f, 10_000, engine=ENGINE)[0]
    return [numberlink.decode(puzzle, m) for m in models]


def random_full_puzzle(rng: random.Random, rows: int, cols: int, pairs: int):
    """Numbers at the ends of the pieces of a random path through every cell (a snake shuffled by backbite
    moves), so the puzzle has a solution that fills every cell."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(20 * rows * cols):
        path.reverse() if rng.random() < 0.5 else None
        r, c = path[-1]
        near = [(r + dr, c + dc) for dr, dc in lattice.STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]
        i = path.index(rng.choice(near))
        if i != len(path) - 2:
            path[i + 1:] = path[i + 1:][::-1]
    pairs = min(pairs, (rows * cols + 2) // 3)
    cuts = [at + 2 * i for i, at in enumerate(sorted(rng.sample(range(len(path) - 2 * pairs + 1), pairs - 1)), 1)]
    pieces = [path[a:b] for a, b in zip([0] + cuts, cuts + [len(path)])]
    numbers = {cell: n + 1 for n, piece in enumerate(pieces) for cell in (piece[0], piece[-1])}
    return numberlink.Puzzle(rows, cols, tuple(numbers.get((r, c)) for r in range(rows) for c in range(cols)))


def test_verdict_agrees_with_plain_counting_on_random_full_puzzles():
    rng = random.Random(31)
    unique_ones = 0
    for _ in range(60):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5), (5, 5)])
        puzzle = random_full_puzzle(rng, rows, cols, rng.randint(2, rows * cols // 3))
        found = decide(puzzle)
        if found is None:
            continue
        assert len(found) == plain_count(puzzle), numberlink.format(puzzle)
        assert all(numberlink.check(puzzle, s) == [] for s in found) and unique.is_full(puzzle, found[0])
        unique_ones += len(found) == 1
    assert unique_ones >= 5


# random full puzzles of a few pairs the verdict applies to, with several solutions (rare: 6 in 628 draws)
SEVERAL = ["1...\n.21.\n...2\n", "....\n..1.\n..2.\n2..1\n", "....1\n....2\n.31..\n...32\n",
           "2.23.\n1..43\n..1..\n...4.\n.....\n", "...12\n.....\n..1..\n...2.\n.....\n"]


@pytest.mark.parametrize("text", SEVERAL)
def test_verdict_finds_a_second_solution_where_counting_does(text):
    puzzle = numberlink.parse(text)
    found = decide(puzzle)
    assert plain_count(puzzle) == 2 and found is not None and len(set(found)) == 2
    assert all(numberlink.check(puzzle, s) == [] for s in found) and unique.is_full(puzzle, found[0])


@pytest.mark.parametrize("url", DECIDED, ids=["7x7", "10x10a", "10x10k"])
def test_verdict_agrees_with_the_plain_formula_on_real_puzzles(url):
    puzzle = import_link(url).puzzle
    found = decide(puzzle)
    assert found is not None and len(found) == plain_count(puzzle) == 1
    assert numberlink.check(puzzle, found[0]) == []


def has_shortcut(puzzle, lines) -> bool:
    """Two side-by-side cells on one line, not joined (the lines followed from the numbers)."""
    on = line_of(puzzle, lines)
    return any(on.get((r, c)) is not None and on.get((r, c)) == on.get((r + dr, c + dc))
               and _step((r, c), (r + dr, c + dc)) not in lines
               for (r, c) in on for dr, dc in ((0, 1), (1, 0)))


def corner_flips(puzzle, lines, rank) -> list:
    """The corner flips a solution allows, each as the lines after it: a line turning at a cell m whose
    opposite corner in the 2×2 block, ranked before m, is empty, turned there instead."""
    on, out = line_of(puzzle, lines), []
    for path in paths_of(puzzle, lines):
        for a, middle, b in zip(path, path[1:], path[2:]):
            if a[0] != b[0] and a[1] != b[1]:
                other = (a[0] + b[0] - middle[0], a[1] + b[1] - middle[1])
                if other not in on and rank[other] < rank[middle]:
                    out.append(lines - {_step(a, middle), _step(middle, b)} | {_step(a, other), _step(other, b)})
    return out


def pushes(puzzle, lines, rank) -> list:
    """The pushes a solution allows, each as the lines after it: a line straight across a cell m whose three
    cells beside it and its two neighbours on one side are empty and ranked before m, run through those."""
    on, out = line_of(puzzle, lines), []
    for path in paths_of(puzzle, lines):
        for a, middle, b in zip(path, path[1:], path[2:]):
            if a[0] - middle[0] == middle[0] - b[0] and a[1] - middle[1] == middle[1] - b[1]:
                for dr, dc in ((a[1] - middle[1], a[0] - middle[0]), (middle[1] - a[1], middle[0] - a[0])):
                    side = [(q[0] + dr, q[1] + dc) for q in (a, middle, b)]
                    if all(q in rank and q not in on and rank[q] < rank[middle] for q in side):
                        out.append(lines - {_step(a, middle), _step(middle, b)}
                                   | {_step(a, side[0]), _step(side[0], side[1]), _step(side[1], side[2]),
                                      _step(side[2], b)})
    return out


def has_corner_flip(puzzle, lines) -> bool:
    return bool(corner_flips(puzzle, lines, unique.cell_rank(puzzle)))


def has_push(puzzle, lines) -> bool:
    return bool(pushes(puzzle, lines, unique.cell_rank(puzzle)))


def is_lighter(puzzle, lines, than, rank) -> bool:
    """The latest-ranked cell the two solutions differ in is empty in `lines`."""
    changed = set(line_of(puzzle, lines)) ^ set(line_of(puzzle, than))
    return bool(changed) and max(changed, key=rank.__getitem__) in line_of(puzzle, than)


def line_of(puzzle, lines) -> dict:
    """{cell: the number its line joins}, from the lines alone."""
    return {cell: puzzle.numbered()[path[0]] for path in paths_of(puzzle, lines) for cell in path}


def paths_of(puzzle, lines) -> list[list]:
    """Each line as its cells in order, from one number to the other."""
    near: dict = {}
    for y, x in lines:
        a, b = ((y // 2, x // 2 - 1), (y // 2, x // 2)) if y % 2 else ((y // 2 - 1, x // 2), (y // 2, x // 2))
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    out, done = [], set()
    for start in sorted(puzzle.numbered()):
        if start in done or start not in near:
            continue
        path = [start]
        while len(path) == 1 or len(near[path[-1]]) == 2:
            path.append(next(w for w in near[path[-1]] if len(path) < 2 or w != path[-2]))
        done.add(path[-1])
        out.append(path)
    return out


def _step(a, b):
    return (a[0] + b[0] + 1, a[1] + b[1] + 1)


# Puzzles with solutions that allow a push and neither a shortcut nor a corner flip (a line under three empty cells)
PUSHED = ("....\n....\n1.1.\n", ".....\n.....\n1.1..\n.....\n")


@pytest.mark.parametrize("text", ["1...\n....\n...1\n", "1..2\n....\n1..2\n", "1.2.\n....\n1..2\n",
                                  "1..2\n.12.\n....\n", *PUSHED])
def test_added_clauses_keep_the_solutions_the_detectors_pass(text):
    puzzle = numberlink.parse(text)
    solutions = all_solutions(puzzle)
    assert solutions and all(numberlink.check(puzzle, s) == [] for s in solutions)
    no_shortcut = [s for s in solutions if not has_shortcut(puzzle, s)]
    neither = [s for s in no_shortcut if not has_corner_flip(puzzle, s)]
    none = [s for s in neither if not has_push(puzzle, s)]
    assert len(solutions) > len(no_shortcut) > len(neither) > 0 and none
    if text in PUSHED:
        assert len(neither) > len(none)
    assert plain_count(puzzle, 10_000, unique.no_shortcut) == len(no_shortcut)

    def no_block(f, p):               # a 2×2 of one number breaks no solution without a shortcut
        unique.no_shortcut(f, p)
        unique.no_block(f, p)
    assert plain_count(puzzle, 10_000, no_block) == len(no_shortcut)

    def all_three(f, p):
        no_block(f, p)
        unique.no_corner_flip(f, p, unique.cell_rank(p))
    assert plain_count(puzzle, 10_000, all_three) == len(neither)

    def all_four(f, p):
        all_three(f, p)
        unique.no_push(f, p, unique.cell_rank(p))
    assert plain_count(puzzle, 10_000, all_four) == len(none)


@pytest.mark.parametrize("text", ["1...\n....\n...1\n", "1.2.\n....\n1..2\n", "1...\n.2..\n...2\n1...\n",
                                  *PUSHED])
def test_each_move_gives_a_lighter_solution(text):
    """The argument's moves, applied to every solution of small puzzles by brute force: each gives a solution
    of the rules, lighter under the cells' ranks (the soundness the added clauses rest on)."""
    puzzle = numberlink.parse(text)
    rank = unique.cell_rank(puzzle)
    assert sorted(rank.values()) == list(range(puzzle.rows * puzzle.cols))
    moved = 0
    for lines in all_solutions(puzzle):
        for after in corner_flips(puzzle, lines, rank) + pushes(puzzle, lines, rank):
            assert numberlink.check(puzzle, after) == [] and is_lighter(puzzle, after, lines, rank)
            moved += 1
    assert moved > 0


def test_the_kind_decides_the_sparse_14x14_and_a_budget_stop_keeps_its_solution(monkeypatch):
    puzzle = import_link(SPARSE_14).puzzle
    answer = solver.solve(numberlink, puzzle, budget=Budget(60_000))
    assert answer.status == "unique" and answer.count == 1
    assert numberlink.check(puzzle, answer.solution) == [] and unique.is_full(puzzle, answer.solution)

    def out_of_time(*args):                 # the budget ends in the last question, whatever the machine's speed
        raise BudgetExceeded()

    monkeypatch.setattr(unique, "_least_with_empty_cell", out_of_time)
    monkeypatch.setattr(numberlink, "_VERDICTS", {})                   # (the verdict above is kept)
    stopped = solver.solve(numberlink, puzzle, budget=Budget(60_000))   # S1 found, (b) not settled
    assert stopped.status == "unknown" and stopped.stopped == "budget"
    assert stopped.solution == answer.solution


def test_a_count_of_one_comes_from_the_verdict_from_10x10_on():
    small = import_link(DECIDED[0]).puzzle
    assert numberlink.verdict(small, ENGINE, UNLIMITED) is None and decide(small) is not None
    puzzle = import_link(DECIDED[1]).puzzle
    counted = solver.solve(numberlink, puzzle, mode="count", limit=2)
    assert counted.status == "unique" and counted.count == 1 and counted.complete
    assert counted.solutions == decide(puzzle)


def test_a_solve_keeps_what_it_is_asked_to_keep(monkeypatch):
    monkeypatch.setattr(unique, "LEAST_CELLS", 1)          # the kind asks the verdict on a small grid too
    puzzle = numberlink.parse(SEVERAL[0])
    answer = solver.solve(numberlink, puzzle, keep=1)
    assert answer.status == "multiple" and len(answer.solutions) == 1 and answer.solution in decide(puzzle)
    assert numberlink.check(puzzle, answer.solution) == []
    assert len(solver.solve(numberlink, puzzle).solutions) == 2


def test_a_count_of_several_stays_exact():
    puzzle = numberlink.parse(SEVERAL[0])
    answer = solver.solve(numberlink, puzzle, mode="count", limit=10_000)
    assert answer.count == len(all_solutions(puzzle)) and answer.complete


def plain_facts(puzzle, session) -> list:
    """The certain cells by the plain formula's backbone (the route the verdict spares)."""
    formula = session.formula()
    placed, _ = session.meanings()
    certain = sat.backbone(formula, ENGINE, UNLIMITED, candidates=list(placed))
    return sorted({placed[lit] for lit in certain})


@pytest.mark.parametrize("url", DECIDED[1:])
def test_certain_cells_of_a_unique_puzzle_are_those_of_its_one_solution(url):
    puzzle = import_link(url).puzzle
    session = Session(numberlink, puzzle)
    assert explain.facts(session) == plain_facts(puzzle, session)


def test_certain_cells_of_the_sparse_14x14_are_every_step_of_its_solution():
    puzzle = import_link(SPARSE_14).puzzle
    (solution,) = decide(puzzle)
    steps = lattice.inner_edges(puzzle.rows, puzzle.cols)
    assert explain.facts(Session(numberlink, puzzle, budget=Budget(60_000))) == sorted(
        (y, x, int((y, x) in solution)) for y, x in steps)


def test_certain_cells_with_several_solutions_or_entries_stay_the_backbones(monkeypatch):
    monkeypatch.setattr(unique, "LEAST_CELLS", 1)          # the kind asks the verdict on a small grid too
    puzzle = numberlink.parse(SEVERAL[0])
    session = Session(numberlink, puzzle)
    assert explain.facts(session) == plain_facts(puzzle, session)
    puzzle = import_link(DECIDED[1]).puzzle
    (solution,) = decide(puzzle)
    y, x = sorted(solution)[0]
    held = Session(numberlink, puzzle, entries=[(y, x, 0)])          # a wrong entry: no solution keeps it
    assert explain.facts(held) is None


def test_a_verdict_is_asked_once_for_a_solve_and_its_certain_cells(monkeypatch):
    monkeypatch.setattr(numberlink, "_VERDICTS", {})
    asked, verdict = [], unique.verdict
    monkeypatch.setattr(unique, "verdict", lambda *args: asked.append(args) or verdict(*args))
    puzzle = import_link(DECIDED[1]).puzzle
    answer = solver.solve(numberlink, puzzle)
    assert explain.facts(Session(numberlink, puzzle)) == sorted(
        (y, x, int((y, x) in answer.solution)) for y, x in lattice.inner_edges(puzzle.rows, puzzle.cols))
    assert len(asked) == 1
