"""The audit of one pile's shuffle: every step checked, decks that travelled as digests rebuilt.

A pile's shuffle is a chain: the face-up deck, then each seat's output in turn. A machine that
did not shuffle next after a step received only that step's digest (``records.digest_form``),
so the audit rebuilds what it lacks: forward, a step whose seat's secret is known turns the
deck before it into the deck after it (``shuffle_step``); backward, it turns the deck after it
into the one before (``unshuffle_step``). Each rebuilt deck must have the digest its step
published, or that step is not the one its secret makes and its seat is named. A step whose
seat is known only by its recovered key (it left and its secret could not be rebuilt) must
keep the cards, which needs both its decks, rebuilt or received. A step the table skipped
(``skipped``: its dealer's shuffle did not arrive) is the deck unchanged, both ways.
"""

from __future__ import annotations

from .records import deck_digest
from .shuffle import shuffle_step, step_keeps_cards, unshuffle_step


def check_chain(pile, steps, secrets: dict, privates, name) -> None:
    """Check the ``steps`` ([(transcript index, Shuffled)], in order) of one opening of
    ``pile`` (the transcript's ``Pile``); ``secrets``: the seats' verified secrets,
    ``privates``: every seat's private key of the pile or None; ``name(index, seat, kind,
    message)`` reports a cheat."""
    opening = pile.opening
    count = len(steps)
    decks: list = [pile.decks[0]] + [record.deck or None for _, record in steps]
    digests = [deck_digest(pile.decks[0])] + [record.deck_hash for _, record in steps]
    verdict: list = [None] * count          # True: the step checked out; False: named

    def redo(j: int, forward: bool) -> bool:
        """Check step j from the deck on one side, filling in the other; False if that
        side is not known yet."""
        index, record = steps[j]
        if record.skipped:       # the table skipped the step: the deck as it was
            args = ()
            step, unstep = tuple, tuple
        else:
            args = (secrets[record.seat], record.pile, opening.attempt, pile.joint_key)
            step, unstep = shuffle_step, unshuffle_step
        if forward:
            if decks[j] is None:
                return False
            made = step(decks[j], *args)
            ok = made == decks[j + 1] if decks[j + 1] is not None else \
                deck_digest(made) == digests[j + 1]
            other = j + 1
        else:
            if decks[j + 1] is None:
                return False
            made = unstep(decks[j + 1], *args)
            ok = deck_digest(made) == digests[j]
            other = j
        verdict[j] = ok
        if ok and decks[other] is None:
            decks[other] = made
        elif not ok:
            name(index, record.seat, kind="shuffle",
                 message=f"seat {record.seat}'s shuffle of {record.pile!r} is not the one "
                         "its secret makes")
        return True

    def checkable(j: int) -> bool:
        record = steps[j][1]
        return record.skipped or record.seat in secrets

    progress = True
    while progress:          # a chain of at most a few dealers: a few rounds at most
        progress = False
        for j in range(count):
            if verdict[j] is None and checkable(j) and redo(j, True):
                progress = True
        for j in reversed(range(count)):
            if verdict[j] is None and checkable(j) and redo(j, False):
                progress = True
    if privates is None:
        return
    for j, (index, record) in enumerate(steps):
        if record.skipped or record.seat in secrets or decks[j] is None \
                or decks[j + 1] is None:
            continue
        if not step_keeps_cards(decks[j], decks[j + 1], privates):
            name(index, record.seat, kind="shuffle",
                 message=f"seat {record.seat}'s shuffle of {record.pile!r} changed the cards")
