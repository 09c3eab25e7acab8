"""Every screen drawn at the window's own resolution (1280×720, 1920×1080, 3840×2160): the
text as really drawn (at the native size, see ``canvas``) stays inside its box and on the
screen, the mouse lands where it points, and 1280×720 stays pixel for pixel what it was."""

from __future__ import annotations

import pygame
import pytest

from game.client import canvas, fonts, text, widgets
from tests.test_client_support import click, make_app
from tests.test_i18n import _extra_screens, _screens, finished, midgame  # noqa: F401 (fixtures)

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


class NativeProbe:
    """Checks each text ``fonts.blit`` draws, measured at the native size it is drawn."""

    def __init__(self) -> None:
        self.where = ""
        self.item = None
        self.problems: list[str] = []
        self.checked = 0

    def install(self, monkeypatch, app) -> None:
        real_blit, real_item = fonts.blit, widgets.draw_item

        def blit(surface, value, size, colour, pos, weight="regular", anchor="topleft"):
            rect = real_blit(surface, value, size, colour, pos, weight, anchor)
            if value.strip() and surface is app.surface:
                self.check(surface, value, size, pos, weight, anchor)
            return rect

        def draw_item(surface, item, focused, editing, size=26):
            self.item = item
            try:
                real_item(surface, item, focused, editing, size)
            finally:
                self.item = None

        monkeypatch.setattr(fonts, "blit", blit)
        import sys

        for name, module in list(sys.modules.items()):
            if name.startswith("game.client") and getattr(module, "draw_item", None) is real_item:
                monkeypatch.setattr(module, "draw_item", draw_item)

    def check(self, surface, value, size, pos, weight, anchor) -> None:
        shown, shown_size = fonts.fit_to_box(value, size, pos, anchor, weight)
        scale = getattr(surface, "scale", 1.0)
        image = canvas.at_scale(fonts.render(shown, shown_size, (255, 255, 255), weight), scale)
        point = (round(pos[0] * scale), round(pos[1] * scale))
        placed = image.get_rect(**{anchor: point})
        ink = image.get_bounding_rect().move(placed.topleft)
        if not ink.width:
            return
        self.checked += 1
        boxes = [(name, box) for box, name in fonts.current_boxes()]
        if self.item is not None and self.item.rect.width > 0 and value not in ("‹", "›"):
            boxes.append((self.item.key, self.item.rect))
        screen = pygame.Rect((0, 0), canvas.native_size(surface))
        if not screen.inflate(2, 2).contains(ink):
            self.problems.append(f"{self.where}: {shown!r} runs off the screen {tuple(ink)}")
        for name, box in boxes:
            native = pygame.Rect(round(box.x * scale), round(box.y * scale),
                                 round(box.width * scale), round(box.height * scale))
            slack = max(2, round(2 * scale))
            if not native.inflate(slack, slack).contains(ink):
                self.problems.append(f"{self.where}: {shown!r} sticks out of {name!r} "
                                     f"(text {tuple(ink)} in box {tuple(native)})")


@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_keeps_its_text_in_its_boxes_at_native_size(tmp_path, monkeypatch,
                                                                  finished, midgame, size):
    app = make_app(tmp_path, language="en")
    probe = NativeProbe()
    probe.install(monkeypatch, app)
    try:
        app.resize(size)
        assert canvas.native_size(app.surface) == size and app.surface.get_size() == (1280, 720)
        # 1280×720 in every language is tests/test_i18n.py; here the scripts that differ
        # most in width, shared between the two sizes (Latin and Thai at 1080p, Japanese at 4K)
        for lang in (("en", "th") if size[0] < 3000 else ("ja",)):
            text.set_language(lang)
            app.settings.values["language"] = lang
            stacks = _screens(app, finished, midgame) + _extra_screens(app, finished)
            for name, stack in stacks:
                probe.where = f"[{lang} {size[0]}x{size[1]}] {name}"
                app.stack = list(stack)
                app.draw()
        assert probe.checked > 500
        assert not probe.problems, (f"{len(probe.problems)} problems:\n"
                                    + "\n".join(sorted(set(probe.problems))[:40]))
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()


def test_the_window_is_drawn_at_its_own_resolution_and_the_mouse_maps_back(tmp_path):
    from game.client.screens.title import TitleScreen

    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        app.run(frames=1)
        small = pygame.Surface.copy(app.surface)
        app.resize((1920, 1080))
        app.run(frames=1)
        assert canvas.native_size(app.window) == (1920, 1080)
        assert canvas.native_size(app.surface) == (1920, 1080)
        # more pixels for the same picture: the title's letters are 1.5 times as big, drawn
        # (not a stretched copy: the stretched 1280×720 frame differs from the native one)
        big = pygame.Surface.copy(app.surface)
        stretched = pygame.transform.smoothscale(small, (1920, 1080))
        assert pygame.image.tobytes(big, "RGB") != pygame.image.tobytes(stretched, "RGB")
        # a click on "Settings" at window pixels lands on the Settings button
        settings = app.top.form.item("settings").rect
        window_pos = (settings.centerx * 1.5, settings.centery * 1.5)
        click(app, window_pos)
        assert type(app.top).__name__ == "SettingsScreen"
        # a window of another shape: the frame is centred, the mouse still maps
        app.resize((2000, 1080))
        assert app.offset == (40, 0)
        back = app.top.form.item("back").rect
        click(app, (40 + back.centerx * 1.5, back.centery * 1.5))
        assert type(app.top).__name__ == "TitleScreen"
    finally:
        app.shutdown()


