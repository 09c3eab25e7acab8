"""Loading saves back into a Match: replay the log, verify every stored hash, cut a damaged tail.

* ``load(path)``            parse + replay + verify; a damaged tail is cut at the last verified
                            move and reported in ``Loaded.damage`` / ``Loaded.warning``.
* ``resume(path)``          ``load`` and keep autosaving into the same file from there.
* ``list_resumable()``      unfinished autosaves, newest first (cheap: parses, no replay).
* ``list_replays()``        finished games kept for the replay viewer, newest first.
* ``best_log(candidates)``  the candidate (paths or ``Match.to_plain()`` dicts, e.g. every LAN
                            peer's log of one table) with the longest verified log.

Everything that cannot be used raises ``SaveError`` (one clear line), never another exception.
"""

from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from game.match import Match, SeatInfo
from game.rules import get_game, rules_version
from game.rules.core import IllegalMove, canonical_bytes, hash_bytes

from .autosave import Autosaver, new_header, new_save_path
from .files import (move_durably, netlogs_dir, remove_stale_temp_files, replays_dir, saves_dir,
                    unique_path, write_atomic)
from .format import (MAX_FILE_BYTES, SUFFIX, Damage, SaveError, SaveFile, parse_bytes,
                     parse_plain)

MoveHook = Callable[[int, Match, list], None]


@dataclass
class Loaded:
    """A save replayed into ``match`` (at its last verified move)."""

    match: Match
    save: SaveFile
    damage: Damage | None = None
    autosaver: Autosaver | None = None

    @property
    def path(self) -> str:
        return self.save.path

    @property
    def verified_moves(self) -> int:
        return self.match.seq

    @property
    def ok(self) -> bool:
        return self.damage is None

    @property
    def rules_changed(self) -> bool:
        saved = self.save.header.get("rules_version")
        return bool(saved) and saved != rules_version()

    @property
    def warning(self) -> str | None:
        """One English sentence for the player when the save was not intact, else None."""
        if self.damage is None:
            return None
        text = (f"The save is damaged at move {self.damage.move} ({self.damage.reason}); "
                f"the game continues from move {self.verified_moves}, the last verified one.")
        if self.rules_changed and self.damage.kind in ("hash", "illegal", "notation"):
            text += " It was saved by a different version of the rules."
        return text


# --------------------------------------------------------------------------------------------
# Reading files
# --------------------------------------------------------------------------------------------


def read_save(path: str | os.PathLike) -> SaveFile:
    """Parse a file (our saves and LAN peers' logs alike) without replaying it."""
    name = str(path)
    try:
        size = os.path.getsize(name)
        if size > MAX_FILE_BYTES:
            raise SaveError(f"the file is too large to be a save ({size} bytes)", name)
        with open(name, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError("no such file", name) from None
    except IsADirectoryError:
        raise SaveError("this is a folder, not a save", name) from None
    except PermissionError:
        raise SaveError("the file cannot be read (permission denied)", name) from None
    except OSError as exc:
        raise SaveError(f"the file cannot be read ({exc.strerror or exc})", name) from None
    return parse_bytes(data, name)


def peek_header(path: str | os.PathLike) -> dict | None:
    """The header of a journal save (its first line) without reading or checking the rest,
    or None when the file does not start with one: a cheap filter before ``read_save`` when
    looking for one table's save among many (a LAN table's start must not parse them all)."""
    import json

    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 20)
        header = json.loads(first)
    except (OSError, ValueError):
        return None
    return header if isinstance(header, dict) and header.get("app") == "tracklayer" else None


# --------------------------------------------------------------------------------------------
# Replaying
# --------------------------------------------------------------------------------------------


# A fair LAN table's save (issue 13) is replayed by its cipher record stream, which is the net
# layer's business: game.saves.fair_lan registers its replayer here when it is imported (game.saves
# imports nothing of net). (is_table_save(header), replay(save) -> match)
TABLE_REPLAYERS: list[tuple[Callable[[dict], bool], Callable[[SaveFile], Match]]] = []


def register_table_replayer(is_table_save: Callable[[dict], bool],
                            replay: Callable[[SaveFile], Match]) -> None:
    if (is_table_save, replay) not in TABLE_REPLAYERS:
        TABLE_REPLAYERS.append((is_table_save, replay))


