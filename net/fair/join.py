"""A joiner's side of a fair table (issue 13): ``FairJoin``, a part of ``ClientEndpoint``
(``fair_join``) with its own state.

START names the dealers; a joiner that holds a seat is one of them and makes its secret here
(or takes it back from its own save when it returns). The part runs its driver
(``net.fair.peer.FairReplica``) over the host's stream: every record is checked against its
dealer's signature or its share proof, then taken; every move goes to the driver. It sends the
records it owes (``F``) and gives a move that plays a hidden card its ``CardPlayed`` record. A
record or move its driver refuses ends the table here with the driver's reason: the host or a
dealer cheated (or broke), and this machine says so rather than play on.

The endpoint decides what a message is and what is done with the moves the driver applied
(the lockstep: pending moves, events, hash reports, the save); the part answers it with the
moves applied (None: refused, the table ended). It reads the endpoint through ``FairSeat``
and acts on it only through the callbacks it is handed: send a frame, emit an event, end the
table with a reason (``fail``).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from game.rules import get_game
from game.rules.core import IllegalMove
from game.rules.fairplay import PUBLIC
from net.protocol import messages as ids
from net.fair.bundle import unpack, unpack_proofs
from net.fair.deal import FairError, record_to_plain
from net.fair.decks import relay_form
from net.fair.dues import SECRET
from net.fair.past import Spans, StreamWord, same_record, wants_word
from net.fair.positions import short_played
from net.fair.peer import FairReplica
from net.fair.share_proof import ShareProofs, is_share, signed_form, unproved_key
from net.fair.signing import RELAY, FrameSigner, SignerBook, dealer_of_plain
from net.fair.table_code import CodeTeller
from net.protocol.lobby import seat_infos_from_wire

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


class FairSeat(Protocol):
    """What ``FairJoin`` reads of the endpoint it deals for (``ClientEndpoint`` is one)."""

    pid: int                 # our peer id at this table
    token: str               # our seat token (finds our secret in our own save)
    seats: list[int]         # the seats we hold
    phase: str               # the secret we owe at the end waits while "playing"
    autosaver: Any           # our save of the game (None: none)
    persistence: Any         # net.local.services.Persistence: our disk
    match: Any               # the game, once it runs

    def paperwork_ready(self) -> bool: ...


class FairJoin:
    """The joiner's dealer and driver at a fair table (see the module docstring)."""

    def __init__(self, seat: FairSeat, *, secret: Callable[[], bytes],
                 send: Callable[[dict], None], emit: Callable[..., None],
                 fail: Callable[[str, dict], None]) -> None:
        """``secret()``: a new dealer secret (tests inject a source); ``send(message)``;
        ``emit(event, **fields)``; ``fail(code, args)``: refuse what came and end here."""
        self.seat = seat
        self.new_secret = secret
        self.send = send
        self.emit = emit
        self.fail = fail
        self.replica: FairReplica | None = None   # our driver, from START to an abort
        self.secret: bytes | None = None          # our dealer secret at this table
        self.table_id = ""
        self.start_msg: dict = {}                 # the START our driver was made from
        self.hold = False         # owe nothing until a catch-up is in
        self.owed: list = []      # records owed, not sent yet (``send_owed``)
        self.unacked: list = []   # sent, not seen in the host's stream yet (issue 28)
        self.played: dict[int, Any] = {}    # seat -> CardPlayed of our move in flight
        self.verdict_told = False
        self.aborts = 0           # the host's aborts after every key was committed
        self.told = 0             # roll parts of ours the host declared late, told so far
        self.rebuilt_told = 0     # roll parts rebuilt from the escrow, told so far
        self.shares_told = 0      # shares of ours the host declared late, told so far
        self.shuffles_told = 0    # shuffle steps of ours the host declared late, told so far
        self.blame_told = False   # our seats given away while records of ours were unrelayed
        self.said: dict[str, int] = {}    # per list of news below: how many items told
        self.signer: FrameSigner | None = None    # our key at this table (net.fair.signing)
        self.book: SignerBook | None = None       # the dealers' keys as fixed here
        self.proofs: ShareProofs | None = None    # draw shares' proofs (net.fair.share_proof)
        self.code = CodeTeller()                  # the table code, said once (net.fair.table_code)
        self.word = StreamWord()      # each record's signature / proof, kept in our save
        self.own_past = None          # our own save of this table (a catch-up is checked by it)
        self.on_word_told = False     # said that part of the past is on the host's word

    # ------------------------------------------------------------------ setup and aborts
    def aborted(self, msg: dict) -> bool:
        """The host aborted the setup: our driver and secret go (a new setup, a new secret:
        a roll is never repeated). True when the abort counts (it came after every dealer
        committed to its key: the seed is fixed from then on, so such an abort is the only
        way to another one); it is then said with its count, and past the limit we leave the
        table, saying why (to the host and here)."""
        replica = self.replica
        counted = replica is not None and replica.match is None and len(
            replica.fair.transcript.key_commitments) == len(replica.fair.dealers)
        self.replica = None
        self.secret = None
        if not counted:
            return False
        self.aborts += 1
        args = dict(msg["a"], count=self.aborts, limit=FAIR_ABORT_LIMIT)
        self.emit("seeding_aborted", code="fair_abort_counted", args=args, cause=msg["c"])
        if self.aborts > FAIR_ABORT_LIMIT:
            self.fail("fair_abort_limit", {"count": self.aborts, "limit": FAIR_ABORT_LIMIT})
        return True

    def start(self, msg: dict) -> bool:
        """START: we deal from now on (our driver made, keyed by our secret when we hold a
        seat). False when it names a table we cannot play (refused: the table ends)."""
        dealers = list(msg["dl"])
        if len(dealers) != len(msg["seats"]):
            self.fail("fair_start", {"detail": "dealers"})
            return False
        try:
            game = get_game(msg["g"])
            game.make_config(msg["cfg"]["players"], msg["cfg"].get("variants", ()))
        except Exception:  # noqa: BLE001 - a config our rules refuse: cannot play along
            self.fail(ids.R_MALFORMED, {"detail": "config"})
            return False
        seat = self.seat
        self.table_id = msg["tid"] if "tid" in msg else ""
        secret = None
        # our dealer id: our peer id, or on a resumed table the old machine's whose seats
        # we took back (the transcript names the dealers of the table's first START)
        me = (dealers[seat.seats[0]] if seat.seats and seat.seats[0] < len(dealers)
              else seat.pid)
        if me in dealers:
            if self.secret is None and seat.token:
                # a machine that comes back: its secret is in its own save of this table
                # (read even when this endpoint keeps no save of its own)
                disk = seat.persistence
                self.secret = (disk.fair_secret_for_key(self.table_id, seat.token)
                               or disk.fair_save_secret(self.table_id, me))
            if self.secret is None:
                self.secret = self.new_secret()
            secret = self.secret
        self.signer = FrameSigner(secret, self.table_id, me) if secret is not None else None
        self.book = SignerBook(self.table_id, self.signer)
        self.start_msg = msg
        self.proofs = ShareProofs(self.table_id)
        self.hold = bool(msg.get("cu"))    # owe nothing until the catch-up is in
        self.word = StreamWord()
        self.on_word_told = False
        # a catch-up follows: what our own save holds of this table's past checks it
        self.own_past = (seat.persistence.fair_own_past(self.table_id, me)
                         if self.hold and me in dealers else None)
        self.replica = FairReplica(game, msg["cfg"], dealers, me, secret,
                                   seat_infos_from_wire(msg["seats"]),
                                   strict_escrow=bool(msg.get("fs")))
        self.replica.fair.share_check = self.proofs.check
        self.replica.fair.defer_audit = True     # run by ``settle``, after the network
        self.code = CodeTeller()
        self.tell_code()
        return True

    def tell_code(self) -> None:
        """Once every dealer's key is fixed here: the table code, for the players to compare."""
        if self.book is None or self.replica is None:
            return
        code = self.code.news(self.table_id, self.book.keys, self.replica.fair.dealers)
        if code is not None:
            self.emit("table_code", code=code)

    def game_name(self) -> str:
        """The game being dealt ("" before START): the move frames' codec."""
        return self.replica.args[0].name if self.replica is not None else ""

    # ------------------------------------------------------------------ the host's stream
    def take_record(self, msg: dict) -> list | None:
        """A record of the stream (``F``): the moves it completed, None when refused."""
        if not self._signed(msg["r"], msg.get("sg"), msg.get("vk"), msg.get("pf")):
            return None
        self.word.keep(msg.get("i"), msg.get("sg"), msg.get("pf"))
        self._acknowledged(msg["r"])
        try:
            return self.replica.record(msg["i"], msg["r"])
        except FairError as error:
            self.caught(error)
            return None

    def take_bundle(self, msg: dict) -> list | None:
        """Consecutive records of the stream in one frame (net.fair.bundle): each taken as
        if it came alone, what they complete applied once. None when one is refused."""
        try:
            applied = []
            for (index, plain, signature), proof in zip(unpack(msg), unpack_proofs(msg)):
                if not self._signed(plain, signature, None, proof):
                    return None
                self.word.keep(index, signature, proof)
                self._acknowledged(plain)
                applied += self.replica.record(index, plain)
        except FairError as error:
            self.caught(error)
            return None
        return applied

    def take_move(self, msg: dict) -> list | None:
        """A sequenced move (``M``) for our driver: the moves applied, None when refused."""
        try:
            return self.replica.receive(msg["q"], msg["s"], msg["m"], msg.get("cp"))
        except FairError as error:
            self.caught(relayed_fault(error))
            return None

    def take_sync(self, msg: dict, pid: int) -> bool:
        """A catch-up (``SYNC``): our driver rebuilt from its records and moves. False when
        refused (the table ends here)."""
        self.hold = False
        if not self._sync_signed(msg):
            return False
        try:
            self.replica.rebuild(msg.get("fr", []), msg.get("fm", []), msg["w"], f"peer{pid}")
        except FairError as error:
            self.caught(error)
            return False
        self.replica.fair.defer_audit = True
        self.played.clear()      # what we proposed before is answered (or dropped) by the host
        self._keep_sync_word(msg)
        if self.own_past is not None:
            # what our save held past this catch-up is superseded: a save cut by a crash
            # between a move and its records has those records dealt again, maybe otherwise
            del self.own_past.records[len(msg.get("fr", [])):]
        return True

    def _keep_sync_word(self, msg: dict) -> None:
        """The word each record of a catch-up came with, for our save; where it came without
        one, the word our own save kept of that very record."""
        records, signatures, proofs = msg.get("fr", []), msg.get("fg", []), msg.get("fp", [])
        own = self.own_past
        self.word.clear()
        for index in range(len(records)):
            signature = signatures[index] if index < len(signatures) else b""
            proof = proofs[index] if index < len(proofs) else b""
            if own is not None and index < len(own.records):
                signature = signature or own.signatures.get(index)
                proof = proof or own.proofs.get(index)
            self.word.keep(index, signature, proof)

    def _signed(self, plain, signature, verify_key, proof=None, live=True) -> bool:
        """Whether a relayed record is its dealer's own word (net.fair.signing). If not, it
        was made or changed on the way, and the host is the only machine on the way: the
        table ends here naming the host, never the dealer in whose name it came. A draw
        share comes with its proof instead (net.fair.share_proof), checked as the driver
        takes it; one with neither was stripped on the way (``live`` False: a catch-up's
        record this machine's own save holds as it came, checked there)."""
        if is_share(plain) and not signature:
            if isinstance(proof, bytes) and proof:
                self.proofs.note(plain, proof, signed=False)
            elif self._not_mine(plain):
                # another machine's hidden card: its proof went to its drawer only
                key = unproved_key(plain)
                if key is not None:
                    self.replica.fair.unproved_shares.add(key)
            elif live:
                self.caught(FairError("fair_relay_forged", RELAY, of=dealer_of_plain(plain),
                                      detail="proof"))
                return False
            return True
        problem = self.book.check(signed_form(plain, proof), signature, verify_key)
        if problem is None:
            self.proofs.note(plain, proof, signed=True)
            self.tell_code()
            return True
        self.caught(FairError("fair_relay_forged", RELAY, of=dealer_of_plain(plain),
                              detail=problem))
        return False

    def _not_mine(self, plain: dict) -> bool:
        """Whether a share opens a hidden card drawn by another machine than this one (the
        host relays it without its proof: net.fair.bundle)."""
        drawer = plain.get("d", PUBLIC)
        return (self.replica is not None and isinstance(drawer, int) and drawer != PUBLIC
                and drawer != self.replica.fair.me)

    def _sync_signed(self, msg: dict) -> bool:
        """A catch-up's records are checked like relayed ones (net.fair.past), a resumed
        table's past too: the dealers' keys it names must agree with those fixed here and in
        our own save of the table; a record at a place our own save holds must be the one we
        saved (else the host changed the past); any other record in a dealer's name must carry
        its dealer's signature (a draw share: its proof), as live. Only records the host names
        as kept without their word (``fu``: its save is from before signatures were kept) are
        taken on its word, and that is said."""
        records, signatures = msg.get("fr", []), msg.get("fg", [])
        proofs, unsigned = msg.get("fp", []), Spans(msg.get("fu", []))
        own = self.own_past
        if own is not None and any(self.book.keys.get(dealer, key) != key
                                   for dealer, key in own.keys.items()):
            own = None        # a save whose keys deny our own: not ours to go by
        if own is not None:
            self.book.learn_table(own.key_rows())
        if self.book.learn_table(msg.get("vk", [])) is not None:
            self.caught(FairError("fair_relay_forged", RELAY, detail="key"))
            return False
        on_word = 0
        for index, plain in enumerate(records):
            signature = signatures[index] if index < len(signatures) else b""
            proof = proofs[index] if index < len(proofs) else b""
            if own is not None and index < len(own.records):
                if not same_record(own.records[index], plain):
                    self.caught(FairError("fair_past_changed", RELAY,
                                          of=dealer_of_plain(plain), index=index))
                    return False
                # the very record we took live: its word, if any, must still hold
                if (signature or is_share(plain)) and not self._signed(
                        plain, signature, None, proof, live=False):
                    return False
                continue
            if (index in unsigned and not signature and not proof
                    and wants_word(plain)):
                if not (is_share(plain) and self._not_mine(plain)):
                    on_word += 1
                    continue
            if not self._signed(plain, signature, None, proof):
                return False
        if on_word and not self.on_word_told:     # once, not at every repair
            self.on_word_told = True
            self.emit("fair_past_unsigned", code="fair_past_unsigned",
                      args={"records": on_word})
        self.tell_code()
        return True

    def _acknowledged(self, plain) -> None:
        """A record of ours in the host's stream is acknowledged: sent and relayed."""
        unacked = self.unacked
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

    def caught(self, error: FairError) -> None:
        """A refused record or move: say why to the host and everyone here, and stop."""
        args = {k: v for k, v in error.details.items() if k != "message"}
        self.emit("fair_caught", code=error.code, args=args)
        self.fail(error.code, args)

    # ------------------------------------------------------------------ what we send
    def public_proposal(self, seat: int, text: str) -> tuple[str, Any]:
        """(public text, CardPlayed plain or None) of our move, the card kept for a resend
        (``played``); IllegalMove if the card is not in our hand."""
        fair = self.replica.fair
        try:
            public = fair.intend(seat, text)
            played = fair.card_for(seat, text)
        except FairError:
            raise IllegalMove("not_in_hand", "That card is not in your hand") from None
        played = short_played(played)
        if played is not None:
            self.played[seat] = played
        return public, played

    def owe(self) -> None:
        """Send what our driver owes the table (unless a catch-up is still on its way)."""
        if not self.hold:
            self.owed += self.replica.take_outbox()
            self.send_owed()

    def send_owed(self) -> None:
        """Send the records we owe the table. Our secret, owed once the game is over, waits
        for the end's paperwork time (``paperwork_ready``): at a big table 32 secrets relayed
        to every peer at the last move would hold up the confirmations of that move."""
        waiting = []
        phase = self.seat.phase
        hold = phase == "playing" or (phase == "over" and not self.seat.paperwork_ready())
        for record in self.owed:
            if hold and isinstance(record, dict) and record.get("kind") == SECRET:
                waiting.append(record)
            else:
                plain = record_to_plain(record)
                message = {"t": ids.FAIR, "r": plain}
                if self.signer is not None:
                    # the host relays a share with its proof
                    proof = (self.proofs.prove(self.replica.fair, plain)
                             if is_share(plain) else None)
                    message.update(self.signer.fields(signed_form(plain, proof)))
                    if proof is not None:
                        message["pf"] = proof
                self.send(message)
                if len(self.unacked) < 256:
                    self.unacked.append(plain)
        self.owed = waiting

    def prepare_ahead(self) -> None:
        """Our next shares, while the player thinks."""
        if self.replica.fair.waiting_for_move:
            self.replica.fair.prepare_ahead()

    # ------------------------------------------------------------------ what we tell
    def tell_relay(self) -> None:
        """What only this machine can tell: the host declared a part of ours late that we had
        sent (it did not pass it on, or not in time), or gave our seats away while records
        of ours it never relayed were on their way. And, on every machine, each roll part
        rebuilt from the escrow (the same dice)."""
        fair = self.replica.fair
        told = fair.rescue.told_overdue
        while self.told < len(told):
            roll, _attempt = told[self.told]
            self.told += 1
            self.emit("fair_host_withheld", code="fair_host_withheld", args={"roll": roll})
        shares = fair.share_rescue.told_overdue
        while self.shares_told < len(shares):
            pile, _attempt, position = shares[self.shares_told][:3]
            self.shares_told += 1
            self.emit("fair_host_withheld", code="fair_host_withheld_share",
                      args={"pile": pile, "position": position})
        while self.shuffles_told < len(fair.told_shuffles):
            pile = fair.told_shuffles[self.shuffles_told]
            self.shuffles_told += 1
            self.emit("fair_host_withheld", code="fair_host_withheld_shuffle",
                      args={"pile": pile})
        rebuilt = fair.rescue.rebuilt
        while self.rebuilt_told < len(rebuilt):
            roll, _attempt, dealer = rebuilt[self.rebuilt_told]
            self.rebuilt_told += 1
            self.emit("roll_part_rebuilt", dealer=dealer, roll=roll)
        for pile, _attempt in self._news("shows", fair.share_rescue.told_shows):
            self.emit("fair_host_withheld", code="fair_host_withheld_show", args={"pile": pile})
        for pile in self._news("answers", fair.kinds.told_answers):
            self.emit("fair_host_withheld", code="fair_host_withheld_answer",
                      args={"pile": pile})
        for dealer, pile in self._news("stalled", fair.kinds.stalled):
            # every machine: the table waits for this dealer's answer about its hand
            self.emit("fair_stalled", dealer=dealer, waits_for="answer", pile=pile,
                      seats=[s for s, d in enumerate(fair.seat_dealers) if d == dealer])
        if fair.me in fair.departed and self.unacked and not self.blame_told:
            self.blame_told = True
            if fair.finished:     # only our secret was missing: rebuilt for the audit
                self.emit("fair_host_withheld", code="fair_host_withheld_secret", args={})
            else:
                self.emit("fair_host_withheld", code="fair_host_blamed",
                          args={"records": len(self.unacked)})

    def _news(self, name: str, items: list) -> list:
        """The items of ``items`` not told yet (it only grows); they count as told now."""
        start = self.said.get(name, 0)
        self.said[name] = len(items)
        return items[start:]

    def tell_verdict(self) -> None:
        """The end's audit, once: an event here and a note in our save."""
        verdict = self.replica.fair.verdict
        if verdict is not None and not self.verdict_told:
            self.verdict_told = True
            self.emit("audit", **verdict.to_plain())
            self.seat.persistence.record_audit(self.seat.autosaver, self.seat.match,
                                               verdict.to_plain())

    def end_unaudited(self) -> None:
        """The table ends here after the last move but before the audit could run (the host
        left before showing its secret, or it never relayed every secret): the game is
        marked void on this machine, naming whose secret is missing."""
        if self.replica is not None and self.replica.fair.void_unaudited():
            self.tell_verdict()

    def audit_waiting(self) -> bool:
        """The end's audit is ready to run and waits for ``settle``."""
        return self.replica is not None and self.replica.fair.audit_due

    def settle(self) -> None:
        """At the end of a pump (its frames sent): the audit that waited for it."""
        if self.replica is not None and self.replica.fair.finish_audit():
            self.tell_verdict()

    # ------------------------------------------------------------------ our save
    def save_stream(self) -> None:
        """The stream so far into our save (what a return to the table needs)."""
        self.seat.persistence.save_fair_stream(self.seat.autosaver, self.replica.fair,
                                               self.replica.played, word=self.word,
                                               keys=self.book.keys if self.book else None)

    def save_secret(self, autosaver: Any) -> None:
        """Our secret goes into our own save of the table (nobody else's), so this machine
        can come back to the table."""
        if autosaver is None:
            return
        lan = dict(autosaver.header.get("lan", {}), table=self.table_id,
                   dealers=list(self.replica.fair.seat_dealers), dealer=self.replica.fair.me)
        if self.secret is not None:
            lan["fair"] = self.secret.hex()
        autosaver.header = dict(autosaver.header, lan=lan)
        autosaver.refresh_header(self.seat.match)
