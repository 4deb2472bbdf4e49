"""The command line of FORMATS.md: outputs, JSON, exit codes 0/1/2, batch; and the API boundary."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys

import pytest

from gridlogic import api
from gridlogic.backends import has_z3
from gridlogic.kinds import binary, sudoku

NEEDS_Z3 = pytest.mark.skipif(not has_z3(), reason="the smt backend needs z3 (pip install 'gridlogic[z3]')")

CLASSIC = sudoku.EXAMPLES[0]
EMPTY_MIRACLE = "." * 81


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridlogic", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_solve_prints_solution_and_uniqueness():
    out = run("solve", "sudoku", "-", stdin=CLASSIC.text)
    assert out.returncode == 0
    assert out.stdout.splitlines() == CLASSIC.solution.splitlines() + ["unique"]


def test_solve_reads_a_file(tmp_path):
    path = tmp_path / "b.txt"
    path.write_text(binary.EXAMPLES[0].text)
    out = run("solve", "binary", str(path), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "unique" and data["kind"] == "binary"
    assert binary.check(binary.parse(binary.EXAMPLES[0].text), binary.parse(data["solution"]).givens) == []


@pytest.mark.parametrize("backend,engine", [("sat", "sat:"), pytest.param("smt", "smt:z3", marks=NEEDS_Z3)])
def test_count_json_on_both_backends(backend, engine):
    out = run("solve", "sudoku", "-", "--rules", "miracle", "--count", "--json", "--backend", backend,
              stdin=EMPTY_MIRACLE)
    data = json.loads(out.stdout)
    assert out.returncode == 0
    assert data["count"] == 72 and data["status"] == "multiple" and data["engine"].startswith(engine)
    assert set(data) >= {"kind", "status", "solution", "count", "engine", "elapsed_ms"}


def test_count_stops_at_limit():
    out = run("solve", "sudoku", "-", "--rules", "miracle", "--count", "--limit", "10", stdin=EMPTY_MIRACLE)
    assert out.returncode == 0 and out.stdout.splitlines()[-1] == ">=10"
    exact = run("solve", "sudoku", "-", "--rules", "miracle", "--count", "--limit", "72", stdin=EMPTY_MIRACLE)
    assert exact.stdout.splitlines()[-1] == "72"


def test_all_prints_every_solution():
    puzzle = "." * 40 + "5" + "." * 40
    out = run("solve", "sudoku", "-", "--rules", "miracle", "--all", "--json", stdin=puzzle)
    data = json.loads(out.stdout)
    assert data["count"] == 8 and len(set(data["solutions"])) == 8
    parsed = sudoku.parse(puzzle, rules="miracle")
    for text in data["solutions"]:
        assert sudoku.check(parsed, sudoku.parse(text).givens) == []
    plain = run("solve", "sudoku", "-", "--rules", "miracle", "--all", stdin=puzzle)
    assert plain.stdout.count("\n\n") == 7


def test_no_solution_exits_1():
    out = run("solve", "binary", "-", stdin="1.\n1.\n")
    assert out.returncode == 1 and "no solution" in out.stdout
    data = json.loads(run("solve", "binary", "-", "--json", stdin="1.\n1.\n").stdout)
    assert data["status"] == "none" and data["solution"] is None


@pytest.mark.parametrize("args,stdin,fragment", [
    (("solve", "sudoku", "-"), "", "empty input"),
    (("solve", "binary", "-"), "1..\n...\n...\n", "both sides must be even"),
    (("solve", "binary", "-"), "1..0..\n..00.1\n.00..\n", "row 3"),
    (("solve", "binary", "-"), "1..0\n.x..\n....\n....\n", "line 2, column 2"),
    (("solve", "sudoku", "-"), "55" + "." * 79, "given twice in row 1"),
    (("solve", "sudoku", "-", "--rules", "zebra"), "." * 81, "unknown sudoku rule 'zebra'"),
    (("solve", "tetris", "-"), "x", "unknown kind 'tetris'"),
    (("solve", "sudoku", "/nonexistent/file"), "", "cannot read"),
    (("solve", "sudoku", "-", "--limit", "many"), "", "invalid int value"),
])
def test_bad_input_exits_2_with_a_message(args, stdin, fragment):
    out = run(*args, stdin=stdin)
    assert out.returncode == 2
    assert fragment in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_batch_json_lines(tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text("# comment\n" + CLASSIC.text.replace("\n", "") + "\n" +
                    "12345678.........9" + "." * 63 + "\n" + "1" * 80 + "\n")
    out = run("batch", "sudoku", str(path), "--json")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["unique", "none", "invalid"]
    assert rows[0]["solution"] == CLASSIC.solution
    assert out.returncode == 2 and "line 4" in out.stderr


def test_batch_reads_corpus_container_lines(tmp_path):
    path = tmp_path / "tdoku.txt"
    path.write_text(CLASSIC.text.replace("\n", "") + ":1:" + CLASSIC.solution.replace("\n", "") + "\n")
    out = run("batch", "sudoku", str(path))
    assert out.returncode == 0
    assert out.stdout.split() == ["unique", CLASSIC.solution.replace("\n", "")]


def test_api_envelopes_never_raise():
    assert api.handle({"op": "hello"})["result"]["kinds"][:2] == ["sudoku", "binary"]
    for request in (None, [], {"op": "nope"}, {"op": "solve"}, {"op": "solve", "kind": "sudoku"},
                    {"op": "solve", "kind": "sudoku", "text": 5},
                    {"op": "solve", "kind": "sudoku", "text": "." * 81, "limit": "x"},
                    {"op": "solve", "kind": "sudoku", "text": "." * 81, "backend": "native"}):
        response = api.handle(request)
        assert response["ok"] is False
        assert response["error"]["type"] in ("RequestError", "PuzzleSyntaxError")
        assert response["error"]["message"]


def test_api_solve_reports_board_and_located_errors():
    ok = api.handle({"op": "solve", "kind": "sudoku", "text": CLASSIC.text})
    assert ok["ok"] and ok["result"]["status"] == "unique" and len(ok["result"]["board"]["cells"]) == 81
    bad = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 9 + "7" + "." * 8 + "7" + "." * 62})
    assert bad["error"]["type"] == "PuzzleRuleError"
    assert bad["error"]["where"] == {"r": 2, "c": 0, "cells": [[1, 0], [2, 0]]}     # both clashing cells
    json.dumps(ok), json.dumps(bad)


def test_api_check_op():
    good = api.handle({"op": "check", "kind": "sudoku", "text": CLASSIC.text, "solution": CLASSIC.solution})
    assert good["result"] == {"ok": True, "violations": []}
    wrong = CLASSIC.solution.replace("7", "x", 1).replace("x", "1")
    bad = api.handle({"op": "check", "kind": "sudoku", "text": CLASSIC.text, "solution": wrong})
    assert bad["result"]["ok"] is False and bad["result"]["violations"]


def test_batch_refuses_multi_line_kinds(tmp_path):
    path = tmp_path / "k.txt"
    path.write_text("1 1\n0\n")
    out = run("batch", "kakuro", str(path))
    assert out.returncode == 2 and "one puzzle per line" in out.stderr


def test_api_preload_imports_only_known_optional_packages():
    assert api.handle({"op": "preload", "packages": ["sympy"]})["result"] == {"loaded": ["sympy"]}
    refused = api.handle({"op": "preload", "packages": ["os"]})
    assert refused["ok"] is False and "cannot preload 'os'" in refused["error"]["message"]


def test_timeout_answers_unknown_with_exit_3():
    out = run("solve", "sudoku", "-", "--rules", "miracle", "--timeout", "0.5", stdin="." * 144)
    assert out.returncode == 3, out.stderr
    assert out.stdout.splitlines()[-1] == "unknown" and "--timeout" in out.stderr
    data = json.loads(run("solve", "sudoku", "-", "--count", "--limit", "1000000", "--timeout", "0.3", "--json",
                          stdin="." * 81).stdout)
    assert data["stopped"] == "budget" and data["count"].startswith(">=")
    assert data["status"] == ("multiple" if int(data["count"][2:]) >= 2 else "unknown")
    if data["solution"]:
        assert sudoku.check(sudoku.parse("." * 81), sudoku.parse(data["solution"]).givens) == []


def test_timeout_long_enough_changes_nothing():
    out = run("solve", "sudoku", "-", "--timeout", "120", stdin=CLASSIC.text)
    assert out.returncode == 0 and out.stdout.splitlines()[-1] == "unique"


@pytest.mark.parametrize("value", ["0", "-1", "abc", "1e9", "nan"])
def test_bad_timeout_exits_2(value):
    out = run("solve", "sudoku", "-", "--timeout", value, stdin=CLASSIC.text)
    assert out.returncode == 2 and "--timeout" in out.stderr and "Traceback" not in out.stderr


def test_batch_timeout_reports_unknown_lines(tmp_path):
    path = tmp_path / "b.txt"
    path.write_text(CLASSIC.text.replace("\n", "") + "\n" + "." * 144 + "\n")
    out = run("batch", "sudoku", str(path), "--rules", "miracle", "--timeout", "3")
    assert [line.split("\t")[0] for line in out.stdout.splitlines()] == ["none", "unknown"]
    assert out.returncode == 3


@pytest.mark.parametrize("data,fragment", [
    (b"1.\n\xff.\n", "line 2, column 1"),
    (b"\xfe\xff1.\n", "line 1, column 1"),
    (b"1.\n.0\xc3", "line 2, column 3"),
])
def test_a_file_that_is_not_utf8_exits_2_located(tmp_path, data, fragment):
    path = tmp_path / "latin1.txt"
    path.write_bytes(data)
    for args, stdin in (((str(path),), None), (("-",), data)):
        out = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "binary", *args], input=stdin,
                             capture_output=True, timeout=120)
        err = out.stderr.decode()
        assert out.returncode == 2 and "not UTF-8" in err and fragment in err and "Traceback" not in err


def test_a_byte_order_mark_before_the_text_is_dropped(tmp_path):
    """A file saved with a UTF-8 byte-order mark (as some editors write it) reads as the same puzzle, from a
    path and from standard input."""
    data = "\ufeff1.\n.0\n".encode()
    path = tmp_path / "bom.txt"
    path.write_bytes(data)
    plain = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "binary", "-"], input=data[3:],
                           capture_output=True, timeout=120)
    for args, stdin in (((str(path),), None), (("-",), data)):
        out = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "binary", *args], input=stdin,
                             capture_output=True, timeout=120)
        assert out.returncode == plain.returncode != 2 and out.stdout == plain.stdout, out.stderr.decode()


@pytest.mark.parametrize("count", ["0", "-2", "two"])
def test_generate_count_below_one_is_refused(count):
    out = subprocess.run([sys.executable, "-m", "gridlogic", "generate", "sudoku", "--count", count],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "--count: must be a whole number from 1" in out.stderr and out.stdout == ""


def test_a_file_may_follow_the_options(tmp_path):
    """`solve sudoku --count --limit 3 FILE` reads FILE as `solve sudoku FILE --count --limit 3` does; a second
    file is still refused."""
    path = tmp_path / "empty.txt"
    path.write_text("\n".join(["." * 4] * 4) + "\n")
    runs = [subprocess.run([sys.executable, "-m", "gridlogic", "solve", "sudoku", *args], capture_output=True, text=True,
                           timeout=120) for args in ((str(path), "--count", "--limit", "3"),
                                                     ("--count", "--limit", "3", str(path)),
                                                     ("--count", str(path), "--limit", "3"))]
    assert runs[0].stdout.strip().endswith(">=3") and all(r.stdout == runs[0].stdout for r in runs)
    extra = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "sudoku", "--count", str(path), "more.txt"],
                           capture_output=True, text=True, timeout=120)
    assert extra.returncode == 2 and "unrecognized arguments: 'more.txt'" in extra.stderr


def test_output_whose_reader_went_away_ends_quietly(tmp_path):
    """`… | head`: the reader of the output closes it first; the run ends with 141 and no traceback."""
    path = tmp_path / "empty.txt"
    path.write_text("\n".join(["." * 9] * 9) + "\n")
    run = subprocess.Popen([sys.executable, "-m", "gridlogic", "solve", "sudoku", str(path), "--all", "--limit", "300"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    run.stdout.close()
    err = run.stderr.read().decode()
    assert run.wait(timeout=120) == 141 and err == "", err


def test_closed_stdin_exits_2_with_a_message():
    out = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "sudoku", "-"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "empty input" in out.stderr
    closed = subprocess.run([sys.executable, "-c", "import os, sys; os.close(0); sys.stdin = None; "
                             "from gridlogic.cli import main; sys.exit(main(['solve', 'sudoku', '-']))"],
                            capture_output=True, text=True, timeout=120)
    assert closed.returncode == 2 and "standard input is closed" in closed.stderr
    assert "Traceback" not in closed.stderr


def _wait_for_python_to_take_sigint(proc) -> None:
    """Until the child's interpreter has its own SIGINT handler (Linux: the signal's bit in SigCgt of
    /proc/<pid>/status): before that, a loaded machine's slow interpreter start is still at SIG_DFL,
    where no program can answer a Ctrl-C, and a test's delay would measure the machine, not the CLI."""
    import time

    status = f"/proc/{proc.pid}/status"
    if not os.path.exists(status):
        return
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        with open(status) as fh:
            caught = next((line.split()[1] for line in fh if line.startswith("SigCgt:")), "0")
        if int(caught, 16) & (1 << (2 - 1)):       # SIGINT is signal 2
            return
        time.sleep(0.005)


