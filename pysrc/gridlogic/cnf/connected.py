"""Connected cells of a colour: the nodes of a graph whose `member` literal holds form one connected
part (joined through members only, and only through links whose `link` literal holds when one is
given). No member at all counts as connected; a genre that needs one adds that clause itself.

Two encodings, with the same models on the members' variables:
- eager (`reach`): the *root* is the first member in the graph's order, and ("reach", name, v, k)
  holds exactly when v is a member joined to the root by at most k links through members. Every
  member must be reached within `depth` links (default: one less than the nodes). Auxiliaries:
  ("root", name, v) "v is the first member", ("first", name, v) "some node before v is a member",
  ("via", name, u, v, k) "v is reached at step k from u" (with link literals only). About
  nodes × depth × degree clauses: it grows with the square of the grid's area.
- lazy (`Cuts`): nothing is written out. The SAT backend checks each model it finds; when the
  members fall into several parts, each part P gets, for each other part O, the cut "a member in P
  and a member in O need a member (or a true link) on P's boundary": not m(p) or not m(o) or one of
  the boundary's literals, p and o the parts' first nodes. Only the boundary facing O is named: the
  links out of P whose outer node is reached from o without entering P (without links, without
  entering P's boundary nodes either, and beside them), since a path from o enters P through one of
  them. (On a creek 10×10's hint walk, a third as many models were checked as with P's whole boundary.)
Why the lazy rule cannot make hints depend on the order in which cuts were met: a cut follows from
the rule alone, whatever model it was found in, so adding it never removes a model of the rule, and
no model that breaks the rule is ever accepted (backends/sat/lazy.py checks every model before it is
counted, blocked or used to drop a backbone candidate). Every question the backend answers ("is there
a model under these assumptions?") therefore gets the same answer as with the rule written out, and
counts, facts and a hint walk on a new solver are made of such answers alone (first cores, reasons.py).
Cuts met in another order change only the solver's path, hence its speed and the unshrunk cores a
walk on a used solver starts from, exactly as learnt clauses already do. tests/test_rules_connected.py
walks a puzzle eager, lazy, and lazy with the cuts handed over in reverse, and gets the same steps.
The lazy rule reads the members from a model of the shown variables: their keys must be shown.

`LAZY` is the default: docs/rule-library.md has the measurements (bench/bench_rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gridlogic.cnf.graph import Graph, Numbered, add_lazy, between, cell_graph, components, define_any, holds
from gridlogic.cnf.formula import Formula, Lit, Model, Not, Resolved, negate
from gridlogic.cnf.places import Literals, Places

LAZY = True                          # the default encoding (docs/rule-library.md: measured faster)
Member = Callable[[tuple[int, int]], Lit]
Link = Callable[[tuple[int, int]], Lit] | None


def connected(f: Formula, graph: Graph, member: Member, *, lazy: bool | None = None,
              name: str = "connected", link: Link = None, depth: int | None = None) -> None:
    """The members (nodes where `member(node)` holds) form one connected part of `graph`; with `link`,
    a link counts only when `link(edge point)` holds. `name` tells several such rules of one formula
    apart (eager auxiliaries); `depth` bounds the eager encoding's path length (a loop needs half)."""
    if LAZY if lazy is None else lazy:
        add_lazy(f, Cuts(graph, member, link))
        return
    roots = first_members(f, graph, member, name)
    reach(f, graph, member, roots, len(graph.nodes) - 1 if depth is None else depth, name, link)


def connected_cells(f: Formula, rows: int, cols: int, colour: Member, *, lazy: bool | None = None,
                    name: str = "connected") -> None:
    """The cells of a colour (`colour(cell point)` holds, e.g. ("shade", y, x)) are orthogonally
    connected, over the whole R×C grid."""
    connected(f, cell_graph(rows, cols), colour, lazy=lazy, name=name)


