"""Choosing a lesson of one game: each lesson with how far it got (new, step n of N, or
finished); a started lesson continues where it stopped, "Start over" beside it begins it
again."""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.screens.base import MenuScreen
from game.client.text import t
from game.client.games import lessons
from game.client.screens.tutorial_play import TutorialScreen
from game.client.tutorial.progress import Progress
from game.client.widgets import Form, Item


class LessonsScreen(MenuScreen):
    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.progress = Progress.beside(app.settings)
        self.build()

    def build(self, focus: str | None = None) -> None:
        items = []
        for lesson in lessons.for_game(self.game):
            items.append(Item(f"open:{lesson.id}", lambda lesson=lesson: self.label(lesson)))
            if self.progress.started(lesson.id, len(lesson.steps)):
                items.append(Item(f"restart:{lesson.id}",
                                  lambda lesson=lesson: t("tutorial.common.restart",
                                                          name=t(f"tutorial.{lesson.id}.name"))))
        items.append(Item("back", lambda: t("common.back")))
        height = len(items) * 62
        top = max(178, 390 - height // 2)
        self.form = Form(items, pygame.Rect(290, top, 700, 0), row_height=52, gap=10,
                         font_size=22)
        if focus:
            self.form.focus_on(focus)

    def label(self, lesson) -> str:
        name = t(f"tutorial.{lesson.id}.name")
        entry = self.progress.get(lesson.id)
        if self.progress.started(lesson.id, len(lesson.steps)):
            return t("tutorial.common.continue_at", name=name, n=entry["step"] + 1,
                     total=len(lesson.steps))
        if self.progress.done(lesson.id):
            return t("tutorial.common.finished", name=name)
        return name

    def resume(self) -> None:
        self.progress.load()        # a lesson was played: show where it got to
        focused = self.form.focused.key if self.form.focused else None
        self.build(focused)

    def on_activate(self, item) -> None:
        kind, _, lesson_id = item.key.partition(":")
        if kind == "back":
            self.app.pop()
            return
        lesson = lessons.by_id(lesson_id)
        if kind == "restart":
            self.progress.restart(lesson.id)
        self.app.push(TutorialScreen(self.app, lesson, self.progress, fresh=kind == "restart"))

    def on_cancel(self) -> None:
        self.app.pop()

    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        fonts.blit_in(surface, t("tutorial.common.menu_title", game=t(f"game.{self.game}")), 44,
                      theme.TEXT, pygame.Rect(140, 56, 1000, 64), "bold", name="lessons title")
        fonts.blit_in(surface, t("tutorial.common.menu_help"), 20, theme.TEXT_DIM,
                      pygame.Rect(140, 126, 1000, 30), name="lessons help")
        self.form.draw(surface)
