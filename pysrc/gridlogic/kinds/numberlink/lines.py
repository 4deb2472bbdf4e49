"""The numberlink answer checked on its own (`line_faults`), sharing no code with the encoder, and its
steps named in the genre's words.

A line is a set of steps between cell centres, (y, x) edge points of the lattice. The checker follows
pzprjs's order of faults: a branch, a line through a number, a line joining other numbers or more than
two, a line ending in an empty cell, a line with no number at all, a number no line leaves.
"""

from __future__ import annotations

from gridlogic.kinds._loops import edge_words


def _cells_of(y: int, x: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells (r, c) a step joins."""
    if y % 2:
        return (y // 2, x // 2 - 1), (y // 2, x // 2)
    return (y // 2 - 1, x // 2), (y // 2, x // 2)


def line_faults(numbers: dict, lines, rows: int, cols: int) -> list[tuple[str, tuple, str]]:
    """(code, cells, detail) for each broken rule of `lines` against the `numbers` {(r, c): n}."""
    near: dict = {}
    for y, x in lines:
        a, b = _cells_of(y, x)
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    out = []
    for cell in sorted(near):
        r, c = cell
        degree = len(near[cell])
        if degree > 2:
            out.append(("branch", (cell,), f"{degree} lines meet at r{r + 1}c{c + 1}"))
        elif degree == 2 and cell in numbers:
            out.append(("through_number", (cell,), f"a line passes through the {numbers[cell]} at r{r + 1}c{c + 1}"))
        elif degree == 1 and cell not in numbers:
            out.append(("dead_end", (cell,), f"a line ends at r{r + 1}c{c + 1}, which holds no number"))
    seen: set = set()
    for start in sorted(near):
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for w in near[todo.pop()]:
                if w not in part:
                    part.add(w)
                    todo.append(w)
        seen |= part
        held = sorted(cell for cell in part if cell in numbers)
        values = {numbers[cell] for cell in held}
        if not held:
            out.append(("no_number", tuple(sorted(part))[:1], "a line joins no number"))
        elif len(values) > 1:
            out.append(("different", tuple(held), "a line joins different numbers: "
                        + ", ".join(f"{numbers[q]} at r{q[0] + 1}c{q[1] + 1}" for q in held)))
        elif len(held) > 2:
            out.append(("more_than_two", tuple(held), f"a line joins {len(held)} numbers"))
    for (r, c), n in sorted(numbers.items()):
        if (r, c) not in near:
            out.append(("no_line", ((r, c),), f"no line leaves the {n} at r{r + 1}c{c + 1}"))
    return out


def name_step(puzzle, fact, clue_keys) -> str | None:
    """Why, in numberlink's words: the number its reason holds when one, the pair when its two numbers
    are equal, numbers together when they differ, the lines' own rule when none; "every cell on a line"
    first when the reason holds that clue (the one solution fills the grid: the kind's FULL)."""
    numbers = puzzle.numbered()
    cells = [key[1:3] for key in clue_keys if key[0] == "number"]
    full = any(key[0] == "full" for key in clue_keys)
    if not cells:
        return "every cell on a line" if full else "lines never branch and end only at numbers"
    values = {numbers[cell] for cell in cells}
    if len(cells) == 1:
        named = f"one line leaves the {numbers[cells[0]]}"
    elif len(values) == 1:
        named = f"joining the {values.pop()}s"
    else:
        named = "numbers together: one line from each"
    return f"every cell on a line, {named}" if full else named


def say_fact(puzzle, fact) -> str:
    """The step a fact settles: "the line r2c3–r2c4 is drawn" or "… stays empty"."""
    y, x, v, gone = fact
    verdict = "is drawn" if (v == 1) != bool(gone) else "stays empty"
    return f"{edge_words((y, x), puzzle.rows, puzzle.cols, False)} {verdict}"
