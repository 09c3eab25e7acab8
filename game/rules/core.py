"""The rules protocol every game implements, plus the pieces all games share.

Everything a lockstep peer must agree on lives behind this protocol, so this module and every
game package under ``game/rules`` are pure: no pygame, sockets, clock, ``random`` or floats,
and sets are sorted before they are iterated.

* ``Game``        the protocol (one instance per game, e.g. ``game.rules.metro.GAME``).
* ``IllegalMove`` raised by ``check``/``apply``/``parse_move`` with a code (for translation),
                  arguments and an English message; raising it never changes state.
* ``Rng``         PCG32, our own deterministic generator, kept inside the game state.
* ``canonical_bytes`` / ``state_hash``  a canonical encoding of plain data and its BLAKE2 hash.
* ``ChanceRequest`` / ``HIDDEN``  how a LAN table's partial-information state waits for chance
                  that the seated peers resolve jointly (see ``Game.new_table_game``).
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any, Iterable, Sequence

Seat = int
Event = dict  # {"kind": str, ...plain values}: what a move did, for animations and logs


class IllegalMove(Exception):
    """A move (or its notation) that the rules refuse.

    ``code`` is a stable identifier (the client translates ``illegal.<code>``), ``args`` the
    values to fill into the message, ``message`` the English text. Nothing was changed.
    """

    def __init__(self, code: str, template: str, **args: Any) -> None:
        self.code = code
        self.args_dict = args
        self.template = template
        try:
            self.message = template.format(**args)
        except (KeyError, IndexError, ValueError):
            self.message = template
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class NotationError(IllegalMove):
    """Text that is not a move in this game's notation."""

    def __init__(self, text: str, expected: str = "") -> None:
        template = "'{text}' is not a move" + (" (expected {expected})" if expected else "")
        super().__init__("notation", template, text=text, expected=expected)


class ConfigError(ValueError):
    """A table configuration the game cannot be set up with (bad player count, variant...)."""


# --------------------------------------------------------------------------------------------
# Deterministic random numbers
# --------------------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_SPAN32 = 1 << 32
# x * _TWICE32 is x's 32 bits twice over, so shifting it right by r and keeping 32 bits is
# x rotated right by r (0 <= r < 32): PCG's rotation in two operations instead of five
_TWICE32 = (1 << 32) | 1
_PCG_MULT = 6364136223846793005
_PCG_INC = 1442695040888963407  # odd; fixed stream
# below(n)'s rejection threshold (2**32 - n) % n, made once for the bounds a game draws with
_SMALL_BOUNDS = 4096
_THRESHOLDS = tuple((_SPAN32 - n) % n if n > 1 else 0 for n in range(_SMALL_BOUNDS))


