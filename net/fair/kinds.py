"""The fair driver's game-specific chance kinds (mixed into ``net.fair.deal.FairTable``).

* ``attest``: a seat's own machine answers a yes/no question about its own hand
  (``Game.attest``) with an ``Attest`` record; every machine applies the answer. The driver
  keeps, per answer, the table state of that moment and the ciphertexts of the cards the seat
  then held, so that the end-of-game audit (with every key) decrypts that hand and asks the
  game the same question: a false answer is named.
* ``show``: at the end a seat names the cards it still holds, one ``CardPlayed`` per card
  (a card it took face up is public: every machine knows it without a record); the outcome is
  their ids. The audit checks every named card against the drawn one.
* ``return``: a drawn card goes back face down under its pile (Metro's share exchange): every
  machine appends the same ``Returned`` record (derived, never sent) and the position goes to
  the bottom of that pile's order, to be drawn again.
* The end-of-game audit also runs ``Game.audit_table`` where the game has one (Metromania:
  a replay with the shown hands catches a false answer about a blocked line).
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from game.rules.fairplay import PUBLIC
from game.rules.fairplay.cipher import decrypt, private_key
from game.rules.fairplay.records import CardPlayed, Returned
from net.fair.errors import FairError

ATTEST = "Attest"


def attest_record_ok(plain: dict) -> bool:
    return set(plain) == {"kind", "seat", "answer"} and plain["answer"] in (0, 1) \
        and type(plain["answer"]) is int


class ChanceKinds:
    """attest / show / return and the game's own audit; expects ``FairTable``'s attributes."""

    # -- pile order: fresh positions first, then the returned ones (the bottom) ---------
    def next_positions(self, pile: str, count: int) -> tuple:
        size = len(self.piles[pile])
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

    # -- opening --------------------------------------------------------------------------
    def open_extra(self, request, key) -> None:
        drawer = self.seat_dealers[request.seat]
        if request.kind == "attest":
            self._step = ("attest", request.pile, (), drawer, key)
        elif request.kind == "show":
            positions = tuple(self.holder_positions(request.pile, request.seat))
            self._step = ("show", request.pile, positions, drawer, key)
        else:
            self._step = ("return", request.pile, (), drawer, key)
        self.answer = None
        self.shown = {}

    def complete_extra(self, request):
        """The outcome of the opened attest / show / return step, or None if not yet in."""
        kind, pile, positions, drawer, _ = self._step
        if kind == "attest":
            if self.answer is None and drawer in self.recovered:
                # its machine left for good: every machine knows that hand now
                try:
                    self.answer = self.game.attest(self.match.state, request)[0]
                except IllegalMove as error:      # a hand the rebuilt key could not read
                    raise FairError("fair_bad_outcome", dealer=drawer,
                                    detail=error.code) from None
            if self.answer is None:
                return None
            self._remember_attest(request)
            return (self.answer,)
        if kind == "show":
            t = self.transcript
            cards = []
            for position in positions:
                public = t.public_card(pile, position)
                card = public if public is not None else self.shown.get(position)
                if card is None and drawer in self.recovered:
                    card = self.known.get((pile, position))
                if card is None:
                    return None
                cards.append(card)
            if len(cards) != request.count:
                raise FairError("fair_bad_outcome", dealer=drawer, detail="show")
            for position, card in zip(positions, cards):
                self.known[(pile, position)] = card    # shown: no machine learns it again
            return tuple(cards)
        held = self.holder_positions(pile, request.seat)
        if len(held) != 1:
            raise FairError("fair_bad_outcome", dealer=drawer, detail="return")
        position = held.pop()
        self._append(Returned(pile, self.transcript.piles[pile].opening.attempt, position))
        self.known.pop((pile, position), None)
        self.bottom.setdefault(pile, []).append(position)
        self.returning[pile] = request.seat
        return ()

    def after_reveal(self, pile: str, positions) -> None:
        """A face-up card taken in an exchange (a ``return`` then a ``reveal`` of its pile)
        now belongs to the seat that returned a card."""
        taker = self.returning.pop(pile, None)
        previous = self.face_up.get(pile)
        if taker is not None and previous is not None:
            self.holder_positions(pile, taker).append(previous)
        self.face_up[pile] = positions[-1]

    # -- records --------------------------------------------------------------------------
    def awaits_answer_from(self, dealer: int) -> bool:
        """Whether the open step is an ``attest`` that waits for ``dealer``'s answer."""
        step = self._step
        return step is not None and step[0] == "attest" and step[3] == dealer \
            and self.answer is None

    def take_attest(self, record: dict) -> None:
        step = self._step
        if self.match is None or step is None or step[0] != "attest" \
                or record["seat"] != step[3] or self.answer is not None:
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=ATTEST)
        self.answer = record["answer"]

    def take_shown(self, record: CardPlayed) -> None:
        step = self._step
        if step is None or step[0] != "show" or record.seat != step[3] \
                or record.pile != step[1] or record.position not in step[2] \
                or record.position in self.shown:
            raise FairError("fair_out_of_turn", dealer=record.seat, kind="CardPlayed")
        self._append(record)     # the transcript checks the drawer; the audit the card
        self.shown[record.position] = record.card

    def owe_extra(self, step) -> None:
        kind, pile, positions, drawer, key = step
        if drawer != self.me or (kind, key) in self._owed_done:
            return
        self._owed_done.add((kind, key))
        request = self.match.pending_chance()
        if kind == "attest" and self.answer is None:
            answer = self.game.attest(self.match.state, request)
            self._outbox.append({"kind": ATTEST, "seat": self.me, "answer": answer[0]})
        elif kind == "show":
            draws = self.transcript.piles[pile].draws
            for position in positions:
                draw = draws.get(position)
                card = self.known.get((pile, position))
                if (draw is None or draw.drawer != PUBLIC) and card is not None \
                        and position not in self.shown:     # (not sent before a comeback)
                    self._outbox.append(CardPlayed(pile, position, self.me, card))
                # a card this machine cannot name is not named: the step then waits and
                # the withholding guard acts, never a crash of the table

    # -- the audit of answers -------------------------------------------------------------
    def _remember_attest(self, request) -> None:
        """What the audit needs to judge this answer: the state now and the ciphertexts of
        the cards the seat holds (a redeal replaces the piles' decks, so keep them)."""
        held = []
        for pile, seats in sorted(self.held.items()):
            state = self.transcript.piles[pile]
            for position in seats.get(request.seat, []):
                keys_of = state.opening.seats
                held.append((pile, state.cards, keys_of, self.transcript.card_at(pile, position)))
        self.attests.append((request, self.seat_dealers[request.seat], self.answer,
                             self.game.clone(self.match.state), held))

    def audit_extra(self):
        """After a fair cipher audit: (cheaters, kind, message) of the first false answer or
        of the game's own check failing, else None."""
        privates = {seat: private_key(secret) for seat, secret in self.secrets.items()}
        privates.update(self.recovered)
        lies = self.audit_answers(privates)
        if lies:
            return tuple(dict.fromkeys(dealer for dealer, _ in lies)), "attest", lies[0][1]
        culprit, problem = self.audit_game()
        if not problem:
            return None
        named = (self.seat_dealers[culprit],) if culprit is not None else ()
        return named, "table", problem

    def audit_answers(self, privates: dict) -> list:
        """(dealer, message) for each attest answer that the decrypted hand contradicts."""
        found = []
        for request, dealer, answer, state, held in self.attests:
            if dealer in self.recovered:
                continue            # every machine gave that answer itself
            if dealer != self.me:
                by_pile: dict = {}
                for pile, cards, seats, ciphertext in held:
                    if not all(s in privates for s in seats):
                        break
                    card = cards.card_of(decrypt(ciphertext, [privates[s] for s in seats]))
                    by_pile.setdefault(pile, []).append(card)
                else:
                    try:
                        for pile, cards in by_pile.items():
                            self.game.learn(state, request.seat, pile, tuple(cards))
                    except IllegalMove:
                        found.append((dealer, f"seat {request.seat + 1} was not dealt the "
                                              "cards it answered about"))
                        continue
            try:
                truth = self.game.attest(state, request)[0]
            except IllegalMove:
                continue
            if truth != answer:
                found.append((dealer, f"seat {request.seat + 1} answered {request.pile!r} "
                                      f"with {answer}, but its hand says {truth}"))
        return found

    def audit_game(self) -> tuple:
        """The game's own check of a finished table (``Game.audit_table_finding``): (the seat
        whose move its real hand could not make, or None; the problem, or "")."""
        check = getattr(self.game, "audit_table_finding", None)
        if check is None or self.public_seed is None:
            return None, ""
        log = [(entry.seat, entry.move) for entry in self.match.log if entry.seat is not None]
        try:
            return check(self.match.state, self.public_seed, log)
        except IllegalMove as error:
            return None, error.message
