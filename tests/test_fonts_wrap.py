"""Line breaking (``text_layout.wrap``): Chinese and Japanese break between characters with the basic
kinsoku rules (no line starts with 。、」ー or a small kana, none ends with 「（) and never leave
one or two characters alone on the last line; Thai, Latin and Cyrillic break at spaces, and a
text without any space (a Thai phrase) breaks between characters but never before a combining
vowel or tone mark."""

from __future__ import annotations

import unicodedata

import pygame
import pytest

from game.client import fonts, text
from game.client import text_layout

JA = [
    "B5は外周か、置かれたタイルの隣でなければなりません",
    "タイルを置いて全路線を駅までつなごう。中央駅に入る路線は得点2倍。",
    "代わりに引く（残り55）を選んでください。「メトロ」ですよ、ちょっと待ってね。",
    "コントローラー1を接続しました",
]
ZH = ["在六角形的城市裡挖兩條地鐵線，然後在試運轉中一較高下。",
      "這一格必須在外圈，或緊鄰已放置的圖塊。（中央車站除外）"]


@pytest.fixture
def lang():
    pygame.font.init()
    yield text.set_language
    text.set_language("en")


def _naive_last_line(sample: str, size: int, width: int) -> str:
    """The last line of the old per-character greedy wrap (what the audit saw)."""
    f = fonts.font(size, "semibold")
    line = ""
    for ch in sample:
        if line and f.size(line + ch)[0] > width:
            line = ch
        else:
            line += ch
    return line


def _check_cjk(samples, size, weight="regular"):
    lone_cases = 0
    for sample in samples:
        for width in range(90, 420, 6):
            lines = text_layout.wrap(sample, size, width, weight)
            assert "".join(lines) == sample, (sample, width, lines)
            f = fonts.font(size, weight)
            for i, line in enumerate(lines):
                assert line, (sample, width, lines)
                assert f.size(line)[0] <= width or len(line) <= 2, (line, width)
                if i:
                    assert line[0] not in text_layout.NO_LINE_START, (sample, width, lines)
                if i < len(lines) - 1:
                    assert line[-1] not in text_layout.NO_LINE_END, (sample, width, lines)
            if len(lines) > 1:
                assert len(lines[-1]) >= 3, (sample, width, lines)
            if weight == "semibold" and len(_naive_last_line(sample, size, width)) <= 2 \
                    and len(lines) > 1:
                lone_cases += 1
    return lone_cases


def test_japanese_kinsoku_and_no_lone_last_character(lang):
    lang("ja")
    assert _check_cjk(JA, 18, "semibold") > 0     # the old wrap left lone characters here
    _check_cjk(JA, 22)
    # the audited toast: "…なりませ / ん" no more, whatever the width
    for width in range(150, 330, 2):
        last = text_layout.wrap(JA[0], 18, width, "semibold")[-1]
        assert last == JA[0] or len(last) >= 3, (width, last)


def test_japanese_small_kana_and_long_vowel_stay_with_their_syllable(lang):
    lang("ja")
    f = fonts.font(20)
    sample = "コントローラー"
    # a width that would cut right before ー: the ー goes with ラ instead
    width = f.size("コントローラ")[0]
    lines = text_layout.wrap(sample, 20, width)
    assert all(line[0] not in "ーッャュョ" for line in lines), lines
    assert text_layout.wrap("「メトロ」", 20, f.size("「メトロ")[0]) != ["「メトロ", "」"]


def test_chinese_punctuation_never_starts_a_line(lang):
    lang("zh-TW")
    _check_cjk(ZH, 20)


def test_thai_breaks_at_spaces_and_never_before_a_combining_mark(lang):
    lang("th")
    spaced = "วางแผ่นราง พาทุกสายกลับถึงสถานี สายที่เข้าสถานีกลาง ได้แต้มสองเท่า"
    for width in (120, 200, 300, 2000):
        lines = text_layout.wrap(spaced, 20, width)
        assert " ".join(lines) == spaced           # phrases stay whole, breaks only at spaces
    assert len(text_layout.wrap(spaced, 20, 200)) == 4
    solid = "สายที่เข้าสถานีกลางได้แต้มสองเท่า"
    lines = text_layout.wrap(solid, 20, 120)
    assert len(lines) > 1 and "".join(lines) == solid
    for line in lines:
        assert not unicodedata.category(line[0]).startswith("M"), lines
        assert fonts.font(20).size(line)[0] <= 120


@pytest.mark.parametrize("language,sample", [
    ("en", "Trades go on until a company reaches 25 points, then they stop for good."),
    ("ru", "Обмены идут, пока компания не наберёт 25 очков, потом они прекращаются."),
])
def test_latin_and_cyrillic_break_greedily_at_spaces(lang, language, sample):
    lang(language)
    f = fonts.font(18)
    for width in (90, 150, 260, 5000):
        lines = text_layout.wrap(sample, 18, width)
        assert " ".join(lines) == sample
        for line, following in zip(lines, lines[1:]):
            assert f.size(line)[0] <= width or " " not in line
            # greedy: the next word did not fit on this line
            assert f.size(line + " " + following.split(" ")[0])[0] > width
    assert text_layout.wrap("one\ntwo", 18, 500) == ["one", "two"]
    assert text_layout.wrap("", 18, 100) == [""]
