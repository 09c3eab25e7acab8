"""Japanese bold text has one weight: kana as bold as the kanji beside them.

The Kurinto bold faces with kana draw them exactly like the regular face (no face in the
``weblate-fonts`` package has bold kana), so ``fonts`` draws bold kana emboldened from the
regular outlines; the regular faces' kana, lighter than their kanji too, are thickened a little
(issue 12: kana still looked lighter than kanji on the same line). Checked here: bold kana are
really heavier than regular ones, a katakana ロ's strokes, upright and across, are close to a
kanji 口's of the same weight, kana stay on the kanji's
baseline, the measured size includes the width the thickening adds (so fits and boxes leave
room: no thickened kana is cut at the text's edges or overlaps its neighbour), text without
kana is the face's own drawing, and only the faces that need it are touched.
"""

from __future__ import annotations

import pygame
import pytest

from game.client import fonts, text

from game.client import typeface

WHITE = (255, 255, 255)
SIZES = (16, 24, 40)


@pytest.fixture
def japanese():
    pygame.font.init()
    text.set_language("ja")
    yield
    text.set_language("en")


def _ink(surf: pygame.Surface) -> float:
    return sum(pygame.image.tobytes(surf, "RGBA")[3::4]) / 255


def _stroke(surf: pygame.Surface) -> float:
    """The thickness of the first vertical stroke met along the middle row (alpha-weighted)."""
    y = surf.get_height() // 2
    row = [surf.get_at((x, y)).a for x in range(surf.get_width())]
    start = next(i for i, a in enumerate(row) if a > 10)
    end = next((i for i in range(start, len(row)) if row[i] <= 10), len(row))
    return sum(row[start:end]) / 255


def _ink_rows(surf: pygame.Surface) -> tuple[int, int]:
    rows = [y for y in range(surf.get_height())
            if any(surf.get_at((x, y)).a > 60 for x in range(surf.get_width()))]
    return rows[0], rows[-1]


@pytest.mark.parametrize("size", SIZES)
def test_bold_kana_are_heavier_than_regular_ones(japanese, size):
    for kana in ("プレイ", "ルール・メトロ", "かんたん"):
        bold = fonts.render(kana, size, WHITE, "bold")
        regular = fonts.render(kana, size, WHITE, "regular")
        # measured: about 1.6 times the ink of the (lightly thickened) regular kana
        assert _ink(bold) > 1.4 * _ink(regular), (kana, size)
        assert _ink(fonts.render(kana, size, WHITE, "semibold")) > 1.4 * _ink(regular)


def _across(surf: pygame.Surface) -> float:
    """The thickness of the first horizontal stroke met down the middle column."""
    return _stroke(pygame.transform.rotate(surf, 90))


@pytest.mark.parametrize("size", SIZES)
def test_kana_strokes_match_the_bold_kanji(japanese, size):
    # katakana ro and kanji kuchi are the same square shape. The thickening is kept moderate
    # (heavier makes the brush-like kana ends blotchy): measured, ロ's upright strokes are
    # 0.9-0.97 of bold 口's (0.8 before issue 12) and clearly thicker than the face's own ロ.
    face = fonts.font(size, "bold")
    ro = _stroke(fonts.render("ロ", size, WHITE, "bold"))
    kuchi = _stroke(fonts.render("口", size, WHITE, "bold"))
    thin = _stroke(pygame.font.Font.render(face, "ロ", True, WHITE))
    assert 0.85 * kuchi <= ro <= 1.1 * kuchi, (size, ro, kuchi)
    assert ro > thin + 0.03 * size


@pytest.mark.parametrize("weight", ["regular", "semibold", "bold"])
@pytest.mark.parametrize("size", (16, 18, 24, 40))
def test_a_mixed_line_has_one_weight(japanese, size, weight):
    # on one line kana and kanji look equally heavy: ロ's strokes, upright and across, at
    # least about four fifths of 口's (measured before issue 12: upright 0.8, across as
    # little as 0.54 in the regular face; now 0.9-1.1 and 0.8-0.95)
    ro = fonts.render("ロ", size, WHITE, weight)
    kuchi = fonts.render("口", size, WHITE, weight)
    assert _stroke(ro) >= 0.88 * _stroke(kuchi), (size, weight)
    assert _across(ro) >= 0.78 * _across(kuchi), (size, weight)


