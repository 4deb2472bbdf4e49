"""The API door: every field of every op checked once for type and range, a RequestError naming the
field for each wrong value, short messages for huge input, and answers that stay consistent."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from gridlogic import api
from gridlogic.api import fields
from gridlogic.api.links import LINK_FORMATS
from gridlogic.api.solve import MAX_BOARDS, MAX_KEEP
from gridlogic.budget import MAX_MS
from gridlogic.kinds import KINDS, optional_packages, rule_names, sudoku
from gridlogic.contract import layout_of, optional
from gridlogic.layout import check_layout, read_state

CLASSIC = sudoku.EXAMPLES[0].text
EMPTY_MIRACLE = "." * 81

# A valid request per op; each test below spoils one field of it.
VALID = {
    "hello": {"op": "hello"},
    "kinds": {"op": "kinds"},
    "parse": {"op": "parse", "kind": "sudoku", "text": CLASSIC},
    "solve": {"op": "solve", "kind": "sudoku", "text": CLASSIC, "render": False},
    "check": {"op": "check", "kind": "sudoku", "text": CLASSIC, "solution": sudoku.EXAMPLES[0].solution},
    "hint": {"op": "hint", "kind": "sudoku", "text": CLASSIC},
    "progress": {"op": "progress", "kind": "sudoku", "text": CLASSIC, "entries": [[0, 0, 4]]},
    "link_import": {"op": "link_import", "url": "https://puzz.link/p?sudoku/4/4/g1h2h3h4g"},
    "link_export": {"op": "link_export", "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4"},
    "preload": {"op": "preload", "packages": []},
    "generate": {"op": "generate", "kind": "sudoku", "rows": 4, "seed": 1},
}

TOO_LONG = "x" * (fields.MAX_TEXT + 1)
BAD_VALUES = {
    "kind": [5, [], {}, True, "chess", "sudoku " * 9000],
    "text": [5, [], {"a": 1}, False, TOO_LONG],
    "rules": [5, True, {"knight": 1}, [5], [None], ["zebra"], ["knight"] * (fields.MAX_RULES + 1), ["k" * 500]],
    "constraints": [5, True, {"killer": 1}, [5], ["arrow"], ["killer"] * (fields.MAX_RULES + 1), ["k" * 500]],
    "backend": [5, [], "gpu", "native", "SAT"],
    "engine": [5, [], "zchaff", "lingeling"],
    "count": [1, 0, "yes", [], {}],
    "all": [1, "true", []],
    "render": [0, "false", [True]],
    "limit": [0, -1, fields.MAX_LIMIT + 1, 10 ** 100, -10 ** 5000, "5", 1.5, True, [], float("nan"), float("inf")],
    "keep": [0, -3, MAX_KEEP + 1, "2", False, 2.5],
    "budget_ms": [0, -1, MAX_MS + 1, "1000", 1.5, True, float("nan"), float("inf"), 10 ** 4400],
    "packages": [5, ["os"], [5], ["sympy"] * 5, {"sympy": 1}],
    "url": [5, [], TOO_LONG],
    "base": [5, [], TOO_LONG],
    "state": [5, "9x9", [], True, {}, {"rows": 9}, {"rows": 9, "cols": 9, "cells": [""] * 80},
              {"rows": 9, "cols": 9, "cells": [5] * 81}, {"rows": 10 ** 400, "cols": 9, "cells": []},
              {"rows": 9, "cols": 9, "cells": [""] * 81, "edges": {"x": []}},
              {"rows": 9, "cols": 9, "cells": ["1" * 5000] + [""] * 80}],
    "solution": [5, [], TOO_LONG],
    "facts": [1, "true", [True]],
    "candidates": [1, "yes", {}],
    "setter": [0, "true", [False]],
    "explain": [0, "yes", {}],
    "symmetry": [1, []],
    "rows": [0, "9", 1.5, fields.MAX_SIDE + 1],
    "cols": [-1, "9", True],
    "difficulty": [5, [], "x" * 101],
    "minimal": [1, "yes"],
    "seed": [-1, 2 ** 53, "7", 1.5],
    "daily": [5, [], "x" * 101],
    "title": [5, [], "x" * (fields.MAX_TITLE + 1)],
    "author": [5, {}, "x" * (fields.MAX_TITLE + 1)],
    "rules_text": [5, ["a"], "x" * (fields.MAX_RULES_TEXT + 1)],
    "path": [1, "yes", [True]],
    "format": [5, [], "pdf", "PUZZLINK"],
    "entries": [5, "1,1,1", {"r": 1}, [[0, 0]], [[0, 0, 1, 2]], [[0, 0, "1"]], [[-1, 0, 1]], [[0, 0, 1.5]],
                [[0, 0, True]], [[0, 0, 10 ** 400]], [[0, 0, 1]] * (fields.MAX_ENTRIES + 1), [[0, 0, 12]],
                [[40, 0, 1]]],
}


def _cases():
    for op, valid in VALID.items():
        for field in fields.OPS[op].fields:
            for i, value in enumerate(BAD_VALUES[field]):
                yield pytest.param(op, field, value, id=f"{op}-{field}-{i}")


def error_of(request) -> dict:
    response = api.handle(request)
    assert response["ok"] is False, response
    json.dumps(response)
    return response["error"]


@pytest.mark.parametrize("op,field,value", _cases())
def test_every_wrong_field_is_a_request_error_naming_it(op, field, value):
    request = {**VALID[op], field: value}
    if field == "state":
        request.pop("text")
    if op == "solve" and field == "engine" and value == "lingeling":
        request["backend"] = "sat"
    error = error_of(request)
    assert error["type"] == "RequestError", error
    assert error["where"].get("field") == field, error
    assert len(error["message"]) < 400


@pytest.mark.parametrize("op", VALID)
def test_valid_requests_answer(op):
    response = api.handle(VALID[op])
    assert response["ok"], response


@pytest.mark.parametrize("op,missing", [(op, field) for op in VALID for field in fields.OPS[op].needs])
def test_a_missing_needed_field_is_named(op, missing):
    request = {k: v for k, v in VALID[op].items() if k != missing}
    error = error_of(request)
    assert error["type"] == "RequestError" and error["where"]["field"] == missing
    assert error_of({**VALID[op], missing: None})["where"]["field"] == missing


@pytest.mark.parametrize("request_", [None, [], "solve", 5, {"op": []}, {"op": {}}, {"op": 5}, {"op": None},
                                      {}, {"op": "frobnicate"}, {"op": "x" * 100_000}],
                         ids=lambda r: str(r)[:20])
def test_bad_ops_and_non_objects(request_):
    error = error_of(request_)
    assert error["type"] == "RequestError"
    assert len(error["message"]) < 400


@pytest.mark.parametrize("op", ["solve", "hello", "parse", "preload"])
def test_unknown_fields_are_refused_by_name(op):
    error = error_of({**VALID[op], "budget": 5})
    assert error["where"]["field"] == "budget" and "budget" in error["message"]


def test_null_means_the_default():
    response = api.handle({**VALID["solve"], "backend": None, "engine": None, "limit": None, "keep": None,
                           "rules": None, "count": None, "budget_ms": None})
    assert response["ok"] and response["result"]["status"] == "unique"
    assert response["result"]["budget_ms"] == 60_000


def test_limits_are_stated_in_messages():
    assert f"{fields.MAX_TEXT:,}" in error_of({**VALID["solve"], "text": TOO_LONG})["message"]
    assert f"{fields.MAX_LIMIT:,}" in error_of({**VALID["solve"], "limit": 10 ** 100})["message"]
    assert f"{MAX_MS:,}" in error_of({**VALID["solve"], "budget_ms": 0})["message"]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_rules_a_kind_does_not_have_are_refused_naming_the_rule(kind):
    example = kind.EXAMPLES[0]
    for op in ("parse", "solve", "hint", "link_export", "check"):
        request = {"op": op, "kind": kind.KEY, "text": example.text, "rules": [*example.rules, "flying"]}
        if op == "check":
            request["solution"] = example.solution or ""
        error = error_of(request)
        assert error["where"]["field"] == "rules" and "'flying'" in error["message"]
    if not rule_names(kind):
        error = error_of({"op": "solve", "kind": kind.KEY, "text": example.text, "rules": ["knight"]})
        assert "'knight'" in error["message"] and error["where"]["field"] == "rules"


@pytest.mark.parametrize("rules", [["Miracle"], "miracle", "knight, king,nonconsecutive", [" king", "knight ",
                                   "nonconsecutive", ""], ["antiknight", "antiking", "nonconsecutive"]])
def test_sudoku_rules_and_aliases_as_list_or_comma_string(rules):
    response = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 40 + "5" + "." * 40, "rules": rules,
                           "count": True, "render": False})
    assert response["ok"], response
    assert response["result"]["count"] == 8 and response["result"]["count_complete"]


def test_huge_input_is_quoted_briefly():
    for request in ({"op": "solve", "kind": "k" * 300_000, "text": "."},
                    {"op": "solve", "kind": "sudoku", "text": "#" * 99_000},
                    {"op": "solve", "kind": "sudoku", "text": ".", "rules": ["r" * 99]},
                    {"op": "frobnicate", "x": "y" * 300_000}):
        assert len(error_of(request)["message"]) < 400


@pytest.mark.parametrize("keep", [1, 2, 5])
@pytest.mark.parametrize("mode", [{}, {"count": True}, {"all": True}])
def test_answers_are_consistent(keep, mode):
    response = api.handle({"op": "solve", "kind": "sudoku", "text": EMPTY_MIRACLE, "rules": ["miracle"],
                           "keep": keep, "limit": 10, "render": False, **mode})
    result = response["result"]
    assert result["status"] == "multiple" and result["solution"] is not None
    assert result["solution"] == result["solutions"][0]
    assert len(result["solutions"]) == min(keep, 10 if mode else 2)
    if mode:
        assert result["count"] == 10 and result["count_complete"] is False


def test_count_with_limit_one_is_multiple_not_unknown():
    result = api.handle({"op": "solve", "kind": "sudoku", "text": EMPTY_MIRACLE, "rules": ["miracle"],
                         "count": True, "limit": 1, "render": False})["result"]
    assert (result["status"], result["count"], result["count_complete"]) == ("multiple", 1, False)


def test_a_stopped_count_that_holds_two_solutions_is_multiple():
    """Two solutions settle `multiple` however the count ends: stopped, it says so with the count so far."""
    result = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "count": True, "limit": 1_000_000,
                         "keep": 5, "budget_ms": 300, "render": False})["result"]
    assert result["stopped"] == "budget" and result["count_complete"] is False and result["count"] >= 2
    assert result["status"] == "multiple" and len(set(result["solutions"])) == len(result["solutions"]) >= 1
    assert result["kept"] == len(result["solutions"])           # written while the budget lasted: the first always
    puzzle = sudoku.parse("." * 81)
    for text in result["solutions"]:
        assert sudoku.check(puzzle, sudoku.parse_solution(puzzle, text)) == []
    early = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "count": True, "budget_ms": 1,
                        "render": False})["result"]
    assert early["stopped"] == "budget"
    assert early["status"] == ("multiple" if early["count"] >= 2 else "unknown")


@pytest.mark.parametrize("text,status", [(CLASSIC, "unique"), ("11" + "." * 79, None), ("." * 81, "multiple")])
def test_status_and_solution_agree(text, status):
    response = api.handle({"op": "solve", "kind": "sudoku", "text": text, "render": False})
    if status is None:
        assert response["ok"] is False
        return
    result = response["result"]
    assert result["status"] == status and result["solution"] is not None and result["stopped"] is None
    none = api.handle({"op": "solve", "kind": "binary", "text": "1.\n1.\n", "render": False})["result"]
    assert none["status"] == "none" and none["solution"] is None and none["solutions"] == []


def test_all_keeps_up_to_max_keep_and_draws_at_most_max_boards():
    result = api.handle({"op": "solve", "kind": "binary", "text": "\n".join(["." * 8] * 8), "all": True,
                         "limit": 300})["result"]
    assert result["count"] == 300 and len(result["solutions"]) == 300
    assert len(result["boards"]) == MAX_BOARDS


def test_preload_takes_known_packages_only():
    for name in optional_packages():
        if importlib.util.find_spec(name) is None:
            assert error_of({"op": "preload", "packages": [name]})["message"].startswith(f"cannot preload {name}:")
        else:
            assert api.handle({"op": "preload", "packages": [name]})["result"] == {"loaded": [name]}
    assert error_of({"op": "preload", "packages": ["os"]})["message"].startswith("cannot preload 'os'")


def test_without_z3_preload_and_smt_are_refused_with_a_message(monkeypatch):
    monkeypatch.setitem(sys.modules, "z3", None)            # what an installation without the z3 extra sees
    assert "smt" not in api.handle({"op": "hello"})["result"]["backends"]
    refused = error_of({"op": "preload", "packages": ["z3"]})
    assert refused["type"] == "RequestError" and refused["where"] == {"field": "packages"}
    assert refused["message"] == "cannot preload z3: it is not installed here (pip install 'gridlogic[z3]')"
    refused = error_of({"op": "solve", "kind": "sudoku", "text": EMPTY_MIRACLE, "backend": "smt"})
    assert refused["type"] == "RequestError" and "needs z3" in refused["message"]


def test_ops_are_declared_in_one_table():
    assert set(fields.OPS) == {"hello", "kinds", "parse", "solve", "check", "hint", "progress", "clashes", "link_import",
                            "link_export", "preload", "generate"}
    for op in fields.OPS.values():
        assert set(op.fields) <= set(fields.FIELDS)
        assert len(set(op.fields)) == len(op.fields)


PUZZLE_OPS = [op for op in VALID if "text" in VALID[op]]


@pytest.mark.parametrize("op", PUZZLE_OPS)
def test_puzzle_ops_take_exactly_one_of_text_and_state(op):
    assert fields.OPS[op].one_of == ("text", "state")
    state = api.handle({"op": "parse", "kind": VALID[op]["kind"], "text": VALID[op]["text"]})["result"]["state"]
    both = error_of({**VALID[op], "state": state})
    assert both["where"]["field"] == "state" and "exactly one of 'text' or 'state'" in both["message"]
    assert "got 'text' and 'state'" in both["message"]
    neither = error_of({k: v for k, v in VALID[op].items() if k != "text"})
    assert neither["where"]["field"] == "text" and "got neither" in neither["message"]
    by_state = api.handle({**{k: v for k, v in VALID[op].items() if k != "text"}, "state": state})
    assert by_state == api.handle(VALID[op]) or op == "solve"
    assert by_state["ok"]


def test_parse_gives_text_state_and_board_and_the_state_parses_back():
    result = api.handle({"op": "parse", "kind": "sudoku", "text": CLASSIC})["result"]
    assert set(result) == {"text", "rules", "state", "board"}
    assert read_state(layout_of(sudoku), result["state"]) == result["state"]
    again = api.handle({"op": "parse", "kind": "sudoku", "state": result["state"]})["result"]
    assert again == result


def test_a_bad_state_is_refused_at_the_door_naming_the_place():
    state = api.handle({"op": "parse", "kind": "sudoku", "text": CLASSIC})["result"]["state"]
    error = error_of({"op": "solve", "kind": "sudoku", "state": {**state, "cells": state["cells"][:-1]}})
    assert error["type"] == "RequestError" and error["where"]["field"] == "state"
    assert "80 values" in error["message"] and "9×9" in error["message"]
    cells = list(state["cells"])
    cells[12] = ["1"]
    error = error_of({"op": "solve", "kind": "sudoku", "state": {**state, "cells": cells}})
    assert error["where"] == {"field": "state", "r": 1, "c": 3} and "r2c4" in error["message"]


def test_the_contents_of_a_state_are_the_kinds_to_refuse_with_a_location():
    state = api.handle({"op": "parse", "kind": "sudoku", "text": CLASSIC})["result"]["state"]
    cells = list(state["cells"])
    first = cells.index("1")
    cells[first + 1 if cells[first + 1] == "" else first - 1] = "1"
    error = error_of({"op": "solve", "kind": "sudoku", "state": {**state, "cells": cells}})
    assert error["type"] == "PuzzleRuleError" and "r" in error["where"] and "c" in error["where"]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_kinds_op_composes_each_kind_from_its_module(kind):
    result = api.handle({"op": "kinds"})["result"]
    info = next(k for k in result["kinds"] if k["key"] == kind.KEY)
    json.dumps(info)
    assert set(info) == {"key", "title", "rules", "aliases", "needs", "backends", "examples", "layout", "values",
                         "how_to_play", "generate", "setter", "exports", "puzzlink"}
    cells = optional(kind, "PUZZLINK_CELLS")
    assert info["puzzlink"] == ({"pid": optional(kind, "PUZZLINK_ID") or kind.KEY, "cells": cells} if cells else None)
    assert info["how_to_play"] == kind.HOW_TO_PLAY and 40 < len(info["how_to_play"]) < 400
    said = optional(kind, "VALUE_WORDS") or {}
    assert info["values"] == {str(v): {"word": w, "mark": m} for v, (w, m) in said.items()}
    assert info["title"] == kind.TITLE and [r["key"] for r in info["rules"]] == list(kind.RULES)
    assert info["aliases"] == {k: list(v) for k, v in kind.ALIASES.items()} and info["needs"] == list(kind.NEEDS)
    assert set(info["needs"]) <= set(result["packages"])
    check_layout(info["layout"])
    assert [e["name"] for e in info["examples"]] == [e.name for e in kind.EXAMPLES]
    for shown, example in zip(info["examples"], kind.EXAMPLES):
        assert shown["text"] == example.text and shown["count"] == example.count
        assert kind.from_state(read_state(info["layout"], shown["state"]), rules=example.rules) \
            == kind.parse(example.text, rules=example.rules)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_the_page_flags_say_what_the_kind_offers(kind):
    """`setter` and `exports` in the kinds op are what the setter tool and link_export take for the kind (the
    page shows its tools from them alone)."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind.KEY)
    example = next(e for e in kind.EXAMPLES if e.count == 1)
    base = {"kind": kind.KEY, "text": example.text, "rules": list(example.rules)}
    setter = api.handle({"op": "solve", **base, "setter": True, "render": False})
    assert setter["ok"] is info["setter"], setter
    assert info["exports"][0] == "page" and len(set(info["exports"])) == len(info["exports"])
    for format in LINK_FORMATS:
        exported = api.handle({"op": "link_export", **base, "format": format})
        assert exported["ok"] is (format in info["exports"]), (format, exported)
        if not exported["ok"]:
            assert exported["error"]["where"]["field"] in ("format", "kind"), exported


