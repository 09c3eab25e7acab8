"""Chinese system locales: every one of them (Simplified as well as Traditional, POSIX and
Windows names) defaults to our Traditional Chinese catalog rather than English, and only
Chinese does (Zhuang, "zha", is not Chinese)."""

from __future__ import annotations

import pytest

from game.client.settings import Settings, language_for_locale


@pytest.mark.parametrize("code", [
    "zh_CN", "zh_CN.UTF-8", "zh_SG.GB2312", "zh_HK", "zh_TW.utf8", "zh_MO", "zh",
    "zh-Hans", "zh_Hans_CN", "zh-Hant-TW", "zh_Hant", "zh_CN@pinyin",
    "Chinese (Simplified)_China.936", "Chinese (Traditional)_Taiwan.950", "Chinese_China",
])
def test_every_chinese_locale_maps_to_traditional_chinese(code):
    assert language_for_locale(code) == "zh-TW"


@pytest.mark.parametrize("code, lang", [
    ("zha_CN", "en"), ("de_DE", "en"), ("ja_JP", "ja"), ("ko_KR.UTF-8", "ko"),
    ("Korean_Korea.949", "ko"), ("Japanese_Japan", "ja"), ("C", "en"),
])
def test_other_locales_are_unchanged(code, lang):
    assert language_for_locale(code) == lang


@pytest.mark.parametrize("env", ["zh_CN.UTF-8", "zh_SG", "zh-CN"])
def test_a_simplified_chinese_system_starts_in_traditional_chinese(tmp_path, monkeypatch, env):
    monkeypatch.delenv("TRACKLAYER_LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", env)
    assert Settings(tmp_path / "fresh.json")["language"] == "zh-TW"
