"""LAN play in the client, headless, on 127.0.0.1 with ephemeral ports only (discovery is unicast
to 127.0.0.1, never broadcast): host a table in one App and join it from a second App through
synthetic events, play Metro moves through the play screens (both peers agree on seq and hash),
refusals shown in words, a lost connection with rejoin, the host leaving, and the host handing
a dropped player's seat to a bot."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.client.screens.netplay import NET_DEFAULTS, NetPlayScreen, parse_address, reason_text
from game.client.screens.find_tables import FindTablesScreen
from game.client.screens.lobby import HostLobbyScreen, LanGameChoiceScreen, LanSetupScreen
from game.client.screens.net_lobby import JoinedLobbyScreen
from game.client.screens.net_notice import ConnectionLostScreen, SeatDroppedScreen
from game.client.screens.title import TitleScreen
from game.client.text import illegal, t
from game.rules import rules_version
from game.rules.core import IllegalMove
from game.rules.metro.moves import Place
from net.protocol import messages as ids
from net.client import ClientConnection
from net.host import HostServer
from net.protocol.lobby import Slot
from tests.patience import PATIENCE
from tests.test_client_support import click, frames, key, make_app, text
from tests.lan_loopback import use_loopback

SHOTS = os.environ.get("LAN_SHOTS")     # a folder: save screenshots of every screen there


def shot(app, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        app.run(frames=1)             # the apps share one display: draw this one last
        app.screenshot(os.path.join(SHOTS, f"lan_{name}.png"))


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    use_loopback(monkeypatch, connect_timeout=2.0)


def until(condition, apps=(), seconds: float = PATIENCE, servers=()) -> None:
    """Run the apps (and pump the servers) until ``condition()`` holds (an event: never a
    claim on speed, see tests/patience.py)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting ({seconds:g} s)")
        for server in servers:
            server.pump(0.002)
        for app in apps:
            app.run(frames=1)
        # paced like real clients: a client's dial runs on a thread beside its frame loop,
        # and headless frames that spin without a pause can starve it
        time.sleep(0.002)


def leave_all(app) -> None:
    while app.stack:
        app.stack.pop().leave()


def host_app_table(app):
    """Title -> Host a LAN table -> Metro -> 2 seats (me + open) -> Open the table."""
    app.push(TitleScreen(app))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LanGameChoiceScreen)
    shot(app, "host_choice")
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, LanSetupScreen)
    assert setup.seats[1]["who"] == "open:"
    assert all(item.key != "seed" for item in setup.form.items)
    shot(app, "host_setup")
    click(app, setup.form.item("start").rect.center)
    lobby = app.top
    assert isinstance(lobby, HostLobbyScreen)
    return lobby


def join_app_find(app):
    app.push(TitleScreen(app))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    finder = app.top
    assert isinstance(finder, FindTablesScreen)
    return finder


def guest_plays_seat_2(guest, server):
    """The guest app finds the table, takes seat 2, says ready, the host starts: the guest's
    play screen."""
    from game.client.screens.netplay import NetPlayScreen

    finder = join_app_find(guest)
    finder.join("127.0.0.1", server.port)
    until(lambda: type(guest.top).__name__ == "JoinedLobbyScreen" and guest.top.mine == [1],
          apps=(guest,), servers=(server,))
    click(guest, guest.top.form.item("ready").rect.center)
    until(lambda: server.endpoint.can_start(), apps=(guest,), servers=(server,))
    assert server.start_game()
    until(lambda: isinstance(guest.top, NetPlayScreen), apps=(guest,), servers=(server,))
    return guest.top


def metro_click_move(app, play, seat: int, pick: int = 0) -> None:
    from game.client.games.metro.geometry import square_rect

    legal = sorted(play.board.legal_squares(seat))
    assert legal, "no legal square"
    click(app, square_rect(legal[pick % len(legal)]).center)


