"""Fonts from the ``weblate-fonts`` package, chosen per language, and a cache of rendered text.

Latin and Cyrillic use Source Sans 3; Thai, Korean, Traditional Chinese and Japanese use the
matching Kurinto Sans family. Nothing is downloaded: the files ship inside the package. Rendered
text surfaces are cached by (text, size, weight, colour), so a static label costs one blit.

The Kurinto bold faces that have kana (KurintoSansJP-Bd and KurintoSans-Bd) draw them exactly
like the regular face: a bold Japanese title would show bold kanji beside thin kana. No face
in the package has real bold kana (the KR, TC and SC families have none at all), so these two
bold fonts draw kana emboldened: the regular kana outlines thickened by FreeType's "strong"
style. The regular faces' kana are drawn lighter than their kanji too (measured: ロ's strokes
0.55-0.85 of 口's), so a line mixing them looked uneven; their kana get a slight thickening
as well (``KANA_STRENGTH_REGULAR``). ``font()`` returns such a font as a ``KanaBoldFont``:
each thickened kana gets its advance widened by the thickness it gained, and ``size()``
counts it, so every measure, fit and box leaves room for the heavier letters.

Text belongs to a box: ``with fonts.box(rect, "name"):`` (or ``blit_in``) declares the panel,
button or row the texts drawn inside it must stay in. ``blit`` then shrinks a text that would
spill out of the box from its anchor (down to three quarters of its size) and ends it with
"…" if it is still too wide, so a long translation or player name never runs out of its panel.
The language test checks that every text drawn in a box stays inside it.
"""

from __future__ import annotations

import importlib.util
import math
import unicodedata
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.client import text as catalog

try:
    import pygame.freetype as freetype
except ImportError:       # a pygame without FreeType: bold kana stay as thin as the regular
    freetype = None

# language -> (regular, bold) paths relative to weblate_fonts/static/weblate_fonts
_SOURCE = ("source-sans/ttf/SourceSans3-Regular.ttf", "source-sans/ttf/SourceSans3-Bold.ttf")
LANGUAGE_FONTS: dict[str, tuple[str, str]] = {
    "en": _SOURCE,
    "ru": _SOURCE,
    "th": ("kurinto/ttf/KurintoSans-Rg.ttf", "kurinto/ttf/KurintoSans-Bd.ttf"),
    "ko": ("kurinto/ttf/KurintoSansKR-Rg.ttf", "kurinto/ttf/KurintoSansKR-Bd.ttf"),
    "zh-TW": ("kurinto/ttf/KurintoSansTC-Rg.ttf", "kurinto/ttf/KurintoSansTC-Bd.ttf"),
    "ja": ("kurinto/ttf/KurintoSansJP-Rg.ttf", "kurinto/ttf/KurintoSansJP-Bd.ttf"),
}
SEMIBOLD = "source-sans/ttf/SourceSans3-Semibold.ttf"


def font_root() -> Path | None:
    """The ``static/weblate_fonts`` folder of the installed package (None if missing)."""
    spec = importlib.util.find_spec("weblate_fonts")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0]) / "static" / "weblate_fonts"
    return root if root.is_dir() else None


_fonts: dict[tuple, pygame.font.Font] = {}
_rendered: OrderedDict = OrderedDict()
_RENDER_CACHE_MAX = 1500


def _path_for(weight: str, lang: str | None = None) -> Path | None:
    root = font_root()
    if root is None:
        return None
    regular, bold = LANGUAGE_FONTS.get(lang or catalog.language(), _SOURCE)
    if weight == "bold":
        rel = bold
    elif weight == "semibold" and regular == _SOURCE[0]:
        rel = SEMIBOLD
    elif weight == "semibold":
        rel = bold
    else:
        rel = regular
    path = root / rel
    return path if path.exists() else None


def font(size: int, weight: str = "regular", lang: str | None = None) -> pygame.font.Font:
    """A font of ``size`` pixels for the current language (or ``lang``), weight
    regular/semibold/bold."""
    key = (lang or catalog.language(), size, weight)
    found = _fonts.get(key)
    if found is not None and not _alive(found):
        clear_cache()          # pygame was quit and started again: every cached font is dead
        found = None
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _path_for(weight, key[0])
        kana = _kana_face(path)
        if kana is not None:
            found = KanaBoldFont(path, size, kana[0], kana[1])
        else:
            found = pygame.font.Font(str(path) if path else None, size)
        _fonts[key] = found
    return found


