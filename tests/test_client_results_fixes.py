"""The evening holds up (issue 12): the results screen is not thrown away by a key meant for
the screen before it, a resumed hotseat game with secret hands opens on "Pass to <name>", the
launch offers only games a crash interrupted (not those left from the menu), a named save and
its autosave list as one game, finished games list their winner and named scores, and scores
read right (a solo game's final score, a win below zero, Metro's doubled centre lines)."""

from __future__ import annotations

import pygame
import pytest

from game.bots.base import make_bot
from game.client.screens import results as results_module
from game.client.screens.pass_device import PassDeviceScreen
from game.client.screens.pause import PauseScreen
from game.client.screens.play import PlayScreen
from game.client.save_info import heading_text, outcome_text, scores_text
from game.client.screens.resume import ResumeScreen
from game.client.screens.results import ResultsScreen
from game.client.screens.saves_menu import SaveAsScreen, SavesMenuScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.match import Match, SeatInfo
from game.rules import get_game
from game.saves import (list_replays, list_resumable, name_game, read_save, save_as,
                        start_autosave)
from tests.test_client_support import click, frames, key, make_app


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


def _seats(players: int, humans: int = 1) -> list[SeatInfo]:
    names = ["Ann", "Bob", "Cid", "Dee"]
    return [SeatInfo(names[i], "human", device="mouse+keyboard", colour=i) if i < humans
            else SeatInfo(names[i], "bot", level="random", colour=i) for i in range(players)]


def _play(match: Match, until=None, limit: int = 5000) -> Match:
    """Random moves until the game is over (or ``until(match)`` holds)."""
    bots = [make_bot(match.game, s, "random", s + match.seed) for s in range(len(match.seats))]
    for _ in range(limit):
        if match.is_over() or (until is not None and until(match)):
            break
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def _finished(name: str, players: int, seed: int, humans: int = 1) -> Match:
    game = get_game(name)
    return _play(Match.new(game, game.make_config(players, []), seed, _seats(players, humans)))


# --------------------------------------------------------------------------------------------
# Item 3: one Enter too many does not throw the results away
# --------------------------------------------------------------------------------------------


def test_results_ignore_input_for_a_beat_and_focus_no_button(app):
    match = _finished("metro", 3, 5)
    app.push(TitleScreen(app))
    screen = ResultsScreen(app, match)
    app.push(screen)
    frames(app, 1)
    assert screen.form.focused is None                # no button waits for a stray Enter
    key(app, pygame.K_RETURN)                         # the Enter meant for the last screen
    click(app, screen.form.item("rematch").rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is screen                          # (the pointer may have moved the focus)
    frames(app, results_module.ARMING_FRAMES + 2)
    screen.form.clear_focus()
    for _ in range(3):
        key(app, pygame.K_RETURN)                     # Enter alone picks nothing
    assert app.top is screen and screen.form.focused is None
    key(app, pygame.K_RIGHT)                          # a deliberate choice: the first button
    assert screen.form.focused.key == "rematch"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScreen)


def test_a_confirm_key_held_from_the_last_screen_waits_for_its_release(app, monkeypatch):
    held = {"down": True}
    monkeypatch.setattr(results_module, "confirm_keys_held", lambda: held["down"])
    app.push(TitleScreen(app))
    screen = ResultsScreen(app, _finished("metro", 2, 3))
    app.push(screen)
    screen.form.focus_on("title")                     # (as if picked with the arrows)
    frames(app, 120)                                  # long past the beat, the key still down
    for _ in range(5):
        key(app, pygame.K_RETURN)                     # its auto-repeat
    assert app.top is screen
    held["down"] = False                              # released
    frames(app, 1)
    key(app, pygame.K_RETURN)                         # a fresh press: Title (focused)
    assert isinstance(app.top, TitleScreen)


