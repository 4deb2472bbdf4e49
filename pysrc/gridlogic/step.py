"""A step of a walk and how it is said (walks.py walks through SAT, techniques.py tells a grader's walk):
the value placed at a cell or ruled out there, the clues it rests on, and for a told step the units it
works in, its pattern's cells and every candidate it rules out. Its sentence names the technique first;
cells are 0-based, `r1c1`-style from 1 in sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.cnf.clues import Clue
from gridlogic.reasons import Cell, Fact


@dataclass(frozen=True)
class Step:
    """One deduction: the value `value` placed at (r, c), or eliminated there, and the clues forcing it;
    a step a kind's grader tells (gridlogic/techniques.py) adds the units it works in, its pattern's
    cells, every candidate it rules out (`eliminations`, besides or instead of the placement) and, for
    a hint, the steps `before` it that only rule candidates out."""

    r: int
    c: int
    value: int
    eliminated: bool
    clues: tuple[Clue, ...]
    rule: str | None = None
    word: str | None = None            # how the value is said when its number is not its name ("filled")
    units: tuple[str, ...] = ()        # "box 2", "row 2": where the technique works
    pattern: tuple[Cell, ...] = ()     # the cells of its pattern (a pointing pair's, a naked pair's)
    eliminations: tuple[Fact, ...] = ()   # every (r, c, v) it rules out, when more than its own
    before: tuple[Step, ...] = ()      # a hint's steps that rule candidates out on the way to it
    said: str | None = None            # what it settles in the kind's words (`say_fact`), when not a value

    @property
    def technique(self) -> str:
        """The technique's name: the kind's (`name_step`, a grader's), else how many clues it combines."""
        if self.rule:
            return self.rule
        n = len(self.clues)
        return "the rules alone" if not n else "one clue alone" if n == 1 else f"chain of {n} clues"

    @property
    def targets(self) -> list[Cell]:
        """The cells it places or rules a value out of, in order."""
        cells = [(self.r, self.c)] + [(r, c) for r, c, _ in self.eliminations]
        return list(dict.fromkeys(cells))

    @property
    def ruled_out(self) -> list[Fact]:
        """Every (r, c, v) the step rules out."""
        if self.eliminations:
            return list(self.eliminations)
        return [(self.r, self.c, self.value)] if self.eliminated else []

    @property
    def cells(self) -> list[Cell]:
        """The cells it rests on: its pattern's and its reason's clues', sorted."""
        return sorted({*self.pattern, *(cell for clue in self.clues for cell in clue.cells)})

    @property
    def heading(self) -> str:
        """The technique, capitalised, with the units it works in and its pattern's cells: "Hidden single in
        box 2", "Pointing pair in box 2 and row 2 (r2c4, r2c5)"."""
        name = self.technique
        said = name[0].upper() + name[1:] if name[:1].islower() else name
        if self.units:
            said += " in " + listed(list(self.units))
        if self.pattern:
            said += " (" + ", ".join(_where(cell) for cell in self.pattern) + ")"
        return said

    @property
    def reason(self) -> str | None:
        """The clues it rests on and what they do: "the 8 at r8c6 and the 8 at r2c9 leave no other choice";
        None when it rests on the rules alone."""
        names = _gathered(list(self.clues))
        if not names:
            return None
        eliminated = self.eliminated and not self.eliminations
        verb = "rules it out" if eliminated else "leaves no other choice"
        if len(names) > 1:
            verb = "rule it out" if eliminated else "leave no other choice"
        return f"{listed(names)} {verb}"

    @property
    def sentence(self) -> str:
        """The step in words, its technique first: "Hidden single in box 2: r1c4 must be 8: the 8 at r8c6,
        … leave no other choice"; "Pointing pair in box 2 and row 2 (r2c4, r2c5): r2c7 and r2c8 cannot
        be 4"; a hint's steps before it first ("After pointing pair … . Hidden single …")."""
        said = f"{self.heading}: {self._what()}"
        if self.before:
            said = "After " + "; ".join(_lower(step.sentence.rstrip(".")) for step in self.before) + ". " + said
        reason = self.reason
        return f"{said}: {reason}." if reason else said + "."

    def _what(self) -> str:
        """What the step does: "r3c4 must be 7", "r2c7 and r2c8 cannot be 4", "r8c9 cannot be 1, 4 or 7"."""
        if self.said:
            return self.said
        value = self.word or self.value
        parts = [] if self.eliminated else [f"{_where((self.r, self.c))} must be {value}"]
        by_cell: dict[Cell, list[int]] = {}
        for r, c, v in self.ruled_out:
            by_cell.setdefault((r, c), []).append(v)
        alike: dict[tuple, list[Cell]] = {}
        for cell, values in by_cell.items():
            alike.setdefault(tuple(values), []).append(cell)
        word = self.word if self.eliminated else None
        gone = [f"{listed([_where(cell) for cell in cells])} cannot be "
                f"{listed([str(word or v) for v in values], 'or')}" for values, cells in alike.items()]
        if parts and gone:
            return f"{parts[0]} ({'; '.join(gone)})"
        return "; ".join(parts + gone)

    def to_json(self) -> dict:
        """The step as the API sends it."""
        out = {"technique": self.technique, "cell": [self.r, self.c], "value": self.value, "word": self.word,
               "eliminated": self.eliminated, "eliminations": [list(fact) for fact in self.ruled_out],
               "cells": [list(cell) for cell in self.targets], "units": list(self.units),
               "pattern": [list(cell) for cell in self.pattern], "rule": self.rule,
               "because": [list(cell) for cell in self.cells], "clues": names_of(list(self.clues)),
               "heading": self.heading, "reason": self.reason, "sentence": self.sentence}
        if self.said:
            out["said"] = self.said
        if self.before:
            out["before"] = [step.to_json() for step in self.before]
        return out


def _lower(sentence: str) -> str:
    """A sentence that begins with a technique's name, to follow other words ("Pointing pair" -> "pointing
    pair"; "XY-wing" stays)."""
    return sentence[0].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def _where(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def held(fact: Fact, eliminated: bool, word: str | None = None, said: str | None = None) -> tuple[tuple, str]:
    """The key and label of an earlier step held as a clue: ("placed", r, c, v) "the 7 placed at r1c2", or
    ("eliminated", r, c, v) "no 7 at r1c2"; a step said in the kind's words is cited by those words."""
    r, c, v = fact
    if said:
        return ("eliminated" if eliminated else "placed", r, c, v), said
    value = f"{word} cell" if word else v
    if eliminated:
        return ("eliminated", r, c, v), f"no {value} at {_where((r, c))}"
    return ("placed", r, c, v), f"the {value} placed at {_where((r, c))}"


def names_of(clues: list[Clue]) -> list[str]:
    """The clues' labels (their keys when unlabelled)."""
    return [clue.label or str(clue.key) for clue in clues]


def _gathered(clues: list[Clue]) -> list[str]:
    """The clues' labels, the values ruled out of one cell by earlier steps said together where the first of
    them stands: "no 2, 3 or 9 at r4c2" for "no 2 at r4c2", "no 3 at r4c2" and "no 9 at r4c2"."""
    out: list = []
    gone: dict[tuple, list] = {}
    for clue, name in zip(clues, names_of(clues)):
        key = clue.key
        if isinstance(key, tuple) and len(key) == 4 and key[0] == "eliminated" \
                and name == f"no {key[3]} at {_where(key[1:3])}":
            if key[1:3] not in gone:
                gone[key[1:3]] = []
                out.append(key[1:3])
            gone[key[1:3]].append(str(key[3]))
        else:
            out.append(name)
    return [f"no {listed(gone[x], 'or')} at {_where(x)}" if isinstance(x, tuple) else x for x in out]


def listed(names: list[str], last: str = "and") -> str:
    """Words joined as a list: "a", "a and b", "a, b or c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]