def first_members(f: Formula, graph: Graph, member: Member, name: str) -> dict:
    """The literal "v is the first member" for each node (a fresh variable ("root", name, v))."""
    roots: dict = {}
    earlier: Lit | None = None                     # some node before this one is a member
    for i, v in enumerate(graph.nodes):
        root = ("root", name, v)
        f.implies(root, member(v))
        if earlier is None:
            f.implies(member(v), root)
        else:
            f.implies(root, Not(earlier))
            f.clause([negate(member(v)), earlier, root])
        roots[v] = root
        if i + 1 < len(graph.nodes):
            now = ("first", name, graph.nodes[i + 1])
            define_any(f, now, [member(v)] if earlier is None else [earlier, member(v)])
            earlier = now
    return roots


def reach(f: Formula, graph: Graph, member: Member, roots: dict, depth: int, name: str, link: Link = None,
          direct: bool = False, side: dict | None = None) -> None:
    """Every member is joined within `depth` links to a root (`roots`: node -> the literal that makes it
    the root, which must imply its member literal; nodes missing there are never roots).
    ("reach", name, v, k) holds exactly when v is a member joined to a root within k links. (Written over
    places, `Places`, and added at once: the same clauses and variables, in the same order, as one `clause`
    call each; `direct`: over the formula's own literals, `Literals`, the same again without the copy, for
    labels written outside a clue block, whose clauses need no guard added.) `side`, on a bipartite graph
    without links (node -> 0 or 1, the roots on side 0, each link joining the two sides): every path from a
    root to v has v's side as its length's parity, so v is first reached at a step of that parity, and its
    label at a step of the other is the one before it, not a new variable (half the labels)."""
    beside = graph.beside()
    at = Literals(f) if direct and link is None else Places()
    out = at.clauses
    level = {}
    for v, root in roots.items():
        level[v] = lit = at(("reach", name, v, 0))
        out += [[-lit, at(root)], [-at(root), lit]]
    places: dict = {}                                    # member(v) and link(between(u, v)) places, met in order
    for k in range(1, depth + 1):
        if side is not None and link is None:
            level = _plain_step(at, beside, member, level, k, name, places, side)
        else:
            level = _step(at, beside, member, level, k, name, link, places)
    for v in graph.nodes:
        out.append([-at(member(v))] + ([level[v]] if v in level else []))
    at.add_to(f)


def _step(at: Places, beside: dict, member: Member, before: dict, k: int, name: str, link: Link,
          places: dict) -> dict:
    """The places of step k's reach literals from those of step k - 1 (a node reached by neither is left
    out), their clauses gathered in `at`; `places` keeps the member and link places of earlier steps.
    A step through a link needs it open ("via" literals); without links, `_plain_step`."""
    if link is None:
        return _plain_step(at, beside, member, before, k, name, places)
    now = {}
    out = at.clauses
    for v, near in beside.items():
        came = [u for u in near if u in before]
        if v not in before and not came:
            continue
        lit = now[v] = at(("reach", name, v, k))
        ways = []
        if v in before:
            out.append([-before[v], lit])
            ways.append(before[v])
        mine = places.get(v)
        if mine is None:
            mine = places[v] = at(member(v))
        out.append([-lit, mine])
        for u in came:
            wire = places.get((u, v))
            if wire is None:
                wire = places[u, v] = at(link(between(u, v)))
            out.append([-before[u], -mine, -wire, lit])
            via = at(("via", name, u, v, k))
            out += [[-via, before[u]], [-via, wire]]
            ways.append(via)
        out.append([-lit, *ways])
    return now


def _plain_step(at: Places, beside: dict, member: Member, before: dict, k: int, name: str, places: dict,
                side: dict | None = None) -> dict:
    """`_step` without link literals: the same places and clauses, in the same order, numbered inline
    (with `side`, see `reach`: a node on the side other than k's keeps its label)."""
    now = {}
    out = at.clauses
    numbered, table = at.literals, at.table
    new = at.formula.var if isinstance(at, Literals) else None
    for v, near in beside.items():
        was = before.get(v)
        if side is not None and side[v] != k % 2:
            if was is not None:
                now[v] = was
            continue
        came = [before[u] for u in near if u in before]
        if was is None and not came:
            continue
        key = ("reach", name, v, k)
        if new is not None:
            lit = new(key)
        else:
            lit = table.get(key)
            if lit is None:
                numbered.append(key)
                lit = table[key] = len(numbered)
        now[v] = lit
        if was is not None:
            out.append([-was, lit])
        mine = places.get(v)
        if mine is None:
            mine = places[v] = at(member(v))
        out.append([-lit, mine])
        out += [[-u, -mine, lit] for u in came]
        out.append([-lit, was, *came] if was is not None else [-lit, *came])
    return now


