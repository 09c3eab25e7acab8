"""Where each pile's positions are, who holds them and who reads them (issue 13).

``Positions`` is a part of ``net.fair.deal.FairTable`` with its own state: each pile's draw
order (fresh positions first, then the returned ones at the bottom), the positions each seat
holds, the cards this machine knows, and the face-up card an exchange may take. It reaches
the table only through ``PositionTable`` (the transcript, who deals each seat, who left).

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

from typing import Protocol, Sequence

from game.rules.fairplay import PUBLIC
from net.fair.escrow import DEPART, KEY_SHARE


def short_played(record) -> list | None:
    """The wire's short form of a move's CardPlayed record: [position, card]."""
    return None if record is None else [record.position, record.card]


def stamped(record, seq: int | None):
    """The host's copy of a departure record (Depart, KeyShare) names the seq it follows
    (``at``), so every machine takes it between the same two moves (``seq`` None: before
    the game, left as it is)."""
    if isinstance(record, dict) and record.get("kind") in (DEPART, KEY_SHARE) \
            and seq is not None:
        return dict(record, at=seq)
    return record


class PositionTable(Protocol):
    """What ``Positions`` reads of its table."""
    transcript: object               # the fairplay Transcript (its piles' openings, draws)
    seat_dealers: Sequence[int]      # the dealer (machine) of each seat

    @property
    def departed(self) -> Sequence[int]: ...     # dealers that left for good


class Positions:
    """Each pile's order, the seats' held positions and the cards this machine knows."""

    def __init__(self, table: PositionTable) -> None:
        self.table = table
        self.cursor: dict[str, int] = {}                   # pile -> next fresh position
        self.bottom: dict[str, list[int]] = {}             # returned positions, in order
        self.returning: dict[str, int] = {}                # pile -> seat that returned
        self.face_up: dict[str, int] = {}                  # pile -> last revealed position
        self.held: dict[str, dict[int, list[int]]] = {}    # pile -> seat -> positions
        self.known: dict[tuple[str, int], int] = {}        # own draws: (pile, pos) -> id

    # -- a pile's order: fresh positions first, then the returned ones (the bottom) -----
    def reset_pile(self, pile: str) -> None:
        """A pile opened (again): its order starts afresh and nobody holds any of it."""
        self.cursor[pile] = 0
        self.bottom[pile] = []
        self.returning.pop(pile, None)
        self.face_up.pop(pile, None)
        self.held[pile] = {}

    def next_positions(self, pile: str, count: int, size: int) -> tuple:
        """The next ``count`` positions of a pile of ``size`` cards."""
        start = self.cursor.get(pile, 0)
        fresh = list(range(start, min(size, start + count)))
        return tuple(fresh + self.bottom.get(pile, [])[:count - len(fresh)])

    def consume_positions(self, pile: str, positions) -> None:
        for position in positions:
            if position in self.bottom.get(pile, []):
                self.bottom[pile].remove(position)
            else:
                self.cursor[pile] = position + 1

    def holder_positions(self, pile: str, seat: int) -> list:
        return self.held.setdefault(pile, {}).setdefault(seat, [])

    def dealt(self, pile: str, seat: int, positions) -> None:
        self.holder_positions(pile, seat).extend(positions)

    def return_card(self, pile: str, seat: int) -> int | None:
        """The one card ``seat`` holds of ``pile`` goes back under it (Metro's exchange):
        its position, or None if the seat does not hold exactly one."""
        held = self.holder_positions(pile, seat)
        if len(held) != 1:
            return None
        position = held.pop()
        self.known.pop((pile, position), None)
        self.bottom.setdefault(pile, []).append(position)
        self.returning[pile] = seat
        return position

    def after_reveal(self, pile: str, positions) -> None:
        """A face-up card taken in an exchange (a ``return`` then a ``reveal`` of its pile)
        now belongs to the seat that returned a card."""
        taker = self.returning.pop(pile, None)
        previous = self.face_up.get(pile)
        if taker is not None and previous is not None:
            self.holder_positions(pile, taker).append(previous)
        self.face_up[pile] = positions[-1]

    # -- who reads a position -------------------------------------------------------------
    def deal_drawer(self, seat: int, pile: str) -> int:
        """Who reads a card dealt to ``seat``: its machine, or everybody (PUBLIC) when that
        machine left for good before the pile was shuffled without it (its bot's hand is
        known to every machine anyway, and the pile carries no layer of its key)."""
        dealer = self.table.seat_dealers[seat]
        if dealer in self.table.departed and \
                dealer not in self.table.transcript.piles[pile].opening.seats:
            return PUBLIC
        return dealer

    def position_drawer(self, pile: str, position: int) -> int:
        """The drawer a dealt position was shared to (a CardPlayed names it)."""
        state = self.table.transcript.piles[pile]
        draw = state.draws.get(position)
        if draw is None and len(state.opening.seats) == 1:
            return state.opening.seats[0]     # a one-seat pile: its seat reads every card
        return draw.drawer if draw is not None else -2

    def unknown_of(self, dealer: int) -> list[tuple[str, int, list[int]]]:
        """(pile, seat, positions) of the cards ``dealer``'s seats hold that this machine
        does not know yet, in a fixed order."""
        found = []
        for pile, seats in sorted(self.held.items()):
            for seat, held in sorted(seats.items()):
                positions = [p for p in held if (pile, p) not in self.known]
                if self.table.seat_dealers[seat] == dealer and positions:
                    found.append((pile, seat, positions))
        return found
