"""What a player notices in the first minute, pinned down: refusals worded for the game being
played, typing that stays in its field, seats of a starting LAN table that stay put, scripted
``play --frames`` runs that leave no autosave behind, read-only boards in the replay viewer,
hints that match the bindings, plurals."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.client import text
from game.client.widgets import Form, Item
from game.rules.core import IllegalMove
from tests.test_client_support import make_app


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


# --------------------------------------------------------------------------------------------
# Refusals per game
# --------------------------------------------------------------------------------------------

def test_refusal_uses_the_games_own_wording_first():
    occupied = IllegalMove("occupied", "Space {space} already holds a tunnel", space="T12")
    metro_occupied = IllegalMove("occupied", "{square} already holds a tile", square="C4")
    try:
        text.set_language("en")
        assert text.illegal(metro_occupied) == "C4 already holds a tile"
        assert text.illegal(metro_occupied, "metro") == "C4 already holds a tile"
        assert text.illegal(occupied, "metromania") == "Space T12 already holds a tunnel"
        joined = IllegalMove("not_connected", "", cell="B2")
        assert text.illegal(joined, "railroad-ink").startswith("B2: the drawing must connect")
        # unknown code: the rules' English message
        odd = IllegalMove("no_such_code_anywhere", "Nope {x}", x=3)
        assert text.illegal(odd, "metromania") == str(odd)
        # the player's language, for the game's own key too
        text.set_language("ru")
        assert text.illegal(occupied, "metromania") == \
            text.t("illegal.metromania.occupied", space="T12")
        assert "T12" in text.illegal(occupied, "metromania")
    finally:
        text.set_language("en")


def test_a_catalog_with_only_the_old_game_key_still_speaks_its_language(monkeypatch):
    """A translation made before ``illegal.<game>.<code>`` (``illegal.ri.*``,
    ``mania.illegal.*``) keeps being shown rather than the English of the new key."""
    from game.client.text import _load

    try:
        text.set_language("ko")
        catalog = dict(_load("ko"))
        catalog.pop("illegal.railroad-ink.not_connected", None)
        catalog["illegal.ri.not_connected"] = "연결 {cell}"
        monkeypatch.setitem(text._catalogs, "ko", catalog)
        exc = IllegalMove("not_connected", "", cell="B2")
        assert text.illegal(exc, "railroad-ink") == "연결 B2"
    finally:
        text.set_language("en")


def test_play_screen_words_a_refusal_for_its_game(app):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("railroad-ink")
    match = Match.new(game, game.make_config(1, []), 3,
                      [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)])
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    # the first die drawn in the middle of the sheet touches no exit: Railroad Ink's wording
    # ("connect to a matching route or exit"), not Metro's ("outer ring")
    first = next(m for m in game.legal_moves(match.state, 0) if hasattr(m, "cell"))
    bad = dataclasses.replace(first, cell=24)        # D4
    with pytest.raises(IllegalMove) as refused:
        game.check(match.state, 0, bad)
    assert refused.value.code == "not_connected"
    assert not play.propose(0, bad)
    assert app.toasts.latest() == text.illegal(refused.value, "railroad-ink")
    assert "D4" in app.toasts.latest() and "outer ring" not in app.toasts.latest()


# --------------------------------------------------------------------------------------------
# Forms
# --------------------------------------------------------------------------------------------

class _Intent:
    def __init__(self, kind, device="keyboard", pos=None, text="", dx=0, dy=0):
        self.kind, self.device, self.pos, self.text, self.dx, self.dy = \
            kind, device, pos, text, dx, dy


def test_pointing_elsewhere_while_typing_keeps_the_letters_in_the_field():
    form = Form([Item("players", lambda: "Players", "choice", options=[2, 3], value=2),
                 Item("name", lambda: "Name", "text", value="")],
                pygame.Rect(0, 0, 400, 200))
    form.focus = 1
    assert form.handle(_Intent("confirm"))[0] == "edit_start"
    form.handle(_Intent("point", "mouse", pos=form.items[0].rect.center))
    form.handle(_Intent("text", text="Z"))
    assert form.items[1].value == "Z" and form.items[0].value == 2
    # a click elsewhere ends the typing and acts on what was clicked
    form.handle(_Intent("click", "mouse", pos=form.items[0].rect.center))
    assert not form.editing and form.items[0].value == 3
    form.handle(_Intent("text", text="Q"))
    assert form.items[0].value == 3 and form.items[1].value == "Z"
