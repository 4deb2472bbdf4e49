"""The kind contract (gridlogic/contract.py): every registered kind keeps it, and a module that
lacks or spoils any one part of it is refused with a message naming the kind and the part."""

from __future__ import annotations

import copy
import importlib.util
import os
import subprocess
import sys
import types

import pytest

from conftest import ROOT
from gridlogic import contract
from gridlogic import kinds as registry
from gridlogic.contract import FUNCTIONS, OPTIONAL, SOLVERS, KindError, is_cnf, layout_of, optional, parts_of, solved_by
from gridlogic.contract.checks import check_kind, check_maker
from gridlogic.kinds import KINDS, get_kind, optional_packages, sudoku
from gridlogic.layout import LayoutError, check_layout
from gridlogic.model import Example


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_every_registered_kind_keeps_the_contract(kind):
    check_kind(kind)
    check_layout(layout_of(kind))
    assert solved_by(kind) in SOLVERS
    assert is_cnf(kind) == (solved_by(kind) == "cnf")


def test_the_registry_checks_every_kind_at_import(monkeypatch):
    registry.check_all()
    keys = [k.KEY for k in KINDS]
    assert len(set(keys)) == len(keys)
    assert all(get_kind(key) is kind for key, kind in zip(keys, KINDS))
    monkeypatch.setattr(registry, "KINDS", KINDS + (_fake(from_state=None),))
    with pytest.raises(KindError, match="kind 'fake' lacks from_state"):
        registry.check_all()
    monkeypatch.setattr(registry, "KINDS", KINDS + (sudoku,))
    with pytest.raises(KindError, match="two kinds share a KEY"):
        registry.check_all()
    source = (ROOT / "pysrc" / "gridlogic" / "kinds" / "__init__.py").read_text()
    assert "\ncheck_all()\n" in source


def _copy(original: types.ModuleType, name: str, changes: dict) -> types.ModuleType:
    """A copy of a module's namespace as a new module `name`, with `changes` (None deletes a name)."""
    module = types.ModuleType(name)
    module.__dict__.update({k: v for k, v in vars(original).items() if not k.startswith("__")})
    for key, value in changes.items():
        if value is None:
            module.__dict__.pop(key, None)
        else:
            setattr(module, key, value)
    return module


def _fake(**changes) -> types.ModuleType:
    """A copy of sudoku's module namespace as a new module, with `changes` (None deletes a name)."""
    return _copy(sudoku, "gridlogic.kinds.fake", {"KEY": "fake", **changes})


def test_the_fake_base_itself_passes():
    check_kind(_fake())


REQUIRED = tuple(contract.ATTRIBUTES) + FUNCTIONS


@pytest.mark.parametrize("name", REQUIRED)
def test_a_missing_part_is_named(name):
    with pytest.raises(KindError) as info:
        check_kind(_fake(**{name: None}))
    if name == "KEY":
        assert "gridlogic.kinds.fake lacks KEY" in str(info.value)
    else:
        assert str(info.value) == f"kind 'fake' lacks {name}"


@pytest.mark.parametrize("name", contract.ATTRIBUTES)
def test_an_attribute_of_the_wrong_type_is_named(name):
    with pytest.raises(KindError, match=f"kind .* has {name} of type int"):
        check_kind(_fake(**{name: 5}))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_a_function_that_is_not_callable_is_named(name):
    with pytest.raises(KindError, match=f"kind 'fake' lacks {name}"):
        check_kind(_fake(**{name: "not a function"}))


def test_a_kind_is_solved_exactly_one_way():
    with pytest.raises(KindError, match="either encode and decode .* not neither"):
        check_kind(_fake(encode=None, decode=None))
    with pytest.raises(KindError, match="not encode/decode and search"):
        check_kind(_fake(search=lambda puzzle, on_progress=None: iter(())))
    with pytest.raises(KindError, match="lacks decode \\(it is a cnf kind\\)"):
        check_kind(_fake(decode=None))
    native = _fake(encode=None, decode=None, search=lambda puzzle, on_progress=None: iter(()))
    check_kind(native)
    assert solved_by(native) == "native" and not is_cnf(native)


