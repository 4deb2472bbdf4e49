"""gridlogic: logic puzzles encoded to CNF (or searched natively) and solved exactly."""

__version__ = "0.1.0"
