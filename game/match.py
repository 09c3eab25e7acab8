"""A table being played: game, config, seed, seats and the ordered move log.

Hotseat, bots, LAN and saves all go through a Match, so there is exactly one place where moves
are applied and logged. Every applied move is appended as a ``LogEntry`` (seq, seat, notation,
state hash after it); replaying the log from (config, seed) rebuilds the same state, which is
how undo, resume, rejoin and desync repair work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.rules import get_game
from game.rules.core import Event, Game, IllegalMove, state_hash

LOG_FORMAT_VERSION = 1


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
    seat: int
    move: str         # notation
    hash: str         # state hash after the move

    def to_plain(self) -> list:
        return [self.seq, self.seat, self.move, self.hash]

    @classmethod
    def from_plain(cls, data: list) -> "LogEntry":
        seq, seat, move, digest = data
        return cls(int(seq), int(seat), str(move), str(digest))


@dataclass
class Match:
    game: Game
    config: dict
    seed: int
    seats: list[SeatInfo] = field(default_factory=list)
    state: Any = None
    log: list[LogEntry] = field(default_factory=list)
    listeners: list[Callable[["Match", LogEntry, list[Event]], None]] = field(
        default_factory=list, repr=False)

    # -- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game | str, config: dict, seed: int,
            seats: Iterable[SeatInfo] = ()) -> "Match":
        game_obj = get_game(game) if isinstance(game, str) else game
        match = cls(game=game_obj, config=config, seed=seed, seats=list(seats))
        match.state = game_obj.new_game(config, seed)
        return match

    @classmethod
    def from_log(cls, game: Game | str, config: dict, seed: int, moves: Iterable[tuple[int, str]],
                 seats: Iterable[SeatInfo] = ()) -> "Match":
        """Rebuild a match by replaying (seat, notation) pairs. Raises IllegalMove on a bad one."""
        match = cls.new(game, config, seed, seats)
        for seat, text in moves:
            match.apply(seat, match.game.parse_move(text))
        return match

    # -- queries ----------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """Number of moves applied so far (the seq of the last one)."""
        return len(self.log)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def hash(self) -> str:
        return state_hash(self.game, self.state)

    def scores(self) -> dict:
        return self.game.scores(self.state)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def check(self, seat: int, move: Any) -> None:
        """Raise IllegalMove if the move is refused; never changes anything."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if seat not in self.to_act():
            raise IllegalMove("not_your_turn", "It is not seat {seat}'s turn", seat=seat + 1)
        self.game.check(self.state, seat, move)

    # -- changes ----------------------------------------------------------------------
    def apply(self, seat: int, move: Any) -> list[Event]:
        """Check and apply a move, log it with the resulting hash, tell the listeners."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        self.check(seat, move)
        events = self.game.play(self.state, seat, move)
        entry = LogEntry(self.seq + 1, seat, str(move), self.hash())
        self.log.append(entry)
        for listener in list(self.listeners):
            listener(self, entry, events)
        return events

    def rebuild(self, upto: int | None = None) -> None:
        """Replay the log from scratch (optionally only its first ``upto`` moves)."""
        entries = self.log if upto is None else self.log[:upto]
        state = self.game.new_game(self.config, self.seed)
        for entry in entries:
            self.game.apply(state, entry.seat, self.game.parse_move(entry.move))
        self.state = state
        self.log = list(entries)

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` moves (hotseat only: never used under lockstep)."""
        self.rebuild(max(0, self.seq - count))

    # -- plain data (saves, desync dumps, the wire) -----------------------------------
    def header(self) -> dict:
        return {"format": LOG_FORMAT_VERSION, "game": self.game.name, "config": self.config,
                "seed": self.seed, "seats": [s.to_plain() for s in self.seats]}

    def to_plain(self) -> dict:
        data = self.header()
        data["log"] = [e.to_plain() for e in self.log]
        return data
