"""The one interface every bot implements, and the registry that makes them by level.

A bot is made for one seat with a seed; ``choose(view)`` gets only ``game.view(state, seat)``
and returns a legal move. Given the same seed and the same sequence of views it returns the
same moves, so bot games replay exactly and any lockstep peer can run a bot.
"""

from __future__ import annotations

from typing import Any

from game.rules.core import Game, Rng


class Bot:
    level = "random"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: Any) -> Any:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random among the legal moves: the conformance tests' and selfplay's player."""

    level = "random"

    def choose(self, view: Any) -> Any:
        return self.game.random_move(view, self.seat, self.rng)


_LEVELS: dict[str, type[Bot]] = {"random": RandomBot}


def register(level: str, game_name: str | None, cls: type[Bot]) -> None:
    """Make ``cls`` the bot of ``level`` (for one game, or for all when game_name is None)."""
    _LEVELS[level if game_name is None else f"{game_name}:{level}"] = cls


def levels() -> list[str]:
    return sorted({key.split(":")[-1] for key in _LEVELS})


def make_bot(game: Game, seat: int, level: str, seed: int) -> Bot:
    cls = _LEVELS.get(f"{game.name}:{level}") or _LEVELS.get(level)
    if cls is None:
        raise KeyError(f"unknown bot level '{level}' (choose from: {', '.join(levels())})")
    return cls(game, seat, seed)
