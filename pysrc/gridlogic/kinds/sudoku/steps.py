"""Naming a sudoku step (walks.walk): the classic technique its reason shows, or the constraint
family it leans on."""

from __future__ import annotations

from gridlogic.kinds.sudoku.grid import Puzzle, _merged, _regions, _units

EASY_STEPS = ("naked single", "hidden single")
SUBSETS = {2: "pair", 3: "triple"}


def units_of(puzzle: Puzzle) -> list[list[tuple[int, int]]]:
    """The boxes: a step whose cells lie in one box needs one unit only."""
    return [cells for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions)
            if name.startswith(("box", "region"))]


CONSTRAINT_STEPS = {"killer": "cage combination", "arrow": "arrow sum", "doublearrow": "arrow sum",
                    "thermo": "thermometer order", "slowthermo": "thermometer order", "white": "kropki pair",
                    "black": "kropki pair", "x": "XV pair", "v": "XV pair", "littlekiller": "little killer sum",
                    "sandwich": "sandwich sum", "xsum": "x-sum", "skyscraper": "skyscraper count",
                    "renban": "renban set", "whispers": "whispers difference", "dutchwhispers": "whispers difference",
                    "palindrome": "palindrome pair", "between": "between line", "odd": "parity", "even": "parity"}


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The technique a step's reason shows: a classic one (`classic_step`), else, when the reason leans
    on constraints of one family only, that family's deduction ("cage combination", "arrow sum",
    "thermometer order", "kropki pair", ...); None for a chain."""
    classic = classic_step(puzzle, fact, clue_keys)
    if classic is not None:
        return classic
    merged = _merged(puzzle.constraints)
    names = {CONSTRAINT_STEPS.get(merged[key[1]].type) for key in clue_keys
             if key[0] == "constraint" and isinstance(key[1], int) and key[1] < len(merged)}
    return names.pop() if len(names) == 1 else None


def classic_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The classic technique a step's reason shows, found on the reason alone (its digits and
    eliminations under the row, column and box rules): naked or hidden single, pointing, claiming,
    naked or hidden pair or triple; None when none of them proves the step (a chain). (A reason that
    needs a constraint is never one of them: a reason is minimal.) An irregular region of fewer cells
    than digits, and a cell in no region, are allowed: such a region holds no digit twice but need not
    hold every digit, so it shows no hidden single or subset and no pointing."""
    r, c, v, eliminated = fact
    seen = _Seen(puzzle, clue_keys)
    units = [cells for _, cells in _units(puzzle.size, puzzle.box, puzzle.regions) if (r, c) in cells]
    full = [unit for unit in units if len(unit) == puzzle.size]         # units that hold every digit
    if not eliminated:
        if seen.candidates(r, c) == {v}:
            return "naked single"
        if any(seen.places(unit, v) == [(r, c)] for unit in full):
            return "hidden single"
        return None
    if (r, c) in seen.values or v not in seen.candidates(r, c):
        return None
    boxes = units_of(puzzle)
    lines = [unit for unit in units if unit not in boxes]
    for line in lines:                          # v's places in a box all on this line, the box elsewhere
        if any((r, c) not in box and set(seen.places(box, v)) <= set(line)
               for box in boxes if len(box) == puzzle.size and set(box) & set(line)):
            return "pointing"
    all_lines = [cells for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions)
                 if not name.startswith(("box", "region"))]
    for box in boxes:                           # v's places in a line all in this box, the cell elsewhere in it
        if (r, c) in box and any((r, c) not in line and set(seen.places(line, v)) <= set(box)
                                 for line in all_lines if set(box) & set(line)):
            return "claiming"
    for k, subset in SUBSETS.items():
        for unit in units:
            if _naked(seen, unit, (r, c), v, k):
                return f"naked {subset}"
            if unit in full and _hidden(seen, unit, (r, c), v, k):
                return f"hidden {subset}"
    return None


class _Seen:
    """What a reason shows: the digits it places (givens, entries, earlier steps) and eliminates."""

    def __init__(self, puzzle: Puzzle, clue_keys) -> None:
        self.size = puzzle.size
        self.region_of = {cell: i for i, cells in enumerate(_regions(puzzle.size, puzzle.box, puzzle.regions))
                          for cell in cells}
        self.values: dict[tuple[int, int], int] = {}
        self.gone: set[tuple[int, int, int]] = set()
        for key in clue_keys:
            if key[0] == "given":
                self.values[key[1:3]] = puzzle.given(*key[1:3])
            elif key[0] in ("placed", "entry"):
                self.values[key[1:3]] = key[3]
            elif key[0] == "eliminated":
                self.gone.add(tuple(key[1:]))

    def sees(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when two cells share a row, column or box."""
        region = self.region_of.get(a)
        return a != b and (a[0] == b[0] or a[1] == b[1] or (region is not None and region == self.region_of.get(b)))

    def candidates(self, r: int, c: int) -> set[int]:
        """The digits the reason leaves a cell: its own when placed, else those no seen cell holds."""
        if (r, c) in self.values:
            return {self.values[(r, c)]}
        held = {d for cell, d in self.values.items() if self.sees(cell, (r, c))}
        return {d for d in range(1, self.size + 1) if d not in held and (r, c, d) not in self.gone}

    def places(self, unit: list[tuple[int, int]], d: int) -> list[tuple[int, int]]:
        """The cells of a unit the reason leaves open to d (a cell holding d included)."""
        return [cell for cell in unit if d in self.candidates(*cell)]


def _naked(seen: _Seen, unit, cell, v: int, k: int) -> bool:
    """k other open cells of the unit whose candidates, v among them, are k digits in all."""
    from itertools import combinations

    open_cells = [x for x in unit if x != cell and x not in seen.values]
    return any(len(digits) == k and v in digits
               for group in combinations(open_cells, k)
               for digits in [set().union(*(seen.candidates(*x) for x in group))])


def _hidden(seen: _Seen, unit, cell, v: int, k: int) -> bool:
    """k digits other than v whose places in the unit are k cells in all, the cell among them."""
    from itertools import combinations

    free = [d for d in range(1, seen.size + 1) if d != v and d not in {seen.values.get(x) for x in unit}]
    return any(len(cells) == k and cell in cells
               for digits in combinations(free, k)
               for cells in [set().union(*(seen.places(unit, d) for d in digits))])

