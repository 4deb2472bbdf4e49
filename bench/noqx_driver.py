"""Noqx's side of bench/bench_noqx.py, run by Noqx's own Python (its clingo) in a process of its own.

    NOQX_PYTHON bench/noqx_driver.py NOQX_DIR examples MODULE...   # its puzz.link examples, as JSON
    NOQX_PYTHON bench/noqx_driver.py NOQX_DIR solve < jobs.json     # CPU seconds and models, as JSON

A job is one puzzle in the fields of Noqx's `Puzzle` (module, rows, cols, param over the module's
defaults, and lists of [r, c, ...] for surface, text, symbol and edge, as bench_noqx writes them from
gridlogic's reading of the link; a text may carry a label after its value, tapa's "tapa_0" or yajilin's
"arrow_top", and then a side of its cell, creek's "top_left" for a number on the cell's top left corner), a repeat
count and a time limit in seconds (wall clock). Each run builds the Puzzle, generates the genre's program
(`manager.generate_program`) and solves it with Noqx's `ClingoSolver` asked for at most 2 models: solve
with uniqueness, penpa decoding left out. Its answer
per job: the best CPU seconds (time.process_time, clingo's solving thread included), the number of
models (2 or more means not unique) and the first model's atoms; a run stopped at the limit gives no
time (null) and no models.
"""

from __future__ import annotations

import json
import sys
import time


def main(argv: list[str]) -> None:
    sys.path.insert(0, argv[0])
    from noqx.clingo import ClingoSolver, Config
    from noqx.manager import generate_program, load_solver, modules
    from noqx.puzzle import Point, Puzzle

    if argv[1] == "examples":
        for name in argv[2:]:
            load_solver("solver", name)
        print(json.dumps({name: [[ex["url"], ex.get("config", {})] for ex in modules[name].examples if "url" in ex]
                          for name in argv[2:]}))
        return
    Config.max_solutions_to_find = 2
    out = []
    for job in json.load(sys.stdin):
        name = job["module"]
        if name not in modules:
            load_solver("solver", name)
        best, models = float("inf"), []
        Config.time_limit = job["limit"]
        for _ in range(job["repeat"]):
            param = {**{k: v["default"] for k, v in modules[name].parameters.items()}, **job["param"]}
            puzzle = Puzzle(name, "", {k: str(v) if str(v).isdigit() else v for k, v in param.items()})
            puzzle.row, puzzle.col = job["rows"], job["cols"]
            for r, c, color in job["surface"]:
                puzzle.surface[Point(r, c)] = color
            for r, c, value, *more in job["text"]:        # [r, c, value, label, side]: the last two optional
                puzzle.text[Point(r, c, *more[1:2] or ["center"], *more[:1] or ["normal"])] = value
            for r, c, symbol in job["symbol"]:
                puzzle.symbol[Point(r, c)] = symbol
            for r, c, side in job["edge"]:
                puzzle.edge[Point(r, c, side)] = True
            start, wall = time.process_time(), time.perf_counter()
            solver = ClingoSolver()
            solver.solve(generate_program(puzzle))
            if time.perf_counter() - wall >= job["limit"]:
                best = None                                  # stopped at the limit: no time, no answer
                break
            best = min(best, time.process_time() - start)
            models = solver.solution()
        out.append({"cpu": best, "models": len(models), "atoms": models[0].split() if models else []})
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
