"""Phone seats in a real browser (issue 27): headless Chromium at a phone's size opens a seat's
link (the URL its QR code holds), plays a whole game of each of the three games by tapping
the first glowing target and its confirm button, reloads mid-game and gets its seat back at
the same move; a page with a wrong token is refused and offered the code entry; a second
phone with a stolen link is asked before it takes the seat, and the first phone is told; a
short code typed on the start page leads to the seat.

Skipped, saying why, where Chromium or Playwright cannot be had (tests/phone_browser.py)."""

from __future__ import annotations

import time

import pytest

from game.phone import links
from tests.phone_browser import PhonePage, launch, skip_reason
from tests.phone_support import ServedTable

REASON = skip_reason()
pytestmark = [pytest.mark.timeout(300),
              pytest.mark.skipif(REASON is not None, reason=REASON or "")]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.mark.parametrize("game, players, variants", [
    ("metro", 2, ["hand2"]),
    ("metromania", 2, []),
    ("railroad-ink", 2, ["river"]),
])
def test_a_phone_plays_a_whole_game_by_tapping_and_survives_a_reload(browser, tmp_path, game,
                                                                    players, variants):
    with ServedTable(game, players, phones=[0], variants=variants) as table:
        phone = PhonePage(browser, table.phones.link(0).url)
        phone.seated()
        assert phone.state()["name"] == "Ann"
        run = phone.play_to_end(time.monotonic() + 240, reload_after=3)
        before, after = run["reloaded"]
        assert after["seat"] == 0 and after["name"] == "Ann" and after["seq"] >= before["seq"]
        phone.shot(tmp_path / f"{game}-end.png")
        assert table.match.is_over()
        results = phone.page.evaluate("() => TL.state.results")
        assert results["scores"] == list(table.match.scores()["scores"])
        assert phone.page.locator("#overlay.show .results li").count() == players
        assert run["moves"] > 3 and not phone.errors
        # the reload lost nothing: every move the phone made is in the table's log once
        assert sum(1 for entry in table.match.log if entry.seat == 0) == run["moves"]


def test_a_page_with_a_wrong_token_is_refused_and_offered_the_code(browser):
    with ServedTable("metro", 2, phones=[0]) as table:
        phone = PhonePage(browser, f"{table.base_url}/p/{links.new_token()}")
        phone.page.wait_for_selector("#overlay.show #code", timeout=20000)
        text = phone.page.locator("#overlay.show").inner_text()
        assert "not a seat at this table" in text
        assert phone.state().get("seat") is None and not phone.visible("#board svg")
        assert not table.phones.joined(0)


def test_a_stolen_link_is_asked_first_and_the_first_phone_is_told(browser):
    with ServedTable("metro", 2, phones=[0], variants=["hand3"]) as table:
        url = table.phones.link(0).url
        ann = PhonePage(browser, url)
        ann.seated()
        thief = PhonePage(browser, url)               # another browser: another device id
        thief.page.wait_for_selector("[data-action=takeover]", timeout=20000)
        assert thief.state().get("seq") is None      # nothing of the seat before it agrees
        assert not thief.visible("#board svg")
        assert ann.play_step() or not ann.state()["turn"]
        thief.tap("[data-action=takeover]")
        thief.seated()
        ann.page.wait_for_function("() => TL.state.fatal", timeout=20000)
        assert "another phone" in ann.page.locator("#overlay.show").inner_text()
        assert thief.state()["name"] == "Ann"


def test_the_short_code_typed_on_the_start_page_leads_to_the_seat(browser):
    with ServedTable("railroad-ink", 2, phones=[0, 1], variants=["meteor"]) as table:
        phone = PhonePage(browser, table.base_url + "/")
        phone.page.wait_for_selector("#code", timeout=20000)
        phone.page.fill("#code", table.phones.link(1).code.lower())
        phone.tap("[data-action=join]")
        phone.seated()
        assert phone.state()["seat"] == 1 and phone.state()["name"] == "Bob"
        # and a wrong code comes back to the start page with the reason
        other = PhonePage(browser, table.base_url + "/")
        other.page.wait_for_selector("#code", timeout=20000)
        other.page.fill("#code", "QQQQQQ")
        other.tap("[data-action=join]")
        other.page.wait_for_selector("#overlay.show #code", timeout=20000)
        assert "QQQQQQ" in other.page.locator("#overlay.show").inner_text()


