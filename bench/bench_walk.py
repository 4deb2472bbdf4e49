"""The player's walk, timed: the built site served by a plain static server (the standard library's
handler, no headers of ours) under the sub-path /a/g/, in Debian's Chromium, as a new player meets it.

Prints, in seconds from the navigation (wall time, Python's clock around Playwright):
- first visit to ready: a new profile opens the page (service worker allowed, as on any host) until
  the engine says ready (body[data-engine=ready]);
- returning visit to ready: the same profile opens the page again in a new tab, once the first visit has
  stored the engine's saved state and the offline copy (median and range of --returns visits);
- offline reload: the same profile, the network cut, reloaded until ready;
- a shared link in a new browser (a new profile each): to the puzzle drawn (every given of the link
  on the grid) and to the answer (Solve pressed as soon as the button shows; the grid filled with the
  solution). Four links: this page's share link (with a title, author and rules text), a puzz.link
  URL, an f-puzzles link and a SudokuPad link (these three pasted into the Import box as soon as the
  page shows it, as a player does).

    .venv/bin/python bench/bench_walk.py [--returns N] [--rounds N]

The walk of the issue that asked for these figures measured them the same way (a fresh profile per
link, a plain host under a sub-path, wall time to the answer on screen).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
CHROMIUM = Path(os.environ.get("GRIDLOGIC_CHROMIUM", "/usr/bin/chromium"))
WAIT = 300_000
DESKTOP = {"width": 1280, "height": 800}
PUZZLINK = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"
CLIPPED = '"Clipped" by glum_hippo: Arrow, Thermo, Givens, King'
CLASSIC = ("....1..3.\n..9..5..8\n8.4..6.25\n......6..\n..8..4...\n12..87...\n3..9..2..\n.65..8...\n9........")
ABOUT = {"title": "Classic", "author": "gridlogic", "rules_text": "Every row, column and box holds 1 to 9 once."}


def load_build():
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve(build, site: Path):
    """The site at /a/g/ of a plain static server on a free port (a thread); its URL and server."""
    root = Path(tempfile.mkdtemp(prefix="gridlogic-walk-"))
    (root / "a").mkdir()
    (root / "a" / "g").symlink_to(site.resolve(), target_is_directory=True)
    server = build.make_server(root, 0)
    server.handle_error = lambda request, address: None      # a tab closed mid-download: not the walk's concern
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/a/g/", server


def links(base: str) -> dict[str, dict]:
    """Each link: how it is opened ("address" or "import"), its URL, its givens and its solution (CPython's)."""
    variants = json.loads((ROOT / "tests" / "data" / "variant_links.json").read_text())["links"]
    fpuzzles = next(v for v in variants if v["name"] == CLIPPED)
    sudokupad = next(v for v in variants if v["name"] == CLIPPED + " (SCL)")
    share = api.handle({"op": "link_export", "kind": "sudoku", "text": CLASSIC, "base": base + "index.html",
                        **ABOUT})["result"]["url"]
    out = {}
    for name, how, url in [("page share link", "address", share), ("puzz.link URL", "import", PUZZLINK),
                           ("f-puzzles link", "import", fpuzzles["url"]), ("SudokuPad link", "import", sudokupad["url"])]:
        read = api.handle({"op": "link_import", "url": url})["result"]
        solved = api.handle({"op": "solve", "kind": "sudoku", "state": read["state"], "rules": read["rules"]})["result"]
        assert solved["status"] == "unique", (name, solved["status"])
        out[name] = {"how": how, "url": url, "givens": sum(1 for v in read["state"]["cells"] if v),
                     "solution": "".join(solved["solution"].split())}
    return out


def ready(page, expect) -> None:
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=WAIT)


def first_and_returning(browser, expect, url: str, returns: int) -> dict:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    ready(page, expect)
    first = time.perf_counter() - t0
    expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "stored", timeout=WAIT)
    again = []
    for _ in range(returns):
        tab = ctx.new_page()
        t0 = time.perf_counter()
        tab.goto(url)
        ready(tab, expect)
        again.append(time.perf_counter() - t0)
        tab.close()
    ctx.set_offline(True)
    offline = []
    for _ in range(returns):
        t0 = time.perf_counter()
        page.reload()
        ready(page, expect)
        offline.append(time.perf_counter() - t0)
    ctx.close()
    return {"first visit to ready": [first], "returning visit to ready": again, "offline reload to ready": offline}


def shared(browser, expect, base: str, link: dict) -> tuple[float, float]:
    """A new profile opens the link: seconds to its givens drawn, and to the answer drawn."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    t0 = time.perf_counter()
    if link["how"] == "address":
        page.goto(link["url"])
    else:
        page.goto(base)
        page.locator("#puzzlink-box summary").click()
        page.get_by_test_id("puzzlink-in").fill(link["url"])
        page.get_by_test_id("import").click()
    page.locator(".board .cell.given").nth(link["givens"] - 1).wait_for(state="attached", timeout=WAIT)
    drawn = time.perf_counter() - t0
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("status")).to_contain_text("unique", timeout=WAIT)
    answered = time.perf_counter() - t0
    shown = "".join(t.strip() for t in page.locator(".board .cell").all_inner_texts())
    ctx.close()
    assert shown == link["solution"], ("the answer drawn is not CPython's", shown, link["solution"])
    return drawn, answered


def line(name: str, values: list[float]) -> str:
    if len(values) == 1:
        return f"{name:44s} {values[0]:6.2f} s"
    return (f"{name:44s} {statistics.median(values):6.2f} s median  ({min(values):.2f}–{max(values):.2f}, "
            f"{len(values)} runs)")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--returns", type=int, default=3, help="returning visits and offline reloads (default 3)")
    p.add_argument("--rounds", type=int, default=2, help="new profiles per shared link (default 2)")
    args = p.parse_args()
    from playwright.sync_api import expect, sync_playwright

    build = load_build()
    site = build.build_site()
    base, server = serve(build, site)
    table = links(base)
    print(f"site {json.loads((site / 'build.json').read_text()).get('version', '?')}, served at {base}; "
          f"load average {os.getloadavg()[0]:.1f}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for name, values in first_and_returning(browser, expect, base, args.returns).items():
            print(line(name, values))
        for name, link in table.items():
            runs = [shared(browser, expect, base, link) for _ in range(args.rounds)]
            print(line(f"{name}: puzzle drawn", [d for d, _ in runs]))
            print(line(f"{name}: answer drawn", [a for _, a in runs]))
        browser.close()
    server.shutdown()
    print(f"load average after {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
