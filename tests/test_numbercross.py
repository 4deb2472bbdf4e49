"""Number cross: clue grammar and predicates, parsing, the native search against brute force,
the independent checker, Number Cross 4 from the corpus, and the API/CLI surface."""

from __future__ import annotations

import functools
import itertools
import json
import random
import re

import pytest
import state_fit
from conftest import FULL, corpus_path

from gridlogic import api, layout, solver
from gridlogic.errors import PuzzleError, PuzzleRuleError, PuzzleSyntaxError
from gridlogic.kinds import KINDS
from gridlogic.kinds import numbercross as nc
from gridlogic.kinds.numbercross import clues
from gridlogic.kinds.numbercross.checking import numbers_of
from gridlogic.kinds.numbercross.clues import validate_clue
from gridlogic.kinds.numbercross.grid import MAX_SIZE, Puzzle, REGIONS, SHADED_ENTRY
from gridlogic.kinds.numbercross.rows import _row_shadings, _shadings

REGISTERED = nc in KINDS
needs_registry = pytest.mark.skipif(not REGISTERED, reason="numbercross is not in kinds.KINDS yet")

CORPUS_PHRASES = ["square", "1 more than a palindrome", "prime raised to a prime power", "sum of digits is 7",
                  "fibonacci", "multiple of 37", "palindrome and multiple of 23", "product of digits ends in 1",
                  "multiple of 88", "1 less than a palindrome", "power of 7", "multiple of 5", "cube",
                  "palindrome"]
MORE_PHRASES = ["prime", "3 more than a square", "2 less than a prime raised to a prime power", "power of 2",
                "sum of digits is 10 and multiple of 4", "12 more than a cube", "1 less than a fibonacci",
                "product of digits ends in 0", "prime and 2 more than a prime"]


def nc4_text() -> str:
    return (corpus_path("numbercross", "nc4_regions.txt").read_text(encoding="utf-8") + "\n"
            + corpus_path("numbercross", "nc4_clues.txt").read_text(encoding="utf-8"))


# ---- clues ---------------------------------------------------------------------------------

@pytest.mark.parametrize("phrase", CORPUS_PHRASES + MORE_PHRASES)
def test_clue_round_trip_and_predicate_matches_reference(phrase):
    ast = clues.parse_clue(phrase)
    assert clues.parse_clue(clues.canonical(ast)) == ast
    pred = clues.compile_clue(ast)
    rng = random.Random(phrase)
    numbers = list(range(1, 3000)) + [rng.randrange(10 ** 4, 10 ** 7) for _ in range(200)]
    hits = 0
    for n in numbers:
        expected = clues.holds(ast, n)
        assert pred.test(n) == expected, n
        if expected:                       # pruning must never cut a number that satisfies the clue
            hits += 1
            s = str(n)
            assert all(pred.prefix_ok(int(s[:k]), k, len(s)) for k in range(1, len(s) + 1)), n
    assert hits > 0
    for _ in range(200):                   # exists_in is sound: False only for really empty windows
        lo = rng.randrange(1, 2900)
        hi = lo + rng.choice((0, 3, 30, 300))
        if any(clues.holds(ast, n) for n in range(lo, hi + 1)):
            assert pred.exists_in(lo, hi), (lo, hi)


def test_clue_definitions_on_known_values():
    def members(phrase, upto):
        ast = clues.parse_clue(phrase)
        return [n for n in range(1, upto) if clues.holds(ast, n)]
    assert members("fibonacci", 100) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    assert members("prime raised to a prime power", 130) == [4, 8, 9, 25, 27, 32, 49, 121, 125, 128]
    assert members("power of 7", 3000) == [7, 49, 343, 2401]
    assert members("1 more than a square", 30) == [2, 5, 10, 17, 26]
    assert members("1 less than a palindrome", 40) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 21, 32]
    assert members("product of digits ends in 1", 80) == [1, 11, 37, 73]


def test_clue_aliases_and_case():
    assert clues.canonical(clues.parse_clue("  A Perfect  Square ")) == "square"
    assert clues.canonical(clues.parse_clue("divisible by 9 AND a palindrome")) == "multiple of 9 and palindrome"
    assert clues.canonical(clues.parse_clue("2 more than an prime number")) == "2 more than a prime"
    assert clues.canonical(clues.parse_clue("sum of its digits is 12")) == "sum of digits is 12"


def test_next_palindrome_matches_brute_force():
    for n in list(range(0, 1200)) + [9999, 10000, 99899, 123456, 999999]:
        expected = next(m for m in itertools.count(n) if str(m) == str(m)[::-1])
        assert clues._next_palindrome(n) == expected


@pytest.mark.parametrize("phrase,col,named", [
    ("sqaure", 1, "sqaure"),
    ("palindrome and cubes and sqaure", 26, "sqaure"),
    ("1 more than a cat", 15, "cat"),
    ("multiple of 0", 13, None),
    ("power of 1", 10, None),
    ("product of digits ends in 12", 27, None),
    ("", 1, None),
])
def test_validate_clue_errors_are_located(phrase, col, named):
    with pytest.raises(PuzzleSyntaxError) as err:
        validate_clue(phrase)
    assert err.value.where["col"] == col
    assert f"column {col}" in err.value.message
    if named:
        assert repr(named) in err.value.message and "unknown clue phrase" in err.value.message


def test_validate_clue_accepts_every_corpus_phrase():
    for phrase in CORPUS_PHRASES:
        assert validate_clue(phrase) is None


# ---- parsing -------------------------------------------------------------------------------

SMALL = "AAB\nCAB\nCCB\n\n1\tsquare\n2\tprime\n3\tpalindrome"


def test_parse_and_round_trip():
    puzzle = nc.parse(SMALL)
    assert puzzle.regions == ("AAB", "CAB", "CCB")
    assert puzzle.clues == ("square", "prime", "palindrome")
    assert nc.parse(nc.format(puzzle)) == puzzle
    assert nc.parse("AAB\nCAB\nCCB\n\nsquare\n2. Prime\n3) palindrome") == puzzle
    assert nc.parse("AAB\nCAB\nCCB\nsquare\nprime\npalindrome") == puzzle    # no blank line needed


