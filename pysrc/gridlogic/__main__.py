"""`python -m gridlogic`: the command line."""

import os
import sys

INTERRUPTED = 130                          # cli.exits.EXIT_INTERRUPTED: the import below may not finish

try:
    from gridlogic.cli import main
except KeyboardInterrupt:                  # Ctrl-C while the package (and z3) is still being imported
    print("gridlogic: interrupted", file=sys.stderr)
    status = INTERRUPTED
else:
    status = main()
if status == INTERRUPTED:
    # Leave at once: a search or an import cut short leaves z3's half-made objects, whose finalizers
    # would print their own errors at shutdown, and a signal z3 held back could still arrive there
    # (the process would then end by the signal, not with 130).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
sys.exit(status)
