"""The Metro board's interactions: completed lines animate and their points fly to the owner,
controllers hot-plug (an unplugged seat pauses and says so), share exchanges, rotation and
hand choice from the keyboard, language/font switching."""

from __future__ import annotations

import time

import pygame

from game.bots.base import make_bot
from game.client import fonts, text
from game.client import typeface
from game.client.games.metro.geometry import square_rect
from game.client.screens.play import PlayScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from tests.patience import PATIENCE
from tests.test_client_support import (VIRTUAL_PAD, click, frames, key, make_app, pad_added,
                                       pad_button, pad_hat, pad_removed)

GAME = get_game("metro")


def _match(variants, seats, moves, seed=5):
    match = Match.new(GAME, GAME.make_config(len(seats), variants), seed, seats)
    bots = [make_bot(GAME, s, "random", s + 1) for s in range(len(seats))]
    while match.seq < moves or match.to_act() != (0,):
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def _until_turn(app, match, seat):
    # the bots think in helper processes: wait by the clock (headless frames are not paced)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if match.to_act() == (seat,):
            return
        frames(app, 5)
    raise AssertionError("the bots did not finish their turn")


def _humans(n, devices=None):
    devices = devices or ["mouse+keyboard"] * n
    return [SeatInfo(f"P{i}", "human", device=devices[i], colour=i) for i in range(n)]


def test_completed_line_animates_and_points_fly_to_owner(tmp_path):
    app = make_app(tmp_path)
    try:
        for seed in range(1, 40):
            match = _match([], _humans(1) + [SeatInfo("B", "bot", level="random")], 20, seed)
            scoring = None
            for move in GAME.legal_moves(match.state, 0):
                trial = GAME.clone(match.state)
                events = GAME.play(trial, 0, move)
                done = [e for e in events if e["kind"] == "line_completed" and e["owner"] == 0]
                if done:
                    scoring = (move, done)
                    break
            if scoring:
                break
        assert scoring, "no seed gave a scoring move"
        move, done = scoring
        play = PlayScreen(app, match)
        app.push(play)
        frames(app, 1)
        before = match.state.scores[0]
        assert play.propose(0, move)
        gained = sum(e["points"] for e in done)
        assert match.state.scores[0] == before + gained
        assert play.board.busy() and len(play.board.anims) >= len(done)
        assert play.board.shown_score(0) == before          # the points are still flying
        frames(app, 30)
        assert play.board.busy()
        frames(app, 150)
        assert not play.board.busy()
        assert play.board.shown_score(0) == before + gained   # and have landed
    finally:
        app.shutdown()


def test_controller_unplug_pauses_seat_and_replug_resumes(tmp_path):
    app = make_app(tmp_path, animations=False)
    try:
        pad_added(app)
        match = _match([], _humans(1, ["pad1"]) + [SeatInfo("B", "bot", level="random")], 4)
        play = PlayScreen(app, match)
        app.push(play)
        frames(app, 2)
        col0, row0 = play.board.cursor[0]       # it starts on a legal square
        pad_hat(app, (1, 0))
        assert play.board.cursor[0] == [col0 + 1, row0]
        pad_removed(app)
        assert play.seat_paused(0)
        assert "unplugged" in play.seat_status(0)
        assert "P0" in app.toasts.latest() or "disconnected" in app.toasts.latest()
        pad_hat(app, (1, 0))                    # a stale event of the unplugged pad: ignored
        assert play.board.cursor[0] == [col0 + 1, row0]
        seq = match.seq
        frames(app, 20)
        assert match.seq == seq                 # the game waits for the seat
        pad_added(app, instance_id=VIRTUAL_PAD + 1, device_index=18)   # another controller
        assert app.input.is_connected("pad1") and not play.seat_paused(0)
        pad_hat(app, (1, 0), instance_id=VIRTUAL_PAD + 1)
        assert play.board.cursor[0] == [col0 + 2, row0]
        target = sorted(play.board.legal_squares(0))[0]
        col, row = target % 8, target // 8
        play.board.cursor[0] = [col, row]
        pad_button(app, 0, instance_id=VIRTUAL_PAD + 1)
        assert match.seq == seq + 1
        # unplugged again: confirm on the keyboard hands the seat to keyboard + mouse
        pad_removed(app, instance_id=VIRTUAL_PAD + 1)
        _until_turn(app, match, 0)
        assert play.seat_paused(0)
        key(app, pygame.K_RETURN)
        assert match.seats[0].device == "mouse+keyboard"
        assert not play.seat_paused(0)
    finally:
        app.shutdown()