def test_parse_and_from_state_take_rules():
    with pytest.raises(KindError, match="has from_state\\(\\) without a rules parameter"):
        check_kind(_fake(from_state=lambda state: None))
    check_kind(_fake(from_state=lambda state, **options: None))


@pytest.mark.parametrize("changes,message", [
    ({"KEY": "Fake Kind"}, "has KEY 'Fake Kind': lowercase"),
    ({"TITLE": "  "}, "has an empty TITLE"),
    ({"RULES": ("knight", "knight")}, "names a rule twice"),
    ({"RULES": ("Knight",)}, "has RULES that are not lowercase names"),
    ({"ALIASES": {"knight": ("king",)}}, "has an alias 'knight' that is also a rule"),
    ({"ALIASES": {"flying": ("pig",)}}, "has an alias 'flying' for \\('pig',\\)"),
    ({"ALIASES": {"flying": ()}}, "has an alias 'flying' for \\(\\)"),
    ({"ALIASES": {"flying": ["king"]}}, "has an alias 'flying' for \\['king'\\]"),
    ({"NEEDS": ("numpy",)}, "NEEDS 'numpy', which the site does not ship"),
    ({"NEEDS": (5,)}, "has NEEDS that are not package names"),
    ({"EXAMPLES": ()}, "has EXAMPLES that are not a non-empty tuple of Example"),
    ({"EXAMPLES": ("....",)}, "has EXAMPLES that are not"),
    ({"EXAMPLES": (Example("a", "1"), Example("a", "2"))}, "has two examples of one name"),
    ({"EXAMPLES": (Example("a", "1", ("flying",)),)}, "example 'a' names rules the kind lacks"),
    ({"PUZZLINK_ID": 5}, "has PUZZLINK_ID of the wrong type"),
    ({"answer_of": "42"}, "has answer_of of the wrong type"),
])
def test_inconsistent_attributes_are_named(changes, message):
    with pytest.raises(KindError, match=f"kind '.*' {message}"):
        check_kind(_fake(**changes))


def _layout_with(**changes) -> dict:
    layout = copy.deepcopy(sudoku.layout())
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = layout
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is None:
            target.pop(last)
        else:
            target[last] = value
    return layout


KAKURO_LIKE = {"states": [{"key": "black", "token": "-", "label": "black", "keys": "b", "look": "black"}]}


@pytest.mark.parametrize("changes,message", [
    ({"max_size": None}, "max_size"),
    ({"sizes": []}, "sizes is not a non-empty list"),
    ({"sizes__0__rows": 0}, "sizes\\[0\\] is not {rows, cols}"),
    ({"sizes__3__rows": 5}, "sizes\\[3\\] is not square"),
    ({"sizes__0__rows": 99, "sizes__0__cols": 99}, "sizes\\[0\\] 99×99 is outside"),
    ({"sizes__3__box": [3, 3]}, "sizes\\[3\\].box \\[3, 3\\] does not divide 4×4"),
    ({"default_size": {"rows": 20, "cols": 20}}, "default_size is not one of sizes"),
    ({"min_size": {"rows": 30, "cols": 30}}, "min_size .* exceeds max_size"),
    ({"colour": "red"}, "the layout has unknown keys \\['colour'\\]"),
    ({"cell__symbols": "112"}, "cell.symbols '112' is not a string of distinct"),
    ({"cell__numbers": [5, 1]}, "cell.numbers \\[5, 1\\]"),
    ({"cell__word": 1}, "cell.word 1 is not a whole number 2-12"),
    ({"cell__word": 4, "cell__numbers": [1, 16]}, "cell.word needs cell.numbers of one digit each"),
    ({"cell__states": [{**KAKURO_LIKE["states"][0], "token": "1"}]}, "token '1' is also a symbol"),
    ({"cell__states": [{**KAKURO_LIKE["states"][0], "token": "--"}]}, "token is not one character"),
    ({"cell__states": [{**KAKURO_LIKE["states"][0], "look": "pink"}]}, "look 'pink' is not one of"),
    ({"cell__states": KAKURO_LIKE["states"] * 2}, "token '-' is used twice"),
    ({"cell__states": [{**KAKURO_LIKE["states"][0], "fields": [{"key": "d", "label": "d", "min": 1,
                                                                 "max": 10 ** 12}]}]}, "longer than 12"),
    ({"cell__blank_border": "#"}, "blank_border '#' is not a token or symbol"),
    ({"edges": [{"key": "e", "side": "middle", "label": "e"}]}, "edges\\[0\\].side 'middle'"),
    ({"edges": [{"key": "e", "side": "left", "label": "e", "pattern": "("}]}, "pattern '\\(' is not a regular"),
    ({"edges": [{"key": "e", "side": "left", "label": "e"}] * 2}, "edges\\[1\\].key 'e' is missing or used twice"),
    ({"extras": [{"key": "x", "label": "x", "max_length": 0}]}, "extras\\[0\\].max_length 0"),
    ({"marks": {"h": ["<", "<"], "v": ["^"]}}, "marks.h is not a list of distinct signs"),
])
def test_a_broken_layout_is_refused_naming_the_key(changes, message):
    layout = _layout_with(**changes)
    with pytest.raises(LayoutError, match=message):
        check_layout(layout)
    with pytest.raises(KindError, match=f"kind 'fake': layout\\(\\): .*{message}"):
        check_kind(_fake(layout=lambda: layout))