def test_parse_corpus_example_layout_with_comments():
    puzzle = nc.parse(corpus_path("numbercross", "nc4_example_5x5.txt").read_text(encoding="utf-8"))
    assert puzzle.regions == ("ABCDE", "ABCEE", "ABCCE", "ABBCE", "ABBCC")
    assert puzzle.clues == ("power of 7", "fibonacci", "multiple of 5", "cube", "palindrome")


def test_rule_variants_are_refused():
    from gridlogic.errors import RequestError
    assert nc.parse(SMALL, rules="") == nc.parse(SMALL, rules=[])
    with pytest.raises(RequestError, match="no rule variants"):
        nc.parse(SMALL, rules=["knight"])


def test_bare_clue_starting_with_a_number_is_not_a_row_number():
    puzzle = nc.parse("AB\nAB\n\n1 more than a palindrome\n1 less than a palindrome")
    assert puzzle.clues == ("1 more than a palindrome", "1 less than a palindrome")


@pytest.mark.parametrize("text,fragment,where", [
    ("AB\nAB\n\nsquare\nsqaure", "unknown clue phrase 'sqaure'", {"line": 5, "col": 1}),
    ("AB\nAB\n\n1\tsquare\n2\tpalindrome and primes and cubez", "'cubez'", {"line": 5, "col": 29}),
    ("ABC\nABC\nABC\n\nsquare\nprime", "expected 3 clues (one per row), got 2", {"line": 6}),
    ("AB\nAB\n\nsquare\nprime\ncube", "expected 2 clues (one per row), got 3", {"line": 6}),
    ("ABC\nAB\nABC\n\nsquare\nprime\ncube", "row 2 (line 2): expected 3 cells, got 2", {"line": 2}),
    ("ABCD\nABCD\nABCD\n\nsquare\nprime\ncube\ncube", "3 rows of 4 cells; it must be square", {"line": 3}),
    ("AB\nA1\n\nsquare\nprime", "line 2, column 2: unexpected character '1'", {"line": 2, "col": 2}),
    ("AB\nAB\n\n2\tsquare\n1\tprime", "clue numbered 2 but it is the clue of row 1", {"line": 4}),
    ("1\tsquare\nAB\nAB", "expected the region grid first", {"line": 1}),
    ("\n# only a comment\n", "empty input", {}),
    ("A\n\nsquare", "numbercross: 2×2 to 26×26 cells (got a row of 1)", {"line": 1}),
])
def test_bad_input_is_a_located_syntax_error(text, fragment, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        nc.parse(text)
    assert fragment in err.value.message
    for key, value in where.items():
        assert err.value.where[key] == value


# ---- search against brute force ------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _numbers(ast: tuple, length: int) -> tuple[str, ...]:
    return tuple(str(x) for x in range(10 ** (length - 1), 10 ** length) if clues.holds(ast, x))


def _same_or_differ(a: str, b: str, same_region: bool) -> bool:
    """Necessary for adjacent cells: never both shaded; same region ⇒ equal, else different."""
    if "#" in (a, b):
        return a != b
    return (a == b) == same_region


def brute_force(puzzle: Puzzle) -> set[tuple[str, ...]]:
    """All grids accepted by the checker, from rows that read as clue numbers (slow, tiny grids)."""
    n, regions = puzzle.size, puzzle.regions
    options = []
    for r in range(n):
        ast = clues.parse_clue(puzzle.clues[r])
        rows = []
        for shading in itertools.product(".#", repeat=n):
            runs = [m.span() for m in re.finditer(r"\.+", "".join(shading))]
            for numbers in itertools.product(*(_numbers(ast, b - a) for a, b in runs)):
                row = list(shading)
                for (a, b), digits in zip(runs, numbers):
                    row[a:b] = digits
                if all(_same_or_differ(row[c], row[c + 1], regions[r][c] == regions[r][c + 1])
                       for c in range(n - 1)):
                    rows.append("".join(row))
        options.append(rows)
    compatible: dict[tuple[int, str], list[str]] = {}
    found: set[tuple[str, ...]] = set()

    def extend(grid: tuple[str, ...]) -> None:
        r = len(grid)
        if r == n:
            if not nc.check(puzzle, grid):
                found.add(grid)
            return
        key = (r, grid[-1] if grid else "")
        if key not in compatible:
            compatible[key] = [row for row in options[r] if not grid or all(
                _same_or_differ(grid[-1][c], row[c], regions[r - 1][c] == regions[r][c]) for c in range(n))]
        for row in compatible[key]:
            extend(grid + (row,))

    extend(())
    return found


PHRASE_POOL = ["square", "cube", "fibonacci", "palindrome", "prime", "prime raised to a prime power", "power of 2",
               "multiple of 7", "multiple of 11", "sum of digits is 10", "product of digits ends in 6",
               "1 more than a square", "1 less than a prime", "palindrome and multiple of 3",
               "1 more than a palindrome", "sum of digits is 7"]


SELECTIVE_POOL = ["square", "cube", "fibonacci", "power of 2", "prime raised to a prime power", "palindrome",
                  "palindrome and multiple of 3", "1 more than a square", "1 less than a fibonacci",
                  "multiple of 37", "sum of digits is 4", "product of digits ends in 9"]


def random_puzzle(seed: int, n: int, pool: list[str] | None = None) -> Puzzle:
    """Regions grown from random seeds (sometimes not connected: allowed), random clues."""
    rng = random.Random(seed)
    letters = [[None] * n for _ in range(n)]
    for i, (r, c) in enumerate(rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(2, n + 2))):
        letters[r][c] = "ABCDEFGH"[i]
    while any(None in row for row in letters):
        r, c = rng.randrange(n), rng.randrange(n)
        near = [letters[a][b] for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= a < n and 0 <= b < n and letters[a][b]]
        if letters[r][c] is None and near:
            letters[r][c] = rng.choice(near)
    if seed % 5 == 0:                        # a region in two separate parts
        letters[0][0] = letters[n - 1][n - 1] = "Z"
    pool = pool or (PHRASE_POOL if n <= 3 else SELECTIVE_POOL)   # keeps the brute force of 4×4 grids quick
    text = "\n".join("".join(row) for row in letters) + "\n\n" + "\n".join(rng.choice(pool) for _ in range(n))
    return nc.parse(text)