def _alive(f: pygame.font.Font) -> bool:
    try:
        f.get_height()
    except pygame.error:
        return False
    return True


# How much the kana outlines are thickened, as a fraction of the size. Bold: compared beside
# the bold kanji at 16-40 px, 0.04 left ロ's strokes at 0.7-0.8 of 口's (issue 12: the kana
# still looked lighter on a mixed line) and 0.066 turned the brush-like stroke ends into
# blotches; 0.058 brings them to about 0.85-0.92 with clean ends. Regular: 0.018 brings the
# thin kana (0.55-0.85 of the kanji) to 0.8-1.05.
KANA_STRENGTH = 0.058
KANA_STRENGTH_REGULAR = 0.018
# Faces whose kana are drawn lighter than their kanji -> (face the kana come from, strength).
# The bold faces have no bold kana at all (they are the regular outlines).
KANA_THICKENED = {
    "kurinto/ttf/KurintoSansJP-Bd.ttf": ("kurinto/ttf/KurintoSansJP-Rg.ttf", KANA_STRENGTH),
    "kurinto/ttf/KurintoSans-Bd.ttf": ("kurinto/ttf/KurintoSans-Rg.ttf", KANA_STRENGTH),
    "kurinto/ttf/KurintoSansJP-Rg.ttf": ("kurinto/ttf/KurintoSansJP-Rg.ttf",
                                         KANA_STRENGTH_REGULAR),
    "kurinto/ttf/KurintoSans-Rg.ttf": ("kurinto/ttf/KurintoSans-Rg.ttf", KANA_STRENGTH_REGULAR),
}


def kana_extra_width(size: int, strength: float = KANA_STRENGTH) -> int:
    """The pixels a kana of ``size`` gains in width when thickened (measured: the glyph grows
    by strength × size), rounded up to whole pixels with a quarter pixel to spare, so the
    glyph centred on its widened advance never touches the next one. Less than half a pixel
    of growth (the regular faces' slight thickening at text sizes) keeps the face's own
    advance: a fifth of a pixel each side touches nothing, and the text keeps its width."""
    grown = strength * size
    return math.ceil(grown + 0.25) if grown >= 0.5 else 0


def _kana_face(path: Path | None) -> tuple[Path, float] | None:
    """(face to draw the kana from, thickening) for a face whose kana are too light."""
    root = font_root()
    if path is None or root is None or freetype is None:
        return None
    found = KANA_THICKENED.get(path.relative_to(root).as_posix())
    if found is None or not (root / found[0]).exists():
        return None
    return root / found[0], found[1]


def is_kana(ch: str) -> bool:
    """Hiragana, katakana (with ・ and ー), their phonetic extensions and half-width katakana."""
    code = ord(ch)
    return 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF65 <= code <= 0xFF9F


