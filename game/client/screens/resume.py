"""Resuming after a crash: at client start, offer the newest game a crash interrupted.

Only interrupted games are offered: one the players left on purpose (Quit to title, Quit, the
window closed) is kept in Load / Replays without asking at the next launch; an interrupted LAN
game is offered at one launch, then kept there too (until it is played on and interrupted
again). The screen shows
the game, the players, the move reached and when it was saved, and offers *Continue* (resume
at the last verified move), *New game* and *Back* (the saves stay in Load / Replays and are not
offered again) and *Discard* (asks once more, then deletes the file).

``resume_into_play`` loads a save and opens the play screen on it, with the damage warning
shown and any ``SaveError`` turned into a message, never a crash. What the save screens share
(texts about a save, the play screen's autosave) is in ``game.client.save_info``.
"""

from __future__ import annotations

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.save_info import error_line, game_title, names_text, when_text
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.text_layout import ellipsize
from game.client.widgets import Form, Item, title_text
from game.saves import SaveError, delete_save, list_resumable, mark_left, resume


def resume_into_play(app, path, replace: bool = False, label: str = "") -> str | None:
    """Resume the save at ``path`` and show its play screen. Returns None on success, else the
    message to show (the file is left as it is). ``label``: the name the game is listed under
    (a merged named copy's) when the file itself has none."""
    is_lan_save = navigation.get("is_lan_save")
    open_resumed_table = navigation.get("open_resumed_table")
    if is_lan_save(path):       # its players are on other machines: host the table again
        return open_resumed_table(app, path, replace=replace)
    try:
        loaded = resume(path)
    except SaveError as exc:
        return error_line(exc)
    except OSError as exc:
        return error_line(exc)
    if label and loaded.autosaver is not None and not loaded.autosaver.header.get("label"):
        loaded.autosaver.refresh_header(loaded.match, label=label)
    PlayScreen = navigation.get("play_screen_for")(loaded.match)   # phone seats: their own
    play = PlayScreen(app, loaded.match, {"resumed": str(path)})
    play.autosaver = loaded.autosaver
    if replace:
        app.replace(play)
    else:
        app.push(play)
    if loaded.warning:
        app.toasts.show(loaded.warning, "bad", seconds=8.0)
    else:
        app.toasts.show(t("resume.resumed", n=loaded.match.seq), "good")
    return None


ASKED_KEY = "lan_saves_asked"     # settings: the LAN saves the launch has offered
ASKED_KEPT = 64                    # the newest ones remembered (older saves are long gone)


def lan_offer_key(info) -> str:
    """One unfinished LAN game as it stands: its file and how far it got (a game played on
    and interrupted again is a new offer)."""
    return f"{info.path.name}#{info.moves}"


def offer_resume(app) -> bool:
    """Push the resume screen when a crash interrupted a game (at client start). A LAN
    game's save (its table may be gone, its players elsewhere) is offered at one launch
    only; after that it waits in Load / Replays without asking."""
    asked = [key for key in app.settings[ASKED_KEY] if isinstance(key, str)]
    try:
        found = [info for info in list_resumable() if info.interrupted
                 and not (info.lan and lan_offer_key(info) in asked)]
    except Exception:  # noqa: BLE001 - an unreadable saves folder must not stop the client
        return False
    if not found:
        return False
    offered = [lan_offer_key(info) for info in found if info.lan]
    if offered:
        app.settings[ASKED_KEY] = (asked + offered)[-ASKED_KEPT:]
    app.push(ResumeScreen(app, found))
    return True


# --------------------------------------------------------------------------------------------
# The screen
# --------------------------------------------------------------------------------------------

CARD = pygame.Rect(290, 150, 700, 290)


