"""Railroad Ink at a LAN table: the round's roll as a chance step the table resolves jointly.

Nothing in Railroad Ink is secret except the future: every sheet and the current roll are
public, so a table state is the public state with no way to compute the next roll. Its Rng is
``UnknownRolls``: it encodes exactly like the placeholder ``view`` has always shown
(``Rng(state=0)``), so the view of a local game and a table state encode identically, but it
refuses to draw. The rules see it and, when the last seat ends a round, wait instead of
rolling: ``pending_chance`` then asks for one ``roll`` of every die of the next round, in the
order the local game draws them from its Rng (3 route dice, the junction die, the two
expansion dice of River, Lake or Volcano, then Meteor's direction and distance dice). The
meteor is rolled with the round's dice because every seat resolves it as its first action.

The specials are no dice (a seat picks them), and there are no piles and no dealt cards.
"""

from __future__ import annotations

from game.rules.core import ChanceRequest, IllegalMove, Rng

from .faces import (EXPANSION_DIE, JUNCTION_DIE, METEOR_DIRECTION_DIE, METEOR_DISTANCE_DIE,
                    ROUTE_DIE)

ROUTE_DICE = 3


class UnknownRolls(Rng):
    """The Rng of a state that cannot know its future rolls (a table state, a view).

    Encodes and compares like ``Rng(state=0)``; drawing from it is a bug in the caller."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(state=0)

    def next_u32(self) -> int:
        raise ValueError("this state does not know its future rolls: the table rolls them")

    def copy(self) -> "UnknownRolls":
        return UnknownRolls()

    def __deepcopy__(self, memo: dict) -> "UnknownRolls":
        return UnknownRolls()

    def __repr__(self) -> str:
        return "UnknownRolls()"


def knows_future(state) -> bool:
    """True for a local game (its Rng rolls the next round), False for a table state or view."""
    return not isinstance(state.rng, UnknownRolls)


def round_dice(expansion: str) -> tuple[tuple, ...]:
    """Every die rolled at the start of a round, in the order the rules draw them."""
    dice = (ROUTE_DIE,) * ROUTE_DICE + (JUNCTION_DIE,)
    extra_die = EXPANSION_DIE.get(expansion)
    if extra_die:
        dice += (extra_die, extra_die)
    if expansion == "meteor":
        dice += (METEOR_DIRECTION_DIE, METEOR_DISTANCE_DIE)
    return dice


def roll_request(expansion: str) -> ChanceRequest:
    return ChanceRequest("roll", sides=tuple(len(die) for die in round_dice(expansion)))


def roll_due(state) -> bool:
    """A round is over for every seat and another one follows: only a table state stays here
    (a local game rolls at once)."""
    return not state.over and all(seat.ended for seat in state.seats)


def checked_outcome(state, request, outcome) -> list[int]:
    """The face indices of ``outcome`` for the roll ``state`` waits for; IllegalMove (nothing
    changed) when no roll is due, ``request`` is another one, or a face does not fit its die."""
    if not roll_due(state):
        raise IllegalMove("roll_not_due", "No roll is due now: the round is still being played")
    expected = roll_request(state.expansion)
    if request != expected:
        raise IllegalMove("roll_mismatch", "The table rolls {count} dice now, not this request",
                          count=len(expected.sides), expected=repr(expected), got=repr(request))
    sides = expected.sides
    if not isinstance(outcome, (tuple, list)) or len(outcome) != len(sides) or any(
            type(face) is not int or not 0 <= face < size for face, size in zip(outcome, sides)):
        raise IllegalMove("roll_faces", "A roll of {count} dice needs one face per die, each "
                          "from 0 to {top}",
                          count=len(sides), top=max(sides) - 1, outcome=repr(outcome))
    return list(outcome)


def faces_of(expansion: str, outcome: list[int]) -> tuple[list[str], list | None]:
    """(the drawable dice of the round, the meteor dice or None) shown by face indices."""
    dice = [die[face] for die, face in zip(round_dice(expansion), outcome)]
    if expansion == "meteor":
        return dice[:-2], dice[-2:]
    return dice, None
