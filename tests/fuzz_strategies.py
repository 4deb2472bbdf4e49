"""Hypothesis strategies and invariants for the fuzz tests of `gridlogic.api.handle`.

Requests are built as JSON values (dict, list, str, int, float, bool, None), the way the browser
worker and the CLI send them. Puzzles come from each kind's `EXAMPLES` and from small random
generators written here from the rules (they never call the kind's own parser or formatter), then
get mutated; fields get wrong types and out-of-range values. Editing states are drawn from each
kind's layout alone (gridlogic/layout.py): valid shapes with random contents, and broken shapes.
Every request runs in a child process (`Door`) with a wall-clock limit and a memory cap, so a hang
or a blow-up is recorded as a finding instead of stopping the run. `problems_of` lists what a
response breaks on its own: the envelope, and a result against its request (statuses, counts, the
certain cells, conflicts, hint steps and paths, progress on the user's entries; cells are checked
against the puzzle's grid, parsed here); every error message is at most MESSAGE_CHARS characters,
written so where it is made (not cut by the API's last guard), quotes at most EXCERPT_CHARS characters
of the request in a row, and its `where` holds no longer string. Long input (long_inputs.py: 100,000
characters of many shapes, in texts, states, links and names) is drawn now and then to hold them to it.
The ops and the fields each reads are the API's own tables; `SHAPES` says which values of a field are
plainly wrong.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import resource
import time
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from gridlogic import api
from gridlogic import errors as errors_module
from gridlogic.api import fields as api_fields
from gridlogic.errors import EXCERPT_CHARS, MESSAGE_CHARS
from gridlogic.contract import is_cnf, layout_of
from gridlogic.kinds import KINDS
from gridlogic.lattice import format_point
from gridlogic.layout.play import plays_on_lattice
from gridlogic.ratings import RATINGS
from gridlogic.layout import DIRECTIONS, MAX_CELL, MAX_FIELD, SIDES, blank_state, edge_length
from long_inputs import SHAPES as LONG_SHAPES
from long_inputs import URLS, after, long_url, quoted_run, request_strings, splice, starts

KIND_KEYS = tuple(k.KEY for k in KINDS)
KIND_BY_KEY = {k.KEY: k for k in KINDS}
OPS = tuple(api_fields.OPS)
STATUSES = ("unique", "multiple", "none", "unknown")
MAX_MESSAGE = MESSAGE_CHARS
BUDGET_MS = 2000
SLACK_S = float(os.environ.get("GRIDLOGIC_FUZZ_SLACK", "30"))
WORKER_MEMORY_MB = int(os.environ.get("GRIDLOGIC_FUZZ_MEMORY_MB", "3000"))
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def typed_error_names() -> set[str]:
    """Names of every error class `gridlogic.errors` defines (the typed errors a response may carry)."""
    base = errors_module.PuzzleError
    names = {base.__name__}
    for value in vars(errors_module).values():
        if isinstance(value, type) and issubclass(value, Exception) and value.__module__ == errors_module.__name__:
            names.add(value.__name__)
    names.discard("BudgetExceeded")
    return names


# -- the door: handle() in a child process --------------------------------------------------------
def _serve(conn, memory_mb: int) -> None:
    if memory_mb > 0:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from gridlogic import api

    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        start, cpu = time.perf_counter(), time.process_time()
        try:
            response = api.handle(request)
        except BaseException as exc:  # noqa: BLE001 - reported, never re-raised here
            response = {"__raised__": f"{type(exc).__name__}: {str(exc)[:500]}"}
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        try:
            conn.send((response, elapsed, cpu))
        except Exception as exc:  # noqa: BLE001 - an unpicklable response is itself a finding
            conn.send(({"__unpicklable__": f"{type(exc).__name__}: {str(exc)[:300]}"}, elapsed, cpu))


@dataclass
class Outcome:
    """What one request gave: a response, or a hang (no answer in time) or a crash (worker died); `elapsed`
    the wall time and `cpu` the CPU time the worker spent on it (None without an answer)."""

    response: Any = None
    elapsed: float = 0.0
    cpu: float | None = None
    hang: bool = False
    crash: str | None = None


class Door:
    """A child process answering `api.handle` requests; killed and restarted after a hang or crash."""

    def __init__(self, memory_mb: int = WORKER_MEMORY_MB) -> None:
        self.memory_mb = memory_mb
        self.ctx = multiprocessing.get_context("spawn")     # no fork of a process that may hold threads
        self.proc = None
        self.conn = None

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_serve, args=(child, self.memory_mb), daemon=True)
        self.proc.start()
        child.close()
        self.conn = parent

    def _stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(5)
            self.conn.close()
        self.proc = self.conn = None

    def close(self) -> None:
        """Stop the child process."""
        self._stop()

    def call(self, request: Any, timeout: float) -> Outcome:
        """Send one request; wait at most `timeout` seconds for the answer."""
        if self.proc is None or not self.proc.is_alive():
            self._stop()
            self._start()
        start = time.perf_counter()
        self.conn.send(request)
        if not self.conn.poll(timeout):
            self._stop()
            return Outcome(elapsed=time.perf_counter() - start, hang=True)
        try:
            response, elapsed, cpu = self.conn.recv()
        except (EOFError, OSError):
            self.proc.join(5)
            code = self.proc.exitcode
            self._stop()
            return Outcome(elapsed=time.perf_counter() - start, crash=f"worker died (exit code {code})")
        return Outcome(response=response, elapsed=elapsed, cpu=cpu)


def _default_budget_ms() -> float:
    try:
        from gridlogic.budget import DEFAULT_MS
    except ImportError:
        return 60_000
    return DEFAULT_MS


def timeout_for(request: Any) -> float:
    """The wall-clock limit of a request: its budget (the default one when absent) plus slack."""
    if not isinstance(request, dict) or request.get("op") not in BUDGETED:
        return BUDGET_MS / 1000 + SLACK_S      # parsing and checking have no budget: slack only
    budget = request.get("budget_ms")
    if isinstance(budget, (int, float)) and not isinstance(budget, bool) and 0 < budget <= 3_600_000:
        return budget / 1000 + SLACK_S
    if budget is None:
        return _default_budget_ms() / 1000 + SLACK_S
    return BUDGET_MS / 1000 + SLACK_S          # a budget the door must refuse at once


# -- findings -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    """One broken invariant: a category, a signature that groups equal causes, and the details."""

    category: str        # internal | envelope | door | inconsistent | hang | crash
    signature: str
    detail: str


def _last_frame(trace: str) -> str:
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', trace or "")
    if not frames:
        return "?"
    path, line, func = frames[-1]
    return f"{path.split('gridlogic/')[-1]}:{func}"


def short(value: Any, limit: int = 300) -> str:
    """A bounded repr for reports."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text):,} chars)"


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return True


def envelope_problems(request: Any, outcome: Outcome) -> list[Problem]:
    """Problems of the envelope itself: hang, crash, InternalError, untyped or long errors."""
    op = request.get("op") if isinstance(request, dict) else None
    tag = f"op={op}" if op in OPS else "op=<unknown>" if isinstance(op, str) else f"op=<{type(op).__name__}>"
    if outcome.hang:
        return [Problem("hang", f"hang {tag} kind={_kind_of(request)}",
                        f"no answer after {outcome.elapsed:.1f} s")]
    if outcome.crash:
        return [Problem("crash", f"crash {tag} kind={_kind_of(request)}", outcome.crash)]
    response = outcome.response
    out: list[Problem] = []
    if not isinstance(response, dict):
        return [Problem("envelope", "response is not a dict", short(response))]
    if "__raised__" in response:
        return [Problem("internal", f"handle raised {response['__raised__'].split(':')[0]}",
                        response["__raised__"])]
    if "__unpicklable__" in response:
        return [Problem("envelope", "response is not plain data", response["__unpicklable__"])]
    if not _jsonable(response):
        out.append(Problem("envelope", f"response is not JSON {tag}", short(response)))
    if response.get("ok") is True:
        if "result" not in response:
            out.append(Problem("envelope", "ok without result", short(response)))
        return out
    if response.get("ok") is not False:
        return out + [Problem("envelope", "ok is neither true nor false", short(response))]
    error = response.get("error")
    if not isinstance(error, dict):
        return out + [Problem("envelope", "error is not a dict", short(response))]
    etype, message, where = error.get("type"), error.get("message"), error.get("where")
    if etype == "InternalError":
        out.append(Problem("internal", f"InternalError {tag} kind={_kind_of(request)} "
                                       f"{str(message).split(':')[0]} at {_last_frame(error.get('trace', ''))}",
                           str(message)[:300]))
    elif etype not in typed_error_names():
        out.append(Problem("envelope", f"untyped error {etype!r}", short(error)))
    if not isinstance(message, str) or not message:
        out.append(Problem("envelope", f"error message is not a string {tag}", short(error)))
    elif len(message) > MAX_MESSAGE:
        out.append(Problem("envelope", f"error message over {MAX_MESSAGE} chars ({etype} {tag} "
                                       f"kind={_kind_of(request)})",
                           f"{len(message):,} chars: {message[:120]!r}…"))
    elif etype != "InternalError":
        out += _quoting_problems(request, message, etype, tag)
    if isinstance(where, dict) and request_strings(where):
        out.append(Problem("envelope", f"error where holds a string over {EXCERPT_CHARS} chars ({etype} {tag})",
                           short(where)))
    if not isinstance(where, dict):
        out.append(Problem("envelope", f"error where is not a dict {tag}", short(error)))
    return out


_CUT_AT_THE_DOOR = re.compile(r"… \([0-9,]+ characters\)$")


def _quoting_problems(request: Any, message: str, etype: Any, tag: str) -> list[Problem]:
    """A message the API's last guard cut (its path wrote a long one), or one quoting over EXCERPT_CHARS
    characters of the request in a row."""
    where = f"({etype} {tag} kind={_kind_of(request)})"
    if len(message) == MAX_MESSAGE and _CUT_AT_THE_DOOR.search(message):
        return [Problem("envelope", f"error message cut by the API's last guard {where}", repr(message[:120]))]
    run = quoted_run(message, request_strings(request)) if len(message) > EXCERPT_CHARS else None
    if run is None:
        return []
    return [Problem("envelope", f"error message quotes over {EXCERPT_CHARS} chars of the request {where}",
                    f"{run!r} in {message[:200]!r}")]


def _kind_of(request: Any) -> str:
    kind = request.get("kind") if isinstance(request, dict) else None
    return kind if isinstance(kind, str) and kind in KIND_KEYS else "?"


