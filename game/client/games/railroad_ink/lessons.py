"""Railroad Ink's lessons: the basics on a solo sheet, then one short lesson per expansion
(River, Lake, Meteor, Volcano). Seeds are chosen so that the first roll shows what each step
teaches (tests/test_tutorial_scripts.py plays every step's example move to the end)."""

from __future__ import annotations

from game.client.games.railroad_ink import lesson_marks as marks
from game.client.tutorial.script import Lesson, Step
from game.rules.railroad_ink.faces import LAKE_DIE, LAVA_DIE, RIVER_DIE, SPECIALS
from game.rules.railroad_ink.moves import Draw, End, IgnoreMeteor, Meteor, Skip

BASE_DICE = ("road-", "rail-", "overpass", "station-")
# a step that draws a piece may need to turn it: its Rotate and Mirror buttons stay in sight
TURNS = ("rotate", "mirror")


def is_base_die(face: str) -> bool:
    return face.startswith(BASE_DICE)


def draws(wanted):
    """Accept a drawing of a face ``wanted`` likes."""
    return lambda game, state, seat, move: isinstance(move, Draw) and wanted(move.face)


def base_die_or_skip(game, state, seat, move) -> bool:
    return (isinstance(move, Draw) and is_base_die(move.face)) or isinstance(move, Skip)


def ends_round(game, state, seat, move) -> bool:
    return isinstance(move, End)


def resolves_meteor(game, state, seat, move) -> bool:
    return isinstance(move, (Meteor, IgnoreMeteor))


def dice_done(game, state, seat) -> bool:
    """No mandatory die left to draw this round."""
    return not any(mandatory for _face, mandatory in game.remaining_dice(state, seat))


def no_station_rolled(game, state, seat) -> bool:
    return not any(face.startswith("station") for face, _m in game.remaining_dice(state, seat))


def pending(faces):
    """Skip the step when none of ``faces`` is still to draw."""
    return lambda game, state, seat: not any(face in faces for face, _m
                                             in game.remaining_dice(state, seat))


def dice_marks(board, seat):
    return marks.ink_pieces(board, seat, is_base_die)


def faces_marks(faces):
    return lambda board, seat: marks.ink_pieces(board, seat, lambda face: face in faces)


def end_marks(board, seat):
    return marks.ink_button(board, seat, "end")


BASICS = Lesson(
    id="railroad-ink", game="railroad-ink", seed=2,
    steps=(
        Step("welcome", names=("dice",)),
        Step("first_die", accept=draws(is_base_die), marks=dice_marks, names=TURNS),
        Step("exits"),
        Step("station", accept=draws(lambda face: face.startswith("station")),
             skip=no_station_rolled, names=TURNS,
             marks=lambda board, seat: marks.ink_pieces(
                 board, seat, lambda face: face.startswith("station"))),
        Step("every_die", accept=base_die_or_skip, done=dice_done, skip=dice_done,
             marks=dice_marks, names=TURNS),
        Step("special", accept=draws(lambda face: face in SPECIALS),
             marks=marks.ink_specials, names=("specials",) + TURNS),
        Step("limit", names=("specials",)),
        Step("end", accept=ends_round, marks=end_marks, names=("end",)),
        Step("errors"),
        Step("centre", marks=marks.ink_centre),
        Step("longest"),
        Step("handover"),
    ))


def expansion(name: str, seed: int, middle: tuple, intro: tuple = ("dice",),
              handover: tuple = ()) -> Lesson:
    """A short lesson: what the expansion adds, use it once, the round's dice, end, how it
    scores, then the game is yours. ``intro``, ``handover``: the places those speak of."""
    return Lesson(
        id=f"railroad-ink-{name}", game="railroad-ink", variants=(name,), seed=seed,
        steps=(Step("intro", names=intro), *middle,
               Step("dice", accept=base_die_or_skip, done=dice_done, skip=dice_done,
                    marks=dice_marks, names=TURNS),
               Step("end", accept=ends_round, marks=end_marks, names=("end",)),
               Step("score"),
               Step("handover", names=handover)))


RIVER = expansion("river", 1, (
    Step("river", accept=draws(lambda face: face in RIVER_DIE), skip=pending(RIVER_DIE),
         marks=faces_marks(RIVER_DIE), names=TURNS),))
LAKE = expansion("lake", 1, (
    Step("lake", accept=draws(lambda face: face in LAKE_DIE), skip=pending(LAKE_DIE),
         marks=faces_marks(LAKE_DIE), names=TURNS),))
METEOR = expansion("meteor", 1, (
    Step("meteor", accept=resolves_meteor, names=("meteor", "end", "specials"),
         marks=lambda board, seat: marks.ink_meteor(board, seat) + end_marks(board, seat)),
    Step("crater", names=("meteor",)),), intro=("meteor",), handover=("meteor",))
VOLCANO = expansion("volcano", 1, (
    Step("lava", accept=draws(lambda face: face in LAVA_DIE), skip=pending(LAVA_DIE),
         marks=faces_marks(LAVA_DIE), names=TURNS),
    # the lesson has the learner start one (a real game leaves it to them, once a round):
    # the tray's "new volcano" row, then a cell not next to lava
    Step("volcano", accept=draws(lambda face: face == "volcano"), marks=marks.ink_volcano,
         names=("volcano", "specials")),), intro=())

LESSONS = (BASICS, RIVER, LAKE, METEOR, VOLCANO)
