"""The rule library: the rule families that shading, loop and region genres compose, each a short
function over a `gridlogic.cnf.formula.Formula` and named keys on the lattice (`gridlogic.lattice`).

- formula.py: the Formula (named variables, clauses, a cached base), made of clues.py (clue blocks and
  givens), laying.py (clause patterns laid on cells) and cardinality.py (cardinality and sums);
- graph.py: the graphs rules run on (cells, vertices), components, lazy rules that compose;
- connected.py: the cells of a colour are connected (eager reach labels or lazy cuts);
- loops.py: one loop through cell centres or along cell borders;
- shading.py: no 2×2 block of a colour;
- regions.py: one region per clue, of the clue's size;
- rectangles.py: division into rectangles, one per clue, of its area;
- visibility.py: cells seen along rows and columns up to a blocker, lights seen along segments;
- blocks.py: every block of equal numbers has its number's size (no clue needed).

Each module's docstring states its rule and names its variables; docs/rule-library.md says how a
genre composes them and has the measurements behind the eager and lazy choices.
"""
