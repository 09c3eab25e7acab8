"""The replay viewer's hidden-information panel and its controls, headless.

* What the panel says is hidden is the truth of the full state, for every seat at once:
  Metro's hands and stack order (the tile marked "next" is the one drawn next), with companies
  the shares and the top card of each face-down pile; Metromania's marker letters in the
  Unfair Municipality variant (which a view hides) and nothing in the base game; Railroad
  Ink's next roll, equal to the dice the next round really shows, meteor dice included.
* The panel draws those pictures (every seat's, not only the seat the board shows).
* Scrubbing by dragging the knob with the mouse, and damaged or foreign replay files opened
  from the Load / Replays menu: a message or the verified part, never a crash.
"""

from __future__ import annotations

import json

import pygame
import pytest

from game.bots.base import make_bot
from game.client.screens import replay_viewer
from game.client.games import kit
from game.client.games.hidden import Item
from game.client.games.railroad_ink.kit import next_roll


def hidden_info(game, state):
    return kit(game.name).hidden_info(game, state)
from game.client.screens.replay_viewer import SCRUB, ReplayViewerScreen, open_replay
from game.client.screens.saves_menu import SavesMenuScreen
from game.match import Match, SeatInfo
from game.rules import get_game
from game.saves import Replay, replays_dir, start_autosave
from tests.test_client_support import click, frames, key, make_app


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


def _saved(name: str, variants: list, players: int, moves: int = 10_000, seed: int = 7):
    """A game of random bots autosaved move by move; the path of its file."""
    game = get_game(name)
    seats = [SeatInfo(f"P{i + 1}", "bot", level="random", colour=i) for i in range(players)]
    match = Match.new(game, game.make_config(players, variants), seed, seats)
    saver = start_autosave(match, durable=False)
    bots = [make_bot(game, s, "random", s + seed) for s in range(players)]
    for _ in range(moves):
        acting = match.to_act()
        if not acting:
            break
        seat = acting[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    saver.close()
    return saver.path


# --------------------------------------------------------------------------------------------
# What is hidden: the truth of the full state
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variants", [[], ["companies", "hand2"]])
def test_metro_hands_stack_order_and_share_piles(variants):
    replay = Replay.open(_saved("metro", variants, 4, moves=40))
    game = replay.game
    draws = 0
    for index in range(len(replay)):
        state, after = replay.state_at(index), replay.state_at(index + 1)
        hidden = hidden_info(game, state)
        for seat in range(4):
            tiles = [i.value for i in hidden.holdings[seat] if i.kind == "tile"]
            cards = [i.value for i in hidden.holdings[seat] if i.kind == "card"]
            assert tiles == state.hands[seat]
            assert cards == ([tuple(c) for c in state.shares[seat]] if state.companies else [])
            if state.hands[seat]:   # really hidden: another seat's view has placeholders
                assert game.view(state, (seat + 1) % 4).hands[seat] != state.hands[seat]
        stack = hidden.strips[0]
        assert stack.mark_next and stack.args == {"n": len(state.stack)}
        assert [i.value for i in stack.items] == state.stack[::-1]
        # the tile marked "next" is the one that leaves the stack with the next draw
        if len(after.stack) < len(state.stack):
            draws += 1
            drawn = stack.items[0].value
            held = [t for hand in after.hands for t in hand] + [after.pending]
            placed = [cell[0] for cell in after.board if cell is not None]
            assert drawn in held + placed
            assert after.stack == state.stack[:-1]
        if "companies" in variants:
            piles = hidden.strips[1]
            assert [(i.value, i.count) for i in piles.items] == \
                [(tuple(p[0]), len(p)) for p in state.piles if p]
        else:
            assert len(hidden.strips) == 1
    assert draws > 10


def test_metro_empty_stack_says_so():
    replay = Replay.open(_saved("metro", [], 2))
    assert replay.finished
    hidden = hidden_info(replay.game, replay.state_at(len(replay)))
    assert hidden.strips[0].title == "replay.stack_empty" and not hidden.strips[0].items


def test_metromania_unfair_letters_and_base_game_nothing_hidden():
    replay = Replay.open(_saved("metromania", ["unfair"], 3, moves=30))
    game = replay.game
    state = replay.state_at(6)
    hidden = hidden_info(game, state)
    assert [[i.value for i in items] for items in hidden.holdings] == state.hands
    assert all(i.kind == "marker" for items in hidden.holdings for i in items)
    spectator = game.view(state, None)
    assert all(k.startswith("?") for hand in spectator.hands for k in hand)   # hidden in play
    plain = Replay.open(_saved("metromania", [], 2, moves=6))
    hidden = hidden_info(plain.game, plain.state_at(3))
    assert hidden.holdings is None and not hidden.strips
    assert hidden.note == "replay.nothing_hidden"


@pytest.mark.parametrize("variants", [[], ["meteor"]])
def test_railroad_ink_next_roll_is_the_roll_that_comes(variants):
    replay = Replay.open(_saved("railroad-ink", variants, 2))
    game = replay.game
    assert replay.finished
    checked = 0
    previous = replay.state_at(0)
    for index in range(1, len(replay) + 1):
        state = replay.state_at(index)
        if state.round != previous.round and not state.over:
            # the round just rolled: the panel of the move before foretold exactly these dice
            strip = hidden_info(game, previous).strips[0]
            assert strip.title == "replay.next_roll"
            assert strip.args == {"n": state.round, "total": state.rounds}
            assert [i.value for i in strip.items] == state.dice
            assert next_roll(game, previous) == (state.round, state.dice, state.meteor)
            if "meteor" in variants:
                assert strip.extra == "ri.meteor"
                assert strip.extra_args == {"direction": state.meteor[0],
                                            "distance": state.meteor[1]}
            checked += 1
        previous = state
    assert checked == previous.rounds - 1
    last = hidden_info(game, replay.state_at(len(replay)))
    assert last.strips[0].title == "replay.no_more_rolls" and not last.strips[0].items


# --------------------------------------------------------------------------------------------
# The panel draws it
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", [("metro", ["companies"], 4), ("metromania", ["unfair"], 4),
                                  ("railroad-ink", ["meteor"], 3)])
