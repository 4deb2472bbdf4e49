"""What the command line prints of an answer: the JSON fields it keeps, the certain cells, candidates,
symmetry classes, setter helpers and difficulty lines."""

from __future__ import annotations

import sys


def public(result: dict, count: bool) -> dict:
    out = {k: result[k] for k in ("kind", "status", "solution", "engine", "elapsed_ms")}
    if result.get("stopped"):
        out["stopped"] = result["stopped"]
    if count:
        out["count"] = result["count"] if result.get("count_complete") else f">={result['count']}"
    for extra in ("answer", "facts", "facts_count", "candidates", "candidates_stopped", "differ", "unique_with",
                  "redundant", "setter_stopped", "conflict", "conflict_clues", "because", "conflict_minimal",
                  "symmetries", "classes",
                  "class_sizes", "classes_stopped"):
        if extra in result:
            out[extra] = result[extra]
    return out


def print_classes(result: dict) -> None:
    """`classes: 9 (9 of size 8) under identity, rotate 90, ...`, or `classes: unknown` when the
    count is incomplete or the time ran out."""
    if result["classes"] is None:
        why = "the --timeout ran out" if result.get("classes_stopped") else "the count is incomplete"
        print(f"classes: unknown ({why})")
        return
    sizes = ", ".join(f"{n} of size {size}" for size, n in result["class_sizes"].items())
    print(f"classes: {result['classes']}" + (f" ({sizes})" if sizes else "")
          + f" under {', '.join(result['symmetries'])}")


def print_facts(facts: list[list[int]]) -> None:
    """The certain cells, a line per row: `certain cells: 12` then `r1: c1=5 c4=7`."""
    print(f"certain cells: {len(facts)}")
    rows: dict[int, list[str]] = {}
    for r, c, v in facts:
        rows.setdefault(r, []).append(f"c{c + 1}={v}")
    for r, cells in rows.items():
        print(f"r{r + 1}: {' '.join(cells)}")


def print_candidates(cells: list, stopped: bool) -> None:
    """The true candidates, a line per row: `candidates: 12 cells` then `r1: c2=1/4 c3=3`; stopped, a line
    says that values not yet settled were left in."""
    print(f"candidates: {len(cells)} cells")
    if stopped:
        print("(stopped by the --timeout: values not yet settled are left in)")
    rows: dict[int, list[str]] = {}
    for r, c, values in cells:
        rows.setdefault(r, []).append(f"c{c + 1}={'/'.join(map(str, values))}")
    for r, words in rows.items():
        print(f"r{r + 1}: {' '.join(words)}")


def print_setter(result: dict) -> None:
    """`solutions differ at: r1c2 ...` and `unique with: 3 at r1c2` (several solutions), or `redundant
    givens: r1c5 ...` (one)."""
    def cells(found: list) -> str:
        return " ".join(f"r{r + 1}c{c + 1}" for r, c in found) or "none"
    if result["differ"] is not None:
        print(f"solutions differ at: {cells(result['differ'])}")
        if result["unique_with"] is not None:
            r, c, v = result["unique_with"]
            print(f"unique with: {v} at r{r + 1}c{c + 1}")
        elif result["setter_stopped"] is None:
            print("unique with: no single given")
    if result["redundant"] is not None:
        print(f"redundant givens: {cells(result['redundant'])}")


def say_stopped(result: dict, key: str, what: str) -> None:
    if result.get(key) == "budget" and result["stopped"] != "budget":
        print(f"gridlogic: the --timeout of {result['budget_ms'] / 1000:g} s ran out before {what}", file=sys.stderr)


def difficulty_line(d: dict) -> str:
    """"hard · 40 steps: 30 easy, 8 medium, 2 hard (score 4.2, XY-wing)", or with the walk's rating
    "(largest reason 12 clues)"."""
    levels = ", ".join(f"{n} {name}" for name, n in d["levels"].items() if n)
    if "score" in d:
        detail = f"score {d['score']:g}, {d['hardest']}" if d.get("hardest") else f"score {d['score']:g}"
    else:
        detail = f"largest reason {d['largest_reason']} clue{'' if d['largest_reason'] == 1 else 's'}"
    return f"{d['rating']} · {d['steps']} steps{': ' + levels if levels else ''} ({detail})"