@contextlib.contextmanager
def endless_count(backend: str):
    """A CLI child counting a million solutions of an empty 12x12 miracle grid, with SIGINT at its default
    action (a shell's background job starts with SIGINT ignored, and children inherit that: the signal
    would never arrive), killed and reaped on the way out whatever the test did."""
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "gridlogic", "solve", "sudoku", "-", "--rules", "miracle",
                             "--count", "--limit", "1000000", "--backend", backend], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for_python_to_take_sigint(proc)
        proc.stdin.write("." * 144)
        proc.stdin.close()
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.timed
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("backend", ["sat", pytest.param("smt", marks=NEEDS_Z3)])
def test_ctrl_c_says_interrupted_and_exits_130(backend):
    import signal
    import time

    # Counting a million solutions of an empty 12x12 miracle grid: a search no run can finish in the
    # seconds before the signal (a plain solve of it can end early, depending on how the search goes).
    with endless_count(backend) as proc:
        time.sleep(3)                      # well inside the search
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
        err = proc.stderr.read()
    assert proc.returncode == 130 and err.strip() == "gridlogic: interrupted"


@pytest.mark.timed
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("delay", [0.8, 1.2, 1.6, 2.0])
@pytest.mark.parametrize("backend", ["sat", pytest.param("smt", marks=NEEDS_Z3)])
def test_ctrl_c_at_any_moment_exits_130_with_one_line(backend, delay):
    """Wherever the signal lands (importing, making z3's context, encoding, inside a C call or a finalizer),
    the answer is the same: no traceback, no other output, status 130."""
    import signal
    import time

    with endless_count(backend) as proc:
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
        out, err = proc.stdout.read(), proc.stderr.read()
    assert (proc.returncode, err.strip(), out) == (130, "gridlogic: interrupted", "")