def test_optional_hooks_are_read_through_the_contract_only():
    assert optional(sudoku, "to_puzzlink") is sudoku.to_puzzlink
    assert optional(_fake(to_puzzlink=None), "to_puzzlink") is None
    with pytest.raises(KindError, match="'describe' is not an optional part"):
        optional(sudoku, "describe")
    assert set(OPTIONAL) == {"PUZZLINK_ID", "PUZZLINK_CELLS", "TATHAM_GAME", "EASY_STEPS", "VALUE_WORDS",
                             "GIVEN_VALUES", "HOW_TO_PLAY", "RETIRED_EXTRAS", "SPARSE_HARD_RULES", "SYMMETRY", "EXPORTS", "answer_of", "fact_of",
                             "upgrade_state", "name_step", "units_of", "from_puzzlink", "to_puzzlink", "from_tatham",
                             "to_tatham", "from_old_link", "read_link", "write_link", "makers", "check_entries",
                             "value_at", "grader", "rules_of", "warm"} | {"is_tatham_id", "say_fact", "PUZZLINK_ALIASES", "SAT_ENGINE", "verdict"}
    sources = [p for p in (ROOT / "pysrc" / "gridlogic").rglob("*.py") if p.parent.name != "contract"]
    for path in sources:
        text = path.read_text()
        assert "hasattr(kind" not in text and "getattr(kind" not in text, path


def test_needs_stay_within_what_the_build_ships():
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert set(contract.PACKAGES) == set(build.LAZY_WHEELS)
    assert set(build.lazy_wheels(list(optional_packages()))) == set(optional_packages())
    for wheels in build.LAZY_WHEELS.values():
        assert set(wheels) <= set(build.INPUTS)
    with pytest.raises(SystemExit, match="no wheels for the optional package\\(s\\) numpy"):
        build.lazy_wheels(["sympy", "numpy"])


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_a_kinds_init_is_its_contract(kind):
    """A kind's __init__ gives the rest of gridlogic its contract and nothing else: `__all__` lists exactly
    the parts it provides, and it re-exports nothing else (what links_tatham.py still reads excepted)."""
    assert sorted(kind.__all__) == sorted(parts_of(kind))
    assert all(hasattr(kind, name) for name in kind.__all__)
    source = importlib.util.find_spec(kind.__name__).origin
    kept = [line for line in open(source, encoding="utf-8") if "noqa: F401" in line]
    assert all("links_tatham reads" in line for line in kept), kept


def _native(**changes) -> types.ModuleType:
    """A native fake (sudoku's namespace searched instead of encoded)."""
    return _fake(**{"encode": None, "decode": None, "search": lambda puzzle, on_progress=None, entries=(): iter(()),
                    **changes})


