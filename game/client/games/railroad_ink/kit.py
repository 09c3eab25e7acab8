"""Railroad Ink's client kit: its board, move labels, replay secrets, card art, rules pages
and results panel."""

from __future__ import annotations

import pygame

from game.client.games.hidden import Hidden, Item, Strip, centred, draw_count
from game.client.games.kit_base import GameKit, framed_piece
from game.client.games.railroad_ink.results import RailroadInkResults
from game.client.games.railroad_ink import sprites as ink
from game.client.games.railroad_ink.board import RailroadInkBoard
from game.client.games.railroad_ink.help_art import draw_railroad_ink
from game.client.text import has, t
from game.rules.railroad_ink import table
from game.rules.railroad_ink.moves import Draw

CARD_DICE = ["road-curve", "station-straight", "rail-curve"]
LESSON_STATUS_H = 5 * 21 + 8   # a lesson's status region: five lines of its largest type
LESSON_TITLE_H = 30            # a pane's title row (name, drawing…, points)
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

    lessons = "game.client.games.railroad_ink.lessons"
    # the Daily Railroad Ink and the last-round puzzles: pygame-free, beside the game's bots
    # (the prover runs in their helper processes); see games.dailies for what it gives
    daily = "game.bots.ink_puzzles"
    lesson_always = ("sheet", "status")
    # its toasts have a lane of their own: a lesson keeps the sheet and status lines clear
    lesson_toast_clear = ("sheet", "status")

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

    def draw_coach_move(self, surface, board, seat, move, colour) -> bool:
        """A drawing: its face, translucent, in its cell of the seat's sheet."""
        if not isinstance(move, Draw):
            return False
        pane = board.pane_of(seat)
        if pane is None or pane.geom is None:
            return False
        rect = pane.geom.cell_rect(move.cell)
        return framed_piece(surface, ink.face(move.face, move.o, rect.width), rect, colour)

    def puzzle_marks(self, board, plan) -> list:
        """The cells the best last round draws on (a plan is (face, cell, orientation) rows;
        a skipped die has no cell)."""
        pane = board.pane_of(0)
        if pane is None or pane.geom is None:
            return []
        return [pane.geom.cell_rect(cell) for _face, cell, _o in plan if cell >= 0]

    def lesson_regions(self, board, seat: int) -> dict:
        """The sheet, status lines, dice, specials, title, meteor and volcano rows and
        buttons of the seat's pane (none while it is folded)."""
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
            "status": [pygame.Rect(x, y, tray["w"],
                                   max(0, min(LESSON_STATUS_H, pane.rect.bottom - 4 - y)))],
            "dice": [pygame.Rect(r) for i, r in enumerate(tray["dice"]) if i < len(state.dice)],
            "specials": [pygame.Rect(r) for r in tray["specials"]],
        }
        # the player's name, state and points: over the tray, or along the pane's top
        out["title"] = [pygame.Rect(tray["title"]) if "title" in tray
                        else pygame.Rect(pane.rect.x, pane.rect.y, pane.rect.width, LESSON_TITLE_H)]
        for name in ("meteor", "volcano"):
            if tray[name].height:
                out[name] = [pygame.Rect(tray[name])]
        for name, rect in tray["buttons"].items():
            out[name] = [pygame.Rect(rect)]
        return out

    def draw_card_art(self, art: pygame.Surface) -> None:
        """Three route dice."""
        for j, face in enumerate(CARD_DICE):
            art.blit(ink.die(face, 84), (j * 96, 0))


KIT = RailroadInkKit(name="railroad-ink", board=RailroadInkBoard,
                     rules_pages=("goal", "draw", "specials", "score", "expansions"),
                     rules_picture=draw_railroad_ink)
