"""What the client tells about saves, and the play screen's autosave: a game's title, when it
was saved, who played, how it ended, a save error as one line; ``attach_autosave`` (never for
LAN tables) and ``replay_path_for`` (the replay of a game that just ended here).

Shared by the save screens (resume, load / replays, the replay viewer), the results screen
and the play screen; it opens no screen.
"""

from __future__ import annotations

import datetime as _dt

from game.client.seats import SeatKind
from game.client.text import has, t
from game.saves import Autosaver, SaveError, list_replays, read_save, start_autosave, table_key


def game_title(name: str) -> str:
    key = f"game.{name}"
    return t(key) if has(key) else name


def when_text(seconds: float) -> str:
    if not seconds:
        return "?"
    return _dt.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def names_text(info) -> str:
    names = [name or t("common.player_n", n=i + 1) for i, name in enumerate(info.seat_names)]
    if not names:
        names = [t("common.player_n", n=i + 1) for i in range(info.players)]
    return ", ".join(names)


def outcome_text(info) -> str:
    """A finished game's outcome from its end record: who won, or the solo final score."""
    names = [name or t("common.player_n", n=i + 1) for i, name in enumerate(info.seat_names)]
    if info.scores and len(info.scores) == 1:
        score = info.scores[0]
        return t("saves.solo_score", score=f"−{-score}" if score < 0 else str(score))
    winners = [names[w] for w in info.winners if 0 <= w < len(names)]
    if len(winners) == 1:
        return t("saves.won_by", name=winners[0])
    if winners:
        return t("saves.shared_win", names=", ".join(winners))
    return ""


def scores_text(info) -> str:
    """Each player's final score with their name, best first ("Ann 36 · Bob 20")."""
    scores = info.scores or []
    names = [name or t("common.player_n", n=i + 1) for i, name in enumerate(info.seat_names)]
    names += [t("common.player_n", n=i + 1) for i in range(len(names), len(scores))]
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    return " · ".join(f"{names[seat]} {'−' if scores[seat] < 0 else ''}{abs(scores[seat])}"
                      for seat in order)


def heading_text(info) -> str:
    """A save's line in the lists: the game, then its name, else (finished) its outcome."""
    extra = info.label or (outcome_text(info) if info.finished else "")
    return game_title(info.game) + (" · " + extra if extra else "")


def error_line(exc) -> str:
    """A ``SaveError`` (or an OS error) as the one line the player sees."""
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return t("saves.error", reason=message)


def attach_autosave(match, setup: dict | None = None):
    """The autosaver of a local match: the one already listening (a resumed game) or a new
    one. LAN tables (``setup["lan"]`` or remote seats) are saved by the net layer, not here;
    ``setup["autosave"] = False`` opts out (benchmarks, demos).
    Never raises: a failing disk must not stop a game from starting."""
    setup = setup or {}
    if setup.get("lan") or setup.get("autosave") is False \
            or any(info.kind == SeatKind.REMOTE for info in match.seats):
        return None
    for listener in match.listeners:
        if isinstance(listener, Autosaver):
            return listener
    if match.is_over():
        return None
    try:
        return start_autosave(match)
    except Exception:  # noqa: BLE001 - e.g. the saves folder cannot be created
        return None


def replay_path_for(match):
    """The replay file of a game that just ended here (newest first), or None."""
    try:
        key = table_key(match.header())
        infos = list_replays()
    except Exception:  # noqa: BLE001 - no replay to offer is never an error
        return None
    for info in infos:
        if info.moves != match.seq:
            continue
        try:
            if table_key(read_save(info.path).header) == key:
                return info.path
        except (SaveError, OSError):
            continue
    return None