def test_skipping_metromanias_test_trips_with_enter_does_not_skip_the_results(app):
    game = get_game("metromania")
    match = Match.new(game, game.make_config(2, []), 8, _seats(2, humans=0))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(TitleScreen(app))
    app.push(play)
    _play(match)
    assert match.is_over() and app.settings["animations"]
    for _ in range(400):                              # Enter, Enter, Enter through the trips
        if isinstance(app.top, ResultsScreen):
            break
        key(app, pygame.K_RETURN, n=2)
    results = app.top
    assert isinstance(results, ResultsScreen)
    for _ in range(12):                               # and a few more in the same rhythm
        key(app, pygame.K_RETURN, n=2)
    assert app.top is results


# --------------------------------------------------------------------------------------------
# Item 6: scores that read right
# --------------------------------------------------------------------------------------------


def test_a_solo_game_has_a_final_score_not_a_winner(app):
    match = _finished("railroad-ink", 1, 4)
    screen = ResultsScreen(app, match)
    score = match.scores()["scores"][0]
    shown = f"−{-score}" if score < 0 else str(score)
    assert screen.headline() == (t("results.final_score", score=shown), "")
    assert "Ann" not in screen.headline()[0]


def test_a_win_below_zero_or_by_tie_break_says_so(app):
    match = _finished("metromania", 2, 8)
    screen = ResultsScreen(app, match)
    scores = screen.result["scores"]
    best = scores[screen.winners[0]]
    assert best < 0                                   # this seed ends below zero for everyone
    title, note = screen.headline()
    assert title == t("results.winner", name=screen.seat_name(screen.winners[0]))
    assert note == t("results.below_zero", score=f"−{-best}")
    # level on points, one winner: the tie-break decided
    screen.result = dict(screen.result, scores=[7, 7])
    screen.winners = [1]
    assert screen.headline()[1] == t("results.tie_broken", score="7")
    # a plain win needs no note
    screen.result = dict(screen.result, scores=[3, 9])
    assert screen.headline() == (t("results.winner", name="Bob"), "")


def test_metro_centre_chips_show_the_doubled_points_and_what_was_doubled(app, monkeypatch):
    match = _finished("metro", 3, 5)
    centre = [ln for ln in match.scores()["lines"] if ln["centre"] and ln["done"]]
    assert centre, "seed 5 has lines into the centre"
    from game.client.games.metro import results as metro_results

    asked = []
    real_t = metro_results.t

    def spy(key_, **kwargs):
        asked.append((key_, kwargs))
        return real_t(key_, **kwargs)

    monkeypatch.setattr(metro_results, "t", spy)        # Metro's own breakdown (its kit)
    screen = ResultsScreen(app, match)
    app.push(screen)
    frames(app, 1)
    chips = [kw for k, kw in asked if k == "results.centre_chip"]
    assert chips and all(kw["points"] == 2 * kw["half"] for kw in chips)
    assert real_t("results.centre_chip", station=12, points=36, half=18) == "12: 36 (18×2)"


# --------------------------------------------------------------------------------------------
# Item 4: hotseat secrecy on resume
# --------------------------------------------------------------------------------------------


def test_resuming_a_hotseat_game_with_secret_hands_shows_the_pass_screen_first(tmp_path):
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 31, _seats(2, humans=2))
    saver = start_autosave(match, durable=False)
    _play(match, until=lambda m: m.seq >= 6 and m.to_act() == (0,))
    assert match.to_act() == (0,) and not match.is_over()
    saver.close()                                     # the crash: no leave, no marker

    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        assert isinstance(app.top, ResumeScreen)
        drawn_for = []
        real_draw = PlayScreen.draw

        def spy(self, surface):
            drawn_for.append(self.board.viewer)
            real_draw(self, surface)

        PlayScreen.draw = spy
        try:
            key(app, pygame.K_RETURN)                 # Continue
            frames(app, 3)
            play = app.find(PlayScreen)
            assert play is not None and play.match.seq == match.seq
            assert isinstance(app.top, PassDeviceScreen) and app.top.seat == 0
            assert play.viewer is None and all(v is None for v in drawn_for)
            key(app, pygame.K_RETURN)                 # Ann takes the device
            frames(app, 1)
        finally:
            PlayScreen.draw = real_draw
        assert app.top is play and play.viewer == 0 and drawn_for[-1] == 0
    finally:
        app.shutdown()