def replay_save(save: SaveFile, on_move: MoveHook | None = None) -> tuple[Match, Damage | None]:
    """Replay ``save`` from its header, checking each stored hash. Returns the match at the last
    verified move and the first damage (a replay problem, else the file's own parse damage).
    ``on_move(seq, match, events)`` is called after each verified move."""
    header = save.header
    for is_table_save, replay in TABLE_REPLAYERS:
        if is_table_save(header):     # a fair table's save: this machine's own view
            match = replay(save)
            if on_move is not None:    # each entry's state, rebuilt from the one before
                cursor = Match.at(match, 0)
                for entry in match.log:
                    cursor = Match.at(match, entry.seq, state=match.game.clone(cursor.state),
                                      start=entry.seq - 1)
                    on_move(entry.seq, cursor, [])
            return match, save.damage
    try:
        game = get_game(header["game"])
    except KeyError:
        raise SaveError(f"this save is for a game named '{header['game']}', which this version "
                        "of Tracklayer does not have", save.path) from None
    players = header["config"]["players"]
    if not game.min_players <= players <= game.max_players:
        raise SaveError(f"the save's table setup is not valid for {game.name} ({players} "
                        "players)", save.path)
    seats = [SeatInfo.from_plain(seat) for seat in header.get("seats", [])]
    try:
        match = Match.new(game, header["config"], header["seed"], seats)
    except Exception as exc:  # noqa: BLE001 - a foreign config may upset the rules in any way
        raise SaveError(f"the save's table setup is not valid for {game.name} ({exc})",
                        save.path) from None
    for entry in save.entries:
        number = match.seq + 1
        try:
            move = game.parse_move(entry.move)
            events = match.apply(entry.seat, move)
        except IllegalMove as exc:
            kind = "notation" if exc.code == "notation" else "illegal"
            return match, Damage(number, f"seat {entry.seat + 1} cannot play '{entry.move}': "
                                         f"{exc}", kind=kind)
        except Exception as exc:  # noqa: BLE001 - never let a damaged record crash the loader
            match.rebuild()   # the failed move may have left the state half-changed
            return match, Damage(number, f"move '{entry.move}' could not be replayed ({exc})",
                                 kind="error")
        actual = match.log[-1].hash
        if actual != entry.hash:
            match.rebuild(number - 1)
            return match, Damage(number, "the state hash differs from the one saved",
                                 kind="hash", expected=entry.hash, actual=actual)
        if on_move is not None:
            on_move(number, match, events)
    return match, save.damage


def load(path: str | os.PathLike, on_move: MoveHook | None = None) -> Loaded:
    """Read and replay a save or a LAN peer's log (see ``replay_save``)."""
    save = read_save(path)
    match, damage = replay_save(save, on_move)
    return Loaded(match, save, damage)


def load_plain(doc: Any, name: str = "") -> Loaded:
    """Replay a ``Match.to_plain()`` document held in memory (e.g. a log sent by a peer)."""
    save = parse_plain(doc, "plain", name)
    match, damage = replay_save(save)
    return Loaded(match, save, damage)


# --------------------------------------------------------------------------------------------
# Resuming
# --------------------------------------------------------------------------------------------


def resume(source: str | os.PathLike | Loaded, *, durable: bool = True) -> Loaded:
    """Load a save (or take an already loaded one) and keep autosaving it from there.

    Our own autosave files continue in place (a damaged original is kept beside it with the
    suffix ``.damaged``); a LAN peer's log or a file from elsewhere continues as a new autosave
    in the saves folder. A finished game cannot be resumed (open it as a replay).
    """
    loaded = source if isinstance(source, Loaded) else load(source)
    match = loaded.match
    if match.is_over():
        raise SaveError("this game is already finished; open it as a replay instead",
                        loaded.path)
    header = _resume_header(loaded)
    in_saves = (loaded.save.source == "save" and loaded.path
                and Path(loaded.path).resolve().parent == saves_dir().resolve())
    if in_saves:
        path = Path(loaded.path)
        if loaded.damage is not None:
            backup = unique_path(path.parent, path.name, ".damaged")
            write_atomic(backup, path.read_bytes())
    else:
        path = new_save_path(match.game.name, header["table"])
    loaded.autosaver = Autosaver(match, path, header=header, durable=durable)
    return loaded


def _resume_header(loaded: Loaded) -> dict:
    """A current header for the resumed match that keeps the old table id, label and date."""
    old = loaded.save.header

    def kept(key: str) -> str:
        value = old.get(key)
        return value if isinstance(value, str) else ""

    return new_header(loaded.match, label=kept("label"), table=kept("table"),
                      created=kept("created"))


# --------------------------------------------------------------------------------------------
# Finding saves
# --------------------------------------------------------------------------------------------


@dataclass
class SaveInfo:
    """What a menu shows about a save without replaying it."""

    path: Path
    game: str
    players: int
    seat_names: list[str]
    moves: int
    created: str
    updated: float            # file modification time (seconds since the epoch)
    label: str
    finished: bool
    scores: list[int] | None
    damaged: bool             # the file has an unreadable record (loading will cut there)
    table: str
    lan: bool = False         # a LAN peer's autosave: resumed by hosting the table again
    left: bool = False        # left on purpose (Quit / Quit to title), not interrupted
    winners: list[int] = field(default_factory=list)     # a finished game's, from its end
    also: list[Path] = field(default_factory=list)       # the same game's other files (merged)
    key: str = field(default="", repr=False)             # game, config and seed (table_key)
    hashes: list[str] = field(default_factory=list, repr=False)   # state hash after each move

    @property
    def interrupted(self) -> bool:
        """Stopped by a crash or a closed process, not left from the menu: offered at launch."""
        return not self.finished and not self.left

    def describe(self) -> str:
        when = _dt.datetime.fromtimestamp(self.updated).strftime("%Y-%m-%d %H:%M")
        state = "finished" if self.finished else f"move {self.moves}"
        return f"{self.game}, {self.players} players, {state}, {when}"


