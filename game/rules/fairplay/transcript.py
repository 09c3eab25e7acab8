"""The transcript of a table: every published record in order, checked as it arrives.

``Transcript.append`` accepts a record only if it is well-formed and in turn (keys committed
before any is revealed and revealed before a pile uses them, shufflers in the pile's seat
order, shares only from the pile's other seats, a card named only by its drawer, roll reveals
that open their commitments; a ``Returned`` card's position may be drawn again, its shares
saying which draw they belong to); otherwise it raises ``FairplayError`` and changes nothing.
A shuffle, share or roll record made for an earlier attempt of its pile or roll (opened again
meanwhile) is refused with the code ``stale`` before any other check: its peer made it before
it heard of the new attempt, which is no fault.
What cannot be checked without the secrets (is a deck really a shuffle, is a share really the
peer's, is a named card really the drawn one) is left to the end-of-game audit (``audit.py``).

The transcript also answers the questions of the protocol's next step: the deck of a pile,
who shuffles next, a draw's shares, a roll's faces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .cipher import Ciphertext, joint_key, open_card, unmask
from .commit import ROLL_VALUE_BYTES, reveal_matches, roll_dice
from .group import G, IDENTITY, CardTable, element_to_bytes, encode_card, is_element
from .records import (PUBLIC, CardPlayed, DrawShared, FairplayError, KeyCommitted,
                      KeyRevealed, PileOpened, Returned, RollCommitted, RollContributed,
                      RollOpened, RollRevealed, Shuffled, deck_digest)
from .vss import equal_logs, roll_base, roll_context as part_context, roll_digest


def stale(record, opening) -> bool:
    """Whether ``record`` was made for an earlier attempt of its pile or roll (``opening``)."""
    attempt = getattr(record, "attempt", None)
    return attempt is not None and attempt < opening.attempt


def _check_attempt(record, opening) -> None:
    """Refuse a record made for another attempt than the opening's: ``stale`` if earlier."""
    attempt = record.attempt
    if attempt is None or attempt == opening.attempt:
        return
    name = getattr(record, "pile", None) or getattr(record, "roll", "")
    if attempt < opening.attempt:
        raise FairplayError(code="stale", message=f"a record for attempt {attempt} of "
                                                  f"{name!r}, now at {opening.attempt}")
    raise FairplayError(code="attempt", message=f"{name!r} is at attempt {opening.attempt}, "
                                                f"not {attempt}")


def key_context(seat: int) -> tuple:
    """The commitment context of a seat's public key."""
    return ("key", seat)


def roll_context(roll: str, attempt: int, seat: int) -> tuple:
    """The commitment context of a seat's value in a roll's attempt."""
    return ("roll", roll, attempt, seat)


@dataclass
class Draw:
    """One position of a pile being drawn: its drawer, the shares so far, the named card."""
    drawer: int
    shares: dict = field(default_factory=dict)
    played: int | None = None


@dataclass
class Pile:
    """A pile's current opening: its cards, seats, joint key, decks and draws."""
    opening: PileOpened
    joint_key: bytes
    cards: CardTable
    # decks[0] face up, then one per shuffler: a deck, or its digest (bytes) where only the
    # digest was relayed to this machine (never the last one: the draws read it)
    decks: list = field(default_factory=list)
    draws: dict = field(default_factory=dict)   # position -> Draw
    returns: dict = field(default_factory=dict)  # position -> times it went back (Returned)

    @property
    def shuffled(self) -> bool:
        return len(self.decks) == len(self.opening.seats) + 1

    def next_shuffler(self) -> int | None:
        return None if self.shuffled else self.opening.seats[len(self.decks) - 1]


@dataclass
class Roll:
    """A roll's current attempt: its seats, commitments and reveals (a part fixed by the key
    stands in the reveals by its digest; ``points`` the parts, ``rebuilt`` those rebuilt from
    the escrow)."""
    opening: RollOpened
    commitments: dict = field(default_factory=dict)
    reveals: dict = field(default_factory=dict)
    points: dict = field(default_factory=dict)
    rebuilt: set = field(default_factory=set)

    @cached_property
    def base(self) -> bytes:
        return roll_base(self.opening.roll, self.opening.attempt)


