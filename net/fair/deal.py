"""The fair table's chance driver (issue 13): one machine's deterministic side of the table.

Every machine of a LAN table (host, joiners, spectators) runs one ``FairTable`` over the same
sequenced stream: the cipher records the dealers publish (``publish``) and the moves
(``move``), in the host's order. The driver turns what the game waits for
(``Match.pending_chance``) into the steps of ``game.rules.fairplay`` and feeds the outcomes to
its ``Match`` as chance entries, so every machine's match holds only what that machine may
know: the public state plus the secrets of its own seats.

* The dealers are the machines holding a seat at START (peer ids, sorted); a spectator deals
  nothing and so can delay nothing. A dealer's fairplay seat number is its peer id.
* Setup: every dealer commits to its key, then reveals it; then a joint roll ("setup") gives
  the public seed (``new_table_game``).
* ``shuffle``: each dealer in turn shuffles the pile; ``deal`` to a seat: every dealer but
  the drawer's machine shares the next positions of the pile (a cursor per pile), the drawer
  reads its cards and its match ``learn``s them; ``reveal``: every dealer shares the next
  positions face up; ``roll``: a commit-reveal roll among the dealers; ``attest``, ``show``
  and ``return`` (Metromania's answers about a hand, the final shows, Metro's returned
  shares): net.fair.kinds.
* The openings (``PileOpened`` / ``RollOpened``) are derived by every driver alike, never
  sent: the host has no say over them.
* A move that plays a hidden card (``Game.played_card``) comes with the ``CardPlayed`` record
  of its machine naming the position that held it: every machine checks at once that the
  position was dealt to that seat and that the card id is the card the move names.
* The state hash the machines compare is the public part plus the transcript's digest.
* After the last move every dealer publishes its secret (``Secret``) and every machine runs
  ``fairplay.audit``: ``verdict`` names a cheat, or says the game was fair. A dealer that
  left instead has its key rebuilt (net.fair.leave); the audit runs once every key is in.
* A record that comes too late through no fault of its own (``is_stale``: made before its
  machine heard that its dealer left, or that its pile or roll was opened again) is dropped
  by the host, never sequenced, and costs its sender nothing.

What a dealer publishes is computed from its secret alone (nonces and roll values come from
streams of it), so a machine that comes back with its secret rebuilds its partial state by
replaying the same stream. The driver never draws randomness itself: the secret comes from
the caller (``secrets.token_bytes`` in net).

``FairTable`` is made of parts, each with its own state, held in one attribute and reaching
the table only through a small interface of its own: ``machine`` (net.fair.phases: the deal's
state machine, the step in flight; the steps themselves in net.fair.draw_step and
net.fair.shuffle_step), ``dues`` (net.fair.dues: what this machine owes, its outbox),
``move_queue`` (net.fair.moves), ``departures`` (net.fair.leave: escrows, rebuilt keys),
``kinds`` (net.fair.kinds: attest / show / return and their audit), ``positions``
(net.fair.positions: pile order, held and known cards), ``rescue`` and ``share_rescue``
(net.fair.rescue, net.fair.share_rescue: late roll parts and draw shares rebuilt) and
``ending`` (net.fair.audit_step: the secrets and the verdict). Each record of the stream goes
to the part that takes it through a table of functions: ``DRIVER_INTAKE`` (the driver's own
records, by kind) and ``RECORD_INTAKE`` (the cipher records, by class), once its plain form
is checked (net.fair.plain).
"""

from __future__ import annotations

import hashlib
from collections import deque
from typing import Any, Callable

from game.match import Match
from game.rules.core import canonical_bytes
from game.rules.fairplay import FairplayError, Peer, Transcript, to_plain
from game.rules.fairplay.records import (CardPlayed, DrawShared, PileOpened, Returned,
                                          RollOpened, digest_form)
