"""Texts of Railroad Ink's trays that must fit them: face names, refusals, hint rows broken
between their units, status lines cut with an ellipsis and two-line button labels."""

from __future__ import annotations

import pygame

from game.client import fonts, text_layout
from game.client.text import has, illegal, t
from game.client.text_layout import wrap


def face_name(face: str) -> str:
    key = f"ri.face.{face}"
    return t(key) if has(key) else face


def ri_illegal(exc) -> str:
    """The refusal in the player's language, Railroad Ink's own wording first
    (``illegal.railroad-ink.<code>``, e.g. ``not_connected``, whose shared entry is Metro's)."""
    return illegal(exc, "railroad-ink")


# -- text that must fit the tray ---------------------------------------------------------------
HINT_SEP = " · "


def line_height(size: int) -> int:
    return size + size // 4


def text_width(text: str, size: int, weight: str = "regular") -> int:
    return fonts.render(text, size, (255, 255, 255), weight).get_width()


def wrap_units(text: str, size: int, width: int) -> list[str]:
    """Lines of a hint row "A Draw · R Rotate · …" that fit ``width``: broken only between
    the " · " units, so a button never lands on another line than its action."""
    lines: list[str] = []
    for unit in text.split(HINT_SEP):
        candidate = lines[-1] + HINT_SEP + unit if lines else unit
        if lines and text_width(candidate, size) <= width:
            lines[-1] = candidate
        elif text_width(unit, size) <= width:
            lines.append(unit)
        else:                          # one unit wider than the tray: words as a last resort
            lines += text_layout.wrap(unit, size, width)
    return lines


def cut_to_width(line: str, size: int, width: int) -> str:
    """``line`` ending in "…" so that it fits ``width``."""
    while line and text_width(line.rstrip() + text_layout.ELLIPSIS, size) > width:
        line = line[:-1]
    return line.rstrip() + text_layout.ELLIPSIS


def status_lines(refusal: str, status: str, hints: list[str], size: int, width: int,
                 height: int) -> list[tuple[str, int, str]]:
    """(text, size, kind) lines for the tray's status block in ``height`` pixels: the
    status and the device hints (how to undo, rotate…) always stay; the text shrinks down to
    three quarters of ``size`` first, then the refusal reason gives up its last lines (ending
    in "…"), and only then is anything else cut."""
    smallest = max(10, size * 3 // 4)
    for step in range(size, smallest - 1, -1):
        lines = ([(p, "refusal") for p in (wrap(refusal, step, width) if refusal else [])]
                 + [(p, "status") for p in (wrap(status, step, width) if status else [])]
                 + [(p, "hint") for h in hints for p in wrap_units(h, step, width)])
        if len(lines) * line_height(step) <= height:
            return [(text, step, kind) for text, kind in lines]
    room = max(0, height // line_height(smallest))
    keep = [(p, "status") for p in (wrap(status, smallest, width) if status else [])] + \
        [(p, "hint") for h in hints for p in wrap_units(h, smallest, width)]
    reason = text_layout.wrap(refusal, smallest, width) if refusal else []
    spare = room - len(keep)
    if reason and spare > 0:           # the reason, shortened to the lines left over
        shown = reason[:spare]
        if len(shown) < len(reason):
            shown[-1] = cut_to_width(shown[-1], smallest, width)
        keep = [(p, "refusal") for p in shown] + keep
    if len(keep) > room:                # still too much: the last line shown ends in "…"
        keep = keep[:room]
        if keep:
            keep[-1] = (cut_to_width(keep[-1][0], smallest, width), keep[-1][1])
    return [(text, smallest, kind) for text, kind in keep]


def draw_button_label(surface, text: str, size: int, colour, rect: pygame.Rect,
                      name: str = "") -> None:
    """A tray button's label: one line if it fits at a readable size, else two lines (split at
    a space, or between characters in scripts without spaces), and cut with "…" only if even
    that does not fit."""
    area = pygame.Rect(rect).inflate(-10, 0)
    smallest = max(10, size * 3 // 4)
    if text_width(text, smallest, "semibold") <= area.width:
        fonts.blit_in(surface, text, size, colour, rect, "semibold", inset=5, name=name)
        return
    for step in range(size, 9, -1):
        if 2 * line_height(step) - 2 > rect.height - 2:
            continue
        pair = two_lines(text, step, area.width)
        if pair:
            half = line_height(step) - 1
            with fonts.box(area, name):
                for i, part in enumerate(pair):
                    fonts.blit(surface, part, step, colour,
                               (area.centerx, rect.centery + (i * 2 - 1) * half // 2),
                               "semibold", "center")
            return
    fonts.blit_in(surface, text, size, colour, rect, "semibold", inset=5, name=name)


def two_lines(text: str, size: int, width: int) -> tuple[str, str] | None:
    """The most even split of ``text`` into two lines that both fit ``width``, or None."""
    spaced = " " in text.strip()
    cuts = [i for i, ch in enumerate(text) if ch == " "] if spaced else range(1, len(text))
    best = None
    for i in cuts:
        first, second = text[:i].strip(), text[i:].strip()
        if not first or not second or second[0] in "ー・、。）」":
            continue               # never start a line with a mark that belongs to the last
        wide = max(text_width(first, size, "semibold"), text_width(second, size, "semibold"))
        # without spaces, a change of script (ラウンド|終了) is where a word most likely ends
        rank = (0 if spaced or _script(text[i - 1]) != _script(text[i]) else 1, wide)
        if wide <= width and (best is None or rank < best[0]):
            best = (rank, first, second)
    return best[1:] if best else None


def _script(ch: str) -> str:
    code = ord(ch)
    if 0x30A0 <= code <= 0x30FF:
        return "katakana"
    if 0x3040 <= code <= 0x309F:
        return "hiragana"
    if 0x4E00 <= code <= 0x9FFF:
        return "han"
    return "other"
