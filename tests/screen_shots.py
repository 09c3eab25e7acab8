"""Render every client screen headless into PNGs, to compare a refactor pixel for pixel.

``python -m tests.screen_shots OUT_DIR [lang ...]`` draws the screens the i18n test draws
(title, menus, setup, play at the start, mid-game and over for every game, pause, notices,
results, rules help pages, LAN screens, lobbies, resume, replay viewer) at fixed seeds and
saves one PNG per screen. ``python -m tests.screen_shots --compare A B`` lists the PNGs that
differ between two such folders (and those missing on either side).
``--size 1920x1080`` (before the folder) draws them in a window of that size, at its own
resolution.
"""

from __future__ import annotations

import datetime as _datetime
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TRACKLAYER_LANGUAGE", "en")

import pygame  # noqa: E402


class _FrozenClock(_datetime.datetime):
    """Every "now" and every file time is the same moment: saves and the save-as name show
    the same clock in both runs."""

    @classmethod
    def now(cls, tz=None):
        return cls(2026, 1, 2, 3, 4, 5, tzinfo=tz)

    @classmethod
    def fromtimestamp(cls, stamp, tz=None):
        return cls(2026, 1, 2, 3, 4, 5, tzinfo=tz)


def _freeze_clocks() -> None:
    import importlib
    import types

    # a module that imports datetime inside a function gets the frozen one too
    fake = types.ModuleType("datetime")
    fake.__dict__.update(_datetime.__dict__)
    fake.datetime = _FrozenClock
    sys.modules["datetime"] = fake

    frozen = SimpleNamespace(datetime=_FrozenClock, timezone=_datetime.timezone)
    for name in ("game.client.screens.saves_menu", "game.client.screens.resume",
                 "game.client.save_info",
                 "game.saves.load", "game.saves.autosave"):
        try:
            module = importlib.import_module(name)
        except ImportError:          # an older tree: the module is not there yet
            continue
        if hasattr(module, "_dt"):
            module._dt = frozen


def render(out: Path, langs: list[str], size: tuple[int, int] | None = None) -> int:
    import tempfile

    from game.client import text
    from tests import test_i18n as scenes
    from tests.test_client_support import make_app

    out.mkdir(parents=True, exist_ok=True)
    _freeze_clocks()
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    os.environ["TRACKLAYER_HOME"] = str(tmp)
    finished = {name: scenes._finished(name) for name in scenes.GAMES}
    midgame: dict = {name: [] for name in scenes.GAMES}
    for name, *table in scenes.MIDGAME:
        midgame[name].append(scenes._midgame(name, *table))
    app = make_app(tmp, language="en")
    if size is not None:
        app.resize(size)
    count = 0
    try:
        for lang in langs:
            text.set_language(lang)
            app.settings.values["language"] = lang
            stacks = scenes._screens(app, finished, midgame)
            stacks += scenes._extra_screens(app, finished)
            for name, stack in stacks:
                app.stack = list(stack)
                app.draw()
                slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
                pygame.image.save(app.surface, str(out / f"{lang}--{slug}.png"))
                count += 1
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()
    return count


def compare(a: Path, b: Path) -> list[str]:
    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    differ = []
    for name in names:
        pa, pb = a / name, b / name
        if not pa.exists() or not pb.exists():
            differ.append(f"{name}: missing in {'A' if not pa.exists() else 'B'}")
            continue
        sa, sb = pygame.image.load(str(pa)), pygame.image.load(str(pb))
        if sa.get_size() != sb.get_size() or \
                pygame.image.tobytes(sa, "RGB") != pygame.image.tobytes(sb, "RGB"):
            differ.append(f"{name}: pixels differ")
    return differ


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        found = compare(Path(sys.argv[2]), Path(sys.argv[3]))
        print("\n".join(found) or "identical")
        sys.exit(1 if found else 0)
    args = sys.argv[1:]
    window = None
    if args[0] == "--size":
        width, _, height = args[1].partition("x")
        window, args = (int(width), int(height)), args[2:]
    done = render(Path(args[0]), args[1:] or ["en"], window)
    print(f"{done} screens")