def test_host_and_join_through_screens_play_metro(tmp_path):
    host = make_app(tmp_path / "h")
    guest = make_app(tmp_path / "g", player_names=["Grace"])
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        assert server.discovery is not None
        NET_DEFAULTS["targets"] = [("127.0.0.1", server.discovery.port)]
        shot(host, "host_lobby_empty")

        finder = join_app_find(guest)
        until(lambda: finder.tables, apps=(host, guest))          # unicast discovery found it
        table = finder.tables[0]
        assert (table["host"], table["port"], table["game"]) == ("127.0.0.1", server.port,
                                                                "metro")
        assert table["open"] == 1
        shot(guest, "find_tables")
        assert finder.form.focused.key == "table:0"
        key(guest, pygame.K_RETURN)                                 # join the found table
        until(lambda: isinstance(guest.top, JoinedLobbyScreen), apps=(host, guest))
        joined = guest.top
        until(lambda: joined.mine == [1] and lobby.session.seats[1]["name"] == "Grace",
              apps=(host, guest))
        colour_item = joined.form.item("colour:1")
        first_colour = colour_item.value
        click(guest, (colour_item.rect.right - 12, colour_item.rect.centery))   # next colour
        assert joined.colours[1] == (first_colour + 1) % 8
        taken = lobby.session.seats[0]["colour"]
        left = (colour_item.rect.x + 10, colour_item.rect.centery)
        while joined.colours[1] != (taken + 1) % 8:
            click(guest, left)
        click(guest, left)                                            # skips the host's colour
        assert joined.colours[1] == (taken - 1) % 8
        until(lambda: lobby.session.seats[1]["colour"] == joined.colours[1],
              apps=(host, guest))
        shot(guest, "joined_lobby")
        key(host, pygame.K_RETURN)
        assert not lobby.session.can_start                          # Grace is not ready
        click(guest, joined.form.item("ready").rect.center)
        until(lambda: lobby.session.can_start, apps=(host, guest))
        assert lobby.session.seats[1]["ready"]
        shot(host, "host_lobby_ready")
        click(host, lobby.form.item("start").rect.center)
        until(lambda: isinstance(host.top, NetPlayScreen) and isinstance(guest.top,
                                                                          NetPlayScreen),
              apps=(host, guest))
        host_play, guest_play = host.top, guest.top
        assert host_play.human_seats() == [0] and guest_play.human_seats() == [1]
        assert guest_play.match.seats[0].kind == "remote"
        assert host_play.match.seed == guest_play.match.seed

        # an illegal click is refused with its reason and changes nothing (a fair table
        # deals first: the first seat acts once its tile is drawn)
        until(lambda: host_play.match.to_act() and guest_play.match.to_act(),
              apps=(host, guest))
        seat = host_play.match.to_act()[0]
        app_of = {0: host, 1: guest}
        play_of = {0: host_play, 1: guest_play}
        for turn in range(6):
            until(lambda: host_play.match.to_act() and guest_play.match.seq ==
                  host_play.match.seq, apps=(host, guest))
            seat = host_play.match.to_act()[0]
            before = host_play.match.seq
            metro_click_move(app_of[seat], play_of[seat], seat, pick=turn * 5)
            # the move, then the next tile dealt to that seat (a chance entry)
            until(lambda: host_play.match.seq == guest_play.match.seq >= before + 1
                  and host_play.match.to_act(), apps=(host, guest))
            # each machine only ever looks at its own seat (no peeking at the other hand)
            assert (host_play.viewer, guest_play.viewer) == (0, 1)
            assert guest_play.active_human() in (None, 1)
        if SHOTS:
            for _ in range(30):
                host.run(frames=1)
                guest.run(frames=1)
            shot(guest, "play_guest")
            shot(host, "play_host")
        assert host_play.match.hash() == guest_play.match.hash()
        assert [e.move for e in host_play.match.log] == [e.move for e in guest_play.match.log]
        assert "LAN" in guest_play.seat_status(0)

        # a refused move: an occupied square, proposed by the seat to act
        seat = host_play.match.to_act()[0]
        occupied = next(sq for sq in range(64) if host_play.match.state.board[sq] is not None)
        from game.client.games.metro.geometry import square_rect

        before = (guest_play.match.seq, guest_play.match.hash())
        tile = play_of[seat].board.current_tile(seat)
        with pytest.raises(IllegalMove) as refused:
            host_play.match.game.check(host_play.match.state, seat, Place(tile, occupied, 0))
        click(app_of[seat], square_rect(occupied).center)
        assert app_of[seat].toasts.latest() == illegal(refused.value)
        for app in (host, guest):
            app.run(frames=3)
        assert (guest_play.match.seq, guest_play.match.hash()) == before
        assert host_play.match.seq == before[0]
        # a refusal that comes back from the host is worded the same way
        guest_play.on_net_event({"event": "rejected", "seat": 1, "move": "", "code": "occupied",
                                 "args": {"square": "C4"}})
        assert guest.toasts.latest() == t("illegal.occupied", square="C4")
        guest_play.on_net_event({"event": "rejected", "seat": 1, "move": "",
                                 "code": ids.R_NOT_YOUR_SEAT, "args": {"seat": 1}})
        assert guest.toasts.latest() == t("net.not_your_seat", seat=1)

        # the host's pause menu does not stop the table: a thread keeps it going
        from game.client.screens.pause import PauseScreen

        if host_play.match.to_act()[0] == 0:
            before = host_play.match.seq
            metro_click_move(host, host_play, 0)
            until(lambda: guest_play.match.seq >= before + 1, apps=(host, guest))
        until(lambda: 1 in guest_play.match.to_act(), apps=(host, guest))   # its tile dealt
        key(host, pygame.K_p)
        assert isinstance(host.top, PauseScreen)
        assert host_play.session.conn._thread is not None
        before = server.endpoint.seq
        metro_click_move(guest, guest_play, 1)
        until(lambda: server.endpoint.seq == guest_play.match.seq >= before + 1,
              apps=(host, guest))
        key(host, pygame.K_p)
        assert host.top is host_play and host_play.session.conn._thread is None
        host.run(frames=2)
        assert host_play.history[-1] == host_play.match.scores()["scores"]
        assert host_play.match.hash() == guest_play.match.hash()

        # the host leaves: the guest is told clearly and goes back to the title
        host.reset_to(TitleScreen(host))
        until(lambda: isinstance(guest.top, ConnectionLostScreen), apps=(guest,))
        notice = guest.top
        assert notice.code == ids.R_HOST_LEFT and not notice.can_rejoin
        assert [i.key for i in notice.form.items] == ["title"]
        shot(guest, "host_left")
        key(guest, pygame.K_RETURN)
        assert isinstance(guest.top, TitleScreen)
    finally:
        leave_all(host)            # the apps share pygame: quit it once
        guest.shutdown()


