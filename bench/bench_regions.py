"""The region and number genres' real puzzles (the tests' puzz.link sources): CPU time of solve with
uniqueness on CPython, each against the first as the reference, in one run.

    PYTHONPATH=pysrc python bench/bench_regions.py
"""

from __future__ import annotations

import time

from gridlogic import solver
from gridlogic.links import import_link

PUZZLES = [
    "https://puzz.link/p?ripple/4/4/9n8rigk14h32k",
    "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1",
    "https://puzz.link/p?ripple/10/10/c9hb4nfmueupv8ke11br7s3pk2r61hbqnsfezzzzz",
    "https://puzz.link/p?ripple/13/13/i2aonbatddnfdjqt6qafrlvfl9egl450fvjbt3t9lfu2072jfj8pvgojecbvcvu0zzzzzzzzo",
    "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j",
    "https://puzz.link/p?shikaku/10/10/x3gag.s9m.p.m8s-10g.gax",
    "https://puzz.link/p?shikaku/24/14/h5x6i.j8g6lag4j.l9i8j6i4l3z9g6i4i4h56h6i4i6j8h4n3h6zn4j4r6j4g6j8i8hci6j8q6h2r8k5l8k8j"
    ".l9j4l.lataock36kck",
    "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h",
    "https://puzz.link/p?araf/5/5/457m3i8ma57",
    "https://puzz.link/p?araf/6/6/h3j3j3p-1cj8j8h",
    "https://puzz.link/p?araf/8/8/p45h7h44h87l8j2l3-10gabi5icbo",
    "https://puzz.link/p?araf/9/9/44g644g14h9i9h33h4h61h1i9h9h395h1g4k1g6g4i7g1g2g9g1g4i9g5g9h",
    "https://puzz.link/p?araf/15/7/111g5a5g1fagaaazp125g898g817g464zp118g888g111g411",
    "https://pzplus.tck.mn/p?araf/10/11/1l6p7q4467h5g55q7g7647g1q-108g-10h-1075-10q9p-10ld",
]


def cpu(url: str, repeat: int = 3) -> float:
    """The smallest CPU time of `repeat` solves with uniqueness (import and encoding included)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        imported = import_link(url)
        answer = solver.solve(imported.kind, imported.puzzle)
        best = min(best, time.process_time() - start)
        assert answer.status == "unique", url
    return best


def main() -> None:
    times = [cpu(url) for url in PUZZLES]
    for url, t in zip(PUZZLES, times):
        print(f"{t:7.3f} s  ×{t / times[0]:8.1f}  {url[:70]}")


if __name__ == "__main__":
    main()
