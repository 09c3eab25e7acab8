"""The host's side of a fair table (issue 13): a sequencer of cipher records, never a dealer.

``FairHost`` is a part of ``net.table.host.HostEndpoint`` (``fair_host``) with its own state:
the host's driver (``fair``: ``net.fair.deal.FairTable``), the stream of records it relayed
(``stream``), their signatures and proofs, the moves' card records (``played``), the audit's
verdict as told. START names the table's dealers (the machine of each seat: a
remote seat's peer id, 0 for the host's own local and bot seats) and a table id; it carries
no seed and no reveal. The host runs the same driver as every
joiner, with its own secret if it holds a seat: a record a dealer sends (``F``) is appended to
the host's driver first and relayed with its index only if the driver accepts it (a draw's
shares in one frame once the step is complete, ``net.fair.bundle``; an intermediate deck whole
only to the dealer that shuffles next, ``net.fair.decks``); a record
the driver refuses ends that peer's connection with the driver's reason, and a stale one (made
before its machine heard of a departure or of a pile or roll opened again) is dropped. Moves
that play a hidden card carry their ``CardPlayed`` record (``cp``) from the proposer, checked
by the host's driver before the move is sequenced (``stamp``) and by every joiner's when it
arrives. It reads the table through ``FairHostTable`` and acts on it only through the
callbacks it is handed (send, broadcast, emit, refuse, the START message, the game begun,
entries applied).
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Protocol

from game.rules.core import IllegalMove
from net.protocol import messages as ids
from net.fair.bundle import ShareRelay, proof_for
from net.fair.decks import DeckRoutes
from net.fair.deal import FairError, FairTable, record_from_plain, record_to_plain
from net.fair.positions import short_played
from net.fair.late_calls import LateCalls
from net.fair.past import StreamWord
from net.fair.share_proof import PROOF_BYTES, ShareProofs, is_share, signed_form
from net.fair.signing import FrameSigner, SignerBook, dealer_of_plain, needs_signature
from net.fair.table_code import CodeTeller
from net.fair.wait import collecting_shares

FAIR_SECRET_BYTES = 32


def new_fair_secret() -> bytes:
    """A dealer's secret: made here, kept in its machine's own save, shown at the audit."""
    return secrets.token_bytes(FAIR_SECRET_BYTES)




class FairHostTable(Protocol):
    """What ``FairHost`` reads of the table it deals for (``HostEndpoint`` is one)."""

    game: Any           # game.rules.core.Game
    config: dict
    slots: list         # net.protocol.lobby.Slot per seat
    phase: str          # lobby, dealing, playing, over, closed: set to "dealing" by ``start``
    sequencer: Any      # net.table.sequencer.Sequencer once the game begins (else None)
    autosaver: Any      # the table's autosave (None: none)
    persistence: Any    # net.local.services.Persistence
    on_applied: Callable[[int, int], None] | None   # (seq, seat): the bench's timing hook

    @property
    def match(self) -> Any: ...


class FairRelay(Protocol):
    """What the host's play part (``net.table.play.HostPlay``) asks of the fair deal: a move
    stamped, moves resent, the stream for a SYNC, whether a seat may move. ``FairHost``
    declares it is one (a base class), so a reader or a tool can follow a call from the play
    part into it; the play part's tests hand it a fake."""

    def stamp(self, seat: int, text: str, played: Any = None) -> None: ...

    def resend(self, peer: Any, entries: list) -> None: ...

    def sync_fields(self, message: dict, peer: Any) -> None: ...

    def can_play(self, seat: int) -> bool: ...


