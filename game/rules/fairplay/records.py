"""What the peers publish, one record per step, and their plain (msgpack-ready) form.

Group elements travel as their 32-byte encodings (``group.py``), checked to be elements of
the group when read; a deck as a list of ``[c1, c2]`` pairs. ``from_plain`` refuses anything
malformed with a ``FairplayError`` (a clear message, nothing changed).

* ``KeyCommitted`` / ``KeyRevealed``: a peer's public key, committed before anyone reveals
  (otherwise the last peer could pick its key as a function of the others' and read every card).
* ``PileOpened``: a pile's cards (face up, in a published order), the seats that shuffle it
  (whose keys make its joint key) and the attempt (a restart without a departed peer is the
  next attempt, for everyone to see).
* ``Shuffled``: one seat's output deck, or only its digest (``deck_digest``: an intermediate
  deck relayed to a machine that does not shuffle next; the pile's last deck always travels
  whole, and the audit rebuilds the others from the secrets and checks their digests).  ``DrawShared``: one seat's share of one position
  for a drawer (``PUBLIC`` when the card is turned face up for all).  ``CardPlayed``: the
  drawer names the card of a position when a move plays it.
* ``RollOpened`` / ``RollContributed``: a joint roll, each dealer's part fixed by its key
  and proved (``vss.py``); a part with no proof is one every machine rebuilt from the escrow
  (never accepted from the wire). ``RollCommitted`` / ``RollRevealed``: the commit-reveal
  rolls of tables saved before issue 28 (still read and audited).

A shuffle, a share and a roll's commitment or reveal name the attempt of the pile or roll they
were made for (``attempt``): a pile or roll opened again (a peer left) while one was on its
way must not take it for its own, so the transcript refuses it as ``stale`` (no cheat: it was
made before its peer heard of the new attempt). Left out (None) it is not checked, as in
records written before it existed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from .cipher import Ciphertext
from .group import element_from_bytes, element_to_bytes

PUBLIC = -1   # the drawer of a card turned face up for everybody


class FairplayError(ValueError):
    """A record that is malformed or out of turn; ``code`` names the problem for callers."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class KeyCommitted:
    seat: int
    commitment: bytes


@dataclass(frozen=True)
class KeyRevealed:
    seat: int
    public_key: bytes
    nonce: bytes


@dataclass(frozen=True)
class PileOpened:
    pile: str
    attempt: int
    cards: tuple[int, ...]
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Shuffled:
    pile: str
    seat: int
    deck: tuple[Ciphertext, ...]   # () when only the digest travelled
    attempt: int | None = None     # the pile's attempt it was made for (None: not said)
    digest: bytes = b""            # ``deck_digest`` of the deck, when the deck is left out
    # True: the seat's step was skipped (it did not arrive in time): the deck is the one
    # before it, unchanged. Derived by every machine alike from the host's call, never sent
    skipped: bool = False

    @property
    def deck_hash(self) -> bytes:
        """The digest of the output deck (given, or computed from the deck)."""
        return self.digest or deck_digest(self.deck)


DECK_DIGEST_BYTES = 32


def deck_digest(deck) -> bytes:
    """A binding digest of a deck: BLAKE2b-256 of its elements' encodings, in order."""
    hasher = hashlib.blake2b(digest_size=DECK_DIGEST_BYTES, person=b"fairplay-deck")
    for first, second in deck:
        hasher.update(element_to_bytes(first))
        hasher.update(element_to_bytes(second))
    return hasher.digest()


def digest_form(record):
    """A ``Shuffled`` with its deck replaced by the deck's digest (any other record as it
    is): what a machine that does not shuffle next receives, and what the transcript's
    digest covers on every machine alike."""
    if isinstance(record, Shuffled) and record.deck:
        return replace(record, deck=(), digest=deck_digest(record.deck))
    return record


@dataclass(frozen=True)
class DrawShared:
    pile: str
    position: int
    drawer: int
    seat: int
    share: bytes
    again: int = 0     # times the position was returned before this draw (Returned)
    attempt: int | None = None     # the pile's attempt it was made for (None: not said)


@dataclass(frozen=True)
class CardPlayed:
    pile: str
    position: int
    seat: int
    card: int


@dataclass(frozen=True)
class Returned:
    """A drawn card goes back face down under its pile (Metro's share exchange): its position
    may be drawn again, by anyone (only its previous holder knows it). Derived by every
    machine alike, like an opening."""
    pile: str
    attempt: int
    position: int


@dataclass(frozen=True)
class RollOpened:
    roll: str
    attempt: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RollCommitted:
    roll: str
    seat: int
    commitment: bytes
    attempt: int | None = None     # the roll's attempt it was made for (None: not said)


@dataclass(frozen=True)
class RollRevealed:
    roll: str
    seat: int
    value: bytes
    nonce: bytes
    attempt: int | None = None     # the roll's attempt it was made for (None: not said)


@dataclass(frozen=True)
class RollContributed:
    """A dealer's part ``roll_base(roll, attempt) ** key`` with its proof (``vss.py``); an
    empty proof: rebuilt from the escrow by every machine."""
    roll: str
    seat: int
    point: bytes
    proof: bytes
    attempt: int