def _host_with_guest_app(tmp_path, players=2):
    """A HostServer (seat 0 a bot) driven by the test, and a guest App that joined by a typed
    address and reached the play screen."""
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random")] + \
        [Slot() for _ in range(players - 1)]
    server = HostServer.create("metro", players, seats=slots, port=0, bind="127.0.0.1",
                               name="Hosty")
    guest = make_app(tmp_path)
    finder = join_app_find(guest)
    finder.form.focus = [i.key for i in finder.form.items].index("address")
    key(guest, pygame.K_RETURN)
    text(guest, f"127.0.0.1:{server.port}")
    key(guest, pygame.K_RETURN)
    assert finder.address == f"127.0.0.1:{server.port}"
    click(guest, finder.form.item("join_address").rect.center)
    until(lambda: isinstance(guest.top, JoinedLobbyScreen), apps=(guest,), servers=(server,))
    joined = guest.top
    until(lambda: joined.mine, apps=(guest,), servers=(server,))
    click(guest, joined.form.item("ready").rect.center)
    until(lambda: server.endpoint.can_start(), apps=(guest,), servers=(server,))
    assert server.start_game()
    until(lambda: isinstance(guest.top, NetPlayScreen), apps=(guest,), servers=(server,))
    return server, guest


def test_connection_lost_then_rejoin_catches_up(tmp_path):
    server, guest = _host_with_guest_app(tmp_path)
    try:
        play = guest.top
        for turn in range(3):                  # the guest plays, the host's bot answers
            until(lambda: 1 in play.match.to_act(), apps=(guest,), servers=(server,))
            before = play.match.seq
            metro_click_move(guest, play, 1, pick=turn)
            until(lambda: server.endpoint.seq > before and play.match.seq ==
                  server.endpoint.seq, apps=(guest,), servers=(server,))
        token = play.session.token
        # the network drops the guest (no goodbye)
        peer_conn = next(iter(server.conns))
        server._drop(peer_conn)
        server.endpoint.on_disconnect(peer_conn)
        until(lambda: isinstance(guest.top, ConnectionLostScreen), apps=(guest,),
              servers=(server,))
        notice = guest.top
        assert notice.can_rejoin and notice.reason == t("net.connection_lost")
        shot(guest, "connection_lost")
        assert notice.form.focused.key == "rejoin"
        key(guest, pygame.K_RETURN)
        until(lambda: isinstance(guest.top, NetPlayScreen) and guest.top is not play,
              apps=(guest,), servers=(server,))
        again = guest.top
        assert again.session.token == token
        until(lambda: again.match.seq == server.endpoint.seq, apps=(guest,), servers=(server,))
        assert again.match.hash() == server.endpoint.match.hash()
        assert again.human_seats() == [1]
        until(lambda: 1 in again.match.to_act(), apps=(guest,), servers=(server,))
        before = server.endpoint.seq
        metro_click_move(guest, again, 1)
        until(lambda: server.endpoint.seq > before and again.match.seq == server.endpoint.seq,
              apps=(guest,), servers=(server,))
        assert again.match.hash() == server.endpoint.match.hash()
    finally:
        server.close()
        guest.shutdown()


