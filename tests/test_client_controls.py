"""Rebinding through the real client: Settings → Controls driven by input events, conflicts
refused, reset, the bindings kept in the settings file (a restart keeps them) and named by
the hint bar."""

from __future__ import annotations

import pygame
import pytest

from game.client import bindings, fonts, widgets
from game.client.screens.base import Screen
from game.client.settings import Settings
from tests.test_client_support import click, frames, key, make_app, pad_added, pad_button


def open_controls(app):
    from game.client.screens.settings import SettingsScreen

    app.push(SettingsScreen(app))
    frames(app)
    for _ in range(12):
        if app.top.form.focused.key == "controls":
            break
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "ControlsScreen"
    return app.top


def focus(app, item_key: str) -> None:
    for _ in range(30):
        if app.top.form.focused.key == item_key:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"no item {item_key}")


def rebind(app, action: str, press) -> None:
    """Focus the action's row, confirm it with the keyboard, then ``press()`` the new
    key or button."""
    focus(app, "bind:" + action)
    key(app, pygame.K_RETURN)
    assert app.top.waiting == action
    press()


def hint_texts(app, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = fonts.render

    def record(value, *args, **kwargs):
        seen.append(value)
        return real(value, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", record)
    app.draw()
    monkeypatch.setattr(fonts, "render", real)
    return seen


class Recorder(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.seen = []

    def handle(self, intent):
        self.seen.append((intent.kind, intent.device, intent.value))


def test_a_rebound_key_works_shows_in_the_hints_and_survives_a_restart(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    try:
        open_controls(app)
        rebind(app, "confirm", lambda: key(app, pygame.K_k))
        assert app.top.waiting is None
        assert bindings.active().codes("keyboard", "confirm") == [pygame.K_k]
        assert app.top.form.item("bind:confirm").value == "K"
        # the hint bar names the key in use, not "Enter"
        texts = hint_texts(app, monkeypatch)
        assert "K" in texts and "Enter" not in texts
        # Enter no longer confirms: on the Back row it does nothing, K leaves
        focus(app, "back")
        key(app, pygame.K_RETURN)
        assert type(app.top).__name__ == "ControlsScreen"
        key(app, pygame.K_k)
        assert type(app.top).__name__ == "SettingsScreen"
    finally:
        app.shutdown()
    # a restart: a new client reading the same settings file
    stored = Settings(tmp_path / "settings.json")
    assert stored["bindings"] == {"keyboard": {"confirm": [pygame.K_k]}}
    app = make_app(tmp_path)
    try:
        recorder = Recorder(app)
        app.push(recorder)
        key(app, pygame.K_k)
        key(app, pygame.K_RETURN)
        assert [kind for kind, _, _ in recorder.seen] == ["confirm"]
        assert widgets.glyph_text("keyboard", "confirm") == "K"
    finally:
        app.shutdown()


def test_conflicts_and_fixed_keys_are_refused_with_a_reason(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = open_controls(app)
        rebind(app, "rotate", lambda: key(app, pygame.K_x))      # X is "alt"
        assert screen.waiting == "rotate"                           # still waiting
        assert "already" in screen.message_text() and "Draw" in screen.message_text()
        assert bindings.active().codes("keyboard", "rotate") == [pygame.K_r, pygame.K_e]
        key(app, pygame.K_TAB)                                      # Tab has a fixed job
        assert "fixed" in screen.message_text()
        assert bindings.active().codes("keyboard", "rotate") == [pygame.K_r, pygame.K_e]
        key(app, pygame.K_ESCAPE)                                   # stop waiting, unchanged
        assert screen.waiting is None and type(app.top).__name__ == "ControlsScreen"
        assert Settings(tmp_path / "settings.json")["bindings"] == {}
    finally:
        app.shutdown()


def test_reset_restores_the_defaults_of_one_family(tmp_path):
    app = make_app(tmp_path)
    try:
        open_controls(app)
        rebind(app, "menu", lambda: key(app, pygame.K_m))
        rebind(app, "up", lambda: key(app, pygame.K_i))
        assert widgets.glyph_text("keyboard", "move") == "I/←/↓/→"
        focus(app, "reset")
        key(app, pygame.K_RETURN)
        assert bindings.active().codes("keyboard", "menu") == [pygame.K_F10, pygame.K_p]
        assert widgets.glyph_text("keyboard", "move") == "Arrows"
        assert Settings(tmp_path / "settings.json")["bindings"] == {}
    finally:
        app.shutdown()


def test_mouse_and_controller_buttons_rebind_per_family(tmp_path):
    app = make_app(tmp_path)
    try:
        screen = open_controls(app)
        focus(app, "family")
        key(app, pygame.K_RIGHT)                                    # keyboard -> mouse
        assert screen.family == "mouse"
        rebind(app, "cancel", lambda: click(app, (5, 5), button=2))   # middle button: back
        assert bindings.active().codes("mouse", "cancel") == [2]
        assert widgets.glyph_text("mouse", "cancel") == "Middle-click"
        rebind(app, "menu", lambda: click(app, (5, 5), button=3))     # right button rotates
        assert "already" in screen.message_text()
        key(app, pygame.K_ESCAPE)
        focus(app, "family")
        key(app, pygame.K_RIGHT)                                    # mouse -> controller
        assert screen.family == "pad"
        pad_added(app)
        rebind(app, "rotate_back", lambda: pad_button(app, 8))       # left stick click
        assert bindings.active().codes("pad", "rotate_back") == ["leftstick"]
        rebind(app, "alt", lambda: pad_button(app, 0))               # A confirms
        assert "already" in screen.message_text()
        key(app, pygame.K_ESCAPE)
        # back out with the middle mouse button, then play with the new buttons
        click(app, (5, 5), button=2)
        assert type(app.top).__name__ == "SettingsScreen"
        recorder = Recorder(app)
        app.push(recorder)
        pad_button(app, 8)
        click(app, (5, 5), button=2)
        pressed = [seen for seen in recorder.seen if seen[0] != "point"]
        assert pressed == [("rotate", "pad1", -1), ("cancel", "mouse", 0)]
    finally:
        app.shutdown()
    stored = Settings(tmp_path / "settings.json")["bindings"]
    assert stored == {"mouse": {"cancel": [2]}, "pad": {"rotate_back": ["leftstick"]}}


@pytest.mark.parametrize("data", [
    "nonsense", {"keyboard": {"confirm": "k"}}, {"keyboard": {"no_such_action": [1]}},
    {"keyboard": {"confirm": [pygame.K_x]}},          # X twice (alt keeps it)
    {"keyboard": {"confirm": [pygame.K_ESCAPE]}},     # a fixed key
    {"pad": {"confirm": ["z"]}}, {"mouse": {"confirm": [True]}},
])
def test_a_broken_bindings_entry_gives_the_defaults(data):
    table = bindings.Bindings.from_data(data)
    assert table.tables == bindings.Bindings().tables


def test_texts_that_name_a_control_name_the_one_bound_now(tmp_path):
    from game.client.screens.setup import SetupScreen

    app = make_app(tmp_path)
    try:
        setup = SetupScreen(app, "metro", {"players": 2})
        assert setup.variant_help("orientation") == (
            "Tiles may be turned before they are placed (R, Right-click or Y).")
        open_controls(app)
        rebind(app, "rotate", lambda: key(app, pygame.K_t))
        assert "(T, Right-click or Y)" in setup.variant_help("orientation")
        settings = app.stack[-2]
        assert settings.form.item("fullscreen").label() == "Fullscreen (F11)"
        rebind(app, "fullscreen", lambda: key(app, pygame.K_F12))
        assert settings.form.item("fullscreen").label() == "Fullscreen (F12)"
    finally:
        app.shutdown()
