"""Futoshiki (Simon Tatham's Unequal).

Rules: fill an N×N grid (N = 4..9) with 1..N so that every row and every column holds each digit
once (a Latin square), keeping the given digits and every inequality sign between neighbours.

Text: the grid as Tatham's Unequal copies it, 2N-1 lines. A cell line holds N cells (`1`-`9`;
`.` or `0` empty), with `<` or `>` between two cells that have a sign; spaces are free. The line
below it holds `^` (upper < lower) or `v` (upper > lower) under the cell that the sign joins to
the cell below (under a cell of the line above or of the line below), spaces or `.` elsewhere, and
is blank where there is no sign; when there are no vertical signs at all, the blank lines may go.
Also read: a Tatham game ID `N:desc` (params: the size, optionally `d` and a difficulty letter;
random-seed IDs `5de#123` and Adjacent mode `5a:` are refused), the same after the `#` of an
Unequal page URL, or a bare `desc`, whitespace ignored. `desc` has one entry per cell, comma
separated (a last comma optional): a number (0 empty) followed by flags `U`, `R`, `D`, `L` for
"this cell is greater than its neighbour above / right / below / left"; a lowercase letter before
an entry skips 1..26 empty cells (`a` one). Flags off the grid or on both sides of one pair are
refused, as Tatham refuses them. `to_game_id` writes IDs as Tatham's generator writes them.

Variables: `("digit", r, c, d)` is true when cell (r, c) holds d (exactly one per cell, per row
and per column digit); `("atleast", r, c, d)` is true when it holds d or more (the order
encoding, channelled to the digits). A sign a < b becomes N clauses atleast(a, d) → atleast(b,
d+1), so unit propagation moves bounds along a chain of signs (a ≥ 3 forces b ≥ 4) before any
digit is placed; the direct encoding would need N(N+1)/2 clauses per sign and propagate only
placed digits. Each ordered neighbour pair has a selector `("less", r, c, r2, c2)` guarding its
clauses: the rules of a size are cached, and givens and signs are assumptions, so one solver
serves every puzzle of a size. Solutions are counted over the digit variables only. Each given
(`("given", r, c)`) and each sign (`("sign", "h" or "v", r, c)`, its `less` selector) is a clue an
explanation may name, held by assumption; the Latin square always holds.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.formula import Formula, Model, Not
from gridlogic.latin import latin_square
from gridlogic.kinds._text import read_number
from gridlogic.model import Board, Example, Violation

KEY = "futoshiki"
TITLE = "Futoshiki"
HOW_TO_PLAY = ("Put a digit in every empty cell so that each row and each column holds every digit once, and "
               "every sign between two cells holds (< and ^ point at the smaller).")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
SIZES = range(4, 10)
LIMITS = "4×4 to 9×9 (the size follows from the number of rows); game IDs of those sizes"
CELL = "0123456789."
ACROSS, DOWN = ("<", ">"), ("^", "v")


EXAMPLES = (
    Example("4x4", ". . . .\n    v\n. . . 4\n^\n2 . . .\n    v\n.>. . .", (), 1, "3142\n1324\n2431\n4213"),
    Example("5x5", ".>.<. . .\n\n. . . . .\n\n.>. . . .\n      v v\n3 . . . .\n  ^   ^\n.>. . . .", (), 1,
            "21453\n15342\n43125\n32514\n54231"),
    Example("7x7 hard", ".<. 6 . . . .\n  ^   ^   ^\n. . . . . .>.\nv\n.>. .<.>.>. .\n^\n. . .>. . . .\n"
            "            ^\n.<.<.<. . . .\nv ^       v ^\n. .<. . . . .\n  v     v   v\n6 .>. . . . .", (), 1,
            "4563712\n7634251\n3156427\n5721643\n2347165\n1472536\n6215374"),
    Example("game ID 5x5", "5:0,0R,0,5,2,0U,0,0,0,4,0D,0UD,0,0U,0,0,0,0,0L,0,0,0R,0,0,0L,", (), 1),
    Example("several 6x6", ".<.<. 3 . .\n        v\n. . . . . .\n  ^\n. . . . .>.\n\n. 6 . . . .\n    ^ v\n"
            ".<.>. . . 3\n      v\n. . . . . .", (), 5),
    Example("impossible 6x6", ".<.<. 3 . .\n        v\n. . . . . .\n  ^ ^\n. . . . .>.\n\n. 6 . . . .\n"
            "    ^ v\n.<.>. .>. 3\n      v\n. . . . . .", (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """An N×N futoshiki: givens row-major (0 = empty) and the signs between neighbours."""

    size: int
    givens: tuple[int, ...]
    across: tuple[str, ...]      # N×(N-1), row by row: "<" / ">" / "" between (r, c) and (r, c+1)
    down: tuple[str, ...]        # (N-1)×N, row by row: "^" / "v" / "" between (r, c) and (r+1, c)


Solution = tuple  # row-major digits


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read the drawn grid (see the module docstring) or a Tatham game ID / description."""
    refuse_rules(rules)
    if any(ch in text for ch in ":,#"):                  # never in a drawn grid
        puzzle = _read_game_id("".join(text.split()))
    else:
        puzzle = Puzzle(*_read_grid(text))
    refuse_clashes(puzzle)
    return puzzle


