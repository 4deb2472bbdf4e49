"""The command line of docs/cli.md, a thin layer over `api.handle`.

Kinds, their rules and the backends come from the registry (gridlogic.kinds) alone. `batch` takes
the kinds whose layout is a grid of one-character cells and nothing else (no edge fields, marks,
extras or multi-character values): only those fit a puzzle on one line of a corpus file. `hint`
prints the next step with its reason, or with --path every step and the difficulty.

Exit status: 0 solved, 1 no solution, 2 invalid input (message on stderr, never a traceback),
3 unknown (the --timeout ran out first), 4 internal error (a bug), 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys

from gridlogic import api, budget
from gridlogic.api import fields
from gridlogic.api.solve import MAX_KEEP
from gridlogic.budget import MAX_MS
from gridlogic.errors import EXCERPT_CHARS, MESSAGE_CHARS, PuzzleError, excerpt, known_list
from gridlogic.kinds import KINDS, layout_of
from gridlogic.kinds.contract import optional
from gridlogic.play import plays_on_lattice

EXIT_SOLVED, EXIT_NONE, EXIT_INVALID, EXIT_UNKNOWN, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
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


def _rules_help() -> str:
    """The --rules help: each kind's rules and aliases, from the registry."""
    parts = [f"{k.KEY}: {', '.join(k.RULES + tuple(k.ALIASES))}" for k in KINDS if k.RULES]
    return "variant rules, comma-separated (" + "; ".join(parts) + ")" if parts else "variant rules"


def _not_generated() -> str:
    """The generate description's last sentence: the kinds without makers (their `makers` hook), if any."""
    titles = [k.TITLE for k in KINDS if optional(k, "makers") is None]
    return f" {', '.join(titles)} {'is' if len(titles) == 1 else 'are'} not generated." if titles else ""


def _families_help() -> str:
    """The --constraints help: each kind's constraint families and what they draw (its makers)."""
    from gridlogic.generate import MAKERS

    parts = [f"{key}: " + ", ".join(f"{'+'.join(names)} ({maker.LABEL})" for names, maker in makers.items() if names)
             for key, makers in MAKERS.items() if any(makers)]
    return "constraint families to draw, comma-separated" + (f" ({'; '.join(parts)})" if parts else "")


class _Parser(argparse.ArgumentParser):
    def parse_args(self, args=None, namespace=None):
        """argparse's parse_args, with each unknown argument quoted (and so cut short by `error`)."""
        parsed, unknown = self.parse_known_args(args, namespace)
        if unknown:
            self.error(f"unrecognized arguments: {' '.join(map(repr, unknown))}")
        return parsed

    def error(self, message: str) -> None:  # usage errors are invalid input: exit 2
        self.print_usage(sys.stderr)
        print(f"gridlogic: {_short_usage(message)}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


_QUOTE_OR_WORD = re.compile(r"""'[^'\n]*'|"[^"\n]*"|\S+""")


def _short_usage(message: str) -> str:
    """A usage error's message with each value argparse quotes (it quotes them whole) as an excerpt, and any
    other word past EXCERPT_CHARS cut, in at most MESSAGE_CHARS characters."""
    def cut(m: re.Match) -> str:
        token = m.group()
        if len(token) > 1 and token[0] in "'\"" and token[-1] == token[0]:
            return token if len(token) <= EXCERPT_CHARS + 2 else excerpt(token[1:-1])
        return token if len(token) <= EXCERPT_CHARS else token[:EXCERPT_CHARS] + "…"

    short = _QUOTE_OR_WORD.sub(cut, message)
    return short if len(short) <= MESSAGE_CHARS else short[:MESSAGE_CHARS - 1] + "…"


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m gridlogic", description="Solve logic puzzles.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="solve one puzzle and say whether it is unique")
    s.add_argument("kind")
    s.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input")
    s.add_argument("--rules", default="", help=_rules_help())
    s.add_argument("--count", action="store_true", help="print the exact number of solutions (up to --limit)")
    s.add_argument("--all", action="store_true", help="print every solution (up to --limit)")
    s.add_argument("--facts", action="store_true", help="print the cells that are the same in every solution")
    s.add_argument("--candidates", action="store_true",
                   help="print every value each open cell takes in some solution")
    s.add_argument("--setter", action="store_true",
                   help="several solutions: where two differ and a given that makes it unique; "
                        "one: its redundant givens")
    s.add_argument("--explain", action="store_true", help="with no solution, print clues that cannot all hold")
    s.add_argument("--symmetry", action="store_true",
                   help="count (as --count) and print the classes of solutions up to rotation and reflection")
    s.add_argument("--limit", type=int, default=1000)
    s.add_argument("--backend", choices=fields.BACKENDS)
    s.add_argument("--engine", help="SAT engine for --backend sat (e.g. cadical195, maplechrono)")
    s.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                   help="stop after SECONDS and answer unknown (exit 3); default: no limit")
    s.add_argument("--json", action="store_true")
    h = sub.add_parser("hint", help="the next step with its reason (--path: every step, and the difficulty)",
                       description="Print the next deduction: a cell whose value (or, when no value is "
                                   "certain yet, a ruled-out value) follows now, and the clues it follows "
                                   "from. Exit 0 with a step or nothing left, 1 with no solution.")
    h.add_argument("kind")
    h.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input")
    h.add_argument("--rules", default="", help=_rules_help())
    h.add_argument("--path", action="store_true",
                   help="every step to the end, one a line, then the difficulty (rating, steps per level, "
                        "largest reason)")
    h.add_argument("--engine", help="SAT engine (e.g. cadical195, maplechrono)")
    h.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                   help="stop after SECONDS (with --path: print the steps found so far, exit 3)")
    h.add_argument("--json", action="store_true")
    g = sub.add_parser("generate", help="make new puzzles with one solution, at the difficulty asked",
                       description="Print new puzzles of a kind, each followed by its difficulty line."
                                   + _not_generated())
    g.add_argument("kind")
    g.add_argument("--size", type=_size, metavar="RxC", help="rows×columns (or one number: square); "
                   "default: the kind's usual size")
    g.add_argument("--rules", default="", help=_rules_help())
    g.add_argument("--constraints", default="", metavar="FAMILIES",
                   help=_families_help())
    g.add_argument("--difficulty", default="easy", help="easy, medium, hard or fiendish (default easy)")
    g.add_argument("--symmetry", default="none", help="none, rotate180, rotate90, mirror or diagonal")
    g.add_argument("--minimal", action="store_true", help="no given can go while one solution stays")
    g.add_argument("--seed", type=int, help="the same seed makes the same puzzle (default: a random one)")
    g.add_argument("--daily", metavar="YYYY-MM-DD", help="the day's puzzle (its seed comes from the date)")
    g.add_argument("--count", type=int, default=1, help="puzzles to make (seeds SEED, SEED+1, ...)")
    g.add_argument("--timeout", type=_seconds, metavar="SECONDS", help="per puzzle; default: no limit")
    g.add_argument("--json", action="store_true")
    b = sub.add_parser("batch", help="solve one puzzle per line")
    b.add_argument("kind")
    b.add_argument("file")
    b.add_argument("--rules", default="", help=_rules_help())
    b.add_argument("--backend", choices=fields.BACKENDS)
    b.add_argument("--engine")
    b.add_argument("--timeout", type=_seconds, metavar="SECONDS", help="per puzzle; default: no limit")
    b.add_argument("--json", action="store_true")
    return p