def test_a_new_hotseat_game_passes_first_and_a_single_human_starts_on_the_hand(app):
    # issue 26: with secret hands and two humans at the screen, even a new game opens on
    # "Pass to Ann" (whoever set the table up may be looking); one human sees the hand at once
    game = get_game("metro")
    two = PlayScreen(app, Match.new(game, game.make_config(2, []), 3, _seats(2, humans=2)),
                     {"autosave": False})
    one = PlayScreen(app, Match.new(game, game.make_config(2, []), 3, _seats(2, humans=1)),
                     {"autosave": False, "resumed": "x"})
    assert two.viewer is None and one.viewer == 0


# --------------------------------------------------------------------------------------------
# Item 5: the resume prompt and the saves list
# --------------------------------------------------------------------------------------------


def _start_game(app, seed=7) -> PlayScreen:
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), seed, _seats(2, humans=1))
    play = PlayScreen(app, match)
    app.push(play)
    _play(match, until=lambda m: m.seq >= 5)
    frames(app, 1)
    return play


def _pause_choose(app, item_key: str) -> None:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScreen)
    pause.form.focus_on(item_key)
    key(app, pygame.K_RETURN)


def test_quit_to_title_keeps_the_game_without_the_crash_prompt(tmp_path):
    first = make_app(tmp_path)
    try:
        first.push(TitleScreen(first))
        frames(first, 1)
        play = _start_game(first)
        moves = play.match.seq
        _pause_choose(first, "title")
        assert isinstance(first.top, TitleScreen)
    finally:
        first.shutdown()
    [kept] = list_resumable()
    assert kept.moves == moves and kept.left and not kept.interrupted

    second = make_app(tmp_path)
    try:
        second.push(TitleScreen(second))
        frames(second, 2)
        assert isinstance(second.top, TitleScreen)    # no "Tracklayer stopped" after a Quit
        click(second, second.top.form.item("saves").rect.center)
        menu = second.top
        assert isinstance(menu, SavesMenuScreen) and len(menu.rows) == 1
        key(second, pygame.K_RETURN)                  # still there to continue
        resumed = second.top
        assert isinstance(resumed, PlayScreen) and resumed.match.seq == moves
        assert not read_save(kept.path).left          # resumed: a crash now would be offered
    finally:
        second.shutdown()                             # closing the window is a clean quit too
    assert list_resumable()[0].left


def test_quit_and_crash_tell_apart_and_the_prompt_counts_only_crashes(tmp_path):
    first = make_app(tmp_path)
    try:
        _start_game(first, seed=1)
        _pause_choose(first, "quit")                  # Quit from the pause menu
        assert not first.running
    finally:
        first.shutdown()
    crashed = []
    for seed in (2, 3):                               # two games a crash interrupted
        game = get_game("metro")
        match = Match.new(game, game.make_config(2, []), seed, _seats(2))
        saver = start_autosave(match, durable=False)
        _play(match, until=lambda m: m.seq >= 4)
        saver.close()
        crashed.append(saver.path)
    assert len(list_resumable()) == 3
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        prompt = app.top
        assert isinstance(prompt, ResumeScreen)
        assert sorted(info.path for info in prompt.infos) == sorted(crashed)
        key(app, pygame.K_ESCAPE)                     # Back: keep them for later
        assert isinstance(app.top, TitleScreen)
    finally:
        app.shutdown()
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        frames(app, 1)
        assert isinstance(app.top, TitleScreen)       # answered once, not asked again
        assert len(list_resumable()) == 3
    finally:
        app.shutdown()


