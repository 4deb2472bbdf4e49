"""SAT backend (python-sat): solve, enumerate with blocking clauses, count up to a limit, and answer
questions under assumptions (facts, candidates, cores) for explanations.

By concern:
- engines.py: the engines, which can be stopped, and SAT calls cut into pieces within a budget;
- solvers.py: the solver a formula is asked of (kept per cached base, or new) and its first guess;
- lazy.py: rules too big to write out, added as models break them;
- counting.py: `enumerate_models`, counting and listing solutions;
- asking.py, facts.py, cores.py, questions.py: `questions`, a series of questions to one solver
  (is there a model, the backbone, the possible literals, cores and their shrinking).

This module is the backend's face: the names the solver, the explanations and the generator use.
"""

from gridlogic.backends.sat.counting import enumerate_models
from gridlogic.backends.sat.engines import BOUNDED_ENGINES, DEFAULT_ENGINE, ENGINES, engine_name, small_solver
from gridlogic.backends.sat.questions import Questions, backbone, minimal_conflict, questions
from gridlogic.backends.sat.solvers import prepare

__all__ = ["BOUNDED_ENGINES", "DEFAULT_ENGINE", "ENGINES", "Questions", "backbone", "engine_name", "enumerate_models",
           "minimal_conflict", "prepare", "questions", "small_solver"]
