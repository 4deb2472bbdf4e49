"""Graphs on the lattice for the rule families, and lazy rules that compose.

A `Graph` is nodes (lattice points: cells for shading and loops through cell centres, vertices for
loops on cell borders) and links between them, each link crossing one edge point: the edge between
two adjacent cells, or the cell border between two adjacent vertices (`between`). Rules name a
node's variable through a function `member(node) -> literal` (("shade", y, x), or Not of it for the
unshaded cells), and a link's through `link(point)`, so they never fix a genre's vocabulary.

A formula holds one lazy rule (`Formula.lazy`); `add_lazy` chains another onto it, so several families
may leave rules to be added when broken. A lazy rule reads a model of the formula's shown variables
only (backends/sat/lazy.py): the literals it reads must be shown, or be the negations of shown ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Lit, Model, Not, negate

Point = lattice.Point
Check = Callable[[Model], list[list[Lit]]]


@dataclass(frozen=True)
class Graph:
    """Nodes in a fixed order and links (u, v) between them, u before v."""

    nodes: tuple[Point, ...]
    links: tuple[tuple[Point, Point], ...]

    def beside(self) -> dict[Point, list[Point]]:
        """Each node's linked nodes (built once per graph: callers must not change it)."""
        out = self.__dict__.get("_beside")
        if out is None:
            out = {v: [] for v in self.nodes}
            for u, v in self.links:
                out[u].append(v)
                out[v].append(u)
            object.__setattr__(self, "_beside", out)      # a cache, not a field: equality ignores it
        return out

    def within(self, nodes: Iterable[Point]) -> Graph:
        """The graph on some of its nodes (in its order) and the links between them."""
        keep = set(nodes)
        return Graph(tuple(v for v in self.nodes if v in keep),
                     tuple((u, v) for u, v in self.links if u in keep and v in keep))

    def distances(self, start: Point, most: int, avoid: Iterable[Point] = ()) -> dict[Point, int]:
        """The nodes within `most` links of `start` (a path entering no node of `avoid`), with their distance."""
        beside, banned = self.beside(), set(avoid)
        dist, front = {start: 0}, [start]
        for d in range(1, most + 1):
            front = [w for v in front for w in beside[v] if w not in banned and dist.setdefault(w, d) == d]
            front = list(dict.fromkeys(front))
        return dist


def between(u: Point, v: Point) -> Point:
    """The edge point crossed by the link between two adjacent cells or two adjacent vertices."""
    return (u[0] + v[0]) // 2, (u[1] + v[1]) // 2


def cell_graph(rows: int, cols: int, cells: Iterable[Point] | None = None) -> Graph:
    """The grid's cells (or some of them), linked when orthogonally adjacent."""
    return _graph(lattice.cells(rows, cols) if cells is None else cells, rows, cols)


def vertex_graph(rows: int, cols: int) -> Graph:
    """The grid's vertices, linked along cell borders (the outer border included)."""
    return _graph(lattice.points(rows, cols, "vertex"), rows, cols)


def _graph(nodes: Iterable[Point], rows: int, cols: int) -> Graph:
    nodes = tuple(sorted(nodes))
    present = set(nodes)
    links = [(u, v) for u in nodes for v in lattice.neighbours(u, rows, cols) if v in present and u < v]
    return Graph(nodes, tuple(links))


def holds(model: Model, lit: Lit) -> bool:
    """The value of a literal in a model."""
    return not model[lit.key] if isinstance(lit, Not) else model[lit]


def components(nodes: Iterable[Point], linked: Callable[[Point], Iterable[Point]]) -> list[list[Point]]:
    """The connected parts of `nodes` (each sorted, in order of their first node), where `linked(v)`
    gives the nodes v is joined to (those outside `nodes` are ignored)."""
    todo = sorted(nodes)
    left = set(todo)
    parts = []
    for start in todo:
        if start not in left:
            continue
        left.discard(start)
        part, stack = [start], [start]
        while stack:
            for w in linked(stack.pop()):
                if w in left:
                    left.discard(w)
                    part.append(w)
                    stack.append(w)
        parts.append(sorted(part))
    return parts


def add_lazy(f: Formula, check: Check) -> None:
    """Leave a rule to `f.lazy`, after any lazy rule it has already: a model gets the clauses of both
    that it breaks."""
    before = f.lazy
    f.lazy = check if before is None else _Both(before, check)


@dataclass(frozen=True)
class _Both:
    first: Check
    second: Check

    def __call__(self, model: Model) -> list[list[Lit]]:
        return self.first(model) + self.second(model)


def define_any(f: Formula, lit: Lit, parts: Sequence[Lit]) -> None:
    """`lit` holds exactly when one of `parts` does (false when there is none)."""
    f.clause([negate(lit), *parts])
    for part in parts:
        f.implies(part, lit)


@dataclass(frozen=True)
class Numbered:
    """A graph's nodes numbered from 0 in sorted order, each with its neighbours' numbers: the form lazy
    rules' hot loops walk (lists of ints, not sets of points)."""

    nodes: tuple[Point, ...]
    number: dict[Point, int]
    near: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, graph: Graph) -> Numbered:
        """The graph's nodes numbered in sorted order."""
        nodes = tuple(sorted(graph.nodes))
        number = {v: i for i, v in enumerate(nodes)}
        beside = graph.beside()
        return cls(nodes, number, tuple(tuple(number[w] for w in beside[v]) for v in nodes))

    def sides(self, walls: bytearray, starts: Iterable[int]) -> list[int]:
        """For each node, the start (of `starts`) it is reached from first through nodes that are no
        `walls` (nonzero there), or -1: the sides of the graph that the walls part. A lazy rule's cut
        between two parts needs only the literals on the other part's side."""
        near = self.near
        side = [-1] * len(near)
        for start in starts:
            if walls[start] or side[start] >= 0:
                continue
            side[start] = start
            stack = [start]
            while stack:
                for w in near[stack.pop()]:
                    if side[w] < 0 and not walls[w]:
                        side[w] = start
                        stack.append(w)
        return side