def test_refusals_are_shown_in_words(tmp_path):
    server = HostServer.create("metro", 2, port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path)
    try:
        finder = join_app_find(guest)
        # rules version differs at the host: refused with the reason, back on the finder
        server.endpoint.rules_version = "some-other-rules"
        finder.address = f"127.0.0.1:{server.port}"
        finder.join(*parse_address(finder.address))
        until(lambda: guest.top is finder and finder.message == t("net.rules_version"),
              apps=(guest,), servers=(server,))
        assert guest.toasts.latest() == t("net.rules_version")
        shot(guest, "refused")
        # the table is full
        server.endpoint.rules_version = rules_version()
        other = ClientConnection.connect("127.0.0.1", server.port, name="Other")
        other.start_thread()
        until(lambda: any(s.kind == ids.KIND_REMOTE for s in server.endpoint.slots),
              servers=(server,))
        finder.join("127.0.0.1", server.port)
        until(lambda: guest.top is finder and finder.message == t("net.table_full"),
              apps=(guest,), servers=(server,))
        other.close()
        # nobody listening at a typed address
        finder.address = "127.0.0.1:1"
        finder.on_activate(finder.form.item("join_address"))
        until(lambda: finder.connector is None and "127.0.0.1:1" in finder.message,
              apps=(guest,))
        finder.address = "not an address"
        finder.on_activate(finder.form.item("join_address"))
        assert finder.message == t("lan.bad_address")
        # leaving while a connection is being made frees the seat it would have taken
        until(lambda: all(s.kind == ids.KIND_OPEN for s in server.endpoint.slots[1:]),
              servers=(server,))
        finder.join("127.0.0.1", server.port)
        guest.pop()
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline:        # it may or may not have reached the host
            server.pump(0.01)
        until(lambda: not server.endpoint._live_peers() and all(
            s.kind == ids.KIND_OPEN for s in server.endpoint.slots[1:]), servers=(server,))
        # every reason code of the net layer has words
        for name in dir(ids):
            if name.startswith("R_"):
                code = getattr(ids, name)
                assert reason_text(code, {"ours": 1, "theirs": 2, "seat": 2}) != \
                    t("net.unknown", code=code), code
    finally:
        server.close()
        guest.shutdown()


def test_host_hands_a_dropped_seat_to_a_bot(tmp_path):
    host = make_app(tmp_path)
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Bob")
        until(lambda: lobby.session.seats[1]["kind"] == "remote", apps=(host,),
              servers=(peer,))
        peer.set_ready(True)
        until(lambda: lobby.session.can_start, apps=(host,), servers=(peer,))
        click(host, lobby.form.item("start").rect.center)
        until(lambda: isinstance(host.top, NetPlayScreen), apps=(host,), servers=(peer,))
        play = host.top
        assert play.seat_status(1) == t("lan.st.remote")
        peer.leave()                                        # Bob's machine goes away
        until(lambda: isinstance(host.top, SeatDroppedScreen), apps=(host,))
        assert play.seat_status(1).startswith(t("lan.st.disconnected"))
        shot(host, "seat_dropped")
        dropped = host.top
        assert dropped.form.focused.key == "bot"
        key(host, pygame.K_RETURN)
        assert host.top is play
        until(lambda: play.session.bot_controlled(1), apps=(host,))
        assert play.seat_status(1) == t("lan.st.bot", level=t("level.easy"))
        for turn in range(3):                               # the bot answers each move
            until(lambda: 0 in play.match.to_act(), apps=(host,))
            before = play.match.seq
            metro_click_move(host, play, 0, pick=turn)
            until(lambda: play.match.seq >= before + 2 or play.match.is_over(), apps=(host,))
        shot(host, "bot_took_seat")
    finally:
        host.shutdown()


