"""Explain all in the page: the whole explained path of two webpbn survey nonograms (#6, 20×20, and
#6574, 25×25) asked of the built site in Debian's Chromium, the way the Explain all button asks it
(`hint` with `path`, through the page's engine), next to CPython's api.handle on the same requests in
this same run. The paths may differ where a step needs a SAT core (the engines differ), so each side's
rating is printed. Prints wall seconds per puzzle in the page (the round trip page → worker → api →
page), CPU seconds on CPython, steps, the rating, and the page/CPython ratio.

    .venv/bin/python bench/bench_explain_page.py [--engine NAME] [--repeat N]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus"))
PUZZLES = ("webpbn-00006", "webpbn-06574")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
BUDGET_MS = 120_000


def built_site() -> Path:
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build.build_site()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        """Requests go unlogged (the figures are the output)."""


def serve(site: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    home = Path(tempfile.mkdtemp())
    shutil.copytree(site, home / "a" / "g")
    handler = functools.partial(_Quiet, directory=str(home))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/a/g/", server


def request_for(name: str, engine: str | None) -> dict:
    text = (CORPUS / "nonogram" / "webpbn_survey_non" / f"{name}.non").read_text()
    request = {"op": "hint", "kind": "nonogram", "text": text, "path": True, "budget_ms": BUDGET_MS}
    if engine:
        request["engine"] = engine
    return request


def cpython(request: dict) -> tuple[float, dict]:
    start = time.process_time()
    response = api.handle(request)
    return time.process_time() - start, response["result"]


def ready_page(playwright, url: str):
    """Chromium (Debian's, or GRIDLOGIC_CHROMIUM) with the page at `url` open and its engine ready."""
    browser = playwright.chromium.launch(executable_path=os.environ.get("GRIDLOGIC_CHROMIUM", "/usr/bin/chromium"),
                                         args=ARGS)
    page = browser.new_context(service_workers="block").new_page()
    page.goto(url)
    page.wait_for_selector("body[data-engine=ready]", timeout=300_000)
    return browser, page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=None, help="SAT engine (default: none named, as the page asks)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve(built_site())
    with sync_playwright() as p:
        browser, page = ready_page(p, url)
        print(f"{'puzzle':14} {'page s':>8} {'CPython CPU s':>14} {'ratio':>6}  steps  rating")
        for name in PUZZLES:
            request = request_for(name, args.engine)
            walls, cpus = [], []
            for _ in range(args.repeat):
                start = time.perf_counter()
                response = page.evaluate("(request) => window.gridlogic.request(request)", request)
                walls.append(time.perf_counter() - start)
                result = response["result"]
                cpu, here = cpython(request)
                cpus.append(cpu)
                assert len(here["steps"]) == len(result["steps"]) and not result["stopped"], result["message"]
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            d = result["difficulty"] or {}
            steps = len(result["steps"])
            print(f"{name:14} {wall:8.2f} {cpu:14.2f} {wall / cpu:6.1f}  "
                  f"{steps:5}  {d.get('rating')} {d.get('levels')} (CPython: {here['difficulty']['levels']})")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
