"""Creek's puzzles (the tests' puzz.link sources and the made 20×20s): CPU time of solve with
uniqueness on CPython, each against pzprjs's nurikabe 5×5 as the reference; and the whole hint walk
(`hint` with `path`) of a creek 10×10 against Noqx's hitori 10×10, in one run.

    PYTHONPATH=pysrc python bench/bench_creek.py
"""

from __future__ import annotations

import time

from gridlogic import api
from gridlogic.links import import_link

REFERENCE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PUZZLES = [
    "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt",
    "https://puzz.link/p?creek/6/7/q2cgcj18cdm3c88cl",
    "https://puzz.link/p?creek/10/10/qbdccdbdbibiceeeddcblbbcdcdddboabbb",
    "https://puzz.link/p?creek/10/10/gcnci7d732cbgci7cc38cmdg11bd3dhdgcl2cdhcgcqb",
    "https://puzz.link/p?creek/20/20/p2bh0agb77cg86cdg717dg9bm5bg6cg863di1bbg27dd27b8532ccgah2dc9biaheg1cg864cg2ag6"
    "21bc93ci3782b17dhdg123dg72cbhcl7bg77b267d370bg06bi28acg86aad7dh7e5cibi854diag292ch1de7dgekbch71b178ah1dj2612e6"
    "28695clbaah",
    "https://puzz.link/p?creek/20/20/j1biabpbg1bg11222262ah8chbl78689e957ch0bbgcgak7bcg07cc239bg32dgck8dcheca8bg79c2a"
    "cj7687aicgaicj7ci6474362cg97dg49282106cb11bjdh39dbbgcgbbhe2777c24c7133ci233c9cj77e812dg8616ch161bg2b7a76bh657bh8"
    "bahaj26a",
]
WALKS = ["https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411566517a4323668"
         "8115329986a115274aa99886611", PUZZLES[3]]


def cpu(url: str, repeat: int = 3) -> float:
    """The smallest CPU time of `repeat` solves with uniqueness (import and encoding included)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        imported = import_link(url)
        answer = api.handle({"op": "solve", "kind": imported.kind.KEY, "text": imported.kind.format(imported.puzzle)})
        best = min(best, time.process_time() - start)
        assert answer["result"]["status"] == "unique", url
    return best


def walk(url: str) -> tuple[float, int, str | None]:
    """CPU time of the whole hint walk, its steps, and why it stopped (None: done)."""
    imported = import_link(url)
    start = time.process_time()
    result = api.handle({"op": "hint", "kind": imported.kind.KEY, "text": imported.kind.format(imported.puzzle),
                         "path": True, "budget_ms": 60_000})["result"]
    return time.process_time() - start, len(result["steps"]), result.get("stopped")


def main() -> None:
    reference = cpu(REFERENCE)
    print(f"{reference:7.3f} s  reference  {REFERENCE}")
    for url in PUZZLES:
        t = cpu(url)
        print(f"{t:7.3f} s  ×{t / reference:8.1f}  {url[:70]}")
    (t0, n0, s0), (t1, n1, s1) = (walk(url) for url in WALKS)
    print(f"hint walk: hitori 10×10 {t0:.2f} s ({n0} steps, stopped: {s0}); creek 10×10 {t1:.2f} s ({n1} steps, "
          f"stopped: {s1}); ratio ×{t1 / t0:.0f}")


if __name__ == "__main__":
    main()
