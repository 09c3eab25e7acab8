"""The end-of-game audit: every peer reveals its secret, and every peer re-checks the whole
transcript with all of them. A cheat is named to everyone.

Checked, record by record:

* every revealed secret gives the announced public key (``key``), and none is withheld
  (``withheld``) unless the seat's key was recovered from its Shamir shares;
* every shuffle step is the one its secret makes (``shuffle``: a substituted, dropped or
  duplicated card, or any other deck); for a seat known only by its recovered key, the step
  must at least keep the multiset of cards. An intermediate deck that reached this machine
  only as its digest is rebuilt from the secrets (``fairplay.deckchain``) and must match it;
  a step the table skipped (``skipped``: its dealer's shuffle did not arrive) is the deck
  unchanged, and not that seat's;
* every share is ``c1 ** x`` of its seat's key (``share``; checked per position in one power
  for all its shares, one by one only when that fails, to name the culprit);
* every named card is the card at that position (``played``);
* every roll reveal opens its commitment, and every roll part (``RollContributed``, also one
  rebuilt from the escrow) is its seat's key's (``roll``; the transcript already refuses
  others, this re-checks a transcript read back from a file).

The transcript records are replayed through a fresh ``Transcript``, so an audit of a transcript
from a file also catches anything out of turn (``order``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .cipher import decrypt, decryption_share, private_key, public_key
from .group import Q, power, product
from .records import (CardPlayed, DrawShared, FairplayError, KeyRevealed, RollContributed,
                      RollRevealed, Shuffled)
from .deckchain import check_chain
from .transcript import Transcript


@dataclass(frozen=True)
class Finding:
    """One failed check: the record's index, the seat named, the kind and an English text."""
    index: int
    seat: int
    kind: str
    message: str


@dataclass
class AuditReport:
    """All findings in transcript order; ``ok`` when there are none."""
    findings: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def first(self) -> Finding | None:
        """The first cheat in the transcript, or None."""
        return self.findings[0] if self.findings else None

    @property
    def cheaters(self) -> list[int]:
        """The seats named, in the order of their first finding."""
        seen = []
        for finding in self.findings:
            if finding.seat not in seen:
                seen.append(finding.seat)
        return seen


def audit(records, secrets: Mapping[int, bytes],
          recovered_keys: Mapping[int, int] | None = None) -> AuditReport:
    """Re-check ``records`` (a transcript's records in order) given every seat's revealed
    secret (``secrets``) and the private keys rebuilt for seats that left (``recovered_keys``)."""
    recovered_keys = dict(recovered_keys or {})
    report = AuditReport()
    replay = Transcript()
    privates: dict[int, int] = {}
    pending_shares: dict[tuple, list] = {}   # (pile, attempt, position) -> [(index, record)]
    chains: dict[int, tuple] = {}     # id(pile's opening) -> (its Pile, [(index, Shuffled)])

    def name(index, seat, kind, message):
        report.findings.append(Finding(index, seat, kind, message))

    for index, record in enumerate(records):
        try:
            replay.append(record)
        except FairplayError as error:
            kind = "roll" if isinstance(record, (RollRevealed, RollContributed)) else "order"
            name(index, getattr(record, "seat", -1), kind=kind, message=str(error))
            continue
        if isinstance(record, KeyRevealed):
            _check_key(index, record, secrets, recovered_keys, privates, name)
        elif isinstance(record, Shuffled):
            pile = replay.piles[record.pile]
            chains.setdefault(id(pile), (pile, []))[1].append((index, record))
        elif isinstance(record, DrawShared):
            pile = replay.piles[record.pile]
            slot = (record.pile, pile.opening.attempt, record.position,
                    pile.returns.get(record.position, 0))   # a returned card is drawn anew
            pending_shares.setdefault(slot, []).append((index, record, pile))
        elif isinstance(record, CardPlayed):
            _check_played(index, record, replay, privates, name)
        elif isinstance(record, RollContributed) and record.seat in privates:
            roll = replay.rolls[record.roll]
            if power(roll.base, privates[record.seat]) != record.point:
                name(index, record.seat, kind="roll",
                     message=f"seat {record.seat}'s part of roll {record.roll!r} is not "
                             "its key's")
    for pile, steps in chains.values():
        known = {seat: secrets[seat] for seat in pile.opening.seats
                 if seat in secrets and seat in privates}
        check_chain(pile, steps, known, _pile_privates(pile, privates), name)
    for entries in pending_shares.values():
        _check_shares(entries, privates, name)
    report.findings.sort(key=lambda finding: finding.index)
    return report


def _check_key(index, record, secrets, recovered_keys, privates, name):
    seat = record.seat
    if seat in secrets:
        try:
            key = private_key(secrets[seat])
        except ValueError:
            key = None
        if key is None or public_key(key) != record.public_key:
            name(index, seat, kind="key",
                 message=f"seat {seat}'s revealed secret is not its announced key")
            return
        privates[seat] = key
    elif seat in recovered_keys:
        key = recovered_keys[seat]
        if not 0 < key < Q or public_key(key) != record.public_key:
            name(index, seat, kind="key",
                 message=f"the key recovered for seat {seat} is not its key")
            return
        privates[seat] = key
    else:
        name(index, seat, kind="withheld", message=f"seat {seat} did not reveal its secret")


def _pile_privates(pile, privates):
    seats = pile.opening.seats
    return [privates[seat] for seat in seats] if all(seat in privates for seat in seats) else None


def _check_played(index, record, replay, privates, name):
    pile = replay.piles[record.pile]
    keys = _pile_privates(pile, privates)
    if keys is None:
        return
    card = pile.cards.card_of(decrypt(replay.card_at(record.pile, record.position), keys))
    if card != record.card:
        name(index, record.seat, kind="played",
             message=f"seat {record.seat} played card {record.card} "
                     f"but had drawn {card}")


def _check_shares(entries, privates, name):
    pile = entries[0][2]
    sharers = [record.seat for _, record, _ in entries]
    if not all(seat in privates for seat in sharers):
        return
    ciphertext = pile.decks[-1][entries[0][1].position]
    if product(record.share for _, record, _ in entries) == power(
            ciphertext[0], sum(privates[seat] for seat in sharers)):
        return
    for index, record, _ in entries:
        if record.share != decryption_share(ciphertext, privates[record.seat]):
            name(index, record.seat, kind="share",
                 message=f"seat {record.seat}'s share of {record.pile!r} "
                         f"position {record.position} is not its key's")
