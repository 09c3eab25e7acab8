"""Crash-safe file operations and the folders saves live in.

``write_atomic`` replaces a file so that after a crash, kill -9 or power loss the path holds
either the old or the new complete content: write a temporary file in the same folder, flush
and fsync it, ``os.replace`` it over the target (atomic on POSIX and Windows), fsync the folder
so the rename itself is durable.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from game.paths import data_dir, saves_dir

TEMP_SUFFIX = ".tmp"


def replays_dir() -> Path:
    """Finished games, kept for the replay viewer (beside the saves folder)."""
    path = saves_dir().parent / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def netlogs_dir() -> Path:
    """Where LAN peers keep their copy of a table's log (written by ``net``)."""
    path = data_dir() / "netlogs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable (a no-op where folders can't be opened,
    e.g. Windows, whose rename is already durable enough for us)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def temp_path_for(path: Path) -> Path:
    # Hidden and with the pid, so two processes never share a temporary file and listings
    # (which look for *.tlsave) never see it.
    return path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    path = Path(path)
    temp = temp_path_for(path)
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(path.parent)


def move_durably(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target`` (same file system) and make both folders durable."""
    os.replace(source, target)
    fsync_dir(target.parent)
    if source.parent != target.parent:
        fsync_dir(source.parent)


def remove_stale_temp_files(folder: Path, older_than_s: int = 600) -> None:
    """Temporary files left by a process killed in the middle of ``write_atomic``."""
    now = time.time()
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return
    for temp in candidates:
        try:
            if now - temp.stat().st_mtime > older_than_s:
                temp.unlink()
        except OSError:
            pass


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    candidate = folder / f"{stem}{suffix}"
    counter = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{counter}{suffix}"
        counter += 1
    return candidate
