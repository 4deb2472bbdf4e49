"""The sudoku's constraints and irregular regions as typed parts (kinds/sudoku/parts.py): the layout's
parts, the round trip through the state for every constraint type (real f-puzzles and SudokuPad
links, and text for the types none of them uses), errors at the item, the retired `drawn` extra, and
symmetry classes that move the parts with the grid."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from gridlogic import api, symmetry
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.layout import check_layout, move_parts, parts_key, read_state
from gridlogic.kinds.sudoku import parts as sudoku_parts
from gridlogic.kinds.sudoku.grid import Puzzle

REAL = json.loads((Path(__file__).parent / "data" / "variant_links.json").read_text())["links"]
LAYOUT = sudoku.layout()
EMPTY_9 = "\n".join(["........."] * 9)
# Every type the real links do not use, on one 9×9 grid (and a few that they do, with values)
OTHERS = EMPTY_9 + """
doublearrow: r1c1 r1c2 r1c3 r1c4
dutchwhispers: r2c1 r2c2 r2c3
dutchwhispers 3: r9c1 r9c2
modular: r3c1 r3c2 r3c3
extraregion: r4c4 r4c5 r5c4
rowindexer: r6c1 r7c1
columnindexer: r1c9
boxindexer: r8c8 r8c9
whispers 4: r5c6 r5c7 r6c8
white 2: r9c5 r9c6
black 3: r8c5 r8c6
quadruple 1 9 9: r3c7 r3c8 r4c7 r4c8
littlekiller 12 UL: r10c10
"""


def key_of(c: drawn.Constraint) -> tuple:
    """A constraint as compared: a dot's cells in any order."""
    cells = tuple(sorted(c.cells)) if sudoku_parts.PART_OF[c.type] == "dots" else c.cells
    return c.type, cells, c.value, c.more, c.digits, c.direction


def test_the_layout_has_a_part_for_every_constraint_type_and_no_drawn_extra():
    check_layout(LAYOUT)
    assert "extras" not in LAYOUT and sudoku.RETIRED_EXTRAS == ("drawn",)
    assert [part["key"] for part in LAYOUT["parts"]] == ["cages", "lines", "dots", "outside", "shapes", "regions"]
    names = [choice["name"] for part in LAYOUT["parts"][:-1] for choice in part["choices"]]
    assert sorted(names) == sorted(drawn.TYPES)
    choice = {c["name"]: c for part in LAYOUT["parts"] for c in part["choices"]}
    assert choice["killer"]["value"] == "optional" and choice["sandwich"]["value"] == "number"
    assert choice["quadruple"] == {"name": "quadruple", "label": "Quadruple (digits in the four cells)",
                                   "value": "digits", "look": "circle", "min_cells": 4, "max_cells": 4}
    assert choice["arrow"]["more"] == "line" and choice["arrow"]["max_cells"] == 3 and choice["clone"]["more"] == "copy"
    assert choice["littlekiller"]["directions"] and choice["x"]["letter"] == "X"
    assert choice["renban"]["reversible"] and "reversible" not in choice["thermo"]


def _round_trip(puzzle: Puzzle) -> dict:
    state = sudoku.to_state(puzzle)
    assert read_state(LAYOUT, state) == state
    again = sudoku.from_state(state, puzzle.rules)
    assert sorted(map(key_of, again.constraints)) == sorted(map(key_of, puzzle.constraints))
    assert (again.givens, again.regions, again.rules) == (puzzle.givens, puzzle.regions, puzzle.rules)
    assert sudoku.to_state(again) == state
    return state


@pytest.mark.parametrize("link", REAL, ids=lambda x: x["name"][:40])
def test_a_real_link_round_trips_through_the_state(link):
    result = api.handle({"op": "link_import", "url": link["url"]})["result"]
    puzzle = sudoku.parse(result["text"], rules=result["rules"])
    assert _round_trip(puzzle) == result["state"]
    items = sum(len(items) for items in result["state"]["parts"].values())
    assert items >= len(puzzle.constraints) > 0