def is_ok(outcome: Outcome) -> bool:
    """True when the request answered with an ok envelope."""
    r = outcome.response
    return isinstance(r, dict) and r.get("ok") is True and isinstance(r.get("result"), dict)


def error_type(outcome: Outcome) -> str | None:
    """The error type of an error envelope, else None."""
    r = outcome.response
    if isinstance(r, dict) and r.get("ok") is False and isinstance(r.get("error"), dict):
        return r["error"].get("type")
    return None


def _valid_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def status_of_count(count: int) -> str:
    """The status a complete count implies."""
    return "none" if count == 0 else "unique" if count == 1 else "multiple"


def numbercross_answer(solution: str) -> int:
    """The sum of the numbers of a number-cross solution grid, computed here from the rows."""
    return sum(int(run) for row in solution.splitlines() for run in re.findall(r"[0-9]+", row))


def solve_problems(request: dict, result: dict) -> list[Problem]:
    """Problems of an ok solve result on its own: status, solution, count and keep consistency."""
    kind = _kind_of(request)
    out: list[Problem] = []

    def bad(sig: str, detail: str) -> None:
        out.append(Problem("inconsistent", f"solve {kind}: {sig}", detail))

    status = result.get("status")
    if status not in STATUSES:
        bad("status not in the four", short(status))
        return out
    solution, solutions = result.get("solution"), result.get("solutions")
    if not isinstance(solutions, list) or any(not isinstance(s, str) for s in solutions):
        bad("solutions is not a list of text", short(solutions))
        return out
    if solutions and solution != solutions[0]:
        bad("solution is not solutions[0]", short(result))
    if len(set(solutions)) != len(solutions):
        bad("the same solution twice", short(solutions))
    if status in ("unique", "multiple") and not isinstance(solution, str):
        bad(f"{status} without a solution", f"solution={solution!r} request={short(request)}")
    if status == "none" and (solution is not None or solutions):
        bad("none with a solution", short(result))
    keep = request.get("keep")
    if _valid_int(keep) and keep >= 0 and len(solutions) > max(keep, 1):
        bad("more solutions than keep", f"keep={keep} got {len(solutions)}")
    if "count" in result:
        count, complete = result.get("count"), result.get("count_complete")
        if not isinstance(complete, bool):
            bad("count_complete is not a bool", short(complete))
        if count is not None and not _valid_int(count):
            bad("count is not an integer", short(count))
        elif count is not None:
            if count < len(solutions):
                bad("count below the solutions kept", f"count={count} kept={len(solutions)}")
            if complete is True and status != status_of_count(count):
                bad("complete count disagrees with status", f"count={count} status={status}")
            if status == "unique" and count != 1:
                bad("unique but count is not 1", f"count={count} complete={complete}")
            if status == "none" and count != 0:
                bad("none but count is not 0", f"count={count}")
            limit = request.get("limit")
            if status == "multiple" and count < 2 and not (_valid_int(limit) and limit < 2):
                bad("multiple but count below 2", f"count={count} complete={complete}")
            if request.get("all") is True and _valid_int(limit) and limit >= 1 and len(solutions) > limit:
                bad("all: more solutions than limit", f"limit={limit} got {len(solutions)}")
        if status == "unknown" and complete is True:
            bad("unknown but count_complete", short(result))
        if result.get("stopped") is not None and _valid_int(count) and count >= 2 and status != "multiple":
            bad("stopped with two solutions but not multiple", f"count={count} status={status}")
    if result.get("stopped") is not None and status in ("unique", "none"):
        bad("stopped but settled", f"status={status}")
    if kind == "numbercross" and isinstance(solution, str) and "answer" in result:
        want = numbercross_answer(solution)
        got = result["answer"]
        if got != want and got != str(want):
            bad("answer is not the sum of the numbers", f"answer={got!r} sum={want}")
    return out


_GRIDS: dict[str, tuple[int, int] | None] = {}


def grid_of(request: dict) -> tuple[int, int] | None:
    """Rows and columns of a request's puzzle (its editing state, parsed here), or None if it does not parse."""
    puzzle = {k: request[k] for k in ("kind", "text", "state", "rules") if k in request}
    key = json.dumps(puzzle, sort_keys=True, default=repr)
    if key not in _GRIDS:
        if len(_GRIDS) > 500:
            _GRIDS.clear()
        parsed = api.handle({"op": "parse", **puzzle})
        state = parsed["result"]["state"] if parsed.get("ok") else None
        _GRIDS[key] = (state["rows"], state["cols"]) if state else None
        if state and is_lattice_played(request.get("kind")):        # facts and steps at lattice points
            _GRIDS[key] = (2 * state["rows"] + 1, 2 * state["cols"] + 1)
    return _GRIDS[key]


def is_lattice_played(key: Any) -> bool:
    """True for a kind played on the lattice alone (gridlogic/layout/play.py): its facts and entries are points."""
    kind = next((k for k in KINDS if k.KEY == key), None)
    play = layout_of(kind).get("play", {}) if kind is not None else {}
    return "lattice" in play and "values" not in play


def entries_of(request: dict) -> list[tuple[int, int, int]]:
    """The entries an accepted request holds, as (r, c, value)."""
    entries = request.get("entries")
    return [tuple(int(x) for x in e) for e in entries] if isinstance(entries, list) else []


def is_cell(value: Any, grid: tuple[int, int] | None) -> bool:
    """True for [r, c] of whole numbers from 0, inside the grid when it is known."""
    return (isinstance(value, list) and len(value) == 2 and all(_valid_int(x) and x >= 0 for x in value)
            and (grid is None or (value[0] < grid[0] and value[1] < grid[1])))


def is_fact(value: Any, grid: tuple[int, int] | None) -> bool:
    """True for [r, c, value] of whole numbers with the cell inside the grid."""
    return isinstance(value, list) and len(value) == 3 and _valid_int(value[2]) and is_cell(value[:2], grid)


def _cells_problems(cells: Any, grid: tuple[int, int] | None) -> str | None:
    if not isinstance(cells, list) or not all(is_cell(cell, grid) for cell in cells):
        return f"not cells inside the {grid} grid: {short(cells)}"
    if cells != sorted(cells) or len({tuple(cell) for cell in cells}) != len(cells):
        return f"not sorted or repeated: {short(cells)}"
    return None


def conflict_problems(result: dict, grid: tuple[int, int] | None) -> list[str]:
    """How a conflict (`conflict`, `conflict_clues`, `because`, `conflict_minimal`) is malformed: its cells
    outside the grid or not the union of its clues' cells, a clue without cells, no sentence, or no flag."""
    conflict, clues, because = result.get("conflict"), result.get("conflict_clues"), result.get("because")
    minimal = result.get("conflict_minimal")
    if conflict is None:
        return [] if clues is None and because is None and minimal is None else [
            "clues, a sentence or conflict_minimal without a conflict"]
    out = [] if isinstance(minimal, bool) else [f"conflict_minimal is not a bool: {minimal!r}"]
    wrong = _cells_problems(conflict, grid)
    if wrong:
        out.append(f"conflict cells {wrong}")
    if not isinstance(clues, list) or any(not isinstance(clue, dict) or not isinstance(clue.get("cells"), list)
                                          or not isinstance(clue.get("label"), (str, type(None)))
                                          or "key" not in clue for clue in clues):
        return out + [f"conflict_clues are not clues with key, label and cells: {short(clues)}"]
    if not wrong and sorted({tuple(cell) for clue in clues for cell in clue["cells"]
                             if isinstance(cell, list)}) != [tuple(cell) for cell in conflict]:
        out.append(f"conflict is not the cells of its clues: {short(conflict)}, {short(clues)}")
    if not isinstance(because, str) or not because:
        out.append(f"a conflict without a sentence: because={because!r}")
    return out


