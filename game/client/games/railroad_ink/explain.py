"""The Railroad Ink tray's explanations of what the expansions' dice mean (play-test: "Meteor
W 3", "any 1 → N", the "optional" tag and a Volcano sheet starting at −2 were never
explained). Each returns the status line for the seat's current pick, or "" to keep the
board's ordinary wording."""

from __future__ import annotations

from game.client.plural import tn
from game.client.text import has, t
from game.rules.railroad_ink.sheet import CELL_INDEX, CELL_NAMES

LAVA_PREFIX = "lava-"


def _direction_word(direction: str) -> str:
    key = f"illegal.arg.{direction}"
    return t(key) if has(key) else direction


def meteor_help(state, seat: int, chosen: str) -> str:
    """The pending meteor: from which cell it flies, where to and how far, what it leaves,
    and the two ways to resolve it. ``chosen``: the direction picked for an "any" die."""
    direction, distance = state.meteor
    sheet = state.seats[seat].sheet
    start = CELL_NAMES[sheet.dot if sheet.dot >= 0 else CELL_INDEX["D4"]]
    if direction == "any":
        return tn("ri.meteor_explain_any", distance, direction=_direction_word(chosen),
                  cell=start)
    return tn("ri.meteor_explain", distance, direction=_direction_word(direction), cell=start)


def is_optional(game, state, seat: int, face: str) -> bool:
    """The picked die (the first pending die with this face) may be left undrawn."""
    for die_face, mandatory in game.remaining_dice(state, seat):
        if die_face == face:
            return not mandatory
    return False


def die_help(game, state, seat: int, kind: str, face: str, face_name: str) -> str:
    """An optional die, a lava die or a new volcano: what it is for and how it scores."""
    if kind == "die" and is_optional(game, state, seat, face):
        return t("ri.optional_explain", face=face_name)
    if state.expansion == "volcano" and (kind == "volcano" or face.startswith(LAVA_PREFIX)):
        return t("ri.lava_explain", face=face_name)
    return ""


def opening_help(state, seat: int) -> str:
    """Before the first drawing of a Volcano game: why the sheet already shows −2."""
    if state.expansion == "volcano" and state.round == 1 \
            and not state.seats[seat].round_moves:
        return t("ri.volcano_start")
    return ""
