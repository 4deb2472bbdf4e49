"""Paths between endpoints: the used edges of a graph form paths, each joining two endpoints that carry
the same label, and nothing else (no loop, no branch, no path through an endpoint, no line that ends
elsewhere). Nodes that are not endpoints may stay off every path.

Variables: ("line", y, x), an edge point of the lattice, holds when a path uses that edge (the answer:
the shown variables); ("visit", y, x) holds when a path passes through the node at (y, x) (not
endpoints, which every path ends at); ("label", y, x, k) holds when the path through the node carries
label k (only when there are two labels or more).
- an endpoint has exactly one used edge, and its own label;
- any other node has none or two, and the label of the path through it (none when off every path);
- the two ends of a used edge carry the same labels.
With those, a used edge lies on a path that ends at two endpoints of one label, or on a cycle of
nodes that are not endpoints. The cycles are cut lazily (`Strays`): for a model whose lines make a
part holding no endpoint, the cut "a node of that part is off every path, or an edge leaving the part
is used" (a path through a node of the part must leave it to end). It follows from the rule alone, so
counts, facts and hints are those of the rule written out (connected.py says why). It reads only the
lines, which must be shown.

`paths_between(f, graph, ends, end_of=None)`: `ends` maps each endpoint to its label; `end_of(node)`,
when given, a context manager each endpoint's own clauses are written inside (a clue block, so hints
can name it). An endpoint whose label no other endpoint carries gets the empty clause there: its path
has nowhere to end (the search would otherwise have to try every path from it).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

from gridlogic.cnf.graph import Graph, add_lazy, between, define_any
from gridlogic.cnf.formula import Formula, Lit, Model, Not, Resolved
from gridlogic.cnf.loops import Wiring, degree_zero_or_two, line, visit


def label(p: tuple[int, int], k) -> Lit:
    """The variable "the path through node p carries label k": ("label", y, x, k)."""
    return ("label", *p, k)


def paths_between(f: Formula, graph: Graph, ends: dict,
                  end_of: Callable[[tuple[int, int]], AbstractContextManager] | None = None) -> list:
    """The used edges of `graph` form paths between endpoints of one label (see the module docstring);
    returns the line keys in the order of the graph's links."""
    beside = graph.beside()
    labels = sorted(set(ends.values()))
    alone = {k for k in labels if sum(1 for q in ends.values() if q == k) == 1}
    named = len(labels) > 1
    hold = end_of or (lambda v: nullcontext())
    plain = not f.in_clue                       # (clauses added as integers: no guard to add)
    held: dict = {}                             # node -> its labels' literals, in the order of `labels`
    for v in graph.nodes:
        lines = [line(between(v, w)) for w in beside[v]]
        if v in ends:
            with hold(v):
                if ends[v] in alone:            # no other end for its path
                    f.clause([])
                f.clause(lines)
                for a, b in itertools.combinations(lines, 2):
                    f.clause([Not(a), Not(b)])
                if named:
                    for k in labels:
                        f.clause([label(v, k) if ends[v] == k else Not(label(v, k))])
            continue
        degree_zero_or_two(f, lines)
        define_any(f, visit(v), lines)
        if named:
            if plain:                           # the clauses below, as integers, in the same order
                seen = f.lit(visit(v))
                mine = held[v] = f.lits([label(v, k) for k in labels])
                out = f.clauses
                out.append([-seen, *mine])
                out += [[-x, seen] for x in mine]
                out += [[-a, -b] for a, b in itertools.combinations(mine, 2)]
                continue
            f.clause([Not(visit(v)), *(label(v, k) for k in labels)])
            for k in labels:
                f.implies(label(v, k), visit(v))
            for a, b in itertools.combinations(labels, 2):
                f.clause([Not(label(v, a)), Not(label(v, b))])
    if named:
        for u, v in graph.links:
            edge = line(between(u, v))
            if plain:
                off = -f.lit(edge)
                ours = held.get(u) or f.lits([label(u, k) for k in labels])
                theirs = held.get(v) or f.lits([label(v, k) for k in labels])
                out = f.clauses
                for x, y in zip(ours, theirs):
                    out += [[off, -x, y], [off, x, -y]]
                continue
            for k in labels:
                f.clause([Not(edge), Not(label(u, k)), label(v, k)])
                f.clause([Not(edge), label(u, k), Not(label(v, k))])
    if not ends:                                # no path at all
        for u, v in graph.links:
            f.clause([Not(line(between(u, v)))])
    add_lazy(f, Strays(graph, frozenset(ends)))
    return [line(between(u, v)) for u, v in graph.links]


@dataclass(frozen=True)
class Strays(Wiring):
    """The lazy rule: for each part of a model's lines that holds no endpoint, a cut (see the module
    docstring)."""

    anchors: frozenset = frozenset()
    anchored: bytearray = field(init=False, compare=False, repr=False)    # by node number: an endpoint

    def __post_init__(self) -> None:
        super().__post_init__()
        number = self.numbered.number
        anchored = bytearray(len(number))
        for v in self.anchors:
            if v in number:
                anchored[number[v]] = 1
        object.__setattr__(self, "anchored", anchored)

    def __call__(self, model: Model) -> list[Resolved]:
        parts, visits, ends = self.parts(model)
        anchored = self.anchored
        out = []
        for part in parts:
            if any(anchored[v] for v in part):
                continue
            inner = set(part)
            out.append(Resolved((-visits[part[0]], *(var for v in part for w, var in ends[v] if w not in inner))))
        return out
