"""The house's shape: no import circle in the package or in web/, no genre named outside its folder.

Imports are read from the source (Python's `ast`, JS's `import … from` lines), every import at any
depth, so a circle closed by an import inside a function counts too. A genre's name may appear in
prose (docstrings, comments) but not in code: no import of `gridlogic.kinds.<key>`, no string
constant holding a registered key, outside `kinds/<key>/` and the registry's one line a genre."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gridlogic.kinds import KINDS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pysrc" / "gridlogic"
WEB = ROOT / "web"
KEYS = tuple(kind.KEY for kind in KINDS)
KEY_WORD = re.compile(r"\b(" + "|".join(KEYS) + r")\b")


def module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def python_imports() -> dict[str, set[str]]:
    """Each module of the package → the package modules it imports (a `from pkg import name` of a
    submodule counts as that submodule)."""
    paths = {module_of(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                    base = ".".join(anchor + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan), a package's own
    `__init__` importing its submodules left out (a package's face is not a circle)."""
    edges = {a: {b for b in bs if not (b.startswith(a + ".") or a.startswith(b + "."))} for a, bs in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


JS_IMPORT = re.compile(r"""^\s*(?:import|export)\s[^'"]*?from\s+["'](\.[^"']+)["']""", re.M)


def js_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in WEB.rglob("*.js"):
        name = path.relative_to(WEB).as_posix()
        targets = set()
        for spec in JS_IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if target.is_relative_to(WEB.resolve()):
                targets.add(target.relative_to(WEB.resolve()).as_posix())
        graph[name] = targets
    return graph


def test_no_import_circle_in_the_package():
    assert circles(python_imports()) == []


def test_no_import_circle_in_the_page():
    graph = js_imports()
    assert sum(len(v) for v in graph.values()) > 20           # the reader sees the page's imports
    assert circles(graph) == []


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def genre_names_in_code(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            named = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            hits += [n for n in named if re.search(r"kinds\.(" + "|".join(KEYS) + r")\b", n)]
        elif isinstance(node, ast.Import):
            hits += [a.name for a in node.names if re.search(r"kinds\.(" + "|".join(KEYS) + r")\b", a.name)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            if KEY_WORD.search(node.value):
                hits.append(f"line {node.lineno}: {node.value[:60]!r}")
    return hits


def test_no_genre_named_in_shared_python():
    named = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "kinds" and len(rel.parts) > 2 or rel.as_posix() == "kinds/__init__.py":
            continue                                        # a genre's own folder, or the registry's one line
        hits = genre_names_in_code(path)
        if hits:
            named[rel.as_posix()] = hits
    assert named == {}


def test_no_genre_named_in_the_page():
    named = {}
    for path in sorted(WEB.rglob("*.js")):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        hits = re.findall(r"""["'`][^"'`\n]*\b(?:""" + "|".join(KEYS) + r""")\b[^"'`\n]*["'`]""", code)
        if hits:
            named[path.relative_to(WEB).as_posix()] = hits
    assert named == {}
