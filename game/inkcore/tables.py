"""The look-up tables of the compact Railroad Ink sheet core, built from the rules.

Everything here is derived from ``game.rules.railroad_ink`` (the source of truth) once, at
import: the kernels never rotate a face or test a placement rule, they read these flat integer
lists. Base game only (the 15 faces of the route, junction and special dice).

* ``OSIDES[code * 4 + s]``: side type (0 none, 1 highway, 2 railway) of face code
  ``face * 8 + o`` on side ``s`` (N E S W), for every orientation ``o``.
* ``GROUP_HEAD[code * 4 + s]``: the first side of the connection group side ``s`` belongs to
  (-1 for a side with nothing on it): joining each side to its head joins the face's groups.
* ``FACING`` codes: what a cell's four neighbours show it, 2 bits per side (0 nothing or an
  empty cell, 1 highway, 2 railway, 3 the border without an exit); ``FIT[face * 256 + facing]``
  is the bit mask of the canonical orientations in which the face may be drawn there (the
  rules' ``fitting_orientations``). ``BORDER_FACING[cell]`` is a cell's facing code on an
  empty sheet.
* ``NEIGH[cell * 4 + s]``: the neighbouring cell (-1 off the sheet); ``EXIT_NODE`` /
  ``EXIT_KIND``: the 12 exits as side nodes ``cell * 4 + s`` and their type; ``CENTRE[cell]``.
* Dice: ``ROUTE_FACES``, ``JUNCTION_FACES`` (the six faces of each die, as face indices) and
  ``SPECIAL_FACES``; ``ROUTE_FACINGS[facing]``: how many of a cell's sides face a route.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import (EXITS, FACE_INDEX, HIGHWAY, JUNCTION_DIE, NONE, RAILWAY,
                                           ROUTE_DIE, SPECIALS)
from game.rules.railroad_ink.orientation import CANONICAL_O, ORIENTED_GROUPS, ORIENTED_SIDES
from game.rules.railroad_ink.sheet import (BORDER, BORDER_FACING as RULES_BORDER, CELL_INDEX, CELLS,
                                           CENTRE_CELLS, NEIGHBOUR, fitting_orientations)

BASE_FACES = 15            # face indices 0..14: route, junction and special faces
CODES = BASE_FACES * 8
OPPOSITE = (2, 3, 0, 1)
_TO_RULES = (NONE, HIGHWAY, RAILWAY, BORDER)     # 2-bit facing value -> the rules' value
_FROM_RULES = {NONE: 0, HIGHWAY: 1, RAILWAY: 2, BORDER: 3}


def _osides() -> list[int]:
    out = []
    for code in range(CODES):
        out.extend(ORIENTED_SIDES[code >> 3][code & 7])
    return out


def _group_heads() -> list[int]:
    out = []
    for code in range(CODES):
        heads = [-1, -1, -1, -1]
        for group in ORIENTED_GROUPS[code >> 3][code & 7]:
            for side in group:
                heads[side] = group[0]
        out.extend(heads)
    return out


def _fit() -> list[int]:
    out = []
    for face in range(BASE_FACES):
        for code in range(256):
            rules_code = 0
            for s in range(4):
                rules_code |= _TO_RULES[(code >> (2 * s)) & 3] << (3 * s)
            mask = 0
            for o in fitting_orientations(face, rules_code):
                mask |= 1 << o
            out.append(mask)
    return out


def _canonical() -> list[int]:
    return [CANONICAL_O[code >> 3][code & 7] for code in range(CODES)]


OSIDES: list[int] = _osides()
GROUP_HEAD: list[int] = _group_heads()
FIT: list[int] = _fit()
CANON: list[int] = _canonical()      # face code -> the canonical orientation of that shape
NEIGH: list[int] = [n for cell in range(CELLS) for n in NEIGHBOUR[cell]]
BORDER_FACING: list[int] = [
    sum(_FROM_RULES[RULES_BORDER[cell][s]] << (2 * s) for s in range(4) if NEIGHBOUR[cell][s] < 0)
    for cell in range(CELLS)]
EXIT_NODE: list[int] = [CELL_INDEX[name] * 4 + side for name, side, _ in EXITS]
EXIT_KIND: list[int] = [kind for _, _, kind in EXITS]
CENTRE: list[int] = [1 if cell in CENTRE_CELLS else 0 for cell in range(CELLS)]
ROUTE_FACES: list[int] = [FACE_INDEX[f] for f in ROUTE_DIE]
JUNCTION_FACES: list[int] = [FACE_INDEX[f] for f in JUNCTION_DIE]
SPECIAL_FACES: list[int] = [FACE_INDEX[f] for f in SPECIALS]
# per facing code: how many sides face a highway or railway (an exit counts)
ROUTE_FACINGS: list[int] = [sum(1 for s in range(4) if (code >> (2 * s)) & 3 in (1, 2))
                            for code in range(256)]

# the order the kernels receive them in (one tuple, indexed by these constants)
TABLE_ORDER = ("OSIDES", "GROUP_HEAD", "FIT", "NEIGH", "BORDER_FACING", "EXIT_NODE",
               "EXIT_KIND", "CENTRE", "ROUTE_FACES", "JUNCTION_FACES", "SPECIAL_FACES", "CANON",
               "ROUTE_FACINGS")


def as_tuple() -> tuple[list[int], ...]:
    """The tables as plain lists, in ``TABLE_ORDER`` (the pure-Python kernels' argument)."""
    names = globals()
    return tuple(names[name] for name in TABLE_ORDER)
