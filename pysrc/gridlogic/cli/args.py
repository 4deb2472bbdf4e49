"""The command line's arguments: its parser, whose usage errors exit as invalid input with a short
message, and the help texts it takes from the registry."""

from __future__ import annotations

import argparse
import re
import sys

from gridlogic.api import fields
from gridlogic.budget import MAX_MS
from gridlogic.cli.exits import EXIT_INVALID
from gridlogic.errors import EXCERPT_CHARS, MESSAGE_CHARS, excerpt
from gridlogic.kinds import KINDS
from gridlogic.contract import optional


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
    from gridlogic.generate import makers_of

    parts = [f"{kind.KEY}: " + ", ".join(f"{'+'.join(names)} ({maker.LABEL})" for names, maker in makers.items() if names)
             for kind in KINDS for makers in [makers_of(kind)] if any(makers)]
    return "constraint families to draw, comma-separated" + (f" ({'; '.join(parts)})" if parts else "")


MOST_PUZZLES = 100_000        # generate --count at most
_QUOTE_OR_WORD = re.compile(r"""'[^'\n]*'|"[^"\n]*"|\S+""")


class _Parser(argparse.ArgumentParser):
    _intermixing = False

    def parse_known_args(self, args=None, namespace=None):
        """A command's arguments in any order: its file may follow its options (`solve sudoku --all
        puzzle.txt`), which argparse alone reads as an unknown argument after an optional positional."""
        if self._subparsers is not None or self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False

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


def parser() -> argparse.ArgumentParser:
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
    s.add_argument("--timeout", type=seconds, metavar="SECONDS",
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
    h.add_argument("--timeout", type=seconds, metavar="SECONDS",
                   help="stop after SECONDS (with --path: print the steps found so far, exit 3)")
    h.add_argument("--json", action="store_true")
    g = sub.add_parser("generate", help="make new puzzles with one solution, at the difficulty asked",
                       description="Print new puzzles of a kind, each followed by its difficulty line."
                                   + _not_generated())
    g.add_argument("kind")
    g.add_argument("--size", type=size, metavar="RxC", help="rows×columns (or one number: square); "
                   "default: the kind's usual size")
    g.add_argument("--rules", default="", help=_rules_help())
    g.add_argument("--constraints", default="", metavar="FAMILIES",
                   help=_families_help())
    g.add_argument("--difficulty", default="easy", help="easy, medium, hard or fiendish (default easy)")
    g.add_argument("--symmetry", default="none", help="none, rotate180, rotate90, mirror or diagonal")
    g.add_argument("--minimal", action="store_true", help="no given can go while one solution stays")
    g.add_argument("--seed", type=int, help="the same seed makes the same puzzle (default: a random one)")
    g.add_argument("--daily", metavar="YYYY-MM-DD", help="the day's puzzle (its seed comes from the date)")
    g.add_argument("--count", type=puzzles, default=1, help="puzzles to make (seeds SEED, SEED+1, ...)")
    g.add_argument("--timeout", type=seconds, metavar="SECONDS", help="per puzzle; default: no limit")
    g.add_argument("--json", action="store_true")
    b = sub.add_parser("batch", help="solve one puzzle per line")
    b.add_argument("kind")
    b.add_argument("file")
    b.add_argument("--rules", default="", help=_rules_help())
    b.add_argument("--backend", choices=fields.BACKENDS)
    b.add_argument("--engine")
    b.add_argument("--timeout", type=seconds, metavar="SECONDS", help="per puzzle; default: no limit")
    b.add_argument("--json", action="store_true")
    return p


def size(text: str) -> tuple[int, int]:
    """--size RxC (or N for a square) as (rows, cols)."""
    parts = re.split(r"[x×]", text.strip().lower())
    if len(parts) not in (1, 2) or not all(part.isdigit() and len(part) <= 4 for part in parts):
        raise argparse.ArgumentTypeError(f"not a size RxC: {text[:20]!r}")
    rows = int(parts[0])
    return rows, int(parts[-1])


def puzzles(text: str) -> int:
    """--count N of generate: a whole number of puzzles, 1 or more."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MOST_PUZZLES:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MOST_PUZZLES:,} (got {text[:20]!r})")
    return int(text)


def seconds(text: str) -> int:
    """--timeout SECONDS (a positive number, fractions allowed) as budget_ms."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < seconds <= MAX_MS / 1000:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_MS // 1000:,} seconds")
    return max(1, round(seconds * 1000))
