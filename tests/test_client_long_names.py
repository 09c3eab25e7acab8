"""The widest names the setup screen takes (14 characters: "WWWWWWWWWWWWWW", "MMMMMMMMMMMMMM"
and a CJK name) on every board at its fullest table, in three scripts of the interface:
Metro with companies at 6 and 4 players (seat rows beside "4 shares", the "…'s hand" title),
Metromania at 4 (name beside the score), Railroad Ink with one, two and four local humans at
4, 6 and 8 players (pane titles, chips, side sheets) and a paused split-screen pane. The
language test's probe fails on any text out of its box, off the screen or overlapping another.
"""

from __future__ import annotations

import pytest

from game.bots.base import make_bot
from game.client import text
from game.client.screens.play import PlayScreen
from game.client.screens.setup import SetupScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.test_client_support import make_app
from tests.test_i18n import TextProbe

NAMES = ["WWWWWWWWWWWWWW", "MMMMMMMMMMMMMM", "東京メトロ銀座線太郎花子"]

# (game, players, variants, local humans, moves played before drawing)
TABLES = [("metro", 6, ["companies"], 1, 24), ("metro", 4, ["companies"], 2, 12),
          ("metromania", 4, [], 1, 12), ("railroad-ink", 8, [], 1, 40),
          ("railroad-ink", 8, [], 4, 40), ("railroad-ink", 6, ["meteor"], 4, 30),
          ("railroad-ink", 4, [], 4, 20), ("railroad-ink", 2, [], 2, 10)]


def _table(game_name, players, variants, humans, moves, paused=False) -> Match:
    game = get_game(game_name)
    seats = []
    for seat in range(players):
        name = NAMES[seat % len(NAMES)]
        if seat < humans:
            device = "pad9" if paused and seat == 1 else "mouse+keyboard"
            seats.append(SeatInfo(name, "human", device=device, colour=seat))
        else:
            seats.append(SeatInfo(name, "bot", level="easy", colour=seat))
    match = Match.new(game, game.make_config(players, variants), 7, seats)
    bots = [make_bot(game, s, "random", s + 1) for s in range(players)]
    for _ in range(3000):
        acting = match.to_act()
        if match.seq >= moves and 0 in acting:
            break
        seat = acting[match.seq % len(acting)]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


@pytest.mark.parametrize("lang", ["en", "ja", "th"])
def test_long_names_stay_in_their_boxes_on_every_board(tmp_path, monkeypatch, lang):
    probe = TextProbe()
    probe.install(monkeypatch)
    app = make_app(tmp_path, language=lang)
    text.set_language(lang)
    try:
        stacks = [(f"{g} {p}p {h} humans {v}", _table(g, p, v, h, m))
                  for g, p, v, h, m in TABLES]
        stacks.append(("railroad-ink paused pane", _table("railroad-ink", 4, [], 4, 8, True)))
        for name, match in stacks:
            play = PlayScreen(app, match)
            play.board.update(0.1)
            if "paused" in name:
                assert play.board._paused(1)      # its card is drawn and probed too
            probe.start(lang, name)
            probe.draw_stack(app, [play])
        setup = SetupScreen(app, "railroad-ink", {"players": 8, "seats": [
            {"name": NAMES[i % 3], "who": "human:mouse+keyboard" if i < 4 else "bot:easy",
             "colour": i} for i in range(8)]})
        probe.start(lang, "setup railroad-ink with four humans")
        probe.draw_stack(app, [setup])
        assert probe.boxed > 200      # the boards' texts really went through the probe
        problems = probe.problems + [o[5] for o in probe.overlaps]
        assert not problems, "\n".join(sorted(set(problems))[:40])
    finally:
        app.stack = []
        text.set_language("en")
        app.shutdown()
