"""Backends: `sat` (python-sat), `smt` (z3, optional), `native` (a kind's own search)."""

from __future__ import annotations

import importlib.util


def has_z3() -> bool:
    """True when the z3 package can be imported (it is optional, and large in the browser)."""
    try:
        return importlib.util.find_spec("z3") is not None
    except (ImportError, ValueError):
        return False


def available() -> list[str]:
    """Backend names usable here."""
    return ["sat", "smt", "native"] if has_z3() else ["sat", "native"]