def save_info(path: Path) -> SaveInfo:
    save = read_save(path)
    header = save.header
    names = [str(seat.get("name", "")) for seat in header.get("seats", [])]
    try:
        updated = Path(path).stat().st_mtime
    except OSError:
        updated = 0.0
    scores = None
    winners: list[int] = []
    if save.end is not None and isinstance(save.end.get("scores"), list):
        scores = [s for s in save.end["scores"] if isinstance(s, int)]
    if save.end is not None and isinstance(save.end.get("winners"), list):
        winners = [w for w in save.end["winners"] if isinstance(w, int)
                   and not isinstance(w, bool)]
    return SaveInfo(path=Path(path), game=header["game"], players=header["config"]["players"],
                    seat_names=names, moves=len(save.entries),
                    created=str(header.get("created", "")), updated=updated,
                    label=str(header.get("label", "")), finished=save.end is not None,
                    scores=scores, damaged=save.damage is not None,
                    table=str(header.get("table", "")),
                    lan=isinstance(header.get("lan"), dict), left=save.left,
                    winners=winners, key=table_key(header),
                    hashes=[entry.hash for entry in save.entries])


def _infos(folder: Path, pattern: str) -> list[SaveInfo]:
    infos = []
    for path in folder.glob(pattern):
        if path.name.startswith("."):
            continue
        try:
            infos.append(save_info(path))
        except SaveError:
            continue          # unreadable files are not offered; `replay --verify` explains
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    return infos


def list_resumable() -> list[SaveInfo]:
    """Unfinished games, newest first, one entry per game (``merge_same_games``): the Load
    menu's list; the ones ``interrupted`` by a crash are what the client offers at startup."""
    folder = saves_dir()
    remove_stale_temp_files(folder)
    infos = []
    for info in _infos(folder, f"*{SUFFIX}"):
        if info.finished:
            # The game ended but the process died before the file moved: finish the move now.
            try:
                move_durably(info.path, unique_path(replays_dir(), info.path.stem, SUFFIX))
            except OSError:
                pass
            continue
        infos.append(info)
    return merge_same_games(infos)


def same_game(a: SaveInfo, b: SaveInfo) -> bool:
    """Two files of one game: same game, setup and seed, and one log a prefix of the other
    (a named copy made part-way through, beside the autosave that went on)."""
    if a.lan or b.lan or a.key != b.key or not a.key:
        return False
    common = min(len(a.hashes), len(b.hashes))
    return a.hashes[:common] == b.hashes[:common]


def merge_same_games(infos: list[SaveInfo]) -> list[SaveInfo]:
    """One entry per game: files of the same game (``same_game``) are listed once, as the
    one that got furthest (then the newest), named by any label one of them has; the others
    are kept in ``also`` (deleting the entry deletes them too). Order stays newest first."""
    kept: list[SaveInfo] = []
    for info in infos:                                   # newest first
        twin = next((other for other in kept if same_game(other, info)), None)
        if twin is None:
            kept.append(info)
            continue
        index = kept.index(twin)
        lead, other = (info, twin) if info.moves > twin.moves else (twin, info)
        lead.also = lead.also + [other.path] + other.also
        lead.label = lead.label or other.label
        lead.updated = max(lead.updated, other.updated)
        kept[index] = lead
    return kept


def list_replays() -> list[SaveInfo]:
    """Finished games kept as replays, newest first."""
    return _infos(replays_dir(), f"*{SUFFIX}")


def list_netlogs() -> list[SaveInfo]:
    """LAN peers' logs (any file in the netlogs folder that parses), newest first."""
    return _infos(netlogs_dir(), "*")


# --------------------------------------------------------------------------------------------
# LAN: the best of several peers' logs
# --------------------------------------------------------------------------------------------


def table_key(header: dict) -> str:
    """Identifies a table by what makes its games identical: game, config and seed."""
    return hash_bytes(canonical_bytes([header["game"], header["config"], header["seed"]]))


def best_log(candidates: Iterable[Any]) -> Loaded:
    """The candidate with the longest verified log (ties: an intact one, then the first).

    Candidates are paths, ``Match.to_plain()`` dicts or ``Loaded`` objects, normally every
    peer's log of one table. Candidates of another table than the first usable one (another
    game, config or seed) are ignored. Raises SaveError when none can be used.
    """
    best: Loaded | None = None
    key = None
    problems = []
    for candidate in candidates:
        try:
            if isinstance(candidate, Loaded):
                loaded = candidate
            elif isinstance(candidate, dict):
                loaded = load_plain(candidate)
            else:
                loaded = load(candidate)
        except SaveError as exc:
            problems.append(str(exc))
            continue
        this_key = table_key(loaded.save.header)
        if key is None:
            key = this_key
        elif this_key != key:
            continue
        rank = (loaded.verified_moves, loaded.ok)
        if best is None or rank > (best.verified_moves, best.ok):
            best = loaded
    if best is None:
        detail = f" ({problems[0]})" if problems else ""
        raise SaveError("none of the logs can be used" + detail)
    return best
