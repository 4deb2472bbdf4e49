"""The shading genres' real puzzles (the tests' puzz.link and Tatham sources): CPU time of solve with
uniqueness on CPython, each against the first (pzprjs's nurikabe 5×5) as the reference, and nurikabe's
"?" islands left to the lazy cut against reach labels, in one run.

    PYTHONPATH=pysrc python bench/bench_shading.py
"""

from __future__ import annotations

import time
from unittest import mock

from gridlogic import solver
from gridlogic.cnf import regions
from gridlogic.links import import_link

PUZZLES = [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe/19/12/g5zw3k2h4g4k.v.h2i2g4z3n7j3k2h4h4k3i4j3zzk2i2k2p6j2k6k",
    "https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411566517a43236688115"
    "329986a115274aa99886611",
    "6x6dk:361566412253452144234115163346553461",
    "https://puzz.link/p?heyawake/19/15/201480mhg2i40a8s192816704r503gk0m2g2oa0a18085010k046g0003hu0104000400fbvgvo00"
    "5fu1800o0000000800600000003s0003c-1c140411g81ah8233",
    "https://puzz.link/p?heyawake/12/12/00000o0003063cc0o00030000000008020080a4a92a02008020000-2811111111",
    "https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a4802gt5hah8la6046hc9aign"
    "1ga18424a42h8",
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
    original = regions.regions_by_clue

    def eager(f, graph, member, clues, clue_of=None, lazy_unsized=False):
        return original(f, graph, member, clues, clue_of, False)
    with mock.patch.object(regions, "regions_by_clue", eager):
        slow = cpu(PUZZLES[1], 1)
    print(f"nurikabe 19×12 with two '?': reach labels {slow:.3f} s, lazy cut {times[1]:.3f} s, "
          f"ratio {times[1] / slow:.3f}")


if __name__ == "__main__":
    main()
