"""The default samples of the sweeps over kinds (tests/sampling.py) still cover what they stand for."""

from __future__ import annotations

from collections import Counter

import pytest

import sampling
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of


@pytest.mark.skipif(sampling.FULL, reason="under --full nothing is sampled")
def test_a_door_check_spread_over_the_kinds_reaches_each_combination_on_several_kinds():
    items = list(range(500))
    taken = Counter(i for index in range(len(KINDS)) for i in sampling.spread(items, index))
    assert set(taken) == set(items)
    assert min(taken.values()) >= min(sampling.SPREAD, len(KINDS))
    assert sum(taken.values()) <= len(items) * 2 * sampling.SPREAD        # the total does not grow with kinds


def test_a_kinds_share_is_at_least_its_floor():
    assert sampling.share(10 ** 6, 5) == 10 ** 6 // len(KINDS)
    assert sampling.share(1, 5) == 5


@pytest.mark.skipif(sampling.FULL, reason="under --full nothing is sampled")
def test_one_kind_of_every_way_of_playing_is_kept():
    keys = [k.KEY for k in KINDS]
    chosen = sampling.ways_of_playing(keys)

    def way(key):
        return repr(sorted((n, v) for n, v in layout_of(next(k for k in KINDS if k.KEY == key))["play"].items()
                           if n != "keys"))

    assert {way(k) for k in chosen} == {way(k) for k in keys}
    assert len(chosen) == len({way(k) for k in chosen})
    assert chosen == [k for k in keys if k in chosen]                   # registry order: the first of each


@pytest.mark.skipif(sampling.FULL, reason="under --full nothing is sampled")
def test_paired_tries_every_form_once_and_every_payload():
    forms, payloads = [f"form{i}" for i in range(11)], ["a", "b", "c", "d"]
    pairs = sampling.paired(forms, payloads)
    assert [form for form, _ in pairs] == forms
    assert {payload for _, payload in pairs} == set(payloads)
    assert sampling.paired(forms[:2], payloads) == [("form0", "a"), ("form1", "b")]


@pytest.mark.skipif(sampling.FULL, reason="under --full nothing is sampled")
def test_each_group_keeps_the_first_case_of_each_group_in_order():
    cases = [("x1", "damaged"), ("x2", "damaged"), ("y", "unknown"), ("z", "unread"), ("x3", "damaged")]
    assert sampling.each_group(cases, lambda case: case[1]) == [("x1", "damaged"), ("y", "unknown"),
                                                                  ("z", "unread")]