class Transcript:
    """Every record of a table in order, with the state they build."""

    def __init__(self):
        self.records: list = []
        self.key_commitments: dict[int, bytes] = {}
        self.public_keys: dict[int, bytes] = {}
        self.piles: dict[str, Pile] = {}
        self.rolls: dict[str, Roll] = {}

    # ---------------------------------------------------------------- appending
    def append(self, record) -> None:
        """Add a published record, or raise FairplayError (and change nothing)."""
        handler = {
            KeyCommitted: self._check_key_committed, KeyRevealed: self._check_key_revealed,
            PileOpened: self._check_pile_opened, Shuffled: self._check_shuffled,
            DrawShared: self._check_draw_shared, CardPlayed: self._check_card_played,
            RollOpened: self._check_roll_opened, RollCommitted: self._check_roll_committed,
            RollRevealed: self._check_roll_revealed, Returned: self._check_returned,
            RollContributed: self._check_roll_contributed,
        }.get(type(record))
        if handler is None:
            raise FairplayError(code="malformed", message="not a fairplay record")
        apply = handler(record)   # raises before anything changes
        apply()
        self.records.append(record)

    def _check_key_committed(self, record: KeyCommitted):
        if record.seat in self.key_commitments:
            raise FairplayError(code="twice",
                                message=f"seat {record.seat} already committed to a key")
        if self.public_keys:
            raise FairplayError(code="late", message="keys are already being revealed")
        return lambda: self.key_commitments.__setitem__(record.seat, record.commitment)

    def _check_key_revealed(self, record: KeyRevealed):
        if record.seat not in self.key_commitments:
            raise FairplayError(code="out_of_turn",
                                message=f"seat {record.seat} committed to no key")
        if record.seat in self.public_keys:
            raise FairplayError(code="twice",
                                message=f"seat {record.seat} already revealed its key")
        if not is_element(record.public_key):
            raise FairplayError(code="malformed",
                                message=f"seat {record.seat}'s key is not in the group")
        if not reveal_matches(
                self.key_commitments[record.seat], element_to_bytes(record.public_key),
                record.nonce, *key_context(record.seat)):
            raise FairplayError(code="commitment",
                                message=f"seat {record.seat}'s key does not open "
                                        "its commitment")
        return lambda: self.public_keys.__setitem__(record.seat, record.public_key)

    def _check_pile_opened(self, record: PileOpened):
        seats, cards = record.seats, record.cards
        if not seats or len(set(seats)) != len(seats):
            raise FairplayError(code="malformed", message="a pile needs distinct seats")
        missing = [seat for seat in seats if seat not in self.public_keys]
        if missing:
            raise FairplayError(code="out_of_turn",
                                message=f"seats {missing} have not revealed their keys")
        if not cards or len(set(cards)) != len(cards):
            raise FairplayError(code="malformed", message="a pile needs distinct cards")
        for card in cards:
            try:
                encode_card(card)
            except ValueError as error:
                raise FairplayError(code="malformed", message=str(error)) from None
        previous = self.piles.get(record.pile)
        expected = 0 if previous is None else previous.opening.attempt + 1
        if record.attempt != expected:
            raise FairplayError(code="attempt",
                                message=f"pile {record.pile!r} opens as attempt {expected}")
        pile = Pile(record, joint_key(self.public_keys[seat] for seat in seats),
                    CardTable(cards), [tuple(open_card(card) for card in cards)])
        return lambda: self.piles.__setitem__(record.pile, pile)

    def _pile(self, name: str) -> Pile:
        if name not in self.piles:
            raise FairplayError(code="unknown", message=f"no pile {name!r} is open")
        return self.piles[name]

    def _check_shuffled(self, record: Shuffled):
        pile = self._pile(record.pile)
        _check_attempt(record, pile.opening)
        if record.seat != pile.next_shuffler():
            raise FairplayError(code="out_of_turn", message=f"seat {record.seat} does not shuffle "
                                               f"{record.pile!r} now")
        if not record.deck:
            if len(pile.decks) == len(pile.opening.seats):
                raise FairplayError(code="malformed", message="the last shuffle of a pile "
                                                              "carries its whole deck")
            return lambda: pile.decks.append(record.digest)
        if len(record.deck) != len(pile.opening.cards):
            raise FairplayError(code="malformed", message="the deck has the wrong number of cards")
        before = pile.decks[-1]
        if record.skipped and (deck_digest(record.deck) != before if isinstance(before, bytes)
                               else tuple(record.deck) != tuple(before)):
            raise FairplayError(code="malformed", message="a skipped step changed the deck")
        return lambda: pile.decks.append(record.deck)

    def _check_draw_shared(self, record: DrawShared):
        pile = self._pile(record.pile)
        _check_attempt(record, pile.opening)
        if not pile.shuffled:
            raise FairplayError(code="out_of_turn",
                                message=f"pile {record.pile!r} is not shuffled yet")
        if not 0 <= record.position < len(pile.opening.cards):
            raise FairplayError(code="malformed", message=f"no position {record.position}")
        seats = pile.opening.seats
        if record.seat not in seats or record.seat == record.drawer:
            raise FairplayError(code="out_of_turn",
                                message=f"seat {record.seat} gives no share here")
        if record.drawer != PUBLIC and record.drawer not in seats:
            raise FairplayError(code="malformed", message=f"seat {record.drawer} cannot draw from "
                                             f"{record.pile!r}")
        if record.again != pile.returns.get(record.position, 0):
            raise FairplayError(code="out_of_turn",
                                message=f"a share for an earlier draw of position "
                                        f"{record.position}")
        draw = pile.draws.get(record.position)
        if draw is not None and draw.drawer != record.drawer:
            raise FairplayError(code="twice",
                                message=f"position {record.position} is drawn by seat "
                                        f"{draw.drawer}")
        if draw is not None and record.seat in draw.shares:
            raise FairplayError(code="twice", message=f"seat {record.seat} already gave this share")

        def apply():
            entry = pile.draws.setdefault(record.position, Draw(record.drawer))
            entry.shares[record.seat] = record.share
        return apply

    def _check_card_played(self, record: CardPlayed):
        pile = self._pile(record.pile)
        draw = pile.draws.get(record.position)
        if draw is None and pile.shuffled and pile.opening.seats == (record.seat,) \
                and 0 <= record.position < len(pile.opening.cards):
            # a pile of one seat (the others left before it was shuffled): its only seat
            # reads every card alone, no share is ever given, so its draws leave no record
            return self._play_alone(pile, record)
        if draw is None or draw.drawer != record.seat:
            raise FairplayError(code="out_of_turn",
                                message=f"seat {record.seat} did not draw position "
                                        f"{record.position}")
        if not self.draw_complete(record.pile, record.position):
            raise FairplayError(code="out_of_turn", message="the card's shares are not all in")
        if draw.played is not None:
            raise FairplayError(code="twice", message="this card was already played")
        if pile.cards.card_of(encode_card(record.card)) is None:
            raise FairplayError(code="malformed",
                                message=f"card {record.card} is not in {record.pile!r}")
        return lambda: setattr(draw, "played", record.card)

    def _check_returned(self, record: Returned):
        pile = self._pile(record.pile)
        if record.attempt != pile.opening.attempt:
            raise FairplayError(code="attempt",
                                message=f"pile {record.pile!r} is at attempt "
                                        f"{pile.opening.attempt}")
        draw = pile.draws.get(record.position)
        if draw is None or not self.draw_complete(record.pile, record.position):
            raise FairplayError(code="out_of_turn",
                                message=f"position {record.position} was not drawn")

        def apply():   # the position can be drawn again: a fresh draw, by anyone
            del pile.draws[record.position]
            pile.returns[record.position] = pile.returns.get(record.position, 0) + 1
        return apply

    def _check_roll_opened(self, record: RollOpened):
        if not record.seats or len(set(record.seats)) != len(record.seats):
            raise FairplayError(code="malformed", message="a roll needs distinct seats")
        previous = self.rolls.get(record.roll)
        expected = 0 if previous is None else previous.opening.attempt + 1
        if record.attempt != expected:
            raise FairplayError(code="attempt",
                                message=f"roll {record.roll!r} opens as attempt {expected}")
        return lambda: self.rolls.__setitem__(record.roll, Roll(record))

    def _roll(self, name: str, seat: int, record=None) -> Roll:
        roll = self.rolls.get(name)
        if roll is None:
            raise FairplayError(code="unknown", message=f"no roll {name!r} is open")
        if record is not None:
            _check_attempt(record, roll.opening)
        if seat not in roll.opening.seats:
            raise FairplayError(code="out_of_turn", message=f"seat {seat} is not in roll {name!r}")
        return roll

    def _check_roll_committed(self, record: RollCommitted):
        roll = self._roll(record.roll, record.seat, record)
        if record.seat in roll.commitments:
            raise FairplayError(code="twice", message=f"seat {record.seat} already committed")
        if roll.reveals:
            raise FairplayError(code="late", message="the roll's reveals have begun")
        return lambda: roll.commitments.__setitem__(record.seat, record.commitment)

    def _check_roll_revealed(self, record: RollRevealed):
        roll = self._roll(record.roll, record.seat, record)
        if len(roll.commitments) != len(roll.opening.seats):
            raise FairplayError(code="out_of_turn", message="not every seat has committed yet")
        if record.seat in roll.reveals:
            raise FairplayError(code="twice", message=f"seat {record.seat} already revealed")
        if len(record.value) != ROLL_VALUE_BYTES or not reveal_matches(
                roll.commitments[record.seat], record.value, record.nonce,
                *roll_context(record.roll, roll.opening.attempt, record.seat)):
            raise FairplayError(code="commitment",
                                message=f"seat {record.seat}'s reveal does not open "
                                        "its commitment")
        return lambda: roll.reveals.__setitem__(record.seat, record.value)

    def _check_roll_contributed(self, record: RollContributed):
        """A dealer's part fixed by its key, with its proof; an empty proof is a part rebuilt
        from the escrow (the caller vouches for it: the net driver never takes one from the
        wire, and the audit checks it against the key)."""
        roll = self._roll(record.roll, record.seat, record)
        if roll.commitments:
            raise FairplayError(code="out_of_turn", message="this roll is a commit-reveal roll")
        if record.seat in roll.reveals:
            raise FairplayError(code="twice", message=f"seat {record.seat} already gave its part")
        if not is_element(record.point):
            raise FairplayError(code="malformed", message="a roll part is not in the group")
        if record.proof and not equal_logs(
                record.proof, G, self.public_keys.get(record.seat, IDENTITY), roll.base, record.point,
                *part_context(record.roll, roll.opening.attempt, record.seat)):
            raise FairplayError(code="commitment",
                                message=f"seat {record.seat}'s roll part is not made with "
                                        "its key")

        def apply():
            roll.points[record.seat] = record.point
            roll.reveals[record.seat] = roll_digest(record.point)
            if not record.proof:
                roll.rebuilt.add(record.seat)
        return apply

    # ---------------------------------------------------------------- questions
    def deck(self, pile: str) -> tuple[Ciphertext, ...]:
        """The pile's deck as the last shuffler left it; FairplayError ``digest_only`` if
        only its digest was relayed here."""
        deck = self._pile(pile).decks[-1]
        if isinstance(deck, bytes):
            raise FairplayError(code="digest_only", message=f"only the digest of {pile!r}'s "
                                                            "deck was relayed here")
        return deck

    def has_deck(self, pile: str) -> bool:
        """Whether the pile's latest deck is here whole (not only its digest)."""
        return not isinstance(self._pile(pile).decks[-1], bytes)

    def card_at(self, pile: str, position: int) -> Ciphertext:
        """The ciphertext at a position of the shuffled deck."""
        return self.deck(pile)[position]

    def _play_alone(self, pile, record: CardPlayed):
        if pile.cards.card_of(encode_card(record.card)) is None:
            raise FairplayError(code="malformed",
                                message=f"card {record.card} is not in {record.pile!r}")

        def apply():
            pile.draws[record.position] = Draw(record.seat, played=record.card)
        return apply

    def draw_complete(self, pile: str, position: int) -> bool:
        """Whether every seat other than the drawer has given its share of the position."""
        state = self._pile(pile)
        draw = state.draws.get(position)
        return draw is not None and all(seat in draw.shares for seat in state.opening.seats
                                        if seat != draw.drawer)

    def public_card(self, pile: str, position: int) -> int | None:
        """The card of a position turned face up (every seat shared), or None."""
        state = self._pile(pile)
        draw = state.draws.get(position)
        if draw is None or draw.drawer != PUBLIC or not self.draw_complete(pile, position):
            return None
        return state.cards.card_of(unmask(self.card_at(pile, position),
                                          draw.shares.values()))

    def roll_faces(self, roll: str, dice) -> list[int] | None:
        """The faces of ``dice`` (face counts) once every seat of the roll revealed."""
        state = self.rolls.get(roll)
        if state is None or len(state.reveals) != len(state.opening.seats):
            return None
        return roll_dice(state.reveals, dice, roll, state.opening.attempt)