def test_share_exchange_from_keyboard_and_mouse(tmp_path):
    app = make_app(tmp_path, animations=False)
    try:
        match = _match(["companies"], _humans(1) + [SeatInfo("B", "bot", level="random"),
                                                    SeatInfo("C", "bot", level="random")], 3)
        play = PlayScreen(app, match)
        app.push(play)
        frames(app, 1)
        shares_before = list(match.state.shares[0])
        key(app, pygame.K_c)
        assert play.board.exchange_form is not None
        key(app, pygame.K_ESCAPE)               # cancel closes the panel, no pause menu
        assert play.board.exchange_form is None and app.top is play
        key(app, pygame.K_c)
        key(app, pygame.K_DOWN)                 # the second choice: take from the pile
        key(app, pygame.K_RETURN)
        assert match.log[-1].move.startswith("swap:") and match.log[-1].move.endswith(":down")
        assert len(match.state.shares[0]) == len(shares_before)
        _until_turn(app, match, 0)
        rect = play.board.button_rect("exchange", 0)
        click(app, rect.center)
        assert play.board.exchange_form is not None
        click(app, play.board.exchange_form.items[0].rect.center)
        assert match.log[-1].move.endswith(":up")
    finally:
        app.shutdown()


def test_rotation_and_hand_choice(tmp_path):
    app = make_app(tmp_path)
    try:
        match = _match(["orientation", "hand3"], _humans(1) + [
            SeatInfo("B", "bot", level="random")], 6)
        play = PlayScreen(app, match)
        app.push(play)
        frames(app, 1)
        hand = list(match.state.hands[0])
        key(app, pygame.K_TAB)
        assert play.board.current_tile(0) == hand[1]
        key(app, pygame.K_3)
        assert play.board.current_tile(0) == hand[2]
        key(app, pygame.K_r)
        key(app, pygame.K_r)
        assert play.board.rotation[0] == 2
        legal = sorted(play.board.legal_squares(0))
        assert legal == GAME.legal_squares(match.state, 0, hand[2], 2)
        click(app, square_rect(legal[0]).center)
        assert match.log[-1].move == f"{hand[2]}@{match.log[-1].move.split('@')[1]}"
        assert match.log[-1].move.endswith("/2")
    finally:
        app.shutdown()


def test_language_switch_picks_a_font_for_the_script(tmp_path):
    app = make_app(tmp_path)
    try:
        match = _match([], _humans(1) + [SeatInfo("B", "bot", level="random")], 2)
        app.push(PlayScreen(app, match))
        for lang in ("ko", "ja", "zh-TW", "th", "ru", "en"):
            text.set_language(lang)
            frames(app, 1)
            path = str(typeface._path_for("regular"))
            expected = {"ko": "KR", "ja": "JP", "zh-TW": "TC", "th": "KurintoSans-",
                        "ru": "SourceSans3", "en": "SourceSans3"}[lang]
            assert expected in path
        # untranslated keys fall back to English rather than showing the key
        # a name in another script than the interface still gets real glyphs
        text.set_language("ko")
        assert typeface._missing(fonts.font(20), "ไทย") == 3
        assert typeface._missing(fonts.font_for_text("ไทย", 20), "ไทย") == 0
        assert typeface._missing(fonts.font_for_text("안나", 20), "안나") == 0
        mixed = fonts.render("안나, ไทย", 20, (255, 255, 255))   # no single font has both
        assert mixed.get_width() > fonts.render("안나", 20, (255, 255, 255)).get_width()
        text._load("en")["test.only_in_english"] = "Only {what}"
        text.set_language("ko")
        assert text.t("test.only_in_english", what="English") == "Only English"
        assert text.t("test.missing_everywhere") == "test.missing_everywhere"
    finally:
        text._load("en").pop("test.only_in_english", None)
        text.set_language("en")
        app.shutdown()


def test_tile_sprites_draw_exactly_the_engines_tracks():
    from game.client import sprites
    from game.rules.metro.tiles import TYPES, connections, rotate

    for code in TYPES:
        for rot in range(4):
            partner = connections(rotate(code, rot))
            engine_pairs = {tuple(sorted((e, partner[e]))) for e in range(8)}
            drawn = {tuple(sorted(pair)) for pair in sprites.pairs(code, rot)}
            assert drawn == engine_pairs, (code, rot)
    # a track starts and ends on its endpoints
    pts = sprites.track_points(0, 5, (0, 0), 90)
    assert pts[0] == (30.0, 0.0) and pts[-1] == (30.0, 90.0)
