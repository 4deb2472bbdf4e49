"""Explanation benchmark: certain cells, why no solution, and one hint, on CPython and in the page.

Four corpus puzzles: the first of norvig_top95 (9×9 sudoku), the first level-4 14×14 binary puzzle of
binarypuzzle_com_sample, TAAI 2011 #3 (25×25 nonogram, the first of the set with one solution) and
janko kakuro 55 (14×24, the largest of janko_kakuro_first200). Each one's impossible variant has one
wrong clue: a sudoku digit or binary value that differs from the solution without clashing with a
given in its row, column or box, one nonogram row clue with its numbers reversed, one kakuro sum
changed by 1. Per puzzle, through api.handle (CPython) and window.gridlogic.request (the built page,
Chromium): solve alone (for scale), solve with `facts`, solve of the impossible variant with
`explain`, and `hint`. Both puzzles are solved once first, untimed (as when the page has shown the
puzzle; the rules of its shape are then encoded); each request is then timed once ("first") and
REPEAT more times (their median, "again"). Goal from issue 10: each under 1 s in the page.

Then the share of hints that name a human rule: every puzzle of norvig_easy50 followed to the end
with op hint, `path: true` (CPython), counting the steps whose `rule` is set; each walk's placed
values are checked to give the kind's own checker a full, correct grid.

    python bench/bench_explain.py [--site DIR] [--no-page] [--no-share] [--engine NAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))
sys.path.insert(0, str(ROOT / "bench"))

from browser_bench import ARGS, CORPUS, counting_server, load_build  # noqa: E402
from gridlogic import api  # noqa: E402
from gridlogic.kinds import nonogram, sudoku  # noqa: E402
from gridlogic.kinds.nonogram.formats import read_taai  # noqa: E402

REPEAT = 3
GOAL_MS = 1000
MEASURES = ("solve", "facts", "explain", "hint")


@dataclass(frozen=True)
class Case:
    """A puzzle, its impossible variant, and what was changed to make it."""

    name: str
    kind: str
    text: str
    impossible: str
    changed: str


def corpus_lines(*parts: str) -> list[str]:
    """The non-comment, non-empty lines of a corpus file."""
    text = CORPUS.joinpath(*parts).read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def solved(kind: str, text: str) -> dict:
    """api.handle's solve result."""
    return api.handle({"op": "solve", "kind": kind, "text": text, "render": False})["result"]


def solution_grid(kind: str, text: str) -> list[str]:
    """The unique solution's rows (as api.handle gives them)."""
    result = solved(kind, text)
    assert result["status"] == "unique", (kind, result["status"])
    return result["solution"].split("\n")


def no_solution(kind: str, text: str) -> bool:
    """True when the puzzle has no solution."""
    return solved(kind, text)["status"] == "none"


