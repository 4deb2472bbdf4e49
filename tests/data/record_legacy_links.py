"""Record the share link the old page (before the one generic editor) made for every example.

    python3 tests/data/record_legacy_links.py OLD_SITE_DIR [OUT.json]

OLD_SITE_DIR is a site/ built from commit 5acefc0 (`git worktree add OLD 5acefc0 && cd OLD && python3
build.py`, OLD any directory of your choice). The page is served by the standard library and driven in
Chromium as tests/test_browser.py does: each kind, each example from the `#examples` menu, then the
`[data-testid=share]` link. tests/test_links_legacy.py checks that each recorded link still opens.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu"]
OUT = Path(__file__).with_name("legacy_links.json")


def serve(directory: Path) -> http.server.ThreadingHTTPServer:
    """The site on a free port of 127.0.0.1, in a thread."""
    quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    handler = functools.partial(quiet, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


# Puzzles typed into the old page's Text box: payload forms the examples do not reach (values over
# 35, one-sum clues, letters and free sizes, lowercase regions, empty clues, a 1×1 grid).
TYPED = (
    ("sudoku", "16x16 letters", "\n".join(["123456789ABCDEFG"] + ["." * 16] * 15), []),
    ("sudoku", "king and diagonal", "\n".join(["1..."] + ["...."] * 3), ["king", "diagonal"]),
    ("binary", "4x6 free size", "1.0.\n....\n.1..\n....\n..0.\n....", []),
    ("nonogram", "1x1 empty", "width 1\nheight 1\n\nrows\n0\n\ncolumns\n0\n", []),
    ("nonogram", "3x2 empty row", "width 3\nheight 2\n\nrows\n0\n3\n\ncolumns\n1\n1\n1\n", []),
    ("kakuro", "one-sum clues", "4 3\n- 3, 4,\n,3 0 0\n,4 0 0\n- - -", []),
    ("puzlogic", "big values", "cells 0 0 0\ncells 0 1 42\ncells 1 0 36\ncells 1 1 0\npieces 99 35\n"
                               "sum all 0 0 77\nsum blue 1 1 99", []),
    ("numbercross", "lowercase regions", "abA\nabA\nBBA\n\n1\tsquare\n2\tprime\n3\t1 more than a cube", []),
)


def settled_share(page, before: str, timeout: float = 60.0) -> str:
    """The share link once it has changed from `before` and stayed the same for a moment."""
    end = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        href = page.get_by_test_id("share").get_attribute("href") or ""
        if href != last:
            last, since = href, time.monotonic()
        elif href != before and time.monotonic() - since > 0.7:
            return href
        time.sleep(0.1)
    raise SystemExit(f"the share link did not settle (last: {last!r})")


def record(site: Path) -> list[dict]:
    """Every example's share link, then the typed puzzles': [{kind, name, text, rules, url}]."""
    kinds = json.loads((site / "kinds.json").read_text())["kinds"]
    httpd = serve(site)
    origin = f"http://127.0.0.1:{httpd.server_address[1]}/"
    base = origin + "index.html"
    out = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(base)
            page.wait_for_selector("body[data-engine=ready]", timeout=300_000)
            for kind in kinds:
                page.get_by_test_id("kind").select_option(kind["key"])
                page.wait_for_function(f"document.querySelector('[data-testid=share]').href.includes('#{kind['key']}')")
                time.sleep(0.5)
                for example in kind["examples"]:
                    before = page.get_by_test_id("share").get_attribute("href") or ""
                    page.locator("#examples").select_option(value=example["name"])
                    url = settled_share(page, before)
                    out.append({"kind": kind["key"], "name": example["name"], "text": example["text"],
                                "rules": example["rules"], "url": url.replace(origin, "https://example.org/gridlogic/")})
                    print(kind["key"], example["name"], url[len(base):][:80], flush=True)
            for key, name, text, rules in TYPED:
                page.get_by_test_id("kind").select_option(key)
                time.sleep(0.5)
                before = page.get_by_test_id("share").get_attribute("href") or ""
                if page.get_by_test_id("text").is_hidden():
                    page.get_by_test_id("text-toggle").click()
                page.get_by_test_id("text").fill(text)
                page.get_by_test_id("load-text").click()
                for rule in rules:
                    page.get_by_test_id(f"rule-{rule}").check()
                url = settled_share(page, before)
                out.append({"kind": key, "name": name, "text": text, "rules": rules, "typed": True,
                            "url": url.replace(origin, "https://example.org/gridlogic/")})
                print(key, name, url[len(base):][:80], flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    return out


if __name__ == "__main__":
    links = record(Path(sys.argv[1]))
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else OUT
    target.write_text(json.dumps({"site": "5acefc0", "links": links}, indent=1, ensure_ascii=False) + "\n")
