"""docs/adding-a-genre.md, followed: a genre is one folder, one registry line and its docs page.

The test reads the checklist (the folder and the renames of its first step, the registry file and line,
the docs page) and does just that in a scratch copy of the repository: futoshiki's folder copied under a
new key, registered by the one line. Nothing else is edited, which the test verifies by comparing the
two trees. Then, in a subprocess whose PYTHONPATH is the scratch tree: the kinds op lists the new genre
with its flags, generator and examples (what build.py writes to kinds.json, the page's only source), and
the tests pass there. By default those are the kind-parametrized tests of the new key (`-k <key>`); with
GRIDLOGIC_FULL=1 the whole non-browser suite, at its default settings.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS, FULL, ROOT
from gridlogic import contract
from gridlogic.kinds import KINDS

CHECKLIST = ROOT / "docs" / "adding-a-genre.md"
OLD, NEW, TITLE = "futoshiki", "copied", "Copied futoshiki"
NOT_OURS = {".git", ".venv", ".cache", "site", "node_modules", "__pycache__", ".hypothesis", ".pytest_cache"}


def sections() -> dict[str, str]:
    """The checklist's sections by title ("## 3. The registry line" -> its text)."""
    parts = re.split(r"^## \d+\. (.+)$", CHECKLIST.read_text(encoding="utf-8"), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def quoted(text: str) -> list[str]:
    """The `code` spans of a text."""
    return re.findall(r"`([^`\n]+)`", text)


def steps() -> dict:
    """What the checklist says to do, as templates of <key> and <old>: the folder, the renames in it, the
    registry file and its line, the docs page."""
    said = sections()
    folder, registry, docs = said["The folder"], said["The registry line"], said["The docs page"]
    return {"folder": next(q for q in quoted(folder) if q.startswith("pysrc/") and q.endswith("/<key>/")),
            "renames": [q for q in quoted(folder) if "<old>" in q],
            "registry": next(q for q in quoted(registry) if q.endswith(".py")),
            "line": next(line for line in registry.splitlines() if "<key>" in line and "`" not in line),
            "docs": next(q for q in quoted(docs) if "<key>" in q)}


def test_the_checklist_names_every_part_of_the_contract():
    """Every required part of a kind is named in the folder step, every optional hook in the hooks table."""
    said = sections()
    required = set(quoted(said["The folder"]))
    assert set(contract.ATTRIBUTES) | set(contract.FUNCTIONS) <= required
    assert {f for way in contract.SOLVERS.values() for f in way} <= required
    hooks = {q.removesuffix("()") for q in quoted(said["Optional hooks"])}
    assert set(contract.OPTIONAL) <= hooks, set(contract.OPTIONAL) - hooks


def test_the_registry_line_is_the_registrys_own_form():
    """Every registered kind stands in the registry file as the checklist's line with its key."""
    plan = steps()
    lines = (ROOT / plan["registry"]).read_text(encoding="utf-8").splitlines()
    assert all(plan["line"].replace("<key>", kind.KEY) in lines for kind in KINDS)
    assert (ROOT / plan["folder"].replace("<key>", OLD)).is_dir()


def repository_files() -> list[str]:
    """The repository's files, relative to its root (git's list, untracked ones not ignored included)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True)
    if listed.returncode == 0 and listed.stdout:
        names = [name for name in listed.stdout.decode().split("\0") if name]
    else:
        names = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()
                 and not NOT_OURS & set(p.relative_to(ROOT).parts)]
    return sorted(name for name in names if (ROOT / name).is_file() and not NOT_OURS & set(name.split("/")))


def follow(plan: dict, scratch: Path) -> None:
    """The checklist's steps in the scratch tree, for a copy of OLD under NEW."""
    folder = scratch / plan["folder"].replace("<key>", NEW)
    shutil.copytree(scratch / plan["folder"].replace("<key>", OLD), folder)
    for path in folder.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for rename in plan["renames"]:
            text = re.sub(re.escape(rename.replace("<old>", OLD)) + r"\b", rename.replace("<old>", NEW), text)
        text = re.sub(r'^KEY = ".*"$', f'KEY = "{NEW}"', text, flags=re.M)
        text = re.sub(r'^TITLE = ".*"$', f'TITLE = "{TITLE}"', text, flags=re.M)
        path.write_text(text, encoding="utf-8")
    registry = scratch / plan["registry"]
    old_line = plan["line"].replace("<key>", OLD)
    lines = registry.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.rstrip("\n") == old_line)
    lines.insert(at + 1, plan["line"].replace("<key>", NEW) + "\n")
    registry.write_text("".join(lines), encoding="utf-8")
    page = scratch / plan["docs"].replace("<key>", NEW)
    page.parent.mkdir(parents=True, exist_ok=True)
    old_page = ROOT / plan["docs"].replace("<key>", OLD)
    page.write_text(old_page.read_text(encoding="utf-8").replace(OLD, NEW) if old_page.exists()
                    else f"# {TITLE}\n\nFutoshiki under another key.\n", encoding="utf-8")


