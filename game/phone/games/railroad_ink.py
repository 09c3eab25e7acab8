"""Railroad Ink on a phone: the player's own sheet, the round's dice, specials and expansion.

``static`` gives every face's sides (N E S W as letters: H highway, R railway, W river, L lake,
V lava, . nothing) and connection groups, and the exits; the page draws a face in orientation
``o`` itself (0-3 turns clockwise, 4-7 mirrored first, as the rules page says). ``board`` is
this seat's sheet only (a 32-seat table sends each phone its own sheet and score),
the dice still to draw, the legal cells and orientations of every face that may be drawn now
(``legal``: face -> cell -> [o]), and the other moves (skip, erase, meteor, end, undo).
All phones of a round draw at the same time: every seat is to act until it ends its round.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import (EXITS, FACE_GROUPS, FACE_IDS, FACE_KIND, FACE_SIDES,
                                           SPECIALS, TYPE_NAME)
from game.rules.railroad_ink.moves import Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo
from game.rules.railroad_ink.scoring import score_sheet
from game.rules.railroad_ink.sheet import CELL_NAMES, CRATER, EMPTY

# every seat's view is the whole table (only the future rolls are hidden, from everyone): one
# view per change serves all the phone seats (see ``game.phone.games``)
VIEW_IS_PUBLIC = True
SIDE_LETTERS = {0: ".", 1: "H", 2: "R", 3: "W", 4: "L", 5: "V"}
WORDS = ("phone.ink.round", "phone.ink.pick_die", "phone.ink.pick_cell", "phone.ink.end_round",
         "phone.ink.skip", "phone.ink.done_waiting", "phone.ink.meteor",
         "phone.ink.ignore_meteor", "phone.ink.erase", "phone.ink.specials",
         "phone.ink.special_used", "phone.ink.dice", "phone.ink.no_cell", "phone.ink.optional",
         "phone.ink.end_first", "phone.ink.total", "phone.ink.breakdown",
         *(f"ri.face.{face}" for face in FACE_IDS))


def static(game, view) -> dict:
    faces = {face: ["".join(SIDE_LETTERS[side] for side in FACE_SIDES[i]),
                    [list(group) for group in FACE_GROUPS[i]], FACE_KIND[i]]
             for i, face in enumerate(FACE_IDS)}
    exits = [[cell, side, SIDE_LETTERS[kind]] for cell, side, kind in EXITS]
    return {"faces": faces, "exits": exits, "specials": list(SPECIALS),
            "expansion": view.expansion, "rounds": view.rounds, "side_names": {
                letter: TYPE_NAME[kind] for kind, letter in SIDE_LETTERS.items()}}


def key(game, view, seat: int):
    """What this seat's payload depends on: its own sheet and round (the seat's digest), the
    round, the end and, once the seat has ended its round, how many seats are still drawing
    (its "waiting for" line). Another seat's drawing or ending changes none of what a seat
    still drawing shows, so a 32-seat table rebuilds one payload per drawing, and a seat that
    ends its round rebuilds only the payloads of the seats already waiting (a phone still
    drawing keeps the cell it picked)."""
    s = view.seats[seat]
    waiting = sum(1 for other in view.seats if not other.ended) if s.ended else None
    return (s.digest(), view.round, view.over, waiting)


def position(game, view, seat: int):
    """What a hint for this seat stays good for: its own sheet (its digest) in this round;
    the other seats draw at the same time without making it stale."""
    return (view.seats[seat].digest(), view.round)


def board(game, view, seat: int, words) -> dict:
    s = view.seats[seat]
    sheet = s.sheet
    cells, craters = [], []
    for cell, code in enumerate(sheet.cells):
        if code == CRATER:
            craters.append(CELL_NAMES[cell])
        elif code != EMPTY:
            cells.append([CELL_NAMES[cell], FACE_IDS[code >> 3], code & 7])
    legal: dict[str, dict[str, list[int]]] = {}
    skips, erase, meteor, ignore = [], [], [], []
    can_end = can_undo = False
    for move in game.legal_moves(view, seat):
        if isinstance(move, Draw):
            legal.setdefault(move.face, {}).setdefault(CELL_NAMES[move.cell], []).append(move.o)
        elif isinstance(move, Skip):
            skips.append(move.face)
        elif isinstance(move, Erase):
            erase.append(CELL_NAMES[move.cell])
        elif isinstance(move, Meteor):
            meteor.append(move.direction)
        elif isinstance(move, IgnoreMeteor):
            ignore.append(move.special)
        elif isinstance(move, End):
            can_end = True
        elif isinstance(move, Undo):
            can_undo = True
    breakdown, _ = score_sheet(sheet, view.expansion)     # this sheet only, not the table's
    data = {
        "round": view.round, "rounds": view.rounds, "cells": cells, "craters": craters,
        "dot": CELL_NAMES[sheet.dot] if sheet.dot >= 0 else None,
        "dice": [[face, mandatory] for face, mandatory in game.remaining_dice(view, seat)],
        "roll": list(view.dice), "specials": game.specials_status(view, seat),
        "legal": legal, "skips": skips, "erase": erase, "meteor": meteor, "ignore": ignore,
        "meteor_status": game.meteor_status(view, seat), "end": can_end, "undo": can_undo,
        # how many seats still draw: kept up to date (see ``key``) once this seat has ended
        "ended": s.ended, "waiting_for": sum(1 for other in view.seats if not other.ended),
        "total": breakdown["total"], "score": breakdown["total"],
        "score_text": words("phone.ink.breakdown", exits=breakdown["exits"],
                            highway=breakdown["longest_highway"],
                            railway=breakdown["longest_railway"], centre=breakdown["centre"],
                            errors=signed(-breakdown["errors"])),
    }
    data["note"] = _note(game, view, seat, data, words)
    return data


def signed(points: int) -> str:
    """Points as a player reads them: a true minus sign before a loss ("−11"), "0" alone."""
    return f"−{-points}" if points < 0 else str(points)


def _note(game, view, seat: int, data: dict, words) -> str:
    if view.over:
        return ""
    if data["ended"]:
        return words("phone.ink.done_waiting", n=data["waiting_for"])
    if data["meteor"]:
        return words("phone.ink.meteor")
    if data["erase"]:
        return words("phone.ink.erase")
    if data["dice"] or data["legal"]:
        return words("phone.ink.pick_die")
    return words("phone.ink.end_first") if data["end"] else ""


def answer(game, view, seat: int, ask: dict):
    return None


def hint_targets(move) -> dict:
    if isinstance(move, Draw):
        return {"face": move.face, "cell": CELL_NAMES[move.cell], "o": move.o}
    return {}


async def robot_move(board: dict, static: dict, ask) -> str | None:
    """The scripted phone's move (``game.phone.robot``): a meteor's landing, else the first
    die (or a new volcano) with room, an erase, a skip, the round's end; payload only."""
    if board.get("meteor"):
        return f"meteor:{board['meteor'][0]}"
    legal = board.get("legal", {})
    dice = [face for face, _ in board.get("dice", [])]
    for face in dice + ["volcano"]:     # a new volcano: the way out for lava with no room
        if face in legal:
            cell = sorted(legal[face])[0]
            return f"{face}@{cell}/{legal[face][cell][0]}"
    if board.get("erase"):
        return f"erase@{board['erase'][0]}"
    if board.get("skips"):
        return f"skip:{board['skips'][0]}"
    if board.get("end"):
        return "end"
    return None
