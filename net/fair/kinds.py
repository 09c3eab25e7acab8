"""The fair table's game-specific chance kinds: a part of ``net.fair.deal.FairTable``.

* ``attest``: a seat's own machine answers a yes/no question about its own hand
  (``Game.attest``) with an ``Attest`` record; every machine applies the answer. The part
  keeps, per answer, the table state of that moment and the ciphertexts of the cards the seat
  then held, so that the end-of-game audit (with every key) decrypts that hand and asks the
  game the same question: a false answer is named.
* ``show``: at the end a seat names the cards it still holds, one ``CardPlayed`` per card
  (a card it took face up is public: every machine knows it without a record); the outcome is
  their ids. The audit checks every named card against the drawn one. A card not named in
  time is read by every machine instead: its drawer's own share is rebuilt from the escrow
  (``net.fair.share_rescue``), nobody is blamed, and the card is the true one.
* A late answer cannot be rebuilt without opening the hand: the host says it is late
  (``AnswerOverdue``, every machine then says whose answer the table waits for; the hand's
  own machine, if it had sent it, that the host did not pass it on) and the step waits until
  the answer comes or the host decides (the seat to a bot, or the end of the game).
* ``return``: a drawn card goes back face down under its pile (Metro's share exchange): every
  machine appends the same ``Returned`` record (derived, never sent) and the position goes to
  the bottom of that pile's order, to be drawn again.
* The end-of-game audit also runs ``Game.audit_table`` where the game has one (Metromania:
  a replay with the shown hands catches a false answer about a blocked line).

``ChanceKinds`` owns the opened answer, the shown cards and the answers kept for the audit;
it reaches the table only through ``KindsTable``.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from game.rules.core import IllegalMove
from game.rules.fairplay import PUBLIC
from game.rules.fairplay.cipher import decrypt, private_key
from game.rules.fairplay.records import CardPlayed, Returned
from net.fair.errors import FairError
from net.fair.positions import Positions

ATTEST = "Attest"
ANSWER_OVERDUE = "AnswerOverdue"     # the host: the opened answer is late (it waits)


def attest_record_ok(plain: dict) -> bool:
    return set(plain) == {"kind", "seat", "answer"} and plain["answer"] in (0, 1) \
        and type(plain["answer"]) is int


def answer_overdue_record_ok(plain: dict) -> bool:
    """The form of an AnswerOverdue record (its content is checked when it is taken)."""
    return set(plain) == {"kind", "seat", "of"} and all(
        type(plain[k]) is int and 0 <= plain[k] < (1 << 31) for k in ("seat", "of"))


class KindsTable(Protocol):
    """What ``ChanceKinds`` reads of its table, and the two things it does there."""
    game: Any
    match: Any                       # the machine's Match (None before the setup's end)
    transcript: Any
    seat_dealers: Sequence[int]
    me: int
    positions: Positions             # held positions and known cards (net.fair.positions)
    secrets: dict                    # the dealers' published secrets (at the end)
    public_seed: int | None

    @property
    def recovered(self) -> dict: ...         # departed dealer -> rebuilt key

    @property
    def owed_done(self) -> set: ...          # what this machine queued already

    def queue(self, record) -> None: ...           # a record this machine owes

    def append_derived(self, record) -> None: ...  # a record every machine derives alike


class ChanceKinds:
    """attest / show / return and the audit of answers (see the module docstring)."""

    def __init__(self, table: KindsTable) -> None:
        self.table = table
        self.answer: int | None = None     # the opened attest's answer
        self.shown: dict[int, int] = {}    # the opened show: position -> id
        self.attests: list = []            # answers kept for the audit
        self.declared_late: tuple | None = None   # the key of the answer the host said late
        self.stalled: list[tuple[int, str]] = []  # (dealer, question) said late, in order
        self.told_answers: list[str] = []         # our own answers the host said late

    # -- opening --------------------------------------------------------------------------
    def open(self, request, key) -> tuple:
        """The step tuple of an attest / show / return request (kind, pile, positions,
        drawer, key)."""
        table = self.table
        drawer = table.seat_dealers[request.seat]
        positions = ()
        if request.kind == "show":
            positions = tuple(table.positions.holder_positions(request.pile, request.seat))
        self.answer = None
        self.shown = {}
        return (request.kind, request.pile, positions, drawer, key)

    def complete(self, step, request):
        """The outcome of the opened attest / show / return step, or None if not yet in."""
        table = self.table
        kind, pile, positions, drawer, _ = step
        if kind == "attest":
            if self.answer is None and drawer in table.recovered:
                # its machine left for good: every machine knows that hand now
                try:
                    self.answer = table.game.attest(table.match.state, request)[0]
                except IllegalMove as error:      # a hand the rebuilt key could not read
                    raise FairError("fair_bad_outcome", dealer=drawer,
                                    detail=error.code) from None
            if self.answer is None:
                return None
            self._remember_attest(request)
            return (self.answer,)
        known = table.positions.known
        if kind == "show":
            t = table.transcript
            cards = []
            for position in positions:
                public = t.public_card(pile, position)
                card = public if public is not None else self.shown.get(position)
                if card is None and drawer in table.recovered:
                    card = known.get((pile, position))
                if card is None:
                    return None
                cards.append(card)
            if len(cards) != request.count:
                raise FairError("fair_bad_outcome", dealer=drawer, detail="show")
            for position, card in zip(positions, cards):
                known[(pile, position)] = card    # shown: no machine learns it again
            return tuple(cards)
        held = table.positions.holder_positions(pile, request.seat)
        if len(held) != 1:
            raise FairError("fair_bad_outcome", dealer=drawer, detail="return")
        attempt = table.transcript.piles[pile].opening.attempt
        table.append_derived(Returned(pile, attempt, held[0]))
        table.positions.return_card(pile, request.seat)
        return ()

    # -- records --------------------------------------------------------------------------
    def awaits_answer_from(self, step, dealer: int) -> bool:
        """Whether the open step is an ``attest`` that waits for ``dealer``'s answer."""
        return step is not None and step[0] == "attest" and step[3] == dealer \
            and self.answer is None

    def take_attest(self, step, record: dict) -> None:
        if self.table.match is None or step is None or step[0] != "attest" \
                or record["seat"] != step[3] or self.answer is not None:
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=ATTEST)
        self.answer = record["answer"]

    def take_answer_overdue(self, step, record: dict) -> None:
        """The host says the opened answer is late: the step waits for it (nobody can give
        it but the hand's machine, short of opening the hand), and every machine says so."""
        table = self.table
        if record["seat"] != 0 or not self.awaits_answer_from(step, record["of"]) \
                or self.declared_late == step[4]:
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=ANSWER_OVERDUE)
        self.declared_late = step[4]
        self.stalled.append((record["of"], step[1]))
        if record["of"] == table.me and ("attest", step[4]) in table.owed_done:
            self.told_answers.append(step[1])    # we had sent it: the host kept it back

    def answer_declared_late(self, step) -> bool:
        """Whether the host said the opened answer is late already."""
        return step is not None and self.declared_late == step[4]

    def unshown(self, step) -> list[int]:
        """The positions of an opened show not named yet (nor face up)."""
        _, pile, positions, _, _ = step
        t = self.table.transcript
        return [p for p in positions
                if p not in self.shown and t.public_card(pile, p) is None]

    def take_shown(self, step, record: CardPlayed) -> None:
        if step is None or step[0] != "show" or record.seat != step[3] \
                or record.pile != step[1] or record.position not in step[2] \
                or record.position in self.shown:
            raise FairError("fair_out_of_turn", dealer=record.seat, kind="CardPlayed")
        self.table.append_derived(record)  # the transcript checks the drawer; the audit the card
        self.shown[record.position] = record.card

    def owe(self, step) -> None:
        table = self.table
        kind, pile, positions, drawer, key = step
        if drawer != table.me or (kind, key) in table.owed_done:
            return
        table.owed_done.add((kind, key))
        request = table.match.pending_chance()
        if kind == "attest" and self.answer is None:
            answer = table.game.attest(table.match.state, request)
            table.queue({"kind": ATTEST, "seat": table.me, "answer": answer[0]})
        elif kind == "show":
            draws = table.transcript.piles[pile].draws
            for position in positions:
                draw = draws.get(position)
                card = table.positions.known.get((pile, position))
                if (draw is None or draw.drawer != PUBLIC) and card is not None \
                        and position not in self.shown:     # (not sent before a comeback)
                    table.queue(CardPlayed(pile, position, table.me, card))
                # a card this machine cannot name is not named: the step then waits and
                # the withholding guard acts, never a crash of the table

    # -- the audit of answers -------------------------------------------------------------
    def _remember_attest(self, request) -> None:
        """What the audit needs to judge this answer: the state now and the ciphertexts of
        the cards the seat holds (a redeal replaces the piles' decks, so keep them)."""
        table = self.table
        held = []
        for pile, seats in sorted(table.positions.held.items()):
            state = table.transcript.piles[pile]
            for position in seats.get(request.seat, []):
                keys_of = state.opening.seats
                held.append((pile, state.cards, keys_of, table.transcript.card_at(pile, position)))
        self.attests.append((request, table.seat_dealers[request.seat], self.answer,
                             table.game.clone(table.match.state), held))

    def audit_extra(self):
        """After a fair cipher audit: (cheaters, kind, message) of the first false answer or
        of the game's own check failing, else None."""
        table = self.table
        privates = {seat: private_key(secret) for seat, secret in table.secrets.items()}
        privates.update(table.recovered)
        lies = self.audit_answers(privates)
        if lies:
            return tuple(dict.fromkeys(dealer for dealer, _ in lies)), "attest", lies[0][1]
        culprit, problem = self.audit_game()
        if not problem:
            return None
        named = (table.seat_dealers[culprit],) if culprit is not None else ()
        return named, "table", problem

    def audit_answers(self, privates: dict) -> list:
        """(dealer, message) for each attest answer that the decrypted hand contradicts."""
        table = self.table
        found = []
        for request, dealer, answer, state, held in self.attests:
            if dealer in table.recovered:
                continue            # every machine gave that answer itself
            if dealer != table.me:
                by_pile: dict = {}
                for pile, cards, seats, ciphertext in held:
                    if not all(s in privates for s in seats):
                        break
                    card = cards.card_of(decrypt(ciphertext, [privates[s] for s in seats]))
                    by_pile.setdefault(pile, []).append(card)
                else:
                    try:
                        for pile, cards in by_pile.items():
                            table.game.learn(state, request.seat, pile, tuple(cards))
                    except IllegalMove:
                        found.append((dealer, f"seat {request.seat + 1} was not dealt the "
                                              "cards it answered about"))
                        continue
            try:
                truth = table.game.attest(state, request)[0]
            except IllegalMove:
                continue
            if truth != answer:
                found.append((dealer, f"seat {request.seat + 1} answered {request.pile!r} "
                                      f"with {answer}, but its hand says {truth}"))
        return found

    def audit_game(self) -> tuple:
        """The game's own check of a finished table (``Game.audit_table_finding``): (the seat
        whose move its real hand could not make, or None; the problem, or "")."""
        table = self.table
        check = getattr(table.game, "audit_table_finding", None)
        if check is None or table.public_seed is None:
            return None, ""
        log = [(entry.seat, entry.move) for entry in table.match.log if entry.seat is not None]
        try:
            return check(table.match.state, table.public_seed, log)
        except IllegalMove as error:
            return None, error.message
