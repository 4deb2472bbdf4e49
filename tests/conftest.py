"""Shared fixtures: where the corpus is, and the rule for skipping when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus"))
IN_CI = os.environ.get("CI", "").lower() == "true"
FULL = os.environ.get("GRIDLOGIC_FULL") == "1"


def corpus_path(*parts: str) -> Path:
    """A corpus file; skips the test when the corpus is absent (fails instead under CI=true)."""
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        message = (f"corpus file {path} not found: corpus tests need ../shared/corpus "
                   "(or GRIDLOGIC_CORPUS)")
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


def corpus_lines(*parts: str) -> list[str]:
    """Non-empty, non-comment lines of a corpus file."""
    text = corpus_path(*parts).read_text(encoding="utf-8")
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