def test_the_entry_hooks_come_together_on_a_native_kind_whose_search_takes_entries():
    check_kind(_native(check_entries=lambda puzzle, entries: None, value_at=lambda solution, r, c: 0))
    with pytest.raises(KindError, match="has check_entries without value_at"):
        check_kind(_native(check_entries=lambda puzzle, entries: None))
    with pytest.raises(KindError, match="a search\\(\\) without an entries parameter"):
        check_kind(_native(check_entries=lambda puzzle, entries: None, value_at=lambda solution, r, c: 0,
                           search=lambda puzzle, on_progress=None: iter(())))
    with pytest.raises(KindError, match="has value_at, which is for native kinds"):
        check_kind(_fake(value_at=lambda solution, r, c: 0))


def _maker(**changes) -> types.ModuleType:
    """A copy of sudoku's maker module with `changes` (None deletes a name)."""
    from gridlogic.kinds.sudoku import maker

    return _copy(maker, "fake_maker", changes)


def test_every_maker_keeps_the_maker_protocol():
    from gridlogic import generate
    from gridlogic.generate.orbits import SYMMETRIES
    from gridlogic.generate.search import LEVELS

    generated = [kind for kind in KINDS if generate.makers_of(kind)]
    for kind in generated:
        makers = generate.makers_of(kind)
        assert optional(kind, "makers")() == makers
        for families, maker in makers.items():
            check_maker(kind, families, maker, LEVELS, SYMMETRIES)
    assert generated == [k for k in KINDS if optional(k, "makers")]


@pytest.mark.parametrize("changes,families,message", [
    ({"candidate": None}, (), "\\(maker\\) lacks candidate"),
    ({"DEFAULT": "9"}, (), "\\(maker\\) lacks DEFAULT of type int"),
    ({"SYMMETRIES": ("spiral",)}, (), "\\(maker\\) has SYMMETRIES \\('spiral',\\)"),
    ({"DEFAULT": 3}, (), "\\(maker\\) refuses its own DEFAULT size"),
    ({"levels": lambda rows, cols: ("hard",)}, (), "\\(maker\\) reaches levels \\('hard',\\)"),
    ({"OFFERED": {"easy": range(4, 7)}}, (), "\\(maker\\) does not offer easy at its DEFAULT size"),
    ({"OFFERED": {"tricky": 9}}, (), "\\(maker\\) has OFFERED"),
    ({}, ("killer",), "\\(maker of killer\\) lacks LABEL"),
    ({"LABEL": "cages"}, ("killer", "arrow"), "\\(maker of killer, arrow\\) is listed under .* not sorted distinct"),
])
def test_a_broken_maker_is_named(changes, families, message):
    from gridlogic.generate.orbits import SYMMETRIES
    from gridlogic.generate.search import LEVELS

    check_maker(sudoku, (), _maker(), LEVELS, SYMMETRIES)
    with pytest.raises(KindError, match=f"kind 'sudoku' {message}"):
        check_maker(sudoku, families, _maker(**changes), LEVELS, SYMMETRIES)


_FRESH_IMPORTS = """
import importlib, sys
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "gridlogic" or m.startswith("gridlogic.")]:
        del sys.modules[loaded]
    importlib.import_module(name)
"""


def test_makers_and_link_codecs_import_on_their_own():
    """A kind's maker, and the link codecs kinds read, import first in a fresh interpreter: nothing below the
    registry imports it back (the generator's makers are read from the kind handed over)."""
    from gridlogic import generate

    names = [maker.__name__ for kind in KINDS for maker in generate.makers_of(kind).values()]
    names += ["gridlogic.codecs.puzzlink", "gridlogic.links.tatham", "gridlogic.generate.search", "gridlogic.contract"]
    done = subprocess.run([sys.executable, "-c", _FRESH_IMPORTS, *dict.fromkeys(names)], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT / "pysrc")})
    assert done.returncode == 0, done.stderr[-2000:]
