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
"""

from __future__ import annotations

import functools
import importlib.util
import math
from collections import OrderedDict
from pathlib import Path

import pygame

from game.client import text as catalog
from game.client.canvas import remember

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


@functools.cache
def font_root() -> Path | None:
    """The ``static/weblate_fonts`` folder of the installed package (None if missing).
    Looked up once: finding the package costs milliseconds, and every new font (every size
    after a language switch) asks for it."""
    spec = importlib.util.find_spec("weblate_fonts")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0]) / "static" / "weblate_fonts"
    return root if root.is_dir() else None


_fonts: dict[tuple, pygame.font.Font] = {}
_font_files: dict[int, str] = {}     # id(font) -> the file it was opened from (see _missing)
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
        # pygame was quit and started again: every open font is dead (what was drawn with
        # them and what they lack stays true: those caches are kept)
        _fonts.clear()
        _font_files.clear()
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
        _font_files[id(found)] = str(path)
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
    # Asked for every line drawn in a non-Latin language (twice per new line), so each font
    # file remembers its answer per character instead of measuring the whole line again
    # (whether a file has a character does not depend on the size it is opened at, and the
    # answers outlive a language switch or a restart of pygame: measuring is slow for the
    # large CJK faces).
    file = _font_files.get(id(f), id(f))
    known = _coverage.get(file)
    if known is None:
        known = _coverage[file] = {}
    new = "".join(sorted({ch for ch in text if ch not in known}))
    if new:
        notdef = f.metrics(_NOTDEF)[0]
        for ch, m in zip(new, f.metrics(new)):
            known[ch] = not ch.isspace() and m == notdef and _draws_as_notdef(f, ch)
    return sum(1 for ch in text if known[ch])


_notdef_seen: dict[tuple, bool] = {}
_coverage: dict = {}      # font file (or id(font)) -> character -> drawn as an empty box


def _draws_as_notdef(f: pygame.font.Font, ch: str) -> bool:
    # Equal metrics are not proof: in the Kurinto fonts the .notdef box is exactly as wide as
    # the digits and some capitals. A character is missing only if it also draws the box.
    key = (_font_files.get(id(f), id(f)), ch)
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
    # on a bigger window the text is drawn again at its native size (canvas.Canvas)
    width = surf.get_width()
    remember(surf, lambda scale: render_scaled(text, size, colour, weight, scale, width))
    _rendered[key] = surf
    if len(_rendered) > _RENDER_CACHE_MAX:
        _rendered.popitem(last=False)
    return surf


def render_scaled(text: str, size: int, colour, weight: str, scale: float,
                  width: int) -> pygame.Surface:
    """``text`` for a window ``scale`` times bigger: rendered at ``size × scale``, one
    point smaller at a time if that comes out wider than ``width × scale`` (letters do
    not grow exactly in proportion), so a text fitted to its box in layout units still
    fits it on the screen."""
    limit = round(width * scale) + 1
    native = max(1, round(size * scale))
    smallest = max(1, int(size * scale * 0.85))
    while True:
        out = render(text, native, colour, weight)
        if out.get_width() <= limit or native <= smallest:
            return out
        native -= 1


def clear_cache() -> None:
    _fonts.clear()
    _font_files.clear()
    _rendered.clear()
    _notdef_seen.clear()
    _coverage.clear()
# Nothing is cleared when the language changes: every cache is keyed by the language (or by
# the font file), so a switch back and forth finds its fonts and texts again.