def test_optional_packages_come_from_the_kinds_and_the_smt_backend():
    needed = {name for kind in KINDS for name in kind.NEEDS}
    assert set(optional_packages()) == needed | {"z3"}
    assert api.handle({"op": "hello"})["result"]["packages"] == list(optional_packages())
    assert api.handle({"op": "kinds"})["result"]["packages"] == list(optional_packages())


def test_hello_states_the_limits():
    limits = api.handle({"op": "hello"})["result"]["limits"]
    assert limits == {"text": fields.MAX_TEXT, "limit": fields.MAX_LIMIT, "keep": MAX_KEEP, "boards": MAX_BOARDS,
                      "budget_ms": MAX_MS, "default_budget_ms": 60_000}


@pytest.mark.parametrize("field", ["facts", "explain"])
def test_native_kinds_refuse_explanations_naming_the_field(field):
    from gridlogic.kinds import numbercross
    response = api.handle({"op": "solve", "kind": "numbercross", "text": numbercross.EXAMPLES[0].text, field: True})
    assert not response["ok"] and response["error"]["where"] == {"field": field}


def test_facts_and_explain_fields_follow_the_status():
    solved = api.handle({**VALID["solve"], "facts": True, "explain": True})["result"]
    assert solved["status"] == "unique" and solved["facts_count"] == 81 and solved["conflict"] is None
    assert "".join(str(v) for _, _, v in solved["facts"]) == solved["solution"].replace("\n", "")
    broken = api.handle({**VALID["solve"], "rules": "miracle", "facts": True, "explain": True})["result"]
    assert broken["status"] == "none" and broken["facts"] is None
    assert broken["because"].startswith(f"These {len(broken['conflict_clues'])} clues cannot all hold")
    assert json.loads(json.dumps(broken)) == broken
    cells = {tuple(cell) for clue in broken["conflict_clues"] for cell in clue["cells"]}
    assert sorted(cells) == [tuple(cell) for cell in broken["conflict"]]
    plain = api.handle(VALID["solve"])["result"]
    assert not {"facts", "conflict", "because"} & set(plain)