class Rng:
    """PCG32 (O'Neill 2014, "XSH RR" output, 64-bit LCG state, fixed increment).

    state' = state * 6364136223846793005 + 1442695040888963407  (mod 2**64)
    output = rotr32(((state >> 18) ^ state) >> 27, state >> 59), computed from the old state.

    Seeding follows the reference ``pcg32_srandom``: state = 0, step, state += seed, step.
    ``below(n)`` uses rejection sampling (no modulo bias), ``shuffle`` is Fisher–Yates from the
    end. The whole generator is one integer, so it is part of the state, its hash and its
    clone. A test pins the first outputs: changing this class changes every game's dice.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK64
            return
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _PCG_MULT + _PCG_INC) & _MASK64

    def next_u32(self) -> int:
        old = self.state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted * _TWICE32) >> rot) & _MASK32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if 1 < n < _SMALL_BOUNDS and type(self) is Rng:
            # the common case, next_u32 written out: every random move of a playout draws here
            threshold = _THRESHOLDS[n]    # values below this would bias the modulo
            state = self.state
            while True:
                old = state
                state = (old * _PCG_MULT + _PCG_INC) & _MASK64
                # next_u32's output: the xorshift rotated right by old >> 59
                r = (((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE32 >> (old >> 59)) & _MASK32
                if r >= threshold:
                    self.state = state
                    return r % n
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        if n > _SPAN32:
            # Compose wider numbers from 32-bit draws; rare (seeds, tokens), still exact.
            bits = n.bit_length()
            while True:
                value = 0
                for _ in range((bits + 31) // 32):
                    value = (value << 32) | self.next_u32()
                value &= (1 << bits) - 1
                if value < n:
                    return value
        threshold = (_SPAN32 - n) % n
        while True:                     # a subclass (or a large n) draws one at a time
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def choice(self, items: Sequence[Any]) -> Any:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        if type(self) is not Rng or len(items) > _SPAN32:
            for i in range(len(items) - 1, 0, -1):     # a subclass may draw otherwise
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        # below(i + 1) written out (every new game shuffles its stack): the same draws
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = _THRESHOLDS[n] if n < _SMALL_BOUNDS else (_SPAN32 - n) % n
            while True:
                old = state
                state = (old * _PCG_MULT + _PCG_INC) & _MASK64
                r = (((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE32 >> (old >> 59)) & _MASK32
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> "Rng":
        """A new generator seeded from this one (advances this one by two draws)."""
        return Rng((self.next_u32() << 32) | self.next_u32())

    def copy(self) -> "Rng":
        return Rng(state=self.state)

    def __deepcopy__(self, memo: dict) -> "Rng":
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def seed_from_text(text: str | int) -> int:
    """A 64-bit seed from a number or any text (what a player types in the seed field)."""
    if isinstance(text, int):
        return text & _MASK64
    stripped = str(text).strip()
    if stripped.isdecimal():  # not isdigit(): int() refuses digits like '²' that isdigit() accepts
        return int(stripped) & _MASK64
    digest = hashlib.blake2b(stripped.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# --------------------------------------------------------------------------------------------
# Canonical encoding and hashing
# --------------------------------------------------------------------------------------------


def canonical_bytes(value: Any) -> bytes:
    """A byte string that depends only on the value, never on the process or the machine.

    Accepted: None, bool, int, str, bytes, list/tuple (same encoding), dict with str keys
    (sorted by their UTF-8 bytes), set/frozenset (sorted by encoded element). Floats and other
    types are refused: they have no place in rules state.

    Format (tag, then for sized values the decimal length and ``:``): ``N`` ``T`` ``F``,
    ``i<len>:<decimal>``, ``s<len>:<utf-8>``, ``b<len>:<bytes>``, ``l<count>:<items>``,
    ``d<count>:<key><value>...``. It is hashed on every move by every peer, so it is written
    for speed: one flat list of pieces joined once, exact-type dispatch before the slow path.
    """
    pieces: list[bytes] = []
    _encode_into(value, pieces.append)
    return b"".join(pieces)


_SMALL_INTS = {n: b"i%d:%d" % (len(str(n)), n) for n in range(-64, 1024)}
_BYTES_PREFIX = {n: b"b%d:" % n for n in range(65)}      # digests: written without formatting
_KEYS: dict[str, bytes] = {}          # a dict key's encoding (the same few keys every move)


def _key_bytes(key: str) -> bytes:
    encoded = _KEYS.get(key)
    if encoded is None:
        data = key.encode("utf-8")
        encoded = b"s%d:%s" % (len(data), data)
        if len(_KEYS) < 4096:       # rules use a few fixed keys; a hostile one is not kept
            _KEYS[key] = encoded
    return encoded


def _encode_uniform(items: list | tuple, emit) -> bool:
    """Write a list of small ints (a sheet's cells) or of equally long bytes (the seats'
    digests) in one pass in C; False (nothing written) for any other list."""
    kinds = set(map(type, items))
    if len(kinds) != 1:
        return False
    kind = kinds.pop()
    if kind is int:
        try:
            body = b"".join(map(_SMALL_INTS.__getitem__, items))
        except KeyError:            # a big number: the general path
            return False
        emit(b"l%d:" % len(items))
        emit(body)
        return True
    if kind is bytes:
        sizes = set(map(len, items))
        prefix = _BYTES_PREFIX.get(sizes.pop()) if len(sizes) == 1 else None
        if prefix is None:
            return False
        emit(b"l%d:" % len(items))
        emit(prefix)
        emit(prefix.join(items))
        return True
    return False


def _encode_into(value: Any, emit) -> None:
    kind = type(value)
    if kind is int:
        small = _SMALL_INTS.get(value)
        if small is not None:
            emit(small)
        else:
            text = b"%d" % value
            emit(b"i%d:%s" % (len(text), text))
    elif kind is list or kind is tuple:
        if len(value) > 4 and _encode_uniform(value, emit):
            return
        emit(b"l%d:" % len(value))
        small_ints = _SMALL_INTS
        for item in value:
            # a sheet's cells, a seat's digests: the common items without a call each
            item_kind = type(item)
            if item_kind is int:
                small = small_ints.get(item)
                if small is not None:
                    emit(small)
                    continue
            elif item_kind is bytes:
                prefix = _BYTES_PREFIX.get(len(item))
                if prefix is not None:
                    emit(prefix)
                    emit(item)
                else:
                    emit(b"b%d:%s" % (len(item), item))
                continue
            elif item_kind is str:
                data = item.encode("utf-8")
                emit(b"s%d:%s" % (len(data), data))
                continue
            elif item_kind is bool:
                emit(b"T" if item else b"F")
                continue
            _encode_into(item, emit)
    elif kind is str:
        data = value.encode("utf-8")
        emit(b"s%d:%s" % (len(data), data))
    elif kind is bytes:             # a per-seat digest: 32 of them in every 32-seat hash
        emit(b"b%d:%s" % (len(value), value))
    elif value is None:
        emit(b"N")
    elif value is True:
        emit(b"T")
    elif value is False:
        emit(b"F")
    elif kind is dict:
        for key in value:
            if type(key) is not str:
                raise TypeError(f"canonical dict keys must be str, not {type(key).__name__}")
        emit(b"d%d:" % len(value))
        # str order is code point order, and so is UTF-8's byte order: no key to encode
        for key in sorted(value):
            emit(_key_bytes(key))
            _encode_into(value[key], emit)
    elif isinstance(value, Rng):    # before the int/str subclasses: a state's own Rng
        _encode_into(["rng", value.state], emit)
    elif isinstance(value, bool):  # pragma: no cover - bool subclasses do not exist
        emit(b"T" if value else b"F")
    elif isinstance(value, int):  # int subclasses (IntEnum): encode the plain number
        _encode_into(int(value), emit)
    elif isinstance(value, str):
        _encode_into(str(value), emit)
    elif isinstance(value, (bytes, bytearray)):
        emit(b"b%d:%s" % (len(value), bytes(value)))
    elif isinstance(value, (list, tuple)):
        _encode_into(list(value), emit)
    elif isinstance(value, dict):
        _encode_into(dict(value), emit)
    elif isinstance(value, (set, frozenset)):
        items = sorted(canonical_bytes(item) for item in value)
        emit(b"l%d:" % len(items))
        for item in items:
            emit(item)
    else:
        raise TypeError(f"cannot canonically encode {type(value).__name__}")


def hash_bytes(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def state_hash(game: "Game", state: Any) -> str:
    """BLAKE2b-128 of the whole state (hidden parts included): ``Game.state_digest``, by
    default of the canonical encoding of the whole state."""
    return game.state_digest(state)


# --------------------------------------------------------------------------------------------
# The protocol
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Chance at a LAN table (partial-information lockstep)
# --------------------------------------------------------------------------------------------

HIDDEN = "?"  # a card or value this peer does not know (another seat's, or not yet drawn)


class ChanceRequest:
    """What a table state waits for before anyone may act (``to_act`` is empty meanwhile).

    In local play (``new_game``) the rules draw from their own Rng and never wait. A table
    state (``new_table_game``) knows only what its peer may know, so every random event is an
    explicit step that the table resolves jointly and feeds back with ``apply_chance``:

    * ``shuffle``  ``pile`` is shuffled jointly (``cards``: its card ids, canonical order).
                   The outcome carries nothing: every peer's state keeps the pile as
                   ``count`` unknown cards.
    * ``deal``     the top ``count`` cards of ``pile`` go to ``seat``, secret to that seat:
                   the public outcome moves ``count`` HIDDEN cards; the owner's peer then
                   calls ``learn`` with the real cards.
    * ``reveal``   the top ``count`` cards of ``pile`` become public (outcome: the cards).
    * ``roll``     public dice: ``sides`` is a tuple of die sizes; outcome: one face index
                   per die, each in ``range(size)``.

    Steps answered by one seat's peer alone (what only the owner knows), checked by the
    end-of-game audit:

    * ``show``     ``seat`` shows ``count`` cards of ``pile`` it holds (outcome: their ids),
                   e.g. Metro's shares or Metromania's unplaced markers for the final score.
    * ``return``   ``seat`` puts one card of ``pile`` back face down under the pile (Metro's
                   share exchange); outcome ``()``.
    * ``attest``   ``seat`` answers a yes/no question about its own hand that the rules need
                   (``pile`` names the question, e.g. Metromania's "letters-differ"); outcome
                   ``(1,)`` or ``(0,)``, from ``Game.attest(state, request)`` on its peer.

    Card ids are ints indexing the pile's canonical list (``Game.piles(config)[pile]``), so
    a cipher never needs to know what a card means.
    """

    __slots__ = ("kind", "pile", "seat", "count", "cards", "sides")

    def __init__(self, kind: str, *, pile: str = "", seat: Seat | None = None, count: int = 0,
                 cards: tuple = (), sides: tuple = ()) -> None:
        self.kind, self.pile, self.seat, self.count = kind, pile, seat, count
        self.cards, self.sides = tuple(cards), tuple(sides)

    def to_plain(self) -> dict:
        return {"kind": self.kind, "pile": self.pile, "seat": self.seat, "count": self.count,
                "cards": list(self.cards), "sides": list(self.sides)}

    @classmethod
    def from_plain(cls, plain: dict) -> "ChanceRequest":
        """The request ``to_plain`` gave (a table state keeps its pending steps so)."""
        return cls(plain["kind"], pile=plain["pile"], seat=plain["seat"], count=plain["count"],
                   cards=plain["cards"], sides=plain["sides"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChanceRequest) and self.to_plain() == other.to_plain()

    def __repr__(self) -> str:
        fields = {k: v for k, v in self.to_plain().items() if v not in ("", None, 0, [])}
        return f"ChanceRequest({fields})"


def bad_chance(message: str, **args: Any) -> IllegalMove:
    """A chance outcome a table state cannot take (a peer or a dealer is at fault)."""
    return IllegalMove("bad_chance", message, **args)


def checked_outcome(expected: "ChanceRequest | None", request: Any, outcome: Any) -> tuple:
    """The checks every game's ``apply_chance`` starts with: the state waits for a chance step
    (``expected``), ``request`` is exactly that step, and ``outcome`` is a sequence. Returns
    the outcome as a tuple; IllegalMove ``bad_chance`` otherwise."""
    if expected is None:
        raise bad_chance("This table state waits for no chance step")
    if not isinstance(request, ChanceRequest) or request != expected:
        raise bad_chance("The table waits for {expected}, not {request}",
                         expected=repr(expected), request=repr(request))
    if not isinstance(outcome, (tuple, list)):
        raise bad_chance("A chance outcome is a tuple, not {outcome}", outcome=repr(outcome))
    return tuple(outcome)


def redeal(cards_by_holder: list[list], rng: Rng) -> list[list]:
    """The same number of cards per holder, drawn from all of them shuffled together (what a
    holder may not see of the others' cards: ``Game.hidden_variant``)."""
    pool = [card for cards in cards_by_holder for card in cards]
    rng.shuffle(pool)
    dealt = []
    for cards in cards_by_holder:
        dealt.append(pool[:len(cards)])
        pool = pool[len(cards):]
    return dealt


class Game:
    """The rules of one game. Stateless: every method takes the state it works on.

    States are mutable Python objects owned by the caller; ``apply`` changes the state in
    place and ``clone`` makes an independent copy (bots search on clones). Moves are small
    frozen, hashable values whose ``str()`` is their notation and ``parse_move(str(m)) == m``.

    Seats are 0-based ints in the game's seat order. ``seat=None`` in ``view`` means a
    spectator.
    """

    name: str = ""            # "metro", "metromania", "railroad-ink"
    title: str = ""           # human title, English
    min_players: int = 1
    max_players: int = 1
    variants: dict[str, str] = {}   # variant name -> one-line English description
    simultaneous: bool = False      # several seats may act at once (Railroad Ink)
    score_needs_seed: bool = False  # score_notation replays a whole game from new_game(seed)
    # The dotted name of the module that registers this game's bots (``game.bots.base``:
    # its levels, and its coach estimator as ``COACH``); named here, never imported by the
    # rules. "" : the game has only the random player every game gets.
    bots: str = ""
    # The dotted name of the module that draws this game on a phone's page
    # (``game.phone.games``); "" : the game has no phone seats.
    phone: str = ""

    # -- setup ---------------------------------------------------------------------------
    def make_config(self, players: int, variants: Iterable[str] = (), **options: Any) -> dict:
        """A validated, canonical configuration (plain data). Raises ConfigError."""
        raise NotImplementedError

    def new_game(self, config: dict, seed: int) -> Any:
        raise NotImplementedError

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: Any) -> tuple[Seat, ...]:
        """Seats that may move now, sorted; empty once the game is over."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        return not self.to_act(state)

    # -- moves -----------------------------------------------------------------------------
    def parse_move(self, text: str) -> Any:
        """The move written by ``text``; NotationError if it is not valid notation."""
        raise NotImplementedError

    def legal_moves(self, state: Any, seat: Seat) -> list:
        """Every legal move of ``seat`` now, in a deterministic order."""
        raise NotImplementedError

    def check(self, state: Any, seat: Seat, move: Any) -> None:
        """Raise IllegalMove if ``seat`` may not play ``move`` now. Never changes ``state``."""
        raise NotImplementedError

    def play(self, state: Any, seat: Seat, move: Any) -> list[Event]:
        """Perform a move already known to be legal. Returns what happened."""
        raise NotImplementedError

    def play_quiet(self, state: Any, seat: Seat, move: Any) -> None:
        """``play`` for a search or playout that ignores what happened: the very same change
        of ``state``, without building the events (games may override it to skip them)."""
        self.play(state, seat, move)

    def apply(self, state: Any, seat: Seat, move: Any) -> list[Event]:
        """Check, then perform. On IllegalMove the state is unchanged."""
        self.check(state, seat, move)
        return self.play(state, seat, move)

    def random_move(self, state: Any, seat: Seat, rng: Rng) -> Any:
        """A uniformly random legal move (games may override with something faster)."""
        return rng.choice(self.legal_moves(state, seat))

    # -- results ---------------------------------------------------------------------------
    def scores(self, state: Any) -> dict:
        """``{"scores": [int per seat], "breakdown": [dict per seat], ...}`` — valid mid-game
        too (points so far)."""
        raise NotImplementedError

    def winners(self, state: Any) -> list[Seat]:
        """Seats sharing first place after the game's tie-breaks."""
        totals = self.scores(state)["scores"]
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    # -- information -----------------------------------------------------------------------
    def view(self, state: Any, seat: Seat | None) -> Any:
        """A copy of ``state`` holding only what ``seat`` may see (None: a spectator).

        Hidden parts are replaced by placeholders so that the view of two states that differ
        only in what ``seat`` cannot see encode identically.
        """
        raise NotImplementedError

    def encode(self, state: Any) -> Any:
        """Plain data (see ``canonical_bytes``) holding the whole state."""
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def hidden_variant(self, state: Any, viewer: Seat | None, rng: Rng) -> Any:
        """A copy of ``state`` that differs from it only in what ``viewer`` (a seat, or None
        for a spectator) may not see — other seats' secrets re-dealt among themselves, face-down
        piles reordered, another future for the Rng — or None when the game hides nothing.
        Both must give ``viewer`` the same view (the conformance suite checks it for every
        registered game, so each says what it hides)."""
        raise NotImplementedError(f"the game {self.name!r} does not say what it hides "
                                  f"(Game.hidden_variant)")

    def move_codec(self) -> Any:
        """This game's compact wire encoding of one move (a ``game.rules.movecodec.MoveCodec``)
        or None: a LAN table then sends each move's notation as it is."""
        return None

    def state_digest(self, state: Any) -> str:
        """The state hash (``state_hash``): BLAKE2b-128 of the canonical encoding of the whole
        state. A game whose states grow with the seats may override it with an incremental
        digest (Railroad Ink: one cached digest per seat), equal for equal states."""
        return hash_bytes(canonical_bytes([self.name, self.encode(state)]))

    def score_notation(self, text: str, config: dict, seed: int) -> dict:
        """What ``run.py score`` prints: read a position or game in notation, validate it move by
        move (IllegalMove names the first bad one), return the JSON-ready score breakdown.
        Each game documents what the text holds (Metro: placements; Railroad Ink: one sheet's
        drawings; Metromania: a whole game's moves from ``new_game(config, seed)``)."""
        raise NotImplementedError

    # -- a LAN table: partial information, chance resolved jointly ---------------------------
    # Every peer of a table holds the state its seats may know (the public state plus its own
    # secrets); ``view(state, seat)`` of a local game and the table state of that seat's peer
    # encode identically. Moves are applied to table states with the same ``check``/``play``:
    # a move that plays a hidden card names it, and the rules check its public part (the card
    # is still unseen by this peer, the placement is legal). Whether the card really was in
    # that hand is proved by the end-of-game audit of the table's cipher transcript.

    def supports_table(self) -> bool:
        """Whether this game has table states (``new_table_game``): a LAN table then deals
        its chance jointly (net.fair.deal)."""
        return type(self).new_table_game is not Game.new_table_game

    def piles(self, config: dict) -> dict[str, tuple]:
        """Each pile this game shuffles, as its cards in canonical order (card id = index)."""
        return {}

    def new_table_game(self, config: dict, public_seed: int) -> Any:
        """The starting state of a LAN table seen by nobody in particular: the public setup
        drawn from ``public_seed`` (joint randomness everyone knows, e.g. Metromania's city),
        every secret and every future chance unknown, waiting on ``pending_chance``."""
        raise NotImplementedError

    def pending_chance(self, state: Any) -> ChanceRequest | None:
        """The chance step this table state waits for, or None (always None in local play)."""
        return None

    def apply_chance(self, state: Any, request: ChanceRequest, outcome: tuple) -> list[Event]:
        """Apply the public outcome of ``request`` (see ChanceRequest) on every peer's state.
        Raises IllegalMove for an outcome that does not fit the request."""
        raise NotImplementedError

    def learn(self, state: Any, seat: Seat, pile: str, cards: tuple) -> None:
        """This peer's own secret: the cards (ids of ``pile``) just dealt to ``seat``, which
        replace the HIDDEN cards that the last ``deal`` put in that seat's hand."""
        raise NotImplementedError

    def played_card(self, state: Any, seat: Seat, move: Any) -> tuple[str, Any] | None:
        """(pile, card value) when ``move`` of ``seat`` plays a card from its secret hand
        on this table state (the move must then carry the cipher record naming the drawn
        position that held it), else None."""
        return None

    def public_move(self, move: Any) -> Any:
        """The form of ``move`` the other peers of a table receive (a private part masked)."""
        return move

    def public_encode(self, state: Any) -> Any:
        """Plain data of what every peer of a table knows alike (what table peers hash)."""
        return self.encode(self.view(state, None))

    def public_digest(self, state: Any) -> bytes:
        """Bytes standing for ``public_encode(state)`` in a table's hash: by default its
        canonical encoding; a game may give a shorter one computed incrementally."""
        return canonical_bytes(self.public_encode(state))

    def seat_name(self, config: dict, seat: Seat) -> str:
        """Default label of a seat (e.g. its colour), English."""
        return f"Player {seat + 1}"