def test_couch_and_lan_two_players_on_one_guest_play_to_the_end(tmp_path):
    """Two players share the guest machine (mouse and a controller, each its own seat) against
    the host's bot; a click never moves the controller's seat; the game ends on one hash."""
    from game.client.screens.pass_device import PassDeviceScreen
    from tests.test_client_hotseat import _pad_press, _walk_cursor
    from tests.test_client_support import pad_added, pad_button

    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot(), Slot()]
    server = HostServer.create("metro", 3, seats=slots, port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path)
    try:
        pad_added(guest)
        finder = join_app_find(guest)
        finder.local_players = 2
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [1, 2],
              apps=(guest,), servers=(server,))
        joined = guest.top
        assert joined.who == {1: "human:mouse+keyboard", 2: "human:pad1"}
        shot(guest, "joined_two_local")
        click(guest, joined.form.item("ready").rect.center)
        until(lambda: server.endpoint.can_start(), apps=(guest,), servers=(server,))
        assert server.start_game()
        until(lambda: isinstance(guest.top, NetPlayScreen), apps=(guest,), servers=(server,))
        play = guest.top
        match = play.match
        assert play.human_seats() == [1, 2]
        assert [s.device for s in match.seats] == ["", "mouse+keyboard", "pad1"]
        mouse_refused = False
        passes = 0
        for turn in range(200):
            if match.is_over():
                break
            top = guest.top
            if isinstance(top, PassDeviceScreen):
                passes += 1
                if top.seat == 2:
                    pad_button(guest, 0)
                else:
                    key(guest, pygame.K_RETURN)
                continue
            acting = match.to_act()
            if not acting or acting[0] == 0 or play.session.waiting_for(acting[0]):
                until(lambda: match.is_over() or (match.to_act() and match.to_act()[0] != 0
                                                  and not play.session.waiting_for(
                                                      match.to_act()[0])),
                      apps=(guest,), servers=(server,))
                continue
            seat = acting[0]
            assert play.viewer == seat
            before = match.seq
            if seat == 1:
                metro_click_move(guest, play, 1, pick=turn)
            else:
                if not mouse_refused:
                    metro_click_move(guest, play, 2)          # the mouse is not seat 2's
                    guest.run(frames=2)
                    assert match.seq == before and not play.session.waiting_for(2)
                    mouse_refused = True
                target = sorted(play.board.legal_squares(2))[turn % len(
                    play.board.legal_squares(2))]
                _walk_cursor(guest, play.board, 2, target, _pad_press(guest))
                pad_button(guest, 0)
            until(lambda: match.seq > before or not play.session.waiting_for(seat),
                  apps=(guest,), servers=(server,))
        assert match.is_over() and mouse_refused
        assert passes > 5          # the two couch players never see each other's hand
        until(lambda: server.endpoint.phase == "over" and match.seq == server.endpoint.seq,
              servers=(server,), apps=(guest,))
        assert match.hash() == server.endpoint.match.hash()
        until(lambda: type(guest.top).__name__ == "LanResultsScreen", apps=(guest,),
              servers=(server,))
        results = guest.top
        assert results.result["scores"] == server.endpoint.match.scores()["scores"]
        # no hotseat rematch; the replay and the review of this machine's two players
        assert [i.key for i in results.form.items] == ["title", "watch", "review"]
        assert results.review is not None and {p[1] for p in results.review.positions} == {1, 2}
        from game.client.screens.results import score_history

        assert results.history == score_history(server.endpoint.match)   # one point per move
        shot(guest, "results")
        from game.client.screens import results as results_module

        frames(guest, results_module.ARMING_FRAMES + 2)  # results take input after a beat
        key(guest, pygame.K_RETURN)
        assert guest.top is results               # Enter alone: no button has the focus yet
        results.form.focus_on("title")
        key(guest, pygame.K_RETURN)
        assert isinstance(guest.top, TitleScreen)
    finally:
        server.close()
        guest.shutdown()


