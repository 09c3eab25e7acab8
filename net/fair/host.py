"""The host's side of a fair table (issue 13): a sequencer of cipher records, never a dealer.

Mixed into ``HostEndpoint``. START names the table's dealers (the machine of each seat: a
remote seat's peer id, 0 for the host's own local and bot seats) and a table id; it carries
no seed and no reveal. The host runs the same driver (``net.fair.deal.FairTable``) as every
joiner, with its own secret if it holds a seat: a record a dealer sends (``F``) is appended to
the host's driver first and relayed with its index only if the driver accepts it (a draw's
shares in one frame once the step is complete, ``net.fair.bundle``; an intermediate deck whole
only to the dealer that shuffles next, ``net.fair.decks``); a record
the driver refuses ends that peer's connection with the driver's reason, and a stale one (made
before its machine heard of a departure or of a pile or roll opened again) is dropped. Moves
that play a hidden card carry their ``CardPlayed`` record (``cp``) from the proposer, checked
by the host's driver before the move is sequenced and by every joiner's when it arrives.
"""

from __future__ import annotations

import secrets
from typing import Any

from game.rules.core import IllegalMove
from net.local import collector
from net.protocol import messages as ids
from net.fair.bundle import ShareRelay, proof_for
from net.fair.decks import DeckRoutes
from net.fair.deal import FairError, FairTable, record_from_plain, record_to_plain
from net.fair.positions import short_played
from net.fair.late_shuffle import overdue_record
from net.fair.share_rescue import SHARE_OVERDUE
from net.fair.share_proof import PROOF_BYTES, ShareProofs, is_share, signed_form
from net.fair.signing import FrameSigner, SignerBook, dealer_of_plain, needs_signature
from net.fair.wait import collecting_shares

FAIR_SECRET_BYTES = 32


def new_fair_secret() -> bytes:
    """A dealer's secret: made here, kept in its machine's own save, shown at the audit."""
    return secrets.token_bytes(FAIR_SECRET_BYTES)