def _names_of_cell(cell: list, on_lattice: bool) -> list[str]:
    """How a sentence may name a step's cell: `r1c1`; a lattice point's step (a kind played on the lattice)
    also by a cell beside it ("the top side of r2c3", "the line r1c2–r1c3") or its point text."""
    y, x = cell
    if not on_lattice:
        return [f"r{y + 1}c{x + 1}"]
    beside = [(r, c) for r in ((y - 1) // 2, y // 2) for c in ((x - 1) // 2, x // 2)
              if r >= 0 and c >= 0 and abs(2 * r + 1 - y) <= 1 and abs(2 * c + 1 - x) <= 1]
    return [format_point((y, x))] + [f"r{r + 1}c{c + 1}" for r, c in beside]


def step_problems(step: Any, grid: tuple[int, int] | None, on_lattice: bool = False) -> list[str]:
    """How a hint step is malformed: cell, value, eliminated, rule, because, clues, sentence."""
    if not isinstance(step, dict):
        return [f"a step is not an object: {short(step)}"]
    out = []
    cell, value = step.get("cell"), step.get("value")
    if not is_cell(cell, grid) or not _valid_int(value):
        out.append(f"a step's cell or value is off the {grid} grid: {short(step)}")
    if not isinstance(step.get("eliminated"), bool) or not isinstance(step.get("rule"), (str, type(None))):
        out.append(f"a step's eliminated/rule are not a bool/a name: {short(step)}")
    gone = step.get("eliminations")
    if not isinstance(gone, list) or (step.get("eliminated") is True and isinstance(cell, list)
                                      and [*cell, value] not in gone):
        out.append(f"a step eliminates a candidate it does not list: {short(step)}")
    technique = step.get("technique")
    if not isinstance(technique, str) or not technique or technique.lower() not in str(step.get("sentence")).lower():
        out.append(f"a step names no technique, or its sentence does not: {short(step)}")
    heading, reason, sentence = step.get("heading"), step.get("reason"), str(step.get("sentence"))
    told = sentence.startswith(f"{heading}: ") or (bool(step.get("before")) and f". {heading}: " in sentence)
    if not isinstance(heading, str) or not isinstance(technique, str) or technique.lower() not in heading.lower() \
            or not told:
        out.append(f"a step's heading does not name its technique or begin its sentence: {short(step)}")
    if not (reason is None and not step.get("clues")) and not (isinstance(reason, str) and sentence.endswith(f": {reason}.")):
        out.append(f"a step's reason is not its sentence's end, or is missing though it has clues: {short(step)}")
    wrong = _cells_problems(step.get("because"), grid)
    if wrong:
        out.append(f"a step's because cells {wrong}")
    clues, sentence = step.get("clues"), step.get("sentence")
    if not isinstance(clues, list) or not all(isinstance(c, str) for c in clues):
        out.append(f"a step's clues are not names: {short(clues)}")
    if not isinstance(sentence, str) or (is_cell(cell, None) and not any(
            re.search(re.escape(name) + r"(?![0-9.])", sentence) for name in _names_of_cell(cell, on_lattice))):
        out.append(f"a step's sentence does not name its cell: {short(step)}")
    return out


def explanation_problems(request: dict, result: dict) -> list[str]:
    """Problems of a solve result's `facts`, `explain` and `symmetry` parts against its status and count."""
    out: list[str] = []
    status = result.get("status")
    parts = {"facts": ("facts", "facts_count", "facts_stopped"),
             "candidates": ("candidates", "candidates_stopped"),
             "setter": ("differ", "unique_with", "redundant", "setter_stopped"),
             "explain": ("conflict", "conflict_clues", "because", "conflict_minimal", "explain_stopped"),
             "symmetry": ("symmetries", "classes", "class_sizes")}
    for name, keys in parts.items():
        present = [key for key in keys if key in result]
        if request.get(name) is not True and present:
            out.append(f"{name} not asked for but answered ({', '.join(present)})")
        elif request.get(name) is True and len(present) != len(keys):
            out.append(f"{name} asked for but not all of {', '.join(keys)} answered")
            return out
    grid = None
    if request.get("facts") is True:
        facts, count, stopped = result["facts"], result["facts_count"], result["facts_stopped"]
        if stopped not in (None, "budget"):
            out.append(f"facts_stopped is not null or budget: {stopped!r}")
        if facts is None:
            if count is not None:
                out.append(f"facts_count without facts: {count!r}")
            if status in ("unique", "multiple") and stopped is None:
                out.append(f"no facts for a {status} puzzle, and not stopped")
        else:
            grid = grid_of(request)
            if status not in ("unique", "multiple"):
                out.append(f"facts for a puzzle with status {status}")
            if not isinstance(facts, list) or not all(is_fact(f, grid) for f in facts):
                out.append(f"a fact is not [r, c, value] inside the {grid} grid: {short(facts)}")
            elif facts != sorted(facts) or len({tuple(f[:2]) for f in facts}) != len(facts):
                out.append(f"facts not sorted, or two on one cell: {short(facts)}")
            elif count != len(facts):
                out.append(f"facts_count {count!r} is not the {len(facts)} facts")
            else:
                held = {tuple(f) for f in facts}
                missing = [e for e in entries_of(request) if e not in held]
                if missing:
                    out.append(f"entries held, yet not certain in every solution: {missing[:3]}")
    if request.get("candidates") is True:
        out += _candidate_problems(request, result)
    if request.get("explain") is True:
        stopped = result["explain_stopped"]
        if stopped not in (None, "budget"):
            out.append(f"explain_stopped is not null or budget: {stopped!r}")
        if result["conflict"] is not None and status != "none":
            out.append(f"a conflict for a puzzle with status {status}")
        if result["conflict"] is None and status == "none" and stopped is None and not result.get("wrong"):
            out.append("no conflict for a puzzle without solutions, no wrong entries, and not stopped")
        if result["conflict"] is not None:
            grid = grid or grid_of(request)
        out += conflict_problems(result, grid)
    if request.get("symmetry") is True:
        out += _symmetry_problems(result)
    return out


def _candidate_problems(request: dict, result: dict) -> list[str]:
    """Problems of `candidates`: [r, c, values] per cell in reading order, answered for a puzzle with
    solutions; settled, a cell with one value is a certain cell and a certain cell has no other value."""
    cells, stopped, status = result["candidates"], result["candidates_stopped"], result.get("status")
    if stopped not in (None, "budget"):
        return [f"candidates_stopped is not null or budget: {stopped!r}"]
    if cells is None:
        return [f"no candidates for a {status} puzzle, and not stopped"] if (
            status in ("unique", "multiple") and stopped is None) else []
    if status not in ("unique", "multiple"):
        return [f"candidates for a puzzle with status {status}"]
    grid = grid_of(request)
    if not isinstance(cells, list) or not all(
            isinstance(x, list) and len(x) == 3 and is_cell(x[:2], grid) and isinstance(x[2], list) and x[2]
            and x[2] == sorted(set(x[2])) for x in cells):
        return [f"candidates are not [r, c, [values]] inside the {grid} grid: {short(cells)}"]
    if [x[:2] for x in cells] != sorted(x[:2] for x in cells) or len({tuple(x[:2]) for x in cells}) != len(cells):
        return [f"candidates not in reading order, or a cell twice: {short(cells)}"]
    facts = result.get("facts")
    if stopped is None and isinstance(facts, list) and result.get("facts_stopped") is None:
        certain = {tuple(f[:2]): f[2] for f in facts}
        for r, c, values in cells:
            if (len(values) == 1) != ((r, c) in certain) or ((r, c) in certain and values != [certain[r, c]]):
                return [f"candidates {values} at r{r + 1}c{c + 1} disagree with the certain cells"]
    return []


def _symmetry_problems(result: dict) -> list[str]:
    moves, classes, sizes = result["symmetries"], result["classes"], result["class_sizes"]
    count = result.get("count")
    if not isinstance(moves, list) or "identity" not in moves or len(moves) not in (1, 2, 4, 8):
        return [f"symmetries are not a group of the square's moves: {short(moves)}"]
    if result.get("count_complete") is not True:
        return [] if classes is None and sizes is None else [f"classes of an incomplete count: {classes!r}"]
    if classes is None:
        return [] if result.get("classes_stopped") == "budget" else ["no classes for a complete count"]
    if not isinstance(sizes, dict) or not all(isinstance(k, str) and k.isdigit() and _valid_int(n)
                                              for k, n in sizes.items()):
        return [f"class_sizes is not {{size: classes}}: {short(sizes)}"]
    out = []
    if sum(sizes.values()) != classes:
        out.append(f"classes is not the sum of class_sizes: {classes!r}, {sizes}")
    if sum(int(k) * n for k, n in sizes.items()) != count:
        out.append(f"class_sizes do not add up to the count {count!r}: {sizes}")
    if any(len(moves) % int(k) for k in sizes):
        out.append(f"a class size does not divide the {len(moves)} symmetries: {sizes}")
    return out


def hint_problems(request: dict, result: dict) -> list[str]:
    """Problems of a hint result: its step, its conflict against its status, its path and difficulty,
    and steps on cells the user filled."""
    out: list[str] = []
    status, hint, stopped = result.get("status"), result.get("hint"), result.get("stopped")
    if status not in STATUSES:
        return [f"status {status!r} not in the four"]
    if hint is not None and status not in ("unique", "multiple"):
        out.append("a hint without a solution")
    if stopped not in (None, "budget") or not isinstance(result.get("message"), str):
        out.append(f"stopped or message malformed: {stopped!r}, {short(result.get('message'))}")
    if "conflict" in result and status != "none":
        out.append(f"status {status} with a conflict")
    if status == "none" and "conflict" not in result and stopped is None and not result.get("wrong"):
        out.append("status none without a conflict or wrong entries, and not stopped")
    out += wrong_problems(request, result)
    steps = result.get("steps") if request.get("path") is True else [hint] if hint is not None else []
    if request.get("path") is not True and ("steps" in result or "difficulty" in result):
        out.append("steps or difficulty without a path asked for")
    if not isinstance(steps, list):
        return out + [f"steps is not a list: {short(steps)}"]
    if request.get("path") is True and (steps[0] if steps else None) != hint:
        out.append("the hint is not the path's first step")
    if not steps and "conflict" not in result:
        return out
    grid = grid_of(request)
    if "conflict" in result:
        out += conflict_problems(result, grid)
    kind = KIND_BY_KEY.get(request.get("kind"))
    on_lattice = kind is not None and plays_on_lattice(layout_of(kind))
    for step in steps:
        out += step_problems(step, grid, on_lattice)
    if out:
        return out
    if hint is not None and result["message"] != hint["sentence"]:
        out.append("the message is not the hint's sentence")
    filled = {e[:2] for e in entries_of(request)}
    on_filled = [s["cell"] for s in steps if tuple(s["cell"]) in filled]
    if on_filled:
        out.append(f"steps on cells the user filled: {on_filled[:3]}")
    if not _steps_in_order(steps):
        out.append("a cell placed twice, a value eliminated twice, one eliminated in a placed cell, or placed "
                   "where it was eliminated")
    if request.get("path") is True:
        out += _difficulty_problems(result, steps)
    return out


def _steps_in_order(steps: list) -> bool:
    """Each cell placed once, each value ruled out once, never in a cell already placed, and no value
    placed where it was ruled out (a grader's walk rules candidates out of cells it places later)."""
    placed: set = set()
    gone: set = set()
    for step in steps:
        ruled = step.get("eliminations") or ([[*step["cell"], step["value"]]] if step["eliminated"] else [])
        for fact in map(tuple, ruled):
            if fact in gone or fact[:2] in placed:
                return False
            gone.add(fact)
        if not step["eliminated"]:
            cell = tuple(step["cell"])
            if cell in placed or (*cell, step["value"]) in gone:
                return False
            placed.add(cell)
    return True


def wrong_problems(request: dict, result: dict) -> list[str]:
    """Problems of `wrong` (solve and hint with entries): entries of the request, named only when the
    status is none, and then in the message."""
    wrong = result.get("wrong")
    if wrong is None:
        return []
    entries = set(entries_of(request))
    if not isinstance(wrong, list) or not all(isinstance(e, list) and tuple(e) in entries for e in wrong):
        return [f"wrong is not a list of the request's entries: {short(wrong)}"]
    if wrong and result.get("status") != "none":
        return [f"wrong entries with status {result.get('status')}"]
    if wrong and not (isinstance(result.get("message"), str) and "wrong" in result["message"]):
        return [f"wrong entries not named in the message: {short(result.get('message'))}"]
    return []


def _difficulty_problems(result: dict, steps: list) -> list[str]:
    difficulty, status = result.get("difficulty"), result["status"]
    if status == "none" or result["stopped"] is not None:
        return [] if difficulty is None else [f"a difficulty for an unfinished path: {short(difficulty)}"]
    ratings = [name for name, _ in RATINGS]
    if not isinstance(difficulty, dict) or difficulty.get("rating") not in ratings:
        return [f"difficulty is not rated: {short(difficulty)}"]
    largest = max((len(s["clues"]) for s in steps), default=0)
    graded = "score" in difficulty            # a grader's (plain sudoku): the path is its walk
    if not graded and status == "unique" and any(s["eliminated"] for s in steps):
        return ["a finished SAT path of a unique puzzle eliminates a candidate"]
    if graded and not (difficulty.get("steps") == len(steps) and _valid_int(difficulty.get("hard_steps"))
                       and 0 <= difficulty["hard_steps"] <= difficulty["steps"]):
        return [f"a graded difficulty does not count the {len(steps)} steps: {short(difficulty)}"]
    if not graded and (difficulty.get("steps") != len(steps) or difficulty.get("largest_reason") != largest
                       or not (_valid_int(difficulty.get("hard_steps")) and 0 <= difficulty["hard_steps"] <= len(steps))):
        return [f"difficulty does not count the {len(steps)} steps (largest reason {largest}): {difficulty}"]
    levels = difficulty.get("levels")
    if not isinstance(levels, dict) or list(levels) != ratings or not all(map(_valid_int, levels.values())) \
            or sum(levels.values()) != difficulty["steps"] \
            or difficulty["hard_steps"] != difficulty["steps"] - levels["easy"] \
            or difficulty["rating"] != max((n for n in ratings if levels[n]), key=ratings.index, default="easy"):
        return [f"the rating contradicts its levels: {short(difficulty)}"]
    return []


def progress_problems(request: dict, result: dict) -> list[str]:
    """Problems of a progress result: status, wrong cells among the entries' cells, correct_so_far."""
    status, wrong, stopped = result.get("status"), result.get("wrong"), result.get("stopped")
    if status not in STATUSES:
        return [f"status {status!r} not in the four"]
    out = []
    if stopped not in (None, "budget") or (stopped is not None) != (status == "unknown"):
        out.append(f"stopped {stopped!r} with status {status}")
    entries = set(entries_of(request))
    if not isinstance(wrong, list) or not all(is_cell(cell, None) for cell in wrong):
        return out + [f"wrong is not a list of cells: {short(wrong)}"]
    if not {tuple(cell) for cell in wrong} <= {e[:2] for e in entries} or len(wrong) > len(entries):
        out.append(f"wrong cells are not among the entries' cells: {short(wrong)}")
    if status == "none" and wrong:
        out.append("wrong entries in a puzzle without solutions")
    if result.get("correct_so_far") is not (status in ("unique", "multiple") and not wrong):
        out.append(f"correct_so_far {result.get('correct_so_far')!r} with status {status} and {len(wrong)} wrong")
    return out


def problems_of(request: Any, outcome: Outcome) -> list[Problem]:
    """Every problem one response shows on its own (envelope, and the consistency of a result)."""
    out = envelope_problems(request, outcome)
    if out or not is_ok(outcome):
        return out
    result = outcome.response["result"]
    op = request.get("op")
    kind = KIND_BY_KEY.get(_kind_of(request))
    if kind is not None and "rules" in FIELDS_OF_OP.get(op, ()) and not kind.RULES \
            and names_rules(request.get("rules")):
        out.append(Problem("inconsistent", f"{kind.KEY} accepts rules though it has no variants",
                           f"rules={short(request.get('rules'))}"))
    found: list[str] = []
    if op == "solve":
        out += solve_problems(request, result)
        if result.get("status") in STATUSES:
            found = explanation_problems(request, result) + wrong_problems(request, result)
    elif op == "parse":
        if not isinstance(result.get("text"), str) or not isinstance(result.get("board"), dict):
            found = ["result lacks text/board"]
    elif op == "hint":
        found = hint_problems(request, result)
    elif op == "progress":
        found = progress_problems(request, result)
    elif op == "check":
        if not isinstance(result.get("ok"), bool) or not isinstance(result.get("violations"), list):
            found = ["result lacks ok/violations"]
        elif result["ok"] != (not result["violations"]):
            found = ["ok disagrees with violations"]
    for what in found:
        signature = re.sub(r"\d+", "#", re.split(r": |[\[{(]", what)[0].strip())
        out.append(Problem("inconsistent", f"{op} {_kind_of(request)}: {signature}",
                           f"{what} in {short(result)}"))
    return out


# -- what the typed door must refuse ----------------------------------------------------------------
FIELDS_OF_OP = {name: op.fields for name, op in api_fields.OPS.items()}
"""The fields each op reads (besides `op`), as the API's Op table lists them; any other field is refused."""

BUDGETED = tuple(name for name, fields in FIELDS_OF_OP.items() if "budget_ms" in fields)
"""The ops that take `budget_ms`: those that search or generate, and link_import."""


def explains(kind_key: str) -> bool:
    """True when the kind is solved through SAT and names its cells' values, so it answers solve's
    `facts`, `explain` and `entries` and the ops hint and progress (other kinds refuse them)."""
    kind = KIND_BY_KEY[kind_key]
    return is_cnf(kind) and hasattr(kind, "fact_of")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_whole(value: Any) -> bool:
    return _valid_int(value) or (isinstance(value, float) and value == value and abs(value) != float("inf")
                                 and value.is_integer())


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_name(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _is_flag(value: Any) -> bool:
    return value is None or isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return value is None or _valid_int(value)


def _is_names(value: Any) -> bool:
    return value is None or isinstance(value, str) or (isinstance(value, list)
                                                       and all(isinstance(v, str) for v in value))


def _is_entries(value: Any) -> bool:
    if value is None:
        return True
    if not isinstance(value, list) or len(value) > api_fields.MAX_ENTRIES:
        return False
    return all(isinstance(e, list) and len(e) == 3 and all(_is_whole(x) and x >= 0 for x in e) for e in value)


SHAPES = {
    "op": _is_text, "kind": _is_text, "text": _is_text, "solution": _is_text, "url": _is_text,
    "base": _is_name,
    "state": lambda v: v is None,             # beside a text, any state is one puzzle too many
    "rules": _is_names, "constraints": _is_names, "packages": _is_names, "backend": _is_name, "engine": _is_name,
    "count": _is_flag, "all": _is_flag, "render": _is_flag, "facts": _is_flag,
    "candidates": _is_flag, "setter": _is_flag, "explain": _is_flag,
    "symmetry": lambda v: _is_flag(v) or _is_name(v),     # solve: a flag; generate: a symmetry's name
    "path": _is_flag, "limit": _is_count, "keep": _is_count, "format": _is_name,
    "budget_ms": lambda v: v is None or (_is_number(v) and v == v), "entries": _is_entries,
    "rows": lambda v: _is_whole(v) or v is None, "cols": lambda v: _is_whole(v) or v is None,
    "difficulty": _is_name, "minimal": _is_flag, "seed": lambda v: _is_whole(v) or v is None, "daily": _is_name,
    "title": _is_name, "author": _is_name, "rules_text": _is_name,
}
"""The widest shape each field may take (and `op`): a value outside it is refused whatever the rest
says. `entries` are at most the API's limit of [r, c, value] triples of whole numbers from 0."""


def plainly_wrong(name: str, value: Any) -> bool:
    """True when `value` has a type field `name` can never take (so a RequestError must name it)."""
    shape = SHAPES.get(name)
    return shape is not None and not shape(value)


def names_rules(rules: Any) -> bool:
    """True when `rules` names at least one rule (a non-blank name in a string or a list)."""
    names = rules.split(",") if isinstance(rules, str) else rules if isinstance(rules, list) else []
    return any(isinstance(n, str) and n.strip() for n in names)


# -- weird values ---------------------------------------------------------------------------------
HUGE = 10 ** 100
LONG_TEXT = "x" * 100_000
LONG_ACCENTS = "é" * 100_000
LONG_DIGITS = "9" * 5000

EDGE_VALUES = (None, True, False, 0, -1, 1, 2, HUGE, -HUGE, 2 ** 63, 1.5, -0.0, float("inf"), float("nan"),
               "", " ", "0", "1", "true", "yes", LONG_TEXT, LONG_ACCENTS, LONG_DIGITS, [], {}, [None], ["knight"],
               {"a": 1}, [[1]], "²", "①", "sudoku", "solve", "sat", "smt", "native", "minisat22", "cadical195")
"""Fixed wrong-typed and out-of-range values, tried on every field."""

NEAR_VALUES = {
    "limit": (0, -1, 1, 10 ** 100, 2 ** 31, 10 ** 6), "keep": (0, -1, 1, 10 ** 100, 201, 10 ** 6),
    "budget_ms": (0, -1, 1, 10 ** 100, 0.5, 1e300, 10 ** 9),
    "rules": ("knight,,king", " ", "MIRACLE", "knight king", ["knight", ""], ["flying"], "①", "x" * 5000,
              [LONG_TEXT], "knight," + LONG_TEXT, ["x" * 100]),
    "backend": ("SAT", "native", "smt", "z3", "", "x" * 5000), "engine": ("", "MINISAT22", "minisat", "x" * 5000),
    "packages": (["sympy", "sympy"], ["os"], ["z3", "sympy"], ["", None], ["x" * 5000], "sympy", [LONG_TEXT]),
    "op": ("x" * 5000, "SOLVE", " solve"), "kind": ("x" * 5000, "Sudoku", " sudoku"),
    "url": ("", "x" * 5000, "https://puzz.link/p?sudoku/²/4/", "?x/①/0/") + tuple(long_url(form, "sudoku")
                                                                                 for form in URLS),
    "entries": ([[0, 0]], [[0, 0, 1, 2]], [[-1, 0, 1]], [[10 ** 9, 0, 1]], [["a", 0, 1]], [[0, 0, "1"]],
                [[0, 0, True]], [[0, 0, 1.5]], [[0.0, 0, 1.0]], [[0, 0, None]], [0, 0, 1], [[[0, 0, 1]]],
                [{"r": 0, "c": 0, "value": 1}], [[0, 0, 0]], [[0, 0, 1], [0, 0, 2]], [[0, 0, 1], [0, 0, 1]],
                [[0, 1, 1], [1, 0, 1]], [[99, 99, 1]], [[0, 0, 99]], [[api_fields.MAX_COORDINATE, 0, 1]],
                [[api_fields.MAX_COORDINATE + 1, 0, 1]], [[0, 0, 1]] * api_fields.MAX_ENTRIES,
                [[0, 0, 1]] * (api_fields.MAX_ENTRIES + 1), [[0, 0, HUGE]], [LONG_TEXT], [[0, 0, LONG_TEXT]],
                [{LONG_TEXT: 1}]),
}
"""Values close to the valid ones for each field: edge integers, near-miss and over-long names (links of
every form, long as the API allows); entries that are no triples, out of range, outside the grid, at
the limit and past it, or holding long strings."""


def rarely(strategy: st.SearchStrategy, usual: st.SearchStrategy, one_in: int = 10) -> st.SearchStrategy:
    """`strategy` one time in `one_in`, else `usual` (long input is slower to send and to refuse)."""
    return st.integers(0, one_in - 1).flatmap(lambda i: strategy if i == 0 else usual)


long_shapes = st.sampled_from(sorted(LONG_SHAPES)).map(lambda name: LONG_SHAPES[name]())
"""The long inputs of long_inputs.py: 100,000 characters of one shape."""

small_entries = st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), max_size=6,
                         unique_by=lambda e: (e[0], e[1]))
