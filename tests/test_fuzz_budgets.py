"""Fuzz: every op keeps its budget within a second of CPU (hypothesis; docs/api.md, "Budgets").

Each case draws an op and a request made to outlast a small budget, sends it through the door (a
worker process with a memory limit, fuzz_strategies.Door) and holds the CPU time the worker spent on
it to `budget_ms` plus OVER_CPU_S. CPU, not wall time: a loaded machine stretches the wall clock, not
the work done after the deadline. The ops:
- solve with count, all, facts, candidates, explain and symmetry, hint (with its path) and progress,
  on every SAT engine a budget can stop, z3 and the native search (tests/outlasting.py);
- generate, on the largest sizes and hardest levels each kind offers, killer cages included;
- link_import, on big, garbage and many-item links of every form: f-puzzles `?load=`, SudokuPad
  (`fpuzzles…` and `scl…`), puzz.link and this page's `#kind/v3.…`, each near the 100,000 characters
  a URL may have, with 10,000 and 100,000 copies of a cage, items just over the limit a state holds,
  drawings by the thousand and payloads whose slashes a shortener might have collapsed;
- check, which takes no budget: it is held to a second of CPU.
Every answer must also be an envelope, never an InternalError.

Default: a small derandomized sample. `GRIDLOGIC_FUZZ=long` (or `GRIDLOGIC_FULL=1`): many more cases,
random seeds, and budgets of seconds too; `GRIDLOGIC_FUZZ_BUDGETS=n` sets the number of cases.
"""

from __future__ import annotations

import functools
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_strategies import BUDGETED, Door, error_type, is_ok, short, timeout_for
from outlasting import nonogram_random, requests, rounds, sudoku_pattern
from gridlogic.generate import options
from gridlogic.kinds import KINDS, nonogram, sudoku
from gridlogic.contract import layout_of
from gridlogic.layout import MAX_ITEMS
from gridlogic.codecs import lzstring, page

LONG = os.environ.get("GRIDLOGIC_FUZZ") == "long" or os.environ.get("GRIDLOGIC_FULL") == "1"
CASES = int(os.environ.get("GRIDLOGIC_FUZZ_BUDGETS", "1500" if LONG else "60"))
BUDGETS_MS = (1, 20, 100, 300, 700) + ((1500, 3000) if LONG else ())
OVER_CPU_S = 1.0               # the promise: a budget is kept within a second of CPU
URL_CHARS = 99_000             # a link near the 100,000 characters of the door's `url`

pytestmark = [pytest.mark.fuzz, pytest.mark.timed]

FPUZZLES = "https://www.f-puzzles.com/?load="
SUDOKUPAD = "https://sudokupad.app/"


WARM_UP = [{"op": "kinds"}, {"op": "preload", "packages": ["z3"]},
           {"op": "generate", "kind": "sudoku", "rows": 4, "cols": 4, "seed": 1},
           {"op": "solve", "kind": "sudoku", "text": "." * 16, "backend": "smt"},
           {"op": "link_import", "url": "https://puzz.link/p?sudoku/4/4/g1h2h3h4g"}]
"""Requests that import what the ops import on first use (z3 where it is installed), as a page's worker
has before it answers: an import is not work past a budget."""


@pytest.fixture(scope="module")
def door():
    """One worker process for the module, warmed up (WARM_UP)."""
    d = Door()
    for request in WARM_UP:
        d.call(request, 120)
    yield d
    d.close()


# -- links -----------------------------------------------------------------------------------------
def _packed(data: dict) -> str:
    return lzstring.compress_to_base64(json.dumps(data, separators=(",", ":")))