from net.fair.audit_step import AuditStep, Verdict
from net.fair.draw_step import learn_departed_hands
from net.fair.dues import SECRET, SETUP_ROLL, Dues
from net.fair.errors import FairError
from net.fair.escrow import DEPART, ESCROW, KEY_SHARE
from net.fair.kinds import ANSWER_OVERDUE, ATTEST, ChanceKinds
from net.fair.leave import Departures, is_stale
from net.fair.moves import MoveQueue
from net.fair.phases import DealMachine
from net.fair.plain import DRIVER_RECORDS, record_from_plain, small_int
from net.fair.plain import record_to_plain  # noqa: F401 - re-exported: callers import it here
from net.fair.positions import Positions, stamped
from net.fair.rescue import OVERDUE, ROLL_PART, RollRescue
from net.fair.late_shuffle import SHUFFLE_OVERDUE, take_shuffle_overdue
from net.fair.share_rescue import SHARE_OVERDUE, SHARE_PART, ShareRescue

SEED_DICE = (256,) * 8            # 64 bits of public seed
OPENINGS = (PileOpened, RollOpened, Returned)    # derived by every driver, never sent


class FairTable:
    """One machine's driver (see the module docstring).

    ``seat_dealers``: the dealer (machine) of each seat; ``me``: this machine's peer id;
    ``secret``: its secret (None for a spectator or a machine holding no seat)."""

    def __init__(self, game, config: dict, seat_dealers: list[int], me: int,
                 secret: bytes | None = None, seats=(), strict_escrow: bool | None = False
                 ) -> None:
        self.game = game
        self.config = config
        self.seats_info = list(seats)
        self.seat_dealers = list(seat_dealers)
        self.dealers = tuple(sorted(set(seat_dealers)))
        self.me = me
        self.my_seats = [s for s, d in enumerate(seat_dealers) if d == me]
        self.peer = Peer(me, secret) if secret is not None and me in self.dealers else None
        self.piles = game.piles(config)
        self.transcript = Transcript()
        self.published: list = []          # every record consumed from the stream, in order
        self._inbox: deque = deque()       # sequenced records not consumed yet
        self._digest = hashlib.blake2b(digest_size=16, person=b"fair-transcript")
        self.match: Match | None = None
        self.public_seed: int | None = None
        self.rekey: list[int] = []     # resumed elsewhere: dealers whose key the escrow rebuilds
        self.strict = False     # True: a record while a move is awaited is refused at once
        self.told_shuffles: list[str] = []   # piles whose step of ours the host said was late
        self.skipped_shufflers: set[int] = set()    # dealers whose shuffle step was skipped
        # the check of a draw share's proof as it is taken (net.fair.share_proof), or None
        self.share_check = None
        # shares of other machines' hidden cards, relayed without their proofs (net.fair.bundle)
        self.unproved_shares: set = set()
        # the parts, each with its own state (see the module docstring)
        self.machine: DealMachine = DealMachine(self)
        self.positions: Positions = Positions(self)
        self.kinds: ChanceKinds = ChanceKinds(self)
        self.move_queue: MoveQueue = MoveQueue(self)
        self.dues: Dues = Dues(self)
        self.departures: Departures = Departures(self, strict_escrow)
        self.rescue: RollRescue = RollRescue(self)    # late roll parts rebuilt (issue 28)
        self.share_rescue: ShareRescue = ShareRescue(self)     # and draw shares
        self.ending: AuditStep = AuditStep(self)      # the secrets and the verdict

    # -- what the parts keep, as the table's callers read it (forwarders) -----------------
    departed = property(lambda self: self.departures.departed)
    recovered = property(lambda self: self.departures.recovered)
    escrows = property(lambda self: self.departures.escrows)
    key_shares = property(lambda self: self.departures.key_shares)
    recovered_secrets = property(lambda self: self.departures.recovered_secrets)
    escrow_commitments = property(lambda self: self.departures.escrow_commitments)
    escrow_threshold = property(lambda self: self.departures.threshold,
                                doc="How many other dealers' escrow shares rebuild a key.")
    strict_escrow = property(lambda self: self.departures.strict_escrow,
                             lambda self, value: setattr(self.departures, "strict_escrow",
                                                         value))
    held = property(lambda self: self.positions.held)
    known = property(lambda self: self.positions.known)
    attests = property(lambda self: self.kinds.attests)
    move_cards = property(lambda self: self.move_queue.move_cards)
    owed_done = property(lambda self: self.dues.done,
                         doc="What this machine has queued already (items of net.fair.dues).")
    secrets = property(lambda self: self.ending.secrets)
    verdict = property(lambda self: self.ending.verdict)
    audit_due = property(lambda self: self.ending.due)
    defer_audit = property(lambda self: self.ending.defer,
                           lambda self, value: setattr(self.ending, "defer", value),
                           doc="True: the audit waits for ``finish_audit`` (a pump's end).")
    current_step = property(lambda self: self.machine.step, doc="The opened chance step: "
                            "(kind, pile or roll name, positions, drawer, key).")

    @property
    def active(self) -> tuple[int, ...]:
        """The dealers still at the table (not departed)."""
        return self.departures.active()

    def queue(self, record) -> None:
        """Queue a record this machine owes (sent by ``take_outbox``)."""
        self.dues.queue(record)

    def append_derived(self, record) -> None:
        """A record every machine derives alike (never sent): into the transcript."""
        self._append(record)

    def take_card_played(self, record: CardPlayed) -> int:
        """A move's card: into the transcript and the published records; its index."""
        self._append(record)
        self.published.append(record)
        return len(self.published) - 1

    # -- what the parts ask of each other (their interfaces' callbacks) -------------------
    def owe_key_shares(self) -> None:
        self.departures.owe_key_shares()

    def owe_roll_parts(self) -> None:
        self.rescue.owe()

    def owe_share_parts(self) -> None:
        self.share_rescue.owe()

    def owe_extra(self, step) -> None:
        self.kinds.owe(step)

    def key_rebuilt(self, gone: int) -> None:
        """A departed dealer's key is rebuilt: its parts of rebuilds are computed by all."""
        self.rescue.departed_changed()
        self.share_rescue.departed_changed()

    def hand_opened(self, gone: int) -> None:
        """... its hand is read by every machine, its part of the step done, and the audit
        runs if it left at the end instead of showing its secret."""
        learn_departed_hands(self, gone)
        self.machine.stand_in()
        self.audit_when_complete()

    # -- kept for the table's callers: the parts' answers ---------------------------------
    def my_escrow_share(self, owner: int) -> bytes:
        return self.departures.my_escrow_share(owner)

    def is_stale(self, record) -> bool:
        """Whether a record comes too late to count, through no fault of its sender's
        (net.fair.leave.is_stale): the host drops it and blames nobody."""
        return is_stale(self, record)

    def stamped(self, record):
        """The host's copy of a departure record, stamped with the seq it follows."""
        return stamped(record, self.match.seq if self.match is not None else None)

    def awaits_answer_from(self, dealer: int) -> bool:
        """Whether the open step is an ``attest`` that waits for ``dealer``'s answer."""
        return self.kinds.awaits_answer_from(self.machine.step, dealer)

    def answer_declared_late(self) -> bool:
        """Whether the host said the open step's answer is late (AnswerOverdue)."""
        return self.kinds.answer_declared_late(self.machine.step)

    def audit_game(self) -> tuple:
        return self.kinds.audit_game()

    def audit_extra(self):
        return self.kinds.audit_extra()

    # ================================================================ input
    def publish(self, record) -> None:
        """The next sequenced record (a record object, a Secret dict, or plain data)."""
        if not hasattr(record, "__dataclass_fields__") and not (
                isinstance(record, dict) and record.get("kind") in DRIVER_RECORDS):
            record = record_from_plain(record)
        self._inbox.append(record)

    def move(self, seq: int, seat: int, text: str, played=None) -> None:
        """The next sequenced move (``played``: its CardPlayed record, plain or not, or the
        wire's short form ``[position, card]``: the pile is the one the move plays from and
        the drawer the position's, both known to every machine)."""
        if isinstance(played, list):
            if len(played) != 2 or not all(small_int(value) for value in played):
                raise FairError("fair_malformed", detail="card_played")
            played = tuple(played)
        elif played is not None and not isinstance(played, CardPlayed):
            played = record_from_plain(played)
            if not isinstance(played, CardPlayed):
                raise FairError("fair_malformed", detail="card_played")
        self.move_queue.add(seq, seat, text, played)

    def intend(self, seat: int, full_text: str) -> str:
        """A move this machine proposes for one of its seats: the text to send (its public
        form); the full form is applied here when the sequenced public form arrives."""
        move = self.game.parse_move(full_text)
        if self.seat_dealers[seat] in self.recovered:
            return str(move)     # its dealer left for good: every machine knows that hand
        public = str(self.game.public_move(move))
        if public != str(move):
            self.move_queue.keep_private(seat, public, str(move))
        return public

    def card_for(self, seat: int, text: str) -> CardPlayed | None:
        """The CardPlayed record to send with this machine's move ``text`` of ``seat`` (None
        if the move plays no hidden card). FairError if no drawn position holds that card."""
        played = self.game.played_card(self.match.state, seat, self.game.parse_move(text))
        if played is None:
            return None
        pile, value = played
        book = self.positions
        for position in book.held.get(pile, {}).get(seat, []):
            card = book.known.get((pile, position))
            if card is not None and self.piles[pile][card] == value:
                return CardPlayed(pile, position, book.position_drawer(pile, position), card)
        raise FairError("fair_not_held", dealer=self.me, seat=seat)

    # ================================================================ output
    def prepare_ahead(self, count: int = 2) -> None:
        """Compute this machine's shares of the next positions of every pile now (while a
        player thinks), so the next draw costs no power on the table's clock."""
        if self.peer is None or self.me in self.departed or self.match is None:
            return
        for pile, state in self.transcript.piles.items():
            if not state.shuffled or self.me not in state.opening.seats:
                continue
            start = self.positions.cursor.get(pile, 0)
            positions = [p for p in range(start, min(start + count, len(state.opening.cards)))
                         if p not in state.draws]
            self.peer.prepare(self.transcript, pile, positions)

    def recount_owed(self) -> None:
        """After a replay of the whole stream: forget what was queued on the way (it is in
        the stream already) and owe only what the transcript still lacks from us."""
        self.dues.recount()

    def drop_inbox(self) -> int:
        """Forget the records not consumed (one the host could not sequence); how many."""
        dropped = len(self._inbox)
        self._inbox.clear()
        return dropped

    def drop_move(self) -> None:
        """Forget the move at the head of the queue (the host refused it)."""
        self.move_queue.drop()

    @property
    def queued_moves(self) -> int:
        return len(self.move_queue)

    @property
    def waiting_for_move(self) -> bool:
        """The state waits for a move (no chance step, not over)."""
        return (self.match is not None and self.match.pending_chance() is None
                and not self.match.is_over())

    def take_outbox(self) -> list:
        """Records this machine owes the table now (to send to the host), in order."""
        return self.dues.take()

    @property
    def finished(self) -> bool:
        """The game is over and every chance step of its end is in (Metro's is_over comes
        before the final shows)."""
        return self.match.is_over() and self.match.pending_chance() is None

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def digest(self) -> bytes:
        return self._digest.digest()

    def public_hash(self, state) -> str:
        data = self.game.public_digest(state) + self._digest.digest()
        return hashlib.blake2b(data, digest_size=16).hexdigest()

    # ================================================================ the driver
    def pump(self) -> list[tuple[int, Any, str, list]]:
        """Consume what can be consumed now; returns the log entries applied, as (seq, seat
        (None: chance), notation, events). Raises FairError for a refused record or move
        (nothing of it applied)."""
        applied: list = []
        while True:
            progressed = self._advance(applied)
            self.dues.owe()
            if not progressed:
                return applied

    def _advance(self, applied: list) -> bool:
        if self.match is None:
            if self._inbox:
                self._consume(self._inbox.popleft())
                self._maybe_begin()
                return True
            return False
        request = self.match.pending_chance()
        if request is not None:
            self.machine.open(request)
            self.machine.stand_in()
            if self.machine.complete(request, applied):
                return True
            if self._inbox:
                self._consume(self._inbox.popleft())
                return True
            return False
        if self.match.is_over():
            if self._inbox:
                self._consume(self._inbox.popleft())
                return True
            return False
        if self._inbox and isinstance(self._inbox[0], dict) and \
                self._inbox[0]["kind"] in (DEPART, KEY_SHARE) and \
                self._inbox[0].get("at", self.match.seq) <= self.match.seq:
            # a departure comes between moves: where the host sequenced it (``at``: the
            # seq it follows), so a machine replaying the stream takes it at the same place
            self._consume(self._inbox.popleft())
            return True
        if len(self.move_queue):
            return self.move_queue.play(applied)
        if self._inbox:
            record = self._inbox[0]
            if isinstance(record, OPENINGS):
                raise FairError("fair_opening_sent", dealer=-1)
            if self.strict:
                raise FairError("fair_out_of_turn", dealer=_dealer_of(record),
                                kind=_kind_of(record))
            # records that follow a move not here yet (lost on the way, or a catch-up):
            # they wait for it; once it is applied they must fit the next step
        return False

    # -- records ------------------------------------------------------------------------
    def _append(self, record) -> None:
        if self.match is not None:
            self.match.seal(tell=False)    # an entry's hash covers the transcript of its time
        self.transcript.append(record)
        # a deck counts by its digest: machines that received only the digest of an
        # intermediate deck (net.fair.decks) hash the same transcript as the others
        self._digest.update(canonical_bytes(to_plain(digest_form(record))))

    def _consume(self, record) -> None:
        """The next record of the stream goes to the part that takes it (``DRIVER_INTAKE``
        by kind, ``RECORD_INTAKE`` by class; any other class is a dealer's step record)."""
        if isinstance(record, dict):
            DRIVER_INTAKE[record["kind"]](self, record)
            self.published.append(record)
            return
        RECORD_INTAKE.get(type(record), on_dealer_record)(self, record)

    def _keep_unless_refused(self, take, record) -> None:
        """``take(record)`` and keep the record as published; one the fair-play rules refuse
        is its dealer's fault (FairError ``fair_refused``) and is not kept."""
        try:
            take(record)
        except FairplayError as error:
            raise FairError("fair_refused", dealer=record.seat, detail=error.code,
                            message=str(error)) from None
        self.published.append(record)

    def _maybe_begin(self) -> None:
        t = self.transcript
        escrowed = len(self.dealers) == 1 or len(self.escrows) == len(self.dealers)
        if len(t.public_keys) == len(self.dealers) and escrowed and SETUP_ROLL not in t.rolls:
            self._append(RollOpened(SETUP_ROLL, 0, self.dealers))
        faces = t.roll_faces(SETUP_ROLL, SEED_DICE) if SETUP_ROLL in t.rolls else None
        if faces is None:
            return
        public_seed = int.from_bytes(bytes(faces), "big")
        self.public_seed = public_seed
        self.match = Match.table_match(self.game, self.config, public_seed, self.seats_info)
        self.match.hasher = self.public_hash

    # -- the end (net.fair.audit_step) --------------------------------------------------
    def audit_when_complete(self) -> None:
        self.ending.when_complete()

    def finish_audit(self) -> bool:
        """Run the audit that waits (``defer_audit``); True if it ran now."""
        return self.ending.finish()

    def void_unaudited(self) -> Verdict | None:
        """The game is over but its audit cannot run: void on this machine (AuditStep.void)."""
        return self.ending.void()

    def run_audit(self) -> Verdict:
        return self.ending.run()