def test_facts_within_a_spent_budget_say_stopped():
    result = api.handle({"op": "solve", "kind": "sudoku", "text": EMPTY_MIRACLE, "rules": "miracle",
                         "facts": True, "budget_ms": 1, "render": False})["result"]
    assert result["facts"] is None and result["facts_stopped"] == "budget"


# -- link_import says where a link comes from ------------------------------------------------------

SUDOKU_4 = ".1..\n2..3\n..4.\n...."
SOLO_4 = sudoku.to_tatham(sudoku.parse(SUDOKU_4))


@pytest.mark.parametrize("url,source", [
    ("https://puzz.link/p?sudoku/4/4/g1h2h3h4g", "puzzlink"),
    ("https://puzz.link/p?type=editor&sudoku/4/4/g1h2h3h4g", "puzzlink"),
    ("http://pzv.jp/p.html?sudoku/4/4/g1h2h3h4g", "puzzlink"),
    ("https://pzv.jp/p.html?type=editor&sudoku_edit/4/4/g1h2h3h4g", "puzzlink"),
    ("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/solo.html#" + SOLO_4, "tatham"),
    ("solo:" + SOLO_4, "tatham"),
])
def test_link_import_names_its_source(url, source):
    result = api.handle({"op": "link_import", "url": url})["result"]
    assert result["source"] == source and result["kind"] == "sudoku"
    assert set(result) == {"kind", "text", "rules", "state", "source", "title", "author", "rules_text", "warnings",
                           "entries"} and result["text"] == SUDOKU_4 and result["warnings"] == [] and result["entries"] == []