"""Entries of the right shape with small numbers (inside a small grid or just past it), one per cell
(two on one cell are refused as plainly as a wrong field, which would hide the field a test names)."""


def near_values(name: str) -> st.SearchStrategy:
    """Values close to the valid ones for a field."""
    near = st.sampled_from(NEAR_VALUES.get(name, (None, "", " ")))
    return st.one_of(near, small_entries) if name == "entries" else near


weird_values = st.one_of(
    st.sampled_from(EDGE_VALUES),
    st.integers(min_value=-10, max_value=5000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)
"""Wrong-typed and out-of-range values for any field."""

FIELDS = ("op",) + tuple(api_fields.FIELDS)
"""Every field any op reads, as the API's field table lists them."""

unknown_ops = st.one_of(
    st.sampled_from(["", "SOLVE", "solve ", " solve", "Solve", "__class__", "handle", "op_solve", "OPS",
                     "__init__", "count", "format", "render", "check\x00", "hello\n"]),
    st.text(max_size=10).filter(lambda s: s not in OPS),
    st.sampled_from([None, [], {}, 5, 1.0, True, ["solve"], {"solve": 1}, HUGE]),
)
"""Values of `op` that name no operation."""

non_dict_requests = st.one_of(
    st.sampled_from([None, [], "solve", 5, 1.5, True, ["op", "solve"], [{"op": "hello"}], "", LONG_TEXT]),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
)
"""Requests that are not JSON objects."""


# -- text mutations -------------------------------------------------------------------------------
NASTY_CHARS = ["²", "①", "٣", "߀", "𝟗", "Ⅻ", "\u00a0", "\u200b", "\u2028", "\t", "\r", "\x00", "\ufeff",
               "é", "ß", "-", ",", ".", "#", "/", "?", "%", ":", "$", "=", "|", "0", "1", "9", "x", "A",
               "a", "Z", " ", "\n", "'", '"', "\\", "<", "&", "\U0001F600"]
NASTY_CHUNKS = ["9" * 30, LONG_DIGITS, "1" * 4400, "-1", "0", "10**100", "1e9", "nan", "\n\n\n",
                "." * 3000, "0" * 2000, "1" * 2000, "#" * 1000, "x" * 3000, "-" * 300, "  ", " and ",
                "prime", "square and prime", "level 1", "end", "sum all 0 0 99", "pieces 1 1 1",
                "cells 0 0 0", "rows", "columns", "width 99999", "height 0", "99 99", "2 2", "$1",
                "100x100:", "?sudoku/9/9/", "nonogram/", "kakuro", "=== x", "--- solution", "# comment",
                "²", "①①", "٣٣", "\r\n", "\t\t", "," * 50, "0 " * 500]


def _mutate_once(draw, text: str) -> str:
    kind = draw(st.sampled_from(["drop", "replace", "duplicate", "insert", "line_dup", "line_drop",
                                 "line_swap", "truncate", "number", "long_line"]))
    n = len(text)
    if kind in ("drop", "replace", "duplicate", "insert", "truncate") or "\n" not in text:
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + draw(st.sampled_from([1, 1, 1, 2, 5, 20])))))
        if kind == "drop":
            return text[:i] + text[j:]
        if kind == "replace":
            return text[:i] + draw(st.sampled_from(NASTY_CHARS)) + text[i + 1:]
        if kind == "duplicate":
            return text[:j] + text[i:j] * draw(st.sampled_from([1, 2, 50])) + text[j:]
        if kind == "truncate":
            return text[:i]
        return text[:i] + draw(st.sampled_from(NASTY_CHUNKS + NASTY_CHARS)) + text[i:]
    lines = text.split("\n")
    k = draw(st.integers(0, len(lines) - 1))
    if kind == "line_dup":
        lines.insert(k, lines[k])
    elif kind == "line_drop":
        del lines[k]
    elif kind == "line_swap":
        m = draw(st.integers(0, len(lines) - 1))
        lines[k], lines[m] = lines[m], lines[k]
    elif kind == "number":
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            m = draw(st.sampled_from(numbers))
            new = draw(st.sampled_from(["0", "00", "-1", "99", "1000", "65536", LONG_DIGITS, "²", "①",
                                        "٣", "1.5", "1e3", str(HUGE), "4294967296"]))
            return text[:m.start()] + new + text[m.end():]
        lines.insert(k, draw(st.sampled_from(NASTY_CHUNKS)))
    else:
        lines.insert(k, draw(st.sampled_from(NASTY_CHUNKS)) * draw(st.sampled_from([1, 3, 20])))
    return "\n".join(lines)


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with one to three mutations: characters dropped, replaced or duplicated, odd digits,
    huge numbers, long lines, lines duplicated, dropped or swapped."""
    for _ in range(draw(st.integers(1, 3))):
        text = _mutate_once(draw, text)
    return text


# -- well-formed puzzles per kind -----------------------------------------------------------------
@dataclass
class Case:
    """A well-formed puzzle: its text and rules, whether it is tiny, and an expected count if known."""

    kind: str
    text: str
    rules: list = field(default_factory=list)
    tiny: bool = False
    count: int | None = None
    solution: str | None = None     # a known solution text (examples), for check requests
    origin: str = "random"


def example_cases(kind_key: str) -> st.SearchStrategy[Case]:
    """The kind's own examples."""
    kind = KIND_BY_KEY[kind_key]
    return st.sampled_from([Case(kind_key, e.text, list(e.rules), len(e.text) < 60, e.count, e.solution,
                                 f"example {e.name!r}") for e in kind.EXAMPLES])


