"""A fair table's past as a machine keeps it (issue 28): the word of every dealer in it.

Live, each record in a dealer's name reaches every machine with that dealer's signature (or, a
draw share, with its proof): ``net.fair.signing``, ``net.fair.share_proof``. A machine's save
keeps, beside each record of the stream, the signature and proof it came with, and the
dealers' verify keys this machine fixed (``game.saves.fair_lan``). So a table resumed from a
save sends its past in a catch-up exactly as a live relay would, and each joiner checks every
record of it as if relayed live (``net.fair.join``).

* ``StreamWord``: one machine's signatures and proofs of the stream, by stream index, and
  the keys it fixed: what its save writes beside the records.
* ``SavedPast``: the same, read back from a save, with its records. ``on_word`` says which
  records the save holds without the signature or proof a live relay carries (a save
  written before this change keeps none): the resumed host names them in its catch-up
  (SYNC ``fu``), and a joiner takes them only on the host's word, saying so.
* ``same_record``: a joiner that kept its own save of the table compares the catch-up with
  what it saved itself: a record that differs at the same place is a past the host changed.

The record index here is the stream's (the host's relay order), never the driver's
``published`` list, which also holds the moves' cards.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from net.fair.decks import relay_form
from net.fair.share_proof import is_share
from net.fair.signing import canonical_form, dealer_of_plain, needs_signature


class StreamWord:
    """What one machine kept of its dealers' word: signatures and proofs by stream index."""

    def __init__(self) -> None:
        self.signatures: dict[int, bytes] = {}
        self.proofs: dict[int, bytes] = {}

    def keep(self, index, signature=None, proof=None) -> None:
        """The signature / proof record ``index`` came with (None or b"": none)."""
        if type(index) is not int:
            return
        if isinstance(signature, bytes) and signature:
            self.signatures[index] = signature
        if isinstance(proof, bytes) and proof:
            self.proofs[index] = proof

    def clear(self) -> None:
        self.signatures.clear()
        self.proofs.clear()


def wants_word(plain) -> bool:
    """Whether a record reaches other machines live with its dealer's signature or proof (in
    a dealer's name; the host's own records, dealer 0, come straight from the relay)."""
    return needs_signature(dealer_of_plain(plain)) and dealer_of_plain(plain) >= 0


@dataclass
class SavedPast:
    """A fair table's stream as one save holds it: records, the CardPlayed of each move,
    the signature / proof of each record by stream index, the dealers' keys, and whether
    the save keeps signatures at all (``signed``: written by this version)."""

    records: list = field(default_factory=list)
    played: dict = field(default_factory=dict)
    signatures: dict = field(default_factory=dict)
    proofs: dict = field(default_factory=dict)
    keys: dict = field(default_factory=dict)
    signed: bool = False

    def lacks_word(self, index: int) -> bool:
        """Whether record ``index`` wants its dealer's word and the save holds none of it."""
        plain = self.records[index]
        if not wants_word(plain):
            return False
        if is_share(plain):
            return index not in self.proofs and index not in self.signatures
        return index not in self.signatures

    def on_word(self, upto: int | None = None) -> list[list[int]]:
        """[[first, end), ...]: the ranges of records (of the first ``upto``) this save holds
        without their dealer's word; records between them that want none join a range."""
        ranges: list[list[int]] = []
        last_wanting = None
        for index in range(len(self.records) if upto is None else min(upto, len(self.records))):
            if not wants_word(self.records[index]):
                continue
            if self.lacks_word(index):
                if ranges and last_wanting is not None and ranges[-1][1] == last_wanting + 1:
                    ranges[-1][1] = index + 1
                else:
                    ranges.append([index, index + 1])
            last_wanting = index
        return ranges

    def key_rows(self) -> list[list]:
        return [[dealer, key] for dealer, key in sorted(self.keys.items())]


def same_record(one, other) -> bool:
    """Whether two plain records are the same record (a deck compared by its digest: a
    machine may have kept only that form; maps and sequences in any order / type)."""
    return canonical_form(relay_form(one)) == canonical_form(relay_form(other))


class Spans:
    """[[first, end), ...] as given (any order, overlapping): ``index in spans`` in log time
    (a hostile host may send many)."""

    def __init__(self, ranges) -> None:
        merged: list[list[int]] = []
        for first, end in sorted((first, end) for first, end in ranges if first < end):
            if merged and first <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([first, end])
        self.firsts = [first for first, _end in merged]
        self.ends = [end for _first, end in merged]

    def __contains__(self, index: int) -> bool:
        at = bisect_right(self.firsts, index) - 1
        return at >= 0 and index < self.ends[at]
