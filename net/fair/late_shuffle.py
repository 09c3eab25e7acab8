"""A shuffle step that did not arrive is skipped, and nobody is blamed (issue 28).

A dealer's shuffle step cannot be rebuilt from the escrow (it is drawn from its whole secret),
and before this a host that dropped an honest dealer's step and waited reported it as
withholding: the dealer lost its seats to the host's bot and its key (its hand) was opened.
Now the host sequences ``ShuffleOverdue`` naming the pile, its attempt and the dealer whose
turn it is, and every machine appends the same derived step in that dealer's name with the
deck unchanged (``Shuffled(skipped=True)``; the audit knows it is no step of the dealer's).
The pile is still encrypted under every dealer's key, so the dealer keeps its seats and its
hand; what it loses is its own say in the order, which is then known only to all the other
shufflers together (no fewer than can already open its escrow at a table that is not
strict; exactly as many as at a strict one). A step that arrives after the skip is late and
dropped as stale.
"""

from __future__ import annotations

from game.rules.fairplay.records import (FairplayError, Shuffled, deck_digest, from_plain,
                                          to_plain)
from net.fair.errors import FairError

SHUFFLE_OVERDUE = "ShuffleOverdue"
_FIELDS = {"kind", "seat", "of", "pile", "attempt", "k"}


def late_shuffle_record_ok(plain: dict) -> bool:
    """The form of a ShuffleOverdue record (its content is checked when it is taken)."""
    return (set(plain) == _FIELDS
            and all(type(plain[k]) is int and 0 <= plain[k] < (1 << 31)
                    for k in ("seat", "of", "attempt"))
            and isinstance(plain["pile"], str) and 0 < len(plain["pile"]) <= 64
            and isinstance(plain["k"], list))


def take_shuffle_overdue(table, record: dict) -> None:
    """The host says the dealer whose turn it is to shuffle is late: its step is skipped."""
    step = table.current_step
    pile = table.transcript.piles.get(record["pile"])
    if (record["seat"] != 0 or step is None or step[0] != "shuffle" or step[1] != record["pile"]
            or pile is None or pile.opening.attempt != record["attempt"]
            or pile.next_shuffler() != record["of"]):
        raise FairError("fair_out_of_turn", dealer=record["seat"], kind=SHUFFLE_OVERDUE)
    # the deck before the skipped step, whole: most machines got it only as its digest
    # (net.fair.decks), and the next shuffler (or the draws) needs it; bound by that digest
    try:
        deck = from_plain({"kind": "Shuffled", "p": record["pile"], "s": record["of"],
                           "k": record["k"]}).deck
    except FairplayError:
        deck = ()
    before = pile.decks[-1]
    if not deck or (deck_digest(deck) != before if isinstance(before, bytes)
                    else tuple(deck) != tuple(before)):
        raise FairError("fair_bad_deck", dealer=record["seat"], pile=record["pile"])
    if record["of"] == table.me and ("shuffle", record["pile"], record["attempt"]) \
            in table.owed_done:
        table.told_shuffles.append(record["pile"])   # we had sent it: the host kept it back
    table.append_derived(Shuffled(record["pile"], record["of"], tuple(deck),
                                  record["attempt"], skipped=True))
    table.skipped_shufflers.add(record["of"])


def overdue_record(table, pile_name: str, attempt: int, dealer: int) -> dict:
    """The host's ShuffleOverdue: the pile, its attempt, the dealer skipped and the deck
    before its step, whole (the host's driver has every deck whole)."""
    before = table.transcript.piles[pile_name].decks[-1]
    deck = to_plain(Shuffled(pile_name, dealer, tuple(before)))["k"]
    return {"kind": SHUFFLE_OVERDUE, "seat": 0, "of": dealer, "pile": pile_name,
            "attempt": attempt, "k": deck}


def shuffle_step_is_late(table, record) -> bool:
    """A dealer's own shuffle that comes after its turn was skipped: late."""
    pile = table.transcript.piles.get(record.pile)
    if pile is None or record.attempt not in (None, pile.opening.attempt):
        return False
    done = pile.opening.seats[:len(pile.decks) - 1]
    return record.seat in done


def shuffle_late(fair) -> list[tuple[str, int, int]]:
    """(pile, attempt, dealer) of the shuffle step the running game waits for, if any (none
    when the deck before it is here only as its digest: the host has every deck whole)."""
    step = fair.current_step if fair.match is not None else None
    if step is None or step[0] != "shuffle":
        return []
    pile = fair.transcript.piles[step[1]]
    dealer = pile.next_shuffler()
    if dealer is None or dealer in fair.departed or isinstance(pile.decks[-1], bytes):
        return []
    return [(step[1], pile.opening.attempt, dealer)]