def refuse_rules(rules) -> None:
    """Futoshiki has no variant rules: any rule name is refused."""
    if any(name.strip() for name in (rules.split(",") if isinstance(rules, str) else rules or ())):
        raise RequestError(f"futoshiki has no variant rules (got {excerpt(rules)})", field="rules")


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid (N lines of digits, or the drawn grid: its signs are not read)."""
    size, values, _, _ = _read_grid(text)
    if size != puzzle.size:
        raise PuzzleSyntaxError(f"the solution is {size}×{size}; the puzzle is {puzzle.size}×{puzzle.size}")
    return values


def _read_grid(text: str) -> tuple[int, tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    lines = [(ln, line.rstrip()) for ln, line in enumerate(text.splitlines(), 1)]
    while lines and not lines[-1][1]:
        lines.pop()
    while lines and not lines[0][1]:
        lines.pop(0)
    if not lines:
        raise PuzzleSyntaxError("empty input: no futoshiki grid found")
    drawn = len(lines) > 1 and _is_sign_line(lines[1][1])
    if drawn and len(lines) % 2 == 0:
        raise PuzzleSyntaxError(f"line {lines[-1][0]}: the grid ends with a line of signs; "
                                "a line of cells must come last", line=lines[-1][0])
    cell_lines = lines[::2] if drawn else [(ln, line) for ln, line in lines if line]
    rows = [_read_cells(ln, line) for ln, line in cell_lines]
    n = len(rows)
    if n not in SIZES:
        raise PuzzleSyntaxError(f"futoshiki: the grid has {n} rows; sizes are 4×4 to 9×9",
                                line=lines[-1][0])
    for r, ((ln, _), (cells, _)) in enumerate(zip(cell_lines, rows)):
        if len(cells) != n:
            raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): {len(cells)} cells; a grid of {n} rows "
                                    f"has {n} in each", line=ln, r=r)
        for c, (ch, col) in enumerate(cells):
            if ch not in ".0" and int(ch) > n:
                raise _not_a_digit(ch, n, r, c, f" (line {ln}, column {col})", line=ln, col=col)
    givens = tuple(0 if ch in ".0" else int(ch) for cells, _ in rows for ch, _ in cells)
    across = tuple(sign for _, signs in rows for sign in signs)
    down = [""] * (n * (n - 1))
    for r, (ln, line) in enumerate(lines[1::2] if drawn else ()):
        above, below = ({col - 1: c for c, (_, col) in enumerate(rows[i][0])} for i in (r, r + 1))
        if not _is_sign_line(line) and all(ch in CELL or ch.isspace() for ch in line):
            raise PuzzleSyntaxError(f"line {ln}: cells where the signs between rows {r + 1} and {r + 2} go "
                                    "(a blank line when there are none)", line=ln)
        for pos, ch in enumerate(line):
            if ch.isspace() or ch == ".":
                continue
            if ch in "|-":
                raise _adjacent_bar(ch, ln, pos + 1)
            if ch not in "^vV":
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: unexpected {ch!r} between rows {r + 1} "
                                        f"and {r + 2} (expected '^', 'v', '.' or spaces)", line=ln, col=pos + 1)
            c = above.get(pos, below.get(pos))
            if c is None:
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: {ch!r} stands under no cell (a sign goes "
                                        "under the cell it joins to the one below)", line=ln, col=pos + 1)
            if down[r * n + c]:
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: a second sign between r{r + 1}c{c + 1} "
                                        f"and r{r + 2}c{c + 1}", line=ln, col=pos + 1, mark="v", r=r, c=c)
            down[r * n + c] = ch.lower()
    return n, givens, across, tuple(down)


def _is_sign_line(line: str) -> bool:
    """Blank, or `^`/`v` signs with spaces and `.` fillers (a line of `.` alone is empty cells)."""
    return not line.strip() or (any(ch in "^vV" for ch in line) and all(ch in " \t.^vV" for ch in line))


def _read_cells(ln: int, line: str) -> tuple[list[tuple[str, int]], list[str]]:
    """The cells of one line, each with its column, and the signs between them ("" for none)."""
    cells: list[tuple[str, int]] = []
    signs: list[str] = []
    pending = ""
    for col, ch in enumerate(line, 1):
        if ch.isspace():
            continue
        if ch in CELL:
            if cells:
                signs.append(pending)
            cells.append((ch, col))
            pending = ""
        elif ch in ACROSS:
            if not cells or pending:
                where = "has no cell on its left" if not cells else "follows another sign"
                raise PuzzleSyntaxError(f"line {ln}, column {col}: {ch!r} {where}", line=ln, col=col)
            pending = ch
        elif ch in "|-":
            raise _adjacent_bar(ch, ln, col)
        else:
            hint = " (vertical signs go on the line between two rows)" if ch in "^vV" else \
                " (expected a digit, '.', '<' or '>')"
            raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected {ch!r}{hint}", line=ln, col=col)
    if pending:
        raise PuzzleSyntaxError(f"line {ln}: {pending!r} at the end has no cell on its right", line=ln)
    return cells, signs


def _not_a_digit(value, n: int, r: int, c: int, at: str = "", **where) -> PuzzleSyntaxError:
    return PuzzleSyntaxError(f"r{r + 1}c{c + 1}{at}: {excerpt(value)} is not a digit of a {n}×{n} futoshiki "
                             f"(1-{n})", r=r, c=c, **where)


def _adjacent_bar(ch: str, ln: int, col: int) -> PuzzleSyntaxError:
    return PuzzleSyntaxError(f"line {ln}, column {col}: {ch!r} is a bar of Unequal's Adjacent mode, "
                             "which is not Futoshiki", line=ln, col=col)


_GAME_ID = re.compile(r"([0-9]+)(a?)(?:d[a-z])?")


def _read_game_id(text: str) -> Puzzle:
    """A Tatham Unequal game ID (`5:0,0L,...`, also after the `#` of a puzzle page's URL) or description."""
    if text.lower().startswith(("http:", "https:")) and "#" in text:
        text = text.split("#", 1)[1]
    if "#" in text.split(":", 1)[0]:
        raise PuzzleSyntaxError(f"{excerpt(text)} is a random-seed ID: only Tatham's generator can make it "
                                "into a puzzle (copy the game ID, with ':', instead)")
    params, sep, desc = text.partition(":") if ":" in text else ("", "", text)
    n = None
    if sep:
        m = _GAME_ID.fullmatch(params)
        if not m:
            raise PuzzleSyntaxError(f"game ID parameters {excerpt(params)} are not Unequal's (a size, then "
                                    "optionally 'd' and a difficulty letter)")
        if m.group(2):
            raise PuzzleSyntaxError(f"game ID {excerpt(params)}: Adjacent mode ('a') is not Futoshiki")
        n = read_number(m.group(1), 2)
        if n not in SIZES:
            raise PuzzleSyntaxError(f"game ID size {excerpt(m.group(1))}: sizes are 4×4 to 9×9")
    at = len(params) + len(sep) + 1                       # 1-based position of desc[0] in the text
    entries: list[tuple[int, int, str, int]] = []         # (cell index, value, flags, position)
    i = p = 0
    while p < len(desc):
        while p < len(desc) and "a" <= desc[p] <= "z":
            i, p = i + ord(desc[p]) - 96, p + 1
        if p == len(desc):
            break
        q = p
        while q < len(desc) and desc[q] in "0123456789":
            q += 1
        value = read_number(desc[p:q], 2)
        if value is None:
            raise PuzzleSyntaxError(f"game ID, character {at + p}: expected a cell's number, got "
                                    f"{excerpt(desc[p:q] or desc[p])}", col=at + p)
        flags_at = q
        while q < len(desc) and desc[q] in "URDL":
            q += 1
        entries.append((i, value, desc[flags_at:q], at + p))
        i, p = i + 1, q
        if p < len(desc) and desc[p] != ",":
            raise PuzzleSyntaxError(f"game ID, character {at + p}: expected ',' after a cell, got {desc[p]!r}",
                                    col=at + p)
        p += 1
    if n is None:
        n = next((k for k in SIZES if k * k == i), None)
        if n is None:
            raise PuzzleSyntaxError(f"the description holds {i} cells; sizes are 4×4 (16) to 9×9 (81)")
    if i != n * n:
        raise PuzzleSyntaxError(f"the game ID holds {i} cells; a {n}×{n} grid has {n * n}")
    givens, across, down = [0] * (n * n), [""] * (n * (n - 1)), [""] * (n * (n - 1))
    for k, value, flags, pos in entries:
        r, c = divmod(k, n)
        if value > n:
            raise _not_a_digit(str(value), n, r, c, f" (game ID, character {pos})", col=pos)
        givens[k] = value
        for flag in flags:                                # this cell is greater than that neighbour
            dr, dc = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}[flag]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise PuzzleSyntaxError(f"game ID, character {pos}: flag {flag!r} of r{r + 1}c{c + 1} points off "
                                        "the grid", col=pos, r=r, c=c)
            if dc:
                signs, index, sign = across, r * (n - 1) + min(c, c + dc), ">" if dc > 0 else "<"
            else:
                signs, index, sign = down, min(r, r + dr) * n + c, "v" if dr > 0 else "^"
            if signs[index] not in ("", sign):
                raise PuzzleSyntaxError(f"game ID, character {pos}: r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1} "
                                        "are each greater than the other", col=pos, r=r, c=c)
            signs[index] = sign
    return Puzzle(n, tuple(givens), tuple(across), tuple(down))


