"""The CNF toolkit: variables named by puzzle keys, clauses, cardinality and sum constraints.

Kinds build a `Formula` from semantic keys (`("digit", r, c, d)`) and literals `key` or
`Not(key)`; they never see integers. Cardinality goes through `pysat.card`: pairwise up to 16
literals (measured faster than a sequential counter on 9×9 units, and on a 16×16 killer the search
was far faster, for a little more time once to build and load that grid's cached base; figures in
docs/benchmarks.md), sequential
counter beyond.
Weighted sums go through `pysat.pb` when its back end (pindakaas) is installed; it has no Pyodide
wheel, so sums are otherwise expanded into the allowed subsets, exact and small at puzzle sizes.

A formula may `include` a shared, cached base (the rules of a grid shape); the SAT backend then
keeps one solver per base and passes the givens as assumptions. A formula that adds variables to
its base numbers them from GUARDS past the base's own, so formulas on one base reuse the same numbers;
the numbers between are selectors, handed out in turn by the base (`take_guard`; each once a round,
`guard_epoch`), to the clues of such formulas and to the backend. On the base's solver the backend
adds a formula's clauses, each ending in the negation of its clue's selector, and afterwards sets
those selectors false for good: every clause of the formula is then satisfied, and the next formula
may reuse its variables' numbers.

Clues are the parts of a puzzle an explanation may name (a given digit, a row's clue, a variant
rule); the grid's basic rules are not clues, they always hold. Each clue has a selector literal
that is assumed true when solving: clauses added inside `with f.clue(key):` carry its negation,
and a `given` is its own selector. Dropping a selector from the assumptions switches the clue off,
which is how the backend finds a minimal set of clues that cannot all hold.

`pattern` lays clauses worked out once over places (a rule's clauses, kept by the rule) on the
literals of the cells at hand.
"""

from __future__ import annotations

import itertools
from operator import neg
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from gridlogic.budget import tick
from gridlogic.cnf.laying import getters

PAIRWISE_LIMIT = 16         # at-most-one of up to this many literals is encoded pairwise (up to 16×16 units)
# The counters `exactly` may be asked for: pysat's sequential counter (the default) and its modulo totalizer
# (Ogawa et al. 2013), a third of the clauses when the bound and the literals are many (docs/benchmarks.md)
COUNTERS = {"sequential": EncType.seqcounter, "modulo": EncType.mtotalizer}
GUARDS = 1_000              # numbers past a base kept for the selectors of the formulas added to its solver


@dataclass(frozen=True, slots=True)
class Not:
    """The negation of the variable named by `key`."""

    key: Hashable


Lit = Hashable  # a key (positive) or Not(key)
Cell = tuple[int, int]


class Resolved(tuple):
    """A clause already in the formula's integer literals (a lazy rule that reads many literals builds
    them from `Model.resolve`), taken as it is where a clause of keys would be turned into integers."""

    __slots__ = ()


class Clue(NamedTuple):
    """A nameable part of a puzzle: its key, the literal that switches it on, its cells and a phrase.
    (A named tuple: a puzzle's givens make one each per request, and a tuple is the cheapest to make.)"""

    key: Hashable                    # ("given", r, c), ("rule", "knight"), ("row", r), ...
    selector: int                    # assumed true when solving; dropped, the clue no longer holds
    cells: tuple[Cell, ...] = ()     # the cells to mark on the board
    label: str = ""                  # "the 5 at r1c3", "the knight rule"


def negate(lit: Lit) -> Lit:
    """The opposite literal."""
    return lit.key if isinstance(lit, Not) else Not(lit)