def test_a_phone_exchanges_a_share_by_tapping(browser):
    """Metro's companies on a phone: the shares' toggle names each share by its company's
    colour, opens the exchange, and tapping "↑ <colour>" (the face-up card of the share's
    pile) exchanges it: the table's log has the swap, and the phone shows the new share."""
    with ServedTable("metro", 2, phones=[0], variants=["companies"]) as table:
        phone = PhonePage(browser, table.phones.link(0).url)
        phone.seated()
        phone.wait_for("() => TL.state.view.turn")
        toggle = phone.page.locator("[data-action=shares]")
        assert toggle.locator(".share i").count() == len(table.match.view(0).shares[0])
        phone.tap("[data-action=shares]")
        up = phone.page.locator("[data-action^='swap:'][data-action$=':up']").first
        move = up.get_attribute("data-action")
        assert "Face down" in phone.page.locator(".swaps").first.inner_text()
        pct = int(move.split(":")[2])
        face_up = phone.page.evaluate(f"""() => TL.state.view.board.face_up[
            TL.state.seat.static.percents.indexOf({pct})][0]""")
        before = phone.state()["seq"]
        up.tap()
        phone.wait_for(f"() => TL.state.view.seq !== {before}")
        assert [entry.move for entry in table.match.log if entry.seat == 0] == [move]
        shares = phone.page.evaluate("() => TL.state.view.board.shares")
        assert [face_up, pct] in shares               # the face-up card is the phone's now
        assert not phone.errors


def test_a_phone_meets_the_meteor_with_a_direction_or_a_specials_face(browser):
    """Railroad Ink's meteor on a phone: while it waits for its direction the dice do not
    claim to have "no cell", the specials that may ignore it are one line of words and one
    button a special (its face, named for screen readers), and one tap on a face ignores the
    meteor with that special; a special spent in an earlier round says "used"."""
    with ServedTable("railroad-ink", 2, phones=[0], variants=["meteor"]) as table:
        phone = PhonePage(browser, table.phones.link(0).url)
        phone.seated()
        phone.page.wait_for_selector("[data-action^=meteor-]", timeout=20000)
        assert "no cell" not in phone.page.locator("#tray").inner_text()
        icons = phone.page.locator("[data-action^='ignore-']")
        assert icons.count() == 6 and icons.first.locator("svg").count() == 1
        assert phone.page.locator("#actions").inner_text().count("Spend a special") == 1
        special = icons.first.get_attribute("data-action")[len("ignore-"):]
        assert icons.first.get_attribute("aria-label").startswith("Special")
        before = phone.state()["seq"]
        icons.first.tap()
        phone.wait_for(f"() => TL.state.view.seq !== {before}")
        assert [entry.move for entry in table.match.log if entry.seat == 0] == \
            [f"ignore-meteor:{special}"]
        deadline = time.monotonic() + 120           # the phone draws its round; the next one
        while phone.page.evaluate("() => TL.state.view.board.round") < 2:
            assert time.monotonic() < deadline, phone.state()
            if not phone.play_step():
                phone.page.wait_for_timeout(40)
        phone.page.wait_for_selector(f"[data-special={special}] .tag", timeout=20000)
        assert phone.page.locator(f"[data-special={special}] .tag").inner_text() == "used"
        assert not phone.errors


SIZES = {"small phone": {"width": 360, "height": 640}, "phone": {"width": 390, "height": 844},
         "landscape": {"width": 844, "height": 390}, "tablet": {"width": 1024, "height": 1366}}
UPRIGHT = ("small phone", "phone", "tablet")      # these show every control without scrolling


@pytest.mark.parametrize("game, variants, moves", [
    ("metro", ["hand3"], 27), ("metromania", [], 9),
    # mid-game, a cell tapped: seven dice (the volcano's too) and the placing buttons
    ("railroad-ink", ["volcano"], 40),
    # the meteor's round: its direction, a special to spend instead, and Hint
    ("railroad-ink", ["meteor"], 12)])