def _size(text: str) -> tuple[int, int]:
    """--size RxC (or N for a square) as (rows, cols)."""
    parts = re.split(r"[x×]", text.strip().lower())
    if len(parts) not in (1, 2) or not all(part.isdigit() and len(part) <= 4 for part in parts):
        raise argparse.ArgumentTypeError(f"not a size RxC: {text[:20]!r}")
    rows = int(parts[0])
    return rows, int(parts[-1])


def _seconds(text: str) -> int:
    """--timeout SECONDS (a positive number, fractions allowed) as budget_ms."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < seconds <= MAX_MS / 1000:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_MS // 1000:,} seconds")
    return max(1, round(seconds * 1000))


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


def _public(result: dict, count: bool) -> dict:
    out = {k: result[k] for k in ("kind", "status", "solution", "engine", "elapsed_ms")}
    if result.get("stopped"):
        out["stopped"] = result["stopped"]
    if count:
        out["count"] = result["count"] if result.get("count_complete") else f">={result['count']}"
    for extra in ("answer", "facts", "facts_count", "candidates", "candidates_stopped", "differ", "unique_with",
                  "redundant", "setter_stopped", "conflict", "conflict_clues", "because", "conflict_minimal",
                  "symmetries", "classes",
                  "class_sizes", "classes_stopped"):
        if extra in result:
            out[extra] = result[extra]
    return out


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
        out = _public(result, args.count or args.all or args.symmetry or bool(result["stopped"]))
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
        _say_stopped(result, "explain_stopped", "the explanation")
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
            _print_classes(result)
        if result.get("facts") is not None:
            _print_facts(result["facts"])
        _say_stopped(result, "facts_stopped", "the certain cells")
        if result.get("candidates") is not None:
            _print_candidates(result["candidates"], result["candidates_stopped"] is not None)
        _say_stopped(result, "candidates_stopped", "the candidates were settled")
        if "setter_stopped" in result:
            _print_setter(result)
        _say_stopped(result, "setter_stopped", "the setter helpers were found")
        if args.all:
            _say_stopped(result, "kept_stopped", f"every solution was written (the first {result['kept']} were)")
        if result["stopped"] == "budget":
            print(f"gridlogic: stopped after the --timeout of {result['budget_ms'] / 1000:g} s", file=sys.stderr)
    if result["stopped"] == "budget":
        return EXIT_UNKNOWN                  # `multiple` with a count cut short is still unfinished
    return EXIT_STATUS.get(result["status"], EXIT_SOLVED)


def _print_classes(result: dict) -> None:
    """`classes: 9 (9 of size 8) under identity, rotate 90, ...`, or `classes: unknown` when the
    count is incomplete or the time ran out."""
    if result["classes"] is None:
        why = "the --timeout ran out" if result.get("classes_stopped") else "the count is incomplete"
        print(f"classes: unknown ({why})")
        return
    sizes = ", ".join(f"{n} of size {size}" for size, n in result["class_sizes"].items())
    print(f"classes: {result['classes']}" + (f" ({sizes})" if sizes else "")
          + f" under {', '.join(result['symmetries'])}")


def _print_facts(facts: list[list[int]]) -> None:
    """The certain cells, a line per row: `certain cells: 12` then `r1: c1=5 c4=7`."""
    print(f"certain cells: {len(facts)}")
    rows: dict[int, list[str]] = {}
    for r, c, v in facts:
        rows.setdefault(r, []).append(f"c{c + 1}={v}")
    for r, cells in rows.items():
        print(f"r{r + 1}: {' '.join(cells)}")


def _print_candidates(cells: list, stopped: bool) -> None:
    """The true candidates, a line per row: `candidates: 12 cells` then `r1: c2=1/4 c3=3`; stopped, a line
    says that values not yet settled were left in."""
    print(f"candidates: {len(cells)} cells")
    if stopped:
        print("(stopped by the --timeout: values not yet settled are left in)")
    rows: dict[int, list[str]] = {}
    for r, c, values in cells:
        rows.setdefault(r, []).append(f"c{c + 1}={'/'.join(map(str, values))}")
    for r, words in rows.items():
        print(f"r{r + 1}: {' '.join(words)}")


def _print_setter(result: dict) -> None:
    """`solutions differ at: r1c2 ...` and `unique with: 3 at r1c2` (several solutions), or `redundant
    givens: r1c5 ...` (one)."""
    def cells(found: list) -> str:
        return " ".join(f"r{r + 1}c{c + 1}" for r, c in found) or "none"
    if result["differ"] is not None:
        print(f"solutions differ at: {cells(result['differ'])}")
        if result["unique_with"] is not None:
            r, c, v = result["unique_with"]
            print(f"unique with: {v} at r{r + 1}c{c + 1}")
        elif result["setter_stopped"] is None:
            print("unique with: no single given")
    if result["redundant"] is not None:
        print(f"redundant givens: {cells(result['redundant'])}")


def _say_stopped(result: dict, key: str, what: str) -> None:
    if result.get(key) == "budget" and result["stopped"] != "budget":
        print(f"gridlogic: the --timeout of {result['budget_ms'] / 1000:g} s ran out before {what}", file=sys.stderr)


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
            print(f"difficulty: {_difficulty_line(result['difficulty'])}")
    else:
        print(result["message"])
    if not args.json and result.get("at_least"):
        print(f"difficulty so far (at least): {_difficulty_line(result['at_least'])}")
    if result["stopped"] == "budget":
        print(f"gridlogic: stopped after the --timeout of {_budget(args) / 1000:g} s", file=sys.stderr)
        return EXIT_UNKNOWN
    return EXIT_STATUS.get(result["status"], EXIT_SOLVED)


def _generate(args) -> int:
    """Print --count new puzzles, each with its difficulty line (with --json, one result a line)."""
    rows, cols = args.size or (None, None)
    worst = EXIT_SOLVED
    for i in range(max(1, args.count)):
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
            print(f"difficulty: {_difficulty_line(result['difficulty'])} · seed {result['seed']}")
        if result["status"] != "generated":
            print(f"gridlogic: no puzzle within the --timeout of {_budget(args) / 1000:g} s "
                  f"({result['tried']} tried)", file=sys.stderr)
            worst = _worse(worst, EXIT_UNKNOWN)
        if args.daily:
            break
    return worst


def _difficulty_line(d: dict) -> str:
    """"hard · 40 steps: 30 easy, 8 medium, 2 hard (score 4.2, XY-wing)", or with the walk's rating
    "(largest reason 12 clues)"."""
    levels = ", ".join(f"{n} {name}" for name, n in d["levels"].items() if n)
    if "score" in d:
        detail = f"score {d['score']:g}, {d['hardest']}" if d.get("hardest") else f"score {d['score']:g}"
    else:
        detail = f"largest reason {d['largest_reason']} clue{'' if d['largest_reason'] == 1 else 's'}"
    return f"{d['rating']} · {d['steps']} steps{': ' + levels if levels else ''} ({detail})"


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
            print(json.dumps({"line": ln, **_public(result, False)}))
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
        return _main(argv)
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def _main(argv: list[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
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
