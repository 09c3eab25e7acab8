"""A dealer that leaves a fair table for good (the driver's side of net.fair.escrow).

Mixed into ``net.fair.deal.FairTable``: the escrow records taken at the start, the host's
``Depart`` and the holders' ``KeyShare`` records, the key rebuilt from a majority of them, the
departed dealer's part of each draw done by every machine, its hand learned by the table, a
roll or shuffle it had not finished run again without it (the next attempt), and a record made
before its machine heard of either (``is_stale``), which no longer counts.
"""

from __future__ import annotations

from game.rules.core import IllegalMove
from game.rules.fairplay.draw import share_for_draw
from game.rules.fairplay.group import power
from game.rules.fairplay.records import (DrawShared, PileOpened, RollCommitted,
                                          RollContributed, RollOpened, RollRevealed, Shuffled)
from game.rules.fairplay.transcript import stale
from net.fair.errors import FairError
from net.fair.escrow import (ESCROW, KEY_SHARE, check_escrow, check_holder_share,
                            escrow_commitments, open_secret_share, open_share, rebuild_key,
                            rebuild_secret)
from net.fair.kinds import ATTEST
from net.fair.rescue import ROLL_PART
from net.fair.late_shuffle import shuffle_step_is_late
from net.fair.share_rescue import SHARE_PART