def test_every_constraint_type_round_trips_through_the_state():
    seen = {c.type for link in REAL
            for c in sudoku.parse(api.handle({"op": "link_import", "url": link["url"]})["result"]["text"]).constraints}
    others = sudoku.parse(OTHERS)
    assert seen | {c.type for c in others.constraints} == set(drawn.TYPES)
    state = _round_trip(others)
    assert {"name": "quadruple", "cells": [[2, 6], [2, 7], [3, 6], [3, 7]], "value": "199"} in state["parts"]["dots"]
    assert {"name": "littlekiller", "cells": [[9, 9]], "value": "12", "direction": "UL"} in state["parts"]["outside"]
    assert {"name": "dutchwhispers", "cells": [[8, 0], [8, 1]], "value": "3"} in state["parts"]["lines"]


def test_a_value_its_type_has_no_use_for_is_left_out():
    puzzle = sudoku.parse(EMPTY_9 + "\nrenban 3: r1c1 r1c2\nkiller: r2c2\n")
    assert [c.value for c in puzzle.constraints] == [3, None]
    assert sudoku.to_state(puzzle)["parts"]["lines"] == [{"name": "renban", "cells": [[0, 0], [0, 1]]}]


@pytest.mark.parametrize("text", ["....\n....\n....\n....\nregions:\nAABB\nACBB\nACDD\nCCDD\n",
                                  "....\n....\n....\n....\nregions:\nAB..\nBA..\n....\n....\n",
                                  "....\n....\n....\n....\nregions:\n....\n....\n....\n....\n"])
def test_irregular_regions_are_region_items_and_solve_as_the_text(text):
    puzzle = sudoku.parse(text)
    state = _round_trip(puzzle)
    names = [item["name"] for item in state["parts"]["regions"]]
    assert names == (["noregion"] if max(puzzle.regions) < 0 else ["region"] * (max(puzzle.regions) + 1))
    by_text = api.handle({"op": "solve", "kind": "sudoku", "text": text, "count": True, "limit": 1000})["result"]
    by_state = api.handle({"op": "solve", "kind": "sudoku", "state": state, "count": True, "limit": 1000})["result"]
    assert by_state["count"] == by_text["count"] > 0


@pytest.mark.parametrize("key,item,message", [
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "12345"},
     "Dots, item 2: a quadruple holds 1 to 4 digits of 1..4, not '12345'"),
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "5"},
     "Dots, item 2: a quadruple holds 1 to 4 digits"),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]]}, "Cages and groups, item 2: clone: "
     "needs its copy: 2 more cells in the same shape"),
    ("regions", {"name": "region", "cells": [[0, 0], [3, 3]]}, "Irregular regions, item 2: r1c1 is in item 1 already"),
    ("regions", {"name": "region", "cells": [[3, 0], [3, 1], [3, 2], [3, 3], [2, 3]]},
     "Irregular regions, item 2: a region holds 5 cells; a 4×4 sudoku has 4 digits"),
])
def test_the_kind_refuses_an_item_at_its_part_and_index(key, item, message):
    first = {"dots": {"name": "x", "cells": [[2, 2], [2, 3]]}, "regions": {"name": "region", "cells": [[0, 0]]},
             "cages": {"name": "killer", "cells": [[3, 3]]}}[key]
    state = {"rows": 4, "cols": 4, "cells": [""] * 16, "parts": {key: [first, item]}}
    error = api.handle({"op": "parse", "kind": "sudoku", "state": state})["error"]
    assert error["message"].startswith(message)
    assert error["where"] == {"part": key, "index": 1, "cells": item["cells"]}


