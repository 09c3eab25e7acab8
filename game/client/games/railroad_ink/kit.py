"""Railroad Ink's client kit: its board, move labels, replay secrets, card art, rules pages
and results panel."""

from __future__ import annotations

import pygame

from game.client.games.hidden import Hidden, Item, Strip, centred, draw_count
from game.client.games.kit_base import GameKit
from game.client.games.railroad_ink.results import RailroadInkResults
from game.client.games.railroad_ink import sprites as ink
from game.client.games.railroad_ink.board import RailroadInkBoard
from game.client.games.railroad_ink.help_art import draw_railroad_ink
from game.client.text import has, t
from game.rules.railroad_ink import table

CARD_DICE = ["road-curve", "station-straight", "rail-curve"]
UNKNOWN_ROLL = "unknown"     # next_roll of a fair table's state: the roll is not known yet


def next_roll(game, state):
    """(round, faces, meteor) of the next roll, or None after the last round. The rules roll
    every die of a round from the state's Rng (``table.roll_request`` names the dice) and use
    it for nothing else, so drawing from a copy of it gives exactly the dice the next round
    will show."""
    if state.over or state.round >= state.rounds:
        return None
    if isinstance(state.rng, table.UnknownRolls):
        return UNKNOWN_ROLL      # a fair table rolls each round together: nobody knew it
    rng = game.clone(state).rng
    outcome = [rng.below(sides) for sides in table.roll_request(state.expansion).sides]
    dice, meteor = table.faces_of(state.expansion, outcome)
    return state.round + 1, dice, meteor


class RailroadInkKit(GameKit):
    """Railroad Ink's hooks (built at the end of this module with its name, board and rules
    pages)."""

    def move_label(self, notation: str) -> str:
        """Dice by their names and the cell ("Railway curve · B7" for "rail-curve@B7/1"),
        undo and end of round by their button words, skips, the meteor and lava's erasing in
        words too."""
        if notation in ("undo", "end") and has(f"ri.{notation}"):
            return t(f"ri.{notation}")
        kind, colon, value = notation.partition(":")
        if colon and kind in ("skip", "ignore-meteor") and has(f"ri.face.{value}"):
            key = "replay.ri_skip" if kind == "skip" else "replay.ri_ignore_meteor"
            return t(key, face=t(f"ri.face.{value}"))
        if colon and kind == "meteor":
            return t("replay.ri_meteor", direction=value)
        face, at, rest = notation.partition("@")
        if at and face in ("erase", "crater"):
            return t(f"replay.ri_{face}", cell=rest)
        if at and has(f"ri.face.{face}"):
            return f"{t(f'ri.face.{face}')} · {rest.split('/')[0]}"
        return notation

    def hidden_info(self, game, state) -> Hidden:
        """Only the future rolls are hidden: the dice of the next round (and its meteor
        dice)."""
        upcoming = next_roll(game, state)
        if upcoming is None:
            return Hidden(strips=[Strip("replay.no_more_rolls")])
        if upcoming == UNKNOWN_ROLL:
            return Hidden(strips=[Strip("fair_panels.roll_unknown",
                                        {"n": state.round + 1, "total": state.rounds})])
        number, faces, meteor = upcoming
        strip = Strip("replay.next_roll", {"n": number, "total": state.rounds},
                      [Item("die", face) for face in faces])
        if meteor is not None:
            strip.extra, strip.extra_args = "ri.meteor", {"direction": meteor[0],
                                                          "distance": meteor[1]}
        return Hidden(strips=[strip])

    def draw_hidden_item(self, surface, item: Item, rect: pygame.Rect) -> None:
        size = min(rect.width, rect.height)
        surface.blit(ink.die(item.value, size), centred(rect, size))
        draw_count(surface, item, rect)

    def results_panel(self, match, result: dict) -> RailroadInkResults:
        return RailroadInkResults(match, result)

    def draw_card_art(self, art: pygame.Surface) -> None:
        """Three route dice."""
        for j, face in enumerate(CARD_DICE):
            art.blit(ink.die(face, 84), (j * 96, 0))


KIT = RailroadInkKit(name="railroad-ink", board=RailroadInkBoard,
                     rules_pages=("goal", "draw", "specials", "score", "expansions"),
                     rules_picture=draw_railroad_ink)