def test_kind_names_come_from_the_registry():
    from gridlogic import cli
    from gridlogic.kinds import KINDS

    assert cli.KIND_NAMES == tuple(k.KEY for k in KINDS)
    out = run("solve", "chess", "-", stdin="x")
    named = re.search(r"\(known: ([a-z0-9_ ]+?)(?: and (\d+) more)?\)$", out.stderr.strip())
    assert out.returncode == 2 and named, out.stderr
    shown = named.group(1).split()
    assert shown == list(cli.KIND_NAMES[:len(shown)]) and len(shown) + int(named.group(2) or 0) == len(KINDS)


@pytest.mark.parametrize("args", [("--limit", "0"), ("--limit", "2000000"), ("--engine", "zchaff"),
                                  ("--engine", "lingeling")])
def test_out_of_range_options_exit_2_naming_them(args):
    out = run("solve", "sudoku", "-", *args, "--count", stdin=CLASSIC.text)
    assert out.returncode == 2 and args[0].lstrip("-") in out.stderr and "Traceback" not in out.stderr


def test_batch_takes_exactly_the_kinds_whose_puzzles_fit_one_line(monkeypatch, capsys):
    """A kind is batch-able when its layout is a grid of one-character cells and nothing else; then
    each square example, written on one line, is the same puzzle (checked here, not assumed). Every
    kind's answer to `batch` is asked in this process; a process of its own answers for two kinds."""
    import io

    from gridlogic import cli
    from gridlogic.kinds import KINDS

    batch = [k for k in KINDS if cli.fits_one_line(k)]
    assert {k.KEY for k in batch} >= {"sudoku", "binary"}
    assert not {"kakuro", "nonogram", "puzlogic", "numbercross"} & {k.KEY for k in batch}
    for kind in batch:
        for example in kind.EXAMPLES:
            puzzle = kind.parse(example.text, rules=example.rules)
            lines = kind.format(puzzle).splitlines()
            if len(lines) == len(lines[0]) > 1:
                assert kind.parse(cli.batch_puzzle("".join(lines)), rules=example.rules) == puzzle
    for kind in KINDS:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        code = cli.main(["batch", kind.KEY, "-"])
        assert (code == 2 and "one puzzle per line" in capsys.readouterr().err) == (kind not in batch)
    for kind in (batch[0], next(k for k in KINDS if k not in batch)):
        out = run("batch", kind.KEY, "-", stdin="")
        assert (out.returncode == 2 and "one puzzle per line" in out.stderr) == (kind not in batch)