class Departures:
    """Departure handling; expects the attributes of ``FairTable``."""

    def is_stale(self, record) -> bool:
        """Whether a dealer's record comes too late to count, through no fault of its own: its
        machine made it before it heard what the stream now holds. Its dealer left for good
        (a departed machine owes nothing but its key shares: every machine does its part), or
        its pile or roll was opened again meanwhile (``attempt``). The host drops such a
        record instead of sequencing it, and blames nobody."""
        if isinstance(record, dict):      # a departed dealer still hands over key shares
            if record.get("kind") == ROLL_PART:
                return self.rescue.is_stale(record)
            if record.get("kind") == SHARE_PART:
                return self.share_rescue.is_stale(record)
            return record.get("kind") == ATTEST and record.get("seat") in self.departed
        if getattr(record, "seat", None) in self.departed:
            return True
        t = self.transcript
        if isinstance(record, Shuffled) and shuffle_step_is_late(self, record):
            return True     # its turn was skipped before it came (net.fair.late_shuffle)
        if isinstance(record, DrawShared) and self.share_rescue.share_is_late(record):
            return True     # rebuilt from the escrow before it came: late, and the same value
        if isinstance(record, (Shuffled, DrawShared)) and record.pile in t.piles:
            return stale(record, t.piles[record.pile].opening)
        if isinstance(record, RollContributed) and record.roll in t.rolls and \
                record.seat in t.rolls[record.roll].reveals:
            return True     # rebuilt from the escrow before it came: late, and the same value
        if isinstance(record, (RollCommitted, RollRevealed, RollContributed)) \
                and record.roll in t.rolls:
            return stale(record, t.rolls[record.roll].opening)
        return False

    def _take_escrow(self, record: dict) -> None:
        seat = record["seat"]
        if self.strict_escrow is None and isinstance(record.get("cm"), list):
            # a table replayed from a save: its first escrow says whether it was strict
            self.strict_escrow = len(record["cm"]) + 1 == len(self.dealers) - 1
        if (seat not in self.dealers or seat in self.escrows or self.match is not None
                or len(self.transcript.public_keys) != len(self.dealers)
                or not check_escrow(record, self.dealers, self.escrow_threshold)):
            raise FairError("fair_out_of_turn", dealer=seat, kind=ESCROW)
        self.escrows[seat] = {holder: share for holder, share in record["shares"]}
        self.escrow_commitments[seat] = escrow_commitments(record)
        if "ss" in record:
            self.secret_escrows[seat] = {holder: share for (holder, _), share in
                                         zip(record["shares"], record["ss"])}
        if self.peer is not None and self.me in self.escrows[seat]:
            # our own share, checked at once: a bad one names the dealer that made it
            share = self.my_escrow_share(seat)
            if not check_holder_share(share, self.transcript.public_keys[seat],
                                      self.escrow_commitments[seat], self.me):
                del self.escrows[seat]
                raise FairError("fair_bad_escrow", dealer=seat)

    def my_escrow_share(self, owner: int) -> bytes:
        """This machine's share of ``owner``'s key, opened from the escrow."""
        return open_share(self.escrows[owner][self.me], self.peer.private,
                          self.transcript.public_keys[owner], owner, self.me)

    def _take_depart(self, record: dict) -> None:
        """The host says a dealer left for good: visible to all, at most dealers - 1 times."""
        gone = record["of"]
        if (self.match is None or gone not in self.dealers or gone in self.departed
                or len(self.departed) + 1 >= len(self.dealers) or len(self.dealers) == 1):
            raise FairError("fair_depart_refused", dealer=gone, departed=len(self.departed))
        if self.match is not None:
            self.match.seal(tell=False)
        self.departed.append(gone)
        self.key_shares[gone] = {}
        self._derive_key_shares()

    def _take_key_share(self, record: dict) -> None:
        holder, gone = record["seat"], record["of"]
        shares = self.key_shares.get(gone)
        if shares is None or holder == gone or holder not in self.dealers:
            raise FairError("fair_out_of_turn", dealer=holder, kind=KEY_SHARE)
        if gone in self.recovered or holder in shares:
            # a share after the key was rebuilt, or one every machine already opened itself
            # (two dealers that left at once: the first to come back lets the table rebuild
            # both keys while the second's share is still on its way): nothing more to do
            return
        if not check_holder_share(record["share"], self.transcript.public_keys[gone],
                                  self.escrow_commitments.get(gone), holder):
            # the escrow's commitments say which share is wrong: its holder's, not the key's
            raise FairError("fair_bad_key_share", dealer=holder, of=gone)
        shares[holder] = record["share"]
        if "ss" in record:
            self.secret_shares.setdefault(gone, {})[holder] = record["ss"]
        self._try_rebuild(gone)

    def _try_rebuild(self, gone: int) -> None:
        shares = self.key_shares[gone]
        need = self.escrow_threshold
        if gone in self.recovered or len(shares) < need:
            return
        chosen = dict(sorted(shares.items())[:need])
        key = rebuild_key(chosen, need, self.transcript.public_keys[gone])
        if key is None:
            raise FairError("fair_bad_escrow", dealer=gone)
        if self.match is not None:
            # the last entry's hash is of the state before this hand is known: every machine
            # seals it now, whenever its own timer would have
            self.match.seal(tell=False)
        self.recovered[gone] = key
        self._try_rebuild_secret(gone, chosen)
        self.rescue.departed_changed()
        self.share_rescue.departed_changed()
        self._derive_key_shares()
        self._learn_departed_hands(gone)
        self._stand_in()
        self.audit_when_complete()      # it left at the end instead of showing its secret

    def _try_rebuild_secret(self, gone: int, chosen: dict) -> None:
        """The departed dealer's whole secret, from the same holders' secret shares (the
        audit then checks its shuffles too, not only that they kept the cards); a secret
        that does not rebuild (an escrow of a table saved before it) leaves the key alone."""
        shares = self.secret_shares.get(gone, {})
        if all(holder in shares for holder in chosen):
            secret = rebuild_secret({h: shares[h] for h in chosen}, len(chosen),
                                    self.transcript.public_keys[gone])
            if secret is not None:
                self.recovered_secrets[gone] = secret

    def _derive_key_shares(self) -> None:
        """A departed holder's share of another departed key: every machine opens it with the
        holder's rebuilt key."""
        for gone in self.departed:
            if gone in self.recovered:
                continue
            for holder in sorted(self.recovered):
                if holder != gone and holder not in self.key_shares[gone]:
                    encrypted = self.escrows[gone][holder]
                    self.key_shares[gone][holder] = open_share(
                        encrypted, self.recovered[holder], self.transcript.public_keys[gone],
                        gone, holder)
                    if holder in self.secret_escrows.get(gone, {}):
                        self.secret_shares.setdefault(gone, {})[holder] = open_secret_share(
                            self.secret_escrows[gone][holder], self.recovered[holder],
                            self.transcript.public_keys[gone], gone, holder)
                    self._try_rebuild(gone)

    def _owe_key_shares(self) -> None:
        for gone in self.departed:
            item = ("keyshare", gone)
            if gone == self.me or gone in self.recovered or item in self._owed_done \
                    or self.me in self.key_shares[gone]:
                continue
            self._owed_done.add(item)
            share = self.my_escrow_share(gone)
            record = {"kind": KEY_SHARE, "seat": self.me, "of": gone, "share": share}
            if self.me in self.secret_escrows.get(gone, {}):
                record["ss"] = open_secret_share(
                    self.secret_escrows[gone][self.me], self.peer.private,
                    self.transcript.public_keys[gone], gone, self.me)
            self._outbox.append(record)

    def _learn_departed_hands(self, gone: int) -> None:
        """Every machine reads the cards the departed dealer's seats hold (its bot needs them),
        but those it knows already (shown at the end, or read by everyone when dealt)."""
        if self.match is None or gone == self.me:
            return
        for pile, seats in sorted(self.held.items()):
            for seat, held in sorted(seats.items()):
                positions = [p for p in held if (pile, p) not in self.known]
                if self.seat_dealers[seat] != gone or not positions:
                    continue
                cards = []
                for position in positions:
                    public = self.transcript.public_card(pile, position)   # taken face up
                    card = public if public is not None else self._read(pile, position, gone)
                    self.known[(pile, position)] = card
                    cards.append(card)
                try:
                    self.match.learn_cards(seat, pile, tuple(cards))
                except IllegalMove as error:   # cards its hand cannot hold: a false deck
                    raise FairError("fair_bad_outcome", dealer=gone, detail=error.code) \
                        from None

    def stand_in_roll(self, name: str) -> None:
        """A departed dealer's part of a roll: computed by every machine from its rebuilt key
        (the part is fixed by the key, so the roll is the one it would have been). A roll of
        the old commit-reveal kind runs again without it (its next attempt)."""
        roll = self.transcript.rolls[name]
        if roll.commitments:
            if any(d in self.departed and d not in roll.reveals for d in roll.opening.seats):
                self._append(RollOpened(name, roll.opening.attempt + 1, self.active))
            return
        for gone in sorted(self.recovered):
            if gone in roll.opening.seats and gone not in roll.reveals:
                self._append(RollContributed(name, gone, power(roll.base, self.recovered[gone]),
                                             b"", roll.opening.attempt))

    def _stand_in(self) -> None:
        """Do a rebuilt dealer's part of the current step (its shares), or run the step again
        without a departed one (a roll or shuffle it had not finished: the next attempt)."""
        step = self._step
        if step is None or not self.departed:
            return
        kind, name, positions, drawer, key = step
        t = self.transcript
        if kind == "roll":
            self.stand_in_roll(name)
            return
        pile = t.piles.get(name)
        if pile is None:
            return
        if kind == "shuffle":
            if not pile.shuffled and any(d in self.departed for d in
                                         pile.opening.seats[len(pile.decks) - 1:]):
                self._append(PileOpened(name, pile.opening.attempt + 1, pile.opening.cards,
                                        self.active))
            return
        for gone in sorted(self.recovered):
            if gone == drawer or gone not in pile.opening.seats:
                continue
            for position in positions:
                draw = pile.draws.get(position)
                if draw is not None and gone in draw.shares:
                    continue
                ciphertext = t.card_at(name, position)
                self._append(DrawShared(name, position, drawer, gone,
                                        share_for_draw(ciphertext, self.recovered[gone]),
                                        pile.returns.get(position, 0), pile.opening.attempt))
