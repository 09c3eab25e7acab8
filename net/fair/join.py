"""A joiner's side of a fair table (issue 13), mixed into ``ClientEndpoint``.

START names the dealers; a joiner that holds a seat is one of them and makes its secret here
(or takes it back from its own save when it returns). It runs its driver
(``net.fair.peer.FairReplica``) over the host's stream, sends the records it owes (``F``) and,
with a move that plays a hidden card, the ``CardPlayed`` record naming its position. A record
or move its driver refuses ends the table here with the driver's reason: the host or a dealer
cheated (or broke), and this machine says so rather than play on.
"""

from __future__ import annotations

from typing import Any

from game.rules import get_game
from game.rules.core import IllegalMove
from game.rules.fairplay import PUBLIC
from net.local import collector
from net.protocol import messages as ids
from net.fair.bundle import unpack, unpack_proofs
from net.fair.deal import FairError, record_to_plain
from net.fair.decks import relay_form
from net.fair.dues import SECRET
from net.fair.positions import short_played
from net.fair.peer import FairReplica
from net.fair.share_proof import ShareProofs, is_share, signed_form, unproved_key
from net.fair.signing import RELAY, FrameSigner, SignerBook, dealer_of_plain
from net.protocol.lobby import plain_seats, seat_infos_from_wire

# A joiner leaves a table whose host aborts the start more often than this once every key was
# committed (issue 28): from then on the seed is fixed, and only an abort gets another one.
FAIR_ABORT_LIMIT = 2


def relayed_fault(error: FairError) -> FairError:
    """A sequenced move our driver refuses is the host's fault, not its seat's: the host ran
    the very same checks (the move, the card it names) before sequencing it, so it relayed a
    move it had to refuse, or made one up in that seat's name. The host is named (``peer``
    0), the seat's dealer given as ``of``."""
    args = {k: v for k, v in error.details.items() if k not in ("peer", "of", "message")}
    return FairError(error.code, RELAY, of=error.dealer, **args)


