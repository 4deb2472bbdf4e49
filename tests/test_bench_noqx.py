"""bench/bench_noqx.py without Noqx: its genre table names registered kinds by the pzprjs pid gridlogic
writes for them, each genre's puzzle reads into Noqx's fields inside the grid, and without Noqx the
benchmark says so instead of failing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gridlogic import api
from gridlogic.kinds import get_kind
from gridlogic.codecs import puzzlink

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import bench_noqx  # noqa: E402


@pytest.mark.parametrize("key", list(bench_noqx.GENRES))
def test_genre_line_names_a_kind_its_pid_and_fields(key):
    example = get_kind(key).EXAMPLES[0]
    link = api.handle({"op": "link_export", "kind": key, "text": example.text, "format": "puzzlink"})
    assert puzzlink.split_url(link["result"]["url"])[0] == bench_noqx.GENRES[key][0]
    state = api.handle({"op": "parse", "kind": key, "text": example.text})["result"]["state"]
    job = bench_noqx.noqx_job(key, state, {}, 1, 1)
    rows, cols = state["rows"], state["cols"]
    placed = [tuple(item[:2]) for field in ("surface", "text", "symbol", "edge") for item in job[field]]
    assert placed, key
    assert all(-1 <= r <= rows and -1 <= c <= cols for r, c in placed), key


def test_without_noqx_it_skips(monkeypatch, capsys):
    monkeypatch.delenv("NOQX_DIR", raising=False)
    bench_noqx.main([])
    assert "skipped: set NOQX_DIR" in capsys.readouterr().out