def test_the_page_fits_from_a_small_phone_to_a_tablet(browser, game, variants, moves):
    """At 360x640, 390x844, in landscape and on a tablet the page never scrolls sideways, the
    board is whole across the width, and every button is on the page and big enough for a
    thumb; upright, no button, die or special is below the fold (the board takes the height
    the controls leave)."""
    from tests.phone_shots import advance

    with ServedTable(game, 2, phones=[0], variants=variants) as table:
        advance(table, moves)
        for label, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, device_scale_factor=2,
                                          is_mobile=label != "tablet", has_touch=True)
            try:
                phone = PhonePage(browser, table.phones.link(0).url, context=context)
                phone.seated()
                phone.page.wait_for_selector("#board svg", timeout=20000)
                if phone.tap("[data-cell]") or phone.tap("[data-square]"):
                    phone.page.wait_for_timeout(100)
                found = phone.page.evaluate("""() => {
                  const width = document.documentElement.clientWidth;
                  const board = document.querySelector('#board svg').getBoundingClientRect();
                  const controls = [...document.querySelectorAll(
                      '#app button, #app [data-die], #app [data-special]')]
                    .filter(b => b.offsetParent !== null)
                    .map(b => { const r = b.getBoundingClientRect();
                      return {text: b.textContent.trim() || b.getAttribute('aria-label')
                                || b.dataset.die || b.dataset.special,
                              button: b.tagName === 'BUTTON',
                              left: r.left, right: r.right, bottom: r.bottom,
                              width: r.width, height: r.height}; });
                  return {width, scroll: document.documentElement.scrollWidth,
                          height: window.innerHeight,
                          scrollHeight: document.documentElement.scrollHeight,
                          board: {left: board.left, right: board.right, width: board.width,
                                  height: board.height},
                          controls};
                }""")
                where = f"{game} {variants} {label}"
                assert found["scroll"] <= found["width"], f"{where}: scrolls sideways {found}"
                board = found["board"]
                assert board["left"] >= -1 and board["right"] <= found["width"] + 1, where
                assert board["width"] >= min(found["width"], 320) * 0.6, (where, board)
                buttons = [c for c in found["controls"] if c["button"]]
                assert buttons, where
                for button in buttons:
                    assert button["left"] >= -1 and button["right"] <= found["width"] + 1, \
                        (where, button)
                    assert button["height"] >= 36, (where, button)
                if label in UPRIGHT:
                    below = [c["text"] for c in found["controls"]
                             if c["bottom"] > found["height"] + 1]
                    assert not below, f"{where}: below the fold {below} {found['height']}"
                    assert found["scrollHeight"] <= found["height"], (where, found)
                    assert board["height"] >= found["width"] * 0.55, (where, board)
                assert not phone.errors, (where, phone.errors)
            finally:
                context.close()


def test_a_page_left_open_gets_its_seat_back_when_its_table_is_served_again(browser):
    """The machine serving a phone seat crashes (no goodbye) and its table is resumed on the
    links its save kept (``serve(links=...)``, the same port): the page still open on the
    phone reconnects by itself and shows its seat and hand again, nothing to scan."""
    import threading

    from game.match import Match, SeatInfo
    from game.phone.sources import MatchSource
    from game.phone.table import serve
    from game.rules import get_game

    rules = get_game("metro")
    match = Match.new(rules, rules.make_config(2, ["hand2"]), 5,
                      [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")])
    source = MatchSource(match)

    def served(table):
        stop = threading.Event()

        def loop():
            while not stop.wait(0.01):
                table.pump()
        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        return stop, thread

    first = serve(source, [0], bind="127.0.0.1", port=0)
    link, port = first.phones.link(0), first.phones.port
    stop, thread = served(first)
    phone = PhonePage(browser, link.url)
    phone.seated()
    hand = phone.page.evaluate("() => TL.state.view.board.hand")
    stop.set()
    thread.join()
    first.phones.stop("", wait=2.0)                  # the crash: the page just loses its link
    phone.wait_for("() => !TL.state.open")
    again = serve(source, [0], bind="127.0.0.1", port=port,
                  links={0: (link.token, link.code)})
    stop, thread = served(again)
    try:
        assert again.phones.link(0) == link
        phone.wait_for("() => TL.state.open && TL.state.view", timeout=30)
        assert phone.state()["seat"] == 0 and phone.state()["turn"]
        assert phone.page.evaluate("() => TL.state.view.board.hand") == hand and hand
        assert not phone.errors
    finally:
        stop.set()
        thread.join()
        again.close(wait=1.0)
