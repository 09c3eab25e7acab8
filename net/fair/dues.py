"""What this machine owes the fair table's current step (``net.fair.deal``): its key
commitment and reveal, its escrow, its part of each roll (fixed by its key, issue 28; the
commit-reveal of older tables), its part of a roll part rebuilt from the escrow
(``net.fair.rescue``), its shuffle, its shares of a draw and, at the end, its secret. Each is queued once; the values come from streams of
its secret, so a machine that comes back publishes exactly what it would have.

Mixed into ``FairTable``.
"""

from __future__ import annotations

from game.rules.fairplay.derive import Stream
from net.fair.escrow import escrow_record

SETUP_ROLL = "setup"
SECRET = "Secret"                 # the end-of-game record: a dealer's secret, for the audit


def secret_stream(secret: bytes, *label) -> Stream:
    return Stream(secret, "table", *label)


class FairDues:
    """Mixed into ``FairTable``: reads its transcript, step and peer; fills its outbox."""

    def _owe(self) -> None:
        """Queue the records this machine owes the current step (once each)."""
        peer = self.peer
        if peer is None:
            return
        # a departed machine that is back still hands over its key shares of other departed
        # dealers (two that left at once need each other's share)
        self._owe_key_shares()
        if self.me in self.departed:
            return
        t = self.transcript
        out = []
        if (len(t.public_keys) == len(self.dealers) and len(self.dealers) > 1
                and self.me not in self.escrows and ("escrow",) not in self._owed_done):
            self._owed_done.add(("escrow",))
            self._outbox.append(escrow_record(peer, self.dealers, t.public_keys,
                                              secret_stream(peer.secret, "escrow").take(32),
                                              self.escrow_threshold))
        if self.match is None:
            nonce = secret_stream(peer.secret, "key-nonce").take(32)
            if not t.public_keys and self.me not in t.key_commitments:
                out.append(("kc",))
            elif len(t.key_commitments) == len(self.dealers) and self.me not in t.public_keys:
                out.append(("kr",))
            if SETUP_ROLL in t.rolls:
                out += self._owe_roll(SETUP_ROLL)
            self.rescue.owe()
            for item in out:
                if item in self._owed_done:
                    continue
                self._owed_done.add(item)
                if item == ("kc",):
                    self._outbox.append(peer.commit_key(nonce))
                elif item == ("kr",):
                    self._outbox.append(peer.reveal_key(nonce))
                else:
                    self._outbox.append(self._roll_record(item))
            return
        if self.finished:
            if ("secret",) not in self._owed_done and self.me not in self.secrets:
                self._owed_done.add(("secret",))
                self._outbox.append({"kind": SECRET, "seat": self.me, "secret": peer.secret})
            return
        step = self._step
        if step is None:
            return
        kind, name, positions, drawer, _ = step
        if kind in ("deal", "reveal"):
            self.share_rescue.owe()      # our parts of a late share (the drawer's too)
        if kind in ("attest", "show", "return"):
            self.owe_extra(step)
        elif kind == "shuffle":
            pile = t.piles[name]
            item = ("shuffle", name, pile.opening.attempt)
            # (a stream replayed from another machine's save may hold only the digest of
            # the deck before ours: our shuffle is in that stream already)
            if pile.next_shuffler() == self.me and item not in self._owed_done \
                    and t.has_deck(name):
                self._owed_done.add(item)
                self._outbox.append(peer.shuffle(t, name))
        elif kind == "roll":
            self.rescue.owe()
            for item in self._owe_roll(name):
                if item not in self._owed_done:
                    self._owed_done.add(item)
                    self._outbox.append(self._roll_record(item))
        elif drawer != self.me and self.me in t.piles[name].opening.seats:
            attempt = t.piles[name].opening.attempt
            for position in positions:
                item = ("share", name, attempt, position,
                        t.piles[name].returns.get(position, 0))   # drawn anew once returned
                draw = t.piles[name].draws.get(position)
                if draw is not None and self.me in draw.shares:
                    continue          # given before (e.g. before this machine came back)
                if item not in self._owed_done:
                    self._owed_done.add(item)
                    self._outbox.append(peer.share(t, name, position, drawer))

    def _owe_roll(self, name: str) -> list:
        roll = self.transcript.rolls[name]
        attempt = roll.opening.attempt
        if self.me not in roll.opening.seats:
            return []
        if not roll.commitments:     # a part fixed by our key (a table saved before: below)
            return [] if self.me in roll.reveals else [("rv", name, attempt)]
        if self.me not in roll.commitments:
            return [("rc", name, attempt)]
        if len(roll.commitments) == len(roll.opening.seats) and self.me not in roll.reveals:
            return [("rr", name, attempt)]
        return []

    def _roll_record(self, item):
        kind, name, attempt = item
        if kind == "rv":
            return self.peer.contribute_roll(self.transcript, name)
        value = secret_stream(self.peer.secret, "roll-value", name, attempt).take(32)
        nonce = secret_stream(self.peer.secret, "roll-nonce", name, attempt).take(32)
        if kind == "rc":
            return self.peer.commit_roll(self.transcript, name, value, nonce)
        return self.peer.reveal_roll(name, value, nonce, attempt)
