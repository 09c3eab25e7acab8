"""Metromania's header texts are made when the table is first drawn, not in the frame a move
lands in: every title and markers line a game shows is ready before its frame."""

from __future__ import annotations

from game.client import fonts, typeface
from tests.test_client_support import make_app


def test_every_header_text_of_a_game_is_made_before_its_frame(tmp_path, monkeypatch):
    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metromania")
    app = make_app(tmp_path, bot_delay_ms=10 ** 7)
    app.resize((1920, 1080))
    seats = [SeatInfo(f"Robo {i}", "bot", level="random", colour=i) for i in range(3)]
    match = Match.new(game, game.make_config(3), 5, seats)
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.step(1 / 60)                      # the table's first frame

    made, in_header = set(), set()
    real_make, real_blit = typeface.font_for_text, fonts.blit

    def making(text, size, weight="regular"):
        made.add(text)                    # asked only for a text not rendered yet
        return real_make(text, size, weight)

    def blitting(surface, text, *args, **kwargs):
        if any(name == "header" for _, name in fonts.current_boxes()):
            in_header.add(text)
        return real_blit(surface, text, *args, **kwargs)

    monkeypatch.setattr(typeface, "font_for_text", making)
    monkeypatch.setattr(fonts, "blit", blitting)
    while not match.is_over():
        seat = match.to_act()[0]
        play.propose(seat, make_bot(game, seat, "random", match.seq).choose(match.view(seat)))
        app.step(1 / 60)
        app.step(1 / 60)
    assert any("last round" in text for text in in_header)
    assert len(in_header) > 10
    assert not in_header & made, f"made in a move's frame: {sorted(in_header & made)}"