class FairHosting:
    """Host-side fair-table behaviour; expects the attributes of ``HostEndpoint``."""

    fair: FairTable | None = None
    fair_strict = False      # a strict table (issue 28): escrows open only with every dealer
    fair_relay: ShareRelay | None = None     # draw shares held for a bundle
    fair_decks: DeckRoutes | None = None     # who gets each intermediate deck whole

    def seat_dealers(self) -> list[int]:
        return [s.peer if s.kind == ids.KIND_REMOTE else 0 for s in self.slots]

    def _fair_start(self) -> None:
        dealers = self.seat_dealers()
        self.fair_table_id = self.new_table_id()
        self.fair_stream: list = []          # the plain records broadcast, by index
        self.fair_played: dict[int, dict] = {}   # seq -> CardPlayed (plain) of that move
        self.fair_verdict_told = False
        self.fair_relay = ShareRelay(self._broadcast, self._fair_send_each)
        self.fair_decks = DeckRoutes()
        secret = self.fair_secret() if 0 in dealers else None
        self._fair_signing(secret, 0)
        self.fair = FairTable(self.game, self.config, dealers, 0, secret,
                              [s.seat_info() for s in self.slots],
                              strict_escrow=self.fair_strict)
        self.fair.share_check = self.fair_proofs.check
        self.fair.strict = True     # the host refuses a record out of turn at once
        self.fair.defer_audit = True    # run by ``settle``, after the network
        self.phase = "dealing"
        self._broadcast(self._start_message())
        self._emit("dealing", dealers=sorted(set(dealers)))
        self._fair_pump()

    def _fair_signing(self, secret: bytes | None, me: int) -> None:
        """The table's verify keys as this host fixes them (net.fair.signing), our own
        signer, and the signatures of the stream's records, by index."""
        signer = FrameSigner(secret, self.fair_table_id, me) if secret is not None else None
        self.fair_signer = signer
        self.fair_book = SignerBook(self.fair_table_id, signer)
        self.fair_sigs: dict[int, bytes] = {}
        # draw shares go on with their proof instead of their signature (net.fair.share_proof)
        self.fair_proofs = ShareProofs(self.fair_table_id)
        self.fair_proofs_sent: dict[int, bytes] = {}
        self.fair_keys_told: set[int] = set()     # dealers whose key went out with a frame

    def _fair_depart(self, seat: int) -> None:
        """A remote seat goes to the host's bot: its machine's key is rebuilt from the escrow
        (a Depart every machine sees; refused beyond the cap) so the bot can play it and the
        piles and rolls go on without that machine."""
        fair = self.fair
        if fair is None or fair.match is None or self.phase != "playing":
            return
        gone = fair.seat_dealers[seat]
        if gone == fair.me or gone in fair.departed or len(fair.dealers) == 1:
            return
        self.fair_rekey(gone)

    def fair_hand_over(self, seat: int, pid: int) -> None:
        """The host gives ``seat`` to another machine (``pid``) during play: the machine that
        dealt for it is gone from that seat, so its key is rebuilt by the escrow and the
        seat's hand becomes known to the table (the new machine could not read it else)."""
        fair = self.fair
        if fair is None or fair.match is None:
            return
        gone = fair.seat_dealers[seat]
        if gone != pid and gone != fair.me and gone not in fair.departed:
            self.fair_rekey(gone)

    def fair_can_play(self, seat: int) -> bool:
        """Whether this machine knows the seat's secrets (its own, or rebuilt)."""
        fair = self.fair
        if fair is None:
            return True
        dealer = fair.seat_dealers[seat]
        return dealer == fair.me or dealer in fair.recovered

    def _fair_start_fields(self, message: dict) -> None:
        if self.phase != "dealing" or self.fair_stream:
            message["cu"] = True      # a catch-up follows: owe nothing before it
        message["dl"] = self.seat_dealers() if self.fair is None else list(
            self.fair.seat_dealers)
        message["tid"] = self.fair_table_id
        if self.fair_strict or (self.fair is not None and self.fair.strict_escrow):
            message["fs"] = True

    def on_fair(self, peer, msg: dict) -> None:
        if self.fair is None or self.phase not in ("dealing", "playing", "over"):
            return
        try:
            record = record_from_plain(msg["r"])
        except FairError as error:
            self._refuse(peer.conn, error.code, error.details)
            return
        dealer = record["seat"] if isinstance(record, dict) else getattr(record, "seat", -1)
        if dealer != self.fair_dealer_of(peer):
            self._refuse(peer.conn, "fair_foreign", {"peer": peer.pid, "seat": dealer})
            return
        signature = msg.get("sg")
        # checked in the form we relay (a record sent in another form of the same content,
        # with a signature over that form, would otherwise fail on every other machine and
        # have them name us for the dealer's trick)
        problem = self.fair_book.check(signed_form(record_to_plain(record), msg.get("pf")),
                                       signature, msg.get("vk"))
        if problem is not None:
            # it came straight from that machine: its own frame is unsigned or falsely signed
            self._refuse(peer.conn, "fair_bad_signature", {"peer": peer.pid, "detail": problem})
            self._emit("fair_refused", peer=peer.pid, code="fair_bad_signature")
            return
        if self.fair.is_stale(record):
            # made before its machine heard of a departure or of a pile or roll opened again
            # (e.g. its shuffle crossed the Depart of a withholding dealer): it no longer
            # counts, and it is nobody's fault
            self._emit("fair_stale", peer=peer.pid, kind=record_to_plain(record)["kind"])
            return
        # a record sent again after a reconnection is already in; but an answer the current
        # step waits for is new even when it reads like an earlier one (a seat answering the
        # same question the same way twice: dropping it stalled the table)
        if not self.fair.awaits_answer_from(dealer) and (
                any(record_to_plain(record) == {k: v for k, v in sent.items() if k != "at"}
                    for sent in self.fair_stream[-64:])
                or record_to_plain(record) in self.fair_stream):
            return
        record = self.fair.stamped(record)
        plain = record_to_plain(record)
        proof = msg.get("pf") if is_share(plain) else None
        if is_share(plain):
            # checked with its proof as our driver takes it; a good one goes on with its
            # proof alone, a bad one (signed: its dealer's) with its signature as evidence
            self.fair_proofs.note(plain, proof, signed=True)
        before = len(self.fair.published)
        self.fair.publish(record)
        try:
            self._fair_pump(pending=(before, plain, None if is_share(plain) else signature,
                                     proof))
        except FairError as error:
            self.fair.drop_inbox()
            self.fair_proofs.forget()     # refused: nothing of it is taken later
            if error.code == "fair_bad_share" and error.dealer == dealer and is_share(plain):
                self._fair_evidence(plain, signature, proof)
            self._refuse(peer.conn, error.code, error.details)
            self._emit("fair_refused", peer=peer.pid, code=error.code)

    def _fair_pump(self, pending: tuple | None = None) -> None:
        """Run the host's driver: broadcast a just-accepted record, sequence the host's own,
        apply and announce the chance entries."""
        while True:
            applied = self.fair.pump()
            if pending is not None:
                before, plain, signature, proof = pending
                pending = None
                if len(self.fair.published) > before:
                    self._fair_broadcast(plain, signature, proof)
            self._fair_applied(applied)
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
                        self._fair_broadcast(plain, None,
                                             self.fair_proofs.prove(self.fair, plain))
                    else:
                        self._fair_broadcast(plain, self._fair_own_signature(plain))
                self._fair_applied(applied)
        if not collecting_shares(self.fair):
            self.fair_flush()
        self._fair_check_verdict()
        if self.fair.waiting_for_move:
            self.fair.prepare_ahead()       # our next shares, while the player thinks

    def _fair_own_signature(self, plain: dict) -> bytes | None:
        """Our signature of a record of ours that others must see signed (we deal under
        another id than the relay's on a table resumed from another machine's save)."""
        signer = self.fair_signer
        if signer is None or not needs_signature(dealer_of_plain(plain)):
            return None
        return signer.sign(plain)

    def _fair_evidence(self, plain: dict, signature, proof) -> None:
        """A dealer's own bad share (its signature holds, its proof does not): relayed with
        both so that every machine sees it is the dealer's and names it. It never enters the
        stream (every machine ends its table on it)."""
        self.fair_relay.flush()
        message = {"t": ids.FAIR, "i": len(self.fair_stream), "r": plain, "sg": signature}
        if isinstance(proof, bytes) and len(proof) == PROOF_BYTES:
            message["pf"] = proof
        dealer = dealer_of_plain(plain)
        key = self.fair_book.keys.get(dealer)
        if dealer not in self.fair_keys_told and key is not None:
            message["vk"] = key
        self._broadcast(message)

    def _fair_broadcast(self, plain: dict, signature: bytes | None = None,
                        proof: bytes | None = None) -> None:
        """Relay one record of the stream, with its dealer's signature (a draw share: with
        its proof instead); its dealer's verify key goes with the first of its records we
        relay."""
        self.fair_stream.append(plain)
        index = len(self.fair_stream) - 1
        extra = {}
        if proof is not None:
            self.fair_proofs_sent[index] = proof
            extra["pf"] = proof
        if signature is not None:
            self.fair_sigs[index] = signature
            extra["sg"] = signature
            dealer = dealer_of_plain(plain)
            key = self.fair_book.keys.get(dealer)
            if dealer not in self.fair_keys_told and key is not None:
                self.fair_keys_told.add(dealer)
                extra["vk"] = key
        if "vk" not in extra and self.fair_relay.hold(index, plain, signature, proof):
            return
        self.fair_relay.flush()
        if not self.fair_decks.note(index, plain, self.fair.transcript):
            self._broadcast({"t": ids.FAIR, "i": index, "r": plain, **extra})
            return
        for peer in self._live_peers():      # the deck whole only to the next shuffler
            form = self.fair_decks.form_for(index, plain, self.fair_dealer_of(peer))
            self._send(peer, {"t": ids.FAIR, "i": index, "r": form, **extra})

    def _fair_send_each(self, make) -> None:
        """Send each live machine its own form of a frame: ``make(its dealer id)``."""
        for peer in self._live_peers():
            self._send(peer, make(self.fair_dealer_of(peer)))

    def fair_flush(self) -> None:
        """Send the draw shares held for a bundle (net.fair.bundle)."""
        if self.fair_relay is not None:
            self.fair_relay.flush()

    def _fair_applied(self, applied: list) -> None:
        if self.fair.match is not None and self.sequencer is None:
            self._begin(self.fair.match, announce=False)
            self._fair_save_header()
        if applied:
            self.fair_flush()    # a step completed: its shares go out now, in one frame
        for seq, seat, move, events in applied:
            self._applied_at = self.clock()
            if self.timings.hash_delay <= 0:
                self.sequencer.seal()
            self._emit("move", seq=seq, seat=seat, move=move, events=events)
            if seat is None:
                collector.in_play()     # a round begins: set aside what the last one kept
        if applied and self.match.is_over() and self.phase == "playing":
            self._game_over(applied[-1][0])

    def _fair_save_header(self) -> None:
        """Our save of the table names its dealers, our dealer id and our own secret (no
        other machine's)."""
        if self.autosaver is None:
            return
        secret = self.fair.peer.secret if self.fair.peer is not None else None
        lan = dict(self.autosaver.header.get("lan", {}), table=self.fair_table_id,
                   dealers=list(self.fair.seat_dealers), dealer=self.fair.me)
        if secret is not None:
            lan["fair"] = secret.hex()
        self.autosaver.header = dict(self.autosaver.header, lan=lan)
        self.autosaver.refresh_header(self.match)

    def resume_fair(self, fair: FairTable, save: Any) -> None:
        """A fair table resumed from a save (``game.saves.lan.resumed_endpoint``): ``fair`` is
        the saved stream replayed with this machine's own secret; START names the old
        dealers and table id, and the catch-up carries the saved stream to every joiner,
        which replays it with its own secret."""
        records, played = self.persistence.saved_fair_stream(save)
        self.fair = fair
        fair.strict = True
        fair.defer_audit = True
        self.fair_table_id = str(save.header["lan"].get("table", ""))
        self._fair_signing(fair.peer.secret if fair.peer is not None else None, fair.me)
        fair.share_check = self.fair_proofs.check
        # a crash can cut the save between a move and the records that follow it (a share
        # for the draw after it): the move is not in the saved log, so those records wait for
        # it and never fit. They are dropped from what this table goes on from and from the
        # stream it sends; their dealers owe them again once the move is played again.
        waiting = fair.drop_inbox()
        self.fair_stream = list(records[:len(records) - waiting])
        self.fair_played = dict(played)
        self.fair_verdict_told = False
        self.fair_relay = ShareRelay(self._broadcast, self._fair_send_each)
        self.fair_decks = DeckRoutes()

    def fair_dealer_of(self, peer) -> int:
        """The dealer id of a joiner: its peer id, or on a resumed table the old machine's
        whose seats it holds."""
        if self.fair is not None and peer.seats:
            return self.fair.seat_dealers[min(peer.seats)]
        return peer.pid

    def _fair_resumed(self) -> None:
        """After a resumed fair table's START: our save's header, and what we still owe. A
        table resumed from another machine's save rebuilds the old host's key by the escrow
        (``game.saves.fair_lan.resumed_fair_driver``): its bots' seats play on."""
        self._fair_save_header()
        self.fair.recount_owed()
        self._fair_pump()
        for gone in self.fair.rekey:
            self.fair_rekey(gone)
        self.fair.rekey = []

    def fair_rekey(self, gone: int) -> None:
        """Rebuild the key of dealer ``gone`` from the escrow (a Depart all machines see)."""
        fair = self.fair
        if fair.match is None or gone in fair.departed or gone not in fair.dealers:
            return
        plain = fair.stamped({"kind": "Depart", "seat": 0, "of": gone})
        if self._publish_rebuild(plain, gone):
            self._emit("dealer_departed", peer=gone)

    def fair_overdue(self, roll: str, attempt: int, dealer: int) -> None:
        """Have a late roll part rebuilt from the escrow (an Overdue all machines see)."""
        plain = {"kind": "Overdue", "seat": 0, "of": dealer, "roll": roll, "attempt": attempt}
        if self._publish_rebuild(plain, dealer):
            self._emit("roll_part_overdue", dealer=dealer, roll=roll)

    def fair_share_overdue(self, pile: str, attempt: int, position: int, again: int,
                           dealer: int) -> None:
        """Have a late draw share rebuilt from the escrow (a ShareOverdue all machines see)."""
        plain = {"kind": SHARE_OVERDUE, "seat": 0, "of": dealer, "pile": pile,
                 "pos": position, "again": again, "attempt": attempt}
        if self._publish_rebuild(plain, dealer):
            self._emit("share_overdue", dealer=dealer, pile=pile, position=position)

    def fair_shuffle_overdue(self, pile: str, attempt: int, dealer: int) -> None:
        """Have a late shuffle step skipped (a ShuffleOverdue all machines see)."""
        plain = overdue_record(self.fair, pile, attempt, dealer)
        if self._publish_rebuild(plain, dealer):
            self._emit("shuffle_overdue", dealer=dealer, pile=pile)

    def _publish_rebuild(self, plain: dict, dealer: int) -> bool:
        """Publish a record asking every machine to rebuild ``dealer``'s part from the escrow
        and run it here; False (said as ``fair_refused``) when the table refuses it."""
        fair = self.fair
        before = len(fair.published)
        fair.publish(plain)
        try:
            self._fair_pump(pending=(before, plain, None, None))
        except FairError as error:
            fair.drop_inbox()
            self._emit("fair_refused", peer=dealer, code=error.code)
            return False
        return True

    def fair_void_unaudited(self) -> bool:
        """The end's audit could not run in time: the game is marked void here, with the
        dealers whose secret is missing (told and saved like an audit). True if so."""
        if self.fair is None or self.fair.void_unaudited() is None:
            return False
        self._fair_check_verdict()
        return True

    def fair_audit_waiting(self) -> bool:
        """The end's audit is ready to run and waits for ``fair_settle``."""
        return self.fair is not None and self.fair.audit_due

    def fair_settle(self) -> None:
        """At the end of a pump (its frames sent): the audit that waited for it."""
        if self.fair is not None and self.fair.finish_audit():
            self._fair_check_verdict()

    def _fair_check_verdict(self) -> None:
        self.persistence.save_fair_stream(self.autosaver, self.fair, self.fair_played)
        verdict = self.fair.verdict if self.fair is not None else None
        if verdict is not None and not self.fair_verdict_told:
            self.fair_verdict_told = True
            self._emit("audit", **verdict.to_plain())
            self.persistence.record_audit(self.autosaver, self.match, verdict.to_plain())

    def _fair_stamp(self, seat: int, text: str, played: Any) -> None:
        """Check, sequence and apply a move on a fair table; IllegalMove if refused."""
        fair = self.fair
        move = self.sequencer.check(seat, text)
        slot = self.slots[seat]
        local = slot.kind in (ids.KIND_LOCAL, ids.KIND_BOT) or (played is None and bool(
            slot.bot_level))
        if local:            # the host's own seat: it names its own card
            text = fair.intend(seat, str(move))
            try:
                played = fair.card_for(seat, str(move))
            except FairError as error:
                raise IllegalMove(error.code, "That card is not in the hand") from None
            played = short_played(played)
        seq = self.match.seq + 1
        self.match.seal(tell=False)
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
            self.fair_played[seq] = played
        self.fair_flush()        # the stream before the move, as it was sequenced
        self._broadcast(message)
        if self.on_applied is not None:
            self.on_applied(seq, seat)
        self.match.tell()
        self._fair_applied(applied)
        self._fair_pump()

    def fair_move_row(self, entry) -> list:
        """[seq, seat, public text, CardPlayed plain or None] of a logged move."""
        game = self.game
        text = str(game.public_move(game.parse_move(entry.move)))
        return [entry.seq, entry.seat, text, self.fair_played.get(entry.seq)]

    def _fair_resend(self, peer, entries) -> None:
        """Moves lost on the way (cipher records are never lost on an open link)."""
        for entry in entries:
            if entry.seat is None:
                continue
            seq, seat, text, played = self.fair_move_row(entry)
            message = {"t": ids.MOVE, "q": seq, "s": seat, "m": text}
            if played is not None:
                message["cp"] = played
            self._send(peer, message)

    def _fair_sync_fields(self, message: dict, peer) -> None:
        """A fair table's catch-up: the whole stream (records, moves in public form; an
        intermediate deck whole only to the dealer that shuffled after it); the joiner
        replays it with its own secret."""
        moves = [self.fair_move_row(entry) for entry in
                 (self.match.log if self.match is not None else ()) if entry.seat is not None]
        message["log"] = []
        dealer = self.fair_dealer_of(peer)
        routes = self.fair_decks if self.fair_decks is not None else DeckRoutes()
        message["fr"] = [routes.form_for(index, plain, dealer)
                         for index, plain in enumerate(self.fair_stream)]
        message["fm"] = moves
        # each record's signature (empty: the relay's own, or saved before a resume) and
        # every dealer key fixed so far: the joiner checks the stream as if relayed live
        message["fg"] = [self.fair_sigs.get(i, b"") for i in range(len(self.fair_stream))]
        message["vk"] = self.fair_book.table()
        # a hidden card's share proofs only to its drawer's machine (net.fair.bundle)
        message["fp"] = [proof_for(plain, self.fair_proofs_sent.get(i, b""), dealer) or b""
                         for i, plain in enumerate(self.fair_stream)]
