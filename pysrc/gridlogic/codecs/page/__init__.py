"""The page's share-link payloads (`v3.…`, and `v2.…` read), made from an editing state and a kind's
layout alone: the codec of web/codecs/statelink.js and web/codecs/statelink_parts.js, written again so
that the engine makes and reads the page's links (`link_export` format "page", `link_import`).

Both write the same bytes and read the same states; tests/test_statelink_cross.py runs the two on
the same states under Node. The grammar is in web/codecs/statelink.js. Where JavaScript counts UTF-16 code
units (a value "of one character", the check's hash) this package counts them too, and a JS object's
values come in JS order (integer keys first, ascending), so that the two never differ.
"""

from __future__ import annotations

from gridlogic.codecs.page.codes import OLD_VERSION, VERSION, Damaged, check, escape
from gridlogic.codecs.page.read import Reader, decode_state
from gridlogic.codecs.page.write import encode_state

__all__ = ["OLD_VERSION", "VERSION", "check", "decode_about", "decode_state", "encode_about", "encode_state",
           "escape", "link_hash"]


# -- what a link says of its puzzle --------------------------------------------------------------------
ABOUT = "i1."
ABOUT_FIELDS = ("title", "author", "rules_text")


def encode_about(about: dict | None) -> str:
    """The segment that carries a puzzle's title, author and rules text after the payload: `i1.` and
    each in S (trimmed), "~" between them, empty ones at the end left out; "" when all are empty."""
    values = [escape(((about or {}).get(key) or "").strip()) for key in ABOUT_FIELDS]
    while values and not values[-1]:
        values.pop()
    return ABOUT + "~".join(values) if values else ""


def decode_about(segment: str) -> dict | None:
    """{title, author, rules_text} of an `i1.` segment (None where empty), or None when it is damaged."""
    if not segment.startswith(ABOUT):
        return None
    fields = segment[len(ABOUT):].split("~")
    if len(fields) > len(ABOUT_FIELDS):
        return None
    try:
        values = [Reader(field + "~").string("~") for field in fields]
    except Damaged:
        return None
    values += [""] * (len(ABOUT_FIELDS) - len(values))
    return {key: value or None for key, value in zip(ABOUT_FIELDS, values)}


def link_hash(kind: str, rules, payload: str) -> str:
    """`kind[,rule...]/payload` (after the `#`), kind and rules %-escaped as encodeURIComponent does."""
    from urllib.parse import quote

    return ",".join(quote(name, safe="-_.!~*'()") for name in (kind, *rules)) + "/" + payload