def test_watch_a_table_as_a_spectator(tmp_path):
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", level="random"),
             Slot(kind=ids.KIND_BOT, name="Bobo", level="random")]
    server = HostServer.create("metro", 2, seats=slots, port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path)
    try:
        finder = join_app_find(guest)
        finder.local_players = 0
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.welcomed,
              apps=(guest,), servers=(server,))
        until(lambda: server.endpoint.lobby_message()["spec"], servers=(server,), apps=(guest,))
        assert "ready" not in [i.key for i in guest.top.form.items]
        shot(guest, "spectator_lobby")
        assert server.start_game()
        until(lambda: isinstance(guest.top, NetPlayScreen), apps=(guest,), servers=(server,))
        play = guest.top
        assert play.human_seats() == [] and play.viewer is None
        until(lambda: play.match.seq >= 4, apps=(guest,), servers=(server,))
        assert play.match.log[:4] == server.endpoint.match.log[:4]
        assert play.seat_status(0).startswith(t("lan.st.bot", level="")[:8])
    finally:
        server.close()
        guest.shutdown()


def test_host_turns_an_open_seat_into_a_bot_that_plays_off_the_frame_loop(tmp_path):
    host = make_app(tmp_path)
    peer = None
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        item = lobby.form.item("who:1")
        lobby.form.focus = lobby.form.items.index(item)
        for _ in range(8):                                   # walk the choice to "Bot · Easy"
            if item.value == "bot:easy":
                break
            key(host, pygame.K_LEFT)
            item = lobby.form.item("who:1")
        assert item.value == "bot:easy"
        assert server.endpoint.slots[1].kind == ids.KIND_LOCAL
        assert server.endpoint.slots[1].level == "easy"
        # a spectator sees the seat as a bot
        peer = ClientConnection.connect("127.0.0.1", server.port, name="Eve", wanted_seats=0)
        until(lambda: lobby.session.spectators == ["Eve"], apps=(host,), servers=(peer,))
        until(lambda: lobby.session.can_start, apps=(host,), servers=(peer,))
        shot(host, "host_lobby_bot")
        click(host, lobby.form.item("start").rect.center)
        until(lambda: isinstance(host.top, NetPlayScreen), apps=(host,), servers=(peer,))
        play = host.top
        assert set(play.bots) == {1} and play.human_seats() == [0]
        for turn in range(3):
            until(lambda: 0 in play.match.to_act(), apps=(host,), servers=(peer,))
            before = play.match.seq
            metro_click_move(host, play, 0, pick=turn)
            until(lambda: play.match.seq >= before + 2, apps=(host,), servers=(peer,))
        until(lambda: peer.endpoint.seq == play.match.seq, apps=(host,), servers=(peer,))
        assert peer.endpoint.match.hash() == play.match.hash()
    finally:
        if peer is not None:
            peer.close()
        host.shutdown()


def test_client_opens_at_a_lan_screen_for_run_py(tmp_path):
    from game.client.lan_entry import build_lan_stack

    server = HostServer.create("metro", 2, port=0, bind="127.0.0.1", name="Hosty")
    app = make_app(tmp_path)
    try:
        setup = build_lan_stack(app, "host", game="metro", port=0)
        assert isinstance(setup, LanSetupScreen) and setup.game_name == "metro"
        app.reset_to(TitleScreen(app))
        build_lan_stack(app, "join", address=f"127.0.0.1:{server.port}", name="Ada", seats=1)
        until(lambda: isinstance(app.top, JoinedLobbyScreen) and app.top.mine == [1],
              apps=(app,), servers=(server,))
        until(lambda: server.endpoint.slots[1].name == "Ada", apps=(app,), servers=(server,))
    finally:
        server.close()
        app.shutdown()


