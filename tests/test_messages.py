"""Every message short, on every path: 100,000-character input of many shapes through `api.handle`
(puzzle text of every kind, proposed solutions, editing states, links, rules, entries, op and field
names) is answered with a message of at most MESSAGE_CHARS characters that quotes at most
EXCERPT_CHARS characters of the input in a row, and a `where` that holds no long string; the
command line's own messages likewise. The API's last guard on message length is off here, so each
path is held to the rule where it writes its message; one test shows the guard itself."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from gridlogic import api, cli
from gridlogic.api import fields
from gridlogic.errors import EXCERPT_CHARS, MESSAGE_CHARS, PuzzleError
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of
from gridlogic.layout import MAX_CELL, MAX_FIELD, blank_state
from long_inputs import N, SHAPES, TOKENS, URLS, after, long_url, quoted_run, request_strings, splice, starts

Case = tuple[str, Callable[[], object]]
"""A test id and a function making the request (made when the test runs: they are large)."""


@pytest.fixture(autouse=True)
def without_the_last_guard(monkeypatch):
    """api.handle cuts long messages as a last guard: off, so each path is held to the rule itself."""
    monkeypatch.setattr(api, "MESSAGE_CHARS", 10 ** 9)


def assert_short(request, response: dict, may_accept: bool = False) -> None:
    """The response is a typed error whose message is short and quotes little of the request (or, where
    the input may be valid, an answer)."""
    if may_accept and response["ok"]:
        return
    assert response["ok"] is False, "accepted"
    error = response["error"]
    message = error["message"]
    assert error["type"] != "InternalError", message[:300]
    assert len(message) <= MESSAGE_CHARS, f"{len(message):,} characters: {message[:300]!r}"
    run = quoted_run(message, request_strings(request))
    assert run is None, f"quotes {run!r} in {message!r}"
    long = request_strings(error["where"])
    assert not long, f"where holds {long[0][:60]!r}…"
    assert len(json.dumps(error["where"])) <= MESSAGE_CHARS


def send(build: Callable[[], object], may_accept: bool = False) -> None:
    """Make the request, send it, and hold the answer to the rule."""
    request = build()
    assert_short(request, api.handle(request), may_accept)


def ids(cases: list) -> list[str]:
    """The test ids of a list of cases."""
    return [case[0] for case in cases]


# -- puzzle text --------------------------------------------------------------------------------------
def _parse(key: str, text: Callable[[], str], rules=()) -> Callable[[], dict]:
    return lambda: {"op": "parse", "kind": key, "text": text(), "rules": list(rules)}


def refused_texts() -> Iterator[Case]:
    """Junk as a whole text, after a valid start of each format, and clues too long to quote whole."""
    for kind in KINDS:
        key = kind.KEY
        for shape, junk in SHAPES.items():
            yield f"{key}-{shape}", _parse(key, junk)
        for start in starts(kind):
            for shape in TOKENS if "puzz.link" not in start else ("accents",):
                yield (f"{key}-{start[:24]!r}+{shape}",
                       _parse(key, lambda start=start, junk=SHAPES[shape]: after(start, junk())))
    clue, columns = " ".join(["1"] * 50), "\n".join("1" if c % 2 == 0 else "0" for c in range(100))
    yield ("nonogram-a clue of 100 blocks",
           _parse("nonogram", lambda: "width 2\nheight 1\nrows\n" + "1 " * 100 + "\ncolumns\n1\n0"))
    yield ("nonogram-a goal against a clue of 50 blocks",
           _parse("nonogram", lambda: f"width 100\nheight 1\nrows\n{clue}\ncolumns\n{columns}\n"
                                      f"goal \"{'0' * 100}\"\n"))


def spliced_examples() -> Iterator[Case]:
    """Junk inside each kind's first examples: at the start, after the first word and line, at the end."""
    for kind in KINDS:
        for example in kind.EXAMPLES[:3]:
            text = example.text
            first_line = text.find("\n") + 1 or len(text)
            first_word = next((i for i, ch in enumerate(text) if ch.isspace()), len(text))
            for where, at in (("start", 0), ("first word", first_word), ("first line", first_line),
                              ("end", len(text))):
                shape = TOKENS[(at + len(where)) % len(TOKENS)]
                yield (f"{kind.KEY}-{example.name}-{where}-{shape}",
                       _parse(kind.KEY, lambda text=text, at=at, junk=SHAPES[shape]: splice(text, at, junk()),
                              example.rules))


REFUSED_TEXTS = list(refused_texts())
SPLICED_EXAMPLES = list(spliced_examples())


@pytest.mark.parametrize("name,build", REFUSED_TEXTS, ids=ids(REFUSED_TEXTS))
def test_puzzle_text(name, build):
    send(build)