HAND_MADE = [
    "AB\nCD\n\nprime\nsquare",
    "ABC\nABC\nABC\n\nsquare\ncube\nsquare",
    "AAB\nCAB\nCCB\n\nsquare\nprime\npalindrome",
    "AAA\nBBB\nAAA\n\nmultiple of 7\n1 more than a palindrome\nmultiple of 11",   # A split in two pieces
    "ABA\nAAA\nABA\n\npalindrome\nsum of digits is 7\npalindrome",
    "AABB\nABBA\nABBA\nAABB\n\nsquare\n1 less than a prime\nmultiple of 9\nsquare",
]
# a fixed sample by default (none, unique and multiple answers of both sizes); every seed with GRIDLOGIC_FULL=1
SEEDS = ([(seed, 3) for seed in (range(40) if FULL else (*range(8), 19))]
         + [(seed, 4) for seed in (range(100, 140) if FULL else (100, 103, 110, 124, 135))])


def _compare(puzzle: Puzzle) -> int:
    found = list(nc.search(puzzle))
    assert len(set(found)) == len(found)
    for grid in found:
        assert nc.check(puzzle, grid) == []
    assert set(found) == brute_force(puzzle)
    return len(found)


@pytest.mark.parametrize("text", HAND_MADE)
def test_search_equals_brute_force_hand_made(text):
    _compare(nc.parse(text))


@pytest.mark.parametrize("seed,n", SEEDS)
def test_search_equals_brute_force_random(seed, n):
    _compare(random_puzzle(seed, n))


def test_brute_force_sample_is_not_trivial():
    for size in (3, 4):
        counts = [sum(1 for _ in nc.search(random_puzzle(seed, n))) for seed, n in SEEDS if n == size]
        assert 0 in counts and 1 in counts and max(counts) > 1


@pytest.mark.parametrize("seed", (300, 301, 306, 307, 311, 313))
def test_pruning_and_memory_change_no_answer_on_5x5(seed):
    puzzle = random_puzzle(seed, 5, PHRASE_POOL)        # too big for the brute force: compare variants
    plain = set(nc.search(puzzle, prune=False, remember=False))
    assert set(nc.search(puzzle)) == plain
    assert all(nc.check(puzzle, grid) == [] for grid in list(plain)[:50])


def test_separate_parts_of_a_region_must_agree_once_joined():
    # the two A columns look separate in rows 1-2 and join in row 3: unshaded, they share the digit
    puzzle = nc.parse("ABA\nABA\nAAA\n\npalindrome\npalindrome\nmultiple of 7")
    grids = list(nc.search(puzzle))
    whole = [g for g in grids if "#" not in "".join(g)]
    assert len(whole) == 9 and all(g[0][0] == g[0][2] == g[2][0] == "7" for g in whole)
    assert set(grids) == brute_force(puzzle)


# ---- backjumping and the cell-by-cell shadings ----------------------------------------------

MANY_REGIONS_10 = ("qRRluDhhZZ", "RRRluuhOWZ", "RRRlluhMMZ", "gTTEEoPPIX", "gHaEKKssnA",
                   "wHGCKfjsnA", "bJGGNFjUUv", "bcpxLdVVVS", "imYxLQVVVe", "immkkkrBte")


