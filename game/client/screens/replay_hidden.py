"""What each game kept hidden at a replayed move, read from the full state, and its pictures.

The replay viewer shows everything that was secret during play:

* Metro: every player's hand tiles, the order of the face-down stack (the next tiles to be
  drawn, top first) and, with the companies expansion, every player's share cards and the top
  card of each face-down share pile (the card a face-down exchange takes next).
* Metromania: with the Unfair Municipality variant, the letters of every player's unplaced
  destination markers (a view shows only their types); otherwise nothing is hidden.
* Railroad Ink: only the future rolls are hidden: the dice of the next round (and its meteor
  dice), previewed from a copy of the state's Rng exactly as the rules will roll them.

``hidden_info(game, state)`` -> ``Hidden``; labels are catalog keys with arguments, translated
when drawn (the language can change while the viewer is open). ``draw_item`` draws one small
picture (a tile, a share card, a marker, a die) in a rect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import fonts, sprites, theme
from game.client.text import t


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


def hidden_info(game, state) -> Hidden:
    """What ``state`` (a full state: nothing replaced by placeholders) hides from players."""
    reader = _READERS.get(game.name)
    if reader is None:
        return Hidden(note="replay.nothing_hidden")
    return reader(game, state)


def _metro(game, state) -> Hidden:
    holdings = []
    for seat in range(state.players):
        items = [Item("tile", code) for code in state.hands[seat]]
        if state.companies:
            items += [Item("card", tuple(card)) for card in state.shares[seat]]
        holdings.append(items)
    upcoming = [Item("tile", code) for code in reversed(state.stack)]   # top = last element
    strips = [Strip("replay.next_tiles", {"n": len(state.stack)}, upcoming, mark_next=True)
              if state.stack else Strip("replay.stack_empty")]
    if state.companies:
        tops = [Item("card", tuple(pile[0]), len(pile)) for pile in state.piles if pile]
        strips.append(Strip("replay.share_piles", {}, tops))
    return Hidden(holdings, strips)


def _metromania(game, state) -> Hidden:
    from game.rules.metromania.markers import UNFAIR
    from game.rules.metromania.state import OVER

    if UNFAIR not in state.variants or state.phase == OVER:
        return Hidden(note="replay.nothing_hidden")
    return Hidden([[Item("marker", key) for key in hand] for hand in state.hands])


def next_roll(game, state):
    """Railroad Ink: (round, faces, meteor) of the next roll, or None after the last round.
    The rules roll every die from the state's Rng and use it for nothing else, so rolling a
    copy gives exactly the dice the next round will show."""
    roll = getattr(game, "_roll", None)
    if roll is None or state.over or state.round >= state.rounds:
        return None
    preview = game.clone(state)
    roll(preview)
    return preview.round, list(preview.dice), preview.meteor


def _railroad_ink(game, state) -> Hidden:
    upcoming = next_roll(game, state)
    if upcoming is None:
        return Hidden(strips=[Strip("replay.no_more_rolls")])
    number, faces, meteor = upcoming
    strip = Strip("replay.next_roll", {"n": number, "total": state.rounds},
                  [Item("die", face) for face in faces])
    if meteor is not None:
        direction = meteor[0]
        strip.extra, strip.extra_args = "ri.meteor", {"direction": direction,
                                                      "distance": meteor[1]}
    return Hidden(strips=[strip])


_READERS = {"metro": _metro, "metromania": _metromania, "railroad-ink": _railroad_ink}


def extra_text(strip: Strip) -> str:
    """The strip's line after its pictures, translated ("any" direction in words)."""
    if not strip.extra:
        return ""
    args = dict(strip.extra_args)
    if args.get("direction") == "any":
        args["direction"] = t("ri.meteor_any")
    return t(strip.extra, **args)


# --------------------------------------------------------------------------------------------
# Pictures
# --------------------------------------------------------------------------------------------


def draw_item(surface: pygame.Surface, item: Item, rect: pygame.Rect) -> None:
    """``item`` drawn to fill ``rect`` (square for tiles, markers and dice)."""
    if item.kind == "tile":
        size = min(rect.width, rect.height)
        surface.blit(sprites.tile(item.value, 0, size), sprites_pos(rect, size))
    elif item.kind == "card":
        _card(surface, rect, item.value)
    elif item.kind == "marker":
        _marker(surface, rect, item.value)
    elif item.kind == "die":
        from game.client.boards import ink_sprites

        size = min(rect.width, rect.height)
        surface.blit(ink_sprites.die(item.value, size), sprites_pos(rect, size))
    if item.count > 1:
        badge = pygame.Rect(0, 0, 18, 14)
        badge.bottomright = (rect.right + 4, rect.bottom + 2)
        pygame.draw.rect(surface, theme.BG_DEEP, badge, border_radius=6)
        fonts.blit_in(surface, f"×{item.count}", 11, theme.TEXT, badge, "bold")


def sprites_pos(rect: pygame.Rect, size: int) -> tuple[int, int]:
    return rect.centerx - size // 2, rect.centery - size // 2


def _card(surface, rect: pygame.Rect, card) -> None:
    """A Metro share card: the company's colour and shape, its percentage on top."""
    from game.rules.metro.data import COMPANIES

    company, pct = card
    rgb = theme.COLOURS[COMPANIES[company]]
    pygame.draw.rect(surface, rgb, rect, border_radius=5)
    pygame.draw.rect(surface, theme.outline_for(rgb), rect, 1, border_radius=5)
    top = pygame.Rect(rect.x, rect.y + 1, rect.width, rect.height // 2)
    fonts.blit_in(surface, str(pct), 12, theme.ink_on(rgb), top, "bold")
    theme.draw_shape(surface, company, (rect.centerx, rect.bottom - rect.height // 4 - 1),
                     max(3, rect.width // 5), theme.ink_on(rgb))


def _marker(surface, rect: pygame.Rect, key: str) -> None:
    """A Metromania destination marker letter side up, its type in the corner badge."""
    from game.client.boards.mania_paint import draw_token

    radius = min(rect.width, rect.height) // 2 - 2
    with fonts.box(rect, "marker"):
        draw_token(surface, (rect.centerx - 1, rect.centery - 1), key[0], radius=radius,
                   kind=key[1])
