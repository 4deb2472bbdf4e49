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
from dataclasses import dataclass, field

from gridlogic.cnf.graph import Graph, add_lazy, between, cell_graph, components, define_any
from gridlogic.cnf.rectangles import border
from gridlogic.cnf.formula import Formula, Lit, Model, Not, negate
from gridlogic.cnf.places import Literals
from gridlogic.cnf.tally import merge

Clues = dict[tuple[int, int], int | None]
EAGER_DEPTH = 60           # regions_of_two: reach labels up to this depth, lazy cuts past it
TRUE = 1 << 62             # _sizes: a number past every variable's, standing for "true" (its negation "false")


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
            within = graph.within(reaches[q])
            reach(f, within, lambda v, q=q: owner(v, q), {q: owner(q, q)}, depth, ("region", *q),
                  side=_sides(within, q))
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
    of its nodes is not a member, or a node beside it is one" (it cannot stay a region as it is). The
    nodes' member literals are read as the model's integers, resolved once a pool (`_members`)."""

    graph: Graph
    member: Member
    clues: frozenset
    resolved: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def _members(self, model: Model) -> tuple[list, list[int]]:
        """The nodes in sorted order and each one's member literal as an integer of the model's formula;
        made once a pool, and again when it has grown."""
        pool = model.pool
        found = self.resolved.get(id(pool))           # (the pool is held there: its id is not reused)
        if found is None or found[0] is not pool or found[1] != len(pool.obj2id):
            nodes, ints = sorted(self.graph.nodes), []
            for v in nodes:
                var, wanted = model.resolve(self.member(v))
                var = var or _ABSENT                  # (a key the formula lacks: false)
                ints.append(var if wanted else -var)
            found = self.resolved[id(pool)] = (pool, len(pool.obj2id), nodes, ints)
        return found[2], found[3]

    def __call__(self, model: Model) -> list[list[Lit]]:
        beside = self.graph.beside()
        true = model.true_vars
        inside = {v for v, lit in zip(*self._members(model)) if (lit > 0) == (abs(lit) in true)}
        out = []
        for part in components(inside, lambda v: beside[v]):
            if self.clues.isdisjoint(part):
                rim = {w for v in part for w in beside[v]} - set(part)
                out.append([negate(self.member(v)) for v in part] + [self.member(w) for w in sorted(rim)])
        return out


_ABSENT = 1 << 62                 # a variable no model holds (see `Clueless._members`)


def _reachable(graph: Graph, q, size: int | None, clues: Clues) -> dict:
    """The nodes a region of the clue at q may hold, with their distance from it."""
    most = len(graph.nodes) - 1 if size is None else size - 1
    return graph.distances(q, most, avoid=[p for p in clues if p != q])


# -- regions of two clues, their size between the clues' numbers ---------------------------------------
def regions_of_two(f: Formula, graph: Graph, clues: Clues,
                   clue_of: Callable[[tuple[int, int]], AbstractContextManager] | None = None) -> list:
    """Divide the nodes of a graph into regions along borders: every region holds exactly two clue nodes,
    and its size (node count) lies strictly between their numbers (a clue of None is a number not given:
    the size then only differs from the other number). Returns the border keys ("border", y, x), one per
    link (at the edge point it crosses): true where the link joins two regions.

    Variables: ("pair", p, q) for two clues p before q that may share a region (their numbers at least 2
    apart and q near enough to p), p the first in the clues' order: larger numbers first (a number not
    given before all), then node order. So a region is owned by its larger number, and a clue's owner
    variables, counter and reach labels span no more than its own number allows (a small number that may
    pair with a far larger one would otherwise own regions as large as the larger allows); ("owner", *v,
    *p) "node v lies in the region of the pair whose first clue is p" (only where a region of p's pairs
    could reach: the region is a tree holding p, q and v, so it has at least (d(p, v) + d(q, v) +
    d(p, q)) / 2 + 1 nodes, along paths entering no other clue);
    ("pair size", p, lo, hi, k) "at least k of the nodes lo .. hi - 1 that p may own are owned" (a totalizer
    of each first clue's region, nearest nodes first, tied to its nodes both ways). Rules: each clue in
    exactly one pair; a clue node is owned by the first clue of its pair; every node has exactly one owner;
    two linked nodes have the same owner exactly when no border runs between them; a pair's region has a
    size between its numbers. The nodes a first clue owns are joined to it through owned nodes: by
    connected.py's reach labels ("reach", ("pair region", qy, qx), v, k) where its regions may be up to
    EAGER_DEPTH + 1 nodes (on a bipartite graph only at steps k of v's side, `_sides`), and lazily past
    that (`FewClues`: a region of the borders holding fewer than two clue nodes is cut).
    Owners, pairs, counters and labels follow from the borders, so counting models over the borders
    counts the divisions. The other clues' regions leave a pair's region room for no more than the nodes
    less the fewest those regions hold together (`_least_total`): its reach, counter and reach labels stop
    there, and a bound past it is left out. That reads several clues' numbers together, so a formula with
    `exact_clues` (explanations) leaves it out. With `clue_of`, each clue's own
    clauses (its one pair; the sizes of the pairs it comes first in) are written inside it."""
    hold = clue_of or (lambda q: nullcontext())
    order = {v: i for i, v in enumerate(graph.nodes)}
    total = len(graph.nodes)
    keys = sorted(clues, key=lambda v: (-(total + 1 if clues[v] is None else clues[v]), order[v]))
    feasible: dict = {}                                  # (p, q) -> the nodes their region may hold
    cap: dict = {}                                       # (p, q) -> (room the others leave, the most nodes)
    for i, p in enumerate(keys):
        for q in keys[i + 1:]:
            room = total if f.exact_clues else total - _least_total([clues[c] for c in keys if c not in (p, q)])
            most = min(room, _most_size(clues[p], clues[q], total))
            if most < _least_size(clues[p], clues[q]):
                continue
            others = [c for c in keys if c not in (p, q)]
            near_p = graph.distances(p, most - 1, avoid=others)
            if q not in near_p:
                continue
            near_q = graph.distances(q, most - 1, avoid=others)
            apart = near_p[q]
            cap[(p, q)] = (room, most)
            feasible[(p, q)] = {v for v, d in near_p.items()
                                if v in near_q and d + near_q[v] + apart <= 2 * (most - 1)}
    pairs = {q: [] for q in keys}
    for p, q in feasible:
        pairs[p].append(("pair", p, q))
        pairs[q].append(("pair", p, q))
    may_own: dict = {}                                   # first clue p -> node -> the pairs that may hold it
    for (p, q), nodes in feasible.items():
        for v in nodes:
            may_own.setdefault(p, {}).setdefault(v, []).append(("pair", p, q))
    owners: dict = {v: [] for v in graph.nodes}
    for p, nodes in may_own.items():
        for v, why in nodes.items():
            owners[v].append(owner(v, p))
            f.clause([Not(owner(v, p)), *why])
    for q in keys:
        with hold(q):
            f.exactly_one(pairs[q])
    for (p, q) in feasible:
        f.iff(("pair", p, q), owner(q, p))
    for p in keys:
        if p in may_own:
            define_any(f, owner(p, p), [lit for lit in pairs[p] if lit[1] == p])
    for v, mine in owners.items():
        f.exactly_one(mine)
    borders = []
    at = Literals(f)                                     # (each link's border made at its first clause)
    out = at.clauses
    owned = [{v: f.var(owner(v, p)) for v in nodes} for p, nodes in may_own.items()]
    for a, b in graph.links:
        line = border(between(a, b))
        borders.append(line)
        drawn = None
        for ints in owned:                               # different owners <-> a border between them
            x, y = ints.get(a), ints.get(b)
            for u, w in ((x, y), (y, x)):
                if u is not None:
                    drawn = drawn or at(line)
                    out.append([-u, drawn] if w is None else [-u, drawn, w])
            if x is not None and y is not None:
                out.append([-x, -y, -drawn])
    at.add_to(f)
    for p, nodes in may_own.items():
        mine = [(lit, clues[p], clues[lit[2]], min(cap[lit[1:]][0], len(feasible[lit[1:]]))) for lit in pairs[p]
                if lit[1] == p]
        with hold(p):
            _sizes(f, p, sorted(nodes, key=order.__getitem__), mine)
        depth = min(len(nodes), max(cap[lit[1:]][1] for lit, *_ in mine)) - 1
        if depth <= EAGER_DEPTH:
            within = graph.within(nodes)
            reach(f, within, lambda v, p=p: owner(v, p), {p: owner(p, p)}, depth, ("pair region", *p), direct=True,
                  side=_sides(within, p))
    add_lazy(f, FewClues(graph, frozenset(keys), {p: frozenset(nodes) for p, nodes in may_own.items()}))
    return borders


def _sides(graph: Graph, root) -> dict | None:
    """Each node's side, 0 for the root's and 1 for its neighbours', when every link the root reaches joins
    the two sides (nodes it cannot reach, never labelled, on side 0); None when they are not bipartite."""
    beside = graph.beside()
    side, todo = {root: 0}, [root]
    for v in todo:
        for w in beside[v]:
            if w not in side:
                side[w] = 1 - side[v]
                todo.append(w)
            elif side[w] == side[v]:
                return None
    return {v: side.get(v, 0) for v in graph.nodes}


def _least_total(numbers: list) -> int:
    """The fewest nodes regions holding these clue numbers, two in each, have between them (huge for an odd
    count: none can): each region has more nodes than its smaller number, and at least 2; the smaller
    numbers are half of the clues, so they add up to at least the smaller half's sum."""
    if len(numbers) % 2:
        return 1 << 30
    least = sorted(1 if n is None else n for n in numbers)[:len(numbers) // 2]
    return sum(max(2, n + 1) for n in least)


def _least_size(a: int | None, b: int | None) -> int:
    """The fewest nodes a region of two clues may have."""
    return 2 if a is None or b is None else max(2, min(a, b) + 1)


def _most_size(a: int | None, b: int | None, total: int) -> int:
    """The most nodes a region of two clues may have (below 2: none)."""
    if a is None or b is None:
        return total
    return max(a, b) - 1 if abs(a - b) >= 2 else 0


def _sizes(f: Formula, p, nodes: list, pairs: list) -> None:
    """A totalizer over the nodes p may own (("pair size", p, lo, hi, k): at least k of the nodes lo .. hi - 1,
    in the order of `_counted`, are owned, both ways; past the largest count asked, k stands for "that many
    or more"), and each pair's bounds on its root (pairs: (literal, number, number, how many nodes the
    pair's region may hold); an upper bound past those nodes is left out). Written over the formula's own
    literals (`Literals`: its variables are mostly new, so places would only be copied again)."""
    bounds = [0]                                         # the counts a bound below asks about
    for _, a, b, room in pairs:
        if (a is None) != (b is None):
            bounds += [n + 1 for n in (a, b) if n is not None and n <= room]
        elif a is not None:
            bounds += [min(a, b) + 1] + ([max(a, b)] if max(a, b) <= room else [])
    need = min(len(nodes), max(bounds))
    if need == 0:
        return
    at = Literals(f)
    out = at.clauses
    true = TRUE
    order = _counted(p, nodes)

    def count(lo: int, hi: int) -> list[int]:            # at least k of nodes lo .. hi - 1, k = 1 .. its top
        if hi - lo == 1:
            return [at(owner(order[lo], p))]
        mid = (lo + hi) // 2
        left, right = count(lo, mid), count(mid, hi)
        top = min(need, hi - lo)
        row = [at(("pair size", p, lo, hi, k)) for k in range(1, top + 1)]
        merge(out, left, right, row)
        return row
    root = count(0, len(order))

    def at_least(k: int) -> int:                         # a literal, or true / -true
        return true if k <= 0 else -true if k > len(root) else root[k - 1]

    def clause(lits: list[int]) -> None:                 # dropped when one is true; false ones left out
        if true not in lits:
            out.append([x for x in lits if x != -true])
    for lit, a, b, room in pairs:
        if a is None and b is None:
            continue
        if a is None or b is None:                                # the size is not the number given
            n = a if b is None else b
            if n <= room:
                clause([-at(lit), -at_least(n), at_least(n + 1)])
            continue
        clause([-at(lit), at_least(min(a, b) + 1)])
        if max(a, b) <= room:
            clause([-at(lit), -at_least(max(a, b))])
    at.add_to(f)


def _counted(p, nodes: list) -> list:
    """The nodes in the totalizer's order: nearest p first (lattice steps), so that each subtree counts
    nodes near one another, and ties in the given order."""
    py, px = p
    rank = {v: i for i, v in enumerate(nodes)}
    return sorted(nodes, key=lambda v: (abs(v[0] - py) + abs(v[1] - px), rank[v]))


@dataclass(frozen=True)
class FewClues:
    """The lazy rule of `regions_of_two`: for each region of a model's borders holding fewer than two clue
    nodes, the cut "one of the borders around it is not drawn", and for each first clue p that may own it
    all, "one of its nodes is not p's, or a node beside it is"."""

    graph: Graph
    clues: frozenset
    may_own: dict

    def __call__(self, model: Model) -> list[list[Lit]]:
        beside = self.graph.beside()
        joined = {v: [w for w in beside[v] if not model[border(between(v, w))]] for v in self.graph.nodes}
        out = []
        for part in components(self.graph.nodes, lambda v: joined[v]):
            if len(self.clues.intersection(part)) < 2:
                inside = set(part)
                rim = sorted({w for v in part for w in beside[v] if w not in inside})
                out.append(sorted({Not(border(between(v, w))) for v in part for w in beside[v] if w not in inside},
                                  key=lambda lit: lit.key))
                for p, nodes in self.may_own.items():
                    if p not in inside and inside <= nodes:
                        out.append([Not(owner(v, p)) for v in part] + [owner(w, p) for w in rim if w in nodes])
        return out
