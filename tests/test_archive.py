"""The models a walk keeps (backends/sat/asking.py `Archive`): whether a kept model makes given literals
true, against the models themselves, also once the oldest make room for new ones."""

from __future__ import annotations

import random

import pytest

from gridlogic.backends.sat.asking import Archive


@pytest.mark.parametrize("most", [1, 3, 50])
def test_a_kept_model_answers_exactly_when_one_of_the_latest_holds(most):
    rng = random.Random(most)
    variables = list(range(1, 30, 2))                 # odd variables kept; even ones are on no kept variable
    archive = Archive(variables, most)
    kept: list[set[int]] = []
    assert not archive.holds([]) and not archive.holds([1])
    for _ in range(120):
        model = {v if rng.random() < 0.5 else -v for v in range(1, 31)}
        archive.add(model)
        kept = (kept + [model])[-most:]
        for _ in range(20):
            lits = [rng.choice([v, -v]) for v in rng.sample(range(1, 31), rng.randint(0, 4))]
            expected = all(abs(x) % 2 for x in lits) and any(set(lits) <= m for m in kept)
            assert archive.holds(lits) == expected, (lits, kept)
        picked = rng.choice(kept)                     # a kept model's own literals: always held
        assert archive.holds([x for x in picked if abs(x) % 2][:6])
