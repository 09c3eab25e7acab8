"""A LAN table's phone seats survive a crash (issue 27): the machine serving them records them
in its LAN autosave (``game.saves.lan.record_phone_seats``), so *Resume as LAN host* after the
host's crash, and a joiner's *Rejoin* after its own crash, serve those seats as phones again —
on the same links, so the page a phone still shows (or reloads) gets its seat back, with its
private hand. A save without the record (older) resumes as before: mouse and keyboard.

Through the real client: windows are in-process ``App``s driven by events (the resume offer of
the title, the lobby's Start), the phone the scripted WebSocket phone of ``game.phone.robot``;
127.0.0.1, ephemeral ports. The crash: the autosave's file is closed and the sockets (table and
phones) are dropped without a goodbye or the save being marked as left."""

from __future__ import annotations

import pygame
import pytest

from game.client.screens.netplay import NetPlayScreen
from game.client.screens.lobby import HostLobbyScreen
from game.client.screens.phone_links import PhoneLinksScreen
from game.client.screens.resume import ResumeScreen
from game.client.screens.title import TitleScreen
from game.client.text import t
from game.paths import saves_dir
from game.rules.metro.game import HIDDEN_TILE
from game.saves import read_save
from game.saves.lan import saved_phone_seats
from tests.test_client_lan import _loopback  # noqa: F401
from tests.test_client_lan_phones import (joined_with_a_phone_seat, metro_hands_setup,
                                          run_until)
from tests.test_client_phones import PhoneThread, _phones_on_loopback  # noqa: F401
from tests.test_client_support import click, key, make_app

pytestmark = pytest.mark.timeout(300)


def crash(play) -> None:
    """The machine showing ``play`` dies: its save is left as it is on disk (not marked as
    left), its phone server and table sockets close without a word."""
    with play.session.lock():
        play.session.conn.endpoint.autosaver.close()
    play.phones.table.phones.stop("", wait=2.0)     # no "bye": the page just loses its link
    conn = play.session.conn
    conn.stop_thread()
    if play.session.is_host:
        conn.shutdown()           # (a joiner's link is cut at the host: ``cut_off``)


def cut_off(server) -> None:
    """The host loses the link to its one joiner as to a machine that died."""
    link = next(iter(server.conns))
    server._drop(link)
    server.endpoint.on_disconnect(link)


def own_save(role: str):
    return next(saves_dir().glob(f"*-lan-{role}*.tlsave"))


def test_a_resumed_lan_host_serves_its_phone_seat_again_on_the_same_link(tmp_path):
    host = make_app(tmp_path / "host")
    setup = metro_hands_setup(host, [("Ann", "human:phone"), ("Robo", "bot:random")])
    click(host, setup.form.item("start").rect.center)
    lobby = host.top
    assert isinstance(lobby, HostLobbyScreen) and lobby.session.devices == {0: "phone"}
    run_until(lambda: lobby.session.can_start, apps=(host,))
    click(host, lobby.form.item("start").rect.center)
    run_until(lambda: isinstance(host.top, PhoneLinksScreen), apps=(host,))
    play = host.stack[-2]
    link = play.phones.link(0)
    phone = PhoneThread(link.url, stop_after=2)
    run_until(lambda: play.phones.connected(0), apps=(host,))
    key(host, pygame.K_RETURN)                                   # Play
    run_until(phone.done, apps=(host,))
    assert phone.error is None and phone.robot.moves == 2
    # the host's save records the phone seat, its name and its link
    recorded = saved_phone_seats(read_save(own_save("host")).header)
    assert recorded == {"seats": {0: {"name": "Ann", "token": link.token, "code": link.code}},
                        "port": play.phones.table.phones.port}
    seq = play.match.seq
    crash(play)

    # relaunched: the title offers to resume the LAN game as its host
    again = make_app(tmp_path / "again")
    try:
        again.push(TitleScreen(again))
        again.run(frames=1)
        offer = again.top
        assert isinstance(offer, ResumeScreen) and offer.info.lan
        key(again, pygame.K_RETURN)                               # Resume as LAN host
        lobby = again.top
        assert isinstance(lobby, HostLobbyScreen)
        assert lobby.session.devices == {0: "phone"}              # not mouse and keyboard
        assert lobby.form.item("who:0").value == "human:phone"
        run_until(lambda: not isinstance(again.top, HostLobbyScreen)
                  or lobby.session.can_start, apps=(again,))
        if again.top is lobby:
            click(again, lobby.form.item("start").rect.center)
        # the table opens on the phone's QR code: the same link as before the crash
        run_until(lambda: isinstance(again.top, PhoneLinksScreen), apps=(again,))
        resumed = again.stack[-2]
        assert isinstance(resumed, NetPlayScreen) and resumed.phone_seat_numbers == [0]
        start = resumed.match.seq
        assert start >= seq - 1 and resumed.human_seats() == []
        assert resumed.phones.link(0) == link
        # the phone's page, reloaded, is seated again with its own hand
        back = PhoneThread(link.url, stop_after=1)
        run_until(lambda: resumed.phones.connected(0), apps=(again,))
        key(again, pygame.K_RETURN)
        run_until(back.done, apps=(again,))
        assert back.error is None, back.error
        assert back.robot.seat_message["seat"] == 0 and back.robot.moves == 1
        assert 0 in {entry.seat for entry in resumed.match.log[start:]}
        hand = back.robot.view["board"]["hand"]        # its own tiles, not hidden ones
        assert hand and hand == list(resumed.match.view(0).hands[0])
        assert HIDDEN_TILE not in hand
        assert resumed.seat_status(0) in (t("phone_tv.status_here"),
                                          t("phone_tv.status_away"))
        # and the resumed table's save records it again
        run_until(lambda: saved_phone_seats(read_save(own_save("host")).header)["seats"],
                  apps=(again,))
    finally:
        again.shutdown()
        host.shutdown()


