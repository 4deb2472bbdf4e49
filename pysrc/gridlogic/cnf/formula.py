"""The CNF toolkit: variables named by puzzle keys, and clauses over them.

Kinds build a `Formula` from semantic keys (`("digit", r, c, d)`) and literals (literals.py) `key` or
`Not(key)`; they never see integers. A formula is made of three parts beside this one: clue blocks
and givens (clues.py), clause patterns laid on the literals of cells (laying.py), and cardinality
and sum constraints (cardinality.py).

A formula may `include` a shared, cached base (the rules of a grid shape); the SAT backend then
keeps one solver per base and passes the givens as assumptions. A formula that adds variables to
its base numbers them from GUARDS past the base's own, so formulas on one base reuse the same numbers;
the numbers between are selectors, handed out in turn by the base (`take_guard`; each once a round,
`guard_epoch`), to the clues of such formulas and to the backend. On the base's solver the backend
adds a formula's clauses, each ending in the negation of its clue's selector, and afterwards sets
those selectors false for good: every clause of the formula is then satisfied, and the next formula
may reuse its variables' numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

from pysat.formula import IDPool

from gridlogic.budget import tick
from gridlogic.cnf.cardinality import Cardinality
from gridlogic.cnf.clues import Cell, Clue, ClueBlocks
from gridlogic.cnf.laying import Laying
from gridlogic.cnf.literals import Lit, Not, negate

GUARDS = 1_000              # numbers past a base kept for the selectors of the formulas added to its solver


class Resolved(tuple):
    """A clause already in the formula's integer literals (a lazy rule that reads many literals builds
    them from `Model.resolve`), taken as it is where a clause of keys would be turned into integers."""

    __slots__ = ()


class Formula(ClueBlocks, Laying, Cardinality):
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

    # -- constraints --------------------------------------------------------------------------
    def clause(self, lits: Iterable[Lit]) -> None:
        """At least one of the literals holds."""
        tick()
        clause = list(lits) if lits.__class__ is Resolved else self.lits(lits)
        if len(self._guards) == 1:                      # guarded now: the block's end leaves it as it is
            clause.append(-self._guards[0])
            self._made_guarded += 1
        self.clauses.append(clause)

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
