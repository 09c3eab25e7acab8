"""The moves of a fair table (``net.fair.deal``): each sequenced move is checked and applied
to the machine's match, and a move that plays a hidden card must come with the
``CardPlayed`` record naming a position dealt to that seat holding that very card.

Mixed into ``FairTable``.
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from game.rules.fairplay import FairplayError
from game.rules.fairplay.records import CardPlayed
from net.fair.errors import FairError


class FairMoves:
    """Mixed into ``FairTable``: its queued moves, match, held positions and piles."""

    def _play(self, applied: list) -> bool:
        seq, seat, text, played = self._moves[0]
        match = self.match
        if seq != match.seq + 1:
            raise FairError("fair_sequence", dealer=-1, seq=seq, ours=match.seq + 1)
        if not 0 <= seat < len(self.seat_dealers):     # a seat this table does not have
            raise FairError("fair_illegal_move", dealer=-1, seat=seat, detail="seat")
        private = self._private_forms.get(seat)
        full = private[1] if private is not None and private[0] == text else text
        try:
            move = self.game.parse_move(full)
            match.check(seat, move)
        except IllegalMove as error:
            raise FairError("fair_illegal_move", dealer=self.seat_dealers[seat], seat=seat,
                            detail=error.code) from None
        needed = self.game.played_card(match.state, seat, move)
        if needed is None and played is not None:
            raise FairError("fair_card_unasked", dealer=self.seat_dealers[seat])
        if needed is not None:
            self._check_played(seat, needed, played)
        self._moves.popleft()
        if private is not None and private[0] == text:
            del self._private_forms[seat]
        events = match.apply(seat, move, check=False, hash_now=False, tell=False)
        applied.append((match.seq, seat, text, events))
        return True

    def _check_played(self, seat: int, needed: tuple, played) -> None:
        pile, value = needed
        dealer = self.seat_dealers[seat]
        if played is None:
            raise FairError("fair_card_missing", dealer=dealer, seat=seat)
        if isinstance(played, tuple):      # the short form: the record it stands for
            position, card = played
            drawer = self.position_drawer(pile, position) \
                if position in self.held.get(pile, {}).get(seat, []) else dealer
            played = CardPlayed(pile, position, drawer, card)
        positions = self.held.get(pile, {}).get(seat, [])
        # the record names the position's drawer: the seat's machine (or PUBLIC for a card
        # dealt face up to a departed machine's seat)
        drawer = self.position_drawer(pile, played.position) if played.position in positions \
            else dealer
        if played.seat != drawer or played.pile != pile:
            raise FairError("fair_card_foreign", dealer=dealer, seat=seat)
        if played.position not in positions:
            raise FairError("fair_card_not_dealt", dealer=dealer, seat=seat,
                            position=played.position)
        cards = self.piles[pile]
        if not 0 <= played.card < len(cards) or cards[played.card] != value:
            raise FairError("fair_card_mismatch", dealer=dealer, seat=seat, card=played.card)
        try:
            self._append(played)
        except FairplayError as error:
            raise FairError("fair_refused", dealer=dealer, detail=error.code) from None
        self.move_cards.add(len(self.published))
        self.published.append(played)
        positions.remove(played.position)