@dataclass(frozen=True)
class Cuts:
    """The lazy rule: for a model whose members fall into several parts, a cut clause for each part and
    each other part (see the module docstring); none when they are connected. The cuts come `Resolved`:
    a model is read through tables of integers made once a pool (`_tables`), the rule's hot loop."""

    graph: Graph
    member: Member
    link: Link = None
    ends: dict = field(init=False, compare=False, repr=False)     # node -> [(neighbour, link literal)]
    members: dict = field(init=False, compare=False, repr=False)  # node -> its member literal
    resolved: dict = field(init=False, compare=False, repr=False)  # see `_tables`
    numbered: Numbered = field(init=False, compare=False, repr=False)  # the nodes as `_tables` numbers them

    def __post_init__(self) -> None:
        ends: dict = {v: [] for v in self.graph.nodes}
        for u, v in self.graph.links:
            wire = self.link(between(u, v)) if self.link else None
            ends[u].append((v, wire))
            ends[v].append((u, wire))
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "members", {v: self.member(v) for v in self.graph.nodes})
        object.__setattr__(self, "resolved", {})
        object.__setattr__(self, "numbered", Numbered.of(self.graph))

    def _tables(self, model: Model) -> tuple[list, list]:
        """The nodes numbered in sorted order: each one's member literal as an integer of the model's
        formula (`Model.resolve`), and its ends, [(neighbour's number, link's integer literal or 0)];
        made once a pool (and again when it has grown)."""
        pool = model.pool
        size = len(pool.obj2id)
        found = self.resolved.get(id(pool))           # (the pool is held there: its id is not reused)
        if found is None or found[0] is not pool or found[1] != size:
            def integer(lit: Lit) -> int:
                var, wanted = model.resolve(lit)
                return var if wanted else -var
            nodes = sorted(self.graph.nodes)
            number = {v: i for i, v in enumerate(nodes)}
            members = [integer(self.members[v]) for v in nodes]
            ends = [[(number[w], 0 if wire is None else integer(wire)) for w, wire in self.ends[v]] for v in nodes]
            found = self.resolved[id(pool)] = (pool, size, members, ends)
        return found[2], found[3]

    def __call__(self, model: Model) -> list[Resolved]:
        true = model.true_vars
        members, ends = self._tables(model)
        part_of = [0 if (lit > 0) == (abs(lit) in true) else -1 for lit in members]  # 0: a member not seen
        parts: list[list[int]] = []              # (a member's part is counted from 1; -1 for the others)
        for start in range(len(members)):        # parts in order of their first node, as `components`
            if part_of[start]:
                continue
            part_of[start] = n = len(parts) + 1
            part, stack = [start], [start]
            while stack:
                for w, wire in ends[stack.pop()]:
                    if not part_of[w] and (not wire or (wire > 0) == (abs(wire) in true)):
                        part_of[w] = n
                        part.append(w)
                        stack.append(w)
            parts.append(sorted(part))
        if len(parts) < 2:
            return []
        firsts = [-members[part[0]] for part in parts]
        out = []
        for n, part in enumerate(parts, 1):
            facing = self._facing(true, members, ends, part_of, parts, n)
            mine = firsts[n - 1]
            out += [Resolved((mine, other, *facing[m])) for m, other in enumerate(firsts) if other != mine]
        return out

    def _facing(self, true: frozenset, members: list, ends: list, part_of: list, parts: list, n: int) -> list:
        """For each part, the literals of the cut between part n and it: a literal false in the model for
        each link leaving part n towards that part's side (the link's when it is false, else the member
        literal of the node it leads to). A path from the other part's first node into part n enters it
        through such a link: its last node before part n is reached from there without entering part n,
        and without link literals without entering part n's rim either (those nodes are no members in the
        model), so that node is of the rim and beside the other part's side."""
        part = parts[n - 1]
        walls = bytearray(len(ends))
        for v in part:
            walls[v] = 1
        rim = sorted({w for v in part for w, _ in ends[v] if not walls[w]})
        if self.link is None:
            for w in rim:
                walls[w] = 1
        side = self.numbered.sides(walls, [other[0] for m, other in enumerate(parts, 1) if m != n])
        out: list[dict] = [{} for _ in parts]
        sides_of = [side[other[0]] if m != n - 1 else -2 for m, other in enumerate(parts)]   # (-2: no side)
        if self.link is None:
            for w in rim:
                seen = {side[x] for x, _ in ends[w]}
                for m, at in enumerate(sides_of):
                    if at in seen:
                        out[m][members[w]] = None
            return out
        for v in part:
            for w, wire in ends[v]:
                if part_of[w] != n:
                    lit = wire if wire and (wire > 0) != (abs(wire) in true) else members[w]
                    for m, at in enumerate(sides_of):
                        if side[w] == at:
                            out[m][lit] = None
        return out