def test_a_joiner_relaunched_after_a_crash_rejoins_with_its_phone_seat_on_the_same_link(
        tmp_path):
    from game.client.screens.lan_rejoin import RejoinScreen

    server, guest, play = joined_with_a_phone_seat(tmp_path / "guest", "metro")
    again = make_app(tmp_path / "again", player_names=["Gus"])
    try:
        link = play.phones.link(1)
        phone = PhoneThread(link.url, stop_after=2)
        run_until(lambda: play.phones.connected(1), apps=(guest,), servers=(server,))
        key(guest, pygame.K_RETURN)
        run_until(phone.done, apps=(guest,), servers=(server,))
        assert phone.error is None and phone.robot.moves == 2
        # the joiner's own save records its phone seat (the host's knows nothing of it)
        run_until(lambda: saved_phone_seats(read_save(own_save("peer")).header)["seats"],
                  apps=(guest,), servers=(server,))
        recorded = saved_phone_seats(read_save(own_save("peer")).header)
        assert recorded["seats"] == {1: {"name": "Gus", "token": link.token, "code": link.code}}
        assert not saved_phone_seats(server.endpoint.autosaver.header)["seats"]
        crash(play)
        cut_off(server)

        # relaunched, the title offers to rejoin the table, which still runs
        again.push(TitleScreen(again))
        again.run(frames=1)
        offer = again.top
        assert isinstance(offer, ResumeScreen) and offer.info.lan
        run_until(lambda: offer.form.item("rejoin") is not None and not offer.offer.looking,
                  apps=(again,), servers=(server,))
        key(again, pygame.K_RETURN)                                # Rejoin
        assert isinstance(again.top, RejoinScreen)
        run_until(lambda: isinstance(again.top, PhoneLinksScreen), apps=(again,),
                  servers=(server,))
        back_in = again.stack[-2]
        assert isinstance(back_in, NetPlayScreen) and back_in.phone_seat_numbers == [1]
        assert back_in.session.devices == {1: "phone"} and back_in.human_seats() == []
        assert back_in.phones.link(1) == link                    # the same link
        # the phone's page, reloaded, is seated again with its own hand
        back = PhoneThread(link.url, stop_after=1)
        run_until(lambda: back_in.phones.connected(1), apps=(again,), servers=(server,))
        key(again, pygame.K_RETURN)
        start = back_in.match.seq
        run_until(back.done, apps=(again,), servers=(server,))
        assert back.error is None, back.error
        assert back.robot.seat_message["seat"] == 1 and back.robot.moves == 1
        hand = back.robot.view["board"]["hand"]
        assert hand and HIDDEN_TILE not in hand
        run_until(lambda: back_in.match.seq == server.endpoint.seq, apps=(again,),
                  servers=(server,))
        assert 1 in {entry.seat for entry in server.endpoint.match.log[start:]}
        assert hand == list(back_in.match.view(1).hands[1])
    finally:
        server.close()
        again.shutdown()
        guest.shutdown()


def test_a_save_without_or_with_a_broken_phone_record_gives_no_phone_seat_for_it():
    """Older saves (no ``lan.phones``) and hand-edited ones load: a malformed entry is passed
    over, and a kept token or code that is not one gets a new one (never a guessable link)."""
    from game.phone.book import SeatBook
    from game.phone.links import new_token

    plain = {"config": {"players": 3}, "lan": {"role": "host", "peers": [0, 0, 1]}}
    assert saved_phone_seats(plain) == {"seats": {}, "port": None}
    assert saved_phone_seats({"config": {"players": 3}}) == {"seats": {}, "port": None}
    token = new_token()
    broken = {"config": {"players": 3}, "lan": {"phoneport": 70000, "phones": [
        {"seat": 0, "name": "Ann", "token": token, "code": "ABCDEF"},
        {"seat": 0, "name": "Twice", "token": "x", "code": ""},      # a seat given twice
        {"seat": 5, "name": "Far", "token": token, "code": ""},      # no such seat
        {"seat": "1", "name": "Text"}, "junk", {"seat": 2, "name": 7, "token": None}]}}
    found = saved_phone_seats(broken)
    assert found["port"] is None
    assert found["seats"] == {0: {"name": "Ann", "token": token, "code": "ABCDEF"},
                              2: {"name": "", "token": "", "code": ""}}
    book = SeatBook()
    kept = book.add(0, "Ann", 0, token, "ABCDEF")
    assert (kept.token, kept.code) == (token, "ABCDEF")
    fresh = book.add(2, "Bob", 1, "short", "0O1IL?")                 # neither can be a link
    assert fresh.token not in ("short", "") and len(fresh.token) >= len(token)
    assert fresh.code != "0O1IL?" and book.by_token(fresh.token) is fresh
    again = book.add(1, "Cleo", 2, token, "ABCDEF")                  # taken: new ones
    assert again.token != token and again.code != "ABCDEF"
