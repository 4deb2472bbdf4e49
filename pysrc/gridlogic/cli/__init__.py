"""The command line of docs/cli.md, a thin layer over `api.handle`.

Kinds, their rules and the backends come from the registry (gridlogic.kinds) alone. `batch` takes
the kinds whose layout is a grid of one-character cells and nothing else (no edge fields, marks,
extras or multi-character values): only those fit a puzzle on one line of a corpus file. `hint`
prints the next step with its reason, or with --path every step and the difficulty.

Exit status: 0 solved, 1 no solution, 2 invalid input (message on stderr, never a traceback),
3 unknown (the --timeout ran out first), 4 internal error (a bug), 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
from codecs import BOM_UTF8

from gridlogic import api, budget
from gridlogic.api.solve import MAX_KEEP
from gridlogic.budget import MAX_MS
from gridlogic.cli import show
from gridlogic.cli.args import parser
from gridlogic.cli.exits import (EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_INVALID, EXIT_NONE, EXIT_PIPE,
                                 EXIT_SOLVED, EXIT_UNKNOWN)
from gridlogic.errors import PuzzleError, excerpt, known_list
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of
from gridlogic.layout.play import plays_on_lattice

__all__ = ["EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_INVALID", "EXIT_NONE", "EXIT_SOLVED", "EXIT_UNKNOWN",
           "KIND_NAMES", "batch_puzzle", "fits_one_line", "main"]

KIND_NAMES = tuple(kind.KEY for kind in KINDS)


def fits_one_line(kind) -> bool:
    """True when a puzzle of the kind is a grid of one-character cells (batch reads one a line) and its
    text reads one line of N×N cells as a square; an extra box of several lines is optional text after
    the grid. A kind whose one row is a puzzle too (a loop genre, yin-yang) reads its rows only."""
    layout = layout_of(kind)
    cell = layout["cell"]
    return (not layout.get("edges") and "marks" not in layout and not plays_on_lattice(layout)
            and all(extra.get("lines") for extra in layout.get("extras", []))
            and bool(cell.get("symbols")) and "numbers" not in cell and not cell.get("states")
            and _reads_a_square_line(kind))


def _reads_a_square_line(kind) -> bool:
    """Whether the kind's text reads one line of 16 empty cells as a 4×4 grid."""
    try:
        return kind.to_state(kind.parse("." * 16))["rows"] == 4
    except PuzzleError:
        return False


class InputError(Exception):
    """Input that cannot be read at all: the message says what and where."""