def test_a_state_with_the_retired_drawn_extra_is_upgraded():
    text = EMPTY_9 + "\nkiller 17: r1c1 r1c2\nthermo: r5c5 r6c6\nregions:\n" + "\n".join(
        "".join("ABCDEFGHI"[(r // 3) * 3 + c // 3] for c in range(9)) for r in range(9)) + "\nrules: knight\n"
    puzzle = sudoku.parse(text)
    old = {"rows": 9, "cols": 9, "cells": [""] * 81, "extras": {"drawn": text.split("\n", 9)[9]}}
    new, rules = sudoku.upgrade_state(old)
    assert rules == ["knight"] and "extras" not in new and new == sudoku.to_state(puzzle)
    assert sudoku.from_state(new, rules) == sudoku.from_state(read_state(LAYOUT, new), rules) == puzzle
    blank = {"rows": 4, "cols": 4, "cells": ["1"] + [""] * 15, "extras": {"drawn": ""}}
    assert sudoku.upgrade_state(blank) == ({"rows": 4, "cols": 4, "cells": blank["cells"],
                                            "parts": {part["key"]: [] for part in LAYOUT["parts"]}}, [])


# -- symmetry -------------------------------------------------------------------------------------
ALL_TYPES = sudoku.parse(OTHERS + """killer 10: r1c5 r2c5
arrow: r5c1 r5c2; r6c3 r7c3
thermo: r7c5 r7c6 r8c7
slowthermo: r9c8 r9c9
palindrome: r6c4 r7c4
renban: r2c7 r2c8
between: r4c1 r4c2 r4c3
regionsum: r5c8 r5c9
entropic: r6c9 r7c9
zipper: r1c7 r1c8
x: r3c5 r3c6
v: r4c9 r5c9
sandwich 5: r0c3
xsum 7: r4c10
skyscraper 3: r10c2
clone: r2c4; r8c4
odd: r6c6
even: r6c5
minimum: r7c7
maximum: r8c1
""")


@pytest.mark.parametrize("move", symmetry.MOVES, ids=lambda m: m.name)
def test_a_turned_puzzles_constraints_are_the_moved_items(move):
    def place(cell):
        return move.place(cell[0], cell[1], 9, 9)

    constraints = tuple(drawn.moved(c, place) for c in ALL_TYPES.constraints)
    turned = Puzzle(9, (3, 3), ALL_TYPES.givens, (), None, constraints)
    state = sudoku.to_state(ALL_TYPES)
    moved = move_parts(LAYOUT, state["parts"], move, 9, 9)
    assert parts_key(LAYOUT, moved) == parts_key(LAYOUT, sudoku.to_state(turned)["parts"])
    assert (parts_key(LAYOUT, moved) == parts_key(LAYOUT, state["parts"])) == (move == symmetry.IDENTITY)


def test_symmetry_finds_the_moves_that_keep_the_parts():
    """Two renban lines swapped by a half turn are read either way; thermometers are not; a little
    killer's direction turns with it; an indexer keeps no move but the identity; irregular regions
    keep the moves that map them onto themselves."""
    def moves(text: str) -> list[str]:
        return [m.name for m in symmetry.moves_of(sudoku, sudoku.parse("\n".join(["...."] * 4) + "\n" + text))]

    assert moves("renban: r1c1 r1c2\nrenban: r4c3 r4c4") == ["identity", "rotate 180"]
    assert moves("renban: r1c1 r1c2\nrenban: r4c4 r4c3") == ["identity", "rotate 180"]
    assert moves("thermo: r1c1 r1c2\nthermo: r4c4 r4c3") == ["identity", "rotate 180"]
    assert moves("thermo: r1c1 r1c2\nthermo: r4c3 r4c4") == ["identity"]
    assert moves("littlekiller 5 DR: r0c0\nlittlekiller 5 UL: r5c5") == ["identity", "rotate 180", "transpose",
                                                                           "anti-transpose"]
    assert moves("rowindexer: r1c1 r4c4") == ["identity"]
    assert moves("regions:\nAABB\nAABB\nCCDD\nCCDD") == [m.name for m in symmetry.MOVES]
    assert moves("regions:\nAABB\nACBB\nACDD\nCCDD") == ["identity"]


def test_classes_of_a_jigsaw_that_a_half_turn_keeps_agree_with_brute_force():
    text = "....\n....\n....\n....\nregions:\nAAAB\nABBB\nCCCD\nCDDD\n"
    regions = sudoku.parse(text).regions
    groups = [[i for i in range(16) if regions[i] == k] for k in range(4)]
    rows = list(itertools.permutations(range(1, 5)))
    grids = [g for a, b, c, d in itertools.product(rows, repeat=4) for g in [a + b + c + d]
             if all(len({g[r * 4 + c] for r in range(4)}) == 4 for c in range(4))
             and all(len({g[i] for i in group}) == 4 for group in groups)]
    answer = api.handle({"op": "solve", "kind": "sudoku", "state": sudoku.to_state(sudoku.parse(text)), "count": True,
                         "limit": 1000, "symmetry": True, "render": False})["result"]
    assert answer["symmetries"] == ["identity", "rotate 180"]
    assert answer["count"] == len(grids) > 0
    orbits = {min(g, g[::-1]) for g in grids}
    assert answer["classes"] == len(orbits)
    assert answer["class_sizes"] == {str(n): k for n, k in (
        (1, sum(g == g[::-1] for g in grids)), (2, sum(min(g, g[::-1]) == g != g[::-1] for g in grids))) if k}
