"""Every kind's shipped examples, on every backend it offers: counts, solutions, checker."""

from __future__ import annotations

import pytest

from gridlogic import backends, solver
from gridlogic.kinds import KINDS
from gridlogic.contract import is_cnf

CASES = []
for kind in KINDS:
    engines = (["sat", "smt"] if backends.has_z3() else ["sat"]) if is_cnf(kind) else ["native"]
    for example in kind.EXAMPLES:
        for backend in engines:
            CASES.append(pytest.param(kind, example, backend, id=f"{kind.KEY}-{example.name}-{backend}"))


@pytest.mark.parametrize("kind,example,backend", CASES)
def test_example(kind, example, backend):
    puzzle = kind.parse(example.text, rules=example.rules)
    answer = solver.solve(kind, puzzle, backend=backend, mode="count", limit=2000, keep=5)
    assert answer.complete
    if example.count is not None:
        assert answer.count == example.count
    expected_status = {0: "none", 1: "unique"}.get(answer.count, "multiple")
    assert answer.status == expected_status
    for solution in answer.solutions:
        assert kind.check(puzzle, solution) == []
    if example.solution is not None:
        assert kind.format(puzzle, answer.solution) == example.solution
    assert len(set(answer.solutions)) == len(answer.solutions)   # distinct solutions


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_examples_round_trip(kind):
    for example in kind.EXAMPLES:
        puzzle = kind.parse(example.text, rules=example.rules)
        assert kind.parse(kind.format(puzzle), rules=example.rules) == puzzle


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_layout_is_json_safe(kind):
    import json
    json.dumps(kind.layout())
