"""Who reads a dealt position, and what travels with a move or a departure (issue 13).

Mixed into ``net.fair.deal.FairTable``:

* a card dealt to the seat of a machine that left for good before its pile was shuffled
  (without it) is read by every machine (drawer ``PUBLIC``): that hand is known to the table
  anyway, its bot plays it, and the pile carries no layer of that machine's key; a pile of one
  seat is read by that seat alone, with no draw record;
* the wire's short form of a move's ``CardPlayed`` record, ``[position, card]``: the pile is
  the one the move plays from and the drawer the position's, both known to every machine;
* the host stamps a departure record (``Depart``, ``KeyShare``) with the seq it follows
  (``at``), so a machine that replays the stream takes it between the same two moves and every
  entry hashes as it did live.
"""

from __future__ import annotations

from game.rules.fairplay import PUBLIC
from net.fair.escrow import DEPART, KEY_SHARE


def short_played(record) -> list | None:
    """The wire's short form of a move's CardPlayed record: [position, card]."""
    return None if record is None else [record.position, record.card]


class Positions:
    """Expects the attributes of ``FairTable``."""

    def stamped(self, record):
        """The host's copy of a departure record (Depart, KeyShare) names the seq it follows
        (``at``), so every machine takes it between the same two moves."""
        if isinstance(record, dict) and record.get("kind") in (DEPART, KEY_SHARE) \
                and self.match is not None:
            return dict(record, at=self.match.seq)
        return record

    def deal_drawer(self, seat: int, pile: str) -> int:
        """Who reads a card dealt to ``seat``: its machine, or everybody (PUBLIC) when that
        machine left for good before the pile was shuffled without it (its bot's hand is
        known to every machine anyway, and the pile carries no layer of its key)."""
        dealer = self.seat_dealers[seat]
        if dealer in self.departed and dealer not in self.transcript.piles[pile].opening.seats:
            return PUBLIC
        return dealer

    def position_drawer(self, pile: str, position: int) -> int:
        """The drawer a dealt position was shared to (a CardPlayed names it)."""
        state = self.transcript.piles[pile]
        draw = state.draws.get(position)
        if draw is None and len(state.opening.seats) == 1:
            return state.opening.seats[0]     # a one-seat pile: its seat reads every card
        return draw.drawer if draw is not None else -2
