"""Railroad Ink's rules-help pictures: a corner of the sheet, dice and faces from the board's
sprites."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.games import help_pictures as pictures
from game.client.games.railroad_ink import sprites as ink
from game.client import gfx
from game.rules.railroad_ink.faces import HIGHWAY, RAILWAY


def _ink_sheet(surface, origin, cells: dict, size: int = 80, exits: bool = True) -> None:
    ox, oy = origin
    sheet = pygame.Rect(ox, oy, 4 * size, 4 * size)
    gfx.rect(surface, ink.PAPER, sheet.inflate(36, 36), border_radius=8)
    for i in range(5):
        gfx.line(surface, ink.GRID, (ox + i * size, oy), (ox + i * size, sheet.bottom))
        gfx.line(surface, ink.GRID, (ox, oy + i * size), (sheet.right, oy + i * size))
    if exits:   # the printed exits of the top-left corner: A2 H, A4 R, B1 R, D1 H
        margin = 16
        for kind, side, index in ((HIGHWAY, 0, 1), (RAILWAY, 0, 3), (RAILWAY, 3, 1),
                                  (HIGHWAY, 3, 3)):
            stub = ink.exit_stub(kind, side, size, margin)
            if side == 0:
                surface.blit(stub, (ox + index * size, oy - margin))
            else:
                surface.blit(stub, (ox - margin, oy + index * size))
    for (row, col), (face_id, o, *style) in cells.items():
        sprite = ink.face(face_id, o, size, style[0] if style else "ink")
        surface.blit(sprite, (ox + col * size, oy + row * size))


def draw_railroad_ink(surface, box: pygame.Rect, page: str) -> None:
    network = {(0, 1): ("road-straight", 0), (1, 1): ("station-curve", 4),
               (1, 0): ("rail-straight", 1)}
    if page == "goal":
        for i, face_id in enumerate(("road-curve", "rail-tee", "rail-straight", "overpass")):
            surface.blit(ink.die(face_id, 70), (box.x + 60 + i * 96, box.y + 10))
        _ink_sheet(surface, (box.x + 90, box.y + 130), network, 76)
    elif page == "draw":
        # the network joins two exits through a station; the red drawing puts a highway
        # against the railway exit A4, which is not allowed
        cells = dict(network)
        cells[(0, 3)] = ("road-curve", 0, "bad")
        _ink_sheet(surface, (box.x + 90, box.y + 60), cells, 80)
        bad = pygame.Rect(box.x + 90 + 3 * 80, box.y + 60, 80, 80)
        gfx.rect(surface, theme.BAD, bad, 4, border_radius=6)
    elif page == "specials":
        specials = ("special-road-3", "special-rail-3", "special-road-cross",
                    "special-rail-cross", "special-station-corner", "special-station-cross")
        for i, face_id in enumerate(specials):
            cell = pygame.Rect(box.x + 40 + (i % 3) * 150, box.y + 60 + (i // 3) * 170, 120, 120)
            gfx.rect(surface, ink.SPECIAL_TINT, cell.inflate(16, 16), border_radius=10)
            surface.blit(ink.face(face_id, 0, 120), cell)
    elif page == "score":
        cells = dict(network)
        cells[(3, 0)] = ("road-curve", 0)
        _ink_sheet(surface, (box.x + 90, box.y + 40), cells, 80)
        pictures.badge(surface, "+4", (box.x + 90 + 40, box.y + 40 + 80 + 40))
        pictures.badge(surface, "−1", (box.x + 90 + 40, box.y + 40 + 2 * 80 + 60), theme.BAD)
    else:   # expansions: river, lake, meteor crater, volcano
        for i, face_id in enumerate(("river-curve", "lake-2", None, "volcano")):
            cell = pygame.Rect(box.x + 40 + (i % 2) * 230, box.y + 30 + (i // 2) * 210, 180, 180)
            gfx.rect(surface, ink.PAPER, cell.inflate(16, 16), border_radius=10)
            sprite = ink.crater(150) if face_id is None else ink.face(face_id, 0, 180)
            surface.blit(sprite, sprite.get_rect(center=cell.center))
