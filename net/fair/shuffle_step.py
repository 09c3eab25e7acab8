"""A shuffle of the fair table, and a roll: their opening, completion, and what every machine
does for a dealer that left for good in the middle of one.

* ``shuffle``: the pile is opened (``PileOpened``, derived by every machine alike, never
  sent) and each dealer in turn shuffles it; a dealer that leaves before its turn is done
  has the pile opened again without it (the next attempt, visible to all). A late step is
  skipped instead (``net.fair.late_shuffle``).
* ``roll``: a roll among the active dealers (``RollOpened``, derived); a departed dealer's
  part is computed by every machine from its rebuilt key (the part is fixed by the key, so
  the roll is the one it would have been); a roll of the old commit-reveal kind runs again
  without it.

The step is the tuple ``(kind, name, (), None, key)`` the deal's machine holds
(``net.fair.phases.DealMachine``); the functions take the ``FairTable`` whose step it is.
"""

from __future__ import annotations

from game.rules.fairplay.group import power
from game.rules.fairplay.records import PileOpened, RollContributed, RollOpened
from net.fair.errors import FairError


def open_shuffle(table, request, key) -> tuple:
    if request.pile not in table.piles:
        raise FairError("fair_unsupported", kind="pile")
    t = table.transcript
    attempt = t.piles[request.pile].opening.attempt + 1 if request.pile in t.piles else 0
    table.append_derived(PileOpened(request.pile, attempt, tuple(range(len(request.cards))),
                                    table.active))
    table.positions.reset_pile(request.pile)
    return ("shuffle", request.pile, (), None, key)


def shuffle_done(table, step) -> bool:
    return table.transcript.piles[step[1]].shuffled


def stand_in_shuffle(table, step) -> None:
    """A shuffle a departed dealer had not done yet runs again without it."""
    name = step[1]
    pile = table.transcript.piles.get(name)
    if pile is None:
        return
    if not pile.shuffled and any(d in table.departed for d in
                                 pile.opening.seats[len(pile.decks) - 1:]):
        table.append_derived(PileOpened(name, pile.opening.attempt + 1, pile.opening.cards,
                                        table.active))


def open_roll(table, name: str, key) -> tuple:
    table.append_derived(RollOpened(name, 0, table.active))
    return ("roll", name, (), None, key)


def roll_outcome(table, step, request) -> tuple | None:
    faces = table.transcript.roll_faces(step[1], request.sides)
    return None if faces is None else tuple(faces)


def stand_in_roll(table, name: str) -> None:
    """A departed dealer's part of a roll: computed by every machine from its rebuilt key (the
    part is fixed by the key, so the roll is the one it would have been). A roll of the old
    commit-reveal kind runs again without it (its next attempt)."""
    roll = table.transcript.rolls[name]
    if roll.commitments:
        if any(d in table.departed and d not in roll.reveals for d in roll.opening.seats):
            table.append_derived(RollOpened(name, roll.opening.attempt + 1, table.active))
        return
    for gone in sorted(table.recovered):
        if gone in roll.opening.seats and gone not in roll.reveals:
            table.append_derived(RollContributed(name, gone,
                                                 power(roll.base, table.recovered[gone]),
                                                 b"", roll.opening.attempt))
