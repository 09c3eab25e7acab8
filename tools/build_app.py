"""Build Tracklayer as a self-contained application folder (no Python needed to run it).

    pip install -e ".[build]"          # PyInstaller
    python tools/build_app.py          # -> dist/tracklayer/tracklayer(.exe)
    python tools/build_app.py --force  # rebuild even if nothing changed

The folder holds the program, the Python runtime, pygame-ce, the fonts the client uses (only
those: ``game/client/typeface.py`` names them), the sounds and language catalogs (``assets/``)
and Babel's plural rules for the six languages. ``dist/tracklayer/tracklayer play``, ``host
--headless``, ``join --headless`` ... behave exactly like ``python run.py ...``.

A build is remembered: when the sources, assets and PyInstaller version are the same as for
the folder already in ``dist/`` (a fingerprint stored beside it), the build is skipped, so a
second run (or the build test run twice) costs a second. PyInstaller's own cache lives in
``build/pyinstaller``. PyInstaller does not cross-compile: build on each system you ship to.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "tracklayer"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
ENTRY = ROOT / "tools" / "app_main.py"
# Packages never needed by the game (optional imports of pygame and of test tools; numba and
# llvmlite: the Railroad Ink core's optional compiler, whose pure path answers the same).
EXCLUDES = ["tkinter", "numpy", "PIL", "pytest", "_pytest", "hypothesis", "IPython", "numba",
            "llvmlite"]
# Babel's locale data the game reads (plural rules of its six languages and their parents).
BABEL_LOCALES = ("root", "en", "ru", "ko", "th", "zh", "ja")
BUILD_TIMEOUT = 1800


class BuildError(Exception):
    """A build that cannot be done, explained in one line."""


def program_path(dist: Path = DIST) -> Path:
    """The built program inside the application folder."""
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def font_files() -> tuple[Path, list[str]]:
    """The weblate-fonts folder and the files in it the client can load (relative paths)."""
    sys.path.insert(0, str(ROOT))
    from game.client import typeface

    root = typeface.font_root()
    if root is None:
        raise BuildError("the weblate-fonts package is not installed (pip install -e .)")
    names: set[str] = set()

    def collect(value) -> None:
        # the font files the typeface module names (relative to the package); the absolute
        # paths its caches hold once it has drawn (in a test process) are the same files
        if isinstance(value, str) and value.endswith((".ttf", ".otf")) \
                and not Path(value).is_absolute():
            names.add(value)
        elif isinstance(value, (tuple, list, set)):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                collect(key)
                collect(item)

    for attribute in vars(typeface).values():
        collect(attribute)
    return root, sorted(name for name in names if (root / name).is_file())


def fingerprint() -> str:
    """A hash of everything that goes into the build."""
    import PyInstaller

    digest = hashlib.sha256(f"{PyInstaller.__version__} {sys.version}".encode())
    for folder in ("game", "net", "assets"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(path.read_bytes())
    for path in (ENTRY, Path(__file__).resolve(), ROOT / "pyproject.toml"):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    root, fonts = font_files()
    data = [f"--add-data={ROOT / 'assets'}{os.pathsep}assets"]
    # The rules' source files ship too: peers compare a hash of them in the LAN handshake
    # (game.rules.rules_version) and the list of games is read from their folders, so the
    # built program must see the same files as run.py does.
    rules = ROOT / "game" / "rules"
    for folder in sorted({path.parent for path in rules.rglob("*.py")}):
        target = folder.relative_to(ROOT).as_posix()
        data.append(f"--add-data={folder / '*.py'}{os.pathsep}{target}")
    for name in fonts:
        target = Path("weblate_fonts", "static", "weblate_fonts", name).parent.as_posix()
        data.append(f"--add-data={root / name}{os.pathsep}{target}")
    args = [str(ENTRY), "--name", NAME, "--onedir", "--console", "--noconfirm",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT), "--log-level", "WARN",
            # subcommands and games are imported by name (game/cli, game/rules): take them all
            "--collect-submodules", "game", "--collect-submodules", "net",
            "--hidden-import", "weblate_fonts", "--hidden-import", "babel.plural",
            # the fair table's group (game/rules/fairplay/group.py): PyNaCl's libsodium
            # extension imports cffi's backend from C, where the import analysis cannot see it
            "--hidden-import", "nacl.bindings", "--hidden-import", "_cffi_backend",
            *data]
    for name in EXCLUDES:
        args += ["--exclude-module", name]
    return args


def prune_babel(app: Path) -> int:
    """Drop Babel locale files of languages the game does not have; returns bytes saved."""
    saved = 0
    for folder in app.rglob("locale-data"):
        for path in folder.glob("*.dat"):
            if path.stem.split("_")[0] not in BABEL_LOCALES:
                saved += path.stat().st_size
                path.unlink()
    return saved


def folder_size(path: Path) -> int:
    # links (PyInstaller links a few libraries into place) are not counted twice
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


@contextlib.contextmanager
def one_build_at_a_time(work: Path):
    """Held while a build runs: two builds into the same folders at once (the build test's
    fixture in two test workers, the tool started twice) overwrite each other's files and
    both fail; the second now waits and then finds the first one's folder up to date. No lock
    where ``fcntl`` is missing (Windows): nothing is waited for there."""
    try:
        import fcntl
        work.mkdir(parents=True, exist_ok=True)
        handle = open(work / "build.lock", "a")
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(dist: Path = DIST, work: Path = WORK, force: bool = False,
          timeout: float = BUILD_TIMEOUT, log=print) -> Path:
    """Build the application folder (or reuse an identical one); returns the program path."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed: pip install -e \".[build]\"") from None
    with one_build_at_a_time(work):
        return build_unlocked(dist, work, force, timeout, log)


def build_unlocked(dist: Path, work: Path, force: bool, timeout: float, log) -> Path:
    """The build itself, once the lock is held."""
    program = program_path(dist)
    stamp = dist / f"{NAME}.fingerprint"
    wanted = fingerprint()
    if not force and program.is_file() and stamp.is_file() \
            and stamp.read_text(encoding="utf-8").strip() == wanted:
        log(f"unchanged since the last build: {program}")
        return program
    start = time.monotonic()
    stamp.unlink(missing_ok=True)
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work)]
    try:
        done = subprocess.run(command, cwd=ROOT, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"PyInstaller did not finish within {timeout:.0f} s") from None
    if done.returncode != 0 or not program.is_file():
        raise BuildError(f"PyInstaller failed (exit status {done.returncode})")
    prune_babel(dist / NAME)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(wanted + "\n", encoding="utf-8")
    log(f"built {program} in {time.monotonic() - start:.0f} s; the folder "
        f"{dist / NAME} holds {folder_size(dist / NAME) / 1e6:.0f} MB")
    return program


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST,
                        help=f"where the application folder goes (default: {DIST})")
    parser.add_argument("--work", type=Path, default=WORK,
                        help="PyInstaller's working folder (kept to speed up rebuilds)")
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument("--clean", action="store_true",
                        help="remove the working folder first (a build from scratch)")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(args.work, ignore_errors=True)
    try:
        build(args.dist.resolve(), args.work.resolve(), force=args.force or args.clean)
    except BuildError as exc:
        print(f"build_app: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