# ================================================================ record intake
# Each record of the stream goes to the part that takes it: ``FairTable._consume`` looks it
# up here, in tables built once. A handler gets the table and the record; one that refuses
# raises FairError and the record is not kept.
RecordTaker = Callable[[FairTable, Any], None]


def on_secret(fair: FairTable, record: dict) -> None:
    fair.ending.take_secret(record)              # net.fair.audit_step


def on_escrow(fair: FairTable, record: dict) -> None:
    fair.departures.take_escrow(record)          # net.fair.leave


def on_depart(fair: FairTable, record: dict) -> None:
    fair.departures.take_depart(record)


def on_key_share(fair: FairTable, record: dict) -> None:
    fair.departures.take_key_share(record)


def on_attest(fair: FairTable, record: dict) -> None:
    fair.kinds.take_attest(fair.machine.step, record)     # net.fair.kinds: the open answer


def on_answer_overdue(fair: FairTable, record: dict) -> None:
    fair.kinds.take_answer_overdue(fair.machine.step, record)   # the open answer is late


def on_roll_overdue(fair: FairTable, record: dict) -> None:
    fair.rescue.take_overdue(record)             # net.fair.rescue


def on_roll_part(fair: FairTable, record: dict) -> None:
    fair.rescue.take_part(record)


