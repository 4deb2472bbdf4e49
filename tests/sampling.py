"""How much of a sweep over the kinds runs: a fixed sample by default, all of it under `--full`.

Tests that repeat over every kind grow with each genre added. By default such a sweep gives the kinds
a share of a fixed total, so that adding a genre does not lengthen the run; `python3 build.py test
--full` (GRIDLOGIC_FULL=1) runs every case for every kind. What differs between kinds is their own
parsing, encoding and checking; the door around them is the same code for all, so a check of the door
is spread over the kinds, each combination on at least `SPREAD` of them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

from gridlogic.kinds import KINDS

FULL = os.environ.get("GRIDLOGIC_FULL") == "1"
SPREAD = 6                  # a door check is tried on at least this many kinds by default
T = TypeVar("T")


def share(total: int, floor: int) -> int:
    """One kind's number of cases: `total` split between the registered kinds, at least `floor`."""
    return max(floor, total // len(KINDS))


def spread(items: Sequence[T], index: int) -> list[T]:
    """The items the kind at `index` of the registry takes by default: every `stride`-th, starting at its own
    offset, so each item falls to about SPREAD kinds; all of them under --full."""
    if FULL:
        return list(items)
    stride = max(1, len(KINDS) // SPREAD)
    return [item for i, item in enumerate(items) if i % stride == index % stride]


def first(items: Sequence[T], n: int = 1) -> list[T]:
    """The first `n` items by default (a kind's examples: the first is its smallest), all under --full."""
    return list(items) if FULL else list(items[:n])


def paired(forms: Sequence[T], payloads: Sequence[object]) -> list[tuple[T, object]]:
    """Each form with one payload, the payloads taken in turn, by default (every form and every payload
    tried, each page load once); every form with every payload under --full: for a browser test whose
    each case is a page load of its own."""
    if FULL:
        return [(form, payload) for payload in payloads for form in forms]
    return [(form, payloads[i % len(payloads)]) for i, form in enumerate(forms)]


def each_group(items: Sequence[T], group) -> list[T]:
    """The first item of each group (`group(item)` names it) by default, all of them under --full: for a
    list of cases of which several meet the same code path (the same message, the same reader)."""
    if FULL:
        return list(items)
    seen: set = set()
    chosen = []
    for item in items:
        if (name := group(item)) not in seen:
            seen.add(name)
            chosen.append(item)
    return chosen


def ways_of_playing(keys: Sequence[str]) -> list[str]:
    """The first kind of each way of playing (its play layout, key bindings aside) by default, every kind
    under --full: for a test of the play layer, which kinds that play alike exercise alike. (Each genre's
    own group module plays its answer in full.)"""
    if FULL:
        return list(keys)
    from gridlogic.contract import layout_of
    by_key = {k.KEY: k for k in KINDS}
    seen, chosen = set(), []
    for key in keys:
        play = {name: value for name, value in layout_of(by_key[key])["play"].items() if name != "keys"}
        way = repr(sorted(play.items()))
        if way not in seen:
            seen.add(way)
            chosen.append(key)
    return chosen
