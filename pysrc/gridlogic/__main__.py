"""`python -m gridlogic`: the command line."""

import sys

from gridlogic.cli import main

sys.exit(main())
