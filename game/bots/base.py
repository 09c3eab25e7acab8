"""The one interface every bot implements, and the registry that makes them by level.

A bot is made for one seat with a seed; ``choose(view)`` gets only ``game.view(state, seat)``
and returns a legal move. Given the same seed and the same sequence of views it returns the
same moves, so bot games replay exactly and any lockstep peer can run a bot.

Levels: ``random`` (every game), and per game ``easy``, ``normal``, ``hard`` and ``expert``
(weakest to strongest; registered
by the game's bot module, e.g. ``game.bots.metro``; ``make_bot`` and ``levels`` import those
modules on first use). Searching bots budget their work in iterations, never in wall-clock
time, so the move they pick never depends on the machine's speed.

The easy/normal/hard bots take their randomness from ``rng_for(view)`` (seed + a hash of
the view), so their move is a pure function of (seed, view) — not of the calls before.

Cancelling: a bot computed off the client's frame loop (``game.client.bot_worker``) is given a
``threading.Event``-like object via ``set_cancel``; long searches poll ``should_stop()`` and
return early. A cancelled answer is thrown away by the worker, so cancelling never changes
what any peer sees.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.rules.core import Game, Rng, state_hash

# bot modules that register levels for each game (imported lazily by make_bot/levels)
GAME_BOT_MODULES = ("game.bots.metro", "game.bots.railroad_ink", "game.bots.metromania")


class Bot:
    level = "random"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng(seed)
        self._cancel = None

    def rng_for(self, view: Any) -> Rng:
        """A generator that depends only on the bot's seed and ``view`` (its hash). Bots that
        draw their randomness from it are a pure function of (seed, view): no history, so a
        cancelled search, a bot taking over a dropped seat mid-game or a bot run on another
        peer all choose the same move."""
        digest = int(state_hash(self.game, view)[:16], 16)
        return Rng((self.seed * 0x9E3779B97F4A7C15 + self.seat) ^ digest)

    def choose(self, view: Any) -> Any:
        raise NotImplementedError

    # -- thinking ahead (simultaneous rounds) ----------------------------------------------
    def view_after(self, view: Any, move: Any) -> Any:
        """The view this bot will be shown after its own ``move``, if that can be known now
        (nothing hidden is revealed and nobody else's move can change what the bot decides);
        None otherwise. Lets the client think the next move while this one is shown."""
        return None

    def position_key(self, view: Any) -> Any:
        """What this bot's choice depends on in ``view`` (equal keys: equal moves). None:
        everything, so no move thought ahead is ever reused."""
        return None

    def set_cancel(self, flag) -> None:
        """Give the bot an object with ``is_set()``; searches stop early once it is set."""
        self._cancel = flag

    def should_stop(self) -> bool:
        return self._cancel is not None and self._cancel.is_set()


class RandomBot(Bot):
    """Uniformly random among the legal moves: the conformance tests' and selfplay's player."""

    level = "random"

    def choose(self, view: Any) -> Any:
        return self.game.random_move(view, self.seat, self.rng)


_LEVELS: dict[str, type[Bot]] = {"random": RandomBot}
_loaded = False


def _load_game_bots() -> None:
    """Import every game's bot module once so that their levels are registered."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in GAME_BOT_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            pass   # that game (or its bots) is not in this checkout


def register(level: str, game_name: str | None, cls: type[Bot]) -> None:
    """Make ``cls`` the bot of ``level`` (for one game, or for all when game_name is None)."""
    _LEVELS[level if game_name is None else f"{game_name}:{level}"] = cls


def register_levels(game_name: str, easy: type[Bot], normal: type[Bot], hard: type[Bot],
                    expert: type[Bot]) -> None:
    """Make these classes a game's four levels, weakest first."""
    for level, cls in (("easy", easy), ("normal", normal), ("hard", hard), ("expert", expert)):
        register(level, game_name, cls)


def levels(game_name: str | None = None) -> list[str]:
    """Every level known (for one game: the levels ``make_bot`` accepts for it), less the
    experimental ones a bot class marks ``listed = False`` (``make_bot`` still makes them)."""
    _load_game_bots()
    keys = [key for key in _LEVELS
            if (game_name is None or ":" not in key or key.startswith(f"{game_name}:"))
            and getattr(_LEVELS[key], "listed", True)]
    order = {"random": 0, "easy": 1, "normal": 2, "hard": 3, "expert": 4}
    return sorted({key.split(":")[-1] for key in keys}, key=lambda lv: (order.get(lv, 9), lv))


def make_bot(game: Game, seat: int, level: str, seed: int) -> Bot:
    _load_game_bots()
    cls = _LEVELS.get(f"{game.name}:{level}") or _LEVELS.get(level)
    if cls is None:
        raise KeyError(f"unknown bot level '{level}' (choose from: "
                       f"{', '.join(levels(game.name))})")
    return cls(game, seat, seed)
