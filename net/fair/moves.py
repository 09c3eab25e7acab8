"""The moves of a fair table (a part of ``net.fair.deal.FairTable``): each sequenced move is
checked and applied to the machine's match, and a move that plays a hidden card must come
with the ``CardPlayed`` record naming a position dealt to that seat holding that very card.

``MoveQueue`` owns the sequenced moves not applied yet, the full forms of this machine's own
moves (sent in their public form) and which published records were a move's card; it reaches
the table only through ``MoveTable``.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol, Sequence

from game.rules.core import IllegalMove
from game.rules.fairplay import FairplayError
from game.rules.fairplay.records import CardPlayed
from net.fair.errors import FairError
from net.fair.positions import Positions


class MoveTable(Protocol):
    """What ``MoveQueue`` reads of its table, and the one thing it does there."""
    game: Any
    match: Any                       # the machine's Match
    seat_dealers: Sequence[int]
    piles: dict                      # pile -> its cards (the game's piles)
    positions: Positions             # held positions and their drawers

    def take_card_played(self, record: CardPlayed) -> int:
        """Append a move's card to the transcript (FairplayError if refused) and to the
        published records; its index there."""


class MoveQueue:
    """The sequenced moves waiting to be applied (see the module docstring)."""

    def __init__(self, table: MoveTable) -> None:
        self.table = table
        self.waiting: deque = deque()      # sequenced moves (seq, seat, text, played)
        self.private_forms: dict[int, tuple[str, str]] = {}   # seat -> (public, full)
        self.move_cards: set = set()       # indexes in published of the moves' CardPlayed

    def __len__(self) -> int:
        return len(self.waiting)

    def add(self, seq: int, seat: int, text: str, played) -> None:
        self.waiting.append((seq, seat, text, played))

    def drop(self) -> None:
        """Forget the move at the head of the queue (the host refused it)."""
        if self.waiting:
            self.waiting.popleft()

    def keep_private(self, seat: int, public: str, full: str) -> None:
        """This machine's move of ``seat`` goes out as ``public``; ``full`` is applied here
        when the sequenced public form comes back."""
        self.private_forms[seat] = (public, full)

    def play(self, applied: list) -> bool:
        """Apply the move at the head of the queue (FairError if it is refused)."""
        table = self.table
        seq, seat, text, played = self.waiting[0]
        match = table.match
        if seq != match.seq + 1:
            raise FairError("fair_sequence", dealer=-1, seq=seq, ours=match.seq + 1)
        if not 0 <= seat < len(table.seat_dealers):     # a seat this table does not have
            raise FairError("fair_illegal_move", dealer=-1, seat=seat, detail="seat")
        private = self.private_forms.get(seat)
        full = private[1] if private is not None and private[0] == text else text
        try:
            move = table.game.parse_move(full)
            match.check(seat, move)
        except IllegalMove as error:
            raise FairError("fair_illegal_move", dealer=table.seat_dealers[seat], seat=seat,
                            detail=error.code) from None
        needed = table.game.played_card(match.state, seat, move)
        if needed is None and played is not None:
            raise FairError("fair_card_unasked", dealer=table.seat_dealers[seat])
        if needed is not None:
            self._check_played(seat, needed, played)
        self.waiting.popleft()
        if private is not None and private[0] == text:
            del self.private_forms[seat]
        events = match.apply(seat, move, check=False, hash_now=False, tell=False)
        applied.append((match.seq, seat, text, events))
        return True

    def _check_played(self, seat: int, needed: tuple, played) -> None:
        table = self.table
        pile, value = needed
        dealer = table.seat_dealers[seat]
        if played is None:
            raise FairError("fair_card_missing", dealer=dealer, seat=seat)
        book = table.positions
        positions = book.held.get(pile, {}).get(seat, [])
        if isinstance(played, tuple):      # the short form: the record it stands for
            position, card = played
            drawer = book.position_drawer(pile, position) if position in positions else dealer
            played = CardPlayed(pile, position, drawer, card)
        # the record names the position's drawer: the seat's machine (or PUBLIC for a card
        # dealt face up to a departed machine's seat)
        drawer = book.position_drawer(pile, played.position) if played.position in positions \
            else dealer
        if played.seat != drawer or played.pile != pile:
            raise FairError("fair_card_foreign", dealer=dealer, seat=seat)
        if played.position not in positions:
            raise FairError("fair_card_not_dealt", dealer=dealer, seat=seat,
                            position=played.position)
        cards = table.piles[pile]
        if not 0 <= played.card < len(cards) or cards[played.card] != value:
            raise FairError("fair_card_mismatch", dealer=dealer, seat=seat, card=played.card)
        try:
            index = table.take_card_played(played)
        except FairplayError as error:
            raise FairError("fair_refused", dealer=dealer, detail=error.code) from None
        self.move_cards.add(index)
        positions.remove(played.position)
