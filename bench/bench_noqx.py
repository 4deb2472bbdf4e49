"""gridlogic against Noqx's own solver programs (clingo) on the same real puzzles, side by side in one
run: per genre, the ratio gridlogic/Noqx of the CPU time of solve with uniqueness (the goal: at most 1×).

    NOQX_DIR=/path/to/noqx NOQX_PYTHON=/path/to/noqx-venv/bin/python \\
        PYTHONPATH=pysrc .venv/bin/python bench/bench_noqx.py [--repeat N] [--only KEY,...] [--limit S]
            [--gridlogic-limit S] [--noqx-defaults]

Setting Noqx up, outside this repository (github T0nyX1ang/noqx; the figures in docs/benchmarks.md are
of its commit 0f59813, version 0.8.5, with clingo 5.8.0, the version its uv.lock pins):

    git clone https://github.com/T0nyX1ang/noqx /path/to/noqx
    python3 -m venv /path/to/noqx-venv && /path/to/noqx-venv/bin/pip install clingo==5.8.0

Without NOQX_DIR (a checkout holding noqx/clingo.py and solver/) or NOQX_PYTHON (a Python that imports
clingo) the benchmark says so and stops.

The puzzles: those of bench_local.py, bench_loops.py, bench_shading.py, bench_paths.py, bench_regions.py,
bench_areas.py (its links) and bench_creek.py, the real puzzles the genres'
tests name (their pzprjs test URLs, Tatham IDs, Noqx's examples, the large ones made there), and Noqx's
own puzz.link examples of each genre (with the parameters Noqx gives them: heyawake's fast mode, and a
2×2 limit on one; --noqx-defaults leaves them at Noqx's defaults). A link gridlogic does not read is
named and skipped. Noqx reads puzz.link URLs in its page (penpa-edit's JavaScript
turns them into penpa data), not in Python, so each puzzle is read once by gridlogic (`parse`, untimed)
and handed to Noqx as the fields of its `Puzzle` (cells, numbers, symbols, room borders, outside
clues), which `bench/noqx_driver.py` fills and solves in Noqx's Python: Noqx is never imported here.

Timed on each side, best of --repeat (default 2), CPU seconds (time.process_time):
- gridlogic: `api.handle` `solve` with `count`, limit 2 (parse, encode, both SAT questions; numberlink's kept
  verdicts dropped before each, so every repeat is a first solve);
- Noqx: its genre's program generated from the Puzzle and solved by its ClingoSolver asked for at most
  2 models (grounding and search; penpa decoding left out).
Genre by genre, gridlogic's puzzles then Noqx's in one subprocess; a Noqx solve past --limit seconds
(wall clock, default 120) is stopped and shown as such; gridlogic's solve has the budget of its request,
--gridlogic-limit seconds (default: a request's, 60; its SAT calls run in bounded pieces), and is shown
stopped past it. Both must find the puzzle unique (or both not
unique), and their answers must agree: the cells shaded or holding a light, tent, star, number or
triangle (by the corner it fills), the line segments in doubled coordinates for the loop and border genres
(with their count for hashiwokakero's bridges), or both for yajilin. Last, per genre: the median, least and
greatest ratio over its puzzles and the ratio of the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests")]

import bench_areas  # noqa: E402 - their puzzle lists are reused, not copied
import bench_creek  # noqa: E402
import bench_local  # noqa: E402
import bench_loops  # noqa: E402
import bench_paths  # noqa: E402
import bench_regions  # noqa: E402
import bench_shading  # noqa: E402

from gridlogic import api  # noqa: E402
from gridlogic.budget import DEFAULT_MS  # noqa: E402
from gridlogic.codecs import puzzlink  # noqa: E402
from gridlogic.kinds import numberlink  # noqa: E402

DRIVER = ROOT / "bench" / "noqx_driver.py"
BLACK = 2                                  # Noqx's Color.BLACK
# The test modules' names for their real puzzles (a string, or a list or dict of them).
TEST_PUZZLES = ("PZPRJS_URL", "NOQX_URL", "NOQX_URLS", "REAL", "TATHAM", "TATHAM_ID", "BIG", "CSPUZ_URL", "JANKO_URL",
                "LARGER", "OTHER_URLS", "BENCH_URL", "MADE_20")


# -- gridlogic's reading of a puzzle as the fields of Noqx's Puzzle --------------------------------------
def _cells(state):
    for i, value in enumerate(state["cells"]):
        if value:
            yield divmod(i, state["cols"]) + (value,)


def numbers(state, out):
    """Numbers in cells ("?" kept as Noqx's unknown number)."""
    out["text"] += [[r, c, int(v) if v.isdigit() else v] for r, c, v in _cells(state) if v.isdigit() or v == "?"]


def walls(state, out):
    """Black cells, numbered or not (light up's walls, simple loop's blocks)."""
    out["surface"] += [[r, c, BLACK] for r, c, v in _cells(state) if v in "#X" or v.isdigit()]


def symbols(names):
    """Cell letters as Noqx's symbols (trees, pearls)."""
    def read(state, out):
        out["symbol"] += [[r, c, names[v]] for r, c, v in _cells(state) if v in names]
    return read


def vertex_clues(state, out):
    """Numbers on the grid's vertices (creek), each on the cell whose top left corner it is (Noqx's top_left)."""
    out["text"] += [[y // 2, x // 2, int(v), "normal", "top_left"] for y, x, v in state["parts"]["clues"]["clue"]
                    if v.isdigit()]


ARROW_SIDES = {"^": "top", "<": "left", ">": "right", "v": "bottom"}


def arrows(state, out):
    """Yajilin's clue cells: an arrow's number labelled by its side as Noqx's arrow_<side>, a clue without a
    number (? or a bare arrow) as "?" (a clue cell, counting nothing)."""
    for r, c, v in _cells(state):
        number = v[1:] if v[:1] in ARROW_SIDES else ""
        out["text"].append([r, c, int(number), f"arrow_{ARROW_SIDES[v[0]]}"] if number.isdigit() else [r, c, "?"])


def outside(state, out):
    """Clues outside the grid, in the rows and columns just beyond it."""
    rows, cols = state["rows"], state["cols"]
    place = {"cols": lambda i: (-1, i), "top": lambda i: (-1, i), "bottom": lambda i: (rows, i),
             "rows": lambda i: (i, -1), "left": lambda i: (i, -1), "right": lambda i: (i, cols)}
    for side, values in state.get("edges", {}).items():
        out["text"] += [[*place[side](i), int(v)] for i, v in enumerate(values) if v.isdigit()]


def rooms(state, out):
    """Room borders (Noqx's left and top edges of a cell) and each room's number on its first cell."""
    room = {}
    for n, part in enumerate(state["parts"]["rooms"]):
        cells = sorted(map(tuple, part["cells"]))
        room.update(dict.fromkeys(cells, n))
        if str(part.get("value") or "").isdigit():
            out["text"].append([*cells[0], int(part["value"])])
    out["edge"] += [[r, c, "left"] for (r, c), n in room.items() if c and room[r, c - 1] != n]
    out["edge"] += [[r, c, "top"] for (r, c), n in room.items() if r and room[r - 1, c] != n]


def tapa_clues(state, out):
    """Each number of a cell's clue as a text of its own, labelled by its place as Noqx's tapa clues are."""
    out["text"] += [[r, c, int(n) if n.isdigit() else n, f"tapa_{i}"] for r, c, v in _cells(state)
                    for i, n in enumerate(v.replace(",", ""))]


def pieces(state, out):
    """Statue park's set of pieces as Noqx's shape set: a named set as Noqx's preset, else each piece's rows of 1
    (a cell) and 0, joined by |."""
    given = state["extras"]["pieces"]
    preset = {"tetrominoes": "tetro", "pentominoes": "pento"}.get(given)
    out["param"]["shapeset"] = preset or [
        {"shape": "|".join(row.replace("#", "1").replace(".", "0") for row in piece.split("/")), "count": 1}
        for piece in given.split()]


# One line per genre: gridlogic's key: (its pzprjs pid, Noqx's solver module, the readers of its Puzzle's fields, the
# atom Noqx shows its answer by (or the atoms, together), the mark of that answer in gridlogic's solution text: a
# cell's mark, None for digits, or a table from marks to values: shakashaka's triangles by the corner they fill,
# hashiwokakero's bridges by their count, on the steps between cells).
TRIANGLES = {"◤": "top_left", "◥": "top_right", "◣": "bottom_left", "◢": "bottom_right"}
BRIDGES = {"-": 1, "|": 1, "=": 2, "H": 2}
GENRES = {
    "lightup": ("lightup", "akari", (walls, numbers), "sun_moon__3", "*"),
    "tents": ("tents", "tents", (symbols({"T": "tents__1"}), outside), "tents__2", "A"),
    "skyscrapers": ("skyscrapers", "skyscrapers", (numbers, outside), "number", None),
    "kurodoko": ("kurodoko", "kurodoko", (numbers,), "black", "#"),
    "slitherlink": ("slither", "slitherlink", (numbers,), "edge", None),
    "masyu": ("mashu", "masyu", (symbols({"W": "circle_L__1", "B": "circle_L__2"}),), "line_io", None),
    "simpleloop": ("simpleloop", "simpleloop", (walls,), "line_io", None),
    "nurikabe": ("nurikabe", "nurikabe", (numbers,), "black", "#"),
    "hitori": ("hitori", "hitori", (numbers,), "black", "#"),
    "heyawake": ("heyawake", "heyawake", (rooms,), "gray", "#"),
    "starbattle": ("starbattle", "starbattle", (rooms,), "star__2", "#"),
    "numberlink": ("numlin", "numlin", (numbers,), "line_io", None),
    "norinori": ("norinori", "norinori", (rooms,), "gray", "#"),
    "lits": ("lits", "lits", (rooms,), "gray", "#"),
    "aquarium": ("aquarium", "aquarium", (rooms, outside), "blue", "#"),
    "cave": ("cave", "cave", (numbers,), "black", "#"),
    "yinyang": ("yinyang", "yinyang", (symbols({"W": "circle_M__1", "B": "circle_M__2"}),), "circle_M__2", "#"),
    "country": ("country", "country", (rooms,), "line_io", None),
    "geradeweg": ("geradeweg", "geradeweg", (numbers,), "line_io", None),
    "ripple": ("ripple", "ripple", (rooms, numbers), "number", None),
    "koburin": ("koburin", "koburin", (numbers,), "black", "#"),
    "fillomino": ("fillomino", "fillomino", (numbers,), ("number", "numberx"), None),
    "shikaku": ("shikaku", "shikaku", (numbers,), "edge", None),
    "araf": ("araf", "araf", (numbers,), "edge", None),
    "tapa": ("tapa", "tapa", (tapa_clues,), "black", "#"),
    "statuepark": ("statuepark", "statuepark", (symbols({"W": "circle_M__1", "B": "circle_M__2"}), pieces), "gray",
                   "#"),
    "shakashaka": ("shakashaka", "shakashaka", (walls, numbers), "triangle", TRIANGLES),
    "yajilin": ("yajilin", "yajilin", (arrows,), ("black", "line_io"), "#"),
    "creek": ("creek", "creek", (vertex_clues,), "gray", "#"),
    "hashi": ("hashikake", "hashi", (numbers,), "line_io", BRIDGES),
}
# Noqx's parameters that make its genre's rules gridlogic's (numberlink: cells may stay empty, a 2×2 of lines
# allowed, as in pzprjs's numlin; LITS without its inverse variant), over those its examples carry.
NOQX_RULES = {"numberlink": {"visit_all": False, "no_2x2": False}, "lits": {"invlitso": False}}


def noqx_job(key: str, state: dict, config: dict, repeat: int, limit: float) -> dict:
    _, module, readers, _, _ = GENRES[key]
    job = {"module": module, "rows": state["rows"], "cols": state["cols"],
           "param": {**state.get("extras", {}), **config, **NOQX_RULES.get(key, {})},
           "surface": [], "text": [], "symbol": [], "edge": [],
           "repeat": repeat, "limit": limit}
    for read in readers:
        read(state, job)
    return job


# -- the answers, compared ------------------------------------------------------------------------------
SIDE = {"top": (-1, 0), "bottom": (1, 0), "left": (0, -1), "right": (0, 1)}


def noqx_answer(key: str, atoms: list[str]) -> set:
    """Noqx's first model as cells (r, c), cells' values (r, c, value) or segments (y, x) in doubled coordinates
    (with hashiwokakero's count of bridges, (y, x, n))."""
    names = GENRES[key][3]
    names = names if isinstance(names, tuple) else (names,)
    out = set()
    for atom in atoms:
        head, _, args = atom.partition("(")
        if head not in names:
            continue
        r, c, *more = (a.strip('"') for a in args.rstrip(")").split(","))
        r, c = int(r), int(c)
        if head == "edge":                     # a vertex's line right (top) or down (left)
            out.add((2 * r, 2 * c + 1) if more[0] == "top" else (2 * r + 1, 2 * c))
        elif head == "line_io":                # a cell's line out of one side (and its count of bridges)
            dy, dx = SIDE[more[0]]
            out.add((2 * r + 1 + dy, 2 * c + 1 + dx, *map(int, more[1:])))
        else:
            out.add((r, c, int(more[0]) if more[0].isdigit() else more[0]) if more else (r, c))
    return out


def gridlogic_answer(key: str, solution: str, rows: int, cols: int) -> set:
    """gridlogic's solution text in the same terms: its drawn lines (and bridges), its marked cells, its digits."""
    names, mark = GENRES[key][3:]
    names = names if isinstance(names, tuple) else (names,)
    lines = solution.strip("\n").splitlines()
    out = set()
    if "edge" in names or "line_io" in names:
        if isinstance(mark, dict):             # bridges: their count, on the steps between cells
            return {(y, x, mark[ch]) for y, line in enumerate(lines) for x, ch in enumerate(line)
                    if ch in mark and (y + x) % 2}
        out = {(y, x) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch in "-|"}
        if mark is None:
            return out
    if lines[0].startswith("+"):                 # a drawing on the lattice: cell (r, c) at line 2r+1, column 2c+1
        return out | {(r, c) for r in range(rows) for c in range(cols) if lines[2 * r + 1][2 * c + 1:2 * c + 2] == mark}
    grid = []
    for line in [line for line in lines if line.strip()][-rows:]:
        words = line.split()
        grid.append(words[:cols] if len(words) >= cols else list(line[:cols]))
    if mark is None:
        return {(r, c, int(v)) for r, row in enumerate(grid) for c, v in enumerate(row) if v.isdigit()}
    if isinstance(mark, dict):
        return {(r, c, mark[v]) for r, row in enumerate(grid) for c, v in enumerate(row) if v in mark}
    return {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == mark}


# -- the puzzles --------------------------------------------------------------------------------------
def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [text for item in value for text in _texts(item)]


def puzzles(keys, noqx_examples: dict) -> list[tuple[str, str, str, dict]]:
    """(gridlogic key, source, text, Noqx's parameters) of every puzzle, each once. Noqx's examples come
    first and keep the parameters Noqx gives them (heyawake's fast mode)."""
    found = []
    for key in keys:
        for link, config in noqx_examples.get(GENRES[key][1], []):
            _, cols, rows, body = puzzlink.split_url(link)      # Noqx's pid may be an alias (akari, masyu)
            found.append((key, "Noqx example", puzzlink.url(GENRES[key][0], cols, rows, body), config))
    found += [(kind, f"bench_local {name}", text, {}) for kind, name, text in bench_local.cases()]
    found += [(None, f"bench_loops {label}", url, {}) for label, url in bench_loops.PUZZLES]
    found += [(None, "bench_shading", url, {}) for url in bench_shading.PUZZLES]
    found += [(None, f"bench_paths {label}", url, {}) for label, url in bench_paths.PUZZLES]
    found += [(None, "bench_regions", url, {}) for url in bench_regions.PUZZLES]
    found += [(None, "bench_areas", url, {}) for url in bench_areas.PUZZLES if "://" in url]
    found += [(None, "bench_creek", url, {}) for url in bench_creek.PUZZLES]
    for key in keys:
        test = __import__(f"test_{key}")
        found += [(key, f"test_{key}", text, {}) for name in TEST_PUZZLES for text in _texts(getattr(test, name, []))]
    out, seen = [], set()
    for key, source, text, config in found:
        imported = api.handle({"op": "link_import", "url": text})
        if imported["ok"]:                            # a link or game ID, read untimed, as its text
            key, text = imported["result"]["kind"], imported["result"]["text"]
        elif "://" in text:
            print(f"skipped ({source}): gridlogic does not read {text[:60]}: {imported['error']['message']}")
            continue
        if key in keys and text not in seen:
            seen.add(text)
            out.append((key, source, text, config))
    return out


# -- measuring ------------------------------------------------------------------------------------------
def gridlogic_cpu(key: str, text: str, repeat: int, limit: float) -> tuple[float | None, dict]:
    best, result = float("inf"), None
    budget = {"budget_ms": int(limit * 1000)}
    for _ in range(repeat):
        numberlink._VERDICTS.clear()        # each repeat a first solve: numberlink keeps its last verdicts
        start = time.process_time()
        result = api.handle({"op": "solve", "kind": key, "text": text, "count": True, "limit": 2,
                             "render": False, **budget})["result"]
        if result["status"] not in ("unique", "multiple", "none"):
            return None, result                       # stopped at the limit: no time
        best = min(best, time.process_time() - start)
    return best, result


def run_noqx(noqx_dir: str, python: str, *args: str, jobs=None):
    done = subprocess.run([python, str(DRIVER), noqx_dir, *args], input=json.dumps(jobs or []), text=True,
                          capture_output=True, check=False)
    if done.returncode:
        sys.exit(f"bench_noqx: Noqx's driver failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def noqx_setup() -> tuple[str, str] | None:
    noqx_dir, python = os.environ.get("NOQX_DIR", ""), os.environ.get("NOQX_PYTHON", "")
    if not noqx_dir or not (Path(noqx_dir) / "noqx" / "clingo.py").is_file():
        print("bench_noqx: skipped: set NOQX_DIR to a Noqx checkout (github T0nyX1ang/noqx): see the docstring")
        return None
    if not python or subprocess.run([python, "-c", "import clingo"], capture_output=True).returncode:
        print("bench_noqx: skipped: set NOQX_PYTHON to a Python that imports clingo (a venv with clingo==5.8.0)")
        return None
    return noqx_dir, python


def measure(key: str, mine: list, noqx: tuple[str, str], args) -> tuple:
    """One genre: gridlogic on each of its puzzles, then Noqx on them all; prints a row a puzzle and
    answers (puzzles measured, Noqx stopped, agreeing, ratios, gridlogic's total, Noqx's total)."""
    states, times, results = [], [], []
    for _, text, _ in mine:
        states.append(api.handle({"op": "parse", "kind": key, "text": text})["result"]["state"])
        took, result = gridlogic_cpu(key, text, args.repeat, args.gridlogic_limit)
        times.append(took)
        results.append(result)
    jobs = [noqx_job(key, state, config, args.repeat, args.limit) for state, (_, _, config) in zip(states, mine)]
    theirs = run_noqx(*noqx, "solve", jobs=jobs)
    ratios, agree, stopped, mine_total, their_total = [], 0, 0, 0.0, 0.0
    for (source, _, config), state, took, result, noqx_out in zip(mine, states, times, results, theirs):
        config = {k: v for k, v in config.items() if k not in NOQX_RULES.get(key, {})}      # those that hold
        source += f" (Noqx: {', '.join(f'{k} {v}' for k, v in config.items())})" if config else ""
        mine_ms = f"> {args.gridlogic_limit:.0f} s wall" if took is None else f"{took * 1000:.1f}"
        row = f"| {key} | {source} | {state['cols']}×{state['rows']} | {mine_ms} |"
        if noqx_out["cpu"] is None:
            stopped += 1
            print(f"{row} > {args.limit:.0f} s wall | – | Noqx stopped{', gridlogic too' if took is None else ''} |",
                  flush=True)
            continue
        if took is None:
            print(f"{row} {noqx_out['cpu'] * 1000:.1f} | – | gridlogic stopped |", flush=True)
            continue
        unique = result["status"] == "unique" and noqx_out["models"] == 1
        same = unique and gridlogic_answer(key, result["solution"], state["rows"], state["cols"]) == \
            noqx_answer(key, noqx_out["atoms"])
        both_multiple = result["status"] == "multiple" and noqx_out["models"] == 2
        verdict = "same" if same else "both: not unique" if both_multiple else \
            f"DIFFER (gridlogic {result['status']}, Noqx {noqx_out['models']} models)"
        agree += same or both_multiple
        ratios.append(took / noqx_out["cpu"])
        mine_total, their_total = mine_total + took, their_total + noqx_out["cpu"]
        print(f"{row} {noqx_out['cpu'] * 1000:.1f} | {ratios[-1]:.2f}× | {verdict} |", flush=True)
    return len(ratios), stopped, agree, ratios, mine_total, their_total


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="best of N on each side (default: %(default)s)")
    parser.add_argument("--only", default="", help="comma-separated gridlogic keys (default: every genre)")
    parser.add_argument("--noqx-defaults", action="store_true", help="Noqx's default parameters on its own "
                        "examples too (not the fast mode and limits they carry)")
    parser.add_argument("--limit", type=float, default=120, help="Noqx's time limit a puzzle, wall-clock seconds "
                        "(default: %(default)s)")
    parser.add_argument("--gridlogic-limit", type=float, default=DEFAULT_MS / 1000, help="gridlogic's time limit "
                        "a puzzle, wall-clock seconds: the request's budget (default: a request's, %(default)s)")
    args = parser.parse_args(argv)
    noqx = noqx_setup()
    if noqx is None:
        return
    keys = [key for key in GENRES if not args.only or key in args.only.split(",")]
    examples = run_noqx(*noqx, "examples", *{GENRES[key][1] for key in keys})
    if args.noqx_defaults:
        examples = {name: [[link, {}] for link, _ in links] for name, links in examples.items()}
    all_puzzles = puzzles(keys, examples)
    print("| genre | source | size | gridlogic ms | Noqx ms | gridlogic/Noqx | answers |")
    print("|---|---|---|---:|---:|---:|---|")
    summary = [(key, measure(key, [p[1:] for p in all_puzzles if p[0] == key], noqx, args)) for key in keys]
    print("\n| genre | puzzles | median gridlogic/Noqx | min | max | of the totals | Noqx stopped | agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for key, (count, stopped, agree, ratios, mine_total, their_total) in summary:
        if ratios:
            spread = " | ".join(f"{f(ratios):.2f}×" for f in (statistics.median, min, max))
            print(f"| {key} | {count} | {spread} | {mine_total / their_total:.2f}× | {stopped} | {agree} of {count} |")


if __name__ == "__main__":
    main(sys.argv[1:])