def reach_edge(f: Formula, rows: int, cols: int, colour: Member) -> None:
    """Every cell of a colour is joined to the grid's edge through cells of that colour (orthogonally):
    no part of the colour lies wholly inside. Lazy (`EdgeCuts`): nothing is written out."""
    add_lazy(f, EdgeCuts(cell_graph(rows, cols), rows, cols, colour))


@dataclass(frozen=True)
class EdgeCuts:
    """The lazy rule of `reach_edge`: for a model with a part of members that touches no edge cell, the
    cut "its first cell is no member, or a cell beside the part is one" (a path to the edge leaves the
    part through a neighbour). It follows from the rule alone, as `Cuts`' cuts do."""

    graph: Graph
    rows: int
    cols: int
    member: Member

    def __call__(self, model: Model) -> list[list[Lit]]:
        beside = self.graph.beside()
        inside = {v for v in self.graph.nodes if holds(model, self.member(v))}
        out = []
        for part in components(inside, lambda v: beside[v]):
            if any(y in (1, 2 * self.rows - 1) or x in (1, 2 * self.cols - 1) for y, x in part):
                continue
            own = set(part)
            rim = dict.fromkeys(w for v in part for w in beside[v] if w not in own)
            out.append([negate(self.member(part[0]))] + [self.member(w) for w in rim])
        return out


def joined(f: Formula, nodes, links: dict) -> None:
    """All `nodes` are joined into one group through the links whose literal holds: `links` maps a pair
    of nodes (u, v) to the literal of the link between them (several pairs may share a node, and links
    may join nodes far apart, as bridges between islands do). Lazy (`LinkCuts`): nothing is written out.
    Every literal it reads must be shown, or the negation of a shown one."""
    add_lazy(f, LinkCuts(tuple(nodes), tuple(links.items())))


@dataclass(frozen=True)
class LinkCuts:
    """The lazy rule of `joined`: for a model whose nodes fall into several groups, the cut "a link
    leaving the group holds" for each group (all these links are false in the model). A cut follows
    from the rule alone: a group that is not every node needs a link out of it."""

    nodes: tuple
    links: tuple                     # ((u, v), literal), ...

    def __call__(self, model: Model) -> list[list[Lit]]:
        near: dict = {v: [] for v in self.nodes}
        for (u, v), lit in self.links:
            if holds(model, lit):
                near[u].append(v)
                near[v].append(u)
        groups = components(self.nodes, lambda v: near[v])
        if len(groups) < 2:
            return []
        out = []
        for group in groups:
            inner = set(group)
            out.append([lit for (u, v), lit in self.links if (u in inner) != (v in inner)])
        return out
