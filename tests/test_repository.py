"""The repository itself: nothing in it names a place on one machine (reference binaries for the
benchmarks come from a flag or an environment variable)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|root|tmp|opt|Users|mnt|srv)/[\w.-]")
NOT_OURS = {".git", ".venv", ".cache", "site", "node_modules", "__pycache__", ".hypothesis", ".pytest_cache"}


def tracked_files() -> list[Path]:
    """The repository's files (git's list in a clone; the tree less what the build makes elsewhere)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if listed.returncode == 0 and listed.stdout:
        return [ROOT / name for name in listed.stdout.decode().split("\0") if name]
    return [p for p in ROOT.rglob("*") if p.is_file() and not NOT_OURS & set(p.relative_to(ROOT).parts)
            and not any(part.endswith(".egg-info") for part in p.parts)]


def test_no_file_names_a_path_of_one_machine():
    found = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not found, "\n".join(found)
