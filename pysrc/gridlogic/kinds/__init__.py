"""The registry of puzzle kinds: an explicit tuple of their packages' names, one line per kind, no discovery.

Every kind package keeps the contract of `gridlogic/contract/` (docs/adding-a-genre.md: copy a kind's folder or
`_template.py`, then add its line to KINDS), and is checked against it here, at import. The CLI, the
API, the generator, the build and the page take kinds, rules, makers, flags and optional packages from
this registry alone.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from gridlogic.errors import RequestError, excerpt, known_list
from gridlogic.contract import KindError, is_cnf, optional
from gridlogic.contract.checks import check_kind

KINDS: tuple[ModuleType, ...] = tuple(import_module(f"{__name__}.{key}") for key in (
    "sudoku",
    "binary",
    "nonogram",
    "kakuro",
    "puzlogic",
    "numbercross",
    "futoshiki",
    "lightup",
    "tents",
    "skyscrapers",
    "kurodoko",
    "slitherlink",
    "masyu",
    "simpleloop",
    "nurikabe",
    "hitori",
    "heyawake",
    "starbattle",
    "norinori",
    "lits",
    "statuepark",
    "aquarium",
    "tapa",
    "shakashaka",
    "cave",
    "yinyang",
    "yajilin",
    "country",
    "geradeweg",
    "koburin",
    "ripple",
    "shikaku",
    "fillomino",
    "numberlink",
    "creek",
    "hashi",
    "araf",
))
"""Every kind, in the order of the page's menu: the package gridlogic/kinds/<key>/ of each key listed."""

SMT_PACKAGE = "z3"        # what the smt backend imports


def get_kind(key: str, field: str = "kind", what: str = "unknown kind") -> ModuleType:
    """The kind module for a key, or a RequestError at `field` naming the known ones."""
    for kind in KINDS:
        if kind.KEY == key:
            return kind
    raise RequestError(known_list(f"{what} {excerpt(key)}", [k.KEY for k in KINDS]), field=field)


def rule_names(kind: ModuleType) -> tuple[str, ...]:
    """Every rule name a kind accepts: its rules, then its aliases (e.g. sudoku's `miracle`)."""
    return tuple(kind.RULES) + tuple(kind.ALIASES)


def rules_of(kind: ModuleType, puzzle, named=()) -> tuple[str, ...]:
    """The rules a puzzle holds (its kind's `rules_of`; none without it) as `named` names them (an alias
    such as `miracle` kept), then those it holds beyond them."""
    reader = optional(kind, "rules_of")
    names = list(named.split(",") if isinstance(named, str) else named)
    covered = {rule for name in names for rule in kind.ALIASES.get(name, (name,))}
    held = reader(puzzle) if reader is not None else ()
    return tuple(dict.fromkeys([*names, *(rule for rule in held if rule not in covered)]))


def has_setter(kind: ModuleType) -> bool:
    """True for kinds whose givens are cell values (GIVEN_VALUES) solved through a Formula: the setter
    helpers' kinds (gridlogic/setter.py; the page's setter tool)."""
    return is_cnf(kind) and bool(optional(kind, "GIVEN_VALUES"))


def exports_of(kind: ModuleType) -> tuple[str, ...]:
    """The link formats a kind's puzzles are written in: the page's own share link always, puzz.link
    when it has `to_puzzlink`, then its own EXPORTS (the page offers those buttons)."""
    return ("page",) + (("puzzlink",) if optional(kind, "to_puzzlink") else ()) + (optional(kind, "EXPORTS") or ())


def optional_packages() -> tuple[str, ...]:
    """Every optional package a request may need: the kinds' NEEDS, and z3 for the smt backend."""
    names = {name for kind in KINDS for name in kind.NEEDS}
    if any(is_cnf(kind) for kind in KINDS):
        names.add(SMT_PACKAGE)
    return tuple(sorted(names))


def check_all() -> None:
    """Hold every registered kind to the contract (a KindError names the kind and the part)."""
    keys = [kind.KEY for kind in KINDS]
    if len(set(keys)) != len(keys):
        raise KindError(f"two kinds share a KEY: {keys}")
    for kind in KINDS:
        check_kind(kind)


check_all()