class FairJoining:
    """Joiner-side fair-table behaviour; expects the attributes of ``ClientEndpoint``."""

    fair_replica: FairReplica | None = None
    fair_aborts = 0          # the host's aborts after every key was committed
    fair_told = 0            # roll parts of ours the host declared late, told so far
    fair_rebuilt_told = 0    # roll parts rebuilt from the escrow, told so far
    fair_shares_told = 0     # shares of ours the host declared late, told so far
    fair_shuffles_told = 0   # shuffle steps of ours the host declared late, told so far
    fair_blame_told = False  # our seats given away while records of ours were unrelayed
    fair_signer: FrameSigner | None = None   # our key at this table (net.fair.signing)
    fair_book: SignerBook | None = None      # the dealers' keys as fixed here
    fair_proofs: ShareProofs | None = None   # draw shares' proofs (net.fair.share_proof)

    def fair_abort_counts(self) -> bool:
        """Whether an ABORT now comes after every dealer committed to its key (the seed is
        fixed from then on: such an abort is the only way to another one, so it counts)."""
        replica = self.fair_replica
        return replica is not None and replica.match is None and len(
            replica.fair.transcript.key_commitments) == len(replica.fair.dealers)

    def fair_abort_counted(self, msg: dict) -> None:
        """A counted abort: said with its count; past the limit we leave the table, saying
        why (to the host and here)."""
        self.fair_aborts += 1
        args = dict(msg["a"], count=self.fair_aborts, limit=FAIR_ABORT_LIMIT)
        self._emit("seeding_aborted", code="fair_abort_counted", args=args, cause=msg["c"])
        if self.fair_aborts > FAIR_ABORT_LIMIT:
            self.on_wire_error("fair_abort_limit", {"count": self.fair_aborts,
                                                    "limit": FAIR_ABORT_LIMIT})

    def _fair_go(self, msg: dict) -> None:
        if self.fair_replica is not None:
            return
        dealers = list(msg["dl"])
        if len(dealers) != len(msg["seats"]):
            self.on_wire_error("fair_start", {"detail": "dealers"})
            return
        try:
            game = get_game(msg["g"])
            game.make_config(msg["cfg"]["players"], msg["cfg"].get("variants", ()))
        except Exception:  # noqa: BLE001 - a config our rules refuse: cannot play along
            self.on_wire_error(ids.R_MALFORMED, {"detail": "config"})
            return
        self.fair_table_id = msg["tid"] if "tid" in msg else ""
        secret = None
        # our dealer id: our peer id, or on a resumed table the old machine's whose seats
        # we took back (the transcript names the dealers of the table's first START)
        me = dealers[self.seats[0]] if self.seats and self.seats[0] < len(dealers) \
            else self.pid
        if me in dealers:
            if self.fair_secret_bytes is None and self.token:
                # a machine that comes back: its secret is in its own save of this table
                # (read even when this endpoint keeps no save of its own)
                disk = self.persistence
                self.fair_secret_bytes = disk.fair_secret_for_key(self.fair_table_id, self.token) \
                    or disk.fair_save_secret(self.fair_table_id, me)
            if self.fair_secret_bytes is None:
                self.fair_secret_bytes = self.fair_secret()
            secret = self.fair_secret_bytes
        self.fair_signer = FrameSigner(secret, self.fair_table_id, me) \
            if secret is not None else None
        self.fair_book = SignerBook(self.fair_table_id, self.fair_signer)
        self._fair_start_msg = msg
        self.fair_proofs = ShareProofs(self.fair_table_id)
        self.fair_hold = bool(msg.get("cu"))    # owe nothing until the catch-up is in
        self.fair_replica = FairReplica(game, msg["cfg"], dealers, me, secret,
                                        seat_infos_from_wire(msg["seats"]),
                                        strict_escrow=bool(msg.get("fs")))
        self.fair_replica.fair.share_check = self.fair_proofs.check
        self.fair_replica.fair.defer_audit = True     # run by ``settle``, after the network
        self._save_peers = [row["p"] if row["k"] == ids.KIND_REMOTE else 0
                            for row in msg["seats"]]
        self.statuses = [s["st"] for s in msg["seats"]]
        self.phase = "dealing"
        self._emit("dealing", dealers=sorted(set(dealers)))
        self._fair_after(self.fair_replica.pump())

    def on_fair(self, msg: dict) -> None:
        if self.fair_replica is None or "i" not in msg:
            self._early.append(msg)
            return
        if not self._fair_signed(msg["r"], msg.get("sg"), msg.get("vk"), msg.get("pf")):
            return
        self._fair_acknowledged(msg["r"])
        try:
            applied = self.fair_replica.record(msg["i"], msg["r"])
        except FairError as error:
            self._fair_caught(error)
            return
        self._fair_after(applied)

    def _fair_signed(self, plain, signature, verify_key, proof=None, live=True) -> bool:
        """Whether a relayed record is its dealer's own word (net.fair.signing). If not, it
        was made or changed on the way, and the host is the only machine on the way: the
        table ends here naming the host, never the dealer in whose name it came. A draw
        share comes with its proof instead (net.fair.share_proof), checked as the driver
        takes it; one with neither was stripped on the way (in a catch-up: taken, as a
        record saved without its signature)."""
        if is_share(plain) and not signature:
            if isinstance(proof, bytes) and proof:
                self.fair_proofs.note(plain, proof, signed=False)
            elif self._fair_not_mine(plain):
                # another machine's hidden card: its proof went to its drawer only
                key = unproved_key(plain)
                if key is not None:
                    self.fair_replica.fair.unproved_shares.add(key)
            elif live:
                self._fair_caught(FairError("fair_relay_forged", RELAY,
                                            of=dealer_of_plain(plain), detail="proof"))
                return False
            return True
        problem = self.fair_book.check(signed_form(plain, proof), signature, verify_key)
        if problem is None:
            self.fair_proofs.note(plain, proof, signed=True)
            return True
        self._fair_caught(FairError("fair_relay_forged", RELAY, of=dealer_of_plain(plain),
                                    detail=problem))
        return False

    def _fair_not_mine(self, plain: dict) -> bool:
        """Whether a share opens a hidden card drawn by another machine than this one (the
        host relays it without its proof: net.fair.bundle)."""
        drawer = plain.get("d", PUBLIC)
        return self.fair_replica is not None and isinstance(drawer, int) and drawer != PUBLIC \
            and drawer != self.fair_replica.fair.me

    def on_fair_bundle(self, msg: dict) -> None:
        """Consecutive records of the stream in one frame (net.fair.bundle): each taken as
        if it came alone, what they complete applied once."""
        if self.fair_replica is None:
            self._early.append(msg)
            return
        try:
            applied = []
            for (index, plain, signature), proof in zip(unpack(msg), unpack_proofs(msg)):
                if not self._fair_signed(plain, signature, None, proof):
                    return
                self._fair_acknowledged(plain)
                applied += self.fair_replica.record(index, plain)
        except FairError as error:
            self._fair_caught(error)
            return
        self._fair_after(applied)

    def _fair_move(self, msg: dict) -> None:
        if self.fair_replica is None:       # not dealt in yet (or a hostile host's order)
            self._early.append(msg)
            return
        self._host_seq = max(self._host_seq, msg["q"])
        try:
            applied = self.fair_replica.receive(msg["q"], msg["s"], msg["m"], msg.get("cp"))
        except FairError as error:
            self._fair_caught(relayed_fault(error))
            return
        self._fair_after(applied)

    def _fair_acknowledged(self, plain) -> None:
        """A record of ours in the host's stream is acknowledged: sent and relayed."""
        unacked = self.fair_unacked
        if not unacked or not isinstance(plain, dict):
            return
        bare = {k: v for k, v in plain.items() if k != "at"}
        if bare in unacked:
            unacked.remove(bare)
        elif "h" in bare:        # our shuffle, relayed to us as its digest (net.fair.decks)
            for sent in unacked:
                if relay_form(sent) == bare:
                    unacked.remove(sent)
                    break

    def _fair_tell_relay(self) -> None:
        """What only this machine can tell: the host declared a part of ours late that we had
        sent (it did not pass it on, or not in time), or gave our seats away while records
        of ours it never relayed were on their way. And, on every machine, each roll part
        rebuilt from the escrow (the same dice)."""
        fair = self.fair_replica.fair
        told = fair.rescue.told_overdue
        while self.fair_told < len(told):
            roll, _attempt = told[self.fair_told]
            self.fair_told += 1
            self._emit("fair_host_withheld", code="fair_host_withheld", args={"roll": roll})
        shares = fair.share_rescue.told_overdue
        while self.fair_shares_told < len(shares):
            pile, _attempt, position = shares[self.fair_shares_told][:3]
            self.fair_shares_told += 1
            self._emit("fair_host_withheld", code="fair_host_withheld_share",
                       args={"pile": pile, "position": position})
        while self.fair_shuffles_told < len(fair.told_shuffles):
            pile = fair.told_shuffles[self.fair_shuffles_told]
            self.fair_shuffles_told += 1
            self._emit("fair_host_withheld", code="fair_host_withheld_shuffle",
                       args={"pile": pile})
        rebuilt = fair.rescue.rebuilt
        while self.fair_rebuilt_told < len(rebuilt):
            roll, _attempt, dealer = rebuilt[self.fair_rebuilt_told]
            self.fair_rebuilt_told += 1
            self._emit("roll_part_rebuilt", dealer=dealer, roll=roll)
        if fair.me in fair.departed and self.fair_unacked and not self.fair_blame_told:
            self.fair_blame_told = True
            self._emit("fair_host_withheld", code="fair_host_blamed",
                       args={"records": len(self.fair_unacked)})

    def _fair_caught(self, error: FairError) -> None:
        """A refused record or move: say why to the host and everyone here, and stop."""
        args = {k: v for k, v in error.details.items() if k != "message"}
        self._emit("fair_caught", code=error.code, args=args)
        self.on_wire_error(error.code, args)

    def _fair_after(self, applied: list) -> None:
        """Send what we owe, start the game once set up, tell what was applied."""
        replica = self.fair_replica
        if not self.fair_hold:
            self.fair_owed += replica.take_outbox()
            self.send_owed()
        self._fair_begin()
        self._fair_tell_relay()
        if self.replica is None:
            return
        for seq, seat, move, events in applied:
            if self.on_applied is not None:
                self.on_applied(seq, seat)
            if seat is not None:
                self._pending.pop(seat, None)
                self._fair_played.pop(seat, None)
            self._emit("move", seq=seq, seat=seat, move=move, events=events)
            if seat is None:
                collector.in_play()     # a round begins: set aside what the last one kept
        if applied:
            self._applied_at = self.clock()
            if self.timings.hash_delay <= 0:
                replica.seal(tell=False)
        self._queue_reports()         # the network first: our hash report (a big table: tick)
        replica.tell()                # then the disk: the autosave of what was hashed
        self.persistence.save_fair_stream(self.autosaver, replica.fair, replica.played)
        self._fair_tell_verdict()
        self._check_over()
        self.run_bots()
        if replica.fair.waiting_for_move:
            replica.fair.prepare_ahead()    # our next shares, while the player thinks

    def send_owed(self) -> None:
        """Send the records we owe the table. Our secret, owed once the game is over, waits
        for the end's paperwork time (``paperwork_ready``): at a big table 32 secrets relayed
        to every peer at the last move would hold up the confirmations of that move."""
        waiting = []
        hold = self.phase == "playing" or (self.phase == "over" and not self.paperwork_ready())
        for record in self.fair_owed:
            if hold and isinstance(record, dict) and record.get("kind") == SECRET:
                waiting.append(record)
            else:
                plain = record_to_plain(record)
                message = {"t": ids.FAIR, "r": plain}
                if self.fair_signer is not None:
                    proof = self.fair_proofs.prove(self.fair_replica.fair, plain) \
                        if is_share(plain) else None     # the host relays a share with it
                    message.update(self.fair_signer.fields(signed_form(plain, proof)))
                    if proof is not None:
                        message["pf"] = proof
                self._send(message)
                if len(self.fair_unacked) < 256:
                    self.fair_unacked.append(plain)
        self.fair_owed = waiting

    def _fair_tell_verdict(self) -> None:
        verdict = self.fair_replica.fair.verdict
        if verdict is not None and not self.fair_verdict_told:
            self.fair_verdict_told = True
            self._emit("audit", **verdict.to_plain())
            self.persistence.record_audit(self.autosaver, self.match, verdict.to_plain())

    def fair_end_unaudited(self) -> None:
        """The table ends here after the last move but before the audit could run (the host
        left before showing its secret, or it never relayed every secret): the game is
        marked void on this machine, naming whose secret is missing."""
        if self.fair_replica is not None and self.fair_replica.fair.void_unaudited():
            self._fair_tell_verdict()

    def fair_audit_waiting(self) -> bool:
        """The end's audit is ready to run and waits for ``fair_settle``."""
        return self.fair_replica is not None and self.fair_replica.fair.audit_due

    def fair_settle(self) -> None:
        """At the end of a pump (its frames sent): the audit that waited for it."""
        if self.fair_replica is not None and self.fair_replica.fair.finish_audit():
            self._fair_tell_verdict()

    def _fair_sync_signed(self, msg: dict) -> bool:
        """A catch-up's records are checked like relayed ones: the dealers' keys it names
        must agree with those fixed here, and every signature it carries must hold. A record
        without one is taken: the table was resumed from a save, which keeps records and not
        their signatures (the limit docs/protocol.md states)."""
        records, signatures = msg.get("fr", []), msg.get("fg", [])
        proofs = msg.get("fp", [])
        if self.fair_book.learn_table(msg.get("vk", [])) is not None:
            self._fair_caught(FairError("fair_relay_forged", RELAY, detail="key"))
            return False
        for index, plain in enumerate(records):
            signature = signatures[index] if index < len(signatures) else b""
            proof = proofs[index] if index < len(proofs) else b""
            if (signature or is_share(plain)) and not self._fair_signed(
                    plain, signature, None, proof, live=False):
                return False
        return True

    def _fair_begin(self) -> None:
        """The public seed is rolled: the game starts here (once)."""
        replica = self.fair_replica
        if replica.match is None or self.replica is not None:
            return
        self.replica = replica
        msg = self._fair_start_msg
        self.phase = "playing"
        collector.in_play()      # the collector looks only at what play allocates
        if self.autosave:
            self._start_autosave()
            self._fair_save_secret()
        self._emit("started", seed=replica.match.seed, seats=plain_seats(msg["seats"]),
                   you=list(self.seats))
        early, self._early = self._early, []
        for message in early:
            self.dispatch(message)      # its handler, from the endpoint's table

    def _fair_save_secret(self) -> None:
        """Our secret goes into our own save of the table (nobody else's), so this machine
        can come back to the table."""
        if self.autosaver is None:
            return
        lan = dict(self.autosaver.header.get("lan", {}), table=self.fair_table_id,
                   dealers=list(self.fair_replica.fair.seat_dealers),
                   dealer=self.fair_replica.fair.me)
        if self.fair_secret_bytes is not None:
            lan["fair"] = self.fair_secret_bytes.hex()
        self.autosaver.header = dict(self.autosaver.header, lan=lan)
        self.autosaver.refresh_header(self.match)

    def _fair_propose(self, seat: int, text: str) -> tuple[str, Any]:
        """(public text, CardPlayed plain or None) of our move; IllegalMove if the card is
        not in our hand."""
        fair = self.fair_replica.fair
        try:
            public = fair.intend(seat, text)
            played = fair.card_for(seat, text)
        except FairError:
            raise IllegalMove("not_in_hand", "That card is not in your hand") from None
        return public, short_played(played)

    def _fair_sync(self, msg: dict) -> None:
        self.fair_hold = False
        if not self._fair_sync_signed(msg):
            return
        try:
            self.fair_replica.rebuild(msg.get("fr", []), msg.get("fm", []), msg["w"],
                                      f"peer{self.pid}")
        except FairError as error:
            self._fair_caught(error)
            return
        self.fair_replica.fair.defer_audit = True
        # what we proposed before is answered (or dropped) by the host; nothing is resent
        self._pending.clear()
        self._fair_played.clear()
        self.commands = []
        self.bot_controlled = set()
        self._command_buffer = {}
        for index, entry in enumerate(msg["cmd"]):
            self.on_command({"i": index, "e": entry})
        self._host_seq = max(self._host_seq, self.seq)
        self._fair_begin()
        if self.autosaver is not None:
            self.autosaver.sync(self.match)
        if self.match is not None:
            self._send({"t": ids.HASH, "q": self.seq,
                        "h": bytes.fromhex(self.fair_replica.last_hash())})
            self._emit("resynced", seq=self.seq, reason=msg["w"],
                       hash=self.fair_replica.last_hash())
        self._fair_after([])