def test_link_import_of_an_old_page_link_says_page():
    from gridlogic.links.legacy import is_page_link

    url = "https://example.org/gridlogic/#kind=sudoku&p=" + SUDOKU_4.replace("\n", "%0A")
    assert is_page_link(url)
    result = api.handle({"op": "link_import", "url": url})["result"]
    assert result["source"] == "page" and result["kind"] == "sudoku" and result["text"] == SUDOKU_4


def test_a_count_reports_the_solutions_it_keeps_as_it_goes():
    """Progress of a count carries the boards of newly kept solutions (a page that stops the count keeps
    them): every one a different, valid grid, and never more than kept."""
    reports = []
    response = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "count": True, "limit": 4000,
                           "keep": 7}, reports.append)
    assert response["ok"] and response["result"]["count"] == 4000
    boards = [board for report in reports for board in report.get("boards", [])]
    assert reports and all(report["count"] >= 1 for report in reports)
    assert 1 <= len(boards) <= 7
    grids = set()
    for board in boards:
        grid = [[0] * 9 for _ in range(9)]
        for cell in board["cells"]:
            grid[cell["r"]][cell["c"]] = int(cell["text"])
        units = [row for row in grid] + [list(col) for col in zip(*grid)]
        units += [[grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
                  for br in (0, 3, 6) for bc in (0, 3, 6)]
        assert all(sorted(unit) == list(range(1, 10)) for unit in units)
        grids.add(str(grid))
    assert len(grids) == len(boards)


def test_the_worker_entry_point_answers_json_text_and_imports_what_requests_import_later():
    """gridlogic.api.entry, which the page's worker calls by name: the same answer as handle, as JSON text,
    progress reports as JSON text too; `load` imports every module of the package (the worker's snapshot
    holds them, so a restored interpreter imports none of gridlogic again), every file found."""
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    import gridlogic
    from gridlogic.api import entry

    package = Path(gridlogic.__file__).parent
    files = {".".join(("gridlogic", *p.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
             for p in package.rglob("*.py")} - {"gridlogic", "gridlogic.__main__"}
    compiled = {".".join(("gridlogic", *p.relative_to(package).parent.parts, p.name.split(".")[0]))
                for suffix in EXTENSION_SUFFIXES for p in package.rglob("*" + suffix)}
    assert set(entry.modules()) == files | compiled
    entry.load()
    assert files <= set(sys.modules)
    request = {"op": "solve", "kind": "sudoku", "text": "." * 16, "count": True, "render": False}
    reports: list[str] = []
    text = entry.handle_json(json.dumps(request), reports.append)
    answer = json.loads(text)
    assert answer["ok"] and answer["result"]["count"] == 288
    assert all(isinstance(json.loads(report), dict) for report in reports)
    assert json.loads(entry.handle_json(json.dumps({"op": "frobnicate"})))["error"]["where"] == {"field": "op"}


def test_the_worker_entry_point_builds_the_common_shapes_ahead():
    """`load` (before the worker's snapshot) encodes each kind's commonest warm shape, sudoku's 9×9: its
    first solve then builds no base; `warm` (the worker's idle steps) encodes the others and loads their
    solvers one step at a time, until it says there is nothing left: a 16×16 solve then loads no solver."""
    from gridlogic.api import entry
    from gridlogic.backends.sat import solvers
    from gridlogic.kinds.sudoku.encoding import rules_formula

    rules_formula.cache_clear()
    entry._steps = None
    entry.load()
    built = rules_formula.cache_info()
    assert built.currsize == 1
    assert api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "render": False})["ok"]
    assert rules_formula.cache_info().misses == built.misses
    steps = 0
    while entry.warm():
        steps += 1
        assert steps < 10
    assert steps == 6                  # 2 shapes × (encode, base solver, adding solver)
    assert not entry.warm()
    base16 = rules_formula(16, (4, 4), (), None)          # as encode asks for it
    assert rules_formula.cache_info().currsize == 2
    sessions = dict(solvers.SESSIONS._sessions)
    assert {(id(base16), False), (id(base16), True)} <= {(k[0], k[2]) for k in sessions}
    answer = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 256, "render": False})
    assert answer["ok"] and answer["result"]["status"] == "multiple"
    assert all(solvers.SESSIONS._sessions.get(k) is s for k, s in sessions.items() if k[0] == id(base16))
