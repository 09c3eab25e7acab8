"""The load/save menu: unfinished games (continue), finished games kept as replays (watch),
deleting either (asks once more), and the "Save as…" card the pause menu opens.

Controls: up/down choose a row, confirm opens it (continue / watch), X (alt) deletes, Tab or
LB/RB (next/prev) switch between the two lists, cancel goes back; the mouse clicks tabs, rows
(a second click opens) and the buttons, the wheel scrolls. Nothing here raises at the player:
a file that cannot be read or resumed shows one clear line in the details panel.
"""

from __future__ import annotations

import datetime as _dt

import pygame

from game.client import fonts, navigation, text_layout, theme
from game.client.plural import tn
from game.client.save_info import (error_line, game_title, heading_text, names_text, outcome_text,
                                   scores_text, when_text)
from game.client.screens.base import MenuScreen, Screen
from game.client.screens.resume import resume_into_play
from game.client.text import t
from game.client.text_layout import ellipsize
from game.client.widgets import Form, Item, draw_item, title_text
from game.client import canvas
from game.client import gfx
from game.saves import SaveError, delete_save, list_replays, list_resumable, name_game

TABS = ("games", "replays")
TAB_RECTS = [pygame.Rect(40, 104, 280, 46), pygame.Rect(332, 104, 280, 46)]
LIST = pygame.Rect(40, 164, 720, 480)
DETAIL = pygame.Rect(780, 104, 460, 540)
ROW_H = 80
ROW_GAP = 8
VISIBLE = LIST.height // (ROW_H + ROW_GAP)
PRIMARY = pygame.Rect(DETAIL.x + 24, DETAIL.bottom - 136, DETAIL.width - 48, 54)
DELETE = pygame.Rect(DETAIL.x + 24, DETAIL.bottom - 70, DETAIL.width - 48, 50)


