"""A real phone browser for tests: headless Chromium (Debian's ``chromium``, or
``TRACKLAYER_CHROMIUM``) driven by Playwright at a phone's size (390x844, touch, 3x pixels).

``PhonePage`` taps what a guest would: the first glowing target of the game on screen, then
its confirm button; it reads the page's own state (``window.TL.state``) only to know when the
table has answered, never to choose a move. Tests skip, saying why, when Chromium or
Playwright cannot be had."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("TRACKLAYER_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def skip_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright): no browser tests"
    if chromium_path() is None:
        return "no Chromium found (apt install chromium, or set TRACKLAYER_CHROMIUM)"
    return None


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)


class PhonePage:
    def __init__(self, browser, url: str, context=None) -> None:
        self.context = context or browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)
        self.taps = 0

    def state(self) -> dict:
        return self.page.evaluate("""() => { const s = window.TL && window.TL.state; if (!s) return {};
          return { seat: s.seat && s.seat.seat, name: s.seat && s.seat.name, game: s.seat && s.seat.game,
                   seq: s.view ? s.view.seq : null, turn: !!(s.view && s.view.turn),
                   over: !!(s.view && s.view.over), results: !!s.results, pending: s.pending,
                   fatal: s.fatal, offer: !!s.offer }; }""")

    def wait_for(self, condition: str, timeout: float = 20.0) -> None:
        self.page.wait_for_function(condition, timeout=timeout * 1000)

    def seated(self, timeout: float = 20.0) -> None:
        self.wait_for("() => window.TL && TL.state.seat && TL.state.view", timeout)

    def tap(self, selector: str) -> bool:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        target = self.page.locator(selector).first
        if target.count() == 0 or not target.is_enabled():
            return False
        try:
            # the page redraws whenever a view arrives: the control found a moment ago may be
            # replaced by a disabled one (a new round, the table's answer), so a tap that cannot
            # land soon is a tap not made; the caller looks again
            target.tap(timeout=3000)
        except PlaywrightTimeout:
            return False
        self.taps += 1
        return True

    def visible(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def play_step(self) -> bool:
        """One move by tapping, when it is this phone's turn; False if there was nothing to
        tap (not its turn, or waiting for the table)."""
        s = self.state()
        if not s.get("turn") or s.get("over") or s.get("pending"):
            return False
        game = s["game"]
        before = s["seq"]
        acted = {"metro": self._metro, "metromania": self._mania,
                 "railroad-ink": self._ink}[game]()
        if acted:
            self.wait_for(f"() => TL.state.pending === 0 && (TL.state.view.seq !== {before}"
                          " || !TL.state.view.turn || TL.state.results)", 20)
        return acted

    def _metro(self) -> bool:
        if self.tap("[data-square]"):
            return self.tap("[data-action=place]")
        return self.tap("[data-action=draw]")

    def _mania(self) -> bool:
        for _ in range(12):                # a dig: tunnel by tunnel, as the page offers them
            if self.visible("#overlay.show [data-action^=marker-]"):
                self.tap("#overlay.show [data-action^=marker-]")
                continue
            dig = self.page.locator("[data-action=dig]")
            if dig.count() and dig.is_enabled():
                return self.tap("[data-action=dig]")
            if self.visible("[data-tunnel]"):
                count = self.page.evaluate("() => TL.state.ui.partial.length")
                self.tap("[data-tunnel]")
                self.wait_for(f"() => TL.state.ui.partial.length > {count} || "
                              "document.querySelector('#overlay.show')", 10)
                self.page.wait_for_timeout(30)
                self.wait_for("() => TL.state.ui.options || !TL.state.view.turn || "
                              "document.querySelector('#overlay.show')", 10)
                continue
            if self.visible("[data-point]"):
                self.tap("[data-point]")
                return self.tap("[data-action=station]")
            if self.visible("[data-action=mode-station]") and not self.visible("[data-tunnel]"):
                if self.tap("[data-action=mode-station]"):
                    continue
            if self.tap("[data-action=no-bonus]") or self.tap("[data-action=pass]"):
                return True
            self.page.wait_for_timeout(60)   # the options are on their way
        return False

    def _ink(self) -> bool:
        if self.tap("[data-action^=meteor-]"):
            return True
        if not self.visible("[data-cell]") and self.visible("[data-die=volcano]"):
            self.tap("[data-die=volcano]")
        if self.tap("[data-cell]"):
            return self.tap("[data-action=place]")
        if self.tap("[data-erase]"):
            return self.tap("[data-erase]")
        if self.tap("[data-action^=skip-]"):
            return True
        return self.tap("[data-action=end]")

    def play_to_end(self, deadline: float, reload_after: int | None = None) -> dict:
        """Tap until the results show; optionally reload the page once after some moves."""
        moves, reloaded = 0, None
        while not self.state().get("results"):
            if time.monotonic() > deadline:
                raise AssertionError(f"no results in time; state {self.state()}")
            if self.play_step():
                moves += 1
                if reload_after is not None and moves == reload_after and reloaded is None:
                    before = self.state()
                    self.page.reload()
                    self.seated()
                    reloaded = (before, self.state())
            else:
                self.page.wait_for_timeout(40)
        return {"moves": moves, "reloaded": reloaded}

    def shot(self, path: Path) -> Path:
        self.page.screenshot(path=str(path))
        return path
