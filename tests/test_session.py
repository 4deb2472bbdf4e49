"""One request, one encoding: a request's questions (solve, facts, candidates, setter help, symmetry
classes, entry checks, hints) all read the session's formula (gridlogic/session.py), so the kind's
`encode` runs once per request; only why there is no solution asks for the formula built for
explanations besides."""

from __future__ import annotations

import pytest

from gridlogic import api
from gridlogic.backends.sat import solvers
from gridlogic.kinds import binary, sudoku
from gridlogic.session import BUILT, Session

SEVERAL = "..34\n34..\n....\n..1."        # 4×4 sudokus: several solutions (a 1 at r1c1 makes it unique),
ONE = ".234\n3412\n2143\n4321"            # one solution,
NONE = "1.23\n....\n.4..\n...."           # none (r1c2 can only be 4, and column 2 has its 4)


@pytest.fixture
def encodes(monkeypatch):
    """The encodings made while a test runs, one entry per call of a kind's `encode` (none kept before)."""
    made: list[str] = []
    BUILT.clear()

    def counted(kind):
        encode = kind.encode

        def encode_counted(puzzle, formula):
            made.append(kind.KEY)
            return encode(puzzle, formula)
        monkeypatch.setattr(kind, "encode", encode_counted)

    for kind in (sudoku, binary):
        counted(kind)
    return made


def answer(request: dict) -> dict:
    response = api.handle({"render": False, **request} if request["op"] == "solve" else request)
    assert response["ok"], response
    return response["result"]


def test_a_solve_with_facts_candidates_and_setter_help_encodes_once(encodes):
    result = answer({"op": "solve", "kind": "sudoku", "text": SEVERAL, "facts": True, "candidates": True,
                     "setter": True})
    assert result["status"] == "multiple" and result["facts"] and result["candidates"] and result["differ"]
    assert result["unique_with"] == [0, 0, 1]
    assert encodes == ["sudoku"]


def test_a_unique_puzzle_with_every_helper_encodes_once(encodes):
    result = answer({"op": "solve", "kind": "sudoku", "text": ONE, "facts": True, "candidates": True,
                     "setter": True, "explain": True})
    assert result["status"] == "unique" and result["redundant"] is not None and result["conflict"] is None
    assert encodes == ["sudoku"]


def test_a_count_with_symmetry_classes_and_helpers_encodes_once(encodes):
    result = answer({"op": "solve", "kind": "sudoku", "text": "." * 16, "count": True, "symmetry": True,
                     "facts": True, "candidates": True, "setter": True})
    assert result["count"] == 288 and result["classes"] is not None and result["candidates"]
    assert encodes == ["sudoku"]


def test_a_binary_solve_with_entries_and_their_check_encodes_once(encodes):
    text = binary.EXAMPLES[0].text
    solved = answer({"op": "solve", "kind": "binary", "text": text})["solution"].split()
    r, c = next((r, c) for r, line in enumerate(text.split()) for c, ch in enumerate(line) if ch == ".")
    wrong = 1 - int(solved[r][c])
    result = answer({"op": "solve", "kind": "binary", "text": text, "entries": [[r, c, wrong]], "facts": True,
                     "candidates": True, "explain": True})
    assert result["status"] == "none" and result["wrong"] == [[r, c, wrong]]
    assert encodes == ["binary", "binary"]                   # the plain solve above, then this one


def test_a_hint_path_with_entries_and_a_progress_check_encode_once_each(encodes):
    example = next(e for e in sudoku.EXAMPLES if e.name == "classic")
    opens = [i for i, ch in enumerate(example.text.replace("\n", "")) if ch == "."]
    value = int(example.solution.replace("\n", "")[opens[0]])
    entry = [opens[0] // 9, opens[0] % 9, value]
    hint = answer({"op": "hint", "kind": "sudoku", "text": example.text, "entries": [entry], "path": True})
    assert hint["status"] == "unique" and hint["steps"] and hint["wrong"] == []
    assert encodes == ["sudoku"]
    checked = answer({"op": "progress", "kind": "sudoku", "text": example.text, "entries": [entry]})
    assert checked["correct_so_far"]
    assert encodes == ["sudoku", "sudoku"]


def test_no_solution_explained_asks_for_the_formula_for_explanations_besides(encodes):
    result = answer({"op": "solve", "kind": "sudoku", "text": NONE, "explain": True})
    assert result["status"] == "none" and result["conflict"]
    assert encodes == ["sudoku", "sudoku"]                   # the plain formula, then the exact one


def test_a_session_builds_each_formula_once_and_holds_the_entries_apart_from_the_givens(encodes):
    puzzle = sudoku.parse(SEVERAL)
    session = Session(sudoku, puzzle, [(3, 3, 1)])
    formula = session.formula()
    assert session.formula() is formula and encodes == ["sudoku"]
    assert len(formula.assumptions) == len(session.givens()) + 1 and ("entry", 3, 3, 1) in formula.clues
    exact = session.formula(exact=True)
    assert exact is not formula and exact.exact_clues and encodes == ["sudoku", "sudoku"]
    assert Session(sudoku, puzzle, exact=True).formula().exact_clues


KILLERS = "....\n....\n....\n....\nkiller 3: r1c1 r1c2\nkiller 7: r4c3 r4c4\n"
THERMO = "....\n....\n....\n....\nthermo: r1c1 r2c1 r3c1\n"


def test_a_variant_asked_again_is_neither_encoded_nor_loaded_again_and_counts_the_same(encodes, monkeypatch):
    added: list[int] = []
    add = solvers._Session.add
    monkeypatch.setattr(solvers._Session, "add", lambda self, f, s: added.append(len(f.clauses)) or add(self, f, s))

    def count(text: str) -> tuple:
        result = answer({"op": "solve", "kind": "sudoku", "text": text, "count": True, "engine": "cadical195"})
        return result["count"], result["count_complete"]

    killers, thermo = count(KILLERS), count(THERMO)
    assert len(encodes) == 2 and len(added) == 2
    # independently: the 288 4×4 grids, filtered by the kind's own check
    grids = answer({"op": "solve", "kind": "sudoku", "text": "." * 16, "all": True, "limit": 300})["solutions"]
    by_check = {text: sum(sudoku.check(sudoku.parse(text), sudoku.parse(grid).givens) == [] for grid in grids)
                for text in (KILLERS, THERMO)}
    assert (killers, thermo) == ((by_check[KILLERS], True), (by_check[THERMO], True))
    del encodes[:], added[:]
    assert count(THERMO) == thermo and count(THERMO) == thermo        # the last one: kept on its solver
    assert encodes == [] and added == []
    assert count(KILLERS) == killers                                # another came between: made again
    assert count(THERMO) == thermo and len(encodes) == 2 and len(added) == 2
