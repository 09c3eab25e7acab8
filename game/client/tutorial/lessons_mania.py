"""Metromania's lesson: against one easy bot, digging (three tunnels a turn from a white
arrow), destination markers, stations, an intermediate station instead of digging, and the
test trips that score at the end."""

from __future__ import annotations

import pygame

from game.client.games.metromania import geometry as geo
from game.client.games.metromania.layout import RIGHT
from game.client.tutorial.script import Lesson, Step
from game.rules.metromania.moves import Dig, Station

MARK = 22          # the side of a highlighted tunnel or point


def digs(game, state, seat, move) -> bool:
    return isinstance(move, Dig)


def places_marker(game, state, seat, move) -> bool:
    return isinstance(move, Dig) and any(tunnel.marker for tunnel in move.tunnels)


def intermediate(game, state, seat, move) -> bool:
    return isinstance(move, Station)


def anything(game, state, seat, move) -> bool:
    return True


def spot(xy) -> pygame.Rect:
    rect = pygame.Rect(0, 0, MARK, MARK)
    rect.center = (int(xy[0]), int(xy[1]))
    return rect


def tunnel_marks(board, seat) -> list:
    """The tunnels that may be picked next, then Confirm once the dig is complete."""
    draft = board.draft(seat)
    if draft.mode == "dig" and len(draft.tunnels) < 3 and board.candidates(seat):
        return [spot(geo.tunnel_anchor(*key)) for key in sorted(board.candidates(seat))]
    return [rect for action, rect, enabled in board.buttons(seat)
            if action == "confirm" and enabled]


def marker_marks(board, seat) -> list:
    """Tunnels on destination spaces (they take a marker), else every tunnel to pick."""
    draft = board.draft(seat)
    if draft.mode == "dig" and len(draft.tunnels) < 3:
        keys = [key for key, options in sorted(board.candidates(seat).items())
                if any(option.marker for option in options)]
        if keys:
            return [spot(geo.tunnel_anchor(*key)) for key in keys]
    return tunnel_marks(board, seat)


def station_marks(board, seat) -> list:
    draft = board.draft(seat)
    if draft.mode == "station":
        return [spot(geo.POINT_XY[point]) for point in sorted(board.station_targets(seat))]
    return [rect for action, rect, enabled in board.buttons(seat)
            if action == "station" and enabled] or tunnel_marks(board, seat)


def trips_marks(board, seat) -> list:
    return [pygame.Rect(RIGHT.x + 8, RIGHT.bottom - 166, RIGHT.width - 16, 158)]


LESSON = Lesson(
    id="metromania", game="metromania", players=2, seed=1, bots=("easy",),
    panel=(14, 440, 292, 228),
    steps=(
        Step("welcome"),
        Step("dig", accept=digs, marks=tunnel_marks, names=("confirm", "line0")),
        Step("marker", accept=places_marker, meanwhile=anything,
             marks=marker_marks, names=("confirm", "markers")),
        Step("stations"),
        Step("intermediate", accept=intermediate, meanwhile=anything, marks=station_marks,
             names=("station",)),
        Step("trips", marks=trips_marks, names=("trips",)),
        Step("handover"),
    ))
