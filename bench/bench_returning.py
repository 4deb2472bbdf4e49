"""A returning player's page: what a start costs once the browser has kept the site, measured in one run.

A benchmark, not a test. Each built site given (`NAME=DIR`, e.g. this tree's site/ and a build of an
older tree made with `build.py`'s `build_site(out, web=...)`) is copied under /a/g/ of a plain static
server and opened in Debian's Chromium with a persistent profile and its service worker allowed, as a
player's browser keeps it (the tests' browsers keep nothing between contexts). A first visit is left
`--idle` seconds, then `--pages` pages are opened one after another, each solving the classic sudoku and
left open `--linger` seconds. For each page:
- the CPU of Chromium's processes alive at its end, read from /proc around the page (a page's own
  renderer and its workers, the browser and the GPU and network services), and of that the V8 background
  threads' ("ThreadPoolForeg": compiling wasm);
- ready (navigation to the engine ready) and the first solve (click to "unique"), wall clock;
- how many wasm modules V8 deserialized from Chromium's code cache (the trace event `wasm.Deserialize`,
  category v8.wasm): 0 means every worker compiled Pyodide's 9.6 MB module again.
Rounds alternate the sites (`--rounds`); each round starts from a new profile.

    .venv/bin/python bench/bench_returning.py before=BEFORE_SITE now=site [--pages 4] [--rounds 2]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
TICK = os.sysconf("SC_CLK_TCK")


class Plain(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass


def serve(root: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Plain, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def threads_cpu(root_pid: int) -> dict[tuple[int, str, str], float]:
    """CPU seconds of every thread of root_pid's descendants: (pid, tid, name) -> seconds."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat[stat.rfind(")") + 2:].split()[1]), []).append(int(entry))
    out, stack = {}, [root_pid]
    while stack:
        for pid in children.get(stack.pop(), []):
            stack.append(pid)
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                except OSError:
                    continue
                fields = stat[stat.rfind(")") + 2:].split()
                out[(pid, tid, stat[stat.index("(") + 1:stat.rfind(")")])] = (int(fields[11]) + int(fields[12])) / TICK
    return out


def one_page(ctx, url: str, linger: float) -> tuple[float, float, float, float, int]:
    """(CPU s, of it V8's background threads, ready s, first solve s, modules deserialized)."""
    before = threads_cpu(os.getpid())
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda p: events.extend(p["value"]))
    cdp.on("Tracing.tracingComplete", lambda p: done.append(1))
    cdp.send("Tracing.start", {"categories": "v8.wasm", "transferMode": "ReportEvents"})
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_selector("body[data-engine=ready]", timeout=300_000)
    ready = time.monotonic() - t0
    page.get_by_test_id("kind").select_option("sudoku")
    page.get_by_test_id("examples").select_option(value="classic")
    t1 = time.monotonic()
    page.get_by_test_id("solve").click()
    page.locator("[data-testid=status]", has_text="unique").wait_for(timeout=120_000)
    solve = time.monotonic() - t1
    page.wait_for_timeout(int(linger * 1000))
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 30
    while not done and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    after = threads_cpu(os.getpid())
    page.close()
    spent = {key: cpu - before.get(key, 0.0) for key, cpu in after.items()}
    background = sum(v for (_, _, name), v in spent.items() if name.startswith("ThreadPoolForeg"))
    deserialized = sum(1 for e in events if e.get("name") == "wasm.Deserialize")
    return sum(spent.values()), background, ready, solve, deserialized


def run(site: Path, pages: int, idle: float, linger: float, pw) -> list[tuple]:
    tmp = Path(tempfile.mkdtemp(prefix="gridlogic-returning-"))
    try:
        shutil.copytree(site, tmp / "www" / "a" / "g")
        server = serve(tmp / "www")
        url = f"http://127.0.0.1:{server.server_address[1]}/a/g/"
        ctx = pw.chromium.launch_persistent_context(str(tmp / "profile"), executable_path=CHROMIUM, headless=True,
                                                    args=["--no-sandbox", "--disable-gpu"])
        try:
            first = ctx.new_page()
            first.goto(url)
            first.wait_for_selector("body[data-engine=ready]", timeout=300_000)
            first.wait_for_timeout(int(idle * 1000))
            first.close()
            return [one_page(ctx, url, linger) for _ in range(pages)]
        finally:
            ctx.close()
            server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", nargs="+", help="NAME=DIR of a built site")
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds the first visit stays open")
    parser.add_argument("--linger", type=float, default=4.0, help="seconds each page stays open after its solve")
    args = parser.parse_args()
    sites = [tuple(s.split("=", 1)) for s in args.sites]
    results: dict[str, list[tuple]] = {name: [] for name, _ in sites}
    print(f"load average {os.getloadavg()[0]:.1f}")
    with sync_playwright() as pw:
        for r in range(args.rounds):
            for name, directory in sites:
                rows = run(Path(directory), args.pages, args.idle, args.linger, pw)
                for i, (cpu, bg, ready, solve, des) in enumerate(rows):
                    print(f"round {r + 1} {name:>10} page {i + 1}: CPU {cpu:5.2f} s (V8 background {bg:4.2f}), "
                          f"ready {ready:4.2f} s, first solve {solve:5.3f} s, modules from the code cache {des}",
                          flush=True)
                results[name].extend(rows)
    print(f"load average {os.getloadavg()[0]:.1f}")
    base = sites[0][0]
    for name, rows in results.items():
        cached = [row for row in rows if row[4]]
        line = (f"{name:>10}: {len(cached)} of {len(rows)} pages read compiled code; median CPU "
                f"{statistics.median(r[0] for r in rows):.2f} s, first solve {statistics.median(r[3] for r in rows):.3f} s")
        if cached:
            line += (f"; on those pages CPU {statistics.median(r[0] for r in cached):.2f} s, "
                     f"first solve {statistics.median(r[3] for r in cached):.3f} s")
        if name != base:
            line += (f"; CPU {statistics.median(r[0] for r in rows) / statistics.median(r[0] for r in results[base]):.2f}× "
                     f"{base}'s")
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