def tiled(regions: list[str], n: int) -> list[str]:
    """An n×n region grid of copies of `regions`; neighbouring copies use letters 13 apart, so
    each copy's regions are its own."""
    letters, m = REGIONS, len(regions)
    return ["".join(letters[(letters.index(regions[r % m][c % m]) + 13 * ((r // m + c // m) % 2)) % 52]
                    for c in range(n)) for r in range(n)]


def open_text(regions: list[str] | tuple[str, ...]) -> str:
    """The puzzle of `regions` whose every clue is "multiple of 1"."""
    return "\n".join(regions) + "\n\n" + "\n".join(["multiple of 1"] * len(regions))


def nc4_regions() -> list[str]:
    return [line.strip() for line in corpus_path("numbercross", "nc4_regions.txt").read_text(encoding="utf-8")
            .splitlines() if line.strip() and not line.startswith("#")]


OPEN_GRIDS = {   # plain backtracking took 6 s, 4 s and 80 s on these (a dead end retried per unrelated cell)
    "10x10 many regions": lambda: MANY_REGIONS_10,
    "26x26 the 5x5 example tiled": lambda: tiled(EX5.text.split("\n\n")[0].splitlines(), 26),
    "26x26 Number Cross 4 tiled": lambda: tiled(nc4_regions(), 26),
}


@pytest.mark.parametrize("name", OPEN_GRIDS)
def test_open_grids_give_two_checked_solutions(name):
    text = open_text(OPEN_GRIDS[name]())
    result = api.handle({"op": "solve", "kind": "numbercross", "text": text})["result"]
    assert result["status"] == "multiple" and len(result["solutions"]) == 2
    puzzle = nc.parse(text)
    grids = [nc.parse_solution(puzzle, solution) for solution in result["solutions"]]
    assert grids[0] != grids[1] and all(nc.check(puzzle, grid) == [] for grid in grids)


def test_backjumping_skips_what_cannot_help():
    # row 1 gives region B a 0 first (not at a run start there: "10"); in row 2, B starts the run: dead
    # for every digit of C, D and E. Plain backtracking tries them all; backjumping goes back to B, and
    # the memory of dead ends (B's column holding 0) spares even plain backtracking most of row 2.
    puzzle = nc.parse(open_text(("ABBCDE", "BBFGHI", "JJKLMN", "OOPQRS", "TTUVWX", "YYZabc")))
    runs = {}
    for backjump, remember in ((True, True), (False, True), (False, False)):
        stats = runs[backjump, remember] = {}
        found = list(itertools.islice(nc.search(puzzle, stats=stats, backjump=backjump, remember=remember), 2))
        assert found == runs.setdefault("found", found)
    assert runs["found"][0][0] == "122010" and all(nc.check(puzzle, grid) == [] for grid in runs["found"])
    jumping, remembering, plain = runs[True, True], runs[False, True], runs[False, False]
    assert jumping["backjumps"] > 0 and remembering["backjumps"] == plain["backjumps"] == 0
    assert jumping["nodes"] * 5 < remembering["nodes"] and remembering["nodes"] * 2 < plain["nodes"]


@pytest.mark.parametrize("seed", (1000, 1003, 1004, 1005, 1006, 1010, 1012, 1015, 1016, 1018, 1031, 1039))
def test_backjumping_and_memory_keep_the_solutions_and_their_order(seed):
    # grids whose search jumps (none, a few and many solutions), quick enough without jumps or memory
    pool = ["multiple of 1", "palindrome", "multiple of 3", "square", "sum of digits is 10", "multiple of 11"]
    puzzle = random_puzzle(seed, 4 + seed % 3, pool)
    stats: dict = {}
    found = list(itertools.islice(nc.search(puzzle, stats=stats), 300))
    assert stats["backjumps"] > 0
    assert list(itertools.islice(nc.search(puzzle, backjump=False, remember=False), 300)) == found
    assert list(itertools.islice(nc.search(puzzle, backjump=False), 300)) == found
    assert list(itertools.islice(nc.search(puzzle, remember=False), 300)) == found
    assert all(nc.check(puzzle, grid) == [] for grid in found[:20])


LETTER_POOL = ["multiple of 1", "multiple of 10", "palindrome", "multiple of 3", "1 more than a palindrome",
               "sum of digits is 10"]


def letter_puzzle(seed: int) -> Puzzle:
    """A random letter per cell from 2 to 4 letters (regions in many parts), random clues."""
    rng = random.Random(seed)
    n = rng.choice((3, 4, 5, 6))
    letters = "ABCD"[:rng.randint(2, 4)]
    regions = ["".join(rng.choice(letters) for _ in range(n)) for _ in range(n)]
    return nc.parse("\n".join(regions) + "\n\n" + "\n".join(rng.choice(LETTER_POOL) for _ in range(n)))


@pytest.mark.parametrize("seed", (7, 26, 36, 55, 61, 150))
def test_backjumping_names_every_cell_it_relies_on(seed):
    # each seed caught a reason left out (the equal neighbour, the forcing cell, the refused number's
    # run, the cells between a forcing cell and the one it decides, a cut shading): a jump too far
    puzzle = letter_puzzle(seed)
    found = list(itertools.islice(nc.search(puzzle), 200))
    assert found == list(itertools.islice(nc.search(puzzle, backjump=False, remember=False), 200))


def _allowed(mask: int, here: str, above: str, prev: tuple[int, ...] | None) -> list[tuple] | None:
    """Plainly: the segments (start, end, forced digit or None) of a shading under a row, or None."""
    n = len(here)
    if prev is not None and any(mask >> c & 1 and prev[c] < 0 for c in range(n)):
        return None
    row = "".join("#" if mask >> c & 1 else "." for c in range(n))
    segs = []
    for run in re.finditer(r"\.+", row):
        cuts = [run.start()] + [c for c in range(run.start() + 1, run.end()) if here[c] != here[c - 1]] + [run.end()]
        last = None
        for i, (a, b) in enumerate(zip(cuts, cuts[1:])):
            cells = range(a, b) if prev is not None else ()
            forced = {prev[c] for c in cells if prev[c] >= 0 and above[c] == here[c]}
            excluded = {prev[c] for c in cells if prev[c] >= 0 and above[c] != here[c]}
            if len(forced) > 1 or forced & excluded or (i == 0 and forced == {0}) or (forced and forced == {last}):
                return None
            last = forced.pop() if forced else None
            segs.append((a, b, last))
    return segs


@pytest.mark.parametrize("n", (2, 3, 5, 8, 11))
def test_row_shadings_are_the_plain_listing_pruned_by_the_row_above(n):
    rng = random.Random(n)
    everything = (1 << n) - 1
    for trial in range(40):
        here = "".join(rng.choice("AAB" if trial % 2 else "ABC") for _ in range(n))
        above = "".join(rng.choice("AB") for _ in range(n)) if trial else ""
        prev_mask = rng.choice([m for m in _shadings(n)]) if trial else 0
        prev = tuple(-1 if prev_mask >> c & 1 else rng.randrange(3) for c in range(n)) if trial else None
        expected = [(m, segs) for m in _shadings(n) if (segs := _allowed(m, here, above, prev)) is not None]
        for backjump in (True, False):
            walk = _row_shadings(here, above, prev_mask, prev, [True] * (n + 1), lambda: None, backjump)
            got = []
            try:
                item = next(walk)
                while True:      # "every cell mattered": nothing may be skipped
                    got.append((item[0], [(a, b, forced) for a, b, forced, *_ in item[1]]))
                    item = walk.send((everything, everything))
            except StopIteration:
                pass
            assert got == expected


# ---- the examples, Number Cross 4 ----------------------------------------------------------

@pytest.mark.parametrize("example", nc.EXAMPLES, ids=lambda e: e.name)
def test_examples(example):
    puzzle = nc.parse(example.text)
    answer = solver.solve(nc, puzzle, mode="count", limit=100, keep=5)
    assert answer.complete and answer.count == example.count
    assert answer.status == {0: "none", 1: "unique"}.get(example.count, "multiple")
    for grid in answer.solutions:
        assert nc.check(puzzle, grid) == []
    if example.solution:
        assert nc.format(puzzle, answer.solution) == example.solution


@pytest.mark.corpus
def test_corpus_example_5x5_unique_and_checked():
    puzzle = nc.parse(corpus_path("numbercross", "nc4_example_5x5.txt").read_text(encoding="utf-8"))
    answer = solver.solve(nc, puzzle)
    assert answer.status == "unique"
    assert nc.check(puzzle, answer.solution) == []
    assert nc.format(puzzle, answer.solution) == nc.EXAMPLES[0].solution


@pytest.mark.corpus
def test_number_cross_4_published_grid_and_answer():
    puzzle = nc.parse(nc4_text())
    published = nc.parse_solution(puzzle, corpus_path("numbercross", "nc4_solution.txt").read_text(encoding="utf-8"))
    expected_answer = int(corpus_path("numbercross", "nc4_answer.txt").read_text(encoding="utf-8").strip())
    assert nc.check(puzzle, published) == []
    stats: dict = {}
    grids = list(nc.search(puzzle, stats=stats))
    assert grids == [published]
    assert nc.answer_of(puzzle, grids[0]) == expected_answer
    assert stats["nodes"] > 0
    answer = solver.solve(nc, puzzle)
    assert answer.status == "unique" and answer.solution == published


# ---- checker, answer, board, progress --------------------------------------------------------

EX5 = nc.EXAMPLES[0]


def _tampered(rows: list[str], r: int, c: int, ch: str) -> tuple[str, ...]:
    out = list(rows)
    out[r] = out[r][:c] + ch + out[r][c + 1:]
    return tuple(out)


def test_checker_codes():
    puzzle = nc.parse(EX5.text)
    good = nc.parse_solution(puzzle, EX5.solution)               # #343# 13#55 13775 #3375 7337#
    assert nc.check(puzzle, good) == []
    rows = list(good)

    def codes(grid):
        return {v.code for v in nc.check(puzzle, grid)}
    assert "piece" in codes(_tampered(rows, 2, 0, "2"))          # column A: 1 above, 2 here
    assert "shaded_adjacent" in codes(_tampered(rows, 1, 0, "#"))
    assert "short" in codes(_tampered(rows, 2, 1, "#"))           # leaves "1" alone
    assert "leading_zero" in codes(("#343#", "13#55", "13775", "#0075", "7337#"))
    assert "clue" in codes(_tampered(rows, 0, 3, "4"))            # 344 is not a power of 7
    assert "neighbour" in codes(("#343#", "13#55", "13775", "#3375", "7333#"))
    assert [v.code for v in nc.check(puzzle, ("#343#",))] == ["shape"]
    assert [v.code for v in nc.check(puzzle, ("#343?", *rows[1:]))] == ["symbol"]


def test_parse_solution_accepts_x_and_answer_line():
    puzzle = nc.parse(EX5.text)
    text = EX5.solution.replace("#", "x") + "\nanswer: 24898\n"
    assert nc.parse_solution(puzzle, text) == tuple(EX5.solution.split("\n"))
    with pytest.raises(PuzzleSyntaxError, match="row 2"):
        nc.parse_solution(puzzle, "#343#\n13#5\n13775\n#3375\n7337#")
    with pytest.raises(PuzzleSyntaxError, match="unexpected character"):
        nc.parse_solution(puzzle, "#343#\n13#5a\n13775\n#3375\n7337#")


def test_answer_and_board():
    puzzle = nc.parse(EX5.text)
    grid = nc.parse_solution(puzzle, EX5.solution)
    assert numbers_of(grid) == [["343"], ["13", "55"], ["13775"], ["3375"], ["7337"]]
    assert nc.answer_of(puzzle, grid) == 343 + 13 + 55 + 13775 + 3375 + 7337
    board = nc.render(puzzle, grid).to_json()
    json.dumps(board)
    assert board["answer"] == 24898 and board["clues"][0] == "power of 7"
    first = board["cells"][0]
    assert first["role"] == "black" and first["text"] == "" and first["region"] == "A"
    assert board["cells"][1] == {"r": 0, "c": 1, "text": "3", "region": "B", "role": "solved"}
    assert all(cell["role"] == "empty" for cell in nc.render(puzzle).to_json()["cells"])


def test_progress_reports_node_counts(monkeypatch):
    monkeypatch.setattr(nc, "PROGRESS_EVERY", 50)
    seen: list[int] = []
    stats: dict = {}
    list(nc.search(nc.parse(EX5.text), on_progress=seen.append, stats=stats))
    assert len(seen) >= 2 and seen == sorted(seen) and all(isinstance(x, int) for x in seen)
    assert seen[-1] == stats["nodes"]


def test_shadings_of_width_11():
    masks = _shadings(11)
    assert len(masks) == len(set(masks))
    for mask in masks:
        row = "".join("#" if mask >> c & 1 else "." for c in range(11))
        assert "##" not in row and all(len(run) >= 2 for run in row.split("#") if run)
    brute = [m for m in range(2 ** 11) if not m & (m >> 1) and all(
        len(run) >= 2 for run in format(m, "011b").split("1") if run)]
    assert len(masks) == len(brute)


# ---- API and CLI ----------------------------------------------------------------------------

@needs_registry
def test_api_solve_has_answer_and_errors_name_the_phrase():
    response = api.handle({"op": "solve", "kind": "numbercross", "text": EX5.text})
    assert response["ok"], response
    result = response["result"]
    assert result["status"] == "unique" and result["answer"] == 24898
    assert result["solution"] == EX5.solution
    bad = api.handle({"op": "solve", "kind": "numbercross", "text": "AB\nAB\n\nsquare\nsqaure"})
    assert not bad["ok"] and bad["error"]["type"] == "PuzzleSyntaxError"
    assert "'sqaure'" in bad["error"]["message"] and bad["error"]["where"]["line"] == 5
    none = api.handle({"op": "solve", "kind": "numbercross", "text": nc.EXAMPLES[3].text})
    assert none["ok"] and none["result"]["status"] == "none"


@needs_registry
def test_cli_prints_grid_and_answer(tmp_path, capsys):
    from gridlogic import cli
    path = tmp_path / "nc.txt"
    path.write_text(EX5.text)
    assert cli.main(["solve", "numbercross", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:5] == EX5.solution.split("\n") and "answer: 24898" in out and out[-1] == "unique"
    assert cli.main(["solve", "numbercross", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] == 24898 and data["status"] == "unique"
    path.write_text("AB\nAB\n\nsquare")
    assert cli.main(["solve", "numbercross", str(path)]) == 2
    assert "expected 2 clues" in capsys.readouterr().err


def test_sympy_is_imported_only_for_clues_that_need_it():
    import subprocess
    import sys
    code = ("import sys\nfrom gridlogic.kinds import numbercross as nc\n"
            "p = nc.parse(nc.EXAMPLES[1].text)\nassert len(list(nc.search(p))) == 1\n"
            "print('sympy' in sys.modules)\n"
            "p = nc.parse(nc.EXAMPLES[0].text)\nassert len(list(nc.search(p))) == 1\n"
            "print('sympy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]      # squares and palindromes need no sympy; cubes do


# ---- editing state ---------------------------------------------------------------------------
def puzzle_text(state: dict) -> str:
    """The puzzle text of a state, written here from the state's meaning."""
    n = state["rows"]
    grid = ["".join(state["cells"][r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(grid) + "\n\n" + "\n".join(f"{r}\t{clue}" for r, clue in enumerate(state["edges"]["clues"], 1))


def nc_state(rows: list[str], clue_list: list[str]) -> dict:
    return {"rows": len(rows), "cols": len(rows[0]), "cells": [ch for row in rows for ch in row],
            "edges": {"clues": list(clue_list)}}


@pytest.mark.parametrize("example", nc.EXAMPLES, ids=lambda e: e.name)
def test_state_round_trips_within_the_layout(example):
    puzzle = nc.parse(example.text)
    state = nc.to_state(puzzle)
    assert nc.from_state(state) == puzzle
    assert nc.to_state(nc.from_state(state)) == state
    assert state_fit.state_problems(nc.layout(), state) == []
    assert layout.read_state(nc.layout(), state) == state
    assert nc.parse(puzzle_text(state)) == puzzle


def test_state_of_the_first_example():
    state = nc.to_state(nc.parse(EX5.text))
    assert (state["rows"], state["cols"]) == (5, 5) and "".join(state["cells"][:10]) == "ABCDEABCEE"
    assert state["edges"] == {"clues": ["power of 7", "fibonacci", "multiple of 5", "cube", "palindrome"]}


def test_state_round_trips_number_cross_4():
    puzzle = nc.parse(nc4_text())
    state = nc.to_state(puzzle)
    assert nc.from_state(state) == puzzle and nc.to_state(nc.from_state(state)) == state
    assert state_fit.state_problems(nc.layout(), state) == []
    assert layout.read_state(nc.layout(), state) == state


@pytest.mark.parametrize("example", nc.EXAMPLES, ids=lambda e: e.name)
def test_state_puzzle_solves_and_the_checker_agrees(example):
    puzzle = nc.from_state(nc.to_state(nc.parse(example.text)))
    solutions = list(nc.search(puzzle))
    assert len(solutions) == example.count
    assert all(nc.check(puzzle, s) == [] for s in solutions)


def test_state_reads_phrases_as_parse_does():
    state = nc_state(["AB", "AB"], ["  A Perfect  Square ", "divisible by 9 AND a palindrome"])
    puzzle = nc.from_state(state)
    assert puzzle.clues == ("square", "multiple of 9 and palindrome")
    assert nc.to_state(puzzle)["edges"]["clues"] == list(puzzle.clues)


def test_layout_and_blank_states_of_every_size():
    info = nc.layout()
    layout.check_layout(info)
    json.dumps(info)
    assert info["square"] and info["cell"]["paint"] and info["cell"]["symbols"] == REGIONS
    assert len(set(REGIONS)) == 52 and all(ch.isascii() and ch.isalpha() for ch in REGIONS)
    (edge,) = info["edges"]
    assert edge["key"] == "clues" and edge["side"] == "right" and edge["wide"]
    assert "power of K" in edge["suggestions"] and "atom" in edge["help"]
    for phrase in edge["suggestions"]:
        if not re.search(r"\b[KNDXY]\b", phrase):
            validate_clue(phrase)
    assert [(s["rows"], s["cols"]) for s in info["sizes"]] == [(n, n) for n in range(3, 16)]
    unpainted = layout.blank_state(info, 3, 3)
    unpainted["cells"][4] = ""
    with pytest.raises(PuzzleSyntaxError) as refused:
        nc.from_state(unpainted)
    assert refused.value.where == {"r": 1, "c": 1} and "no region" in refused.value.message
    for n in [s["rows"] for s in info["sizes"]] + [2, MAX_SIZE]:
        blank = layout.blank_state(info, n, n)
        assert state_fit.state_problems(info, blank) == [] and blank["cells"] == ["A"] * (n * n)
        with pytest.raises(PuzzleSyntaxError) as refused:
            nc.from_state(blank)
        assert refused.value.where == {"edge": "clues", "index": 0} and "empty clue" in refused.value.message
        blank["edges"]["clues"] = ["square"] * n
        assert nc.from_state(blank).clues == ("square",) * n


@pytest.mark.parametrize("rows,clue_list,error,fragment,where", [
    (["AB", "A1"], ["square", "square"], PuzzleSyntaxError, "r2c2: unexpected character '1' in the region grid (regions are letters)",
     {"r": 1, "c": 1}),
    (["AB", "AÄ"], ["square", "square"], PuzzleSyntaxError, "r2c2: unexpected character 'Ä'", {"r": 1, "c": 1}),
    (["AB", "A "], ["square", "square"], PuzzleSyntaxError, "r2c2: unexpected character ' '", {"r": 1, "c": 1}),
    (["AB", "AB"], ["square", "sqaure"], PuzzleSyntaxError,
     "the clue of row 2, character 1: unknown clue phrase 'sqaure'", {"edge": "clues", "index": 1}),
    (["AB", "AB"], ["palindrome and 1 more than a cat", "square"], PuzzleSyntaxError,
     "the clue of row 1, character 30: unknown clue phrase 'cat'", {"edge": "clues", "index": 0}),
    (["AB", "AB"], ["multiple of 0", "square"], PuzzleSyntaxError, "character 13: 'multiple of 0': multiple of K",
     {"edge": "clues", "index": 0}),
    (["AB", "AB"], ["square", "   "], PuzzleSyntaxError, "the clue of row 2, character 1: empty clue",
     {"edge": "clues", "index": 1}),
    (["AB", "AB"], ["square", "square " * 40], PuzzleSyntaxError, "a clue has at most 200 characters",
     {"edge": "clues", "index": 1}),
    (["AB", "AB"], ["square and prime", "square"], PuzzleRuleError,
     "the clue of row 1, 'square and prime', can never be met by a number of 2 to 2 digits: a square of two "
     "or more digits is never prime", {"edge": "clues", "index": 0}),
    (["AB", "AB"], ["square", "multiple of 1000"], PuzzleRuleError,
     "the clue of row 2, 'multiple of 1000', can never be met", {"edge": "clues", "index": 1}),
])
def test_state_bad_content_is_located(rows, clue_list, error, fragment, where):
    with pytest.raises(error) as info:
        nc.from_state(nc_state(rows, clue_list))
    assert fragment in info.value.message and info.value.where == where


def test_state_sizes_must_be_square():
    with pytest.raises(PuzzleSyntaxError, match=r"square, 2×2 to 26×26 cells \(got 2×3\)"):
        nc.from_state(nc_state(["ABA", "ABA"], ["square", "square"]))


def test_a_clue_longer_when_written_in_full_is_refused_where_it_is_typed():
    long = " and ".join(["1 more than cube"] * 9)            # 184 characters, 202 written in full
    assert len(long) == 184 < clues.MAX_CLUE_CHARS
    with pytest.raises(PuzzleSyntaxError) as from_text:
        nc.parse(f"AB\nAB\n\n{long}\nsquare")
    assert from_text.value.where == {"line": 4, "col": 1} and "at most 200 characters written in full (got 202" \
        in from_text.value.message
    with pytest.raises(PuzzleSyntaxError) as from_state:
        nc.from_state(nc_state(["AB", "AB"], [long, "square"]))
    assert from_state.value.where == {"edge": "clues", "index": 0} and "written in full" in from_state.value.message
    shorter = " and ".join(["1 more than cube"] * 8)
    puzzle = nc.parse(f"AB\nAB\n\n{shorter}\nsquare")
    assert nc.parse(nc.format(puzzle)) == puzzle == nc.from_state(nc.to_state(puzzle))


def test_state_refusals_are_the_ones_parse_gives():
    """Random small states: from_state and parse of the same text agree, refusals included (the
    text's `line N, ` place and locations aside)."""
    rng = random.Random(3)
    phrases = CORPUS_PHRASES + MORE_PHRASES + ["sqaure", "", "multiple of 0", "square and prime", "power of 1",
                                               "multiple of 999", "sum of digits is 40", "palindrome and multiple of 10"]
    outcomes = {"accepted": 0, "refused": 0}
    for _ in range(300):
        n = rng.randint(2, 4)
        rows = ["".join(rng.choice("AAB" if rng.random() < 0.97 else "A1") for _ in range(n)) for _ in range(n)]
        state = nc_state(rows, [rng.choice(phrases) for _ in range(n)])
        try:
            expected = nc.parse(puzzle_text(state))
        except PuzzleError as exc:
            with pytest.raises(type(exc)) as info:
                nc.from_state(state)
            assert _after_place(info.value.message) == _after_place(exc.message)
            outcomes["refused"] += 1
            continue
        assert nc.from_state(state) == expected
        outcomes["accepted"] += 1
    assert min(outcomes.values()) >= 50, outcomes


def _after_place(message: str) -> str:
    """A message without its place (`line 4, column 3: `, `the clue of row 2, character 3: `, `line 4: `)."""
    return re.sub(r"^(line \d+, column \d+|the clue of row \d+, character \d+|line \d+|r\d+c\d+): ", "", message)


def test_from_state_needs_no_sympy():
    import subprocess
    import sys
    code = ("import sys\nfrom gridlogic.errors import PuzzleRuleError\nfrom gridlogic.kinds import numbercross as nc\n"
            "state = nc.to_state(nc.parse(nc.EXAMPLES[0].text))\nassert 'cube' in state['edges']['clues']\n"
            "assert nc.from_state(state) == nc.parse(nc.EXAMPLES[0].text)\n"
            "state['edges']['clues'][0] = 'prime and cube'\n"
            "try:\n    nc.from_state(state)\nexcept PuzzleRuleError as exc:\n    print(exc.where)\n"
            "print('sympy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["{'edge': 'clues', 'index': 0}", "False"]


# ---- the user's entries: the search narrowed, progress, solve ------------------------------------

def _agrees(grid: tuple[str, ...], entries) -> bool:
    """True when a grid holds every entry (v a digit, or 10 for a shaded cell), read from its text."""
    return all(grid[r][c] == ("#" if v == SHADED_ENTRY else str(v)) for r, c, v in entries)


def _some_entries(rng: random.Random, n: int, grids: list) -> list[tuple[int, int, int]]:
    """A few entries, each a cell's content in one of `grids` or any value."""
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(1, min(5, n * n)))
    out = []
    for r, c in cells:
        if grids and rng.random() < 0.7:
            ch = rng.choice(grids)[r][c]
            out.append((r, c, SHADED_ENTRY if ch == "#" else int(ch)))
        else:
            out.append((r, c, rng.randint(0, SHADED_ENTRY)))
    return out


def _wrong_by_definition(grids: list, entries) -> list[tuple[int, int]]:
    """Progress from its definition: in position order, an entry is kept when some grid agrees with it
    and every entry kept before it, and wrong otherwise."""
    kept, wrong = [], []
    for entry in sorted(entries):
        if any(_agrees(g, kept + [entry]) for g in grids):
            kept.append(entry)
        else:
            wrong.append(entry[:2])
    return wrong


@pytest.mark.parametrize("text", HAND_MADE)
def test_search_with_entries_equals_brute_force_filtered(text):
    puzzle = nc.parse(text)
    every = sorted(brute_force(puzzle))
    rng = random.Random(text)
    for _ in range(12):
        entries = _some_entries(rng, puzzle.size, every)
        found = list(nc.search(puzzle, entries=entries))
        assert set(found) == {g for g in every if _agrees(g, entries)}
        assert list(nc.search(puzzle, entries=entries, backjump=False, remember=False, prune=False)) == found


@pytest.mark.parametrize("seed,n", [s for s in SEEDS if s[1] == 4])
def test_progress_on_random_grids_matches_its_definition(seed, n):
    puzzle = random_puzzle(seed, n)
    every = sorted(brute_force(puzzle))
    rng = random.Random(seed)
    text = nc.format(puzzle)
    for _ in range(6):
        entries = _some_entries(rng, n, every)
        result = api.handle({"op": "progress", "kind": "numbercross", "text": text,
                             "entries": [list(e) for e in entries]})["result"]
        if not every:
            assert result["status"] == "none" and result["wrong"] == []
            continue
        assert result["status"] == ("unique" if len(every) == 1 else "multiple")
        assert [tuple(cell) for cell in result["wrong"]] == _wrong_by_definition(every, entries)
        assert result["correct_so_far"] == (not result["wrong"]) and result["stopped"] is None


@pytest.mark.parametrize("example", [e for e in nc.EXAMPLES if e.count], ids=lambda e: e.name)
def test_progress_on_the_examples_names_changed_digits_only(example):
    puzzle = nc.parse(example.text)
    every = list(nc.search(puzzle))
    grid = every[0]
    rng = random.Random(example.name)
    digit_cells = [(r, c) for r in range(puzzle.size) for c in range(puzzle.size) if grid[r][c] != "#"]
    for _ in range(8):
        chosen = rng.sample(digit_cells, rng.randint(1, len(digit_cells)))
        changed = set(rng.sample(chosen, rng.randint(0, min(3, len(chosen)))))
        entries = [[r, c, (int(grid[r][c]) + rng.randint(1, 9)) % 10 if (r, c) in changed else int(grid[r][c])]
                   for r, c in chosen]
        result = api.handle({"op": "progress", "kind": "numbercross", "text": example.text,
                             "entries": entries})["result"]
        wrong = {tuple(cell) for cell in result["wrong"]}
        assert [list(cell) for cell in sorted(wrong)] == result["wrong"]
        assert wrong == set(_wrong_by_definition(every, [tuple(e) for e in entries]))
        if len(every) == 1:
            assert wrong == changed                      # a changed digit is wrong, a kept one is not
        assert not wrong & (set(chosen) - changed)


def test_solve_with_entries_keeps_the_grids_that_agree():
    example = next(e for e in nc.EXAMPLES if e.count == 3)
    every = api.handle({"op": "solve", "kind": "numbercross", "text": example.text, "all": True,
                        "render": False})["result"]["solutions"]
    grids = [tuple(s.split("\n")) for s in every]
    r, c = next((r, c) for r in range(4) for c in range(4) if len({g[r][c] for g in grids}) > 1)
    ch = grids[0][r][c]
    entry = [r, c, SHADED_ENTRY if ch == "#" else int(ch)]
    result = api.handle({"op": "solve", "kind": "numbercross", "text": example.text, "all": True, "render": False,
                         "entries": [entry]})["result"]
    assert sorted(result["solutions"]) == sorted(s for s, g in zip(every, grids) if _agrees(g, [entry]))
    assert 0 < result["count"] < 3 and result["wrong"] == [] and result["message"] is None


def test_solve_with_a_wrong_entry_names_it():
    grid = EX5.solution.split("\n")
    r, c = 0, 1
    v = (int(grid[r][c]) + 1) % 10
    entries = [[0, 0, SHADED_ENTRY], [r, c, v], [1, 0, int(grid[1][0])]]
    result = api.handle({"op": "solve", "kind": "numbercross", "text": EX5.text, "render": False,
                         "entries": entries})["result"]
    assert result["status"] == "none" and result["wrong"] == [[r, c, v]]
    assert result["message"] == f"your {v} at r1c2 is wrong; no solution keeps it"
    shaded = [[1, 0, SHADED_ENTRY]]                   # r2c1 holds a 1: a shaded entry there is wrong
    result = api.handle({"op": "solve", "kind": "numbercross", "text": EX5.text, "render": False,
                         "entries": shaded})["result"]
    assert result["wrong"] == shaded and result["message"].startswith("your shaded cell at r2c1 is wrong")


def test_entries_are_refused_where_no_cell_is_and_hints_stay_refused():
    for entries, fragment in (([[0, 5, 1]], "outside this 5×5 grid"), ([[0, 0, 11]], "a digit 0-9, or 10")):
        for op in ("solve", "progress"):
            error = api.handle({"op": op, "kind": "numbercross", "text": EX5.text, "entries": entries})["error"]
            assert error["where"] == {"field": "entries"} and fragment in error["message"]
            assert len(error["message"]) <= 300
    error = api.handle({"op": "hint", "kind": "numbercross", "text": EX5.text, "entries": [[0, 0, 1]]})["error"]
    assert error["where"] == {"field": "kind"} and "has no hints" in error["message"]


@pytest.mark.corpus
def test_progress_out_of_time_says_so():
    grid = nc.parse_solution(nc.parse(nc4_text()), corpus_path("numbercross", "nc4_solution.txt")
                             .read_text(encoding="utf-8"))
    result = api.handle({"op": "progress", "kind": "numbercross", "text": nc4_text(), "budget_ms": 1,
                         "entries": [[1, 1, nc.value_at(grid, 1, 1)]]})["result"]
    assert result["status"] == "unknown" and result["stopped"] == "budget" and not result["correct_so_far"]
