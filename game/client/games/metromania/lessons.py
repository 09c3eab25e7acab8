"""Metromania's lesson: against one easy bot, digging (three tunnels a turn from a white
arrow), destination markers, stations, an intermediate station instead of digging, and the
test trips that score at the end. The tunnels it rings never lead a line into a dead end, and
a dig that would is refused with the rules' reasons (``lesson_checks``)."""

from __future__ import annotations

import pygame

from game.client.games.metromania import blocked, geometry as geo
from game.client.games.metromania.kit import KIT
from game.client.text import t
from game.client.games.metromania.lesson_checks import (blocked_line_after, blocks_needlessly, glowing,
                                             glowing_choices, other_line_safe, takes_marker,
                                             wish_if_possible)
from game.client.tutorial.script import Lesson, Step
from game.rules.metromania.moves import Bonus, Dig, Station

# a highlighted tunnel or point: drawn as a ring of the board's ring radius (the coach draws
# marks 3 px wider all round), so the ring seen is the one a click is judged by
MARK = int(2 * geo.RING_R) - 6


def digs(game, state, seat, move) -> bool:
    return isinstance(move, Dig) and not blocks_needlessly(game, state, seat, move)


def places_marker(game, state, seat, move) -> bool:
    return isinstance(move, Dig) and any(tunnel.marker for tunnel in move.tunnels) \
        and not blocks_needlessly(game, state, seat, move)


def intermediate(game, state, seat, move) -> bool:
    """An intermediate station (or the free one a completed line earns, which is one too)."""
    return isinstance(move, Station) or (isinstance(move, Bonus) and move.point >= 0)


def anything(game, state, seat, move) -> bool:
    """Any move, but not a dig into a dead end (while another dig would avoid it)."""
    return not blocks_needlessly(game, state, seat, move)


def why_blocked(game, state, seat, move) -> str | None:
    """The refusal of a dig that leads a line into a dead end: which line, and the rules'
    reasons when it is blocked at once."""
    if not blocks_needlessly(game, state, seat, move):
        return None
    after, k = blocked_line_after(game, state, seat, move)
    found = game.blocked_reasons(after, seat, k)
    line = blocked.line_word(k)
    if found and found[0][0] not in ("no_tunnels", "start_none"):
        return t("tutorial.metromania.blocks", line=line, reasons=t(
            "mania.blocked_list_sep").join(blocked.phrase(reason) for reason in found))
    return t("tutorial.metromania.blocks_plain", line=line)


def spot(xy) -> pygame.Rect:
    rect = pygame.Rect(0, 0, MARK, MARK)
    rect.center = (int(xy[0]), int(xy[1]))
    return rect


def chooser_marks(board, seat, wish=None) -> list:
    """While a chooser is open (a marker to pick, or rings on top of each other): the
    choices that keep the lines open."""
    draft = board.draft(seat)
    rects = board.chooser_rects(len(draft.chooser))
    return [rects[i] for i in glowing_choices(board, seat, wish)]


def tunnel_marks(board, seat, wish=None) -> list:
    """The tunnels that may be picked next (none leading into a dead end; toward what
    ``wish`` likes), then Confirm once the dig is complete."""
    draft = board.draft(seat)
    if draft.chooser is not None:
        return chooser_marks(board, seat, wish)
    if draft.mode == "dig" and len(draft.tunnels) < 3:
        keys = glowing(board, seat, wish)
        if keys:
            return [spot(geo.tunnel_anchor(*key)) for key in keys]
        if other_line_safe(board, seat, wish):     # on with the other line: its button
            return button_marks(board, seat, f"line{1 - draft.line}")
        if board.candidates(seat):            # no safe way at all: every tunnel
            return [spot(geo.tunnel_anchor(*key)) for key in sorted(board.candidates(seat))]
    return button_marks(board, seat, "confirm")


def button_marks(board, seat, name: str) -> list:
    return [rect for action, rect, enabled in board.buttons(seat)
            if action == name and enabled]


def marker_marks(board, seat) -> list:
    """Tunnels on destination spaces (they take a marker), else the tunnels on the way to
    one this turn, else (none in reach) every tunnel that keeps the lines open."""
    draft = board.draft(seat)
    wish = wish_if_possible(board.match, seat, takes_marker)
    if draft.mode == "dig" and len(draft.tunnels) < 3 and draft.chooser is None:
        candidates = board.candidates(seat)
        keys = [key for key in glowing(board, seat, wish)
                if any(option.marker for option in candidates[key])]
        if keys:
            return [spot(geo.tunnel_anchor(*key)) for key in keys]
    return tunnel_marks(board, seat, wish)


def station_marks(board, seat) -> list:
    """Station instead, then the points it may go on (also the free station a completed
    line earns, placed the same way)."""
    draft = board.draft(seat)
    if draft.mode == "station" or board.bonus_pending(seat):
        return [spot(geo.POINT_XY[point]) for point in sorted(board.station_targets(seat))]
    return [rect for action, rect, enabled in board.buttons(seat)
            if action == "station" and enabled] or tunnel_marks(board, seat)


def trips_marks(board, seat) -> list:
    return KIT.lesson_regions(board, seat)["trips"]


LESSON = Lesson(
    id="metromania", game="metromania", players=2, seed=1, bots=("easy",),
    panel=(14, 440, 292, 228),
    steps=(
        Step("welcome"),
        Step("dig", accept=digs, marks=tunnel_marks, names=("confirm", "line0"),
             explain=why_blocked),
        Step("marker", accept=places_marker, meanwhile=anything,
             marks=marker_marks, names=("confirm", "markers"), explain=why_blocked),
        Step("stations"),
        Step("intermediate", accept=intermediate, meanwhile=anything, marks=station_marks,
             names=("station",), explain=why_blocked),
        Step("trips", marks=trips_marks, names=("trips",)),
        Step("handover"),
    ))

LESSONS = (LESSON,)