def refuse_clashes(puzzle: Puzzle) -> None:
    """Refuse a digit given twice in a line, or a sign its two given cells break."""
    n, g = puzzle.size, puzzle.givens
    for line, cells in [("row", [(i, c) for c in range(n)]) for i in range(n)] + \
                       [("column", [(r, i) for r in range(n)]) for i in range(n)]:
        seen: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            d = g[r * n + c]
            if d and d in seen:
                r0, c0 = seen[d]
                raise PuzzleRuleError(f"{d} is given twice in {line} {(r if line == 'row' else c) + 1} "
                                      f"(r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1})", cells=[[r0, c0], [r, c]])
            seen[d] = (r, c)
    for (r, c), (r2, c2), mark, sign in _signed_pairs(puzzle):
        a, b = g[r * n + c], g[r2 * n + c2]
        if a and b and (a < b) != (sign in "<^"):
            relation = "<" if sign in "<^" else ">"
            raise PuzzleRuleError(f"r{r + 1}c{c + 1} {relation} r{r2 + 1}c{c2 + 1} cannot hold: the givens are "
                                  f"{a} and {b}", mark=mark, r=r, c=c)


def _signed_pairs(puzzle: Puzzle):
    """Each sign as ((r, c), (r2, c2), mark, sign), (r, c) the upper or left cell."""
    n = puzzle.size
    for k, sign in enumerate(puzzle.across):
        if sign:
            r, c = divmod(k, n - 1)
            yield (r, c), (r, c + 1), "h", sign
    for k, sign in enumerate(puzzle.down):
        if sign:
            r, c = divmod(k, n)
            yield (r, c), (r + 1, c), "v", sign


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The drawn grid as Tatham's Unequal copies it; a solution as N lines of digits."""
    n = puzzle.size
    if solution is not None:
        return "\n".join("".join(str(d) for d in solution[r * n:(r + 1) * n]) for r in range(n))
    lines = []
    for r in range(n):
        cells = [str(d) if d else "." for d in puzzle.givens[r * n:(r + 1) * n]]
        signs = [s or " " for s in puzzle.across[r * (n - 1):(r + 1) * (n - 1)]] + [""]
        lines.append("".join(cell + sign for cell, sign in zip(cells, signs)))
        if r < n - 1:
            lines.append(" ".join(s or " " for s in puzzle.down[r * n:(r + 1) * n]).rstrip())
    return "\n".join(lines)


