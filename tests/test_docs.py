"""The docs hold together: the README stays short and its links lead somewhere, every relative link in
the README and docs/ resolves (to a file, and to a heading when it names one), and every registered
genre has its page in docs/genres/."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from conftest import ROOT
from gridlogic.kinds import KINDS

README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_LINES = 200
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")          # [text](target), not images
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")


def pages() -> list[Path]:
    """The README and every Markdown page under docs/."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def links(page: Path) -> list[str]:
    """The link targets of a page's Markdown links (code blocks and inline code left out)."""
    text = INLINE_CODE.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    return LINK.findall(text)


def is_relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("//")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lowercase, punctuation dropped, spaces to hyphens."""
    text = INLINE_CODE.sub(lambda m: m.group(0)[1:-1], heading.strip().lower())
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", text))


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a Markdown page."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)}


def where(page: Path, target: str) -> tuple[Path, str]:
    """The file (or folder) and the anchor a relative link of `page` points at."""
    path, _, anchor = target.partition("#")
    return ((page.parent / unquote(path)).resolve() if path else page), anchor


def test_the_readme_stays_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines; keep it under {README_LINES} and move the rest to docs/"


def test_the_readme_links_docs_pages_that_exist():
    linked = [t for t in links(README) if is_relative(t) and t.partition("#")[0].startswith("docs/")]
    assert linked, "the README links no page of docs/"
    missing = [t for t in linked if not where(README, t)[0].exists()]
    assert not missing, f"the README links pages that do not exist: {missing}"


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    broken = []
    for target in links(page):
        if not is_relative(target):
            continue
        path, anchor = where(page, target)
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and path.is_file() and anchor not in anchors(path):
            broken.append(f"{target}: no heading #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_every_genre_has_its_page(kind):
    page = DOCS / "genres" / f"{kind.KEY}.md"
    assert page.is_file(), f"genre {kind.KEY!r} has no page: write docs/genres/{kind.KEY}.md (rules, text and link forms, limits)"

