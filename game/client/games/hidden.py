"""What a game kept hidden at a replayed move, as the replay viewer shows it.

Each game's kit reads its own secrets from a full state (``GameKit.hidden_info``) into these
plain records and draws its own pictures (``GameKit.draw_hidden_item``); labels are catalog
keys with arguments, translated when drawn (the language can change while the viewer is open).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import fonts, theme
from game.client.text import t
from game.client import gfx


@dataclass(frozen=True)
class Item:
    """One small picture: kind "tile" (Metro type code), "card" (Metro share card
    ``(company, pct)``), "marker" (Metromania key like "AR") or "die" (Railroad Ink face id);
    ``count`` > 1 is written beside it (the cards left in a pile)."""

    kind: str
    value: Any
    count: int = 0


@dataclass
class Strip:
    """A row of hidden things shared by the table (the stack, the share piles, the next roll):
    a title (catalog key + arguments), the pictures, whether the first is marked "next", and
    an optional line after them (catalog key + arguments)."""

    title: str
    args: dict = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    mark_next: bool = False
    extra: str = ""
    extra_args: dict = field(default_factory=dict)


@dataclass
class Hidden:
    """``holdings[seat]``: the pictures of what that seat held in secret (None when no seat
    holds anything hidden in this game); ``strips``; ``note``: a catalog key said when
    nothing at all is hidden."""

    holdings: list[list[Item]] | None = None
    strips: list[Strip] = field(default_factory=list)
    note: str = ""


NOTHING_HIDDEN = "replay.nothing_hidden"


def extra_text(strip: Strip) -> str:
    """The strip's line after its pictures, translated ("any" direction in words)."""
    if not strip.extra:
        return ""
    args = dict(strip.extra_args)
    if args.get("direction") == "any":
        args["direction"] = t("ri.meteor_any")
    return t(strip.extra, **args)


def centred(rect: pygame.Rect, size: int) -> tuple[int, int]:
    """Where a ``size`` square picture goes to sit in the middle of ``rect``."""
    return rect.centerx - size // 2, rect.centery - size // 2


def draw_count(surface: pygame.Surface, item: Item, rect: pygame.Rect) -> None:
    """The "×n" badge at the corner of a picture that stands for several (a pile)."""
    if item.count > 1:
        badge = pygame.Rect(0, 0, 18, 14)
        badge.bottomright = (rect.right + 4, rect.bottom + 2)
        gfx.rect(surface, theme.BG_DEEP, badge, border_radius=6)
        fonts.blit_in(surface, f"×{item.count}", 11, theme.TEXT, badge, "bold")
