"""The backbone and its dual: the literals true in every model, and those true in some model.

`backbone` (the literals true in every model: one model, then the remaining candidates in chunks, each
asked "can one of these be false?"; a model found drops every candidate it contradicts) and `possible`
(the candidates true in some model, the backbone's dual: each call asks "is one of the unseen true?").
"""

from __future__ import annotations

from collections.abc import Iterable

from gridlogic.backends.sat.asking import Asking
from gridlogic.backends.sat.solvers import prefer_phases, switch
from gridlogic.budget import BudgetExceeded


class Facts(Asking):
    """What holds in every model, and what in some model, under assumptions."""

    def backbone(self, assumptions: list[int], candidates: Iterable[int] | None = None,
                 shown: list[int] | None = None) -> list[int] | None:
        """The candidate literals (default: the `shown` variables' values in a first model) true in
        every model under `assumptions`, sorted by variable; None when there is no model.

        Candidates are tested in chunks: one call under a temporary clause "some chunk member is false"
        settles the whole chunk when it has no model (all members certain; a unique solution takes one
        call), and otherwise drops every member the model found has false. Chunks double after a
        settled chunk and halve after a model."""
        truth = self.model(assumptions)
        if truth is None:
            return None
        if candidates is None:
            pending = [v if v in truth else -v for v in shown or ()]
        else:
            pending = [x for x in candidates if x in truth]
        certain: list[int] = []
        size = len(pending)
        while pending:
            chunk = pending[:size]
            with switch(self.solver, self.fresh) as selector:      # (a model is read before it ends)
                self.solver.add_clause([-selector] + [-x for x in chunk])
                model = set(self.solver.get_model()) if self.calls.solve(assumptions + certain + [selector]) else None
            if model is not None:
                truth &= model
                pending = [x for x in pending if x in truth]
                size = max(1, size // 2)
            else:
                certain += chunk
                pending = pending[len(chunk):]
                size *= 2
        return sorted(certain, key=abs)

    def possible(self, assumptions: list[int], candidates: Iterable[int]) -> list[int] | None:
        """The candidate literals true in some model under `assumptions` (in their order); None when
        there is no model.

        One model, then while candidates are unseen, one call under a temporary clause "one of the
        unseen is true": a model marks every candidate it has true as seen, and no model rules all the
        unseen out at once. When the budget runs out, BudgetExceeded carries the candidates not ruled
        out (those seen and those still unseen) in `kept`, and `found` 1 once a model was seen (0:
        nothing is known)."""
        candidates = list(candidates)
        try:
            truth = self.model(assumptions)
        except BudgetExceeded:
            raise BudgetExceeded(0, candidates) from None
        if truth is None:
            return None
        seen = {x for x in candidates if x in truth}
        unseen = [x for x in candidates if x not in seen]
        try:
            while unseen:
                prefer_phases(self.solver, unseen)
                with switch(self.solver, self.fresh) as selector:  # (a model is read before it ends)
                    self.solver.add_clause([-selector] + unseen)
                    model = set(self.solver.get_model()) if self.calls.solve(assumptions + [selector]) else None
                if model is None:
                    break
                seen.update(x for x in unseen if x in model)
                unseen = [x for x in unseen if x not in model]
        except BudgetExceeded:
            left = seen.union(unseen)           # (a set: the candidates of a 25×25 grid are 15,625)
            raise BudgetExceeded(1, [x for x in candidates if x in left]) from None
        return [x for x in candidates if x in seen]