def test_rules_help_lists_every_kinds_rules_from_the_registry():
    from gridlogic.kinds import KINDS

    out = run("solve", "--help")
    flat = " ".join(out.stdout.split())
    for kind in KINDS:
        for rule in kind.RULES + tuple(kind.ALIASES):
            assert rule in flat


def test_facts_prints_the_cells_every_solution_shares():
    out = run("solve", "sudoku", "-", "--facts", stdin="12..\n....\n....\n....\n")
    assert out.returncode == 0
    assert out.stdout.endswith("multiple\ncertain cells: 2\nr1: c1=1 c2=2\n")   # two givens, nothing forced


def test_explain_names_the_clues_that_cannot_all_hold():
    out = run("solve", "sudoku", "-", "--rules", "miracle", "--explain", "--json", stdin=CLASSIC.text)
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["status"] == "none" and data["because"].startswith("These ")
    assert any(clue["key"][0] == "rule" for clue in data["conflict_clues"])
    text = run("solve", "sudoku", "-", "--rules", "miracle", "--explain", stdin=CLASSIC.text).stdout.splitlines()
    assert text[0] == "no solution" and text[1] == data["because"]
    assert text[2] == "cells: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in data["conflict"])


def test_hint_prints_one_step_and_its_reason():
    out = run("hint", "sudoku", "-", stdin=CLASSIC.text)
    data = json.loads(run("hint", "sudoku", "-", "--json", stdin=CLASSIC.text).stdout)
    assert out.returncode == 0 and out.stdout == data["hint"]["sentence"] + "\n"
    r, c = data["hint"]["cell"]
    assert CLASSIC.solution.splitlines()[r][c] == str(data["hint"]["value"])
    technique = data["hint"]["technique"]                  # the technique first, then the step
    assert out.stdout.startswith(technique[0].upper() + technique[1:] + " ")
    assert f": r{r + 1}c{c + 1} must be {data['hint']['value']}" in out.stdout