def test_the_window_size_can_be_asked_for(monkeypatch):
    from game.client.app import window_from_env

    monkeypatch.setenv("TRACKLAYER_WINDOW", "1920x1080")
    assert window_from_env() == (1920, 1080)
    for bad in ("", "big", "1920", "x1080", "-5x3"):
        monkeypatch.setenv("TRACKLAYER_WINDOW", bad)
        assert window_from_env() is None
    assert canvas.fit((1920, 1080)) == (1.5, (0, 0))
    assert canvas.fit((3840, 2160)) == (3.0, (0, 0))
    assert canvas.fit((1280, 800)) == (1.0, (0, 40))


@pytest.mark.parametrize("game", ["metro", "metromania", "railroad-ink"])
def test_kept_layers_are_made_again_when_the_window_changes_size(tmp_path, monkeypatch, game):
    """After a resize (or F11) a board paints its kept layers at the new resolution instead
    of stretching the old ones every frame (blurred, and slow)."""
    from game.benchmarks.render_native import mid_game
    from game.client.screens.play import PlayScreen

    stretched = []
    real = canvas.at_scale

    def at_scale(image, scale):
        if isinstance(image, canvas.Canvas) and abs(image.scale - scale) > 1e-9:
            stretched.append(image.get_size())
        return real(image, scale)

    monkeypatch.setattr(canvas, "at_scale", at_scale)
    app = make_app(tmp_path)
    try:
        app.resize((1920, 1080))
        app.push(PlayScreen(app, mid_game(game)))
        app.run(frames=3)
        app.resize((3840, 2160))
        app.run(frames=3)
        app.resize((2560, 1440))
        app.run(frames=3)
        assert not stretched, stretched
    finally:
        app.shutdown()


def test_client_code_draws_through_the_canvas_helpers():
    """On a bigger window the screens draw on a ``canvas.Canvas``: ``pygame.draw`` there
    would put shapes at pixel positions (a third of the way across a 4K screen) and a plain
    ``pygame.Surface`` kept by a screen would be stretched every frame. Shapes go through
    ``gfx``, kept surfaces come from ``canvas.layer``, the mouse from ``app.mouse_pos``;
    only the sprite and text makers paint their own private pixels."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "game" / "client"
    own_pixels = {"canvas.py", "gfx.py", "typeface.py", "sprites.py"}
    problems = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(root).as_posix()
        if path.name not in ("gfx.py",) and "pygame.draw." in source:
            problems.append(f"{name}: pygame.draw (use gfx)")
        if path.name not in own_pixels and "pygame.Surface(" in source:
            problems.append(f"{name}: pygame.Surface( (use canvas.layer)")
        if path.name != "app.py" and "mouse.get_pos()" in source:
            problems.append(f"{name}: pygame.mouse.get_pos (use app.mouse_pos)")
    assert not problems, problems


def _blocks(surface, native_size) -> bytes:
    """The picture as 80×45 averaged blocks (16×16 layout units each)."""
    plain = pygame.Surface(native_size)
    pygame.Surface.blit(plain, surface, (0, 0))
    return pygame.image.tobytes(pygame.transform.smoothscale(plain, (80, 45)), "RGB")


def test_a_bigger_window_shows_the_same_picture_only_sharper(tmp_path, finished, midgame):
    """Each screen at 1920×1080, averaged over 16×16 blocks, looks like the same screen at
    1280×720: nothing is drawn in the wrong place or at the wrong size (a blit of part of a
    layer, a line width that did not grow...)."""
    app = make_app(tmp_path, language="en")
    try:
        stacks = _screens(app, finished, midgame) + _extra_screens(app, finished)
        wanted = [(name, stack) for name, stack in stacks
                  if name.split()[0] in ("play", "replay", "results", "help", "setup")]
        pictures = {}
        for size in ((1280, 720), (1920, 1080)):
            app.resize(size)
            for name, stack in wanted:
                app.stack = list(stack)
                app.draw()
                pictures[name, size] = _blocks(app.surface, size)
        worst = []
        for name, _stack in wanted:
            small, big = pictures[name, (1280, 720)], pictures[name, (1920, 1080)]
            off = sum(1 for i in range(0, len(small), 3)
                      if sum(abs(small[i + k] - big[i + k]) for k in range(3)) > 60)
            worst.append((off, name))
        worst.sort(reverse=True)
        assert worst[0][0] <= 80 * 45 * 0.03, worst[:5]
    finally:
        app.stack = []
        app.shutdown()
