"""Laying text out in boxes: wrapping for every script (by words; by character for Chinese
and Japanese with the kinsoku rules) and shrinking a text until it fits its box.

Every screen and board lays text out through here: ``fit_size`` (the largest size that fits
a width), ``ellipsize`` (cut with "…"), ``fit`` (shrink, then cut), ``wrap`` (lines for the
current language, with the kinsoku rules for Chinese and Japanese) and ``fit_text`` (wrap and
shrink a body of text into a box). Text is measured as ``typeface.render`` draws it.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict

import pygame

from game.client import text as catalog
from game.client.typeface import font, render

WRAP_CACHE_MAX = 1500

BODY_SIZES = (24, 22, 20, 19, 18, 17, 16)
def fit_text(text: str, box: pygame.Rect, sizes=BODY_SIZES) -> tuple[int, list[str], int]:
    """(font size, lines, line height) of the largest size whose wrapped text fits ``box``."""
    for size in sizes:
        lines = paragraphs(text, size, box.width)
        line_h = font(size).get_linesize()
        if _height(lines, line_h) <= box.height:
            return size, lines, line_h
    size = sizes[-1]
    return size, paragraphs(text, size, box.width), font(size).get_linesize()


def paragraphs(text: str, size: int, width: int) -> list[str]:
    """``wrap`` for a body of paragraphs (one per "\n"), with an empty line ('' = half a line
    of gap) between two paragraphs."""
    lines: list[str] = []
    for index, paragraph in enumerate(text.split("\n")):
        if index:
            lines.append("")
        lines += wrap(paragraph, size, width)
    return lines


def _height(lines: list[str], line_h: int) -> int:
    return sum(line_h // 2 if not line else line_h for line in lines)


def ellipsize(text: str, size: int, width: int, weight: str = "regular") -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``, measured
    as drawn (a name in another script is drawn with a fallback font, often wider)."""
    def width_of(value: str) -> int:
        return render(value, size, (255, 255, 255), weight).get_width()

    if width_of(text) <= width:
        return text
    low, high = 0, len(text)          # the longest prefix that fits with its ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if width_of(text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


ELLIPSIS = "…"


_fitted: OrderedDict = OrderedDict()
FIT_CACHE_MAX = 4000


def fit(text: str, size: int, width: int, weight: str = "regular") -> tuple[str, int]:
    """``text`` and a size that fit ``width`` pixels: shrunk down to three quarters of
    ``size`` (never below 10), then cut with an ellipsis if that is not enough. Results are
    cached: every label in a box is fitted every frame, and a label that does not fit would
    otherwise be measured again at every size and every cut."""
    key = (catalog.language(), text, size, width, weight)
    found = _fitted.get(key)
    if found is None:
        found = _fitted[key] = _fit(text, size, width, weight)
        if len(_fitted) > FIT_CACHE_MAX:
            _fitted.popitem(last=False)
    else:
        _fitted.move_to_end(key)
    return found


