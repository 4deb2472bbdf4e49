"""Shared fixtures: where the corpus is, and the rule for skipping when it is absent; Node."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus"))
IN_CI = os.environ.get("CI", "").lower() == "true"
FULL = os.environ.get("GRIDLOGIC_FULL") == "1"


def _absent(path: Path) -> str:
    return f"corpus file {path} not found: corpus tests need ../shared/corpus (or GRIDLOGIC_CORPUS)"


def corpus_path(*parts: str) -> Path:
    """A corpus file; skips the test when the corpus is absent (fails instead under CI=true). Call it
    inside a test, never at import or collection: there a skip is a collection error."""
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        if IN_CI:
            pytest.fail(_absent(path))
        pytest.skip(_absent(path))
    return path


def corpus_lines(*parts: str) -> list[str]:
    """Non-empty, non-comment lines of a corpus file."""
    text = corpus_path(*parts).read_text(encoding="utf-8")
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def corpus_cases(parts: tuple[str, ...], make: Callable[[list[str]], list], width: int = 1) -> list:
    """Parametrize cases made at collection from a corpus file's lines (`make(lines)`). When the file is
    absent: one case of `width` Nones, marked `corpus_absent`, which skips when it runs (fails under
    CI=true), so a checkout with no corpus beside it still collects."""
    path = CORPUS.joinpath(*parts)
    if path.exists():
        return make(corpus_lines(*parts))
    return [pytest.param(*(None,) * width, id="corpus-absent", marks=pytest.mark.corpus_absent(_absent(path)))]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A `corpus_absent` case skips (fails under CI=true) with the message of its mark."""
    mark = item.get_closest_marker("corpus_absent")
    if mark is not None:
        if IN_CI:
            pytest.fail(mark.args[0], pytrace=False)
        pytest.skip(mark.args[0])


@pytest.fixture(scope="session")
def node() -> str:
    """The node executable (absent: skip, or fail under CI)."""
    path = shutil.which("node")
    if path is None:
        message = "node is not installed (python3 build.py test installs it)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The browser tests' shared Chromium, servers and Playwright close with the session."""
    shared = getattr(sys.modules.get("test_browser"), "SHARED", None)
    if shared is not None:
        shared.close()