def _kana_runs(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into runs of kana and of everything else: [(kana?, run), ...]."""
    runs: list[tuple[bool, str]] = []
    for ch in text:
        kana = is_kana(ch)
        if runs and runs[-1][0] == kana:
            runs[-1] = (kana, runs[-1][1] + ch)
        else:
            runs.append((kana, ch))
    return runs


class KanaBoldFont(pygame.font.Font):
    """A face whose kana are lighter than its kanji (a bold face has no bold kana design at
    all): kana are drawn from the regular face, emboldened (FreeType strong style, ``strength``
    × size); everything else from the face itself, on the same baseline. Each emboldened kana's advance is widened by the thickness it gained
    (``kana_extra_width``) and the glyph centred on it, so letters never touch or overlap;
    ``size`` counts that extra width, so fits and boxes leave room for it."""

    def __init__(self, path: Path, size: int, regular: Path,
                 strength: float = KANA_STRENGTH) -> None:
        super().__init__(str(path), size)
        if not freetype.get_init():
            freetype.init()
        self.kana = freetype.Font(str(regular), size)
        self.kana.pad = True              # a glyph's surface spans the line's full height
        self.kana.strength = strength
        self.kana.style = freetype.STYLE_STRONG
        self.strength = strength
        self.kana_extra = kana_extra_width(size, strength)

    def render(self, text, antialias=True, color=(255, 255, 255), bgcolor=None,
               wraplength=0):
        if not antialias or wraplength or not isinstance(text, str) \
                or not any(is_kana(ch) for ch in text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        width, height = self.size(text)
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for kana, part in _kana_runs(text):
            if not kana:
                out.blit(super().render(part, True, color), (x, 0))
                x += super().size(part)[0]
                continue
            start = 0
            for i, ch in enumerate(part):
                end = super().size(part[:i + 1])[0]
                slot = end - start + self.kana_extra
                glyph, rect = self.kana.render(ch, color)
                # centred on its widened advance: the thickening has room on both sides
                out.blit(glyph, (x + (slot - glyph.get_width()) // 2,
                                 self.get_ascent() - rect.y))
                start = end
                x += slot
        return out

    def size(self, text) -> tuple[int, int]:
        if not isinstance(text, str) or not any(is_kana(ch) for ch in text):
            return super().size(text)
        # the runs are drawn one after the other: their widths add up, each kana widened
        width = sum(super(KanaBoldFont, self).size(part)[0] for _, part in _kana_runs(text))
        width += self.kana_extra * sum(1 for ch in text if is_kana(ch))
        return width, self.get_height()


# Fonts to try, in order, for text the current language's font cannot draw (a Thai name on a
# Korean screen...): each family covers different scripts.
FALLBACK_ORDER = ("en", "th", "ko", "ja", "zh-TW")
_NOTDEF = "\U000F0000"   # a private-use character no font here has: its metrics are .notdef


def _missing(f: pygame.font.Font, text: str) -> int:
    """How many characters of ``text`` the font would draw as an empty box."""
    notdef = f.metrics(_NOTDEF)[0]
    return sum(1 for ch, m in zip(text, f.metrics(text))
               if not ch.isspace() and m == notdef and _draws_as_notdef(f, ch))


_notdef_seen: dict[tuple, bool] = {}


def _draws_as_notdef(f: pygame.font.Font, ch: str) -> bool:
    # Equal metrics are not proof: in the Kurinto fonts the .notdef box is exactly as wide as
    # the digits and some capitals. A character is missing only if it also draws the box.
    key = (id(f), ch)
    found = _notdef_seen.get(key)
    if found is None:
        drawn = f.render(ch, False, (255, 255, 255))
        box = f.render(_NOTDEF, False, (255, 255, 255))
        found = (drawn.get_size() == box.get_size()
                 and pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(box, "RGBA"))
        _notdef_seen[key] = found
    return found


def font_for_text(text: str, size: int, weight: str = "regular") -> pygame.font.Font:
    """The current language's font, or the first fallback that can draw every character."""
    f = font(size, weight)
    if text.isascii() or not _missing(f, text):
        return f
    best, best_missing = f, _missing(f, text)
    for lang in FALLBACK_ORDER:
        other = font(size, weight, lang)
        missing = _missing(other, text)
        if missing < best_missing:
            best, best_missing = other, missing
        if not missing:
            break
    return best


def _covering_font(ch: str, size: int, weight: str) -> pygame.font.Font:
    first = font(size, weight)
    if ch.isspace() or not _missing(first, ch):
        return first
    for lang in FALLBACK_ORDER:
        other = font(size, weight, lang)
        if not _missing(other, ch):
            return other
    return first


def _render_runs(text: str, size: int, colour, weight: str) -> pygame.Surface:
    """Text mixing scripts no single font covers (a Korean and a Thai name in one line):
    each run of characters is drawn with a font that has them, on one shared baseline."""
    runs: list[tuple[pygame.font.Font, str]] = []
    for ch in text:
        f = _covering_font(ch, size, weight)
        if runs and runs[-1][0] is f:
            runs[-1] = (f, runs[-1][1] + ch)
        else:
            runs.append((f, ch))
    pieces = [(f, f.render(part, True, colour)) for f, part in runs]
    ascent = max(f.get_ascent() for f, _ in pieces)
    height = max(ascent - f.get_ascent() + piece.get_height() for f, piece in pieces)
    out = pygame.Surface((sum(piece.get_width() for _, piece in pieces), height),
                         pygame.SRCALPHA)
    x = 0
    for f, piece in pieces:
        out.blit(piece, (x, ascent - f.get_ascent()))
        x += piece.get_width()
    return out


def render(text: str, size: int, colour=(255, 255, 255), weight: str = "regular") -> pygame.Surface:
    """An antialiased surface with ``text`` (cached; do not draw on the result)."""
    key = (catalog.language(), text, size, weight, tuple(colour))
    surf = _rendered.get(key)
    if surf is not None:
        _rendered.move_to_end(key)
        return surf
    f = font_for_text(text, size, weight)
    if text.isascii() or not _missing(f, text):
        surf = f.render(text, True, colour)
    else:
        surf = _render_runs(text, size, colour, weight)
    _rendered[key] = surf
    if len(_rendered) > _RENDER_CACHE_MAX:
        _rendered.popitem(last=False)
    return surf


# The boxes being drawn in, innermost last (coordinates of the surface drawn on).
_boxes: list[tuple[pygame.Rect, str]] = []


@contextmanager
def box(rect, name: str = ""):
    """Texts ``blit`` draws inside this block belong to ``rect`` (a panel, a button, a score
    row): they are shrunk or cut to stay inside it. Boxes nest: the innermost one counts."""
    _boxes.append((pygame.Rect(rect), name))
    try:
        yield _boxes[-1][0]
    finally:
        _boxes.pop()


def current_boxes() -> list[tuple[pygame.Rect, str]]:
    """Every box texts are drawn in now, outermost first: a text must stay in all of them."""
    return list(_boxes)


def _room(pos, anchor: str, rect: pygame.Rect) -> int:
    """How wide a text anchored at ``pos`` may be without leaving ``rect``."""
    x = pos[0]
    if anchor.endswith("left"):
        return rect.right - x
    if anchor.endswith("right"):
        return x - rect.left
    return 2 * min(x - rect.left, rect.right - x)      # centred


ELLIPSIS = "…"


def fit(text: str, size: int, width: int, weight: str = "regular") -> tuple[str, int]:
    """``text`` and a size that fit ``width`` pixels: shrunk down to three quarters of
    ``size`` (never below 10), then cut with an ellipsis if that is not enough."""
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


def fit_to_box(text: str, size: int, pos, anchor: str = "topleft",
               weight: str = "regular") -> tuple[str, int]:
    """What ``blit`` draws for ``text`` at ``pos`` in the current box: (text, size)."""
    if not _boxes or not text:
        return text, size
    return fit(text, size, min(_room(pos, anchor, rect) for rect, _ in _boxes), weight)


def blit(surface: pygame.Surface, text: str, size: int, colour, pos, weight: str = "regular",
         anchor: str = "topleft") -> pygame.Rect:
    """Draw cached text with its rect anchored at ``pos`` (e.g. anchor="center"); inside a
    ``box`` the text is fitted to it first."""
    text, size = fit_to_box(text, size, pos, anchor, weight)
    surf = render(text, size, colour, weight)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def blit_in(surface: pygame.Surface, text: str, size: int, colour, rect, weight: str = "regular",
            anchor: str = "center", name: str = "", inset: int = 0) -> pygame.Rect:
    """Draw ``text`` in ``rect`` (a button, a cell of a row), anchored at the rect's own
    ``anchor`` point moved ``inset`` pixels inwards, fitted to stay inside it."""
    area = pygame.Rect(rect).inflate(-2 * inset, 0)
    with box(area, name):
        return blit(surface, text, size, colour, getattr(area, anchor), weight, anchor)


def fit_size(text: str, size: int, width: int, weight: str = "regular", smallest: int = 10) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``width``
    pixels (labels whose translation is longer than the English one shrink, never spill)."""
    while size > smallest and render(text, size, (255, 255, 255), weight).get_width() > width:
        size -= 1
    return size


def blit_fit(surface: pygame.Surface, text: str, size: int, colour, pos, width: int,
             weight: str = "regular", anchor: str = "topleft") -> pygame.Rect:
    """``blit`` with the text shrunk (if needed) to fit ``width`` pixels."""
    return blit(surface, text, fit_size(text, size, width, weight), colour, pos, weight, anchor)


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
    if len(_wrapped) > _RENDER_CACHE_MAX:
        _wrapped.popitem(last=False)
    return list(lines)


def clear_cache() -> None:
    _fonts.clear()
    _rendered.clear()
    _wrapped.clear()
    _notdef_seen.clear()


catalog.on_language_change(lambda _lang: clear_cache())
