"""`python -m gridlogic`: the command line."""

import os
import sys

try:
    from gridlogic.cli import EXIT_INTERRUPTED, main
except KeyboardInterrupt:                  # Ctrl-C while the package is still being imported
    print("gridlogic: interrupted", file=sys.stderr)
    sys.exit(130)

status = main()
if status == EXIT_INTERRUPTED:
    # Leave at once: a search cut short leaves z3's half-made objects, whose finalizers would print
    # their own errors at shutdown, and a signal z3 held back could still arrive there.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
sys.exit(status)
