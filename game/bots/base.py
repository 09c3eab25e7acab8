"""The one interface every bot implements, and the registry that makes them by level.

A bot is made for one seat with a seed; ``choose(view)`` gets only ``game.view(state, seat)``
and returns a legal move. Given the same seed and the same sequence of views it returns the
same moves, so bot games replay exactly and any lockstep peer can run a bot.

Levels: ``random`` (every game), and per game ``easy``, ``normal``, ``hard`` and ``expert``
(weakest to strongest). A game names the module that registers its levels in its rules
(``Game.bots``, e.g. ``"game.bots.metro"``; the rules name it, never import it);
``make_bot`` and ``levels`` import it on first use, and ``check_bots`` (start-up) fails
loudly, naming the game and the module, when it cannot be imported or registers nothing.
That module may also name the coach's estimator of the game's moves (``COACH``, a module
with ``worlds_for``, ``shortlist``, ``world_scores`` and ``POINTS``: see ``coach_estimator``).
Searching bots budget their work in iterations, never in wall-clock time, so the move they
pick never depends on the machine's speed.

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

from game.parts import load_part
from game.rules import available_games, get_game
from game.rules.core import Game, Rng, state_hash


class GameBotsError(RuntimeError):
    """A game's bots module (``Game.bots``) is missing, broken or registers no level."""


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

    @classmethod
    def warm_process(cls) -> None:
        """Load what this bot's decisions need once per process (compiled code, tables).
        A bot helper process calls it when its table opens (``bot_worker.prepare_helpers``),
        before the first question, or else before the first decision of this class it is
        asked for (then the player waits for it). Nothing by default."""

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
_LOADED: dict[tuple[str, str], Any] = {}     # (game, bots module name) -> the module


def bots_module(game: Game) -> Any:
    """The module that registers ``game``'s bots (imported once), or None for a game with
    only the random player. GameBotsError, naming the game and the module, if it cannot be
    imported or registers no level for the game."""
    if (game.name, game.bots) in _LOADED:
        return _LOADED[game.name, game.bots]
    module = None
    if game.bots:
        try:
            module = importlib.import_module(game.bots)
        except ImportError as error:
            raise GameBotsError(f"the bots of the game {game.name!r} ({game.bots}) cannot be "
                                f"loaded: {error}") from error
        if not any(key.startswith(f"{game.name}:") for key in _LEVELS):
            raise GameBotsError(f"the bots module of the game {game.name!r} ({game.bots}) "
                                f"registers no level for it (game.bots.base.register_levels)")
    _LOADED[game.name, game.bots] = module
    return module


def check_bots(game: Game) -> None:
    """Start-up check of a game's bot parts: its bots module loads and registers levels, and
    the coach estimator it names (if any) loads and has what the coach calls."""
    coach_estimator(game)


def coach_estimator(game: Game) -> Any:
    """The module that values ``game``'s moves for the coach (named ``COACH`` by the game's
    bots module: ``worlds_for``, ``shortlist``, ``world_scores`` and ``POINTS``, what its
    values are: ``"sheet"`` or ``"final"``), or None: then the coach shows the points a move
    makes at once and the review says it could not judge."""
    module = bots_module(game)
    name = getattr(module, "COACH", None) if module is not None else None
    if not name:
        return None
    return load_part(name, game=game.name, part="coach estimator",
                     needs=("worlds_for", "shortlist", "world_scores", "POINTS"),
                     error=GameBotsError)


def _load_bots(game_name: str | None) -> None:
    """Import the bots of one game (or of every registered game), loudly."""
    for name in available_games() if game_name is None else [game_name]:
        try:
            game = get_game(name)
        except KeyError:
            continue                # an unknown game has the random player only
        bots_module(game)


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
    _load_bots(game_name)
    keys = [key for key in _LEVELS
            if (game_name is None or ":" not in key or key.startswith(f"{game_name}:"))
            and getattr(_LEVELS[key], "listed", True)]
    order = {"random": 0, "easy": 1, "normal": 2, "hard": 3, "expert": 4}
    return sorted({key.split(":")[-1] for key in keys}, key=lambda lv: (order.get(lv, 9), lv))


def make_bot(game: Game, seat: int, level: str, seed: int) -> Bot:
    if level != "random":
        bots_module(game)
    cls = _LEVELS.get(f"{game.name}:{level}") or _LEVELS.get(level)
    if cls is None:
        raise KeyError(f"unknown bot level '{level}' (choose from: "
                       f"{', '.join(levels(game.name))})")
    return cls(game, seat, seed)
