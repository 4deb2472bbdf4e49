"""The page against the Interactive Sudoku Solver's page (ISS), both in one Chromium: Solve click to verdict.

A benchmark, not a test. The built site (served under /a/g/ by a plain static server, as browser_bench.py
does) and ISS's own page (a static site: its index.html, from a copy kept OUTSIDE this repository, given
as `--iss DIR`, served by a second plain static server) open in one Debian Chromium, one warm tab each.
The figures in docs/benchmarks.md came from ISS's commit e373f98:

    git --git-dir=<a clone of github.com/sigh/Interactive-Sudoku-Solver> archive \\
        e373f9811c087246b097eb444d838ab492c55f35 | tar -x -C ISS_DIR
    .venv/bin/python bench/bench_page_iss.py --iss ISS_DIR [--pairs 4] [--classics 30]

Puzzles:
- "variant": the links of tests/data/variant_links.json that ISS can take. ISS reads no f-puzzles or
  SudokuPad link, so gridlogic's reading of each link is written as an ISS constraint string by
  bench/iss_runner.mjs (the translation bench_variants_iss.py uses; it skips what ISS has no constraint
  for). This page opens the link itself (its Import box, the way a player pastes it); ISS gets the string
  in its free-form input box (what its `?q=` carries), submitted.
- "classic": the first `--classics` puzzles of ../shared/corpus/sudoku/forum_hardest_1106.txt; this page
  opens them as `#kind=sudoku&p=<81 characters>`, ISS as `=<81 characters>` in the same box.

Timing: per puzzle, both tabs load it and solve it once untimed (ISS's worker compiles its handlers, this
page's engine builds what it caches), then `--pairs` back-to-back pairs, the side going first alternating.
Each solve is timed inside its page (performance.now()): from the Solve button's click to the frame after
the uniqueness verdict is on screen (this page: its status line reads "unique…" or "multiple…"; ISS,
in its "Solutions" mode, which stops at a second solution: "Unique solution" under the grid, or its
search stopped with a solution shown). Both verdicts are compared. Printed: per puzzle the medians and
their ratio; per set the median of the medians and their total for both sides, and the ratios.

    .venv/bin/python bench/bench_page_iss.py --iss DIR [--pairs N] [--classics N] [--variants N] [--node PATH]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_variants_iss as viss  # noqa: E402
from browser_bench import ARGS, counting_server, load_build  # noqa: E402

RETURNING = 'try { localStorage.setItem("gridlogic:v1", localStorage.getItem("gridlogic:v1") || "{}"); } catch (e) {}'
LOAD_MS = 300_000

# This page: click Solve, resolve on the frame after the status line holds a verdict.
GRIDLOGIC_SOLVE = """async () => {
    const status = document.querySelector('[data-testid=status]');
    const verdict = () => /^(unique|multiple|no solution)/.exec(status.textContent);
    return await new Promise((resolve) => {
        const obs = new MutationObserver(() => {
            const v = verdict();
            if (!v) return;
            obs.disconnect();
            requestAnimationFrame(() => resolve({ms: performance.now() - t0, verdict: v[1]}));
        });
        obs.observe(status, {childList: true, characterData: true, subtree: true});
        const t0 = performance.now();
        document.querySelector('[data-testid=solve]').click();
        if (verdict()) { obs.disconnect(); resolve({ms: -1, verdict: 'click ignored'}); }
    });
}"""

# ISS: click Solve (its handler clears the last verdict at once), resolve on the frame after the
# verdict: "Unique solution", or the search stopped (Abort disabled again) with a solution shown.
ISS_SOLVE = """async () => {
    const shown = document.getElementById('solution-iteration-state');
    const stop = document.getElementById('stop-solver');
    let ran = false;
    const verdict = () => {
        if (!stop.disabled) ran = true;
        const text = shown.textContent.trim();
        if (text === 'Unique solution') return 'unique';
        if (ran && stop.disabled && text) return /^Solution/.test(text) ? 'multiple' : text;
        return null;
    };
    return await new Promise((resolve) => {
        const obs = new MutationObserver(() => {
            const v = verdict();
            if (!v) return;
            obs.disconnect();
            requestAnimationFrame(() => resolve({ms: performance.now() - t0, verdict: v}));
        });
        obs.observe(document.body, {childList: true, characterData: true, subtree: true, attributes: true});
        const t0 = performance.now();
        document.getElementById('solve-button').click();
    });
}"""

# ISS: a constraint string into its free-form box, submitted (which loads and solves it).
ISS_LOAD = """(text) => {
    const form = document.forms['freeform-constraint-input'];
    form['freeform-input'].value = text;
    form.requestSubmit();
}"""


def static_server(root: Path):
    handler = functools.partial(load_build().PlainHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def classics(limit: int) -> list[str]:
    out = []
    for line in (viss.shared_dir() / "corpus" / "sudoku" / "forum_hardest_1106.txt").read_text().splitlines():
        cells = line.strip()[:81]
        if len(cells) == 81 and re.fullmatch(r"[0-9.]{81}", cells):
            out.append(cells.replace("0", "."))
    return out[:limit]


def open_gridlogic(page, expect, puzzle: dict) -> None:
    """Open the puzzle in this page as a player would: a variant's link through the Import box, a classic
    by its address."""
    status = page.get_by_test_id("status")
    if puzzle["set"] == "classic":
        page.evaluate("h => { location.hash = h; }", "kind=sudoku&p=" + quote(puzzle["grid"]))
        expect(page.locator("[data-testid=board] .cell").first).to_be_attached(timeout=LOAD_MS)
        expect(status).not_to_have_text(re.compile("^(unique|multiple)"), timeout=LOAD_MS)
        return
    if page.get_by_test_id("puzzlink-in").is_hidden():
        page.locator("#puzzlink-box summary").click()
    page.get_by_test_id("puzzlink-in").fill(puzzle["url"])
    page.get_by_test_id("import").click()
    expect(status).to_have_text("imported", timeout=LOAD_MS)


def idle(page) -> None:
    page.wait_for_selector("body[data-engine=ready]:not([data-busy='1'])", state="attached", timeout=LOAD_MS)


def timed(page, script: str, before=None) -> dict:
    if before:
        before()
    out = page.evaluate(script)
    if out["ms"] < 0:
        raise RuntimeError(f"the Solve click was ignored ({out['verdict']})")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("GRIDLOGIC_ISS"),
                    help="ISS's site (its repository at a commit), outside this repository")
    ap.add_argument("--pairs", type=int, default=4, help="timed back-to-back pairs per puzzle (default 4)")
    ap.add_argument("--classics", type=int, default=30, help="hard classics from forum_hardest_1106 (default 30)")
    ap.add_argument("--variants", type=int, default=0, help="only the first N variant links ISS takes")
    ap.add_argument("--node", default="node", help="Node, for iss_runner.mjs's translation")
    args = ap.parse_args()
    iss_dir = Path(args.iss or "").resolve()
    if not args.iss or not (iss_dir / "index.html").is_file():
        sys.exit("--iss DIR (or GRIDLOGIC_ISS): ISS's site, e.g. its repository at e373f98 (see the docstring)")
    from playwright.sync_api import expect, sync_playwright

    variants, unread = viss.load_variants()
    links = {x["name"]: x["url"] for x in viss.json.loads(viss.LINKS.read_text())["links"]}
    side = viss.Iss(args.node, iss_dir, variants)
    prepared = side.prepared
    side.close()
    puzzles, skipped = [], list(unread)
    for p, r in zip(variants, prepared):
        if r.get("status") == "skipped":
            skipped.append(f"{p['name']}: {r['reason']}")
        else:
            puzzles.append({"set": "variant", "name": p["name"], "url": links[p["name"]], "iss": r["input"]})
    if args.variants:
        puzzles = puzzles[:args.variants]
    puzzles += [{"set": "classic", "name": f"forum_hardest_1106 #{i + 1}", "grid": g, "iss": "=" + g}
                for i, g in enumerate(classics(args.classics))]

    build = load_build()
    site = build.build_site()
    ours, _ = counting_server(build, site)
    theirs = static_server(iss_dir)
    our_url = f"http://127.0.0.1:{ours.server_address[1]}/a/g/"
    iss_url = f"http://127.0.0.1:{theirs.server_address[1]}/?mode=solutions"
    load0 = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"gridlogic site {site} at {our_url}; ISS {iss_dir} at {iss_url}; {args.pairs} pairs per puzzle, "
          f"alternating who goes first; one warm tab each in one Chromium")
    results = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        gctx = browser.new_context(viewport={"width": 1200, "height": 900})
        gctx.add_init_script(RETURNING)
        gl = gctx.new_page()
        gl.goto(our_url)
        expect(gl.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD_MS)
        ictx = browser.new_context(viewport={"width": 1200, "height": 900})
        iss = ictx.new_page()
        iss.goto(iss_url)
        iss.wait_for_selector("#solve-button", state="visible", timeout=LOAD_MS)
        expect(iss.locator("#solve-status")).not_to_have_text("LOADING...", timeout=LOAD_MS)
        if iss.locator("#auto-solve-input").is_checked():
            iss.locator("#auto-solve-input").uncheck()
        for i, p in enumerate(puzzles):
            open_gridlogic(gl, expect, p)
            iss.evaluate(ISS_LOAD, p["iss"])
            warm_g = timed(gl, GRIDLOGIC_SOLVE, lambda: idle(gl))
            warm_i = timed(iss, ISS_SOLVE)
            row = {"puzzle": p, "gl": [], "iss": [], "verdicts": {warm_g["verdict"], warm_i["verdict"]},
                   "first": (warm_g["ms"], warm_i["ms"])}
            for k in range(args.pairs):
                order = (("gl", gl, GRIDLOGIC_SOLVE), ("iss", iss, ISS_SOLVE))
                for who, tab, script in (order if k % 2 == 0 else order[::-1]):
                    out = timed(tab, script, (lambda: idle(gl)) if who == "gl" else None)
                    row[who].append(out["ms"])
                    row["verdicts"].add(out["verdict"])
            results.append(row)
            g, s = statistics.median(row["gl"]), statistics.median(row["iss"])
            print(f"  [{i + 1}/{len(puzzles)}] {p['name'][:48]:48} gridlogic {g:8.1f} ms  ISS {s:8.1f} ms  "
                  f"{g / s:5.2f}x  {'/'.join(sorted(row['verdicts']))}", flush=True)
        browser.close()
    ours.shutdown()
    theirs.shutdown()
    print(f"(load average before and after: {load0}, {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    disagree = [r["puzzle"]["name"] for r in results if len(r["verdicts"]) > 1]
    for name in ("classic", "variant"):
        rows = [r for r in results if r["puzzle"]["set"] == name]
        if not rows:
            continue
        gm = [statistics.median(r["gl"]) for r in rows]
        im = [statistics.median(r["iss"]) for r in rows]
        print(f"\n== {name}: {len(rows)} puzzles, Solve click to verdict on screen, median of {args.pairs} each ==")
        for r, g, s in sorted(zip(rows, gm, im), key=lambda x: -x[1] / x[2]):
            print(f"  {r['puzzle']['name'][:56]:56} {g:8.1f} {s:8.1f}  {g / s:5.2f}x   (first solve {r['first'][0]:.0f} / "
                  f"{r['first'][1]:.0f} ms)")
        gmed, imed, gtot, itot = statistics.median(gm), statistics.median(im), sum(gm), sum(im)
        print(f"{name}: ISS median {imed:.1f} ms, total {itot / 1000:.2f} s; gridlogic median {gmed:.1f} ms, "
              f"total {gtot / 1000:.2f} s; ratio {gmed / imed:.2f}x medians, {gtot / itot:.2f}x totals")
    print("\nskipped (no ISS counterpart, or not read):" if skipped else "\nskipped: none")
    for line in skipped:
        print("  " + line)
    print("verdicts that differ: " + (", ".join(disagree) if disagree else "none"))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
