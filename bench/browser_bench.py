"""Browser benchmark: the built site in Debian's Chromium (Playwright), measured in one run.

The site is served the way any static host would serve it: the standard library's file handler,
no headers of ours, under a sub-path (/a/g/). Prints: cold load to ready (fresh profile) and the
bytes served before it and before the first solve's answer, raw (what a host that does not
compress sends, counted by the static server) and gzip-compressed (each response gzipped at level
6, what a compressing host such as GitHub Pages or Netlify would send); warm loads to ready (same
profile: service-worker cache), alternating a start that restores Python from its saved state (the
default) with a fresh start (localStorage "gridlogic-snapshot" = "off": Python started and the
packages imported again, what every start did before the snapshot), and their ratio, each both as
the wall time from the reload and as the page's own time from navigation start to ready; Stop to a
usable engine (a parse answered) with the warm standby and, right after, with no standby ready
yet; and the solve+uniqueness time over corpus/sudoku/norvig_top95 inside the page (round trip
page → worker → api.handle → page, and the solver's own elapsed_ms), next to CPython's api.handle
on the same puzzles in this same run.

    .venv/bin/python bench/browser_bench.py [--warm N] [--stops N] [--limit N] [--throttle MBIT] [--site DIR]

`--throttle MBIT`: the throttled profile: every response through one shaped link of MBIT Mbit/s (all
responses share it, as a home connection's downlink), 20 ms before each starts; shaped in the server,
so the page's, its workers' and its service worker's downloads are all held to it. `--site DIR`: serve
another built site (an older build, for a before/after in the same conditions).

`--genres N`: only this: for each puzz.link genre of bench_noqx.py's table, its N largest real puzzles (the tests'
and the benchmarks', and Noqx's own examples when NOQX_DIR and NOQX_PYTHON are set, as bench_noqx.py reads them),
each pasted as its puzz.link URL into the page's import box, then (once the page is idle and the worker
has answered a request sent after everything before it) Solve pressed and timed (wall clock, in
Python) until the status gives the verdict on uniqueness (unique, multiple, none, or unknown when the page's
budget ran out), next to CPython's `api.handle` solve with uniqueness (CPU) of the same text in this run;
last, per genre, the slowest in the page.

`--first-solves N`: only this: N times, a returning visit's start (reload, from the saved state), the
engine left idle `--idle` seconds (the page open, the player not yet done), then the first solve of a
9×9 and of a 16×16 classic, each followed by a second puzzle of the same shape (round trips through the
worker, ms): what building and loading a shape's formula costs the first solve of that shape.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import importlib.util
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
RTT_S = 0.02           # the throttled profile's round trip before each response
CLASSIC = ("....1..3.\n..9..5..8\n8.4..6.25\n......6..\n..8..4...\n12..87...\n3..9..2..\n.65..8...\n9........")


def load_build():
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def counting_server(build, site: Path, mbit: float = 0):
    """A plain static server (stdlib handler, no extra headers) with `site` at /a/g/, counting the
    bytes of every response body it sends and remembering which files they were. `mbit`: a shaped
    link, every response's bytes sharing that many Mbit/s (in 16 kB pieces, first come first served),
    each response starting RTT_S after its request: the throttled profile."""
    counter = {"bytes": 0, "requests": 0, "served": []}
    lock = threading.Lock()
    link = {"free": 0.0}

    def send(outputfile, data: bytes) -> None:
        if not mbit:
            outputfile.write(data)
            return
        time.sleep(RTT_S)
        for i in range(0, len(data), 16384):
            piece = data[i:i + 16384]
            with lock:
                start = max(time.perf_counter(), link["free"])
                link["free"] = start + len(piece) * 8 / (mbit * 1e6)
                done = link["free"]
            time.sleep(max(0.0, done - time.perf_counter()))
            outputfile.write(piece)

    class Counting(build.PlainHandler):
        def copyfile(self, source, outputfile):
            data = source.read()
            with lock:
                counter["bytes"] += len(data)
                counter["requests"] += 1
                path = Path(self.translate_path(self.path))
                counter["served"].append(str(path / "index.html" if path.is_dir() else path))
            send(outputfile, data)

    import http.server
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="gridlogic-bench-"))
    (root / "a").mkdir()
    (root / "a" / "g").symlink_to(site.resolve(), target_is_directory=True)
    handler = functools.partial(Counting, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, counter


@functools.lru_cache(maxsize=None)
def gzip_size(path: str) -> int:
    """The size of a file gzipped at level 6 (a compressing host's usual setting)."""
    return len(gzip.compress(Path(path).read_bytes(), 6))


def sizes(served: list[str]) -> tuple[int, int]:
    """Raw and gzip bytes of the files served (in the order they were)."""
    return sum(Path(p).stat().st_size for p in served), sum(gzip_size(p) for p in served)


def whole_stdlib(build, tmp: Path) -> Path:
    """Pyodide's python_stdlib.zip as the npm package ships it (before the build cuts it)."""
    import tarfile
    with tarfile.open(build.fetch_input("pyodide")) as tar:
        data = tar.extractfile("package/python_stdlib.zip").read()
    path = tmp / "python_stdlib.zip"
    path.write_bytes(data)
    return path


# Records in the page when the engine first says ready (ms since the navigation started).
READY_AT = """new MutationObserver((_, observer) => {
    if (document.body && document.body.dataset.engine === "ready") {
        window.gridlogicReadyAt = performance.now();
        observer.disconnect();
    }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-engine"]});"""

STOP = """async () => {
    const t0 = performance.now();
    document.querySelector('[data-testid=stop]').click();
    const r = await window.gridlogic.request({op: 'parse', kind: 'sudoku', text: '.'.repeat(81)});
    if (!r.ok) throw new Error(JSON.stringify(r));
    return performance.now() - t0;
}"""


def stop_to_ready(page, expect, standby: bool) -> float:
    """Count the empty grid, press Stop, and time until the engine answers a parse (ms)."""
    if standby:
        page.wait_for_selector("html[data-standby=ready]", state="attached", timeout=300_000)
    page.get_by_test_id("count").click()
    expect(page.get_by_test_id("status")).to_contain_text("so far")
    if not standby:
        assert page.evaluate("document.documentElement.dataset.standby") != "ready"
    return page.evaluate(STOP)


SOLVE = "t => window.gridlogic.request({op: 'solve', kind: 'sudoku', text: t, render: false})"


def janko(size: int, count: int) -> list[str]:
    """The first `count` puzzles of one size from the corpus's janko file."""
    out = []
    for line in (CORPUS / "sudoku" / "janko_sudoku_9x9_16x16_with_solutions.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 4 and not line.startswith("#") and parts[1] == str(size):
            out.append(parts[2])
    return out[:count]


def first_solves(page, rounds: int, idle: float) -> None:
    """Time the first and a second solve of each shape after a start from the saved state (see the
    module docstring); prints per shape the medians."""
    nine = [CLASSIC.replace("\n", ""), *[ln for ln in norvig()[:1]]]
    sixteen = janko(16, 2)
    times: dict[str, list[float]] = {k: [] for k in ("9x9 first", "9x9 second", "16x16 first", "16x16 second")}
    for _ in range(rounds):
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=300_000)
        assert page.evaluate("document.documentElement.dataset.engineStart") == "snapshot"
        time.sleep(idle)
        for name, pair in (("9x9", nine), ("16x16", sixteen)):
            for which, text in zip(("first", "second"), pair):
                t0 = time.perf_counter()
                r = page.evaluate(SOLVE, text)
                times[f"{name} {which}"].append((time.perf_counter() - t0) * 1000)
                assert r["ok"] and r["result"]["status"] == "unique", r
    print(f"first solves after a start from the saved state and {idle:.0f} s idle, {rounds} starts (round trip, ms):")
    for key, values in times.items():
        print(f"  {key:14} median {statistics.median(values):7.0f}   all {' '.join(f'{v:.0f}' for v in values)}")


# Press Solve and wait for the status's verdict (a change of the status after the click, so a verdict left
# from before is not taken): wall ms in the page, and the verdict.
SOLVE_PRESSED = """async (limitMs) => {
    const status = document.querySelector('[data-testid=status]');
    const verdict = /^(unique|multiple|no solution|unknown)/;
    const t0 = performance.now();
    const done = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
            if (verdict.test(status.textContent)) { observer.disconnect(); resolve(status.textContent); }
        });
        observer.observe(status, {childList: true, characterData: true, subtree: true});
        setTimeout(() => { observer.disconnect(); resolve('timed out: ' + status.textContent); }, limitMs);
    });
    document.querySelector('[data-testid=solve]').click();
    const text = await done;
    return [performance.now() - t0, text];
}"""


def genre_puzzles(per_genre: int, only: str = "") -> list[tuple[str, str, str, tuple[int, int]]]:
    """(kind, source, puzz.link URL, (rows, cols)) of each genre's `per_genre` largest real puzzles (`only`: of these
    genres, comma-separated)."""
    sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests")]
    import bench_noqx
    noqx = bench_noqx.noqx_setup()
    keys = [key for key in bench_noqx.GENRES if not only or key in only.split(",")]
    examples = bench_noqx.run_noqx(*noqx, "examples", *{bench_noqx.GENRES[k][1] for k in keys}) if noqx else {}
    found = bench_noqx.puzzles(keys, examples)
    out = []
    for key in keys:
        mine = []
        for _, source, text, _ in [p for p in found if p[0] == key]:
            state = api.handle({"op": "parse", "kind": key, "text": text})["result"]["state"]
            link = api.handle({"op": "link_export", "kind": key, "text": text, "format": "puzzlink"})
            mine.append((key, source, link["result"]["url"], (state["rows"], state["cols"])))
        out += sorted(mine, key=lambda p: -p[3][0] * p[3][1])[:per_genre]
    return out


def genre_solves(page, expect, per_genre: int, limit_s: float, only: str = "") -> None:
    """`--genres`: see the module docstring. Prints a row a puzzle and the slowest per genre."""
    import re
    slowest: dict[str, tuple[float, str]] = {}
    print("| genre | source | size | page: Solve to verdict, s | verdict | CPython CPU, s | page/CPython |")
    print("|---|---|---:|---:|---|---:|---:|")
    for key, source, url, (rows, cols) in genre_puzzles(per_genre, only):
        text = api.handle({"op": "link_import", "url": url})["result"]["text"]
        t0 = time.process_time()
        api.handle({"op": "solve", "kind": key, "text": text, "count": True, "limit": 2, "render": False})
        cpu = time.process_time() - t0
        if page.get_by_test_id("puzzlink-in").is_hidden():
            page.locator("details.share summary", has_text="Import a link").click()
        page.get_by_test_id("puzzlink-in").fill(url)
        page.get_by_test_id("import").click()
        expect(page.get_by_test_id("kind")).to_have_value(key)
        try:
            expect(page.locator(f"[data-testid=board] .cell[data-r='{rows - 1}'][data-c='{cols - 1}']")).to_be_attached(
                timeout=30_000)
        except AssertionError:
            status = page.get_by_test_id("status").text_content()
            print(f"| {key} | {source} | {cols}×{rows} | not opened: {status[:80]} | | {cpu:.2f} | |", flush=True)
            continue
        expect(page.locator("body")).to_have_attribute("data-busy", "", timeout=int(limit_s * 1000))
        page.evaluate("() => window.gridlogic.request({op: 'hello'})")   # the worker done with what came before
        ms, verdict = page.evaluate(SOLVE_PRESSED, limit_s * 1000)
        verdict = re.sub(r"\s+", " ", verdict)[:60]
        print(f"| {key} | {source} | {cols}×{rows} | {ms / 1000:.2f} | {verdict} | {cpu:.2f} | {ms / 1000 / cpu:.1f}× |",
              flush=True)
        if ms > slowest.get(key, (0.0, ""))[0]:
            slowest[key] = (ms, source)
    print("\nslowest per genre in the page (s): " + ", ".join(f"{k} {ms / 1000:.2f}" for k, (ms, _) in slowest.items()))


def norvig() -> list[str]:
    path = CORPUS / "sudoku" / "norvig_top95.txt"
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def stats(values: list[float]) -> str:
    return f"median {statistics.median(values):7.2f} ms   max {max(values):8.2f} ms   mean {statistics.fmean(values):7.2f} ms"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--warm", type=int, default=3, help="warm loads of each kind to time (default 3)")
    p.add_argument("--stops", type=int, default=3, help="Stops to time, each way (default 3)")
    p.add_argument("--limit", type=int, default=0, help="only the first N corpus puzzles")
    p.add_argument("--first-solves", type=int, default=0, help="only time first solves per shape, N starts")
    p.add_argument("--throttle", type=float, default=0, metavar="MBIT",
                   help="serve through a shaped link of MBIT Mbit/s (20 ms before each response)")
    p.add_argument("--site", type=Path, default=None, help="serve this built site instead of building site/")
    p.add_argument("--idle", type=float, default=5, help="seconds idle before the first solves (default 5)")
    p.add_argument("--genres", type=int, default=0, metavar="N",
                   help="only time Solve in the page on each genre's N largest real puzzles")
    p.add_argument("--genre-only", default="", help="with --genres: only these genres (comma-separated keys)")
    p.add_argument("--genre-limit", type=float, default=120, help="seconds to wait for a genre's verdict (default 120)")
    args = p.parse_args()
    from playwright.sync_api import expect, sync_playwright

    build = load_build()
    site = args.site or build.build_site()
    puzzles = norvig()
    if args.limit:
        puzzles = puzzles[:args.limit]
    server, counter = counting_server(build, site, args.throttle)
    url = f"http://127.0.0.1:{server.server_address[1]}/a/g/"
    expect.set_options(timeout=300_000)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context()
        ctx.add_init_script(READY_AT)
        page = ctx.new_page()
        counter["bytes"] = counter["requests"] = 0
        t0 = time.perf_counter()
        page.goto(url)
        expect(page.locator("body")).to_have_attribute("data-engine", "ready")
        cold = time.perf_counter() - t0
        ready_served = list(counter["served"])
        first = page.evaluate("t => window.gridlogic.request({op: 'solve', kind: 'sudoku', text: t, render: false})",
                              CLASSIC)
        first_answer = time.perf_counter() - t0
        first_served, first_requests = list(counter["served"]), counter["requests"]
        assert first["ok"] and first["result"]["status"] == "unique", first
        expect(page.locator("body")).to_have_attribute("data-offline", "ready")
        page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=300_000)
        if args.genres:
            genre_solves(page, expect, args.genres, args.genre_limit, args.genre_only)
            browser.close()
            server.shutdown()
            return 0
        if args.first_solves:
            first_solves(page, args.first_solves, args.idle)
            browser.close()
            server.shutdown()
            return 0
        all_bytes = counter["bytes"]
        warm = {"snapshot": [], "fresh": []}
        in_page = {"snapshot": [], "fresh": []}
        for i in range(2 * args.warm):
            how = "fresh" if i % 2 == 0 else "snapshot"
            page.evaluate("how => how === 'fresh' ? localStorage.setItem('gridlogic-snapshot', 'off') "
                          ": localStorage.removeItem('gridlogic-snapshot')", how)
            t0 = time.perf_counter()
            page.reload()
            page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=300_000)
            warm[how].append(time.perf_counter() - t0)
            in_page[how].append(page.evaluate("window.gridlogicReadyAt") / 1000)
            started = page.evaluate("document.documentElement.dataset.engineStart")
            assert started == how, (how, started)
        page.evaluate("localStorage.removeItem('gridlogic-snapshot')")
        warm_bytes = counter["bytes"] - all_bytes
        page.get_by_test_id("kind").select_option("sudoku")
        page.get_by_test_id("clear").click()
        with_standby, without = [], []
        for _ in range(args.stops):
            with_standby.append(stop_to_ready(page, expect, standby=True))
            without.append(stop_to_ready(page, expect, standby=False))
        page.evaluate("t => window.gridlogic.request({op: 'solve', kind: 'sudoku', text: t, render: false})", CLASSIC)
        timings = page.evaluate("""async (puzzles) => {
            const out = [];
            for (const text of puzzles) {
              const t0 = performance.now();
              const r = await window.gridlogic.request({op: 'solve', kind: 'sudoku', text, render: false});
              const wall = performance.now() - t0;
              if (!r.ok || r.result.status !== 'unique') return {error: JSON.stringify(r).slice(0, 300)};
              out.push([wall, r.result.elapsed_ms, r.result.engine]);
            }
            return {out};
        }""", puzzles)
        browser.close()
    server.shutdown()
    if "error" in timings:
        print("in-page solve failed:", timings["error"])
        return 1
    page_wall = [w for w, _, _ in timings["out"]]
    page_solver = [e for _, e, _ in timings["out"]]
    page_engine = timings["out"][0][2]
    api.handle({"op": "solve", "kind": "sudoku", "text": CLASSIC, "render": False})   # warm the cache too
    cpy_wall, cpy_solver = [], []
    for text in puzzles:
        t0 = time.perf_counter()
        r = api.handle({"op": "solve", "kind": "sudoku", "text": text, "render": False})
        cpy_wall.append((time.perf_counter() - t0) * 1000)
        assert r["ok"] and r["result"]["status"] == "unique"
        cpy_solver.append(r["result"]["elapsed_ms"])
    mb = 1e6
    ready_raw, ready_gz = sizes(ready_served)
    first_raw, first_gz = sizes(first_served)
    import tempfile
    whole = str(whole_stdlib(build, Path(tempfile.mkdtemp(prefix="gridlogic-bench-"))))
    uncut_raw, uncut_gz = sizes([whole if p.endswith("/python_stdlib.zip") else p for p in first_served])
    fresh, snap = statistics.median(warm["fresh"]), statistics.median(warm["snapshot"])
    fresh_page, snap_page = statistics.median(in_page["fresh"]), statistics.median(in_page["snapshot"])
    print(f"served by a plain static server (stdlib handler, no headers) at {url}"
          + (f", through a shaped link of {args.throttle:g} Mbit/s ({RTT_S * 1000:.0f} ms before each response)"
             if args.throttle else ""))
    print(f"site: {site} ({sum(f.stat().st_size for f in site.rglob('*') if f.is_file()) / mb:.1f} MB on disk)")
    print(f"cold load to ready (fresh profile):          {cold:6.2f} s   ({ready_raw / mb:.2f} MB served, "
          f"{ready_gz / mb:.2f} MB gzipped)")
    print(f"cold load to the first solve's answer:       {first_answer:6.2f} s")
    print(f"bytes before the first solve's answer:       {first_raw / mb:.2f} MB raw, {first_gz / mb:.2f} MB gzipped "
          f"({first_requests} responses)")
    big = sorted({q for q in first_served if Path(q).stat().st_size > 100_000}, key=lambda q: -Path(q).stat().st_size)
    print("  of them over 100 kB: " + ", ".join(f"{Path(q).name} {Path(q).stat().st_size / mb:.2f}"
                                               f"{f' ×{first_served.count(q)}' if first_served.count(q) > 1 else ''}"
                                               for q in big))
    print(f"  the same with Pyodide's whole stdlib:      {uncut_raw / mb:.2f} MB raw, {uncut_gz / mb:.2f} MB gzipped "
          f"(ratio cut/whole {first_gz / uncut_gz:.2f} gzipped)")
    print(f"warm load to ready, from the saved state:    median {snap:.2f} s, max {max(warm['snapshot']):.2f} s "
          f"over {len(warm['snapshot'])} reloads; in the page, from navigation start: median {snap_page:.2f} s, "
          f"max {max(in_page['snapshot']):.2f} s")
    print(f"warm load to ready, fresh start:             median {fresh:.2f} s, max {max(warm['fresh']):.2f} s "
          f"over {len(warm['fresh'])} reloads; in the page: median {fresh_page:.2f} s (alternating with the above)")
    print(f"  ratio fresh / saved state (medians):       {fresh / snap:.1f}x, in the page {fresh_page / snap_page:.1f}x "
          f"({warm_bytes / 1e3:.1f} kB served during the warm loads)")
    print(f"Stop to a usable engine, standby ready:      median {statistics.median(with_standby):.0f} ms, "
          f"max {max(with_standby):.0f} ms over {len(with_standby)} stops")
    print(f"Stop to a usable engine, no standby yet:     median {statistics.median(without) / 1000:.2f} s, "
          f"max {max(without) / 1000:.2f} s over {len(without)} stops (a new worker, from the saved state)")
    print(f"whole site cached for offline use:           {all_bytes / mb:.2f} MB served in total")
    print(f"norvig_top95, {len(puzzles)} puzzles, solve + uniqueness check ({page_engine}):")
    print(f"  in page, round trip via worker:  {stats(page_wall)}")
    print(f"  in page, solver elapsed_ms:      {stats(page_solver)}")
    print(f"  CPython api.handle, wall:        {stats(cpy_wall)}")
    print(f"  CPython solver elapsed_ms:       {stats(cpy_solver)}")
    print(f"  ratio page/CPython (medians, round trip vs wall): "
          f"{statistics.median(page_wall) / statistics.median(cpy_wall):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