RECORDS = {cls.__name__: cls for cls in (KeyCommitted, KeyRevealed, PileOpened, Shuffled,
                                         DrawShared, CardPlayed, Returned, RollOpened, RollCommitted,
                                         RollRevealed, RollContributed)}
_ELEMENT_FIELDS = {"public_key", "share", "point"}
# The plain form names a field by one or two letters (issue 28 item 5: a share travels to
# every machine, 300 times a game at a 6-dealer Metro table, and its field names were a third
# of its bytes). ``kind`` keeps its name: the net layer's own records share it.
WIRE_NAMES = {"pile": "p", "roll": "r", "seat": "s", "attempt": "a", "position": "n",
              "drawer": "d", "share": "x", "deck": "k", "public_key": "y", "point": "y",
              "nonce": "o", "commitment": "c", "cards": "cs", "seats": "ss", "card": "cd",
              "proof": "f", "value": "v", "again": "g", "digest": "h", "skipped": "sk"}
_OPTIONAL = {"again": 0, "skipped": False}
# the records whose ``attempt`` may be left out (it is required in the openings)
_ATTEMPT_OPTIONAL = frozenset(("Shuffled", "DrawShared", "RollCommitted",
                               "RollRevealed"))


def _optional(kind: str) -> dict:
    """The fields a record of ``kind`` may leave out, with their defaults."""
    extra = {"attempt": None} if kind in _ATTEMPT_OPTIONAL else {}
    if kind == "Shuffled":          # a deck or its digest: exactly one (``from_plain``)
        extra.update(deck=(), digest=b"")
    return dict(_OPTIONAL, **extra)


def to_plain(record) -> dict:
    """The record as a dict of str, small ints, bytes and lists (for msgpack or JSON-like
    storage), its fields under their short names (``WIRE_NAMES``); ``from_plain`` is its
    inverse."""
    plain = {"kind": type(record).__name__}
    optional = _optional(plain["kind"])
    for name, value in vars(record).items():
        if name in optional and value == optional[name]:
            continue        # left out at its default: older plain forms read the same
        if name in _ELEMENT_FIELDS:
            value = element_to_bytes(value)
        elif name == "deck":
            value = [[element_to_bytes(a), element_to_bytes(b)] for a, b in value]
        elif isinstance(value, tuple):
            value = list(value)
        plain[WIRE_NAMES[name]] = value
    return plain


def from_plain(plain) -> object:
    """The record of a plain dict; FairplayError if anything is missing or malformed."""
    if not isinstance(plain, dict) or plain.get("kind") not in RECORDS:
        raise FairplayError(code="malformed", message="not a fairplay record")
    cls = RECORDS[plain["kind"]]
    fields = cls.__dataclass_fields__
    optional = _optional(plain["kind"])
    wire = {WIRE_NAMES[name]: name for name in fields}
    given = {wire.get(key, key) for key in plain} | {name for name in optional if name in fields}
    if given != set(fields) | {"kind"} or not set(plain) <= set(wire) | {"kind"}:
        raise FairplayError(code="malformed", message=f"a {cls.__name__} record has the fields "
                                         f"{', '.join(sorted(WIRE_NAMES[f] for f in fields))}")
    values = {}
    try:
        for name in fields:
            if WIRE_NAMES[name] in plain:
                values[name] = _field(name, plain[WIRE_NAMES[name]])
            else:
                values[name] = optional[name]
    except (ValueError, TypeError) as error:
        raise FairplayError(code="malformed", message=f"{cls.__name__}.{name}: {error}") from None
    if cls is Shuffled and bool(values["deck"]) == bool(values["digest"]):
        raise FairplayError(code="malformed", message="a Shuffled record has its deck (k) or "
                                                      "its digest (h), one of them")
    return cls(**values)


def _field(name: str, value):
    if name in _ELEMENT_FIELDS:
        return element_from_bytes(value)
    if name == "deck":
        if not isinstance(value, (list, tuple)):
            raise ValueError("a deck is a list")
        pairs = []
        for pair in value:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError("a card of a deck is a pair")
            pairs.append((element_from_bytes(pair[0]), element_from_bytes(pair[1])))
        return tuple(pairs)
    if name in ("cards", "seats"):
        if not isinstance(value, (list, tuple)) or not all(_is_small_int(v) for v in value):
            raise ValueError("a list of numbers")
        return tuple(value)
    if name in ("pile", "roll"):
        if not isinstance(value, str) or not 0 < len(value) <= 64:
            raise ValueError("a name of 1 to 64 characters")
        return value
    if name == "proof":
        if not isinstance(value, (bytes, bytearray)) or len(value) > 512:
            raise ValueError("bytes (at most 512)")
        return bytes(value)
    if name == "skipped":
        if not isinstance(value, bool):
            raise ValueError("true or false")
        return value
    if name == "digest":
        if not isinstance(value, (bytes, bytearray)) or len(value) != DECK_DIGEST_BYTES:
            raise ValueError(f"{DECK_DIGEST_BYTES} bytes")
        return bytes(value)
    if name in ("commitment", "nonce", "value"):
        if not isinstance(value, (bytes, bytearray)) or len(value) > 64:
            raise ValueError("bytes (at most 64)")
        return bytes(value)
    if not _is_small_int(value):   # seat, position, drawer, card, attempt
        raise ValueError("a number")
    return value


def _is_small_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -1 <= value < (1 << 63)
