"""The command line of FORMATS.md, a thin layer over `api.handle`.

Exit status: 0 solved, 1 no solution, 2 invalid input (message on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys

from gridlogic import api

EXIT_SOLVED, EXIT_NONE, EXIT_INVALID = 0, 1, 2
KIND_NAMES = ("sudoku", "binary", "kakuro", "nonogram", "puzlogic", "numbercross")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage errors are invalid input: exit 2
        self.print_usage(sys.stderr)
        print(f"gridlogic: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m gridlogic", description="Solve logic puzzles.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="solve one puzzle and say whether it is unique")
    s.add_argument("kind")
    s.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input")
    s.add_argument("--rules", default="", help="sudoku variants: knight,king,nonconsecutive,diagonal,miracle")
    s.add_argument("--count", action="store_true", help="print the exact number of solutions (up to --limit)")
    s.add_argument("--all", action="store_true", help="print every solution (up to --limit)")
    s.add_argument("--limit", type=int, default=1000)
    s.add_argument("--backend", choices=("sat", "smt", "native"))
    s.add_argument("--engine", help="SAT engine for --backend sat (e.g. cadical195, glucose4)")
    s.add_argument("--json", action="store_true")
    b = sub.add_parser("batch", help="solve one puzzle per line")
    b.add_argument("kind")
    b.add_argument("file")
    b.add_argument("--rules", default="")
    b.add_argument("--backend", choices=("sat", "smt", "native"))
    b.add_argument("--engine")
    b.add_argument("--json", action="store_true")
    return p


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _fail(error: dict) -> int:
    print(f"gridlogic: invalid input: {error['message']}", file=sys.stderr)
    return EXIT_INVALID


def _public(result: dict, count: bool) -> dict:
    out = {k: result[k] for k in ("kind", "status", "solution", "engine", "elapsed_ms")}
    if count:
        out["count"] = result["count"] if result.get("count_complete") else f">={result['count']}"
    for extra in ("answer",):
        if extra in result:
            out[extra] = result[extra]
    return out


def _solve(args) -> int:
    try:
        text = _read(args.file)
    except OSError as exc:
        print(f"gridlogic: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return EXIT_INVALID
    request = {"op": "solve", "kind": args.kind, "text": text, "rules": args.rules,
               "count": args.count, "all": args.all, "limit": args.limit, "backend": args.backend,
               "engine": args.engine, "render": False}
    if args.all:
        request["keep"] = args.limit
    response = api.handle(request)
    if not response["ok"]:
        return _fail(response["error"])
    result = response["result"]
    if args.json:
        out = _public(result, args.count or args.all)
        if args.all:
            out["solutions"] = result["solutions"]
        print(json.dumps(out))
    elif result["status"] == "none":
        print("no solution")
    else:
        shown = result["solutions"] if args.all else [result["solution"]]
        print("\n\n".join(shown))
        if "answer" in result:
            print(f"answer: {result['answer']}")
        if args.count or args.all:
            n = result["count"]
            print(result["status"])
            print(n if result["count_complete"] else f">={n}")
        else:
            print(result["status"])
    return EXIT_NONE if result["status"] == "none" else EXIT_SOLVED


def batch_puzzle(line: str) -> str:
    """The puzzle field of a corpus container line (tdoku `p:count:sol`, janko, binary sets)."""
    if ":" in line:
        return line.split(":", 1)[0].strip()
    tokens = line.split()
    return next((t for t in tokens if len(t) >= 4), line.strip())


BATCH_KINDS = ("sudoku", "binary")


def _batch(args) -> int:
    if args.kind not in BATCH_KINDS:
        print(f"gridlogic: batch reads one puzzle per line, which only {' and '.join(BATCH_KINDS)} "
              f"fit; use solve for {args.kind}", file=sys.stderr)
        return EXIT_INVALID
    try:
        text = _read(args.file)
    except OSError as exc:
        print(f"gridlogic: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return EXIT_INVALID
    worst = EXIT_SOLVED
    for ln, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        response = api.handle({"op": "solve", "kind": args.kind, "text": batch_puzzle(line),
                               "rules": args.rules, "backend": args.backend, "engine": args.engine,
                               "render": False})
        if not response["ok"]:
            worst = EXIT_INVALID
            err = response["error"]
            if args.json:
                print(json.dumps({"line": ln, "status": "invalid", "error": err["message"]}))
            print(f"gridlogic: line {ln}: invalid input: {err['message']}", file=sys.stderr)
            continue
        result = response["result"]
        if result["status"] == "none" and worst == EXIT_SOLVED:
            worst = EXIT_NONE
        if args.json:
            print(json.dumps({"line": ln, **_public(result, False)}))
        else:
            flat = (result["solution"] or "").replace("\n", "")
            print(f"{result['status']}\t{flat}")
    return worst


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.kind not in KIND_NAMES:
        print(f"gridlogic: unknown kind {args.kind!r} (known: {' '.join(KIND_NAMES)})", file=sys.stderr)
        return EXIT_INVALID
    try:
        return _solve(args) if args.command == "solve" else _batch(args)
    except KeyboardInterrupt:
        print("gridlogic: interrupted", file=sys.stderr)
        return 130
