"""A table being played: game, config, seed, seats and the ordered move log.

``Match`` is the one writer of a table's state and log: hotseat, bots, the LAN host, the LAN
peers, loading and undo all change them only through ``apply`` / ``seal`` / ``rebuild`` /
``undo`` / ``replace_log``; who sits in the seats changes only through ``reseat`` (the CLI's
bots, the LAN host when the game begins, a LAN screen's view of its own seats). Every applied move is appended as a ``LogEntry`` (seq, seat,
notation, state hash after it); replaying the log from (config, seed) rebuilds the same state,
which is how undo, resume, rejoin and desync repair work. ``log`` is a read-only view and
``state`` and ``seats`` (a tuple) have no setter, so nothing else can change them by accident
(tests/test_match_writer.py also scans the code for it).

Hashing and telling the listeners can wait: under lockstep a move is applied with
``hash_now=False`` (shown and sent on at once), ``seal()`` hashes it a moment later and
``tell()`` calls the listeners (autosave) once the latency-critical work is done.
"""

from __future__ import annotations

from collections.abc import Sequence
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from game.rules import get_game
from game.rules.core import ChanceRequest, Event, Game, IllegalMove, state_hash

LOG_FORMAT_VERSION = 1

# A table-chance step (partial information: the public outcome of a ChanceRequest, resolved
# by the table's cryptography) is logged like a move, as a LogEntry whose seat is None (no one
# played it; ``move`` is its notation, see ``chance_notation``), through the same record /
# seal / tell path, and replayed by ``Match._replay_entry``. (A seat of None rather than a new
# field: every field of this frozen dataclass costs time on the path from a move's arrival to
# its display.) What this peer's own seats learned from a deal (``Game.learn``) is never in
# the log: the match keeps it beside the log (``learned``), so a replay rebuilds this peer's
# partial state and a save of the log holds no secret.

CHANCE_PREFIX = "chance "


def chance_notation(request: ChanceRequest, outcome: tuple) -> str:
    """The log notation of a chance entry: the request and its public outcome, compact."""
    plain = {"r": request.to_plain(), "o": list(outcome)}
    return CHANCE_PREFIX + json.dumps(plain, sort_keys=True, separators=(",", ":"))


