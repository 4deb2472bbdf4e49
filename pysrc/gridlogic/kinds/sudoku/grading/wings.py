"""Wings: three cells of two or three candidates that force a digit out of the cells seeing them all.

XY-wing (4.2): a pivot {x,y} sees pincers {x,z} and {y,z}; whichever digit the pivot takes, one pincer
is z, so z leaves every cell seeing both pincers. XYZ-wing (4.4): the pivot is {x,y,z}, so z also leaves
the cells that see the pivot.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading.board import Board, Step, popcount


def wing(board: Board, xyz: bool) -> Step | None:
    """An XY-wing (xyz=False) or XYZ-wing."""
    geo, cand = board.geo, board.cand
    peers, peer_sets = geo.peers, geo.peer_sets
    size = 3 if xyz else 2
    for pivot, pm in enumerate(cand):
        if popcount(pm) != size:
            continue
        pincers = [j for j in peers[pivot] if popcount(cand[j]) == 2 and popcount(cand[j] & pm) == (2 if xyz else 1)]
        for a in range(len(pincers)):
            p1 = pincers[a]
            for b in range(a + 1, len(pincers)):
                p2 = pincers[b]
                m1, m2 = cand[p1], cand[p2]
                if m1 == m2:
                    continue
                z = m1 & m2
                if popcount(z) != 1:
                    continue
                if xyz:
                    if z & ~pm or (m1 | m2) != pm:
                        continue
                elif z & pm or popcount(m1 | m2 | pm) != 3:
                    continue
                seen = peer_sets[p1] & peer_sets[p2]
                if xyz:
                    seen = seen & peer_sets[pivot]
                d = z.bit_length()
                gone = sorted((i, d) for i in seen if cand[i] & z and i != pivot)
                if gone:
                    return Step("XYZ-wing" if xyz else "XY-wing", 4.4 if xyz else 4.2, (), gone)
    return None
