"""One peer's side of the protocol: the records it publishes, made from its secret bytes.

A ``Peer`` holds a seat and a secret (16 to 64 bytes from the caller, kept in the peer's own
save so that it can come back). Every method is a pure function of the secret, the transcript
and the caller's arguments; nonces and roll values are passed in by the caller too.
"""

from __future__ import annotations

from .cipher import private_key, public_key
from .commit import commitment
from .derive import Stream, check_secret
from .draw import finish_draw, share_for_draw
from .group import G, element_to_bytes, power
from .records import (CardPlayed, DrawShared, FairplayError, KeyCommitted, KeyRevealed,
                      RollCommitted, RollContributed, RollRevealed, Shuffled)
from .shuffle import shuffle_step
from .threshold import polynomial_for, split
from .vss import commitments, prove_equal_logs, roll_context as part_context
from .transcript import Transcript, key_context, roll_context


class Peer:
    """A seated peer: ``seat`` and its ``secret``."""

    def __init__(self, seat: int, secret: bytes):
        self.seat = seat
        self.secret = check_secret(secret)
        self.private = private_key(self.secret)
        self.public = public_key(self.private)
        self._prepared: dict = {}   # (pile, attempt, position, c1) -> this peer's share

    def prepare(self, transcript: Transcript, pile: str, positions) -> None:
        """Compute this peer's shares of ``positions`` ahead of time (e.g. the next cards of
        the pile while a player thinks), so that a draw costs no power on the table's clock:
        ``share`` publishes one when its drawer is known, ``read_draw`` uses the drawer's own."""
        for position in positions:
            self._own_share(transcript, pile, position)

    def _own_share(self, transcript: Transcript, pile: str, position: int) -> bytes:
        ciphertext = transcript.card_at(pile, position)
        slot = (pile, transcript.piles[pile].opening.attempt, position, ciphertext[0])
        share = self._prepared.get(slot)
        if share is None:
            try:
                share = share_for_draw(ciphertext, self.private)
            except ValueError:   # the audit names the shuffler whose deck this is
                raise FairplayError(code="not_in_group",
                                    message=f"position {position} of {pile!r} is not "
                                            "a valid ciphertext") from None
            if len(self._prepared) > 512:
                self._prepared.clear()
            self._prepared[slot] = share
        return share

    def commit_key(self, nonce: bytes) -> KeyCommitted:
        """The commitment to this peer's public key (published before any key is revealed)."""
        return KeyCommitted(self.seat, commitment(element_to_bytes(self.public), nonce,
                                                  *key_context(self.seat)))

    def reveal_key(self, nonce: bytes) -> KeyRevealed:
        """The public key, opening the commitment made with the same nonce."""
        return KeyRevealed(self.seat, self.public, nonce)

    def shuffle(self, transcript: Transcript, pile: str) -> Shuffled:
        """This peer's shuffle step of ``pile`` (it must be this peer's turn)."""
        state = transcript.piles[pile]
        return Shuffled(pile, self.seat, shuffle_step(state.decks[-1], self.secret, pile,
                                                      state.opening.attempt, state.joint_key),
                        state.opening.attempt)

    def share(self, transcript: Transcript, pile: str, position: int, drawer: int
              ) -> DrawShared:
        """This peer's share of the card at ``position`` for ``drawer`` (or ``PUBLIC``)."""
        state = transcript.piles[pile]
        return DrawShared(pile, position, drawer, self.seat,
                          self._own_share(transcript, pile, position),
                          state.returns.get(position, 0), state.opening.attempt)

    def read_draw(self, transcript: Transcript, pile: str, position: int) -> int | None:
        """The card this peer drew at ``position``, once the others' shares are in (None if
        they are not, if one of them is wrong, or if this peer is not the drawer)."""
        if not transcript.draw_complete(pile, position):
            return None
        state = transcript.piles[pile]
        if state.draws[position].drawer != self.seat:
            return None
        return finish_draw(transcript.card_at(pile, position),
                           self._own_share(transcript, pile, position),
                           state.draws[position].shares.values(), state.cards)

    def play(self, pile: str, position: int, card: int) -> CardPlayed:
        """Naming the card of ``position`` when a move plays it."""
        return CardPlayed(pile, position, self.seat, card)

    def commit_roll(self, transcript: Transcript, roll: str, value: bytes, nonce: bytes
                    ) -> RollCommitted:
        """The commitment to this peer's 32 random bytes for the roll's current attempt."""
        attempt = transcript.rolls[roll].opening.attempt
        return RollCommitted(roll, self.seat, commitment(value, nonce,
                                                         *roll_context(roll, attempt, self.seat)),
                             attempt)

    def reveal_roll(self, roll: str, value: bytes, nonce: bytes,
                    attempt: int | None = None) -> RollRevealed:
        """The reveal of a roll commitment (made for the roll's ``attempt``)."""
        return RollRevealed(roll, self.seat, value, nonce, attempt)

    def contribute_roll(self, transcript: Transcript, roll: str) -> RollContributed:
        """This peer's part of the roll's current attempt: fixed by its key, with its proof."""
        state = transcript.rolls[roll]
        attempt = state.opening.attempt
        point = power(state.base, self.private)
        proof = prove_equal_logs(self.private, G, state.base,
                                 Stream(self.secret, "roll-proof", roll, attempt),
                                 *part_context(roll, attempt, self.seat))
        return RollContributed(roll, self.seat, point, proof, attempt)

    def key_shares(self, holders, threshold: int, randomness: bytes) -> dict[int, int]:
        """Shamir shares of this peer's private key for the other seated ``holders``."""
        return split(self.private, holders, threshold, randomness)

    def key_escrow(self, holders, threshold: int, randomness: bytes
                   ) -> tuple[dict[int, int], tuple[bytes, ...]]:
        """Shamir shares of the private key and the Feldman commitments that check them."""
        shares = split(self.private, holders, threshold, randomness)
        return shares, commitments(polynomial_for(self.private, threshold, randomness))