def edited(files: list[str], scratch: Path) -> set[str]:
    """The files of the scratch tree that are new or differ from the repository's."""
    now = {p.relative_to(scratch).as_posix() for p in scratch.rglob("*") if p.is_file()
           and not NOT_OURS & set(p.relative_to(scratch).parts)}
    return {name for name in now if name not in files or not filecmp.cmp(scratch / name, ROOT / name, shallow=False)}


def in_scratch(scratch: Path, args: list[str], timeout: float) -> subprocess.CompletedProcess:
    """A command run with the scratch tree's package first on the path (and the corpus where it is here)."""
    env = {key: value for key, value in os.environ.items() if key not in ("GRIDLOGIC_FULL", "GRIDLOGIC_FUZZ")}
    env.update(PYTHONPATH=str(scratch / "pysrc"), GRIDLOGIC_CORPUS=str(CORPUS), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(args, cwd=scratch, env=env, capture_output=True, text=True, timeout=timeout)


def kinds_json(scratch: Path) -> dict:
    """What build.py writes to kinds.json, made from the scratch tree."""
    spec = importlib.util.spec_from_file_location("gridlogic_build", scratch / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    done = in_scratch(scratch, [sys.executable, "-c", build.KINDS_SCRIPT + "; import gridlogic; "
                                "print(gridlogic.__file__, file=sys.stderr)", str(scratch / "pysrc")], 120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert Path(done.stderr.strip().splitlines()[-1]).is_relative_to(scratch), done.stderr
    return json.loads(done.stdout)


def test_a_copied_genre_passes_with_nothing_else_edited(tmp_path):
    plan = steps()
    files = repository_files()
    scratch = tmp_path / "repository"
    for name in files:
        (scratch / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, scratch / name)
    follow(plan, scratch)

    folder = plan["folder"].replace("<key>", NEW)
    changed = edited(files, scratch)
    assert changed == {name for name in changed if name.startswith(folder)} | {plan["registry"],
                                                                              plan["docs"].replace("<key>", NEW)}
    assert any(name.startswith(folder) for name in changed)

    listed = {kind["key"]: kind for kind in kinds_json(scratch)["kinds"]}
    copy, old = listed[NEW], listed[OLD]
    assert list(listed)[list(listed).index(OLD) + 1] == NEW and copy["title"] == TITLE
    for field in ("setter", "exports", "generate", "layout", "backends", "examples", "values"):
        assert copy[field] == old[field], field

    args = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not browser and not pyodide",
            "--ignore", "tests/test_adding_a_genre.py", "tests"]
    done = in_scratch(scratch, args + ([] if FULL else ["-k", NEW]), 6 * 3600 if FULL else 1800)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    if not FULL:
        ran = int(re.search(r"(\d+) passed", done.stdout).group(1))
        assert ran >= 100, done.stdout[-2000:]          # the kind-parametrized tests took the new key up