def _fit(text: str, size: int, width: int, weight: str) -> tuple[str, int]:
    if width <= 0 or render(text, size, (255, 255, 255), weight).get_width() <= width:
        return text, size
    size = fit_size(text, size, width, weight, smallest=max(10, size * 3 // 4))
    if render(text, size, (255, 255, 255), weight).get_width() <= width:
        return text, size
    low, high = 0, len(text)          # the longest prefix that fits with its ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if render(text[:mid].rstrip() + ELLIPSIS, size, (255, 255, 255),
                  weight).get_width() <= width:
            low = mid
        else:
            high = mid - 1
    return (text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS), size


def fit_size(text: str, size: int, width: int, weight: str = "regular", smallest: int = 10) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``width``
    pixels (labels whose translation is longer than the English one shrink, never spill)."""
    while size > smallest and render(text, size, (255, 255, 255), weight).get_width() > width:
        size -= 1
    return size


# Line breaking. Chinese and Japanese may break between any two characters, except that some
# characters may not start a line (closing brackets and punctuation, small kana, the long-vowel
# mark: kinsoku) and some may not end one (opening brackets). Everything else (Latin, Cyrillic,
# Korean, Thai) breaks at spaces only, as the catalogs are written.
NO_LINE_START = set(
    "、。，．,.・：；:;？！?!…‥ー～〜‐゠–—）」』】〕〉》〙〗｝］)]}’”»％%々〻ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ｧｨｩｪｫｯｬｭｮｰ")
NO_LINE_END = set("（「『【〔〈《〘〖｛［([{‘“«")
# A last line this short (in characters) after a break inside CJK text is a lone straggler:
# characters move down from the line above to keep it company.
SHORTEST_LAST_LINE = 3


def is_cjk(ch: str) -> bool:
    """Han, kana, CJK punctuation and full-width forms: text that breaks between characters."""
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFE30 <= code <= 0xFE4F
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x3FFFF)


def _clusters(word: str) -> list[str]:
    """``word`` cut into characters, each with the combining marks that follow it (a Thai
    vowel or tone mark never starts a piece of its own)."""
    out: list[str] = []
    for ch in word:
        if out and unicodedata.category(ch).startswith("M"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _break_units(word: str, anywhere: bool) -> list[str]:
    """The pieces of a space-free ``word`` a line may break between. CJK characters are pieces
    of their own, glued by the kinsoku rules; other runs (a number, a Latin name) stay whole.
    ``anywhere``: a word of a text without spaces or CJK, breakable at every character."""
    if anywhere:
        return _clusters(word)
    if not any(is_cjk(ch) for ch in word):
        return [word]
    units: list[str] = []
    for piece in _clusters(word):
        if units and not is_cjk(piece[0]) and not is_cjk(units[-1][-1]):
            units[-1] += piece           # a run of Latin letters or digits stays together
        else:
            units.append(piece)
    glued: list[str] = []
    for piece in units:
        if glued and (piece[0] in NO_LINE_START or glued[-1][-1] in NO_LINE_END):
            glued[-1] += piece
        else:
            glued.append(piece)
    return glued


def _wrap_paragraph(paragraph: str, f: pygame.font.Font, width: int) -> list[str]:
    words = paragraph.split(" ")
    anywhere = len(words) == 1 and not any(is_cjk(ch) for ch in paragraph)
    # (piece, a space before it): a line drops the space before its first piece
    pieces = [(unit, i > 0 and j == 0) for i, word in enumerate(words)
              for j, unit in enumerate(_break_units(word, anywhere) or [""])]
    lines: list[list[tuple[str, bool]]] = [[]]
    for piece in pieces:
        if lines[-1] and f.size(_join(lines[-1] + [piece]))[0] > width:
            lines.append([piece])
        else:
            lines[-1].append(piece)
    _keep_last_line_company(lines, f, width)
    return [_join(line) for line in lines]


def _join(line: list[tuple[str, bool]]) -> str:
    return "".join(" " + piece if space and i else piece
                   for i, (piece, space) in enumerate(line))


def _chars(line: list[tuple[str, bool]]) -> int:
    return sum(len(piece) for piece, _ in line)


def _keep_last_line_company(lines: list[list[tuple[str, bool]]], f, width: int) -> None:
    """A CJK text whose last line holds one or two characters ("…なりませ / ん"): the last
    pieces of the line above move down to it, as long as everything still fits."""
    if len(lines) < 2 or _chars(lines[-1]) >= SHORTEST_LAST_LINE:
        return
    above, last = list(lines[-2]), list(lines[-1])
    if last[0][1] or not (is_cjk(above[-1][0][-1]) or is_cjk(last[0][0][0])):
        return                           # the break is at a space: no character was cut off
    while len(above) > 1 and _chars(last) < SHORTEST_LAST_LINE:
        candidate = [above[-1]] + last
        if f.size(_join(candidate))[0] > width:
            break
        above.pop()
        last = candidate
    lines[-2], lines[-1] = above, last


_wrapped: OrderedDict = OrderedDict()


def wrap(text: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels: at spaces, and between characters
    in Chinese and Japanese with the kinsoku rules (no line starts with 。、」ー or a small kana,
    none ends with 「（) and no lone character on the last line. A text without spaces or CJK
    (a Thai phrase, one long word) breaks between any two characters. A single piece wider
    than ``width`` gets a line of its own. Results are cached (screens wrap every frame)."""
    key = (catalog.language(), text, size, width, weight)
    found = _wrapped.get(key)
    if found is not None:
        _wrapped.move_to_end(key)
        return list(found)
    f = font(size, weight)
    lines = [line for paragraph in text.split("\n")
             for line in _wrap_paragraph(paragraph, f, width)]
    _wrapped[key] = lines
    if len(_wrapped) > WRAP_CACHE_MAX:
        _wrapped.popitem(last=False)
    return list(lines)


def clear_cache() -> None:
    _wrapped.clear()
    _fitted.clear()

# (not on a language change: the caches are keyed by the language)