def to_game_id(puzzle: Puzzle) -> str:
    """The puzzle as a Tatham Unequal game ID, as its generator writes them."""
    n = puzzle.size
    out = [f"{n}:"]
    for r in range(n):
        for c in range(n):
            flags = {"U": r and puzzle.down[(r - 1) * n + c] == "^",
                     "R": c < n - 1 and puzzle.across[r * (n - 1) + c] == ">",
                     "D": r < n - 1 and puzzle.down[r * n + c] == "v",
                     "L": c and puzzle.across[r * (n - 1) + c - 1] == "<"}
            out.append(f"{puzzle.givens[r * n + c]}{''.join(f for f, on in flags.items() if on)},")
    return "".join(out)


@functools.lru_cache(maxsize=8)
def rules_formula(size: int) -> Formula:
    """The Latin square of this size, its order variables and every guarded sign (cached)."""
    f = Formula()
    n = size
    cells = [(r, c) for r in range(n) for c in range(n)]
    latin_square(f, n)
    for r, c in cells:
        for d in range(2, n + 1):
            f.implies(("digit", r, c, d), ("atleast", r, c, d))
            if d < n:
                f.implies(("atleast", r, c, d + 1), ("atleast", r, c, d))
            f.implies(("digit", r, c, d - 1), Not(("atleast", r, c, d)))
            f.implies([("atleast", r, c, d)] + ([Not(("atleast", r, c, d + 1))] if d < n else []),
                      ("digit", r, c, d))
        f.implies(Not(("atleast", r, c, 2)), ("digit", r, c, 1))
    for (r, c) in cells:
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < n and c2 < n:
                for a, b in (((r, c), (r2, c2)), ((r2, c2), (r, c))):
                    less = ("less", *a, *b)
                    f.implies(less, ("atleast", *b, 2))
                    for d in range(2, n):
                        f.implies([less, ("atleast", *a, d)], ("atleast", *b, d + 1))
                    f.implies(less, Not(("atleast", *a, n)))
    return f


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base of this size; givens and signs as assumptions, each a clue."""
    n = puzzle.size
    f.include(rules_formula(n))
    for i, d in enumerate(puzzle.givens):
        if d:
            r, c = divmod(i, n)
            f.given(("digit", r, c, d), ("given", r, c), ((r, c),), f"the {d} at r{r + 1}c{c + 1}")
    for a, b, mark, sign in _signed_pairs(puzzle):
        small, large = (a, b) if sign in "<^" else (b, a)
        f.given(("less", *small, *large), ("sign", mark, *a), (a, b),
                f"the sign r{a[0] + 1}c{a[1] + 1} {'<' if small == a else '>'} r{b[0] + 1}c{b[1] + 1}")


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model."""
    n = puzzle.size
    return tuple(next((d for d in range(1, n + 1) if model[("digit", r, c, d)]), 0)
                 for r in range(n) for c in range(n))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    n = puzzle.size
    if len(solution) != n * n:
        return [Violation("shape", (), f"expected {n * n} cells, got {len(solution)}")]
    grid = [list(solution[r * n:(r + 1) * n]) for r in range(n)]
    out: list[Violation] = []
    for r in range(n):
        for c in range(n):
            if grid[r][c] not in range(1, n + 1):
                out.append(Violation("range", ((r, c),), f"{grid[r][c]!r} is not 1..{n}"))
            if puzzle.givens[r * n + c] not in (0, grid[r][c]):
                out.append(Violation("given", ((r, c),), f"the given is {puzzle.givens[r * n + c]}"))
    for i in range(n):
        for code, line in (("row", [(i, c) for c in range(n)]), ("col", [(r, i) for r in range(n)])):
            seen: dict[int, tuple[int, int]] = {}
            for r, c in line:
                if grid[r][c] in seen:
                    out.append(Violation(code, (seen[grid[r][c]], (r, c)), f"{grid[r][c]} twice"))
                seen[grid[r][c]] = (r, c)
    for r in range(n):
        for c in range(n):
            if c < n - 1 and puzzle.across[r * (n - 1) + c]:
                sign, a, b = puzzle.across[r * (n - 1) + c], grid[r][c], grid[r][c + 1]
                if not (a < b if sign == "<" else a > b):
                    out.append(Violation("sign", ((r, c), (r, c + 1)), f"{a} {sign} {b} is false"))
            if r < n - 1 and puzzle.down[r * n + c]:
                sign, a, b = puzzle.down[r * n + c], grid[r][c], grid[r + 1][c]
                if not (a < b if sign == "^" else a > b):
                    want = "smaller" if sign == "^" else "larger"
                    out.append(Violation("sign", ((r, c), (r + 1, c)), f"{a} over {b}: {sign!r} wants the upper "
                                                                       f"one {want}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their digit and role (given / solved / empty), and the signs as marks."""
    n = puzzle.size
    cells = []
    for i, g in enumerate(puzzle.givens):
        value = g or (solution[i] if solution else 0)
        role = "given" if g else ("solved" if value else "empty")
        cells.append({"r": i // n, "c": i % n, "text": str(value) if value else "", "role": role})
    return Board(n, n, tuple(cells), {"marks": {"h": list(puzzle.across), "v": list(puzzle.down)}})


def layout() -> dict:
    """Square sizes 4..9, digits per size, and the signs between neighbours."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in SIZES],
        "default_size": {"rows": 5, "cols": 5},
        "min_size": {"rows": SIZES[0], "cols": SIZES[0]}, "max_size": {"rows": SIZES[-1], "cols": SIZES[-1]},
        "square": True,
        "cell": {"symbols": {str(n): "123456789"[:n] for n in SIZES}, "empty": {"label": "empty", "look": "white"}},
        "marks": {"h": list(ACROSS), "v": list(DOWN),
                  "labels": {"<": "left is less than right", ">": "left is greater than right",
                             "^": "upper is less than lower", "v": "upper is greater than lower"}},
        "play": {"values": "symbols", "on": "empty", "pencil": True},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle."""
    n = puzzle.size
    return {"rows": n, "cols": n, "cells": [str(d) if d else "" for d in puzzle.givens],
            "marks": {"h": list(puzzle.across), "v": list(puzzle.down)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` refuses it."""
    refuse_rules(rules)
    n = state["rows"]
    if state["cols"] != n or n not in SIZES:
        raise PuzzleSyntaxError(f"futoshiki: {n}×{state['cols']}; sizes are 4×4 to 9×9")
    givens = []
    for i, cell in enumerate(state["cells"]):
        if cell not in ("",) + tuple("123456789"[:n]):
            raise _not_a_digit(cell, n, i // n, i % n)
        givens.append(int(cell) if cell else 0)
    marks = state.get("marks") or {}
    signs = {}
    for mark, allowed, width, (dr, dc) in (("h", ACROSS, n - 1, (0, 1)), ("v", DOWN, n, (1, 0))):
        signs[mark] = tuple(marks.get(mark) or [""] * (n * (n - 1)))
        for k, sign in enumerate(signs[mark]):
            r, c = divmod(k, width)
            if sign not in ("",) + allowed:
                raise PuzzleSyntaxError(f"the sign between r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1}: "
                                        f"{excerpt(sign)} is not {' or '.join(map(repr, allowed))}",
                                        mark=mark, r=r, c=c)
    puzzle = Puzzle(n, tuple(givens), signs["h"], signs["v"])
    refuse_clashes(puzzle)
    return puzzle




# -- naming a step (explain.walk) -----------------------------------------------------------------
def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The rule a step's reason shows, found on the reason alone: each cell's candidates are the digits
    its row and column leave it (less eliminations), then narrowed along the reason's signs to a
    fixpoint (a < b: b above a's least, a below b's greatest). When that leaves the cell v alone, or v
    no other place in its row or column (a placement), or rules v out (an elimination): "inequality"
    when the reason has a sign, "Latin square single" when it has none (placements only); else None."""
    r, c, v, eliminated = fact
    n = puzzle.size
    known: dict[tuple[int, int], int] = {}
    gone: set[tuple[int, int, int]] = set()
    less: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for key in clue_keys:
        if key[0] == "given":
            known[key[1:3]] = puzzle.givens[key[1] * n + key[2]]
        elif key[0] in ("placed", "entry"):
            known[key[1:3]] = key[3]
        elif key[0] == "eliminated":
            gone.add(tuple(key[1:]))
        elif key[0] == "sign":
            _, mark, r0, c0 = key
            a, b = ((r0, c0), (r0, c0 + 1)) if mark == "h" else ((r0, c0), (r0 + 1, c0))
            sign = puzzle.across[r0 * (n - 1) + c0] if mark == "h" else puzzle.down[r0 * n + c0]
            less.append((a, b) if sign in "<^" else (b, a))
    cells = [(i, j) for i in range(n) for j in range(n)]
    left = {cell: {known[cell]} if cell in known else
            {d for d in range(1, n + 1) if (*cell, d) not in gone}
            - {d for x, d in known.items() if x != cell and (x[0] == cell[0] or x[1] == cell[1])}
            for cell in cells}
    changed = True
    while changed and all(left.values()):
        changed = False
        for small, large in less:
            if not (left[small] and left[large]):
                break
            low, high = min(left[small]), max(left[large])
            narrowed_small, narrowed_large = {d for d in left[small] if d < high}, {d for d in left[large] if d > low}
            if (narrowed_small, narrowed_large) != (left[small], left[large]):
                left[small], left[large], changed = narrowed_small, narrowed_large, True
    if not all(left.values()) or (r, c) in known:
        return None
    if eliminated:
        proven = bool(less) and v not in left[(r, c)]
    else:
        lines = ([(r, j) for j in range(n)], [(i, c) for i in range(n)])
        proven = left[(r, c)] == {v} or any(all(v not in left[x] for x in line if x != (r, c)) for line in lines)
    if not proven:
        return None
    return "inequality" if less else "Latin square single"
