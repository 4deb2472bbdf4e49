"""One region per clue, of the clue's size (islands of unshaded cells, the rooms of division genres).

The members (nodes where `member(node)` holds, e.g. Not(("shade", y, x)) for unshaded cells)
fall into regions: maximal sets of members joined through adjacent members. Every region holds exactly
one clue cell, and a clue with a size (not None) has exactly that many cells in its region.

Variables: ("owner", y, x, qy, qx) holds when the member at (y, x) lies in the region of the clue at
(qy, qx). It exists only where the clue could reach: within size - 1 links of the clue (a region of n
cells reaches no further) along paths that enter no other clue's cell. Rules:
- a clue's cell is a member and owned by its clue;
- a member has exactly one owner, a non-member none;
- adjacent members have the same owner (so a region is owned whole, by one clue);
- a clue of size n owns exactly n cells;
- the cells a clue owns are joined to it through owned cells (eager reach labels, connected.py's
  `reach` rooted at the clue, at most n - 1 links deep: ("reach", ("region", qy, qx), v, k)), so a
  region with no clue cannot hide in a clue's count.
With `clue_of` (a clue cell q -> a context manager, e.g. `lambda q: f.clue(...)`), each clue's own clauses
(its cell a member owned by it, its size, its reach) are written inside it, so explanations can name the
clue; dropping a clue then relaxes the rule (its region is no longer bound to it), never tightens it.
With `lazy_unsized`, a clue without a size gets no reach labels (they would span the whole grid): a
lazy rule (`Clueless`) cuts, instead, every model with a region holding no clue cell, which is all the
reach labels forbid there (a region owned by a clue away from its cell holds no clue).
In every model the owners follow from the members (a region's clue owns all of it), so counting
models over the members' variables counts the ways to lay the regions out.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from gridlogic.cnf.connected import Member, reach
from dataclasses import dataclass

from gridlogic.cnf.graph import Graph, add_lazy, cell_graph, components, holds
from gridlogic.cnf.formula import Formula, Lit, Model, Not, negate

Clues = dict[tuple[int, int], int | None]


def owner(p: tuple[int, int], q: tuple[int, int]) -> tuple:
    """The variable "the member at p lies in the region of the clue at q"."""
    return ("owner", *p, *q)


def regions_by_clue(f: Formula, graph: Graph, member: Member, clues: Clues,
                    clue_of: Callable[[tuple[int, int]], AbstractContextManager] | None = None,
                    lazy_unsized: bool = False) -> None:
    """Every region of members holds exactly one clue cell, with the clue's size when it has one (each
    clue's own clauses inside `clue_of(q)` when given; see the module docstring for `lazy_unsized`)."""
    hold = clue_of or (lambda q: nullcontext())
    reaches = {q: _reachable(graph, q, size, clues) for q, size in clues.items()}
    owners: dict = {v: [] for v in graph.nodes}
    for q, near in reaches.items():
        for v in near:
            owners[v].append(owner(v, q))
    for q in clues:
        with hold(q):
            f.clause([member(q)])
            f.clause([owner(q, q)])
    for v, mine in owners.items():
        f.clause([negate(member(v)), *mine])
        f.at_most_one(mine)
        for lit in mine:
            f.implies(lit, member(v))
    for a, b in graph.links:
        for q, near in reaches.items():
            for p, other in ((a, b), (b, a)):
                if p in near:
                    f.clause([negate(member(p)), negate(member(other)), Not(owner(p, q))]
                             + ([owner(other, q)] if other in near else []))
    for q, size in clues.items():
        with hold(q):
            if size is not None:
                f.exactly([owner(v, q) for v in reaches[q]], size)
            if size is None and lazy_unsized:
                continue
            depth = len(reaches[q]) - 1 if size is None else size - 1      # path length inside the region
            reach(f, graph.within(reaches[q]), lambda v, q=q: owner(v, q), {q: owner(q, q)}, depth,
                  ("region", *q))
    if lazy_unsized and None in clues.values():
        add_lazy(f, Clueless(graph, member, frozenset(clues)))


def region_cells(f: Formula, rows: int, cols: int, member: Member, clues: Clues,
                 clue_of: Callable[[tuple[int, int]], AbstractContextManager] | None = None,
                 lazy_unsized: bool = False) -> None:
    """`regions_by_clue` on the cells of an R×C grid."""
    regions_by_clue(f, cell_graph(rows, cols), member, clues, clue_of, lazy_unsized)


@dataclass(frozen=True)
class Clueless:
    """The lazy rule of `lazy_unsized`: for each region of a model that holds no clue node, the cut "one
    of its nodes is not a member, or a node beside it is one" (it cannot stay a region as it is)."""

    graph: Graph
    member: Member
    clues: frozenset

    def __call__(self, model: Model) -> list[list[Lit]]:
        beside = self.graph.beside()
        inside = {v for v in self.graph.nodes if holds(model, self.member(v))}
        out = []
        for part in components(inside, lambda v: beside[v]):
            if self.clues.isdisjoint(part):
                rim = {w for v in part for w in beside[v]} - set(part)
                out.append([negate(self.member(v)) for v in part] + [self.member(w) for w in sorted(rim)])
        return out


def _reachable(graph: Graph, q, size: int | None, clues: Clues) -> dict:
    """The nodes a region of the clue at q may hold, with their distance from it."""
    most = len(graph.nodes) - 1 if size is None else size - 1
    return graph.distances(q, most, avoid=[p for p in clues if p != q])
