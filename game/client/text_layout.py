"""Laying text out in boxes: wrapping for every script (by words; by character for Chinese
and Japanese with the kinsoku rules) and shrinking a text until it fits its box.

(First gathered from the rules-help screen; ``fonts.wrap``/``fonts.fit_size`` and
``widgets.fit_size`` are the other two layouts still to merge here.)
"""

from __future__ import annotations

import re

import pygame

from game.client import fonts
from game.client import text as catalog

BODY_SIZES = (24, 22, 20, 19, 18, 17, 16)
# characters that may not start a line in Chinese/Japanese (they stay with the text before)
NO_LINE_START = set("、。，．：；！？）」』】〉》・ー…%）")
NO_LINE_END = set("（「『【〈《")      # opening brackets go down with the text they open


def _tokens(paragraph: str, by_character: bool) -> list[str]:
    if by_character:
        # Latin words and numbers stay whole; every other character may break
        return re.findall(r"[A-Za-z0-9%+\-–−×÷./']+ ?|\s|.", paragraph)
    return re.findall(r"\S+\s*|\s+", paragraph)


def _split_long(token: str, font: pygame.font.Font, width: int) -> list[str]:
    pieces, current = [], ""
    for char in token:
        if current and font.size(current + char)[0] > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Lines of ``text`` no wider than ``width`` px for the current language ('' = a gap
    between paragraphs)."""
    font = fonts.font(size, weight)
    by_character = catalog.language() in ("ja", "zh-TW")
    lines: list[str] = []
    for index, paragraph in enumerate(text.split("\n")):
        if index:
            lines.append("")
        line = ""
        for token in _tokens(paragraph, by_character):
            candidate = line + token
            if font.size(candidate.rstrip())[0] <= width:
                line = candidate
                continue
            if by_character and token in NO_LINE_START and line:
                # keep the punctuation with its word: carry the last character down
                lines.append(line[:-1].rstrip())
                line = line[-1] + token
                continue
            if by_character and line and line[-1] in NO_LINE_END:
                token, line = line[-1] + token, line[:-1]
            if line.strip():
                lines.append(line.rstrip())
            line = token.lstrip()
            if font.size(line.rstrip())[0] > width:
                parts = _split_long(line, font, width)
                lines.extend(p.rstrip() for p in parts[:-1])
                line = parts[-1]
        lines.append(line.rstrip())
    return lines


def fit_text(text: str, box: pygame.Rect, sizes=BODY_SIZES) -> tuple[int, list[str], int]:
    """(font size, lines, line height) of the largest size whose wrapped text fits ``box``."""
    for size in sizes:
        lines = wrap(text, size, box.width)
        line_h = fonts.font(size).get_linesize()
        if _height(lines, line_h) <= box.height:
            return size, lines, line_h
    size = sizes[-1]
    return size, wrap(text, size, box.width), fonts.font(size).get_linesize()


def _height(lines: list[str], line_h: int) -> int:
    return sum(line_h // 2 if not line else line_h for line in lines)


def fitted(text: str, size: int, width: int, weight: str = "regular", minimum: int = 12) -> int:
    """The largest size <= ``size`` at which one line of ``text`` fits ``width`` px."""
    while size > minimum and fonts.font(size, weight).size(text)[0] > width:
        size -= 1
    return size


def ellipsize(text: str, size: int, width: int, weight: str = "regular") -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``, measured
    as drawn (a name in another script is drawn with a fallback font, often wider)."""
    def width_of(value: str) -> int:
        return fonts.render(value, size, (255, 255, 255), weight).get_width()

    if width_of(text) <= width:
        return text
    low, high = 0, len(text)          # the longest prefix that fits with its ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if width_of(text[:mid].rstrip() + "…") <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"
