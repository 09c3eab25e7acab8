"""Where to act in a Railroad Ink lesson, as screen rectangles asked from the board's public
geometry: the tray's dice, the specials, the buttons, the legal cells, the meteor and volcano
rows. Only read; nothing here changes a board."""

from __future__ import annotations

import pygame

from game.rules.railroad_ink.faces import SPECIALS

CENTRE_CELLS = tuple(r * 7 + c for r in range(2, 5) for c in range(2, 5))


# -- Railroad Ink ---------------------------------------------------------------------------
def ink_tray(board, seat: int):
    pane = board.pane_of(seat)
    return pane.tray if pane is not None and pane.full else None


def ink_dice(board, seat: int, wanted) -> list:
    """The tray dice still to draw whose face ``wanted(face)`` likes."""
    tray = ink_tray(board, seat)
    if tray is None:
        return []
    pending = {face for kind, face in board.pieces(seat) if kind == "die"}
    state = board.state
    return [rect for index, rect in enumerate(tray["dice"])
            if index < len(state.dice) and state.dice[index] in pending
            and wanted(state.dice[index])]


def ink_cells(board, seat: int, faces) -> list:
    """The cells where the picked face may go, if it is one of ``faces``; else where the
    first of ``faces`` may go."""
    pane = board.pane_of(seat)
    if pane is None:
        return []
    legal = board.legal(seat).draw
    picked = board.picked_face(seat)
    choice = picked if picked in faces and legal.get(picked) else next(
        (face for face in faces if legal.get(face)), None)
    if choice is None:
        return []
    return [pane.geom.cell_rect(cell) for cell in sorted(legal[choice])]


def ink_pieces(board, seat: int, wanted) -> list:
    """Tray dice plus the cells they may go on (faces chosen by ``wanted``)."""
    faces = [face for kind, face in board.pieces(seat) if kind == "die" and wanted(face)]
    return ink_dice(board, seat, wanted) + ink_cells(board, seat, faces)


def ink_specials(board, seat: int) -> list:
    tray = ink_tray(board, seat)
    if tray is None:
        return []
    available = {face for kind, face in board.pieces(seat) if kind == "special"}
    rects = [rect for index, rect in enumerate(tray["specials"])
             if SPECIALS[index] in available]
    return rects + ink_cells(board, seat, sorted(available))


def ink_button(board, seat: int, name: str) -> list:
    tray = ink_tray(board, seat)
    rect = tray["buttons"].get(name) if tray is not None else None
    return [rect] if rect is not None else []


def ink_meteor(board, seat: int) -> list:
    tray = ink_tray(board, seat)
    return [tray["meteor"]] if tray is not None and tray["meteor"].height else []


def ink_volcano(board, seat: int) -> list:
    """The tray's "new volcano" row (while it may be picked) and the cells it may go on."""
    tray = ink_tray(board, seat)
    row = [tray["volcano"]] if tray is not None and tray["volcano"].height and \
        ("volcano", "volcano") in board.pieces(seat) else []
    return row + ink_cells(board, seat, ["volcano"])


def ink_centre(board, seat: int) -> list:
    pane = board.pane_of(seat)
    if pane is None:
        return []
    rects = [pane.geom.cell_rect(cell) for cell in CENTRE_CELLS]
    return [rects[0].unionall(rects[1:])]


def union(*groups) -> list:
    out: list[pygame.Rect] = []
    for group in groups:
        out += group
    return out
