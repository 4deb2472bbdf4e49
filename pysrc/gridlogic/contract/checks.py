"""The kind contract's checks: `check_kind` holds a kind module to `Kind` and its ways of being solved
(run when the registry loads it), `check_maker` a maker module to `Maker` (run when gridlogic/generate
first reads a kind's makers). Each raises a KindError naming the kind and the first thing wrong.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import ModuleType

from gridlogic.contract import (ATTRIBUTES, ENTRY_HOOKS, FUNCTIONS, KEY_PATTERN, MAKER_FUNCTIONS, MAKER_VALUES,
                                OPTIONAL, OPTIONAL_VALUES, PACKAGES, SOLVERS, TAKES_RULES, KindError)
from gridlogic.errors import RequestError
from gridlogic.layout import LayoutError, check_layout
from gridlogic.model import Example


def kind_name(module: ModuleType) -> str:
    """How messages name a kind: its KEY, or its module when KEY is missing."""
    key = getattr(module, "KEY", None)
    return f"kind {key!r}" if isinstance(key, str) else f"kind module {module.__name__}"


def check_kind(module: ModuleType) -> None:
    """Hold a kind module to the contract; a KindError names the kind and the first thing wrong."""
    name = kind_name(module)

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise KindError(f"{name} {what}")

    for attr, kind_of in ATTRIBUTES.items():
        need(hasattr(module, attr), f"lacks {attr}")
        need(isinstance(getattr(module, attr), kind_of), f"has {attr} of type {type(getattr(module, attr)).__name__}, "
                                                         f"not {kind_of.__name__}")
    need(KEY_PATTERN.match(module.KEY) is not None, f"has KEY {module.KEY!r}: lowercase letters, digits and _ only")
    need(bool(module.TITLE.strip()), "has an empty TITLE")
    _check_rules(module, need)
    need(all(isinstance(p, str) for p in module.NEEDS), "has NEEDS that are not package names")
    for package in module.NEEDS:
        need(package in PACKAGES, f"NEEDS {package!r}, which the site does not ship (it ships: {', '.join(PACKAGES)})")
    for function in FUNCTIONS:
        need(callable(getattr(module, function, None)), f"lacks {function}")
    for function in TAKES_RULES:
        params = inspect.signature(getattr(module, function)).parameters
        need("rules" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()),
             f"has {function}() without a rules parameter")
    ways = [way for way, functions in SOLVERS.items() if any(hasattr(module, f) for f in functions)]
    need(len(ways) == 1, "must define either encode and decode (CNF) or search (native), not "
                         + (" and ".join("/".join(SOLVERS[w]) for w in ways) or "neither"))
    for function in SOLVERS[ways[0]]:
        need(callable(getattr(module, function, None)), f"lacks {function} (it is a {ways[0]} kind)")
    for hook in OPTIONAL:
        value = getattr(module, hook, None)
        need(value is None or (isinstance(value, OPTIONAL_VALUES[hook]) if hook in OPTIONAL_VALUES
                               else callable(value)), f"has {hook} of the wrong type")
    for value, function in (("TATHAM_GAME", "from_tatham"), ("EXPORTS", "write_link")):
        need(getattr(module, value, None) is None or callable(getattr(module, function, None)),
             f"has {value} but lacks {function}")
    _check_entry_hooks(module, ways[0], need)
    need(len(module.EXAMPLES) > 0 and all(isinstance(e, Example) for e in module.EXAMPLES),
         "has EXAMPLES that are not a non-empty tuple of Example")
    names = [e.name for e in module.EXAMPLES]
    need(len(set(names)) == len(names), "has two examples of one name")
    known = set(module.RULES) | set(module.ALIASES)
    for example in module.EXAMPLES:
        need(set(example.rules) <= known, f"example {example.name!r} names rules the kind lacks: {example.rules}")
    try:
        check_layout(module.layout())
    except LayoutError as exc:
        raise KindError(f"{name}: layout(): {exc}") from None


def _check_rules(module: ModuleType, need: Callable[[bool, str], None]) -> None:
    rules, aliases = module.RULES, module.ALIASES
    need(all(isinstance(r, str) and KEY_PATTERN.match(r) for r in rules), "has RULES that are not lowercase names")
    need(len(set(rules)) == len(rules), "names a rule twice in RULES")
    for alias, meant in aliases.items():
        need(isinstance(alias, str) and KEY_PATTERN.match(alias) is not None, f"has an alias {alias!r} that is not "
                                                                               "a lowercase name")
        need(alias not in rules, f"has an alias {alias!r} that is also a rule")
        need(isinstance(meant, tuple) and meant and set(meant) <= set(rules),
             f"has an alias {alias!r} for {meant!r}, which is not a non-empty tuple of its RULES")


def _check_entry_hooks(module: ModuleType, way: str, need: Callable[[bool, str], None]) -> None:
    """check_entries and value_at come together, on a native kind whose search takes `entries`."""
    present = [hook for hook in ENTRY_HOOKS if getattr(module, hook, None) is not None]
    if not present:
        return
    need(way == "native", f"has {present[0]}, which is for native kinds (CNF kinds take entries in their formula)")
    need(len(present) == len(ENTRY_HOOKS), f"has {present[0]} without {' and '.join(set(ENTRY_HOOKS) - set(present))}")
    params = inspect.signature(module.search).parameters
    need("entries" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()),
         "has check_entries but a search() without an entries parameter")


def check_maker(kind: ModuleType, families: tuple[str, ...], maker: ModuleType, levels: tuple[str, ...],
                symmetries: tuple[str, ...]) -> None:
    """Hold a maker module to `Maker` (`FamilyMaker` with constraint `families`), given the generator's
    levels and symmetries; a KindError names the kind, the families and the first thing wrong."""
    name = kind_name(kind) + (f" (maker of {', '.join(families)})" if families else " (maker)")

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise KindError(f"{name} {what}")

    need(isinstance(maker, ModuleType), "is not a module")
    need(list(families) == sorted(set(families)) and all(KEY_PATTERN.match(f) for f in families),
         f"is listed under {families!r}, not sorted distinct lowercase names")
    values = {**MAKER_VALUES, **({"LABEL": str} if families else {})}
    for attr, kind_of in values.items():
        need(isinstance(getattr(maker, attr, None), kind_of), f"lacks {attr} of type {kind_of.__name__}")
    for function in MAKER_FUNCTIONS:
        need(callable(getattr(maker, function, None)), f"lacks {function}")
    need(bool(maker.SYMMETRIES) and set(maker.SYMMETRIES) <= set(symmetries),
         f"has SYMMETRIES {maker.SYMMETRIES!r}, not names among {', '.join(symmetries)}")
    try:
        maker.check_size(maker.DEFAULT, maker.DEFAULT)
    except RequestError as exc:
        need(False, f"refuses its own DEFAULT size: {exc}")
    reached = maker.levels(maker.DEFAULT, maker.DEFAULT)
    need(isinstance(reached, tuple) and len(reached) > 0 and reached == levels[:len(reached)],
         f"reaches levels {reached!r} at its DEFAULT size, not the first of {', '.join(levels)}")
    need(all(level in levels and isinstance(sides, range) for level, sides in maker.OFFERED.items()),
         f"has OFFERED {maker.OFFERED!r}, not levels mapped to ranges of sides")
    need(maker.DEFAULT in maker.OFFERED.get(levels[0], ()),
         f"does not offer {levels[0]} at its DEFAULT size in OFFERED")
