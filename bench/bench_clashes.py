"""Rule clashes (`gridlogic.clashes`): milliseconds per request on grids a player meets, measured in one
run: the first request on a grid (its rules sorted out) and the median and worst of the next ones.

Cases: the first sudoku example with its solution's cells entered one in two; an empty 9×9 killer
with a thermometer and an arrow under the knight rule, half its cells entered from the miracle grid;
a 16×16 sudoku, a 10×10 binary grid, the 7×7 futoshiki, the kakuro and the nonogram examples, each
with a wrong digit among half their solution's cells.

    python bench/bench_clashes.py [--repeat 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

MIRACLE = ["483726159", "726159483", "159483726", "837261594", "261594837", "594837261", "372615948",
           "615948372", "948372615"]
EMPTY9 = "\n".join(["........."] * 9)


def solution_entries(kind: str, text: str, rules=()) -> list[list[int]]:
    result = api.handle({"op": "solve", "kind": kind, "text": text, "rules": list(rules), "facts": True,
                         "render": False})["result"]
    return [list(f) for i, f in enumerate(sorted(result["facts"])) if i % 2 == 0]


def cases():
    from gridlogic.kinds import binary, futoshiki, kakuro, nonogram, sudoku
    classic = sudoku.EXAMPLES[0].text
    yield "sudoku 9×9 classic", "sudoku", classic, (), solution_entries("sudoku", classic)
    variant = EMPTY9 + "\nkiller 15: r1c1 r1c2 r1c3\nkiller 17: r5c5 r5c6 r6c5\nthermo: r2c1 r2c2\narrow: r4c4; r4c5 r4c6\n"
    half = [[r, c, int(MIRACLE[r][c])] for r in range(9) for c in range(9) if (r * 9 + c) % 2 == 0]
    yield "sudoku 9×9 killer+thermo+arrow, knight", "sudoku", variant, ("knight",), half
    yield "sudoku 16×16 empty, 8 entries", "sudoku", "\n".join(["." * 16] * 16), (), [[0, c, c + 1] for c in range(8)]
    for kind, ex in ((binary, binary.EXAMPLES[0]), (futoshiki, futoshiki.EXAMPLES[2]), (kakuro, kakuro.EXAMPLES[0]),
                     (nonogram, nonogram.EXAMPLES[0])):
        entries = solution_entries(kind.KEY, ex.text, ex.rules)
        r, c, v = entries[0]
        entries[0] = [r, c, 0 if v == 1 and kind.KEY in ("binary", "nonogram") else 1 if v != 1 else 2]
        yield f"{kind.KEY} {ex.name}", kind.KEY, ex.text, ex.rules, entries


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    for name, kind, text, rules, entries in cases():
        request = {"op": "clashes", "kind": kind, "text": text, "rules": list(rules), "entries": entries}
        times = []
        for _ in range(args.repeat + 1):
            start = time.perf_counter()
            response = api.handle(request)
            times.append((time.perf_counter() - start) * 1000)
            assert response["ok"], response
        later = times[1:]
        print(f"{name:45s} first {times[0]:7.1f} ms   median {statistics.median(later):6.1f} ms   "
              f"worst {max(later):6.1f} ms   {len(response['result']['clashes'])} clashes")


if __name__ == "__main__":
    main()