def test_hint_path_prints_every_step_then_the_difficulty():
    out = run("hint", "sudoku", "-", "--path", stdin=CLASSIC.text)
    lines = out.stdout.splitlines()
    steps = json.loads(run("hint", "sudoku", "-", "--path", "--json", stdin=CLASSIC.text).stdout)["steps"]
    assert out.returncode == 0 and len(lines) == len(steps) + 1
    assert [line.split(".")[0] for line in lines[:-1]] == [str(i) for i in range(1, len(lines))]
    graded = re.match(r"difficulty: \w+ · (\d+) steps: .* \(score [0-9.]+, [^)]+\)$", lines[-1])
    assert graded, lines[-1]                # plain sudoku: the grader's steps, score and hardest technique
    counts = re.findall(r"(\d+) (easy|medium|hard|fiendish)\b", lines[-1].split(":", 2)[2])
    assert sum(int(n) for n, _ in counts) == int(graded.group(1)) == len(steps)   # one count: the steps shown
    assert lines[-1].split()[1] == counts[-1][1]            # the word is the hardest level present
    assert "--path" in run("hint", "--help").stdout


def test_hint_on_a_puzzle_without_solution_says_why():
    out = run("hint", "sudoku", "-", "--rules", "miracle", stdin=CLASSIC.text)
    assert out.returncode == 1 and out.stdout.startswith("No solution: ")
    out = run("hint", "sudoku", "-", stdin=CLASSIC.solution)
    assert out.returncode == 0 and out.stdout.startswith("Nothing left")


def test_candidates_print_every_value_of_each_open_cell():
    out = run("solve", "sudoku", "-", "--candidates", stdin="1...\n....\n....\n...4\n")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[4] == "multiple" and lines[5] == "candidates: 14 cells"
    assert lines[6] == "r1: c2=2/3/4 c3=2/3/4 c4=2/3"
    data = json.loads(run("solve", "sudoku", "-", "--candidates", "--json", stdin="1...\n....\n....\n...4\n").stdout)
    assert data["candidates"][0] == [0, 1, [2, 3, 4]] and data["candidates_stopped"] is None


@pytest.mark.parametrize("message,code,said", [("Caught keyboard interrupt", 130, "gridlogic: interrupted"),
                                               ("another failure", 4, "internal error")])
def test_an_interrupt_python_sat_reports_anywhere_in_a_request_exits_130(monkeypatch, capsys, message, code, said):
    """SIGINT inside any python-sat call (python-sat raises its own error, "Caught keyboard interrupt")
    ends the run as Ctrl-C does, wherever the call is made; another error of python-sat's stays a bug."""
    import io

    import pysolvers

    from gridlogic import cli
    from gridlogic import solver as facade

    def stopped(*args, **kwargs):
        raise pysolvers.error(message)

    monkeypatch.setattr(facade, "answer", stopped)
    monkeypatch.setattr(sys, "stdin", io.StringIO(CLASSIC.text))
    assert cli.main(["solve", "sudoku", "-"]) == code
    assert said in capsys.readouterr().err
