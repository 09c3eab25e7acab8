"""The companies expansion's parts of the Metro board: the company track in the left panel
(profits against the exchange cutoff) and the share cards in the right one (the face-up cards
and the viewer's own shares). Functions of the board they draw for."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.games.metro.geometry import LEFT, RIGHT
from game.client.text import t
from game.client import gfx
from game.rules.metro.data import COMPANIES, EXCHANGE_CUTOFF


def draw_company_track(board, surface) -> None:
    st = board.state
    top = board.company_row(0).y - 30
    with fonts.box(LEFT.inflate(-32, 0), "left panel"):
        fonts.blit(surface, t("metro.company_track", cutoff=EXCHANGE_CUTOFF), 18,
                   theme.TEXT_DIM, (LEFT.x + 20, top), "semibold")
    best = max(max(st.profits), EXCHANGE_CUTOFF)
    for c in range(len(COMPANIES)):
        row = board.company_row(c)
        rgb = theme.COLOURS[COMPANIES[c]]
        theme.draw_shape(surface, c, (row.x + 10, row.centery), 8, rgb,
                         theme.outline_for(rgb))
        bar = pygame.Rect(row.x + 26, row.y + 5, row.width - 76, row.height - 10)
        gfx.rect(surface, theme.BG_DEEP, bar, border_radius=6)
        shown = board.shown_score(c)
        filled = bar.copy()
        filled.width = int(bar.width * shown / best) if best else 0
        if filled.width:
            gfx.rect(surface, rgb, filled, border_radius=6)
        cutoff_x = bar.x + int(bar.width * EXCHANGE_CUTOFF / best)
        gfx.line(surface, theme.ACCENT_DIM, (cutoff_x, bar.y - 2),
                         (cutoff_x, bar.bottom + 1), 2)
        fonts.blit_in(surface, str(shown), 18, theme.TEXT,
                      pygame.Rect(bar.right, row.y, row.right - 4 - bar.right, row.height),
                      "bold", "midright")


def share_card(surface, rect, card, face_down=False) -> None:
    company, pct = card
    if face_down or company < 0:
        gfx.rect(surface, (58, 84, 122), rect, border_radius=8)
        gfx.rect(surface, (92, 122, 166), rect, 2, border_radius=8)
        fonts.blit_in(surface, f"{pct}%" if pct else "?", 16, theme.TEXT, rect, "bold",
                      name="share card")
        return
    rgb = theme.COLOURS[COMPANIES[company]]
    gfx.rect(surface, rgb, rect, border_radius=8)
    gfx.rect(surface, theme.outline_for(rgb), rect, 2, border_radius=8)
    fonts.blit_in(surface, f"{pct}%", 18, theme.ink_on(rgb),
                  pygame.Rect(rect.x, rect.y + 2, rect.width, 24), "bold", name="share card")
    theme.draw_shape(surface, company, (rect.centerx, rect.bottom - 16), 8,
                     theme.ink_on(rgb))


def draw_shares(board, surface, viewer) -> None:
    st = board.state
    top = RIGHT.y + 300
    fonts.blit(surface, t("metro.face_up"), 18, theme.TEXT_DIM, (RIGHT.x + 20, top),
               "semibold")
    w, h, gap = 58, 62, 12
    x0 = RIGHT.centerx - (4 * w + 3 * gap) // 2
    for p, card in enumerate(st.face_up):
        rect = pygame.Rect(x0 + p * (w + gap), top + 28, w, h)
        share_card(surface, rect, card)
    top += 28 + h + 18
    if viewer is not None:
        fonts.blit(surface, t("metro.your_shares"), 18, theme.TEXT_DIM,
                   (RIGHT.x + 20, top), "semibold")
        view = board.match.view(viewer)
        for i, card in enumerate(view.shares[viewer]):
            rect = pygame.Rect(x0 + i * (w + gap), top + 28, w, h)
            share_card(surface, rect, card)
    fonts.blit_in(surface, t("metro.exchanges_open") if st.exchanges_open
                  else t("metro.exchanges_closed"), 16, theme.TEXT_DIM,
                  pygame.Rect(RIGHT.x + 12, RIGHT.bottom - 32, RIGHT.width - 24, 28),
                  "regular")
