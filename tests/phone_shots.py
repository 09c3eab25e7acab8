"""Screenshots of the phone page (issue 27), to look at: ``python -m tests.phone_shots OUTDIR``.

Headless Chromium at 390x844 (portrait; 3x pixels) shows a seat of each game at a chosen
moment, by the same taps a guest makes: Metro with a hidden hand of three and a tile shown on
a square, Metro's companies (the share exchange opened), a Metromania dig half composed, a
Railroad Ink sheet mid-game with each expansion (river, lake, meteor, volcano) and a face
shown on a cell, a 32-seat Railroad Ink round waiting for the others, the results, the start
page with its code entry, the takeover question, and one in landscape. Then the TV's side
(``tests.phone_tv_shots``: the QR codes, a 32-phone round and one phone's page in it).
``--lang ko`` (etc.) shows the pages and the TV in another language.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tests.phone_browser import PHONE, PhonePage, launch, skip_reason
from tests.phone_support import ServedTable


def advance(table: ServedTable, moves: int) -> None:
    """Play some moves for every seat with random bots (before the phone looks)."""
    from game.bots.base import make_bot

    match = table.match
    bots = {}
    with table.lock:
        for _ in range(moves):
            if match.is_over():
                break
            seat = match.to_act()[0]
            bot = bots.setdefault(seat, make_bot(match.game, seat, "random", 100 + seat))
            match.apply(seat, bot.choose(match.view(seat)))


def seated(browser, table: ServedTable, seat: int = 0) -> PhonePage:
    """Seat ``seat``'s phone page, opened by its link and holding its seat."""
    phone = PhonePage(browser, table.phones.link(seat).url)
    phone.seated()
    return phone


def shoot(browser, out: Path, lang: str) -> list[Path]:
    shots = []

    def take(phone: PhonePage, name: str) -> None:
        phone.page.wait_for_timeout(350)
        shots.append(phone.shot(out / f"{name}.png"))

    with ServedTable("metro", 3, phones=[0], variants=["hand3", "orientation"], lang=lang) as t:
        advance(t, 27)
        phone = seated(browser, t)
        phone.tap("[data-square]")
        take(phone, "metro-hand3")
    with ServedTable("metro", 3, phones=[0], variants=["companies"], lang=lang) as t:
        advance(t, 18)
        phone = seated(browser, t)
        phone.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        take(phone, "metro-companies")
        phone.tap("[data-action=shares]")         # the share exchange, opened
        phone.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        take(phone, "metro-companies-exchange")
    with ServedTable("metromania", 3, phones=[0], lang=lang) as t:
        advance(t, 9)
        phone = seated(browser, t)
        phone.page.wait_for_selector("[data-tunnel]", timeout=20000)
        phone.tap("[data-tunnel]")
        phone.page.wait_for_timeout(300)
        if phone.visible("#overlay.show [data-action^=marker-]"):
            take(phone, "metromania-marker")
            phone.tap("#overlay.show [data-action^=marker-]")
        phone.page.wait_for_selector("[data-tunnel]", timeout=20000)
        take(phone, "metromania-dig")
        phone.tap("[data-action=zoom]")
        take(phone, "metromania-city")
    with ServedTable("railroad-ink", 2, phones=[0], variants=["river"], lang=lang) as t:
        advance(t, 14)
        phone = seated(browser, t)
        phone.tap("[data-cell]")
        take(phone, "railroad-ink-river")
        phone.play_to_end(time.monotonic() + 200)
        take(phone, "railroad-ink-results")
    # mid-game: the third round (the meteor's second, its direction or a special to spend)
    for expansion, moves in (("lake", 40), ("meteor", 12), ("volcano", 40)):
        with ServedTable("railroad-ink", 2, phones=[0], variants=[expansion], lang=lang) as t:
            advance(t, moves)
            phone = seated(browser, t)
            phone.tap("[data-cell]")
            take(phone, f"railroad-ink-{expansion}")
    with ServedTable("railroad-ink", 32, phones=list(range(32)), lang=lang) as t:
        phone = seated(browser, t)
        while phone.state()["turn"]:          # the phone of seat 0 draws its round and ends it
            phone.play_step()
        take(phone, "railroad-ink-32-seats")  # the 31 others still draw
    with ServedTable("railroad-ink", 32, phones=list(range(32)), lang=lang) as t:
        from game.bots.base import make_bot

        with t.lock:                 # 31 seats draw their round; the phone of seat 0 draws now
            for seat in range(1, 32):
                bot = make_bot(t.match.game, seat, "random", seat)
                while seat in t.match.to_act():
                    t.match.apply(seat, bot.choose(t.match.view(seat)))
        phone = seated(browser, t)
        phone.tap("[data-cell]")
        take(phone, "railroad-ink-32-last")
    with ServedTable("metro", 2, phones=[0], lang=lang) as t:
        start = PhonePage(browser, t.base_url + "/")
        start.page.wait_for_selector("#code")
        take(start, "start-page")
        seated(browser, t)
        other = PhonePage(browser, t.phones.link(0).url)
        other.page.wait_for_selector("[data-action=takeover]")
        take(other, "takeover-question")
        wide = browser.new_context(**dict(PHONE, viewport={"width": 844, "height": 390}))
        land = PhonePage(browser, t.phones.link(0).url, context=wide)
        land.page.wait_for_selector("[data-action=takeover]")
        land.tap("[data-action=takeover]")
        land.seated()
        take(land, "metro-landscape")
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    reason = skip_reason()
    if reason:
        print(f"no phone pages ({reason}): the TV's QR codes only")
    else:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = launch(playwright)
            for path in shoot(browser, args.out, args.lang):
                print(path)
            browser.close()
    from tests import phone_tv_shots

    for path in phone_tv_shots.shoot(args.out, args.lang, browser_ok=reason is None):
        print(path)


if __name__ == "__main__":
    main()