def on_share_overdue(fair: FairTable, record: dict) -> None:
    fair.share_rescue.take_overdue(record)       # net.fair.share_rescue


def on_share_part(fair: FairTable, record: dict) -> None:
    fair.share_rescue.take_part(record)


# the driver's own records (plain dicts), by kind; the table keeps each as published
DRIVER_INTAKE: dict[str, RecordTaker] = {
    SECRET: on_secret, ESCROW: on_escrow, DEPART: on_depart, KEY_SHARE: on_key_share,
    ATTEST: on_attest, ANSWER_OVERDUE: on_answer_overdue,
    OVERDUE: on_roll_overdue, ROLL_PART: on_roll_part,
    SHARE_OVERDUE: on_share_overdue, SHARE_PART: on_share_part,
    SHUFFLE_OVERDUE: take_shuffle_overdue,       # net.fair.late_shuffle
}


def on_opening(fair: FairTable, record) -> None:
    raise FairError("fair_opening_sent", dealer=-1)   # openings are derived, not sent


def on_card_played(fair: FairTable, record: CardPlayed) -> None:
    """A card named at the end (a ``show`` step); a move's card comes with its move."""
    step = fair.machine.step
    if step is None or step[0] != "show":
        raise FairError("fair_out_of_turn", dealer=record.seat, kind="CardPlayed")
    fair._keep_unless_refused(lambda shown: fair.kinds.take_shown(step, shown), record)


def on_dealer_record(fair: FairTable, record) -> None:
    """A dealer's record of the open step (a key, a roll part, a shuffle, a draw share):
    from a dealer, one the step asks for, its proof checked as it is taken (a draw share's,
    net.fair.share_proof), then into the transcript."""
    if record.seat not in fair.dealers:
        raise FairError("fair_not_dealer", dealer=record.seat)
    fair.machine.check_belongs(record)
    if fair.share_check is not None and isinstance(record, DrawShared):
        fair.share_check(fair, record)
    fair._keep_unless_refused(fair._append, record)


# the cipher records, by class; a class not named here is a dealer's step record
RECORD_INTAKE: dict[type, RecordTaker] = {
    **dict.fromkeys(OPENINGS, on_opening), CardPlayed: on_card_played}


def _dealer_of(record) -> int:
    if isinstance(record, dict):
        return record.get("seat", -1)
    return getattr(record, "seat", -1)


def _kind_of(record) -> str:
    return record.get("kind", "") if isinstance(record, dict) else type(record).__name__