def sudoku_case() -> Case:
    """norvig_top95's first, and a wrong digit in its first open cell that no given clashes with."""
    text = corpus_lines("sudoku", "norvig_top95.txt")[0]
    solution = solution_grid("sudoku", text)
    at = text.index(".")
    r, c = divmod(at, 9)
    seen = {text[i] for i in range(81) if i // 9 == r or i % 9 == c or (i // 27, i % 9 // 3) == (r // 3, c // 3)}
    digit = next(d for d in "123456789" if d not in seen and d != solution[r][c])
    wrong = text[:at] + digit + text[at + 1:]
    assert no_solution("sudoku", wrong)
    return Case("sudoku 9×9 (top95 #1)", "sudoku", text, wrong, f"a wrong {digit} at r{r + 1}c{c + 1}")


def binary_case() -> Case:
    """The first level-4 14×14 of binarypuzzle_com_sample, and its first open cell flipped where the
    flip makes no three in a row with the givens."""
    size, _, _, text, published = next(ln.split() for ln in corpus_lines("binary", "binarypuzzle_com_sample.txt")
                                       if ln.split()[:2] == ["14", "4"])
    n = int(size)
    for at, ch in enumerate(text):
        if ch != "-":
            continue
        wrong = text[:at] + ("1" if published[at] == "0" else "0") + text[at + 1:]
        rows = [wrong[i:i + n] for i in range(0, n * n, n)]
        cols = ["".join(row[c] for row in rows) for c in range(n)]
        if not any("000" in line or "111" in line for line in rows + cols) and no_solution("binary", wrong):
            r, c = divmod(at, n)
            return Case("binary 14×14 (level 4)", "binary", text, wrong, f"a wrong {wrong[at]} at r{r + 1}c{c + 1}")
    raise AssertionError("no wrong value found")


def nonogram_case() -> Case:
    """TAAI 2011's first puzzle with one solution, and its first row clue that reads differently
    backwards, reversed."""
    questions = CORPUS.joinpath("nonogram", "taai_tournament", "taai2011_first100_questions.txt")
    for label, puzzle in read_taai(questions.read_text()):
        text = nonogram.format(puzzle)
        if solved("nonogram", text)["status"] == "unique":
            break
    lines = text.split("\n")
    first = lines.index("rows") + 1
    for i in range(first, first + puzzle.height):
        backwards = ",".join(reversed(lines[i].split(",")))
        if backwards != lines[i]:
            wrong = "\n".join(lines[:i] + [backwards] + lines[i + 1:])
            if no_solution("nonogram", wrong):
                return Case(f"nonogram 25×25 (TAAI 2011 #{label})", "nonogram", text, wrong,
                            f"row {i - first + 1}'s clue reversed")
    raise AssertionError("no wrong row clue found")


def kakuro_case() -> Case:
    """janko_kakuro_first200's largest, and its first right sum changed by 1 (up, else down)."""
    blocks = []
    for block in ("\n" + CORPUS.joinpath("kakuro", "janko_kakuro_first200.txt").read_text()).split("\n=== ")[1:]:
        head, body = block.split("\n", 1)
        problem = body.split("--- solution")[0].strip()
        rows, cols = map(int, problem.split("\n")[0].split())
        blocks.append((rows * cols, head.split()[0], problem))
    _, ident, text = max(blocks)
    lines = text.split("\n")
    for r, line in enumerate(lines[1:], 1):
        tokens = line.split()
        for c, token in enumerate(tokens):
            if "," not in token or not token.split(",")[1]:
                continue
            down, right = token.split(",")
            for delta in (1, -1):
                tokens2 = tokens[:c] + [f"{down},{int(right) + delta}"] + tokens[c + 1:]
                wrong = "\n".join(lines[:r] + [" ".join(tokens2)] + lines[r + 1:])
                if no_solution("kakuro", wrong):
                    return Case(f"kakuro {lines[0].replace(' ', '×')} (janko {ident.split('_')[0]})", "kakuro",
                                text, wrong, f"the right sum {right} at r{r}c{c + 1} made {int(right) + delta}")
    raise AssertionError("no wrong sum found")


ENGINE: dict[str, str] = {}        # {"engine": name} when --engine asks for one


def requests(case: Case) -> dict[str, dict]:
    """The request each measure sends."""
    base = {"kind": case.kind, "budget_ms": 600_000, **ENGINE}
    return {"solve": {**base, "op": "solve", "text": case.text, "render": False},
            "facts": {**base, "op": "solve", "text": case.text, "render": False, "facts": True},
            "explain": {**base, "op": "solve", "text": case.impossible, "render": False, "explain": True},
            "hint": {**base, "op": "hint", "text": case.text}}


def summary(measure: str, response: dict) -> str:
    """What an answer found, checked to be the kind of answer asked for."""
    assert response["ok"], response
    result = response["result"]
    if measure == "solve":
        assert result["status"] == "unique", result["status"]
        return f"unique on {result['engine']}"
    if measure == "facts":
        assert result["facts_count"] is not None, result
        return f"{result['facts_count']} certain cells"
    if measure == "explain":
        assert result["status"] == "none" and result["conflict_clues"], result
        clues = result["conflict_clues"]
        named = ", ".join(c["label"] for c in clues) if len(clues) <= 4 else "e.g. " + clues[0]["label"]
        return f"{len(clues)} clues ({named})"
    assert result["hint"] is not None, result
    hint = result["hint"]
    return f"{len(hint['clues'])} clues, rule {hint['rule']}"


def run_cpython(cases: list[Case]) -> dict:
    """{(case, measure): (first ms, median of REPEAT more, what it found)} through api.handle."""
    out = {}
    for case in cases:
        for measure, request in requests(case).items():
            times, found = [], ""
            for _ in range(1 + REPEAT):
                start = time.perf_counter()
                response = api.handle(request)
                times.append((time.perf_counter() - start) * 1e3)
                found = summary(measure, response)
            out[case.name, measure] = (times[0], statistics.median(times[1:]), found)
    return out


PAGE_RUN = """async ([warm, requests, repeat]) => {
    for (const request of warm) await window.gridlogic.request(request);
    const out = [];
    for (const request of requests) {
      const times = [];
      let last = null;
      for (let i = 0; i <= repeat; i++) {
        const t0 = performance.now();
        last = await window.gridlogic.request(request);
        times.push(performance.now() - t0);
      }
      out.push([times, last]);
    }
    return out;
}"""


def run_page(cases: list[Case], site: Path | None) -> tuple[dict, str]:
    """The same requests in the built page (round trip page → worker → api.handle → page); the site."""
    from playwright.sync_api import expect, sync_playwright

    build = load_build()
    site = build.build_site(site) if site else build.build_site()
    server, _ = counting_server(build, site)
    url = f"http://127.0.0.1:{server.server_address[1]}/a/g/"
    expect.set_options(timeout=300_000)
    out = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        page.set_default_timeout(900_000)
        page.goto(url)
        expect(page.locator("body")).to_have_attribute("data-engine", "ready")
        for case in cases:
            asked = requests(case)
            warm = [{"op": "solve", "kind": case.kind, "text": text, "render": False, **ENGINE}
                    for text in (case.text, case.impossible)]
            answers = page.evaluate(PAGE_RUN, [warm, list(asked.values()), REPEAT])
            for measure, (times, response) in zip(asked, answers):
                out[case.name, measure] = (times[0], statistics.median(times[1:]), summary(measure, response))
        browser.close()
    server.shutdown()
    return out, str(site)


def rule_share() -> None:
    """Follow every norvig_easy50 puzzle by hints alone (path) and count the steps that name a rule."""
    puzzles = corpus_lines("sudoku", "norvig_easy50.txt")
    steps = named = solved = eliminations = 0
    rules: dict[str, int] = {}
    ratings: dict[str, int] = {}
    start = time.perf_counter()
    for text in puzzles:
        request = {"op": "hint", "kind": "sudoku", "text": text, "path": True, "budget_ms": 600_000}
        result = api.handle(request)["result"]
        grid = [[int(ch) for ch in text[r * 9:r * 9 + 9]] for r in range(9)]
        for step in result["steps"]:
            steps += 1
            eliminations += step["eliminated"]
            if step["rule"] is not None:
                named += 1
                rules[step["rule"]] = rules.get(step["rule"], 0) + 1
            if not step["eliminated"]:
                (r, c), value = step["cell"], step["value"]
                grid[r][c] = value
        puzzle = sudoku.parse(text)
        filled = "\n".join("".join(map(str, row)) for row in grid)
        if result["status"] == "unique" and not result["stopped"] and "0" not in filled \
                and sudoku.check(puzzle, sudoku.parse_solution(puzzle, filled)) == []:
            solved += 1
            ratings[result["difficulty"]["rating"]] = ratings.get(result["difficulty"]["rating"], 0) + 1
    seconds = time.perf_counter() - start
    print(f"\nnorvig_easy50 by hints alone (op hint, path; CPython): {solved} of {len(puzzles)} solved "
          f"and accepted by the checker, {seconds:.1f} s in all")
    print(f"  steps: {steps} ({eliminations} eliminations); naming a human rule: {named} "
          f"({100 * named / max(steps, 1):.1f}%)")
    print(f"  rules named: {', '.join(f'{k} {v}' for k, v in sorted(rules.items(), key=lambda kv: -kv[1])) or 'none'}")
    print(f"  ratings: {', '.join(f'{k} {v}' for k, v in sorted(ratings.items()))}")


def ms(value: float) -> str:
    """Milliseconds, one decimal below 10."""
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--site", type=Path, help="build the site here (default: site/)")
    p.add_argument("--no-page", action="store_true", help="CPython only")
    p.add_argument("--no-share", action="store_true", help="skip the norvig_easy50 rule share")
    p.add_argument("--engine", help="the SAT engine for every timed request (default: each side's own)")
    args = p.parse_args()
    if args.engine:
        ENGINE["engine"] = args.engine
    cases = [sudoku_case(), binary_case(), nonogram_case(), kakuro_case()]
    for case in cases:
        print(f"{case.name}: impossible variant has {case.changed}")
    cpython = run_cpython(cases)
    page, site = ({}, None) if args.no_page else run_page(cases, args.site)
    print(f"\nms per request, first / median of {REPEAT} more (after one untimed solve of the puzzle and its variant)"
          + ("" if args.no_page else f"; page: {site} in Chromium, round trip through the worker"))
    print(f"{'puzzle':34} {'measure':8} {'CPython':>17} {'page':>17} {'page/Py':>8}  found")
    for case in cases:
        for measure in MEASURES:
            first, again, found = cpython[case.name, measure]
            row = f"{case.name:34} {measure:8} {ms(first):>8} /{ms(again):>7}"
            if page:
                pfirst, pagain, _ = page[case.name, measure]
                row += f" {ms(pfirst):>8} /{ms(pagain):>7} {pagain / again:7.1f}x"
            print(row + f"  {found}")
    if page:
        over = [f"{case} {measure}" for (case, measure), (first, again, _) in page.items()
                if measure != "solve" and max(first, again) >= GOAL_MS]
        print(f"\nin the page under {GOAL_MS} ms (first and again): "
              f"{sum(m != 'solve' for _, m in page) - len(over)} of {sum(m != 'solve' for _, m in page)}; "
              f"over: {', '.join(over) or 'none'}")
        print(f"solve in CPython: {cpython[cases[0].name, 'solve'][2]}; in the page: {page[cases[0].name, 'solve'][2]}")
    if not args.no_share:
        rule_share()
    return 0


if __name__ == "__main__":
    sys.exit(main())