SUDOKU_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SUDOKU_RULES = ["knight", "king", "nonconsecutive", "diagonal", "miracle", "x", "antiknight", "antiking"]


@st.composite
def sudoku_cases(draw) -> Case:
    """A random sudoku: givens taken from a shuffled valid grid, optional variant rules."""
    n = draw(st.sampled_from([4, 4, 6, 6, 9, 9, 9, 8, 12, 16]))
    br, bc = SUDOKU_BOXES[n]
    digits = draw(st.permutations(range(1, n + 1)))
    bands = draw(st.permutations(range(bc)))          # n // br bands of br rows
    stacks = draw(st.permutations(range(br)))         # n // bc stacks of bc columns
    rows = [b * br + i for b in bands for i in draw(st.permutations(range(br)))]
    cols = [s * bc + j for s in stacks for j in draw(st.permutations(range(bc)))]
    grid = [[digits[(bc * (r % br) + r // br + c) % n] for c in cols] for r in rows]
    rnd = draw(st.randoms(use_true_random=False))
    density = draw(st.sampled_from([0.0, 0.2, 0.35, 0.5, 0.7, 0.95, 1.0] if n <= 9 else [0.4, 0.6, 0.9]))
    givens = [[grid[r][c] if rnd.random() < density else 0 for c in range(n)] for r in range(n)]
    rules = draw(st.lists(st.sampled_from(SUDOKU_RULES), max_size=2, unique=True)) if n <= 9 else []
    empty = draw(st.sampled_from(".0"))
    lines = ["".join(SYMBOLS[v - 1] if v else empty for v in row) for row in givens]
    layout = draw(st.sampled_from(["lines", "lines", "one", "drawn"]))
    if layout == "one":
        text = "".join(lines)
    elif layout == "drawn":
        text = "\n".join(" | ".join(" ".join(line[s * bc:(s + 1) * bc]) for s in range(br)) for line in lines)
    else:
        text = "\n".join(lines)
    rule_form = draw(st.sampled_from(["list", "string"]))
    rules_value: Any = ",".join(rules) if rule_form == "string" else rules
    solution = "\n".join("".join(SYMBOLS[v - 1] for v in row) for row in grid) if not rules else None
    return Case("sudoku", text, rules_value, n == 4 and not rules, None, solution)


@st.composite
def binary_cases(draw) -> Case:
    """A random binary puzzle: even sides, a few random givens."""
    w = draw(st.sampled_from([2, 4, 4, 6, 6, 8, 10]))
    h = draw(st.sampled_from([w, w, 2, 4, 6, 8]))
    rnd = draw(st.randoms(use_true_random=False))
    density = draw(st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.5]))
    empty = draw(st.sampled_from(".-"))
    rows = ["".join(rnd.choice("01") if rnd.random() < density else empty for _ in range(w)) for _ in range(h)]
    text = "".join(rows) if w == h and w > 2 and draw(st.booleans()) else "\n".join(rows)
    return Case("binary", text, [], w * h <= 16)


@st.composite
def kakuro_cases(draw) -> Case:
    """A random kakuro: white cells anywhere off the first row and column, every run clued with a
    sum some set of distinct digits reaches (from a random fill where the fill is distinct)."""
    R, C = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    rnd = draw(st.randoms(use_true_random=False))
    p = draw(st.sampled_from([0.5, 0.7, 0.85, 1.0]))
    white = [[r > 0 and c > 0 and rnd.random() < p for c in range(C)] for r in range(R)]
    fill = [[rnd.randint(1, 9) for _ in range(C)] for _ in range(R)]

    def run_sum(r: int, c: int, dr: int, dc: int) -> int | None:
        cells = []
        r, c = r + dr, c + dc
        while r < R and c < C and white[r][c]:
            cells.append(fill[r][c])
            r, c = r + dr, c + dc
        if not cells:
            return None
        if len(set(cells)) == len(cells):
            return sum(cells)
        return sum(rnd.sample(range(1, 10), len(cells)))

    tokens = []
    for r in range(R):
        row = []
        for c in range(C):
            if white[r][c]:
                row.append("0")
                continue
            down, right = run_sum(r, c, 1, 0), run_sum(r, c, 0, 1)
            row.append("-" if down is None and right is None else
                       f"{'' if down is None else down},{'' if right is None else right}")
        tokens.append(" ".join(row))
    head = [f"{R} {C}"] if draw(st.booleans()) else []
    text = "\n".join(head + tokens)
    return Case("kakuro", text, [], R * C <= 9)


@st.composite
def nonogram_cases(draw) -> Case:
    """A random picture's clues, as a `.non` file, a Tatham Pattern ID or a TAAI question."""
    big = draw(st.integers(0, 30)) == 0
    w = 25 if big else draw(st.integers(1, 10))
    h = 25 if big else draw(st.integers(1, 10))
    rnd = draw(st.randoms(use_true_random=False))
    density = draw(st.sampled_from([0.0, 0.3, 0.5, 0.6, 0.8, 1.0]))
    pic = [[1 if rnd.random() < density else 0 for _ in range(w)] for _ in range(h)]

    def clue(line: list[int]) -> list[int]:
        return [len(m) for m in "".join(map(str, line)).split("0") if m]

    rows = [clue(row) for row in pic]
    cols = [clue([pic[r][c] for r in range(h)]) for c in range(w)]
    form = "taai" if big else draw(st.sampled_from(["non", "non", "tatham"]))
    if form == "taai":
        text = "$1\n" + "\n".join("\t".join(map(str, c)) or "0" for c in cols + rows) + "\n"
    elif form == "tatham":
        text = f"{w}x{h}:" + "/".join(".".join(map(str, c)) for c in cols + rows)
    else:
        sep = draw(st.sampled_from([",", " "]))
        body = [f"width {w}", f"height {h}", "", "rows"]
        body += [sep.join(map(str, c)) or "0" for c in rows] + ["", "columns"]
        body += [sep.join(map(str, c)) or "0" for c in cols]
        if draw(st.booleans()):
            body += ["", 'goal "' + "".join(str(v) for row in pic for v in row) + '"']
        if draw(st.booleans()):
            body = ['title "random"', "by fuzz"] + body
        text = "\n".join(body) + "\n"
    solution = "\n".join("".join("#" if v else "." for v in row) for row in pic)
    return Case("nonogram", text, [], w * h <= 25, None, solution)


@st.composite
def puzlogic_cases(draw) -> Case:
    """A random puzlogic level: a lattice filled with line-distinct values, some cells emptied
    (their values become the pieces), sums taken from the fill (or occasionally off by one)."""
    size = draw(st.integers(1, 5))
    rnd = draw(st.randoms(use_true_random=False))
    cells: dict[tuple[int, int], int] = {}
    for r in range(size):
        for c in range(size):
            if rnd.random() < 0.75:
                used = {v for (r2, c2), v in cells.items() if r2 == r or c2 == c}
                free = [v for v in range(1, 10) if v not in used]
                if free:
                    cells[(r, c)] = rnd.choice(free)
    if not cells:
        cells[(0, 0)] = 1
    empty = {cell for cell in cells if rnd.random() < draw(st.sampled_from([0.3, 0.6, 1.0]))}
    pieces = [cells[cell] for cell in empty]
    rnd.shuffle(pieces)
    lines = [f"cells {r} {c} {0 if (r, c) in empty else v}" for (r, c), v in cells.items()]
    rnd.shuffle(lines)
    lines.append("pieces " + " ".join(map(str, pieces)))
    for axis in (0, 1):
        for index in sorted({cell[axis] for cell in cells}):
            if rnd.random() < 0.4:
                kind = rnd.choice(["all", "blue"])
                line = [cell for cell in cells if cell[axis] == index and (kind == "all" or cell in empty)]
                target = sum(cells[cell] for cell in line) + (rnd.random() < 0.1)
                lines.append(f"sum {kind} {axis} {index} {target}")
    if draw(st.booleans()):
        lines = ["level 1", "source fuzz"] + lines + ["end"]
    return Case("puzlogic", "\n".join(lines), [], len(empty) <= 4)


@st.composite
def numbercross_clues(draw) -> str:
    """A clue phrase of the number-cross grammar (one or two terms)."""
    def atom() -> str:
        return draw(st.sampled_from([
            "square", "cube", "fibonacci", "palindrome", "prime", "prime raised to a prime power",
            f"power of {draw(st.integers(2, 12))}", f"multiple of {draw(st.integers(1, 60))}",
            f"sum of digits is {draw(st.integers(1, 30))}", f"product of digits ends in {draw(st.integers(0, 9))}",
            "perfect square", "prime number", f"divisible by {draw(st.integers(1, 30))}"]))

    def term() -> str:
        if draw(st.integers(0, 3)) == 0:
            return f"{draw(st.integers(1, 20))} {draw(st.sampled_from(['more', 'less']))} than a {atom()}"
        return atom()

    return " and ".join(term() for _ in range(draw(st.integers(1, 2))))


@st.composite
def numbercross_cases(draw) -> Case:
    """A random number cross: region letters and one clue per row."""
    n = draw(st.sampled_from([2, 3, 3, 4, 4, 5]))
    letters = "ABCDEFGH"[:draw(st.integers(1, 6))]
    rnd = draw(st.randoms(use_true_random=False))
    grid = ["".join(rnd.choice(letters) for _ in range(n)) for _ in range(n)]
    clues = [draw(numbercross_clues()) for _ in range(n)]
    style = draw(st.sampled_from(["tab", "dot", "paren", "bare"]))
    numbered = [{"tab": f"{i}\t{c}", "dot": f"{i}. {c}", "paren": f"{i}) {c}", "bare": c}[style]
                for i, c in enumerate(clues, 1)]
    sep = draw(st.sampled_from(["\n\n", "\n"]))
    return Case("numbercross", "\n".join(grid) + sep + "\n".join(numbered), [], n <= 3)


@st.composite
def futoshiki_cases(draw) -> Case:
    """A random futoshiki: a shuffled Latin square's digits as givens (some), and signs between
    neighbours taken from it (rarely reversed), drawn as rows of cells with sign lines between."""
    n = draw(st.sampled_from([4, 4, 5, 5, 6, 7]))
    digits = draw(st.permutations(range(1, n + 1)))
    rows_order, cols_order = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    grid = [[digits[(rows_order[r] + cols_order[c]) % n] for c in range(n)] for r in range(n)]
    rnd = draw(st.randoms(use_true_random=False))
    givens, signs = draw(st.sampled_from([0.0, 0.1, 0.3])), draw(st.sampled_from([0.0, 0.2, 0.4]))
    wrong = draw(st.sampled_from([0.0, 0.0, 0.05]))

    def sign(a: int, b: int, less: str, more: str) -> str:
        if rnd.random() >= signs:
            return " "
        return (less if a < b else more) if rnd.random() >= wrong else (more if a < b else less)

    lines = []
    for r in range(n):
        cells = [str(grid[r][c]) if rnd.random() < givens else "." for c in range(n)]
        lines.append("".join(cells[c] + (sign(grid[r][c], grid[r][c + 1], "<", ">") if c < n - 1 else "")
                             for c in range(n)))
        if r < n - 1:
            lines.append(" ".join(sign(grid[r][c], grid[r + 1][c], "^", "v") for c in range(n)).rstrip())
    solution = "\n".join("".join(map(str, row)) for row in grid) if wrong == 0.0 else None
    return Case("futoshiki", "\n".join(lines), [], n == 4, None, solution)


def _stress_texts(kind_key: str) -> list[tuple[str, list]]:
    """Inputs at or past the size limits, and impossible clues that take a naive search long."""
    if kind_key == "sudoku":
        return [("\n".join(["." * 12] * 12), ["miracle"]), ("\n".join(["." * 16] * 16), ["miracle"]),
                ("\n".join(["." * 25] * 25), []), ("\n".join(["." * 25] * 25), ["knight", "king"]),
                ("." * 36 * 36, [])]
    if kind_key == "binary":
        return [("\n".join(["." * 60] * 60), []), ("\n".join(["." * 100] * 100), []),
                ("\n".join(["." * 2000] * 2000), []), ("." * 10_000, [])]
    if kind_key == "nonogram":
        clue = "\n".join(["1,1,1"] * 100)
        big = "\n".join(["1"] * 200)
        return [(f"width 100\nheight 100\nrows\n{clue}\ncolumns\n{clue}\n", []),
                (f"width 200\nheight 200\nrows\n{big}\ncolumns\n{big}\n", []),
                ("width 100000\nheight 100000\nrows\n1\ncolumns\n1\n", []),
                ("100x100:" + "/".join(["1.1.1"] * 200), [])]
    if kind_key == "kakuro":
        row = " ".join(["-"] + ["0"] * 9 + ["-"])
        head = " ".join(["-"] + ["45,"] * 9 + ["-"])
        tall = [head] + [" ".join([",45"] + ["0"] * 9 + ["-"])] * 9
        return [("\n".join(tall), []), ("150 150\n" + "\n".join([" ".join(["-"] * 150)] * 150), []),
                ("10000 10000\n- -\n- -", []), ("\n".join([head] + [row] * 40), [])]
    if kind_key == "puzlogic":
        latin = "\n".join(f"cells {r} {c} 0" for r in range(50) for c in range(50))
        pieces = " ".join(str(v) for v in range(1, 51) for _ in range(50))
        parity = "\n".join(f"cells 0 {c} 0" for c in range(8)) + "\npieces 2 4 6 8 10 12 14 16\nsum all 0 0 73"
        wide = "\n".join(f"cells {r} {c} 0" for r in range(12) for c in range(12))
        return [(latin + "\npieces " + pieces, []), (parity, []),
                (wide + "\npieces " + " ".join(str(v) for v in range(1, 13) for _ in range(12))
                 + "\nsum all 0 0 79", [])]
    if kind_key == "futoshiki":
        chain = "<".join(["."] * 9)
        return [(chain + "\n" + "\n".join([" ".join(["."] * 9)] * 8), []),
                ("\n\n".join([" ".join(["."] * 9)] * 9), []),
                ("\n".join([" ".join(["."] * 10)] * 10), [])]
    if kind_key != "numbercross":
        return []
    regions7 = "\n".join("ABCDEFG"[r:] + "ABCDEFG"[:r] for r in range(7))
    return [("AABBC\nAABBC\nDDEEC\nDDEEF\nGGHHF\n\n" + "\n".join(["square and prime"] * 5), []),
            (regions7 + "\n\n" + "\n".join(["multiple of 1"] * 7), []),
            ("\n".join(["ABCDEFGHIJ"] * 10) + "\n\n" + "\n".join(["palindrome"] * 10), []),
            ("\n".join(["A" * 26] * 26) + "\n\n" + "\n".join(["prime"] * 26), [])]


def stress_cases(kind_key: str) -> st.SearchStrategy[Case]:
    """Size-limit and slow-search inputs of a kind (rarely drawn)."""
    return st.sampled_from([Case(kind_key, text, rules, False, None, None, "stress")
                            for text, rules in _stress_texts(kind_key)])


RANDOM_CASES = {"sudoku": sudoku_cases, "binary": binary_cases, "kakuro": kakuro_cases,
                "nonogram": nonogram_cases, "puzlogic": puzlogic_cases, "numbercross": numbercross_cases,
                "futoshiki": futoshiki_cases}
"""Small random puzzles of the kinds that have a generator here; a kind without one is drawn from its examples."""


def random_cases(kind_key: str) -> st.SearchStrategy[Case]:
    """A kind's RANDOM_CASES, or by default its examples."""
    made = RANDOM_CASES.get(kind_key)
    return made() if made is not None else example_cases(kind_key)


def cases(kind_key: str) -> st.SearchStrategy[Case]:
    """Well-formed puzzles of a kind: its examples, small random ones, and rarely a stress input (if it has any)."""
    examples, random = example_cases(kind_key), random_cases(kind_key)
    stress = stress_cases(kind_key) if _stress_texts(kind_key) else None
    pick = {"example": examples, "random": random, "stress": stress}
    weights = ["example"] * 7 + ["random"] * 16 + ["stress"] * (stress is not None)
    return st.sampled_from(weights).flatmap(pick.__getitem__)


def alphabet(kind_key: str) -> str:
    """A kind's ALPHABETS, or by default every character of its examples, with a space and a line break."""
    return ALPHABETS.get(kind_key) or "".join(sorted(set("".join(e.text for e in KIND_BY_KEY[kind_key].EXAMPLES)
                                                         + " \n")))


ALPHABETS = {
    "sudoku": "123456789ABCDEFG.0 |-+\n",
    "binary": "01.- \n",
    "kakuro": "0123456789-, \n",
    "nonogram": "0123456789, x:/.#$\nwidthegrowscolumn ",
    "puzlogic": "0123456789 \ncellspiecsumallbuevdn",
    "numbercross": "ABCabc0123456789\t.) \nsquareprimecubeandmorelessthan",
    "futoshiki": "0123456789.<>^v \n:,URDLa",
}


@st.composite
def long_texts(draw, kind_key: str) -> str:
    """A text of 100,000 characters: a long shape whole, after a valid start of one of the kind's formats,
    or inside one of its examples."""
    junk = draw(long_shapes)
    how = draw(st.sampled_from(["whole", "start", "example"]))
    if how == "whole":
        return junk
    if how == "start":
        return after(draw(st.sampled_from(starts(KIND_BY_KEY[kind_key]))), junk)
    text = draw(st.sampled_from([e.text for e in KIND_BY_KEY[kind_key].EXAMPLES]))
    return splice(text, draw(st.integers(0, len(text))), junk)


def random_texts(kind_key: str) -> st.SearchStrategy[str]:
    """Random text: any unicode, or drawn from characters the kind's format uses; rarely a long text."""
    short = st.one_of(st.text(max_size=80), st.text(alphabet=alphabet(kind_key), max_size=200))
    return rarely(long_texts(kind_key), short)


def corrupt_solution(kind_key: str, text: str, rnd) -> str | None:
    """A solution text with one cell changed so that a rule must break, or None if none can."""
    if kind_key == "puzlogic":
        lines = text.splitlines()
        if not lines:
            return None
        i = rnd.randrange(len(lines))
        parts = lines[i].split()
        parts[-1] = str(int(parts[-1]) + 1)
        lines[i] = " ".join(parts)
        return "\n".join(lines)
    if kind_key == "kakuro":
        lines = text.splitlines()
        spots = [(i, j) for i, line in enumerate(lines[1:], 1) for j, t in enumerate(line.split())
                 if t.isdigit() and t != "0"]
        if not spots:
            return None
        i, j = rnd.choice(spots)
        tokens = lines[i].split()
        tokens[j] = str(int(tokens[j]) % 9 + 1)
        lines[i] = " ".join(tokens)
        return "\n".join(lines)
    flips = {"binary": {"0": "1", "1": "0"}, "nonogram": {"#": ".", ".": "#"}}.get(kind_key)
    if kind_key in ("sudoku", "futoshiki"):
        n = len(text.splitlines()[0])
        if n < 2:
            return None                     # a 1×1 grid's one digit has no other to become
        flips = {SYMBOLS[d]: SYMBOLS[(d + 1) % n] for d in range(n)}
    if flips is None:
        return None
    spots = [i for i, ch in enumerate(text) if ch in flips]
    if not spots:
        return None
    i = rnd.choice(spots)
    return text[:i] + flips[text[i]] + text[i + 1:]


# -- editing states drawn from a kind's layout ------------------------------------------------------
def location_problems(layout: dict, state: dict, where: dict) -> list[str]:
    """How an error's `where` strays from the places of a state (empty: it names real places or none)."""
    rows, cols = state["rows"], state["cols"]
    out = []
    if "line" in where:
        out.append(f"a text line ({where['line']!r}) for a state")
    if "r" in where and not (isinstance(where["r"], int) and 0 <= where["r"] < rows):
        out.append(f"r {where['r']!r} outside 0..{rows - 1}")
    if "c" in where and not (isinstance(where["c"], int) and 0 <= where["c"] < cols):
        out.append(f"c {where['c']!r} outside 0..{cols - 1}")
    parts = {p["key"]: p for p in layout.get("parts", [])}
    if "part" in where and where["part"] not in parts:
        out.append(f"part {where['part']!r} is not in the layout")
    if "part" in where and "index" in where and not (isinstance(where["index"], int) and where["index"] >= 0):
        out.append(f"part index {where['index']!r} is not an index")
    outside = parts.get(where.get("part"), {}).get("type") == "outside"      # an outside clue's cell is beside the grid
    for cell in where.get("cells", []):
        if not (isinstance(cell, list) and len(cell) == 2 and -outside <= cell[0] < rows + outside
                and -outside <= cell[1] < cols + outside):
            out.append(f"cell {cell!r} outside the grid")
    edges = {e["key"]: e for e in layout.get("edges", [])}
    if "edge" in where:
        edge = edges.get(where["edge"])
        if edge is None:
            out.append(f"edge {where['edge']!r} is not in the layout")
        elif "index" in where and not 0 <= where["index"] < edge_length(edge, rows, cols):
            out.append(f"edge index {where['index']!r} outside the edge")
    if "extra" in where and where["extra"] not in {e["key"] for e in layout.get("extras", [])}:
        out.append(f"extra {where['extra']!r} is not in the layout")
    if "mark" in where and (where["mark"] not in ("h", "v") or "marks" not in layout):
        out.append(f"mark {where['mark']!r} in a layout with marks {layout.get('marks')!r}")
    return out


JUNK = st.text(max_size=MAX_CELL)


def _sizes(layout: dict) -> st.SearchStrategy[tuple[int, int]]:
    """Sizes from the menu (small ones mostly) or, for a free size, typed within min..max."""
    low, high = layout.get("min_size", {"rows": 1, "cols": 1}), layout["max_size"]
    menu = [(s["rows"], s["cols"]) for s in layout["sizes"]]
    small = [rc for rc in menu if rc[0] * rc[1] <= 81] or menu[:1]
    choices = [st.sampled_from(small), st.sampled_from(small), st.sampled_from(menu)]
    if layout.get("free_size"):
        rows = st.integers(low["rows"], min(high["rows"], 9))
        if layout.get("square"):
            choices.append(rows.map(lambda n: (n, n)))
        else:
            choices.append(st.tuples(rows, st.integers(low["cols"], min(high["cols"], 9))))
    return st.one_of(choices)


@st.composite
def _cell(draw, layout: dict, rows: int, clean: bool) -> str:
    """A cell value: empty, a symbol, a number, a state's token with field values, or (unless
    `clean`) junk and numbers just out of range."""
    cell = layout["cell"]
    symbols = cell.get("symbols", "")
    if isinstance(symbols, dict):
        symbols = symbols.get(str(rows)) or "".join(symbols.values())
    pick = ([] if cell.get("paint") else [""] * 3) + (["symbol"] * 3 if symbols else [])
    pick += (["number"] * 2 if cell.get("numbers") else []) + (["token"] * 2 if cell.get("states") else [])
    how = draw(st.sampled_from(pick + ([] if clean else ["junk"]) or [""]))
    slack = 0 if clean else 2
    if how == "symbol":
        return draw(st.sampled_from(symbols))
    if how == "number":
        lo, hi = cell["numbers"]
        return str(draw(st.integers(max(0, lo - slack), hi + slack)))
    if how == "token":
        state = draw(st.sampled_from(cell["states"]))
        values = [draw(st.one_of(st.just(""), st.integers(max(0, f["min"] - slack), f["max"] + slack).map(str)))
                  for f in state.get("fields", [])]
        return (state["token"] + ",".join(values))[:MAX_CELL]
    return "" if how == "" else draw(JUNK)


@st.composite
def _field(draw, field: dict) -> str:
    """An edge or extra field: empty, a suggestion, a few numbers, or junk (within its max length; rarely a
    long shape filling it, or a half or a quarter of it)."""
    limit = field.get("max_length", MAX_FIELD)
    numbers = st.lists(st.integers(0, 12), max_size=5).map(lambda ns: " ".join(map(str, ns)))
    options = [st.just(""), numbers, numbers, st.text(max_size=20)]
    if field.get("suggestions"):
        options.append(st.sampled_from(field["suggestions"]))
    full = st.tuples(long_shapes, st.sampled_from([1, 2, 4])).map(lambda t: t[0][:limit // t[1]])
    return draw(rarely(full, st.one_of(options), one_in=100))[:limit]


def _example_states(kind_key: str) -> list[dict]:
    kind = KIND_BY_KEY[kind_key]
    return [kind.to_state(kind.parse(e.text, rules=e.rules)) for e in kind.EXAMPLES if not e.rules]


@st.composite
def layout_states(draw, kind_key: str) -> dict:
    """A state of a valid shape for the kind's layout, with random contents (most of them wrong): a
    blank grid filled at random, or an example's state with a few places changed."""
    layout = layout_of(KIND_BY_KEY[kind_key])
    rnd = draw(st.randoms(use_true_random=False))
    clean = draw(st.integers(0, 2)) > 0
    examples = _example_states(kind_key)
    if examples and draw(st.integers(0, 2)) == 0:
        state = json.loads(json.dumps(draw(st.sampled_from(examples))))
        for _ in range(draw(st.integers(0, 3))):
            i = rnd.randrange(len(state["cells"]))
            state["cells"][i] = draw(_cell(layout, state["rows"], clean))
        for key, values in state.get("edges", {}).items():
            if values and rnd.random() < 0.2:
                values[rnd.randrange(len(values))] = draw(_field(next(e for e in layout["edges"] if e["key"] == key)))
        return state
    rows, cols = draw(_sizes(layout))
    state = blank_state(layout, rows, cols)
    fill = 1.0 if layout["cell"].get("paint") else draw(st.sampled_from([0.0, 0.2, 0.5, 1.0]))
    state["cells"] = [draw(_cell(layout, rows, clean)) if rnd.random() < fill else v for v in state["cells"]]
    for edge in layout.get("edges", []):
        state["edges"][edge["key"]] = [draw(_field(edge)) if rnd.random() < fill else ""
                                       for _ in state["edges"][edge["key"]]]
    for extra in layout.get("extras", []):
        state["extras"][extra["key"]] = draw(_field(extra))
    if "marks" in layout:
        for way in ("h", "v"):
            signs = [""] * 4 + list(layout["marks"][way])
            state["marks"][way] = [draw(st.sampled_from(signs)) for _ in state["marks"][way]]
    for part in layout.get("parts", []):
        if part["type"] == "lattice":
            state["parts"][part["key"]] = {}            # a value of marks, not items: the genre's givens say which
        elif part["type"] == "vertex":
            state["parts"][part["key"]] = {}            # numbers at corners, a value: the genre's givens say which
        elif rnd.random() < fill:
            items = [draw(_item(part, rows, cols)) for _ in range(draw(st.integers(0, 4)))]
            state["parts"][part["key"]] = [item for item in items if item is not None]
    for part in ("edges", "marks", "extras", "parts"):
        if part in state and draw(st.integers(0, 9)) == 0:
            del state[part]                 # missing parts are read as blank
    return state


def _item(part: dict, rows: int, cols: int) -> st.SearchStrategy[dict | None]:
    return item_of(part, rows, cols)


@st.composite
def item_of(draw, part: dict, rows: int, cols: int, choice: dict | None = None) -> dict | None:
    """An item of a typed part (of `choice`, else any of its choices) whose shape the door takes
    (gridlogic/layout: cells the type allows, as many as its choice says, a value of its kind), its
    contents often wrong for the kind (a quadruple's digits over the size, a cage of 99999, a region of
    too many cells); None when the grid is too small for the choice."""
    choice = choice if choice is not None else draw(st.sampled_from(part["choices"]))
    low, high = choice.get("min_cells", 1), choice.get("max_cells", 6)
    n = draw(st.integers(low, max(low, min(high, 6))))
    kind = part["type"]
    item: dict[str, Any] = {"name": choice["name"]}
    if kind == "outside":
        side = draw(st.sampled_from(["top", "bottom", "left", "right"]))
        k = draw(st.integers(0, (cols if side in ("top", "bottom") else rows) - 1))
        r, c = {"top": (-1, k), "bottom": (rows, k), "left": (k, -1), "right": (k, cols)}[side]
        item["cells"] = [[r, c]]
        if choice.get("directions"):
            inward = [d for d, (dr, dc) in DIRECTIONS.items() if 0 <= r + dr < rows and 0 <= c + dc < cols]
            if not inward:
                item["cells"], inward = [[-1, -1]], ["DR"]
            item["direction"] = draw(st.sampled_from(inward))
    elif kind == "dot":
        r, c = draw(st.integers(0, max(0, rows - 2))), draw(st.integers(0, max(0, cols - 2)))
        block = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]
        item["cells"] = block if n == 4 else draw(st.sampled_from([block[:2], [block[0], block[2]]]))
    else:
        walk = [(draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))]
        for _ in range(n + (choice.get("more") == "line") * 2 - 1):
            steps = [(walk[-1][0] + dr, walk[-1][1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
            free = [x for x in steps if 0 <= x[0] < rows and 0 <= x[1] < cols and x not in walk]
            if not free:
                break
            walk.append(draw(st.sampled_from(free)))
        cut = min(n, len(walk) - (choice.get("more") == "line"))
        item["cells"] = [list(x) for x in walk[:cut]]
        if choice.get("more") == "line":
            item["more"] = [list(x) for x in walk[cut:]]
        elif choice.get("more") == "copy":
            shift = draw(st.sampled_from([(0, 0), (1, 0), (0, 1)]))
            item["more"] = [[(x + shift[0]) % rows, (y + shift[1]) % cols] for x, y in walk[:cut]]
    if choice["value"] != "none" and (choice["value"] in ("number", "digits") or draw(st.booleans())):
        pool = ["1", "12", "1239", "9A", "0", "55555"] if choice["value"] == "digits" else ["0", "5", "17", "99999"]
        item["value"] = draw(st.sampled_from(pool))
    on_grid = kind == "outside" or all(0 <= x < rows and 0 <= y < cols for x, y in item["cells"])
    fits = len(item["cells"]) >= low and (choice.get("more") != "line" or item["more"])
    return item if on_grid and fits else None            # (a grid too small for this choice)


BROKEN_ITEMS = ("item", {"name": "?", "cells": [[0, 0]]}, {"cells": [[0, 0]]}, {"name": None, "cells": [[0, 0]]})


BREAKS = ("not_object", "unknown_key", "rows", "cols", "cells_type", "cells_length", "cell_type", "cell_long",
          "edges", "edge_length", "edge_value", "marks", "extras", "parts", "deep", "huge", "long")


def _put_long(draw, layout: dict, state: dict) -> None:
    """A long shape in one place of a state: a cell, an edge field, an extra, a mark, a key, or rows."""
    rows, cols = state["rows"], state["cols"]
    junk = draw(long_shapes)
    marks = blank_state(layout, rows, cols).get("marks", {})
    places = ["cell", "key", "part key", "rows"] + ["edge"] * bool(layout.get("edges")) \
        + ["extra"] * bool(layout.get("extras")) + ["mark"] * any(marks.values())
    place = draw(st.sampled_from(places))
    if place == "cell":
        state["cells"][draw(st.integers(0, rows * cols - 1))] = junk
    elif place == "key":
        state[junk] = 1
    elif place == "part key":
        state[draw(st.sampled_from(["edges", "marks", "extras"]))] = {junk: ""}
    elif place == "rows":
        state["rows"] = junk
    elif place == "edge":
        edge = draw(st.sampled_from(layout["edges"]))
        state.setdefault("edges", {})[edge["key"]] = [junk] + [""] * (edge_length(edge, rows, cols) - 1)
    elif place == "extra":
        state.setdefault("extras", {})[draw(st.sampled_from(layout["extras"]))["key"]] = junk
    else:
        way = draw(st.sampled_from([way for way, signs in marks.items() if signs]))
        state["marks"] = {way: [junk] + [""] * (len(marks[way]) - 1)}


@st.composite
def broken_states(draw, kind_key: str) -> tuple[str, Any]:
    """(what was broken, a state with its shape broken in one place): always refused at the door."""
    layout = layout_of(KIND_BY_KEY[kind_key])
    state = draw(layout_states(kind_key))
    rows, cols = state["rows"], state["cols"]
    how = draw(st.sampled_from(BREAKS))
    high = layout["max_size"]
    if how == "not_object":
        return how, draw(st.sampled_from([[], "state", 5, [state], True]))
    if how == "unknown_key":
        state[draw(st.sampled_from(["size", "Cells", "", "rows ", "grid"]))] = 1
    elif how in ("rows", "cols"):
        state[how] = draw(st.sampled_from([None, "5", 1.5, -1, 0, high[how] + 1, HUGE, True, [5], float("nan")]))
    elif how == "cells_type":
        state["cells"] = draw(st.sampled_from([None, "." * rows * cols, {"0": ""}, 5]))
    elif how == "cells_length":
        state["cells"] = state["cells"] + [""] if draw(st.booleans()) or rows * cols == 0 else state["cells"][:-1]
    elif how == "cell_type":
        state["cells"][draw(st.integers(0, rows * cols - 1))] = draw(st.sampled_from([None, 5, [""], {}, True]))
    elif how == "cell_long":
        state["cells"][draw(st.integers(0, rows * cols - 1))] = "1" * draw(st.sampled_from([MAX_CELL + 1, 5000]))
    elif how == "edges":
        state["edges"] = draw(st.sampled_from([[], "x", {"nowhere": []}, {"": [""]}]))
    elif how == "edge_length" and layout.get("edges"):
        edge = draw(st.sampled_from(layout["edges"]))
        n = edge_length(edge, rows, cols)
        state.setdefault("edges", {})[edge["key"]] = [""] * draw(st.sampled_from([0, n - 1, n + 1, n * 50]))
    elif how == "edge_value" and layout.get("edges"):
        edge = draw(st.sampled_from(layout["edges"]))
        values = [""] * edge_length(edge, rows, cols)
        values[0] = draw(st.sampled_from([None, 5, ["1"], "9" * (edge.get("max_length", MAX_FIELD) + 1)]))
        state.setdefault("edges", {})[edge["key"]] = values
    elif how == "marks":
        if "marks" in layout:
            way = draw(st.sampled_from(["h", "v"]))
            n = len(blank_state(layout, rows, cols)["marks"][way])
            state["marks"] = {way: draw(st.sampled_from([["?"] * n, [""] * (n + 1), "", [5] * n]))}
        else:
            state["marks"] = {"h": [""] * (rows * (cols - 1))}
    elif how == "extras":
        state["extras"] = draw(st.sampled_from([[], "pieces", {"nowhere": ""}]
                                               + [{e["key"]: 5} for e in layout.get("extras", [])]))
    elif how == "parts":
        parts = layout.get("parts", [])
        if parts and draw(st.booleans()):
            part = draw(st.sampled_from(parts))
            name = part["choices"][0]["name"]
            bad = draw(st.sampled_from(BROKEN_ITEMS + ({"name": name, "cells": []}, {"name": name, "cells": [[0]]},
                                                      {"name": name, "cells": [[rows + 3, 0]] * 4},
                                                      {"name": name, "cells": [[0, 0]] * 4, "colour": "red"})))
            state["parts"] = {part["key"]: [bad]}
        else:
            state["parts"] = draw(st.sampled_from([[], "x", {"nowhere": []}, {"": [{}]}]))
    elif how == "deep":
        nested: Any = "1"
        for _ in range(draw(st.sampled_from([5, 50, 500]))):
            nested = [nested]
        state["cells"] = [nested] * (rows * cols)
    elif how == "huge":
        state["cells"] = [""] * draw(st.sampled_from([10 ** 5, 10 ** 6]))
    elif how == "long":
        _put_long(draw, layout, state)
    else:
        state["rows"] = None                # the layout has no edges to break
    return how, state
