"""Model counts for nodes joined through chosen links (cnf/connected.py `joined`): exactly as many models
as there are sets of links that join every node, counted here by a search over every subset of links."""

from __future__ import annotations

from itertools import combinations

import pytest

from gridlogic.cnf import connected as conn
from gridlogic.cnf.formula import Formula, Not
from rules_brute import count


def spanning_sets(nodes: list, links: list) -> int:
    """The sets of links whose graph joins all the nodes, by flood fill over every subset."""
    total = 0
    for k in range(len(links) + 1):
        for chosen in combinations(links, k):
            seen, todo = {nodes[0]}, [nodes[0]]
            while todo:
                v = todo.pop()
                for a, b in chosen:
                    for w in ((b,) if a == v else (a,) if b == v else ()):
                        if w not in seen:
                            seen.add(w)
                            todo.append(w)
            total += len(seen) == len(nodes)
    return total


CASES = {
    "path": ([0, 1, 2], [(0, 1), (1, 2)]),
    "triangle": ([0, 1, 2], [(0, 1), (1, 2), (0, 2)]),
    "square with a diagonal": ([0, 1, 2, 3], [(0, 1), (1, 2), (2, 3), (0, 3), (0, 2)]),
    "two triangles and a bridge": ([0, 1, 2, 3, 4, 5], [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]),
    "a node with no link": ([0, 1, 2], [(0, 1)]),
}


def test_brute_force_knows_small_cases():
    assert spanning_sets(*CASES["triangle"]) == 4        # any two of the three links, or all three
    assert spanning_sets(*CASES["a node with no link"]) == 0


@pytest.mark.parametrize("name", sorted(CASES))
def test_nodes_joined(name):
    nodes, links = CASES[name]
    f = Formula()
    f.show(("link", u, v) for u, v in links)
    conn.joined(f, nodes, {(u, v): ("link", u, v) for u, v in links})
    assert count(f) == spanning_sets(nodes, links)


def test_links_given_as_negations():
    """A link literal may be the negation of a shown variable ("no link here" shown instead)."""
    nodes, links = CASES["square with a diagonal"]
    f = Formula()
    f.show(("gap", u, v) for u, v in links)
    conn.joined(f, nodes, {(u, v): Not(("gap", u, v)) for u, v in links})
    assert count(f) == spanning_sets(nodes, links)
