"""The package's layers, read from its imports (docs/architecture.md, "The house"): what is handed a kind
reads it through gridlogic/contract/, so only the layers above the kinds import the registry, and the link
codecs the kinds use name no kind and no link dispatch."""

from __future__ import annotations

import ast

from conftest import ROOT

PACKAGE = ROOT / "pysrc" / "gridlogic"
ABOVE_KINDS = ("api", "cli", "links", "setter.py", "__main__.py")    # they look kinds up by key, or all of them


def _imports(path) -> set[str]:
    """Every gridlogic module a file imports, at its top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in out if name.startswith("gridlogic.")}


def _files(*skipped: str):
    for path in sorted(PACKAGE.rglob("*.py")):
        top = path.relative_to(PACKAGE).parts[0]
        if top not in skipped:
            yield path, _imports(path)


def _reaching(imports: set[str], prefix: str) -> list[str]:
    return sorted(name for name in imports if name == prefix or name.startswith(prefix + "."))


def test_only_the_layers_above_the_kinds_import_the_registry():
    found = {str(path.relative_to(PACKAGE)): _reaching(imports, "gridlogic.kinds")
             for path, imports in _files("kinds", *ABOVE_KINDS)}
    assert {path: names for path, names in found.items() if names} == {}
    assert "generate/__init__.py" in found and "contract/__init__.py" in found and "contract/checks.py" in found and "codecs/puzzlink.py" in found


def test_the_codecs_and_the_kinds_name_no_link_dispatch():
    for path, imports in _files(*ABOVE_KINDS):
        assert _reaching(imports, "gridlogic.links") == [], path
        assert _reaching(imports, "gridlogic.api") == [], path


def test_the_reader_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from gridlogic.kinds import KINDS\n    import gridlogic.links\n")
    assert _reaching(_imports(sample), "gridlogic.kinds") == ["gridlogic.kinds.KINDS"]
    assert _reaching(_imports(sample), "gridlogic.links") == ["gridlogic.links"]