@pytest.mark.parametrize("size", SIZES)
def test_kana_sit_on_the_kanji_baseline_and_sizes_count_the_thickening(japanese, size):
    face = fonts.font(size, "bold")
    plain = pygame.font.Font.render    # the face's own drawing, kana thin
    extra = typeface.kana_extra_width(size)
    assert extra >= 1
    for sample in ("プレイ", "特殊ルート", "LANテーブルを開く", "ロード / リプレイ", "設定"):
        drawn = face.render(sample, True, WHITE)
        kana = sum(1 for ch in sample if typeface.is_kana(ch))
        own_width, own_height = pygame.font.Font.size(face, sample)
        assert drawn.get_size() == face.size(sample) == (own_width + kana * extra, own_height)
    # the thickened ロ covers the thin one, grown by about a pixel or two on each side
    thick_top, thick_bottom = _ink_rows(face.render("ロ", True, WHITE))
    thin_top, thin_bottom = _ink_rows(plain(face, "ロ", True, WHITE))
    assert thin_top - 3 <= thick_top <= thin_top and thin_bottom <= thick_bottom <= thin_bottom + 3
    # text without kana is exactly the bold face's own drawing
    for sample in ("特殊", "LAN 4", "設定"):
        assert pygame.image.tobytes(face.render(sample, True, WHITE), "RGBA") == \
            pygame.image.tobytes(plain(face, sample, True, WHITE), "RGBA")


def test_only_the_bold_faces_without_bold_kana_are_emboldened():
    pygame.font.init()
    try:
        assert isinstance(fonts.font(20, "bold", "ja"), typeface.KanaBoldFont)
        assert isinstance(fonts.font(20, "semibold", "ja"), typeface.KanaBoldFont)
        assert isinstance(fonts.font(20, "bold", "th"), typeface.KanaBoldFont)   # has thin kana too
        # the regular faces with kana thicken them only slightly
        for lang in ("ja", "th"):
            regular = fonts.font(20, "regular", lang)
            assert isinstance(regular, typeface.KanaBoldFont)
            assert regular.strength < fonts.font(20, "bold", lang).strength
        for lang, weight in (("en", "bold"), ("ru", "semibold"), ("ko", "bold"),
                             ("zh-TW", "bold"), ("en", "regular")):
            assert not isinstance(fonts.font(20, weight, lang), typeface.KanaBoldFont), (lang, weight)
        # a kana name drawn bold on an English screen (a fallback font) is emboldened as well
        text.set_language("en")
        name = fonts.render("さくら", 22, WHITE, "bold")
        assert _ink(name) > 1.3 * _ink(fonts.render("さくら", 22, WHITE, "regular"))
    finally:
        text.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_thickened_kana_are_never_cut_or_overlapping(japanese, size):
    # every thickened kana keeps all its ink: nothing clipped at the text's ends and no two
    # letters drawn over each other (each is centred on an advance widened for it)
    face = fonts.font(size, "bold")
    for sample in ("メニュー", "レイルロードインク", "ロロ"):
        alone = sum(_ink(face.kana.render(ch, WHITE)[0]) for ch in sample)
        drawn = face.render(sample, True, WHITE)
        assert _ink(drawn) >= 0.995 * alone, (sample, size, _ink(drawn), alone)
        first, last = _ink_columns(drawn)
        assert first >= 0 and last <= drawn.get_width() - 1
        # the ink does not reach the very edge columns: a box fitted to the measure has room
        assert _column_ink(drawn, 0) < 0.5 and _column_ink(drawn, drawn.get_width() - 1) < 0.5


def _ink_columns(surf: pygame.Surface) -> tuple[int, int]:
    cols = [x for x in range(surf.get_width()) if _column_ink(surf, x) > 0]
    return cols[0], cols[-1]


def _column_ink(surf: pygame.Surface, x: int) -> float:
    return sum(surf.get_at((x, y)).a for y in range(surf.get_height())) / 255