def test_panel_draws_every_seats_secrets(app, monkeypatch, case):
    name, variants, players = case
    path = _saved(name, variants, players, moves=12)
    assert open_replay(app, path) is None
    viewer = app.top
    drawn: list[Item] = []
    game_kit = kit(name)
    real = game_kit.draw_hidden_item
    monkeypatch.setattr(game_kit, "draw_hidden_item",
                        lambda surface, item, rect: (drawn.append(item), real(surface, item,
                                                                              rect)))
    viewer.go_to(7)
    viewer.seen = 0
    viewer.cycle_seen(0)
    frames(app, 1)
    hidden = hidden_info(viewer.game, viewer.match.state)
    for seat, items in enumerate(hidden.holdings or []):
        for item in items:
            assert item in drawn, (seat, item)
    for strip in hidden.strips:
        assert strip.items and strip.items[0] in drawn
    # the panel keeps its layout while scrubbing, and the move list keeps a few rows
    top = viewer._moves_top()
    viewer.go_to(viewer.total)
    frames(app, 1)
    assert viewer._moves_top() == top and len(viewer._move_rows()) >= 2


# --------------------------------------------------------------------------------------------
# Controls and damaged files
# --------------------------------------------------------------------------------------------


def _motion(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.run(frames=1)


def test_drag_the_knob_to_scrub(app, monkeypatch):
    assert open_replay(app, _saved("metro", [], 2, moves=40)) is None
    viewer = app.top
    total = viewer.total
    held = [True]
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a: (held[0], False, False))
    click(app, (SCRUB.x, SCRUB.centery))
    assert viewer.index == 0 and viewer.dragging
    _motion(app, (SCRUB.x + SCRUB.width // 4, SCRUB.centery))
    assert viewer.index == round(total / 4)
    _motion(app, (SCRUB.centerx, SCRUB.y - 80))          # off the bar: the drag goes on
    assert viewer.index == round(total / 2)
    _motion(app, (SCRUB.right + 200, SCRUB.centery))      # clamped at the end
    assert viewer.index == total
    held[0] = False
    _motion(app, (SCRUB.x + 5, SCRUB.centery))            # let go: moving does nothing
    assert viewer.index == total and not viewer.dragging
    held[0] = True
    _motion(app, (SCRUB.x + 5, SCRUB.centery))            # a press elsewhere is no drag
    assert viewer.index == total
    # the keyboard and wheel keep working after a drag
    key(app, pygame.K_LEFT)
    assert viewer.index == total - 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.run(frames=1)
    assert viewer.index == total


def test_damaged_and_foreign_replays_from_the_menu(app):
    path = _saved("metro", [], 2)
    folder = replays_dir()
    assert path.parent == folder
    lines = path.read_bytes().split(b"\n")
    record = json.loads(lines[9])
    record[3] = "f" * 32
    lines[9] = json.dumps(record).encode()
    path.write_bytes(b"\n".join(lines))               # damaged at move 9
    menu = SavesMenuScreen(app, "replays")
    app.push(menu)
    frames(app, 1)
    assert [info.path for info in menu.rows] == [path]
    key(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScreen)
    assert viewer.total == 8 and viewer.replay.damage.move == 9
    key(app, pygame.K_TAB)
    frames(app, 2)
    assert viewer.index == 8
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    # the file turns into something else after the list was read: a message, no viewer
    for data in (b"\x89PNG\r\n\x1a\n" + bytes(60), b"", path.read_bytes()[:40]):
        path.write_bytes(data)
        key(app, pygame.K_RETURN)
        assert app.top is menu and menu.message
        frames(app, 1)
    path.unlink()
    key(app, pygame.K_RETURN)
    assert app.top is menu and menu.message
    frames(app, 1)


def test_railroad_ink_meteor_skip_and_lava_moves_read_as_words():
    from game.client.screens.replay_viewer import move_label
    from game.client.text import t

    station = t("ri.face.special-station-corner")
    assert move_label("railroad-ink", "ignore-meteor:special-station-corner") == \
        t("replay.ri_ignore_meteor", face=station) and station in t(
            "replay.ri_ignore_meteor", face=station)
    assert move_label("railroad-ink", "meteor:W") == t("replay.ri_meteor", direction="W")
    assert move_label("railroad-ink", "skip:lake-1") == t("replay.ri_skip",
                                                          face=t("ri.face.lake-1"))
    assert move_label("railroad-ink", "erase@B3") == t("replay.ri_erase", cell="B3")
    assert move_label("railroad-ink", "crater@C4") == t("replay.ri_crater", cell="C4")
    assert move_label("railroad-ink", "skip:no-such-die") == "skip:no-such-die"
    for notation in ("ignore-meteor:special-rail-3", "meteor:N", "crater@A1", "erase@G7"):
        shown = move_label("railroad-ink", notation)
        assert shown != notation and "@" not in shown and "-" not in shown


METRO_MOVES = ["cbaa@H2", "cbcb@A8/3", "draw", "swap:blue:40:down", "swap:red:10:up"]


@pytest.mark.parametrize("lang", ["en", "ru", "ko", "th", "zh-TW", "ja"])
def test_metro_moves_read_as_words_in_every_language(lang):
    from game.client import text
    from game.client.screens.replay_viewer import move_label

    text.set_language(lang)
    try:
        shown = [move_label("metro", notation) for notation in METRO_MOVES]
        blue = text.t("metro.share", company=text.t("colour.blue"), pct=40)
        red = text.t("metro.share", company=text.t("colour.red"), pct=10)
        assert shown == [text.t("replay.metro_place", square="H2"),
                         text.t("replay.metro_place_turned", square="A8", degrees=270),
                         text.t("replay.metro_draw"),
                         text.t("replay.metro_swap_down", share=blue),
                         text.t("replay.metro_swap_up", share=red)]
        assert "H2" in shown[0] and "A8" in shown[1] and "270" in shown[1]
        assert blue in shown[3] and red in shown[4] and shown[3] != shown[4]
        for label in shown:     # no notation left: no type code, "@", "swap:" or "draw"
            assert not any(raw in label for raw in ("@", "cbaa", "cbcb", "swap", "draw", "/"))
        if lang == "en":
            assert shown[:3] == ["Tile · H2", "Tile · A8 · 270°", "Drew a tile"]
            assert shown[3:] == ["Exchange Blue 40% (face down)", "Exchange Red 10% (face up)"]
        else:                   # really translated, not the English words
            with_english = shown
            text.set_language("en")
            english = [move_label("metro", notation) for notation in METRO_MOVES]
            assert all(a != b for a, b in zip(with_english, english))
    finally:
        text.set_language("en")
    # what Metro cannot read stays as written
    assert move_label("metro", "swap:pink:10:up") == "swap:pink:10:up"
    assert move_label("metro", "zzzz@Q9") == "zzzz@Q9"


def test_metro_move_list_shows_the_words(app, monkeypatch):
    from game.client import fonts, text

    text.set_language("ja")
    try:
        assert open_replay(app, _saved("metro", ["companies", "orientation"], 3,
                                       moves=30)) is None
        viewer = app.top
        drawn: list[str] = []
        real = fonts.blit
        monkeypatch.setattr(fonts, "blit", lambda surface, s, *a, **k: (
            drawn.append(s), real(surface, s, *a, **k))[1])
        viewer.go_to(viewer.total)
        frames(app, 1)
        rows = [s for s in drawn if ". " in s and ": " in s]
        assert len(rows) >= 3
        assert not any("@" in row or "swap:" in row or "draw" in row for row in rows), rows
        assert any(text.t("replay.metro_place", square="") .split(" · ")[0] in row
                   for row in rows), rows
    finally:
        text.set_language("en")


def test_scrub_track_is_visible_before_it_is_dragged(app):
    # issue 12: the track only showed once dragged (dark on dark); the unplayed groove must
    # stand out from what is behind the bar (WCAG non-text contrast 3:1)
    from game.client import theme

    assert open_replay(app, _saved("metro", [], 2, moves=20)) is None
    viewer = app.top
    key(app, pygame.K_HOME)
    viewer.handle_jump(0)
    frames(app, 1)
    assert viewer.index == 0
    x = SCRUB.x + SCRUB.width * 3 // 4                    # well past the knob
    groove = app.surface.get_at((x, SCRUB.centery))[:3]
    behind = app.surface.get_at((x, SCRUB.y - 2))[:3]
    assert theme.contrast_ratio(groove, behind) >= 3.0, (groove, behind)
    # a released mouse button ends a drag at once
    click(app, (SCRUB.x + 10, SCRUB.centery))
    assert viewer.dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(SCRUB.x + 10,
                                                                   SCRUB.centery), button=1))
    frames(app, 1)
    assert not viewer.dragging