def test_interrupted_connections_are_shown_on_both_sides(tmp_path):
    """A silent peer reads "connection interrupted" at the host; a silent host gets a banner
    at the guest; both clear when messages flow again (clocks are faked, no sleeping)."""
    host = make_app(tmp_path / "h")
    guest = make_app(tmp_path / "g")
    try:
        lobby = host_app_table(host)
        server = lobby.session.conn
        finder = join_app_find(guest)
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [1],
              apps=(host, guest))
        click(guest, guest.top.form.item("ready").rect.center)
        until(lambda: lobby.session.can_start, apps=(host, guest))
        click(host, lobby.form.item("start").rect.center)
        until(lambda: isinstance(host.top, NetPlayScreen) and isinstance(guest.top,
                                                                          NetPlayScreen),
              apps=(host, guest))
        host_play, guest_play = host.top, guest.top
        skew = {"host": 0.0, "guest": 0.0}
        server.endpoint.clock = lambda: time.monotonic() + skew["host"]
        guest_play.session.conn.endpoint.clock = lambda: time.monotonic() + skew["guest"]
        # the host hears nothing from the guest for 4 s (the guest app is not run)
        skew["host"] = 4.0
        until(lambda: host_play.session.statuses[1] == "interrupted", apps=(host,))
        assert host_play.seat_status(1).startswith(t("lan.st.interrupted"))
        assert host.toasts.latest() == t("lan.toast.interrupted", name=host_play.seat_name(1))
        until(lambda: host_play.session.statuses[1] == "connected", apps=(host, guest))
        assert host.toasts.latest() == t("lan.toast.back", name=host_play.seat_name(1))
        # the guest hears nothing from the host for 4 s
        skew["guest"] = 4.0
        until(lambda: guest_play.session.host_interrupted, apps=(guest,))
        shot(guest, "host_silent")
        until(lambda: not guest_play.session.host_interrupted, apps=(host, guest))
        assert isinstance(guest.top, NetPlayScreen)
    finally:
        leave_all(host)            # the apps share pygame: quit it once
        guest.shutdown()


@pytest.mark.parametrize("game_name", ["metromania", "railroad-ink"])
def test_other_games_run_through_netplay(tmp_path, game_name):
    """The same screens carry the other games: the guest's moves go through the play
    screen's proposal path (simultaneous rounds in Railroad Ink), the host's bot answers, the
    boards draw remote seats, and both ends agree."""
    from game.bots.base import make_bot

    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot()]
    server = HostServer.create(game_name, 2, seats=slots, port=0, bind="127.0.0.1",
                               name="Hosty")
    guest = make_app(tmp_path)
    try:
        play = guest_plays_seat_2(guest, server)
        match = play.match
        bot = make_bot(match.game, 1, "random", 5)
        for _ in range(40):
            until(lambda: match.is_over() or (1 in match.to_act()
                                              and not play.session.waiting_for(1)),
                  apps=(guest,), servers=(server,))
            if match.is_over():
                break
            before = match.seq
            assert play.propose(1, bot.choose(match.view(1)))
            until(lambda: match.seq > before, apps=(guest,), servers=(server,))
        shot(guest, f"play_{game_name}")
        until(lambda: match.seq == server.endpoint.seq, apps=(guest,), servers=(server,))
        assert match.hash() == server.endpoint.match.hash()
    finally:
        server.close()
        guest.shutdown()


def test_a_guest_lets_a_bot_on_its_own_machine_play_its_seat(tmp_path):
    slots = [Slot(kind=ids.KIND_BOT, name="Robo", colour=0, level="random"), Slot()]
    server = HostServer.create("metro", 2, seats=slots, port=0, bind="127.0.0.1", name="Hosty")
    guest = make_app(tmp_path)
    try:
        finder = join_app_find(guest)
        finder.join("127.0.0.1", server.port)
        until(lambda: isinstance(guest.top, JoinedLobbyScreen) and guest.top.mine == [1],
              apps=(guest,), servers=(server,))
        joined = guest.top
        item = joined.form.item("who:1")
        joined.form.focus = joined.form.items.index(item)
        for _ in range(12):
            if joined.form.item("who:1").value == "bot:easy":
                break
            key(guest, pygame.K_LEFT)
        assert joined.session.local_bots == {1: "easy"} and 1 not in joined.session.devices
        click(guest, joined.form.item("ready").rect.center)
        until(lambda: server.endpoint.can_start(), apps=(guest,), servers=(server,))
        assert server.start_game()
        until(lambda: isinstance(guest.top, NetPlayScreen), apps=(guest,), servers=(server,))
        play = guest.top
        assert play.human_seats() == [] and play.is_bot(1)
        assert play.seat_status(1) == t("lan.st.bot", level=t("level.easy"))
        # both seats move (None: a fair table's chance entries between the moves)
        until(lambda: {e.seat for e in play.match.log} - {None} == {0, 1}, apps=(guest,),
              servers=(server,))
        until(lambda: play.match.seq == server.endpoint.seq, apps=(guest,), servers=(server,))
        assert play.match.hash() == server.endpoint.match.hash()
    finally:
        server.close()
        guest.shutdown()
