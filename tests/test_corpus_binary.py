"""Binary corpus: every puzzle solved, checked, and equal to the published solution when unique."""

from __future__ import annotations

import pytest

from conftest import corpus_lines
from gridlogic import solver
from gridlogic.kinds import binary

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("name", ["binarypuzzle_com_sample.txt", "puzzle_binairo_com_sample.txt"])
def test_binary_corpus(name):
    lines = corpus_lines("binary", name)
    assert len(lines) == 500
    statuses = {"unique": 0, "multiple": 0}
    for line in lines:
        size, level, index, text, published = line.split()
        puzzle = binary.parse(text)
        assert puzzle.width == int(size)
        answer = solver.solve(binary, puzzle)
        assert answer.status in statuses, line
        statuses[answer.status] += 1
        for s in answer.solutions:
            assert binary.check(puzzle, s) == []
        if answer.status == "unique":
            assert binary.format(puzzle, answer.solution).replace("\n", "") == published, line
    assert statuses["unique"] > 0
