"""Railroad Ink tray texts that must stay whole: the device hints (how to undo) survive a long
refusal reason, a hint row wraps between "button action" units only, and a tray button whose
label is too long for one line gets two lines before it is cut with "…"."""

from __future__ import annotations

import pygame
import pytest

from game.client import fonts
from game.client import text_layout
from game.client.games.railroad_ink import tray_text as ri
from game.client.text import set_language

HINT = "Enter Рисовать · R Повернуть · X Отразить · Tab Кубик · C Отменить"
REASON = ("D4: рисунок должен продолжать маршрут, уже нарисованный на листе, "
          "или начинаться у выхода по краю листа")


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    yield
    fonts.clear_cache()


def test_hint_rows_break_only_between_units():
    lines = ri.wrap_units(HINT, 17, 220)
    assert len(lines) > 1
    assert " · ".join(lines) == HINT          # nothing lost, each break is at a " · "
    for line in lines:
        assert ri.text_width(line, 17) <= 220


@pytest.mark.parametrize("height", [60, 90, 140])
def test_hints_stay_whole_after_a_long_refusal(height):
    lines = ri.status_lines(REASON, "Рельсы", [HINT], 17, 220, height)
    assert sum(ri.line_height(size) for _t, size, _k in lines) <= height
    hints = [text for text, _s, kind in lines if kind == "hint"]
    assert " · ".join(hints) == HINT          # Undo ("C Отменить") is always shown
    assert [text for text, _s, kind in lines if kind == "status"] == ["Рельсы"]
    reason = [text for text, _s, kind in lines if kind == "refusal"]
    if reason and " ".join(reason) != " ".join(text_layout.wrap(REASON, lines[0][1], 220)):
        assert reason[-1].endswith(text_layout.ELLIPSIS)


def test_room_to_spare_keeps_the_full_size_and_the_whole_reason():
    lines = ri.status_lines(REASON, "Рельсы", [HINT], 17, 220, 400)
    assert {size for _t, size, _k in lines} == {17}
    assert not any(text.endswith(text_layout.ELLIPSIS) for text, _s, _k in lines)


def test_two_line_button_label_splits_evenly_and_fits():
    pair = ri.two_lines("ラウンド終了する", 15, 70)
    assert pair is not None and "".join(pair) == "ラウンド終了する"
    assert all(ri.text_width(part, 15, "semibold") <= 70 for part in pair)
    assert ri.two_lines("Конец раунда", 19, 70) == ("Конец", "раунда")
    assert ri.two_lines("Конец раунда", 19, 20) is None


def test_button_label_draws_two_lines_instead_of_an_ellipsis():
    set_language("en")
    surface = pygame.Surface((100, 44))
    ri.draw_button_label(surface, "Konec raunda dlinnyj", 19, (255, 255, 255),
                         pygame.Rect(0, 0, 100, 44))
    rows = [y for y in range(44)
            if any(surface.get_at((x, y))[0] > 100 for x in range(100))]
    assert rows and rows[-1] - rows[0] > 22     # ink on two lines, not one


def test_two_lines_without_spaces_break_where_the_script_changes():
    pair = ri.two_lines("ラウンド終了", 12, 60)
    assert pair == ("ラウンド", "終了")