def test_a_game_left_before_its_first_move_leaves_no_save(app):
    game = get_game("metro")
    app.push(TitleScreen(app))
    app.push(PlayScreen(app, Match.new(game, game.make_config(2, []), 4, _seats(2))))
    frames(app, 1)
    assert len(list_resumable()) == 1
    _pause_choose(app, "title")
    assert list_resumable() == []


def test_save_as_names_the_game_and_old_copies_list_with_their_autosave(app):
    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 9, _seats(2))
    saver = start_autosave(match, durable=False)
    _play(match, until=lambda m: m.seq >= 4)
    copy = save_as(match, "Before the big move")      # an older version's named copy...
    _play(match, until=lambda m: m.seq >= 8)          # ...while the autosave went on
    other = Match.new(game, game.make_config(2, []), 9, _seats(2))   # same seed, other moves
    other_saver = start_autosave(other, durable=False)
    bot = make_bot(game, 0, "random", 999)
    other.apply(0, bot.choose(other.view(0)))
    if other.log[0].hash == match.log[0].hash:
        pytest.skip("the two games happened to start alike")
    saver.close()
    other_saver.close()
    infos = list_resumable()
    assert len(infos) == 2                            # the copy is not a game of its own
    [merged] = [info for info in infos if info.path == saver.path]
    assert merged.label == "Before the big move" and merged.also == [copy]
    assert merged.moves == match.seq
    assert heading_text(merged) == t("game.metro") + " · Before the big move"

    # deleting the entry deletes the game's files, not the other game
    menu = SavesMenuScreen(app)
    app.push(menu)
    menu.select(menu.rows.index(next(r for r in menu.rows if r.path == saver.path)))
    key(app, pygame.K_x)
    key(app, pygame.K_x)
    assert not saver.path.exists() and not copy.exists() and other_saver.path.exists()

    # Save as… now names the autosaved game itself: still one file, one entry
    other_saver.detach(other)
    other_saver.path.unlink()
    play = PlayScreen(app, other, {"autosave": False})
    play.autosaver = start_autosave(other, durable=False)
    app.push(play)
    _pause_choose(app, "save_as")
    assert isinstance(app.top, SaveAsScreen)
    key(app, pygame.K_RETURN)                         # Save, default name
    names = [(info.path, info.label) for info in list_resumable()]
    assert len(names) == 1 and names[0][0] == play.autosaver.path and names[0][1]
    assert name_game(other, "Evening") == play.autosaver.path
    assert list_resumable()[0].label == "Evening"


def test_finished_games_are_listed_with_winner_and_named_scores(app):
    game = get_game("metro")
    match = Match.new(game, game.make_config(3, []), 5, _seats(3))
    start_autosave(match, durable=False)
    _play(match)
    [info] = list_replays()
    winner = match.game.winners(match.state)[0]
    name = match.seats[winner].name
    assert outcome_text(info) == t("saves.won_by", name=name)
    assert heading_text(info) == t("game.metro") + " · " + t("saves.won_by", name=name)
    scores = match.scores()["scores"]
    best = max(range(3), key=lambda s: (scores[s], -s))
    assert scores_text(info).startswith(f"{match.seats[best].name} {scores[best]}")
    assert all(seat.name in scores_text(info) for seat in match.seats)
    menu = SavesMenuScreen(app, "replays")
    app.push(menu)
    frames(app, 1)                                    # draws without a problem


def test_the_left_record_stands_only_while_no_move_follows(tmp_path):
    from game.saves import Autosaver, resume

    game = get_game("metro")
    match = Match.new(game, game.make_config(2, []), 6, _seats(2))
    saver = start_autosave(match, durable=False)
    _play(match, until=lambda m: m.seq >= 3)
    saver.leave(match)
    assert read_save(saver.path).left and saver not in match.listeners
    loaded = resume(saver.path, durable=False)        # resuming rewrites the file without it
    assert isinstance(loaded.autosaver, Autosaver) and not read_save(saver.path).left
    assert loaded.match.hash() == match.hash()
