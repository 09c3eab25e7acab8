"""``run.py score metro``: check a list of placements and score the board they make.

Input: whitespace-separated placements ``<type>@<square>[/<r>]`` in the order placed (a final
or partial board; no turns, no hands). Each is checked in order: notation and tile type,
rotation only with the orientation variant, no more copies of a type than the set holds, a
free non-central square on the ring or next to a tile, and the one-tile rule (broken only if
that tile had no other legal square). The first refusal raises IllegalMove whose message
starts with ``placement N '<text>':``.

Output: ``{"scores": [points per seat in seat order], "lines": [one entry per car, station
order: station, seat, tiles, centre, points, complete], "placed": n}``. With the companies
variant lines belong to companies: ``scores`` lists the companies' profits (company order of
data.COMPANIES), ``companies`` their names and each line has ``company`` instead of ``seat``.
"""

from __future__ import annotations

from ..core import IllegalMove
from .actions import place_tile
from .data import COMPANIES, TILE_COPIES
from .board import parse_square
from .placement import check_square
from .tiles import TYPE_INDEX


def _refuse(index: int, text: str, code: str, template: str, **args) -> IllegalMove:
    prefix = "placement {index} '{placement}': "
    return IllegalMove(code, prefix + template, index=index, placement=text, **args)


def _read(index: int, text: str, orientation: bool) -> tuple[str, int, int]:
    body, slash, rot_text = text.partition("/")
    tile, at, square_text = body.partition("@")
    if not at:
        raise _refuse(index, text, "notation",
                      "not a placement (expected <type>@<square>[/<r>])")
    if tile not in TYPE_INDEX:
        raise _refuse(index, text, "unknown_tile", "unknown tile type '{tile}'", tile=tile)
    square = parse_square(square_text)
    if square is None:
        raise _refuse(index, text, "notation", "'{square}' is not a square A1-H8",
                      square=square_text)
    rot = 0
    if slash:
        if not orientation:
            raise _refuse(index, text, "rotation_not_allowed",
                          "a rotation is given but the orientation variant is off")
        if rot_text not in ("0", "1", "2", "3"):
            raise _refuse(index, text, "notation", "rotation must be 0-3, not '{rot}'",
                          rot=rot_text)
        rot = int(rot_text)
    return tile, square, rot


def score_placements(game, text: str, config: dict) -> dict:
    state = game.empty_state(config)
    used: dict[str, int] = {}
    for index, placement in enumerate(text.split(), start=1):
        tile, square, rot = _read(index, placement, state.orientation)
        used[tile] = used.get(tile, 0) + 1
        if used[tile] > TILE_COPIES[tile]:
            raise _refuse(index, placement, "too_many_copies",
                          "the set holds only {copies} tiles of type {tile}",
                          copies=TILE_COPIES[tile], tile=tile)
        try:
            check_square(state, tile, square, rot)
        except IllegalMove as exc:
            raise _refuse(index, placement, exc.code, "{reason}", reason=exc.message,
                          **exc.args_dict) from None
        place_tile(state, tile, square, rot, -1)
    lines = []
    for i in range(32):
        owner = state.car_owner[i]
        if owner is None:
            continue
        entry = {"station": i + 1, "tiles": state.line_tiles[i], "centre": state.line_centre[i],
                 "points": state.line_points[i], "complete": state.line_done[i]}
        if state.companies:
            entry["company"] = COMPANIES[owner]
        else:
            entry["seat"] = owner
        lines.append(entry)
    if state.companies:
        return {"scores": list(state.profits), "companies": list(COMPANIES), "lines": lines,
                "placed": state.placed}
    return {"scores": list(state.scores), "lines": lines, "placed": state.placed}
