"""The places on the screen a lesson may talk about, by name, read from each board's public
geometry (never from fixed coordinates, so they follow the board's own layout): Railroad Ink's
sheet, dice, specials, buttons, meteor and volcano rows and status lines; Metro's board, hand,
stack button and score rows; Metromania's city, line buttons, markers and test trips.

``regions(board, seat)`` gives ``{name: [rect, ...]}`` for the seat's part of the board;
``ALWAYS`` names what no coach panel may ever cover in a game (where the game is played and
what it says back); ``screen_controls`` the buttons every play screen keeps (Hint, Menu).
"""

from __future__ import annotations

import pygame

STATUS_H = 5 * 21 + 8     # Railroad Ink's status: five lines of its largest type
TITLE_H = 30              # a pane's title row (name, drawing…, points)

# what every step of a lesson of this game needs to see (the steps add what they name)
ALWAYS = {
    "railroad-ink": ("sheet", "status"),
    "metro": ("board",),
    "metromania": ("city",),
}
# what a toast must leave in sight at every step: Railroad Ink's sheet and status lines (its
# toasts have a lane of their own); a Metro board or a Metromania city only where a step
# marks places on it (toasts float over their edge)
TOAST_CLEAR = {"railroad-ink": ("sheet", "status")}


def regions(board, seat: int) -> dict[str, list[pygame.Rect]]:
    reader = READERS.get(board.match.game.name)
    return reader(board, seat) if reader is not None else {}


def screen_controls(play) -> list[pygame.Rect]:
    """The play screen's own buttons: Menu and Hint."""
    out = []
    menu = getattr(play.board, "menu_button", None)
    if menu is not None:
        out.append(pygame.Rect(menu))
    coach = getattr(play, "coach", None)
    if coach is not None:
        out.append(pygame.Rect(coach.button()))
    return out


# -- Railroad Ink ------------------------------------------------------------------------------
def _ink(board, seat: int) -> dict:
    pane = board.pane_of(seat)
    if pane is None or not pane.full:
        return {}
    tray = pane.tray
    state = board.state
    x, y = tray["status"]
    out = {
        "sheet": [pygame.Rect(pane.geom.rect)],
        # the status lines, as wide as the tray: room for the most they say at once (a
        # refusal, the status, the device's hints), never below the pane
        "status": [pygame.Rect(x, y, tray["w"], max(0, min(STATUS_H, pane.rect.bottom - 4 - y)))],
        "dice": [pygame.Rect(r) for i, r in enumerate(tray["dice"]) if i < len(state.dice)],
        "specials": [pygame.Rect(r) for r in tray["specials"]],
    }
    # the player's name, state and points: over the tray, or along the pane's top
    out["title"] = [pygame.Rect(tray["title"]) if "title" in tray
                    else pygame.Rect(pane.rect.x, pane.rect.y, pane.rect.width, TITLE_H)]
    for name in ("meteor", "volcano"):
        if tray[name].height:
            out[name] = [pygame.Rect(tray[name])]
    for name, rect in tray["buttons"].items():
        out[name] = [pygame.Rect(rect)]
    return out


# -- Metro --------------------------------------------------------------------------------------
def _metro(board, seat: int) -> dict:
    from game.client.games.metro.geometry import GRID, PAD

    out = {
        "board": [GRID.inflate(2 * PAD, 2 * PAD)],
        "players": [pygame.Rect(board.seat_row(s)) for s in range(board.state.players)],
        "hand": [pygame.Rect(r) for r in board.hand_rects(seat)],
    }
    draw = board.button_rect("draw", seat)
    if draw is not None:
        out["draw"] = [pygame.Rect(draw)]
    return out


# -- Metromania ---------------------------------------------------------------------------------
def _mania(board, seat: int) -> dict:
    from game.client.games.metromania import geometry as geo
    from game.client.games.metromania.layout import RIGHT

    xs = [p[0] for p in geo.POINT_XY]
    ys = [p[1] for p in geo.POINT_XY]
    city = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                       int(max(ys) - min(ys)) + 1).inflate(16, 16)
    out = {
        "city": [city],
        "players": [pygame.Rect(board.seat_row(s)) for s in range(board.state.players)],
        "markers": [pygame.Rect(RIGHT.x + 8, RIGHT.y + 176, RIGHT.width - 16, 64)],
        "trips": [pygame.Rect(RIGHT.x + 8, RIGHT.bottom - 166, RIGHT.width - 16, 158)],
    }
    for action, rect, _enabled in board.buttons(seat):
        out[action] = [pygame.Rect(rect)]
    return out


READERS = {"railroad-ink": _ink, "metro": _metro, "metromania": _mania}