@pytest.mark.parametrize("name,build", SPLICED_EXAMPLES, ids=ids(SPLICED_EXAMPLES))
def test_puzzle_text_inside_an_example(name, build):
    """Refused, or skipped where the format allows it (a `.non` file ignores keywords it does not know)."""
    send(build, may_accept=True)


# -- proposed solutions (check) ----------------------------------------------------------------------
def solution_cases() -> Iterator[Case]:
    for kind in KINDS:
        example = next((e for e in kind.EXAMPLES if e.solution), kind.EXAMPLES[0])
        solution = example.solution or example.text
        base = {"op": "check", "kind": kind.KEY, "text": example.text, "rules": list(example.rules)}
        for shape in ("one long line", "many lines", "long number", "accents", "numbers and spaces"):
            yield f"{kind.KEY}-{shape}", lambda base=base, junk=SHAPES[shape]: {**base, "solution": junk()}
        for where, glue in (("after its last line", ""), ("on its own line", "\n")):
            yield (f"{kind.KEY}-a solution then junk {where}",
                   lambda base=base, solution=solution + glue: {
                       **base, "solution": splice(solution, len(solution), SHAPES["one long line"]())})


SOLUTION_CASES = list(solution_cases())


@pytest.mark.parametrize("name,build", SOLUTION_CASES, ids=ids(SOLUTION_CASES))
def test_check_solution(name, build):
    """Junk as check's `solution`, and a solution followed by junk."""
    send(build)


# -- editing states -----------------------------------------------------------------------------------
def _state(kind, change: Callable[[dict], None]) -> Callable[[], dict]:
    def build() -> dict:
        layout = layout_of(kind)
        size = layout["default_size"]
        state = blank_state(layout, size["rows"], size["cols"])
        change(state)
        return {"op": "parse", "kind": kind.KEY, "state": state}
    return build


def _field_values(limit: int) -> dict[str, Callable[[], str]]:
    """Values of an edge or extra field: past its limit, and at it (read by the kind)."""
    return {"long": SHAPES["one long line"], "at its limit": lambda: "x" * limit,
            "numbers at its limit": lambda: ("1 " * limit)[:limit],
            "a hundred numbers": lambda: ("1 " * 100)[:limit], "long number at its limit": lambda: "9" * limit}


def state_cases() -> Iterator[Case]:
    long, digits = SHAPES["one long line"], SHAPES["long number"]
    for kind in KINDS:
        layout, key = layout_of(kind), kind.KEY
        for name in ("one long line", "long number", "accents"):
            junk = SHAPES[name]
            yield f"{key}-first cell {name}", _state(kind, lambda s, junk=junk: s["cells"].__setitem__(0, junk()))
            yield f"{key}-last cell {name}", _state(kind, lambda s, junk=junk: s["cells"].__setitem__(-1, junk()))
        yield f"{key}-cell at its limit", _state(kind, lambda s: s["cells"].__setitem__(-1, "x" * MAX_CELL))
        yield f"{key}-unknown key", _state(kind, lambda s: s.__setitem__(long(), 1))
        yield f"{key}-rows", _state(kind, lambda s: s.__setitem__("rows", digits()))
        yield f"{key}-cells a string", _state(kind, lambda s: s.__setitem__("cells", long()))
        for part in ("edges", "marks", "extras"):
            yield f"{key}-{part} unknown key", _state(kind, lambda s, part=part: s.__setitem__(part, {long(): ""}))
        for edge in layout.get("edges", []):
            for name, junk in _field_values(edge.get("max_length", MAX_FIELD)).items():
                yield (f"{key}-edge {edge['key']} {name}",
                       _state(kind, lambda s, e=edge["key"], junk=junk: s["edges"][e].__setitem__(0, junk())))
        for extra in layout.get("extras", []):
            for name, junk in _field_values(extra.get("max_length", MAX_FIELD)).items():
                yield (f"{key}-extra {extra['key']} {name}",
                       _state(kind, lambda s, e=extra["key"], junk=junk: s["extras"].__setitem__(e, junk())))
        if "marks" in layout:
            yield f"{key}-mark long", _state(kind, lambda s: s["marks"]["h"].__setitem__(0, long()))


STATE_CASES = list(state_cases())


@pytest.mark.parametrize("name,build", STATE_CASES, ids=ids(STATE_CASES))
def test_state(name, build):
    """Long strings in every place of an editing state: cells, edges, marks, extras, keys, sizes."""
    send(build)


# -- links ---------------------------------------------------------------------------------------------
LINK_CASES = [(f"{form}-{pid}", lambda form=form, pid=pid: {"op": "link_import", "url": long_url(form, pid)})
              for form, pattern in URLS.items()
              for pid in ("sudoku", "nonogram", "kakuro", "puzlogic", "chess")
              if "{pid}" in pattern or pid == "sudoku"]


@pytest.mark.parametrize("name,build", LINK_CASES, ids=ids(LINK_CASES))
def test_link_import(name, build):
    """link_import of long URLs of every form it reads: puzz.link, pzv.jp, and the page's own links."""
    send(build)


