"""Orientation maths: the 8 ways to draw a face (4 turns, optionally mirrored first).

``o`` 0–3 turns the face ``o`` quarter turns clockwise; 4–7 first mirrors it left–right (E and
W swap) and then turns it ``o - 4`` quarter turns. An orientation is a permutation of the sides
N0 E1 S2 W3: ``PERM[o][i]`` is where old side ``i`` ends up. The oriented side tuples and
connection groups of every face are precomputed here, with the canonical (smallest) ``o`` of
every shape, so move generation never rotates anything at run time.
"""

from __future__ import annotations

from .faces import FACE_GROUPS, FACE_IDS, FACE_SIDES

_MIRROR = (0, 3, 2, 1)

PERM: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(((_MIRROR[i] if o >= 4 else i) + (o % 4)) % 4 for i in range(4)) for o in range(8))
_PERM_TO_O = {perm: o for o, perm in enumerate(PERM)}


def orient_sides(sides: tuple, o: int) -> tuple:
    """The side tuple of ``sides`` drawn in orientation ``o``."""
    perm = PERM[o]
    out = [0, 0, 0, 0]
    for i in range(4):
        out[perm[i]] = sides[i]
    return tuple(out)


def orient_groups(groups: tuple, o: int) -> tuple:
    perm = PERM[o]
    return tuple(sorted(tuple(sorted(perm[i] for i in group)) for group in groups))


def compose(first: int, second: int) -> int:
    """The orientation equal to drawing in ``first`` and then applying ``second`` to that."""
    p1, p2 = PERM[first], PERM[second]
    return _PERM_TO_O[tuple(p2[p1[i]] for i in range(4))]


def inverse(o: int) -> int:
    perm = PERM[o]
    inv = [0, 0, 0, 0]
    for i in range(4):
        inv[perm[i]] = i
    return _PERM_TO_O[tuple(inv)]


# per face: oriented sides for each o, canonical o per o, the distinct canonical o's
ORIENTED_SIDES: tuple[tuple[tuple, ...], ...]
ORIENTED_GROUPS: tuple[tuple[tuple, ...], ...]
CANONICAL_O: tuple[tuple[int, ...], ...]
DISTINCT_O: tuple[tuple[int, ...], ...]


def _build():
    sides_all, groups_all, canon_all, distinct_all = [], [], [], []
    for index in range(len(FACE_IDS)):
        sides = [orient_sides(FACE_SIDES[index], o) for o in range(8)]
        groups = [orient_groups(FACE_GROUPS[index], o) for o in range(8)]
        first_of: dict = {}
        canon = []
        for o in range(8):
            key = (sides[o], groups[o])
            first_of.setdefault(key, o)
            canon.append(first_of[key])
        sides_all.append(tuple(sides))
        groups_all.append(tuple(groups))
        canon_all.append(tuple(canon))
        distinct_all.append(tuple(sorted(set(canon))))
    return tuple(sides_all), tuple(groups_all), tuple(canon_all), tuple(distinct_all)


ORIENTED_SIDES, ORIENTED_GROUPS, CANONICAL_O, DISTINCT_O = _build()