class SavesMenuScreen(Screen):
    def __init__(self, app, tab: str = "games") -> None:
        super().__init__(app)
        self.tab = tab if tab in TABS else "games"
        self.entries: dict[str, list] = {"games": [], "replays": []}
        self.index = {"games": 0, "replays": 0}
        self.top_row = 0
        self.confirming = False
        self.message = ""
        self.refresh()

    # -- data ------------------------------------------------------------------------------
    def refresh(self) -> None:
        for tab, lister in (("games", list_resumable), ("replays", list_replays)):
            try:
                self.entries[tab] = lister()
            except Exception as exc:  # noqa: BLE001 - an unreadable folder is a message
                self.entries[tab] = []
                self.message = error_line(exc)
            self.index[tab] = max(0, min(self.index[tab], len(self.entries[tab]) - 1))
        self._scroll_to_selection()

    @property
    def rows(self) -> list:
        return self.entries[self.tab]

    @property
    def selected(self):
        rows = self.rows
        return rows[self.index[self.tab]] if rows else None

    def row_rect(self, position: int) -> pygame.Rect:
        return pygame.Rect(LIST.x, LIST.y + position * (ROW_H + ROW_GAP), LIST.width, ROW_H)

    def _scroll_to_selection(self) -> None:
        i = self.index[self.tab]
        if i < self.top_row:
            self.top_row = i
        elif i >= self.top_row + VISIBLE:
            self.top_row = i - VISIBLE + 1
        self.top_row = max(0, min(self.top_row, max(0, len(self.rows) - VISIBLE)))

    def select(self, i: int) -> None:
        if not self.rows:
            return
        new = max(0, min(len(self.rows) - 1, i))
        if new != self.index[self.tab]:
            self.confirming = False
            self.message = ""
        self.index[self.tab] = new
        self._scroll_to_selection()

    def switch_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            self.confirming = False
            self.message = ""
            self.top_row = 0
            self._scroll_to_selection()
            self.app.sound.play("click")

    # -- actions ---------------------------------------------------------------------------
    def open_selected(self) -> None:
        info = self.selected
        if info is None:
            return
        self.confirming = False
        self.app.sound.play("click")
        if self.tab == "games":
            problem = resume_into_play(self.app, info.path, replace=True, label=info.label)
        else:
            open_replay = navigation.get("open_replay")
            problem = open_replay(self.app, info.path)
        if problem:
            self.message = problem
            self.app.sound.play("illegal")
            self.refresh()

    def delete_selected(self) -> None:
        info = self.selected
        if info is None:
            return
        if not self.confirming:
            self.confirming = True
            self.app.sound.play("click")
            return

        self.confirming = False
        try:
            for path in [info.path] + list(getattr(info, "also", [])):   # a merged game's files
                delete_save(path)
        except (OSError, ValueError) as exc:
            self.message = error_line(exc)
            return
        self.app.toasts.show(t("saves.deleted"), "info")
        self.message = ""
        self.refresh()

    # -- input -----------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move":
            if intent.dy:
                self.select(self.index[self.tab] + intent.dy)
            elif intent.dx:
                self.switch_tab(TABS[(TABS.index(self.tab) + intent.dx) % len(TABS)])
        elif kind in ("next", "prev"):
            step = 1 if kind == "next" else -1
            self.switch_tab(TABS[(TABS.index(self.tab) + step) % len(TABS)])
        elif kind == "rotate" and intent.device == "mouse":
            self.select(self.index[self.tab] + (intent.value or 1))
        elif kind == "confirm":
            if self.confirming:
                self.delete_selected()
            else:
                self.open_selected()
        elif kind == "alt":
            self.delete_selected()
        elif kind in ("cancel", "menu"):
            if self.confirming:
                self.confirming = False
            else:
                self.app.pop()
        elif kind == "click" and intent.pos:
            self._click(intent.pos)

    def _click(self, pos) -> None:
        for tab, rect in zip(TABS, TAB_RECTS):
            if rect.collidepoint(pos):
                self.switch_tab(tab)
                return
        if self.selected is not None:
            if PRIMARY.collidepoint(pos):
                self.open_selected()
                return
            if DELETE.collidepoint(pos):
                self.delete_selected()
                return
        for position in range(VISIBLE):
            i = self.top_row + position
            if i < len(self.rows) and self.row_rect(position).collidepoint(pos):
                if i == self.index[self.tab]:
                    self.open_selected()
                else:
                    self.select(i)
                return

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title_text(surface, t("saves.title"), 52, 46)
        for tab, rect in zip(TABS, TAB_RECTS):
            active = tab == self.tab
            theme.rounded_panel(surface, rect, theme.ACCENT if active else theme.PANEL, 14,
                                theme.FOCUS if active else theme.PANEL_EDGE, 2 if active else 1)
            label = f"{t('saves.tab_' + tab)} ({len(self.entries[tab])})"
            fonts.blit(surface, ellipsize(label, 22, rect.width - 20, "semibold"), 22,
                       theme.TEXT_DARK if active else theme.TEXT, rect.center, "semibold",
                       "center")
        self._draw_list(surface)
        self._draw_detail(surface)

    def _draw_list(self, surface) -> None:
        rows = self.rows
        if not rows:
            theme.rounded_panel(surface, LIST, theme.PANEL, 18, theme.PANEL_EDGE, 1)
            y = LIST.y + 40
            for line in text_layout.wrap(t(f"saves.empty_{self.tab}"), 22, LIST.width - 80):
                fonts.blit(surface, line, 22, theme.TEXT_DIM, (LIST.centerx, y), "regular",
                           "center")
                y += 30
            return
        for position in range(VISIBLE):
            i = self.top_row + position
            if i >= len(rows):
                break
            info = rows[i]
            rect = self.row_rect(position)
            focused = i == self.index[self.tab]
            theme.rounded_panel(surface, rect, theme.PANEL_HI if focused else theme.PANEL, 14,
                                theme.FOCUS if focused else theme.PANEL_EDGE,
                                3 if focused else 1)
            right = (tn("saves.finished", info.moves) if info.finished
                     else t("saves.moves", n=info.moves))
            right_rect = fonts.blit(surface, right, 22, theme.TEXT,
                                    (rect.right - 18, rect.y + 12), "semibold", "topright")
            date_rect = fonts.blit(surface, when_text(info.updated), 17, theme.TEXT_DIM,
                                   (rect.right - 18, rect.bottom - 10), "regular",
                                   "bottomright")
            heading = heading_text(info)
            width = right_rect.x - rect.x - 40
            colour = theme.BAD if info.damaged else theme.ACCENT
            gfx.rect(surface, colour, (rect.x + 10, rect.y + 12, 8, rect.height - 24),
                             border_radius=4)
            fonts.blit(surface, ellipsize(heading, 24, width, "semibold"), 24, theme.TEXT,
                       (rect.x + 30, rect.y + 10), "semibold")
            people = scores_text(info) if info.scores else names_text(info)
            room = min(rect.width - 200, date_rect.x - 24 - (rect.x + 30))
            fonts.blit(surface, ellipsize(people, 18, room), 18,
                       theme.TEXT_DIM, (rect.x + 30, rect.bottom - 10), "regular", "bottomleft")
        if len(rows) > VISIBLE:
            fonts.blit(surface, t("saves.count", i=self.index[self.tab] + 1, n=len(rows)), 17,
                       theme.TEXT_DIM, (LIST.right, LIST.bottom + 4), "regular", "topright")

    def _draw_detail(self, surface) -> None:
        theme.rounded_panel(surface, DETAIL, theme.PANEL, 18, theme.PANEL_EDGE, 1, shadow=True)
        info = self.selected
        x, width = DETAIL.x + 24, DETAIL.width - 48
        y = DETAIL.y + 20
        if info is not None:
            fonts.blit(surface, ellipsize(game_title(info.game), 34, width, "bold"), 34,
                       theme.ACCENT, (x, y), "bold")
            y += 50
            outcome = outcome_text(info) if info.finished else ""
            lines = [(text, theme.TEXT, 22, "semibold") for text in (info.label, outcome) if text]
            if not info.scores:          # (a finished game names them with its scores)
                lines += [(line, theme.TEXT, 20, "regular")
                          for line in text_layout.wrap(names_text(info), 20, width)[:3]]
            lines.append(((tn("saves.finished", info.moves) if info.finished
                           else t("saves.moves", n=info.moves)), theme.TEXT, 20, "semibold"))
            if info.created:
                lines.append((t("saves.created_at", when=info.created.replace("T", " ")
                                .rstrip("Z")), theme.TEXT_DIM, 18, "regular"))
            lines.append((t("saves.saved_at", when=when_text(info.updated)), theme.TEXT_DIM,
                          18, "regular"))
            if info.scores:
                lines.append((t("saves.scores", scores=scores_text(info)), theme.TEXT, 20,
                              "semibold"))
            if info.damaged:
                lines += [(line, theme.BAD, 18, "semibold")
                          for line in text_layout.wrap(t("saves.damaged"), 18, width)]
            for text, colour, size, weight in lines:
                fonts.blit(surface, ellipsize(text, size, width, weight), size, colour, (x, y), weight)
                y += size + 12
        if self.message:
            y = max(y, PRIMARY.y - 100)
            for line in text_layout.wrap(self.message, 18, width)[:4]:
                fonts.blit(surface, line, 18, theme.BAD, (x, y), "semibold")
                y += 23
        if info is None:
            return
        continue_key = "lan.resume_as_host" if getattr(info, "lan", False) else "saves.continue"
        primary = Item("open", lambda: t(continue_key) if self.tab == "games"
                       else t("saves.watch"), rect=PRIMARY)
        draw_item(surface, primary, not self.confirming, False, 24)
        delete = Item("delete", lambda: t("saves.delete_confirm") if self.confirming
                      else t("saves.delete"), rect=DELETE)
        if self.confirming:
            theme.rounded_panel(surface, DELETE, theme.BAD, 12, theme.FOCUS, 3)
            fonts.blit(surface, delete.label(), 22, theme.TEXT, DELETE.center, "semibold",
                       "center")
        else:
            draw_item(surface, delete, False, False, 22)

    def hints(self):
        if self.confirming:
            return [("confirm", t("hint.delete")), ("cancel", t("hint.back"))]
        out = [("move", t("hint.choose"))]
        if self.selected is not None:
            out += [("confirm", t("hint.open")), ("alt", t("hint.delete"))]
        return out + [("next", t("hint.tab")), ("cancel", t("hint.back"))]