class ResumeScreen(MenuScreen):
    def __init__(self, app, infos) -> None:
        super().__init__(app)
        self.infos = list(infos)
        self.info = self.infos[0]
        self.confirming = False
        self.message = ""
        # a LAN game this machine joined: its own seat back while the table runs (LAN part)
        RejoinOffer = navigation.get("RejoinOffer")
        self.offer = RejoinOffer(self.info.path) if self.info.lan else None
        self.build()

    def build(self) -> None:
        first = Item("continue", lambda: t("lan.resume_as_host") if self.info.lan
                     else t("resume.continue"))
        if self.offer is not None and self.offer.live:
            first = Item("rejoin", self.offer.label)     # resuming as host only once gone
        self._rejoin_shown = first.key == "rejoin"
        items = [first,
                 Item("new", lambda: t("resume.new_game")),
                 Item("discard", lambda: t("resume.discard_confirm") if self.confirming
                      else t("resume.discard"))]
        self.form = Form(items, pygame.Rect(290, 470, 700, 0), row_height=58, gap=14,
                         columns=3, font_size=24)
        if self._rejoin_shown:         # the long label gets the whole row
            items[0].rect = pygame.Rect(290, 462, 700, 58)
            items[1].rect = pygame.Rect(290, 530, 343, 52)
            items[2].rect = pygame.Rect(647, 530, 343, 52)

    def update(self, dt: float) -> None:
        if self.offer is not None and self.offer.live != self._rejoin_shown:
            self.build()         # the table did not answer: offer to host it again

    def on_activate(self, item) -> None:
        if item.key != "discard":
            self.confirming = False
        if item.key == "rejoin":
            if not self.offer.open(self.app):
                self.app.sound.play("illegal")
        elif item.key == "continue":
            self.resume()
        elif item.key == "new":
            self.new_game()
        elif item.key == "discard":
            if not self.confirming:
                self.confirming = True
                return
            self.discard()

    def on_cancel(self) -> None:
        if self.confirming:
            self.confirming = False
            return
        self.keep_for_later()
        self.app.pop()

    def keep_for_later(self) -> None:
        """*New game* or *Back*: the offered games stay in Load / Replays; the next launch
        does not ask about them again (it asks only after a new crash). A LAN game's save is
        not marked (its file is the table's record): the launch remembered offering it."""
        for info in self.infos:
            if getattr(info, "lan", False):
                continue
            try:
                mark_left(info.path)
            except Exception:  # noqa: BLE001 - a file that cannot be marked is asked again
                pass
        self.app.toasts.show(t("resume.kept"), "info")

    def handle(self, intent) -> None:
        if intent.kind in ("move", "next", "prev") and self.confirming:
            self.confirming = False
        super().handle(intent)

    def resume(self) -> None:
        problem = resume_into_play(self.app, self.info.path, replace=True,
                                   label=self.info.label)
        if problem:
            self.message = problem
            self.app.sound.play("illegal")

    def new_game(self) -> None:
        GameChoiceScreen = navigation.get("GameChoiceScreen")
        self.keep_for_later()
        self.app.replace(GameChoiceScreen(self.app))

    def discard(self) -> None:
        self.confirming = False
        try:
            for path in [self.info.path] + list(getattr(self.info, "also", [])):
                delete_save(path)
        except (OSError, ValueError) as exc:
            self.message = error_line(exc)
            return
        self.app.toasts.show(t("resume.discarded"), "info")
        self.app.pop()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title_text(surface, t("resume.title"), 78)
        fonts.blit(surface, ellipsize(t("resume.body"), 22, 1100), 22, theme.TEXT_DIM, (640, 124),
                   "regular", "center")
        theme.rounded_panel(surface, CARD, theme.PANEL, 22, theme.PANEL_EDGE, 2, shadow=True)
        info = self.info
        x, width = CARD.x + 36, CARD.width - 72
        heading = game_title(info.game)
        if info.label:
            heading += " · " + info.label
        fonts.blit(surface, ellipsize(heading, 38, width, "bold"), 38, theme.ACCENT,
                   (x, CARD.y + 26), "bold")
        lines = [(names_text(info), theme.TEXT, 24),
                 (t("saves.moves", n=info.moves), theme.TEXT, 24),
                 (t("saves.saved_at", when=when_text(info.updated)), theme.TEXT_DIM, 20)]
        if info.damaged:
            lines.append((t("saves.damaged"), theme.BAD, 20))
        if len(self.infos) > 1:
            lines.append((t("resume.more", n=len(self.infos) - 1), theme.TEXT_DIM, 20))
        y = CARD.y + 92
        for text, colour, size in lines:
            fonts.blit(surface, ellipsize(text, size, width), size, colour, (x, y), "semibold")
            y += size + 16
        self.form.draw(surface)
        if self.message:
            for i, line in enumerate(text_layout.wrap(self.message, 20, 1000)[:3]):
                fonts.blit(surface, line, 20, theme.BAD, (640, 560 + i * 26 + (
                    40 if self._rejoin_shown else 0)), "semibold", "center")
