"""Light up, tents, skyscrapers and kurodoko on CPython, measured in one run: each real puzzle of their
tests (pzprjs's test puzzles, Tatham game IDs, the 20×20s made there) solved with uniqueness through
`api.handle` (a `solve` with `count`, limit 2: parse, encode and both SAT questions), its CPU seconds
(best of `--repeat`, default 3) and its ratio to a classic 9×9 sudoku solved the same way in the same
run (the reference).

    .venv/bin/python bench/bench_local.py [--repeat N]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from gridlogic import api

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import test_kurodoko  # noqa: E402 - the puzzles the tests solve
import test_lightup  # noqa: E402
import test_skyscrapers  # noqa: E402
import test_tents  # noqa: E402

REFERENCE = ("sudoku", "....1..3...9..5..88.4..6.25......6....8..4...12..87...3..9..2...65..8...9........")


def cases() -> list[tuple[str, str, str]]:
    """(kind, name, text or URL) of every puzzle measured."""
    out = [("lightup", "pzprjs 6x6", test_lightup.PZPRJS_URL), ("lightup", "20x20 made", test_lightup.BIG)]
    out += [("lightup", f"Tatham {gid.split(':')[0]}", gid) for gid in test_lightup.TATHAM]
    out += [("tents", "pzprjs 5x5", test_tents.PZPRJS_URL), ("tents", "Tatham 8x8", test_tents.TATHAM_ID),
            ("tents", "20x20 made", test_tents.BIG), ("skyscrapers", "pzprjs 4x4", test_skyscrapers.PZPRJS_URL)]
    out += [("skyscrapers", f"Tatham {gid.split(':')[0]}", gid) for gid in test_skyscrapers.TATHAM]
    out += [("kurodoko", "pzprjs 5x5", test_kurodoko.PZPRJS_URL), ("kurodoko", "20x20 made", test_kurodoko.BIG)]
    return out


def cpu(kind: str, text: str, repeat: int) -> float:
    """The best CPU seconds of `repeat` solves with uniqueness (a URL is imported first, not timed)."""
    if "://" in text:
        text = api.handle({"op": "link_import", "url": text})["result"]["text"]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = api.handle({"op": "solve", "kind": kind, "text": text, "count": True, "limit": 2,
                             "render": False})["result"]
        best = min(best, time.process_time() - start)
        assert result["status"] == "unique", (kind, result["status"])
    return best


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    reference = cpu(*REFERENCE, repeat)
    print(f"reference: classic sudoku, solve + uniqueness {reference * 1000:.1f} ms CPU")
    print("| genre | puzzle | CPU s | × reference |")
    print("|---|---|---:|---:|")
    for kind, name, text in cases():
        took = cpu(kind, text, repeat)
        print(f"| {kind} | {name} | {took:.3f} | {took / reference:.0f}× |")


if __name__ == "__main__":
    main()