def parse_chance(text: str) -> tuple[ChanceRequest, tuple]:
    """(request, outcome) of a chance notation; ValueError if it is not one."""
    if not text.startswith(CHANCE_PREFIX):
        raise ValueError("not a chance entry")
    try:
        plain = json.loads(text[len(CHANCE_PREFIX):])
        r = plain["r"]
        request = ChanceRequest(str(r["kind"]), pile=str(r["pile"]), seat=r["seat"],
                                count=int(r["count"]), cards=tuple(r["cards"]),
                                sides=tuple(r["sides"]))
        return request, tuple(plain["o"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(f"a malformed chance entry: {error}") from None


@dataclass
class SeatInfo:
    """Who sits in a seat. ``kind``: "human" (local, on ``device``), "bot" (``level``),
    "remote" (a LAN peer) or "open" (waiting for a player)."""

    name: str
    kind: str = "human"
    device: str = ""
    level: str = ""
    colour: int = -1

    def to_plain(self) -> dict:
        return {"name": self.name, "kind": self.kind, "device": self.device,
                "level": self.level, "colour": self.colour}

    @classmethod
    def from_plain(cls, data: dict) -> "SeatInfo":
        return cls(name=str(data.get("name", "")), kind=str(data.get("kind", "human")),
                   device=str(data.get("device", "")), level=str(data.get("level", "")),
                   colour=int(data.get("colour", -1)))


@dataclass(frozen=True)
class LogEntry:
    seq: int          # 1-based position in the log
    seat: int | None  # who played it (None: a chance entry, see above)
    move: str         # notation
    hash: str         # state hash after the move ("" until sealed)

    def to_plain(self) -> list:
        return [self.seq, self.seat, self.move, self.hash]

    @classmethod
    def from_plain(cls, data: list) -> "LogEntry":
        seq, seat, move, digest = data
        return cls(int(seq), None if seat is None else int(seat), str(move), str(digest))


class LogView(Sequence):
    """A read-only view of a match's log: index, slice (a new list), iterate, compare with a
    list. It has no append/pop/item assignment: only ``Match`` writes the log."""

    __slots__ = ("_entries",)

    def __init__(self, entries: list[LogEntry]) -> None:
        self._entries = entries

    def __getitem__(self, index):
        return self._entries[index]      # a slice is a new list: changing it changes nothing

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self):
        return iter(self._entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LogView, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so not hashable

    def __repr__(self) -> str:
        return f"LogView({self._entries!r})"


Listener = Callable[[LogEntry, list[Event]], None]


class Match:
    """See the module docstring. ``state`` and ``log`` are given only to show a position that
    was computed elsewhere (the replay viewer); playing always starts from ``Match.new``."""

    def __init__(self, game: Game, config: dict, seed: int, seats: Iterable[SeatInfo] = (),
                 state: Any = None, log: Iterable[LogEntry] = ()) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self._seats: tuple[SeatInfo, ...] = tuple(seats)
        self._state = state
        self._entries: list[LogEntry] = list(log)
        self._view = LogView(self._entries)
        self._listeners: list[Listener] = []
        self._unsealed_events: list[Event] = []          # of the last entry while unhashed
        self._unheard: list[tuple[LogEntry, list[Event]]] = []   # sealed, listeners not told
        # a LAN table's partial state (``Match.table``): its public seed, what this peer's
        # seats learned per chance entry (seq -> [(seat, pile, cards)]) and the hash the
        # peers compare (public part + transcript digest), set by the table's driver
        self.table = False
        self.learned: dict[int, list[tuple]] = {}
        self.hasher: Callable[[Any], str] | None = None

    def __repr__(self) -> str:
        return (f"Match(game={self.game.name!r}, seed={self.seed!r}, seq={self.seq}, "
                f"seats={self.seats!r})")

    # -- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game | str, config: dict, seed: int,
            seats: Iterable[SeatInfo] = ()) -> "Match":
        game_obj = get_game(game) if isinstance(game, str) else game
        return cls(game_obj, config, seed, seats, state=game_obj.new_game(config, seed))

    @classmethod
    def table_match(cls, game: Game | str, config: dict, public_seed: int,
                    seats: Iterable[SeatInfo] = ()) -> "Match":
        """A LAN table's partial-information match: ``new_table_game`` from the jointly rolled
        public seed; chance arrives through ``apply_chance``."""
        game_obj = get_game(game) if isinstance(game, str) else game
        match = cls(game_obj, config, public_seed, seats,
                    state=game_obj.new_table_game(config, public_seed))
        match.table = True
        return match

    @classmethod
    def from_log(cls, game: Game | str, config: dict, seed: int, moves: Iterable[tuple[int, str]],
                 seats: Iterable[SeatInfo] = ()) -> "Match":
        """Rebuild a match by replaying (seat, notation) pairs. Raises IllegalMove on a bad one."""
        match = cls.new(game, config, seed, seats)
        for seat, text in moves:
            match.apply(seat, match.game.parse_move(text))
        return match

    @classmethod
    def at(cls, source: "Match", upto: int, state: Any = None, start: int = 0) -> "Match":
        """A new match showing ``source`` after its first ``upto`` entries (replays, the
        viewer). ``state`` is a private copy of the state after ``start`` entries (default:
        the set-up); the entries from there are replayed unchecked (``source`` already played
        them) and keep their hashes. ``source`` is not touched; the new match has no
        listeners."""
        if state is None:
            state, start = source._initial_state(), 0
        entries = source._entries[:upto]
        for entry in entries[start:]:
            source._replay_entry(state, entry, check=False)
        match = cls(source.game, source.config, source.seed, source.seats, state=state,
                    log=entries)
        match.table, match.hasher = source.table, source.hasher
        match.learned = {seq: list(rows) for seq, rows in source.learned.items() if seq <= upto}
        return match

    # -- queries ----------------------------------------------------------------------
    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Who sits in each seat (read-only: change it with ``reseat``)."""
        return self._seats

    def reseat(self, seats: Iterable[SeatInfo]) -> None:
        """Seat ``seats`` at this table in place of today's: one ``SeatInfo`` a seat, as many
        as the config's players. Raises ValueError (and changes nothing) otherwise."""
        new = tuple(seats)
        if not all(isinstance(seat, SeatInfo) for seat in new):
            raise ValueError("a seat must be a SeatInfo")
        players = self.config.get("players") if isinstance(self.config, dict) else None
        wanted = players if isinstance(players, int) else len(self._seats) or len(new)
        if len(new) != wanted:
            raise ValueError(f"{len(new)} seats for a table of {wanted}")
        self._seats = new

    @property
    def state(self) -> Any:
        """The full current state (read it, never change it: use ``apply``)."""
        return self._state

    @property
    def log(self) -> LogView:
        return self._view

    @property
    def seq(self) -> int:
        """Number of moves applied so far (the seq of the last one)."""
        return len(self._entries)

    @property
    def sealed(self) -> bool:
        """True when the last entry has its hash (see ``seal``)."""
        return not self._entries or bool(self._entries[-1].hash)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self._state)

    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def hash(self) -> str:
        if self.hasher is not None:
            return self.hasher(self._state)
        return state_hash(self.game, self._state)

    def pending_chance(self) -> ChanceRequest | None:
        """The chance step a table state waits for (always None in local play)."""
        return self.game.pending_chance(self._state) if self.table else None

    def scores(self) -> dict:
        return self.game.scores(self._state)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self._state, seat)

    def check(self, seat: int, move: Any) -> None:
        """Raise IllegalMove if the move is refused; never changes anything."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if seat not in self.to_act():
            raise IllegalMove("not_your_turn", "It is not seat {seat}'s turn", seat=seat + 1)
        self.game.check(self._state, seat, move)

    # -- listeners --------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Listener:
        """Call ``listener(entry, events)`` after every move, once its hash is known."""
        if listener not in self._listeners:
            self._listeners.append(listener)
        return listener

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    @property
    def listeners(self) -> tuple[Listener, ...]:
        return tuple(self._listeners)

    def tell(self) -> None:
        """Call the listeners for every sealed entry they have not heard of, in order."""
        while self._unheard:
            entry, events = self._unheard.pop(0)
            for listener in list(self._listeners):
                listener(entry, events)

    # -- changes ----------------------------------------------------------------------
    def apply(self, seat: int, move: Any, *, check: bool = True, hash_now: bool = True,
              tell: bool = True) -> list[Event]:
        """Apply a move, log it, hash it and tell the listeners.

        ``check=False`` skips the legality check (a LAN peer plays moves the host already
        checked against the same state; a move that then fails to play raises and is not
        logged). ``hash_now=False`` leaves the hash to a later ``seal()`` so showing and
        forwarding the move does not wait for it; ``tell=False`` leaves the listeners to a
        later ``tell()``. An unhashed previous entry is hashed first (its hash is of the
        state before this move)."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        entries = self._entries
        if entries and not entries[-1].hash:
            self.seal(tell=False)
        if check:
            self.check(seat, move)
        events = self.game.play(self._state, seat, move)
        self._record(LogEntry(len(entries) + 1, seat, str(move), ""), events)
        if hash_now:
            self.seal(tell=False)
        if tell:
            self.tell()
        return events

    def apply_chance(self, request: ChanceRequest, outcome: tuple,
                     learned: Iterable[tuple] = (), *, hash_now: bool = True,
                     tell: bool = True) -> list[Event]:
        """Apply the public outcome of the pending chance step of a table state and log it as
        a chance entry; ``learned``: (seat, pile, card ids) this peer's own seats were dealt
        by it (kept beside the log, never in it). Raises IllegalMove (nothing changed) for a
        step the state does not wait for."""
        if not self.table:
            raise IllegalMove("not_a_table", "Only a LAN table's state waits for chance")
        entries = self._entries
        if entries and not entries[-1].hash:
            self.seal(tell=False)
        learned = [(seat, pile, tuple(cards)) for seat, pile, cards in learned]
        state = self.game.clone(self._state) if learned else self._state
        events = self.game.apply_chance(state, request, tuple(outcome))
        for seat, pile, cards in learned:
            self.game.learn(state, seat, pile, cards)
        self._state = state
        seq = len(entries) + 1
        if learned:
            self.learned[seq] = learned
        self._record(LogEntry(seq, None, chance_notation(request, tuple(outcome)), ""), events)
        if hash_now:
            self.seal(tell=False)
        if tell:
            self.tell()
        return events

    def learn_cards(self, seat: int, pile: str, cards: tuple) -> None:
        """This peer's table state learns cards a seat holds outside a deal (a departed
        machine's hand, rebuilt from its escrowed key); kept beside the log like a deal's."""
        if not self.table:
            raise IllegalMove("not_a_table", "Only a LAN table's state learns cards")
        self.game.learn(self._state, seat, pile, tuple(cards))
        self.learned.setdefault(self.seq, []).append((seat, pile, tuple(cards)))

    def _record(self, entry: LogEntry, events: list[Event]) -> None:
        """Append an entry whose change is already in the state; it waits for ``seal``."""
        self._entries.append(entry)
        self._unsealed_events = events

    def seal(self, tell: bool = True) -> LogEntry | None:
        """Hash the state after the last entry if not done yet. Returns the entry hashed now
        (None if there was nothing to hash). Its listeners hear of it now, or with
        ``tell=False`` at the next ``tell()``."""
        if self.sealed:
            if tell and self._unheard:     # sealed earlier with tell=False: tell them now
                self.tell()
            return None
        last = self._entries[-1]
        entry = LogEntry(last.seq, last.seat, last.move, self.hash())
        self._entries[-1] = entry
        events, self._unsealed_events = self._unsealed_events, []
        self._unheard.append((entry, events))
        if tell:
            self.tell()
        return entry

    def _replay_entry(self, state: Any, entry: LogEntry, check: bool = True) -> None:
        """Redo one logged entry on ``state`` (checked unless told: a bad log raises)."""
        if entry.seat is None:
            if not self.table:
                raise ValueError("a chance entry in the log of a local game")
            request, outcome = parse_chance(entry.move)
            self.game.apply_chance(state, request, outcome)
            for seat, pile, cards in self.learned.get(entry.seq, ()):
                self.game.learn(state, seat, pile, cards)
            return
        move = self.game.parse_move(entry.move)
        if check:
            self.game.apply(state, entry.seat, move)
        else:
            self.game.play(state, entry.seat, move)

    def _initial_state(self) -> Any:
        if self.table:
            return self.game.new_table_game(self.config, self.seed)
        return self.game.new_game(self.config, self.seed)

    def _replay(self, entries: list[LogEntry]) -> Any:
        state = self._initial_state()
        for entry in entries:
            self._replay_entry(state, entry)
        return state

    def rebuild(self, upto: int | None = None) -> None:
        """Replay the log from scratch (optionally only its first ``upto`` moves). Listeners
        are not called: nothing new was played."""
        entries = self._entries if upto is None else self._entries[:upto]
        state = self._replay(entries)
        if len(entries) < len(self._entries):
            self._unsealed_events = []
        self.learned = {seq: rows for seq, rows in self.learned.items() if seq <= len(entries)}
        self._state = state
        self._entries[:] = list(entries)

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` moves (hotseat only: never used under lockstep)."""
        self.rebuild(max(0, self.seq - count))

    def replace_log(self, entries: Iterable[LogEntry]) -> None:
        """Take another log (the host's, after a desync or a catch-up) and replay it. The last
        entry keeps the hash we compute, not the one we were told. Raises if it does not
        replay; then nothing changed. Our own unhashed last move is hashed first so its
        listeners still hear of it at the next ``tell()``."""
        self.seal(tell=False)
        entries = list(entries)
        state = self._replay(entries)
        self._state = state
        self._entries[:] = entries
        self._unsealed_events = []
        if entries:
            last = entries[-1]
            self._entries[-1] = LogEntry(last.seq, last.seat, last.move, self.hash())

    # -- plain data (saves, desync dumps, the wire) -----------------------------------
    def header(self) -> dict:
        data = {"format": LOG_FORMAT_VERSION, "game": self.game.name, "config": self.config,
                "seed": self.seed, "seats": [s.to_plain() for s in self.seats]}
        if self.table:
            data["table"] = True
        return data

    def to_plain(self) -> dict:
        data = self.header()
        data["log"] = [e.to_plain() for e in self._entries]
        return data
