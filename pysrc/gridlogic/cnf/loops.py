"""One loop: the used edges of a graph form a single cycle. Every node has 0 or 2 used edges at it,
at least one edge is used, and the nodes on the loop are joined through used edges.

Variables: ("line", y, x), an edge point of the lattice, holds when the loop uses that edge (the
answer: the shown variables); ("visit", y, x) holds when the loop passes through the node at (y, x).
- `loop_through_cells`: the nodes are cells, the edges those between adjacent cells (a line through
  cell centres).
- `loop_on_edges`: the nodes are the grid's vertices, the edges the cell borders, the outer border
  included (a loop drawn along the cells' sides).
Both on `single_loop`, for any graph on the lattice.

Degree 0 or 2 is written out (per node: no single used edge, no three). That the loop is one is
eager or lazy as connected.py describes, and `connected.LAZY` picks for both:
- eager, the visited nodes are connected through used edges (connected.py's reach labels, named
  `name`); a cycle of L nodes keeps every node within L/2 links of the root, so half the nodes bound
  the depth;
- lazy (`LoopCuts`), each cycle S of a model with several gets, for each other cycle O, the cut "a
  loop through S's first node and O's first node uses an edge leaving S": not visit(s) or not
  visit(o) or one of the edges with one end in S (those towards O's side of S only: a loop through both
  crosses into S by one of them). It follows from the rule alone, so counts, facts
  and hints are those of the rule written out (connected.py says why). It reads only the lines,
  which must be shown.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from gridlogic.cnf import connected as conn
from gridlogic.cnf.graph import Graph, Numbered, add_lazy, between, cell_graph, components, define_any, vertex_graph
from gridlogic.cnf.formula import Formula, Lit, Model, Not


def line(p: tuple[int, int]) -> Lit:
    """The variable of an edge: ("line", y, x)."""
    return ("line", *p)


def visit(p: tuple[int, int]) -> Lit:
    """The variable "the loop passes through this node": ("visit", y, x)."""
    return ("visit", *p)


def loop_through_cells(f: Formula, rows: int, cols: int, cells=None, *, lazy: bool | None = None) -> list:
    """One loop through the centres of some cells of an R×C grid (all by default); returns its line keys."""
    return single_loop(f, cell_graph(rows, cols, cells), lazy=lazy)


def loop_on_edges(f: Formula, rows: int, cols: int, *, lazy: bool | None = None) -> list:
    """One loop along the cell borders of an R×C grid; returns its line keys."""
    return single_loop(f, vertex_graph(rows, cols), lazy=lazy)


def single_loop(f: Formula, graph: Graph, *, lazy: bool | None = None, name: str = "loop") -> list:
    """The used edges of `graph` form one cycle (see the module docstring); returns the line keys in the
    order of the graph's links."""
    beside = graph.beside()
    for v in graph.nodes:
        lines = [line(between(v, w)) for w in beside[v]]
        degree_zero_or_two(f, lines)
        define_any(f, visit(v), lines)
    keys = [line(between(u, v)) for u, v in graph.links]
    f.clause(keys)
    if conn.LAZY if lazy is None else lazy:
        add_lazy(f, LoopCuts(graph))
    else:
        conn.connected(f, graph, visit, lazy=False, name=name, link=line, depth=len(graph.nodes) // 2)
    return keys


def degree_zero_or_two(f: Formula, lines: list[Lit]) -> None:
    """None or exactly two of the lines at a node are used."""
    for i, one in enumerate(lines):
        f.clause([Not(one), *lines[:i], *lines[i + 1:]])
    for three in itertools.combinations(lines, 3):
        f.clause([Not(x) for x in three])


@dataclass(frozen=True)
class Wiring:
    """A graph's links as lines, for lazy rules over the parts a model's lines draw."""

    graph: Graph
    wires: tuple = field(init=False, compare=False, repr=False)      # (u, v, line key) per link
    ends: dict = field(init=False, compare=False, repr=False)        # node -> [(other end, line key)]
    numbered: Numbered = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "wires", tuple((u, v, line(between(u, v))) for u, v in self.graph.links))
        ends: dict = {v: [] for v in self.graph.nodes}
        for u, v, key in self.wires:
            ends[u].append((v, key))
            ends[v].append((u, key))
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "numbered", Numbered.of(self.graph))

    def parts(self, model: Model) -> list[list]:
        """The connected parts of the lines a model draws, each a list of nodes."""
        beside: dict = {}
        for u, v, key in self.wires:
            if model[key]:
                beside.setdefault(u, []).append(v)
                beside.setdefault(v, []).append(u)
        return components(beside, beside.__getitem__)

    def leaving(self, part: list) -> list[Lit]:
        """The lines from a part's nodes to nodes outside it."""
        inner = set(part)
        return [key for v in part for w, key in self.ends[v] if w not in inner]


class LoopCuts(Wiring):
    """The lazy rule: for a model whose lines form several cycles, a cut clause for each cycle and each
    other cycle (see the module docstring), naming only the edges leaving the cycle towards the other
    one's side (whose outer node is reached from it without crossing the cycle): a loop through both
    enters the cycle by one of them."""

    def __call__(self, model: Model) -> list[list[Lit]]:
        parts = self.parts(model)
        if len(parts) < 2:
            return []
        firsts = [part[0] for part in parts]
        numbered = self.numbered
        number = numbered.number
        out = []
        for part in parts:
            inner = set(part)
            walls = bytearray(len(numbered.near))
            for v in part:
                walls[number[v]] = 1
            side = numbered.sides(walls, [number[o] for o in firsts if o not in inner])
            leaving = [(side[number[w]], key) for v in part for w, key in self.ends[v] if w not in inner]
            for o in firsts:
                if o not in inner:
                    out.append([Not(visit(part[0])), Not(visit(o)), *(key for at, key in leaving if at == side[number[o]])])
        return out