class Formula:
    """Clauses over named variables, plus assumptions (givens) and the keys that make a solution."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self._clauses: list[list[int]] = []
        self._shared = False                      # pool and clauses are still the base's (see include)
        self.assumptions: list[int] = []
        self.shown: list[int] = []
        self.fixed_weight = False                 # every solution sets equally many shown vars
        self.base: Formula | None = None          # the shared base this formula starts from
        self.base_size = 0                        # clauses taken from it
        self.own_from: int | None = None          # the first variable added to the base (GUARDS past it)
        self.guard_epoch: int | None = None       # the base's round of the selectors it took (-1: several)
        self.retired = False                      # its selectors were set false on a shared solver
        self.next_guard = 0                       # (on a base) the next selector it hands out
        self.epoch = 0                            # (on a base) the round of its selectors
        self.clues: dict[Hashable, Clue] = {}
        # Set for explanations: each clue's clauses must then follow from that clue alone (with the grid's
        # rules), so that switching clues off leaves exactly the others; a kind that derives facts from
        # several clues together (nonogram line solving) leaves that out.
        self.exact_clues = False
        self._guards: list[int] = []              # selectors of the open `clue` blocks
        self._made_guarded = 0                    # clauses given their block's guard when made
        # Steering and rules left out, for the SAT backend (backends/sat/lazy.py and solvers.py say how):
        # `lazy(model)` gives the clauses of a rule too big to write out that the model breaks;
        # `phases` the solver's first guess (keys or Not(key)); `guess` a smaller Formula over some of
        # the same keys whose model, when one is found quickly, gives the phases instead.
        self.lazy: Callable[[Model], list[list[Lit]]] | None = None
        self.phases: Sequence[Lit] = ()
        self.guess: Formula | None = None
        # For explanations (set with exact_clues): `clue_steps(key, known)` the kind's own deductions from
        # the clue `key` alone given the values of some of its cells ({cell: value}), as (cell, value,
        # needed), `needed` a minimal set of those cells with which the clue still forces the value.
        self.clue_steps: Callable[[Hashable, dict[Cell, int]], list[tuple[Cell, int, list[Cell]]]] | None = None

    @property
    def clauses(self) -> list[list[int]]:
        """The clauses (a formula that included a base gets its own copy before anything is added)."""
        if self._shared:
            self._own()
        return self._clauses

    @clauses.setter
    def clauses(self, value: list[list[int]]) -> None:
        if self._shared:
            self._own()
        self._clauses = value

    def _own(self) -> None:
        """Copy the included base's pool and clauses before this formula changes them."""
        base = self.pool
        self.pool = IDPool()
        self.pool.obj2id.update(base.obj2id)
        self.pool.id2obj.update(base.id2obj)
        self.pool.top = base.top
        self._shared = False
        self._clauses = list(self._clauses)

    # -- variables and literals -------------------------------------------------------------
    def var(self, key: Hashable) -> int:
        """The integer variable for a key (created on first use)."""
        var = self.pool.obj2id.get(key)
        return var if var is not None else self._new(key)

    def _new(self, key: Hashable) -> int:
        """The next variable, for a key that has none (the pool's own `id`, without its checks for
        reserved ranges, which no formula here makes: encodings run it hundreds of thousands of times)."""
        if self._shared:
            self._own()
        pool = self.pool
        if self.own_from is None and self.base is not None:
            self._past_guards()
        var = pool.top = pool.top + 1
        pool.obj2id[key] = var
        pool.id2obj[var] = key
        return var

    def fresh(self, keys: Sequence[Hashable]) -> list[int]:
        """The next variables, in turn, for keys none of which has one yet (as `lit` would number them,
        made at once: a rule naming many new variables)."""
        if self._shared:
            self._own()
        if self.own_from is None and self.base is not None:
            self._past_guards()
        pool = self.pool
        ids = range(pool.top + 1, pool.top + 1 + len(keys))
        known = len(pool.obj2id)
        pool.obj2id.update(zip(keys, ids))
        if len(pool.obj2id) != known + len(keys):
            raise ValueError("fresh() was given a key that has a variable")
        pool.id2obj.update(zip(ids, keys))
        pool.top += len(keys)
        return list(ids)

    def take_guard(self) -> tuple[int, int]:
        """(On a base) a selector number, GUARDS at most past the base's variables, and its round: each
        number is handed out once a round, and a new round starts when they run out."""
        var = max(self.next_guard, self.top + 1)
        if var > self.top + GUARDS:
            var, self.epoch = self.top + 1, self.epoch + 1
        self.next_guard = var + 1
        return var, self.epoch

    def _selector(self, key: Hashable) -> int:
        """The variable of a clue's selector: on a formula that includes a base, one of the base's guards."""
        var = self.pool.obj2id.get(key)
        if var is not None:
            return var
        if self.base is None:
            return self._new(key)
        if self._shared:
            self._own()
        if self.own_from is None:
            self._past_guards()
        var, epoch = self.base.take_guard()
        if self.guard_epoch not in (None, epoch):        # numbering started again: it may be one of ours
            self.guard_epoch = -1                         # (such a formula gets a solver of its own)
            return self._new(key)
        self.guard_epoch = epoch
        self.pool.obj2id[key] = var
        self.pool.id2obj[var] = key
        return var

    def _past_guards(self) -> None:
        """Number this formula's own variables from GUARDS past its base's (see the module docstring)."""
        self.pool.top = max(self.pool.top, self.base.top + GUARDS)
        self.own_from = self.pool.top + 1

    def lit(self, lit: Lit) -> int:
        """The integer literal for `key` or `Not(key)`."""
        if lit.__class__ is Not:
            var = self.pool.obj2id.get(lit.key)
            return -(var if var is not None else self._new(lit.key))
        var = self.pool.obj2id.get(lit)
        return var if var is not None else self._new(lit)

    def lits(self, lits: Iterable[Lit]) -> list[int]:
        """Integer literals for several literals: those of keys named already looked up at C speed (one
        dict lookup each), the rest (negations, new keys) in turn, as `lit` numbers them."""
        if lits.__class__ is not list and lits.__class__ is not tuple:
            lits = list(lits)
        ints = list(map(self.pool.obj2id.get, lits))
        if None in ints:
            lit = self.lit
            ints = [x if x is not None else lit(key) for x, key in zip(ints, lits)]
        return ints

    def key_of(self, var: int) -> Hashable:
        """The key that names an integer variable."""
        return self.pool.obj(var)

    def named(self, lit: int) -> Lit:
        """The key or `Not(key)` of an integer literal (the inverse of `lit`)."""
        key = self.pool.obj(abs(lit))
        return key if lit > 0 else Not(key)

    @property
    def top(self) -> int:
        """The largest variable in use."""
        return self.pool.top

    def holds(self) -> tuple[int, int, int, int]:
        """How much it holds: clauses, assumptions, variables, clues (unchanged while nothing is added)."""
        return len(self._clauses), len(self.assumptions), self.pool.top, len(self.clues)

    # -- sharing a cached base ----------------------------------------------------------------
    def include(self, base: Formula) -> None:
        """Start from `base` (only on an empty formula); remembered for solver reuse. Its pool and clauses
        are shared until this formula adds a variable or a clause (a sudoku's givens add neither)."""
        if self._clauses or self.pool.top:
            raise ValueError("include() must come first")
        self.pool, self._clauses, self._shared = base.pool, base.clauses, True
        self.shown = list(base.shown)
        self.fixed_weight = base.fixed_weight
        self.assumptions = list(base.assumptions)
        self.clues = dict(base.clues)
        self.base, self.base_size = base, len(base.clauses)

    def copy(self) -> Formula:
        """A formula of its own (no base) with this one's variables, clauses, givens, clues and shown keys,
        to build on: a cached grid's formula made from a smaller cached one (a sudoku's regions or rules
        on its Latin square). The clause lists are shared, as `include` shares them: a clause is not
        changed once its clue block has closed."""
        if self.base is not None or self._guards:
            raise ValueError("copy() is for a finished formula of its own")
        out = Formula()
        out.pool.obj2id.update(self.pool.obj2id)
        out.pool.id2obj.update(self.pool.id2obj)
        out.pool.top = self.pool.top
        out._clauses = list(self._clauses)
        out.assumptions = list(self.assumptions)
        out.shown = list(self.shown)
        out.fixed_weight = self.fixed_weight
        out.clues = dict(self.clues)
        return out

    def extends_base_only(self) -> bool:
        """True when nothing but assumptions was added to the included base."""
        return self.base is not None and (self._shared or (len(self._clauses) == self.base_size
                                                           and self.own_from is None))

    # -- clues --------------------------------------------------------------------------------
    @contextmanager
    def clue(self, key: Hashable, cells: Iterable[Cell] = (), label: str = "") -> Iterator[Clue]:
        """Guard every clause added inside the block by the clue `key` (assumed on when solving)."""
        clue = self.clues.get(key)
        if clue is None:
            clue = self._add_clue(key, self._selector(("clue", key)), cells, label)
        elif clue.selector != self.pool.obj2id.get(("clue", key)):
            raise ValueError(f"clue {key!r} is a given, not a block of clauses")
        start, made = len(self.clauses), self._made_guarded
        self._guards.append(clue.selector)
        try:
            yield clue
        finally:
            self._guards.pop()
            off = -clue.selector
            if len(self.clauses) - start != self._made_guarded - made:    # some came unguarded
                for c in self.clauses[start:]:           # (a slice: islice would walk from the start)
                    if not c or c[-1] != off:            # (clauses made in an outer block come guarded)
                        c.append(off)

    def given(self, lit: Lit, key: Hashable, cells: Iterable[Cell] = (), label: str = "") -> Clue:
        """Hold `lit` by assumption as the clue `key` (the literal is its own selector; no clause)."""
        if self._guards:
            raise ValueError("a given inside a clue block would not be guarded by it")
        if key in self.clues:
            raise ValueError(f"clue {key!r} is named twice")
        clue = Clue(key, self.lit(lit), tuple(map(tuple, cells)), label)
        self.hold((clue,))
        return clue

    def hold(self, clues: Iterable[Clue]) -> None:
        """Hold ready-made givens (`Clue`s whose selectors are literals of this formula's pool) by
        assumption: a kind may make its givens' clues once per cached base, and a puzzle's givens
        then cost an entry each (sudoku)."""
        if self._guards:
            raise ValueError("a given inside a clue block would not be guarded by it")
        known, assumptions = self.clues, self.assumptions
        for clue in clues:
            if clue.key in known:
                raise ValueError(f"clue {clue.key!r} is named twice")
            known[clue.key] = clue
            assumptions.append(clue.selector)

    def _add_clue(self, key: Hashable, selector: int, cells: Iterable[Cell], label: str) -> Clue:
        clue = Clue(key, selector, tuple(map(tuple, cells)), label)
        self.clues[key] = clue
        self.assumptions.append(selector)
        return clue

    # -- constraints --------------------------------------------------------------------------
    def clause(self, lits: Iterable[Lit]) -> None:
        """At least one of the literals holds."""
        tick()
        clause = list(lits) if lits.__class__ is Resolved else self.lits(lits)
        if len(self._guards) == 1:                      # guarded now: the block's end leaves it as it is
            clause.append(-self._guards[0])
            self._made_guarded += 1
        self.clauses.append(clause)

    def pattern(self, lits: Sequence[Lit], clauses: Sequence[Sequence[int]]) -> None:
        """Add clauses written over places in `lits`: in each, k stands for lits[k - 1] and -k for its
        negation (a pattern computed once, from the rule alone, and laid on many groups of cells)."""
        tick()
        ints = self.lits(lits)
        table = [0, *ints, *[-x for x in reversed(ints)]]     # table[k] is place k's literal, table[-k] its negation
        if len(self._guards) == 1:
            if clauses.__class__ is tuple:                      # kept by its maker: laid by getters (laying.py)
                table[0] = -self._guards[0]
                self.clauses.extend([[*get(table)] for get in getters(clauses)])
            else:
                get, off = table.__getitem__, -self._guards[0]       # (map: twice a comprehension's speed)
                self.clauses.extend([[*map(get, clause), off] for clause in clauses])
            self._made_guarded += len(clauses)
        else:
            get = table.__getitem__
            self.clauses.extend([[*map(get, clause)] for clause in clauses])

    def lay(self, ints: Sequence[int], clauses: tuple[tuple[int, ...], ...]) -> None:
        """A pattern kept by its maker (see `pattern`) laid on this formula's integer literals (place k is
        ints[k - 1]). Inside one clue block each clause is a tuple, guarded as made: it is never changed
        after, and the collector stops looking at a tuple of integers once it has seen it, where it walks
        every list again in each collection of its generation (an aquarium's counts lay thousands)."""
        tick()
        table = [0, *ints, *map(neg, reversed(ints))]
        if len(self._guards) == 1:
            table[0] = -self._guards[0]
            self.clauses.extend([get(table) for get in getters(clauses)])
            self._made_guarded += len(clauses)
        else:                                   # (lists: an outer block's end may still add its guard)
            get = table.__getitem__
            self.clauses.extend([[*map(get, clause)] for clause in clauses])

    def pattern_on(self, lits: Sequence[Lit], clauses: Sequence[Sequence[int]],
                   groups: Iterable[Sequence[int]]) -> None:
        """`pattern(clauses)` laid on each group of `lits`: place k of a group is lits[group[k - 1]]."""
        tick()
        ints = self.lits(lits)
        off = [-self._guards[0]] if len(self._guards) == 1 else []
        out = self.clauses
        made = 0
        laid = getters(clauses) if off and clauses.__class__ is tuple else None
        for group in groups:
            here = [ints[i] for i in group]
            table = [0, *here, *[-x for x in reversed(here)]]
            if laid is None:
                out.extend([[table[k] for k in clause] + off for clause in clauses])
            else:
                table[0] = off[0]
                out.extend([[*get(table)] for get in laid])
            made += len(clauses)
        if off:
            self._made_guarded += made

    def assume(self, lit: Lit) -> None:
        """Hold `lit` true for this solve only (givens; lets a solver be reused)."""
        if self._guards:
            raise ValueError("assume() inside a clue block would not be guarded: use given()")
        self.assumptions.append(self.lit(lit))

    def show(self, keys: Iterable[Hashable], fixed_weight: bool = False) -> None:
        """Declare the variables whose values make up a solution (for counting and blocking).

        `fixed_weight` promises that every solution sets the same number of them true (one digit
        per cell, half the cells of a line): no solution's true set then contains another's, and
        a blocking clause need only negate the true ones.
        """
        self.shown.extend(self.var(k) for k in keys)
        self.fixed_weight = fixed_weight

    def implies(self, premise: Lit | Sequence[Lit], conclusion: Lit | Sequence[Lit]) -> None:
        """All of `premise` imply at least one of `conclusion` (a single literal or a list)."""
        pre = premise if isinstance(premise, list) else [premise]
        con = conclusion if isinstance(conclusion, list) else [conclusion]
        self.clause([negate(p) for p in pre] + list(con))

    def iff(self, a: Lit, b: Lit) -> None:
        """`a` holds exactly when `b` holds."""
        self.implies(a, b)
        self.implies(b, a)

    def _card(self, method: str, lits: Sequence[Lit], bound: int, counter: str = "sequential") -> None:
        tick()
        ints = self.lits(lits)
        n = len(ints)
        if method == "atmost":
            if bound >= n:
                return
            if bound < 0:
                self.clauses.append([])
                return
            if bound == 0:
                self.clauses.extend([-x] for x in ints)
                return
        elif method == "atleast":
            if bound <= 0:
                return
            if bound > n:
                self.clauses.append([])
                return
            if bound == 1:
                self.clauses.append(ints)
                return
            if bound == n:
                self.clauses.extend([x] for x in ints)
                return
        else:  # equals
            if bound < 0 or bound > n:
                self.clauses.append([])
                return
            if bound == 0 or bound == n:
                self.clauses.extend([x if bound else -x] for x in ints)
                return
            if bound == 1:
                self.clauses.append(ints)
                self._card("atmost", lits, 1)
                return
        encoding = EncType.pairwise if bound == 1 and n <= PAIRWISE_LIMIT else COUNTERS[counter]
        if self._shared:
            self._own()
        if self.own_from is None and self.base is not None:
            self._past_guards()
        cnf = getattr(CardEnc, method)(lits=ints, bound=bound, vpool=self.pool, encoding=encoding)
        self.clauses.extend(cnf.clauses)

    def at_most(self, lits: Sequence[Lit], k: int, when: Lit | None = None) -> None:
        """At most k of the literals hold (with `when`: whenever that literal holds)."""
        self._card_when("atmost", lits, k, when)

    def at_least(self, lits: Sequence[Lit], k: int, when: Lit | None = None) -> None:
        """At least k of the literals hold (with `when`: whenever that literal holds)."""
        self._card_when("atleast", lits, k, when)

    def _card_when(self, method: str, lits: Sequence[Lit], k: int, when: Lit | None) -> None:
        start = len(self.clauses)
        self._card(method, lits, k)
        if when is not None:
            off = -self.lit(when)
            for clause in self.clauses[start:]:
                clause.append(off)

    def exactly(self, lits: Sequence[Lit], k: int, counter: str = "sequential") -> None:
        """Exactly k of the literals hold (through the `counter` named, one of COUNTERS)."""
        self._card("equals", lits, k, counter)

    def at_most_one(self, lits: Sequence[Lit]) -> None:
        """No two of the literals hold."""
        self._card("atmost", lits, 1)

    def exactly_one(self, lits: Sequence[Lit]) -> None:
        """Exactly one of the literals holds."""
        self._card("equals", lits, 1)

    def sum_equals(self, terms: Sequence[tuple[int, Lit]], total: int) -> None:
        """The weights of the true literals add up to `total` (weights positive)."""
        if any(w <= 0 for w, _ in terms):
            raise ValueError("sum_equals needs positive weights")
        if all(w == 1 for w, _ in terms):
            self.exactly([x for _, x in terms], total)
            return
        try:
            from pysat.pb import PBEnc  # needs pindakaas, absent under Pyodide
        except (ImportError, AssertionError):
            PBEnc = None
        ints = [self.lit(x) for _, x in terms]
        weights = [w for w, _ in terms]
        if PBEnc is not None:
            if self._shared:
                self._own()
            if self.own_from is None and self.base is not None:
                self._past_guards()
            cnf = PBEnc.equals(lits=ints, weights=weights, bound=total, vpool=self.pool)
            self.clauses.extend(cnf.clauses)
            return
        self.one_of_subsets(ints, weights, total)

    def one_of_subsets(self, ints: list[int], weights: list[int], total: int) -> None:
        """Exact weighted sum as a choice among the subsets that reach it (small inputs only)."""
        if len(ints) > 20:
            raise ValueError("weighted sum too long for subset expansion; install python-sat[pb]")
        allowed = [s for n in range(len(ints) + 1) for s in itertools.combinations(range(len(ints)), n)
                   if sum(weights[i] for i in s) == total]
        if not allowed:
            self.clauses.append([])
            return
        choice = []
        for idx, subset in enumerate(allowed):
            tick()
            pick = self._new(("_subset", id(ints), total, idx, self.pool.top))
            choice.append(pick)
            inside = set(subset)
            for i, x in enumerate(ints):
                self.clauses.append([-pick, x if i in inside else -x])
        self.clauses.append(choice)


class Model:
    """A satisfying assignment, read back through keys: `model[("digit", r, c, d)]` is a bool."""

    def __init__(self, formula: Formula, true_vars: Iterable[int]) -> None:
        self._pool = formula.pool
        self._true = frozenset(true_vars)

    def __getitem__(self, key: Hashable) -> bool:
        var = self._pool.obj2id.get(key)
        return var is not None and var in self._true

    @property
    def true_vars(self) -> frozenset[int]:
        """The variables that are true (for rules that read many literals: see `resolve`)."""
        return self._true

    def resolve(self, lit: Lit) -> tuple[int, bool]:
        """(variable, value wanted): `lit` holds in a model of this formula exactly when
        `(variable in model.true_vars) == wanted`; variable 0 for a key the formula lacks (false)."""
        key, wanted = (lit.key, False) if isinstance(lit, Not) else (lit, True)
        return self._pool.obj2id.get(key, 0), wanted

    @property
    def pool(self):
        """The formula's variable pool (a `resolve` made earlier holds while it has as many keys)."""
        return self._pool

    def true_keys(self) -> list[Hashable]:
        """Every named key that is true (auxiliary variables have integer-free tuple keys too)."""
        return [self._pool.id2obj[v] for v in self._true if v in self._pool.id2obj]