# --------------------------------------------------------------------------------------------
# Save as… (from the pause menu)
# --------------------------------------------------------------------------------------------

CARD = pygame.Rect(390, 170, 500, 380)


class SaveAsScreen(MenuScreen):
    """Names the running game in Load / Replays (its autosave, which goes on saving every
    move; a named copy beside it would list the same game twice)."""

    overlay = True

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.message = ""
        default = self.default_label()
        items = [Item("label", lambda: t("saveas.label"), kind="text", value=default,
                      max_len=32),
                 Item("save", lambda: t("saveas.save")),
                 Item("cancel", lambda: t("common.cancel"))]
        self.form = Form(items, pygame.Rect(CARD.x + 30, CARD.y + 150, CARD.width - 60, 0),
                         row_height=54, gap=10, font_size=22)
        self.form.focus = 1

    def default_label(self) -> str:
        return t("saveas.default", n=self.match.seq, time=_dt.datetime.now().strftime("%H:%M"))

    def on_activate(self, item) -> None:
        if item.key == "save":
            self.save()
        elif item.key == "cancel":
            self.app.pop()

    def on_change(self, item) -> None:
        self.message = ""

    def on_cancel(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        self.app.input.text_mode = False

    def save(self) -> None:
        label = str(self.form.item("label").value).strip() or self.default_label()
        try:
            name_game(self.match, label)     # the autosaved game gets the name: one entry
        except (SaveError, OSError, ValueError) as exc:
            self.message = error_line(exc)
            self.app.sound.play("illegal")
            return
        self.app.toasts.show(t("saveas.saved", label=label), "good")
        self.app.pop()

    def draw(self, surface) -> None:
        # The dialog takes the place of the pause card it was opened from: repaint the game
        # under both (the app has drawn the pause card already), so no edge of it shows.
        base = next((s for s in reversed(self.app.stack) if not s.overlay), None)
        if base is not None:
            base.draw(surface)
        veil = canvas.layer(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 12, 20, 200))
        surface.blit(veil, (0, 0))
        theme.rounded_panel(surface, CARD, theme.PANEL, 24, theme.PANEL_EDGE, 2, shadow=True)
        fonts.blit(surface, t("saveas.title"), 36, theme.TEXT, (CARD.centerx, CARD.y + 44),
                   "bold", "center")
        y = CARD.y + 84
        for line in text_layout.wrap(t("saveas.help_named"), 18, CARD.width - 60)[:3]:
            fonts.blit(surface, line, 18, theme.TEXT_DIM, (CARD.centerx, y), "regular",
                       "center")
            y += 22
        self.form.draw(surface)
        if self.message:
            for i, line in enumerate(text_layout.wrap(self.message, 18, CARD.width - 40)[:2]):
                fonts.blit(surface, line, 18, theme.BAD, (CARD.centerx, CARD.bottom + 16 + i * 22),
                           "semibold", "center")
