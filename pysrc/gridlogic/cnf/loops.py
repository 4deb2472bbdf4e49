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
from gridlogic.cnf.graph import Graph, Numbered, add_lazy, between, cell_graph, vertex_graph
from gridlogic.cnf.formula import Formula, Lit, Model, Resolved
from gridlogic.cnf.places import Places


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
    places = Places()                       # each node's clauses, as `degree_zero_or_two` and `define_any`
    for v in graph.nodes:                   # write them, laid on the formula at once
        lines = [places(line(between(v, w))) for w in beside[v]]
        zero_or_two(places.clauses, lines)
        at = places(visit(v))
        places.clauses.append([-at, *lines])
        places.clauses += [[-x, at] for x in lines]
    places.add_to(f)
    keys = [line(between(u, v)) for u, v in graph.links]
    f.clause(keys)
    if conn.LAZY if lazy is None else lazy:
        add_lazy(f, LoopCuts(graph))
    else:
        conn.connected(f, graph, visit, lazy=False, name=name, link=line, depth=len(graph.nodes) // 2)
    return keys


def degree_zero_or_two(f: Formula, lines: list[Lit]) -> None:
    """None or exactly two of the lines at a node are used."""
    places = Places()
    zero_or_two(places.clauses, [places(x) for x in lines])
    places.add_to(f)


def zero_or_two(out: list, lines: list[int]) -> None:
    """`degree_zero_or_two`'s clauses over places (or integers), appended to `out`: no single line used
    without another, no three."""
    for i, one in enumerate(lines):
        out.append([-one, *lines[:i], *lines[i + 1:]])
    out += [[-a, -b, -c] for a, b, c in itertools.combinations(lines, 3)]


@dataclass(frozen=True)
class Wiring:
    """A graph's links as lines, for lazy rules over the parts a model's lines draw. A model is read
    through integer tables made once a pool (`_tables`, as connected.Cuts does), and the rules' clauses
    come `Resolved`."""

    graph: Graph
    numbered: Numbered = field(init=False, compare=False, repr=False)
    resolved: dict = field(init=False, compare=False, repr=False)    # see `_tables`

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbered", Numbered.of(self.graph))
        object.__setattr__(self, "resolved", {})

    def _tables(self, model: Model) -> tuple[list, list, list]:
        """The links as (number, number, line's variable), each node's visit variable, and each node's
        ends [(neighbour's number, line's variable)], in the formula's integers (0 for a key it lacks:
        never true); nodes numbered in sorted order, links and ends in the graph's order of links. Made
        once a pool (and again when it has grown)."""
        pool = model.pool
        size = len(pool.obj2id)
        found = self.resolved.get(id(pool))           # (the pool is held there: its id is not reused)
        if found is None or found[0] is not pool or found[1] != size:
            known, number = pool.obj2id, self.numbered.number
            wires = [(number[u], number[v], known.get(line(between(u, v)), 0)) for u, v in self.graph.links]
            ends: list[list] = [[] for _ in number]
            for u, v, var in wires:
                ends[u].append((v, var))
                ends[v].append((u, var))
            visits = [known.get(visit(v), 0) for v in self.numbered.nodes]
            found = self.resolved[id(pool)] = (pool, size, wires, visits, ends)
        return found[2], found[3], found[4]

    def parts(self, model: Model) -> tuple[list[list[int]], list, list]:
        """The connected parts of the lines a model draws, each a sorted list of node numbers, in order
        of their first node; with the nodes' visit variables and ends (see `_tables`)."""
        true = model.true_vars
        wires, visits, ends = self._tables(model)
        beside: list[list[int]] = [[] for _ in visits]
        for u, v, var in wires:
            if var in true:
                beside[u].append(v)
                beside[v].append(u)
        seen = bytearray(len(visits))
        parts = []
        for start, near in enumerate(beside):
            if seen[start] or not near:
                continue
            seen[start] = 1
            part, stack = [start], [start]
            while stack:
                for w in beside[stack.pop()]:
                    if not seen[w]:
                        seen[w] = 1
                        part.append(w)
                        stack.append(w)
            parts.append(sorted(part))
        return parts, visits, ends


class LoopCuts(Wiring):
    """The lazy rule: for a model whose lines form several cycles, a cut clause for each cycle and each
    other cycle (see the module docstring), naming only the edges leaving the cycle towards the other
    one's side (whose outer node is reached from it without crossing the cycle): a loop through both
    enters the cycle by one of them."""

    def __call__(self, model: Model) -> list[Resolved]:
        parts, visits, ends = self.parts(model)
        if len(parts) < 2:
            return []
        firsts = [part[0] for part in parts]
        out = []
        for part in parts:
            walls = bytearray(len(visits))
            for v in part:
                walls[v] = 1
            side = self.numbered.sides(walls, [o for o in firsts if not walls[o]])
            leaving = [(side[w], var) for v in part for w, var in ends[v] if not walls[w]]
            mine = -visits[part[0]]
            for o in firsts:
                if not walls[o]:
                    at = side[o]
                    out.append(Resolved((mine, -visits[o], *(var for s, var in leaving if s == at))))
        return out