def _read(path: str) -> str:
    name = "standard input" if path == "-" else excerpt(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise InputError("standard input is closed")
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError as exc:                 # a closed stdin raises ValueError on read
        raise InputError(f"cannot read {name}: {exc}") from None
    if data.startswith(BOM_UTF8):                 # a byte-order mark, as some editors save: no part of the puzzle
        data = data[len(BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"{name} is not UTF-8 text: byte 0x{data[exc.start]:02x} at line {line}, "
                         f"column {column}") from None


def _fail(error: dict) -> int:
    if error["type"] == "InternalError":
        print(f"gridlogic: internal error (a bug, please report it): {error['message']}", file=sys.stderr)
        return EXIT_INTERNAL
    print(f"gridlogic: invalid input: {error['message']}", file=sys.stderr)
    return EXIT_INVALID


def _budget(args) -> int:
    return args.timeout if args.timeout is not None else MAX_MS


def _solve(args) -> int:
    text = _read(args.file)
    request = {"op": "solve", "kind": args.kind, "text": text, "rules": args.rules,
               "count": args.count or args.symmetry, "all": args.all, "limit": args.limit, "backend": args.backend,
               "engine": args.engine, "render": False, "budget_ms": _budget(args), "symmetry": args.symmetry,
               "facts": args.facts, "candidates": args.candidates, "setter": args.setter,
               "explain": args.explain}
    if args.all:
        request["keep"] = max(1, min(args.limit, MAX_KEEP))
    response = api.handle(request)
    if not response["ok"]:
        return _fail(response["error"])
    result = response["result"]
    if args.json:
        out = show.public(result, args.count or args.all or args.symmetry or bool(result["stopped"]))
        if args.all:
            out["solutions"], out["kept_stopped"] = result["solutions"], result["kept_stopped"]
        print(json.dumps(out))
    elif result["status"] == "none":
        print("no solution")
        if result.get("because"):
            print(result["because"])
            print("cells:", " ".join(f"r{r + 1}c{c + 1}" for r, c in result["conflict"]) or "none")
            if result.get("conflict_minimal") is False:
                print("(not shown to be minimal in the time given: some clue may be spared)")
        show.say_stopped(result, "explain_stopped", "the explanation")
    else:
        shown = result["solutions"] if args.all else [result["solution"]] if result["solution"] else []
        if shown:
            print("\n\n".join(shown))
        if "answer" in result:
            print(f"answer: {result['answer']}")
        print(result["status"])
        if args.count or args.all or args.symmetry:
            n = result["count"]
            print(n if result["count_complete"] else f">={n}")
        if args.symmetry:
            show.print_classes(result)
        if result.get("facts") is not None:
            show.print_facts(result["facts"])
        show.say_stopped(result, "facts_stopped", "the certain cells")
        if result.get("candidates") is not None:
            show.print_candidates(result["candidates"], result["candidates_stopped"] is not None)
        show.say_stopped(result, "candidates_stopped", "the candidates were settled")
        if "setter_stopped" in result:
            show.print_setter(result)
        show.say_stopped(result, "setter_stopped", "the setter helpers were found")
        if args.all:
            show.say_stopped(result, "kept_stopped", f"every solution was written (the first {result['kept']} were)")
        if result["stopped"] == "budget":
            print(f"gridlogic: stopped after the --timeout of {result['budget_ms'] / 1000:g} s", file=sys.stderr)
    if result["stopped"] == "budget":
        return EXIT_UNKNOWN                  # `multiple` with a count cut short is still unfinished
    return EXIT_STATUS.get(result["status"], EXIT_SOLVED)


EXIT_STATUS = {"none": EXIT_NONE, "unknown": EXIT_UNKNOWN}


def _hint(args) -> int:
    response = api.handle({"op": "hint", "kind": args.kind, "text": _read(args.file), "rules": args.rules,
                           "engine": args.engine, "budget_ms": _budget(args), "path": args.path})
    if not response["ok"]:
        return _fail(response["error"])
    result = response["result"]
    if args.json:
        print(json.dumps(result))
    elif args.path and result["steps"]:
        for i, step in enumerate(result["steps"], 1):
            print(f"{i}. {step['sentence']}")
        if result["difficulty"]:
            print(f"difficulty: {show.difficulty_line(result['difficulty'])}")
    else:
        print(result["message"])
    if not args.json and result.get("at_least"):
        print(f"difficulty so far (at least): {show.difficulty_line(result['at_least'])}")
    if result["stopped"] == "budget":
        print(f"gridlogic: stopped after the --timeout of {_budget(args) / 1000:g} s", file=sys.stderr)
        return EXIT_UNKNOWN
    return EXIT_STATUS.get(result["status"], EXIT_SOLVED)


def _generate(args) -> int:
    """Print --count new puzzles, each with its difficulty line (with --json, one result a line)."""
    rows, cols = args.size or (None, None)
    worst = EXIT_SOLVED
    for i in range(args.count):
        request = {"op": "generate", "kind": args.kind, "rows": rows, "cols": cols, "rules": args.rules,
                   "constraints": args.constraints, "difficulty": args.difficulty, "symmetry": args.symmetry,
                   "minimal": args.minimal,
                   "seed": None if args.seed is None else args.seed + i, "daily": args.daily,
                   "budget_ms": _budget(args)}
        response = api.handle({key: value for key, value in request.items() if value is not None})
        if not response["ok"]:
            return _fail(response["error"])
        result = response["result"]
        if args.json:
            print(json.dumps(result))
        elif result["status"] == "generated":
            if i:
                print()
            print(result["text"].rstrip("\n"))
            print(f"difficulty: {show.difficulty_line(result['difficulty'])} · seed {result['seed']}")
        if result["status"] != "generated":
            print(f"gridlogic: no puzzle within the --timeout of {_budget(args) / 1000:g} s "
                  f"({result['tried']} tried)", file=sys.stderr)
            worst = _worse(worst, EXIT_UNKNOWN)
        if args.daily:
            break
    return worst


def batch_puzzle(line: str) -> str:
    """The puzzle field of a corpus container line (tdoku `p:count:sol`, janko, binary sets)."""
    if ":" in line:
        return line.split(":", 1)[0].strip()
    tokens = line.split()
    return next((t for t in tokens if len(t) >= 4), line.strip())


def _batch(args) -> int:
    batch_kinds = [kind.KEY for kind in KINDS if fits_one_line(kind)]
    if args.kind not in batch_kinds:
        print(f"gridlogic: batch reads one puzzle per line, which only {', '.join(batch_kinds)} "
              f"fit; use solve for {args.kind}", file=sys.stderr)
        return EXIT_INVALID
    text = _read(args.file)
    worst = EXIT_SOLVED
    for ln, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        response = api.handle({"op": "solve", "kind": args.kind, "text": batch_puzzle(line),
                               "rules": args.rules, "backend": args.backend, "engine": args.engine,
                               "render": False, "budget_ms": _budget(args)})
        if not response["ok"]:
            err = response["error"]
            worst = _worse(worst, EXIT_INTERNAL if err["type"] == "InternalError" else EXIT_INVALID)
            if args.json:
                print(json.dumps({"line": ln, "status": "invalid", "error": err["message"]}))
            print(f"gridlogic: line {ln}: invalid input: {err['message']}", file=sys.stderr)
            continue
        result = response["result"]
        worst = _worse(worst, EXIT_STATUS.get(result["status"], EXIT_SOLVED))
        if args.json:
            print(json.dumps({"line": ln, **show.public(result, False)}))
        else:
            flat = (result["solution"] or "").replace("\n", "")
            print(f"{result['status']}\t{flat}")
    return worst


def _worse(a: int, b: int) -> int:
    """The exit status that says more is wrong: internal, invalid, unknown, no solution, solved."""
    order = (EXIT_SOLVED, EXIT_NONE, EXIT_UNKNOWN, EXIT_INVALID, EXIT_INTERNAL)
    return max(a, b, key=order.index)


def _on_ctrl_c(signum, frame) -> None:
    """SIGINT: a KeyboardInterrupt now, and the next budget check raises one too (see budget.interrupt),
    so an interrupt swallowed where it landed still ends the run; in a finalizer (z3 frees its terms in
    `__del__`) only the latter, since Python prints and drops an exception raised there."""
    budget.interrupt()
    if not _in_finalizer(frame):
        raise KeyboardInterrupt


def _in_finalizer(frame) -> bool:
    """True when a `__del__` is running anywhere on the interrupted stack (z3's frees its terms through
    helpers, so the signal may land a few calls below it)."""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        before = signal.signal(signal.SIGINT, _on_ctrl_c)
    except ValueError:                     # not the main thread: signals are not ours to take
        before = None
    try:
        status = _main(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:                # `… | head`: the reader of the output is gone; stop without a word
        _drop_stdout()
        return EXIT_PIPE
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def _drop_stdout() -> None:
    """Standard output sent to the null device: its reader is gone, and what is still buffered would fail
    again when the interpreter flushes it at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):       # (no file descriptor: output captured in-process)
        pass


def _main(argv: list[str] | None) -> int:
    gc.freeze()            # the package imported above lives as long as the run: full collections skip it
    try:
        args = parser().parse_args(argv)
        if args.kind not in KIND_NAMES:
            print(f"gridlogic: {known_list(f'unknown kind {excerpt(args.kind)}', KIND_NAMES)}", file=sys.stderr)
            return EXIT_INVALID
        return {"solve": _solve, "hint": _hint, "batch": _batch, "generate": _generate}[args.command](args)
    except InputError as exc:
        print(f"gridlogic: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        # A search cut short leaves z3's half-made terms; their finalizers run as the interrupted frames
        # are freed and would print "Exception ignored in ... __del__" with a traceback: not reported.
        sys.unraisablehook = lambda unraisable: None
        print("gridlogic: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
