"""``run.py score railroad-ink``: check one sheet's drawings in order and score the sheet.

The text is a whitespace-separated list of sheet actions in drawing order: placements
``<face>@<cell>/<o>``, and with the Meteor expansion ``crater@<cell>``, with the Volcano
expansion ``erase@<cell>`` (a route cell). Dice and rounds are not checked, only the sheet
rules: a free cell; a route face connects to a matching route or exit; never highway against
railway (neighbour or exit); rivers never meet routes; lava joins lava; a new volcano is not
next to lava; each special at most once and at most three. Lake fills happen by themselves.
The first refused action raises IllegalMove naming its number and notation.
"""

from __future__ import annotations

from game.rules.core import IllegalMove

from . import lake, meteor, volcano
from .faces import BASE_FACES, EXPANSION_FACES, FACE_INDEX, FACE_KIND, MAX_SPECIALS, SPECIALS
from .moves import Crater, Draw, Erase, parse_move
from .scoring import score_sheet
from .sheet import CELL_NAMES, Sheet


def _refuse(number: int, token: str, code: str, template: str, **args) -> IllegalMove:
    return IllegalMove(code, "Placement {number} ({notation}): " + template,
                       number=number, notation=token, **args)


def build_sheet(text: str, expansion: str) -> Sheet:
    """The sheet after the actions in ``text``; IllegalMove on the first refused one."""
    sheet = Sheet()
    if expansion == "volcano":
        volcano.setup(sheet)
    allowed = BASE_FACES | EXPANSION_FACES.get(expansion, frozenset())
    for number, token in enumerate(text.split(), start=1):
        try:
            move = parse_move(token)
        except IllegalMove as exc:
            raise _refuse(number, token, exc.code, exc.template, **exc.args_dict) from None
        if isinstance(move, Draw):
            face = move.face
            if face not in allowed or face == "lake-full":
                raise _refuse(number, token, "face_not_in_game",
                              "{face} cannot be drawn in this game", face=face)
            if face in SPECIALS:
                if face in sheet.specials:
                    raise _refuse(number, token, "special_used", "{face} has already been used",
                                  face=face)
                if len(sheet.specials) >= MAX_SPECIALS:
                    raise _refuse(number, token, "special_limit",
                                  "At most {limit} special routes per game", limit=MAX_SPECIALS)
            problem = sheet.problem(FACE_INDEX[face], move.cell, move.o)
            if problem is not None:
                code, template, args = problem
                raise _refuse(number, token, code, template, **args)
            if face in SPECIALS:
                sheet.specials.append(face)
            sheet.put(move.cell, FACE_INDEX[face], move.o)
            if expansion == "lake":
                lake.forced_fills(sheet)
        elif isinstance(move, Crater) and expansion == "meteor":
            meteor.place_crater(sheet, move.cell)
        elif isinstance(move, Erase) and expansion == "volcano":
            code = sheet.cells[move.cell]
            if code < 0 or FACE_KIND[code >> 3] not in volcano.ERASABLE_KINDS:
                raise _refuse(number, token, "erase_cell", "{cell} holds no route to erase",
                              cell=CELL_NAMES[move.cell])
            sheet.clear(move.cell)
        else:
            raise _refuse(number, token, "sheet_only",
                          "only drawings on the sheet are read here (placements"
                          + (", crater@<cell>" if expansion == "meteor" else "")
                          + (", erase@<cell>" if expansion == "volcano" else "") + ")")
    return sheet


def score_sheet_notation(text: str, config: dict) -> dict:
    variants = config.get("variants", [])
    expansion = variants[0] if variants else ""
    breakdown, _ = score_sheet(build_sheet(text, expansion), expansion)
    return breakdown