class FairHost(FairRelay):
    """A part of ``HostEndpoint`` (``fair_host``): the host's side of the fair deal."""

    def __init__(self, table: FairHostTable, *, new_secret: Callable[[], bytes],
                 new_table_id: Callable[[], str], send: Callable[[Any, dict], None],
                 broadcast: Callable[[dict], None], live_peers: Callable[[], list],
                 emit: Callable[..., None], refuse: Callable[[Any, str, dict], None],
                 start_message: Callable[[], dict], begin: Callable[[Any], None],
                 moved: Callable[[list], None]) -> None:
        """``new_secret()``: this machine's dealer secret (tests inject a seeded source);
        ``send(peer, message)``, ``broadcast(message)``, ``live_peers()`` (connected peers),
        ``emit(event, **fields)``, ``refuse(conn, code, args)``; ``start_message()``: the
        START to send; ``begin(match)``: the setup is dealt, the game begins;
        ``moved(applied)``: entries the driver applied ((seq, seat, move, events) each)."""
        self.table = table
        self.new_secret = new_secret
        self.new_table_id = new_table_id
        self.send = send
        self.broadcast = broadcast
        self.live_peers = live_peers
        self.emit = emit
        self.refuse = refuse
        self.start_message = start_message
        self.begin = begin
        self.moved = moved
        self.fair: FairTable | None = None
        self.strict = False      # a strict table (issue 28): escrows open only with every dealer
        self.table_id = ""
        self.stream: list = []           # the plain records broadcast, by index
        self.played: dict[int, dict] = {}   # seq -> CardPlayed (plain) of that move
        self.verdict_told = False
        self.share_relay: ShareRelay | None = None   # draw shares held for a bundle
        self.decks: DeckRoutes | None = None         # who gets each intermediate deck whole
        # the calls about what is late: rebuild, skip, say late (net.fair.late_calls)
        self.late = LateCalls(lambda: self.fair, self.pump, self.emit)
        self._signing(None, 0)

    def seat_dealers(self) -> list[int]:
        return [s.peer if s.kind == ids.KIND_REMOTE else 0 for s in self.table.slots]

    def start(self) -> None:
        """The dealers key, roll the public seed and deal: the table is dealing."""
        table = self.table
        dealers = self.seat_dealers()
        self.table_id = self.new_table_id()
        self.stream = []
        self.played = {}
        self.verdict_told = False
        self.share_relay = ShareRelay(self.broadcast, self.send_each)
        self.decks = DeckRoutes()
        secret = self.new_secret() if 0 in dealers else None
        self._signing(secret, 0)
        self.fair = FairTable(table.game, table.config, dealers, 0, secret,
                              [s.seat_info() for s in table.slots],
                              strict_escrow=self.strict)
        self.fair.share_check = self.proofs.check
        self.fair.strict = True     # the host refuses a record out of turn at once
        self.fair.defer_audit = True    # run by ``settle``, after the network
        table.phase = "dealing"
        self.broadcast(self.start_message())
        self.emit("dealing", dealers=sorted(set(dealers)))
        self.tell_code()
        self.pump()

    def tell_code(self) -> None:
        """Once every dealer's key is fixed here: the table code, for the players to compare."""
        if self.fair is None:
            return
        code = self.code.news(self.table_id, self.book.keys, self.fair.dealers)
        if code is not None:
            self.emit("table_code", code=code)

    def forget(self) -> None:
        """The setup was aborted: the table goes back to the lobby without a driver."""
        self.fair = None

    def _signing(self, secret: bytes | None, me: int) -> None:
        """The table's verify keys as this host fixes them (net.fair.signing), our own
        signer, and the signatures of the stream's records, by index."""
        signer = FrameSigner(secret, self.table_id, me) if secret is not None else None
        self.signer = signer
        self.book = SignerBook(self.table_id, signer)
        # the word each record of the stream went out with, by index: what our save keeps
        # beside the records (net.fair.past) and a catch-up carries
        self.word = StreamWord()
        self.sigs: dict[int, bytes] = self.word.signatures
        # draw shares go on with their proof instead of their signature (net.fair.share_proof)
        self.proofs = ShareProofs(self.table_id)
        self.proofs_sent: dict[int, bytes] = self.word.proofs
        # [[first, end), ...]: records of a resumed table's past its save holds without their
        # dealer's word (a save from before signatures were kept): taken on our word
        self.on_word: list[list[int]] = []
        self.on_word_count = 0
        self.keys_told: set[int] = set()     # dealers whose key went out with a frame
        self.code = CodeTeller()             # the table code, said once (net.fair.table_code)

    def depart(self, seat: int) -> None:
        """A remote seat goes to the host's bot: its machine's key is rebuilt from the escrow
        (a Depart every machine sees; refused beyond the cap) so the bot can play it and the
        piles and rolls go on without that machine."""
        fair = self.fair
        if fair is None or fair.match is None or self.table.phase != "playing":
            return
        gone = fair.seat_dealers[seat]
        if gone == fair.me or gone in fair.departed or len(fair.dealers) == 1:
            return
        self.late.rekey(gone)

    def hand_over(self, seat: int, pid: int) -> None:
        """The host gives ``seat`` to another machine (``pid``) during play: the machine that
        dealt for it is gone from that seat, so its key is rebuilt by the escrow and the
        seat's hand becomes known to the table (the new machine could not read it else)."""
        fair = self.fair
        if fair is None or fair.match is None:
            return
        gone = fair.seat_dealers[seat]
        if gone != pid and gone != fair.me and gone not in fair.departed:
            self.late.rekey(gone)

    def can_play(self, seat: int) -> bool:
        """Whether this machine knows the seat's secrets (its own, or rebuilt)."""
        fair = self.fair
        if fair is None:
            return True
        dealer = fair.seat_dealers[seat]
        return dealer == fair.me or dealer in fair.recovered

    def start_fields(self, message: dict) -> None:
        """START's fair fields: the dealers and the table id, never a seed."""
        if self.table.phase != "dealing" or self.stream:
            message["cu"] = True      # a catch-up follows: owe nothing before it
        message["dl"] = self.seat_dealers() if self.fair is None else list(
            self.fair.seat_dealers)
        message["tid"] = self.table_id
        if self.strict or (self.fair is not None and self.fair.strict_escrow):
            message["fs"] = True

    def on_fair(self, peer, msg: dict) -> None:
        """A dealer's record (``F``): checked, appended to our driver, relayed if taken."""
        if self.fair is None or self.table.phase not in ("dealing", "playing", "over"):
            return
        try:
            record = record_from_plain(msg["r"])
        except FairError as error:
            self.refuse(peer.conn, error.code, error.details)
            return
        dealer = record["seat"] if isinstance(record, dict) else getattr(record, "seat", -1)
        if dealer != self.dealer_of(peer):
            self.refuse(peer.conn, "fair_foreign", {"peer": peer.pid, "seat": dealer})
            return
        signature = msg.get("sg")
        # checked in the form we relay (a record sent in another form of the same content,
        # with a signature over that form, would otherwise fail on every other machine and
        # have them name us for the dealer's trick)
        problem = self.book.check(signed_form(record_to_plain(record), msg.get("pf")),
                                  signature, msg.get("vk"))
        if problem is not None:
            # it came straight from that machine: its own frame is unsigned or falsely signed
            self.refuse(peer.conn, "fair_bad_signature", {"peer": peer.pid, "detail": problem})
            self.emit("fair_refused", peer=peer.pid, code="fair_bad_signature")
            return
        self.tell_code()
        if self.fair.is_stale(record):
            # made before its machine heard of a departure or of a pile or roll opened again
            # (e.g. its shuffle crossed the Depart of a withholding dealer): it no longer
            # counts, and it is nobody's fault
            self.emit("fair_stale", peer=peer.pid, kind=record_to_plain(record)["kind"])
            return
        # a record sent again after a reconnection is already in; but an answer the current
        # step waits for is new even when it reads like an earlier one (a seat answering the
        # same question the same way twice: dropping it stalled the table)
        if not self.fair.awaits_answer_from(dealer) and (
                any(record_to_plain(record) == {k: v for k, v in sent.items() if k != "at"}
                    for sent in self.stream[-64:])
                or record_to_plain(record) in self.stream):
            return
        record = self.fair.stamped(record)
        plain = record_to_plain(record)
        proof = msg.get("pf") if is_share(plain) else None
        if is_share(plain):
            # checked with its proof as our driver takes it; a good one goes on with its
            # proof alone, a bad one (signed: its dealer's) with its signature as evidence
            self.proofs.note(plain, proof, signed=True)
        before = len(self.fair.published)
        self.fair.publish(record)
        try:
            self.pump(pending=(before, plain, None if is_share(plain) else signature, proof))
        except FairError as error:
            self.fair.drop_inbox()
            self.proofs.forget()     # refused: nothing of it is taken later
            if error.code == "fair_bad_share" and error.dealer == dealer and is_share(plain):
                self._evidence(plain, signature, proof)
            self.refuse(peer.conn, error.code, error.details)
            self.emit("fair_refused", peer=peer.pid, code=error.code)

    def pump(self, pending: tuple | None = None) -> None:
        """Run the host's driver: broadcast a just-accepted record, sequence the host's own,
        apply and announce the chance entries."""
        while True:
            applied = self.fair.pump()
            if pending is not None:
                before, plain, signature, proof = pending
                pending = None
                if len(self.fair.published) > before:
                    self.relay(plain, signature, proof)
            self._applied(applied)
            out = self.fair.take_outbox()
            if not out:
                break
            for record in out:
                record = self.fair.stamped(record)
                self.fair.publish(record)
                before = len(self.fair.published)
                applied = self.fair.pump()
                if len(self.fair.published) > before:
                    plain = record_to_plain(record)
                    if is_share(plain) and self.fair.peer is not None:
                        # ours under another id than the relay's (a resumed table): proved
                        self.relay(plain, None, self.proofs.prove(self.fair, plain))
                    else:
                        self.relay(plain, self._own_signature(plain))
                self._applied(applied)
        if not collecting_shares(self.fair):
            self.flush()
        self._check_verdict()
        if self.fair.waiting_for_move:
            self.fair.prepare_ahead()       # our next shares, while the player thinks

    def _own_signature(self, plain: dict) -> bytes | None:
        """Our signature of a record of ours that others must see signed (we deal under
        another id than the relay's on a table resumed from another machine's save)."""
        signer = self.signer
        if signer is None or not needs_signature(dealer_of_plain(plain)):
            return None
        return signer.sign(plain)

    def _evidence(self, plain: dict, signature, proof) -> None:
        """A dealer's own bad share (its signature holds, its proof does not): relayed with
        both so that every machine sees it is the dealer's and names it. It never enters the
        stream (every machine ends its table on it)."""
        self.share_relay.flush()
        message = {"t": ids.FAIR, "i": len(self.stream), "r": plain, "sg": signature}
        if isinstance(proof, bytes) and len(proof) == PROOF_BYTES:
            message["pf"] = proof
        dealer = dealer_of_plain(plain)
        key = self.book.keys.get(dealer)
        if dealer not in self.keys_told and key is not None:
            message["vk"] = key
        self.broadcast(message)

    def relay(self, plain: dict, signature: bytes | None = None,
              proof: bytes | None = None) -> None:
        """Relay one record of the stream, with its dealer's signature (a draw share: with
        its proof instead); its dealer's verify key goes with the first of its records we
        relay."""
        self.stream.append(plain)
        index = len(self.stream) - 1
        extra = {}
        if proof is not None:
            self.proofs_sent[index] = proof
            extra["pf"] = proof
        if signature is not None:
            self.sigs[index] = signature
            extra["sg"] = signature
            dealer = dealer_of_plain(plain)
            key = self.book.keys.get(dealer)
            if dealer not in self.keys_told and key is not None:
                self.keys_told.add(dealer)
                extra["vk"] = key
        if "vk" not in extra and self.share_relay.hold(index, plain, signature, proof):
            return
        self.share_relay.flush()
        if not self.decks.note(index, plain, self.fair.transcript):
            self.broadcast({"t": ids.FAIR, "i": index, "r": plain, **extra})
            return
        for peer in self.live_peers():      # the deck whole only to the next shuffler
            form = self.decks.form_for(index, plain, self.dealer_of(peer))
            self.send(peer, {"t": ids.FAIR, "i": index, "r": form, **extra})

    def send_each(self, make) -> None:
        """Send each live machine its own form of a frame: ``make(its dealer id)``."""
        for peer in self.live_peers():
            self.send(peer, make(self.dealer_of(peer)))

    def flush(self) -> None:
        """Send the draw shares held for a bundle (net.fair.bundle)."""
        if self.share_relay is not None:
            self.share_relay.flush()

    def _applied(self, applied: list) -> None:
        if self.fair.match is not None and self.table.sequencer is None:
            self.begin(self.fair.match)
            self.save_header()
        if applied:
            self.flush()    # a step completed: its shares go out now, in one frame
        self.moved(applied)

    def save_header(self) -> None:
        """Our save of the table names its dealers, our dealer id and our own secret (no
        other machine's)."""
        autosaver = self.table.autosaver
        if autosaver is None:
            return
        secret = self.fair.peer.secret if self.fair.peer is not None else None
        lan = dict(autosaver.header.get("lan", {}), table=self.table_id,
                   dealers=list(self.fair.seat_dealers), dealer=self.fair.me)
        if secret is not None:
            lan["fair"] = secret.hex()
        autosaver.header = dict(autosaver.header, lan=lan)
        autosaver.refresh_header(self.table.match)

    def resume(self, fair: FairTable, save: Any) -> None:
        """A fair table resumed from a save (``game.saves.lan.resumed_endpoint``): ``fair`` is
        the saved stream replayed with this machine's own secret; START names the old
        dealers and table id, and the catch-up carries the saved stream to every joiner,
        which replays it with its own secret, with the signature / proof the save kept for
        each record and the dealers' keys: each joiner checks the past as if relayed live
        (net.fair.past); what the save holds without them is named (``on_word``)."""
        disk = self.table.persistence
        past = disk.saved_fair_past(save)
        records, played = ((past.records, past.played) if past is not None
                           else disk.saved_fair_stream(save))
        self.fair = fair
        fair.strict = True
        fair.defer_audit = True
        self.table_id = str(save.header["lan"].get("table", ""))
        self._signing(fair.peer.secret if fair.peer is not None else None, fair.me)
        fair.share_check = self.proofs.check
        # a crash can cut the save between a move and the records that follow it (a share
        # for the draw after it): the move is not in the saved log, so those records wait for
        # it and never fit. They are dropped from what this table goes on from and from the
        # stream it sends; their dealers owe them again once the move is played again.
        waiting = fair.drop_inbox()
        self.stream = list(records[:len(records) - waiting])
        self.played = dict(played)
        # the word the save kept with each record goes out with it again (net.fair.past)
        kept = len(self.stream)
        if past is not None:
            for dealer, key in past.key_rows():
                self.book.learn(dealer, key)
            self.sigs.update((i, sig) for i, sig in past.signatures.items() if i < kept)
            self.proofs_sent.update((i, pf) for i, pf in past.proofs.items() if i < kept)
            self.on_word = past.on_word(kept)
            self.on_word_count = sum(past.lacks_word(i) for i in range(kept))
        else:
            self.on_word = [[0, kept]] if kept else []
            self.on_word_count = kept
        self.verdict_told = False
        self.share_relay = ShareRelay(self.broadcast, self.send_each)
        self.decks = DeckRoutes()

    def dealer_of(self, peer) -> int:
        """The dealer id of a joiner: its peer id, or on a resumed table the old machine's
        whose seats it holds."""
        if self.fair is not None and peer.seats:
            return self.fair.seat_dealers[min(peer.seats)]
        return peer.pid

    def resumed_start(self) -> None:
        """After a resumed fair table's START: our save's header, and what we still owe. A
        table resumed from another machine's save rebuilds the old host's key by the escrow
        (``game.saves.fair_lan.resumed_fair_driver``): its bots' seats play on."""
        self.save_header()
        if self.on_word:
            # said here as on every joiner: this part of the past is taken on our word
            self.emit("fair_past_unsigned", code="fair_past_unsigned",
                      args={"records": self.on_word_count})
        self.fair.recount_owed()
        self.pump()
        for gone in self.fair.rekey:
            self.late.rekey(gone)
        self.fair.rekey = []

    def void_unaudited(self) -> bool:
        """The end's audit could not run in time: the game is marked void here, with the
        dealers whose secret is missing (told and saved like an audit). True if so."""
        if self.fair is None or self.fair.void_unaudited() is None:
            return False
        self._check_verdict()
        return True

    def audit_waiting(self) -> bool:
        """The end's audit is ready to run and waits for ``settle``."""
        return self.fair is not None and self.fair.audit_due

    def settle(self) -> None:
        """At the end of a pump (its frames sent): the audit that waited for it."""
        if self.fair is not None and self.fair.finish_audit():
            self._check_verdict()

    def _check_verdict(self) -> None:
        table = self.table
        table.persistence.save_fair_stream(table.autosaver, self.fair, self.played,
                                           word=self.word, keys=self.book.keys)
        verdict = self.fair.verdict if self.fair is not None else None
        if verdict is not None and not self.verdict_told:
            self.verdict_told = True
            self.emit("audit", **verdict.to_plain())
            table.persistence.record_audit(table.autosaver, table.match, verdict.to_plain())

    def stamp(self, seat: int, text: str, played: Any = None) -> None:
        """Check, sequence and apply a move of ``seat`` (from a joiner's PROPOSE, the host's
        own player or bot): the host's driver takes it (``FairTable.move``), MOVE goes to
        every machine; IllegalMove if refused."""
        table = self.table
        if table.phase != "playing":
            raise IllegalMove(ids.R_NOT_PLAYING, "The game is not running")
        fair = self.fair
        match = table.match
        checked = table.sequencer.check(seat, text)     # IllegalMove: nothing changed
        slot = table.slots[seat]
        local = slot.kind in (ids.KIND_LOCAL, ids.KIND_BOT) or (played is None and bool(
            slot.bot_level))
        if local:            # the host's own seat: it names its own card
            text = fair.intend(seat, str(checked))
            try:
                played = fair.card_for(seat, str(checked))
            except FairError as error:
                raise IllegalMove(error.code, "That card is not in the hand") from None
            played = short_played(played)
        seq = match.seq + 1
        match.seal(tell=False)
        try:
            fair.move(seq, seat, text, played)
            applied = fair.pump()
        except FairError as error:
            fair.drop_move()
            raise IllegalMove(error.code, "The table refuses this move",
                              **{k: v for k, v in error.details.items() if k != "message"}) \
                from None
        message = {"t": ids.MOVE, "q": seq, "s": seat, "m": text}
        if played is not None:
            message["cp"] = played
            self.played[seq] = played
        self.flush()        # the stream before the move, as it was sequenced
        self.broadcast(message)
        if table.on_applied is not None:
            table.on_applied(seq, seat)
        match.tell()
        self._applied(applied)
        self.pump()

    def move_row(self, entry) -> list:
        """[seq, seat, public text, CardPlayed plain or None] of a logged move."""
        game = self.table.game
        text = str(game.public_move(game.parse_move(entry.move)))
        return [entry.seq, entry.seat, text, self.played.get(entry.seq)]

    def resend(self, peer, entries) -> None:
        """Moves lost on the way (cipher records are never lost on an open link)."""
        for entry in entries:
            if entry.seat is None:
                continue
            seq, seat, text, played = self.move_row(entry)
            message = {"t": ids.MOVE, "q": seq, "s": seat, "m": text}
            if played is not None:
                message["cp"] = played
            self.send(peer, message)

    def sync_fields(self, message: dict, peer) -> None:
        """A fair table's catch-up: the whole stream (records, moves in public form; an
        intermediate deck whole only to the dealer that shuffled after it); the joiner
        replays it with its own secret."""
        match = self.table.match
        moves = [self.move_row(entry) for entry in
                 (match.log if match is not None else ()) if entry.seat is not None]
        message["log"] = []
        dealer = self.dealer_of(peer)
        routes = self.decks if self.decks is not None else DeckRoutes()
        message["fr"] = [routes.form_for(index, plain, dealer)
                         for index, plain in enumerate(self.stream)]
        message["fm"] = moves
        # each record's signature (empty: the relay's own) and every dealer key fixed so far:
        # the joiner checks the stream as if relayed live, a resumed table's past too (our
        # save kept each record's word); ``fu`` names what our save holds without it
        message["fg"] = [self.sigs.get(i, b"") for i in range(len(self.stream))]
        message["vk"] = self.book.table()
        if self.on_word:
            message["fu"] = [list(span) for span in self.on_word]
        # a hidden card's share proofs only to its drawer's machine (net.fair.bundle)
        message["fp"] = [proof_for(plain, self.proofs_sent.get(i, b""), dealer) or b""
                         for i, plain in enumerate(self.stream)]