# -- names and the other fields ----------------------------------------------------------------------------
PUZZLE = {"kind": "sudoku", "text": "1...\n..2.\n.3..\n...4"}


def field_cases() -> Iterator[Case]:
    long, accents = SHAPES["one long line"], SHAPES["accents"]
    for kind in KINDS:
        base = {"op": "parse", "kind": kind.KEY, "text": kind.EXAMPLES[0].text}
        yield f"rules list-{kind.KEY}", lambda base=base: {**base, "rules": [long()]}
        yield f"rules string-{kind.KEY}", lambda base=base: {**base, "rules": long()}
        yield f"rules after a name-{kind.KEY}", lambda base=base: {**base, "rules": "knight," + long()[7:]}
        yield f"rules of 100-{kind.KEY}", lambda base=base: {**base, "rules": ["x" * 100]}
    yield "op", lambda: {"op": long()}
    yield "op accents", lambda: {"op": accents()}
    yield "field name", lambda: {"op": "parse", **PUZZLE, long(): 1}
    yield "field name accents", lambda: {"op": "parse", **PUZZLE, accents(): 1}
    yield "kind", lambda: {"op": "parse", "kind": long(), "text": "1"}
    yield "backend", lambda: {"op": "solve", **PUZZLE, "backend": long()}
    yield "engine", lambda: {"op": "solve", **PUZZLE, "engine": long()}
    yield "packages", lambda: {"op": "preload", "packages": [long()]}
    yield "packages string", lambda: {"op": "preload", "packages": long()}
    yield "entries item", lambda: {"op": "progress", **PUZZLE, "entries": [long()]}
    yield "entries value", lambda: {"op": "progress", **PUZZLE, "entries": [[0, 0, long()]]}
    yield "entries fourth", lambda: {"op": "progress", **PUZZLE, "entries": [[0, 0, 1, long()]]}
    yield "entries object", lambda: {"op": "progress", **PUZZLE, "entries": [{long(): 1}]}
    yield "text over the limit", lambda: {"op": "parse", "kind": "sudoku", "text": long() + "x"}
    yield "url over the limit", lambda: {"op": "link_import", "url": long() + "x"}
    yield "limit", lambda: {"op": "solve", **PUZZLE, "limit": long()}
    yield "request a string", lambda: long()
    yield "request a list", lambda: [long()]


FIELD_CASES = list(field_cases())


@pytest.mark.parametrize("name,build", FIELD_CASES, ids=ids(FIELD_CASES))
def test_names_and_fields(name, build):
    """Long rule names, entries, op and field names, kinds, backends, engines and packages."""
    send(build)


# -- the helpers, the last guard, the command line ------------------------------------------------------
def test_quoted_run_finds_runs_of_41_and_no_shorter():
    text = "abc" + "x" * 50 + "def"
    assert quoted_run("got '" + "x" * 40 + "'", [text]) is None
    assert quoted_run("got " + "x" * 41, [text]) == "x" * 41
    assert quoted_run("c" + "x" * 40 + "!", [text]) == "c" + "x" * 40
    assert sorted(request_strings({"y" * 41: ["z" * 41, {"k": "w" * 41}], "short": 5})) == \
        ["w" * 41, "y" * 41, "z" * 41]


def test_the_last_guard_cuts_a_long_message(monkeypatch):
    monkeypatch.setattr(api, "MESSAGE_CHARS", MESSAGE_CHARS)

    def noisy(clean, progress=None):
        raise PuzzleError("x" * 1000)

    monkeypatch.setitem(fields.OPS, "hello", fields.Op(noisy))
    message = api.handle({"op": "hello"})["error"]["message"]
    assert len(message) == MESSAGE_CHARS and message.endswith("… (1,000 characters)")


@pytest.mark.parametrize("argv", [
    ["solve", "x" * N],
    ["solve", "sudoku", "/" + "x" * 5000],
    ["solve", "sudoku", "-", "--limit", "x" * N],
    ["solve", "sudoku", "-", "--timeout", "x" * N],
    ["solve", "sudoku", "-", "--backend", "x" * N],
    ["solve", "sudoku", "-", "--backend", "x " * 1000],
    ["solve", "sudoku", "-", "--" + "x" * N],
    ["solve", "sudoku", "-", "x " * 1000],
], ids=["kind", "file", "limit", "timeout", "backend", "backend with spaces", "option", "arguments"])
def test_command_line(argv, capsys):
    """The command line's own messages (usage errors, files, kinds) quote little of its arguments."""
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == cli.EXIT_INVALID
    message = capsys.readouterr().err.splitlines()[-1]
    assert len(message) <= MESSAGE_CHARS + len("gridlogic: ")
    assert quoted_run(message, [a for a in argv if len(a) > EXCERPT_CHARS]) is None, message