@functools.lru_cache(maxsize=None)
def fpuzzles_payload(items: int, distinct: bool, readable: bool = True) -> str:
    """An f-puzzles payload of `items` killer cages: copies of one, or all different; unreadable ones
    (no cells) only warn."""
    def cage(i: int) -> dict:
        if not readable:
            return {"cells": []}
        if not distinct:
            return {"cells": ["R1C1", "R1C2"], "value": "3"}
        return {"cells": [f"R{i // 81 % 9 + 1}C{i % 9 + 1}"], "value": str(i // 9 % 9 + 1 + i // 729 * 9)}
    return _packed({"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
                    "killercage": [cage(i) for i in range(items)]})


def _circle(y: float, x: float, w: float = 0.75) -> dict:
    return {"center": [y, x], "width": w, "height": w, "rounded": True, "backgroundColor": "#FFFFFF",
            "borderColor": "#A1A1A1"}


@functools.lru_cache(maxsize=None)
def scl_payload(drawings: int, seed: int) -> str:
    """A SudokuPad puzzle of `drawings` arrows, lines, circles, dots and cages each, random on a 9×9."""
    rng = random.Random(seed)

    def at() -> float:
        return rng.randrange(9) + 0.5

    data = {"cells": [[{} for _ in range(9)] for _ in range(9)],
            "metadata": {"rules": "Arrows sum. Thermometers. Renban lines are purple."},
            "arrows": [{"wayPoints": [[at(), at()], [at(), at()]]} for _ in range(drawings)],
            "lines": [{"wayPoints": [[at(), at()], [at(), at()]], "color": rng.choice(["#CFCFCF", "#C060C0"]),
                       "thickness": rng.choice([21, 8])} for _ in range(drawings)],
            "overlays": [_circle(at(), at(), rng.choice([0.75, 0.3])) for _ in range(drawings)],
            "underlays": [_circle(at(), at()) for _ in range(drawings)],
            "cages": [{"cells": [[rng.randrange(9), rng.randrange(9)]], "unique": True, "sum": rng.randrange(1, 46)}
                      for _ in range(drawings)]}
    return _packed(data)


@functools.lru_cache(maxsize=None)
def page_link(kind_key: str, cages: int) -> str:
    """This page's share link of an empty sudoku with `cages` one-cell killer cages (a 100×100 binary
    grid for binary)."""
    if kind_key == "binary":
        from gridlogic.kinds import binary
        state = binary.to_state(binary.parse("\n".join(["." * 100] * 100)))
        return "#" + page.link_hash("binary", (), page.encode_state(layout_of(binary), state))
    state = sudoku.to_state(sudoku.parse("." * 81))
    state["parts"]["cages"] = [{"name": "killer", "cells": [[i // 9 % 9, i % 9]], "value": str(i % 9 + 1)}
                               for i in range(cages)]
    return "#" + page.link_hash("sudoku", (), page.encode_state(layout_of(sudoku), state))


@functools.lru_cache(maxsize=None)
def puzzlink_nonogram(n: int, seed: int) -> str:
    return nonogram.to_puzzlink(nonogram.parse(nonogram_random(n, seed)))


def garbage(seed: int, chars: int, alphabet: str = lzstring.BASE64) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(chars))


def slashes_early(chars: int) -> str:
    """A payload that reads to its end (zero bits), with 16 slashes among its first 400 characters."""
    out = ["A"] * chars
    for i in (56, 63, 65, 67, 93, 175, 215, 231, 234, 242, 245, 258, 262, 282, 288, 356):
        out[i] = "/"
    return "".join(out)


LINKS = {
    "f-puzzles 10,000 copies": lambda seed: FPUZZLES + fpuzzles_payload(10_000, False),
    "f-puzzles 100,000 copies": lambda seed: FPUZZLES + fpuzzles_payload(100_000, False),
    "f-puzzles at the limit": lambda seed: FPUZZLES + fpuzzles_payload(MAX_ITEMS, True),
    "f-puzzles over the limit": lambda seed: FPUZZLES + fpuzzles_payload(MAX_ITEMS + 1, True),
    "f-puzzles 100,000 warnings": lambda seed: FPUZZLES + fpuzzles_payload(100_000, False, readable=False),
    "f-puzzles garbage": lambda seed: FPUZZLES + garbage(seed, URL_CHARS // 2),
    "f-puzzles long garbage": lambda seed: FPUZZLES + garbage(seed, URL_CHARS),
    "f-puzzles slashes early": lambda seed: FPUZZLES + slashes_early(URL_CHARS // 2),
    "f-puzzles cut short": lambda seed: FPUZZLES + fpuzzles_payload(100_000, False)[:-(seed % 50 + 1)],
    "sudokupad fpuzzles 100,000 copies": lambda seed: SUDOKUPAD + "fpuzzles" + fpuzzles_payload(100_000, False),
    "sudokupad scl drawings": lambda seed: SUDOKUPAD + "scl" + scl_payload(1500, seed % 3),
    "sudokupad scl garbage": lambda seed: SUDOKUPAD + "scl" + garbage(seed, URL_CHARS // 2),
    "sudokupad scl long garbage": lambda seed: SUDOKUPAD + "scl" + garbage(seed, URL_CHARS),
    "sudokupad scl slashes early": lambda seed: SUDOKUPAD + "scl" + slashes_early(URL_CHARS // 2),
    "puzz.link nonogram 100x100": lambda seed: puzzlink_nonogram(100, seed % 3),
    "puzz.link sudoku 25x25 garbage": lambda seed: "https://puzz.link/p?sudoku/25/25/" + garbage(seed, URL_CHARS, "0123456789abcdefg.-+"),
    "puzz.link nonogram garbage": lambda seed: "https://puzz.link/p?nonogram/100/100/" + garbage(seed, URL_CHARS, "0123456789abcdefghijklmnopqrstuv-.+"),
    "page sudoku at the limit": lambda seed: "https://example.org/" + page_link("sudoku", MAX_ITEMS),
    "page sudoku over the limit": lambda seed: "https://example.org/" + page_link("sudoku", MAX_ITEMS + 1),
    "page binary 100x100": lambda seed: "https://example.org/" + page_link("binary", 0),
    "page sudoku garbage": lambda seed: "#sudoku/v3." + garbage(seed, URL_CHARS, "abcdefghijklmnopqrstuvwxyz0123456789~-."),
}


# -- generate and check ----------------------------------------------------------------------------
def _generates() -> list[tuple[str, dict]]:
    """For each kind that generates (and each family of constraints), its two largest sizes at their
    hardest level."""
    out = []
    for kind in KINDS:
        offered = options(kind)
        if offered is None:
            continue
        for family in [offered, *offered.get("families", ())]:
            for rows, cols, levels in family["sizes"][-2:]:
                request = {"op": "generate", "kind": kind.KEY, "rows": rows, "cols": cols, "difficulty": levels[-1]}
                if family is not offered:
                    request["constraints"] = family["constraints"]
                out.append((f"generate {kind.KEY} {rows}x{cols} {levels[-1]} {family.get('label', '')}".strip(),
                            request))
    return out


SOLUTION_25 = sudoku_pattern(5, 1.0, 1)
CHECKS = [("check sudoku 25x25 empty", {"op": "check", "kind": "sudoku", "text": "." * 625, "solution": SOLUTION_25}),
          ("check sudoku 25x25 open", {"op": "check", "kind": "sudoku", "text": sudoku_pattern(5, 0.3, 1),
                                       "solution": SOLUTION_25})]


# -- the property ----------------------------------------------------------------------------------
SEARCHES = [(f"{op} {where} {name}", request) for op, where, name, request in rounds(requests())]
GENERATES = _generates()


@functools.lru_cache(maxsize=None)
def _link_request(name: str, seed: int) -> dict:
    return {"op": "link_import", "url": LINKS[name](seed)}


cases = st.one_of(
    st.tuples(st.sampled_from(SEARCHES), st.sampled_from(BUDGETS_MS)),
    st.tuples(st.sampled_from(GENERATES), st.integers(0, 10 ** 6), st.sampled_from(BUDGETS_MS)).map(
        lambda drawn: ((drawn[0][0], {**drawn[0][1], "seed": drawn[1]}), drawn[2])),
    st.tuples(st.sampled_from(sorted(LINKS)), st.integers(0, 5), st.sampled_from(BUDGETS_MS)).map(
        lambda drawn: ((f"link_import {drawn[0]}", _link_request(drawn[0], drawn[1])), drawn[2])),
    st.tuples(st.sampled_from(CHECKS), st.just(None)),
)


def test_tables_reach_every_op_that_takes_a_budget():
    """Each op the door gives `budget_ms` is drawn here (and check, which has none)."""
    drawn = {request["op"] for _, request in SEARCHES + GENERATES + CHECKS} | {"link_import"}
    assert set(BUDGETED) <= drawn and len(LINKS) >= 20


@settings(max_examples=CASES, derandomize=not LONG, database=None, deadline=None,
          suppress_health_check=list(HealthCheck), print_blob=False)
@given(drawn=cases)
def test_every_op_keeps_its_budget_within_a_second_of_cpu(door, drawn):
    (name, request), budget = drawn
    if budget is not None:
        request = {**request, "budget_ms": budget}
    outcome = door.call(request, timeout_for(request))
    shown = f"{name} (budget {budget} ms): {short(request, 300)}"
    assert not outcome.hang and outcome.crash is None, f"no answer: {shown}"
    assert is_ok(outcome) or error_type(outcome) not in (None, "InternalError"), \
        f"{short(outcome.response, 600)}\nfor {shown}"
    late = outcome.cpu - (budget or 0) / 1000
    assert late < OVER_CPU_S, f"{late:.2f} s of CPU past the budget: {shown}"
