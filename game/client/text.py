"""The one string catalog: every word the player sees comes from ``assets/lang/<lang>.json``.

``t("key", name="Ann")`` formats the catalog entry with named arguments. Missing keys fall back
to English, then to the key itself (so a gap is visible, never a crash). An entry that shows a
count may hold one text per CLDR plural category (``{"one": "{n} car", "other": "{n} cars"}``):
``t("metro.cars_left", n=5)`` picks the form the language's plural rule gives for 5
(``plural_rules``; the rule of the language the entry was found in, English when it fell
back). The language can change at run time: ``set_language("ko")``; screens re-fetch their
text every time they build labels, and ``fonts`` picks a font that can draw the language.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.assets import assets_dir
from game import plural_rules

ASSETS: Path = assets_dir()  # the source tree's assets/, or the installed copy (game/assets.py)
LANG_DIR = ASSETS / "lang"
DEFAULT_LANGUAGE = "en"
# Languages we plan for, with their own names (shown in settings even before translation).
LANGUAGES = {"en": "English", "ru": "Русский", "ko": "한국어", "th": "ไทย",
             "zh-TW": "繁體中文", "ja": "日本語"}

# key -> text, or key -> {plural category: text} for a counted entry
_catalogs: dict[str, dict[str, str | dict[str, str]]] = {}
_language = DEFAULT_LANGUAGE
_listeners: list = []
# catalog folders of games added at run time (``add_catalog_dir``): <dir>/<lang>.json
_extra_dirs: list[Path] = []


def _entry(value) -> str | dict[str, str]:
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    return str(value)


def _load(lang: str) -> dict[str, str | dict[str, str]]:
    # <lang>.json plus <lang>/*.json (one extra file per game board, so that the parts of
    # the catalog can be written independently); a damaged file is skipped, never fatal.
    if lang not in _catalogs:
        merged: dict[str, str | dict[str, str]] = {}
        paths = [LANG_DIR / f"{lang}.json", *sorted((LANG_DIR / lang).glob("*.json")),
                 *(folder / f"{lang}.json" for folder in _extra_dirs)]
        for path in paths:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                merged.update({str(k): _entry(v) for k, v in data.items()})
            except (OSError, ValueError, AttributeError):
                continue
        _catalogs[lang] = merged
    return _catalogs[lang]


def add_catalog_dir(folder: Path) -> None:
    """Also read ``folder/<lang>.json`` (the texts of a game added at run time)."""
    if folder not in _extra_dirs:
        _extra_dirs.append(folder)
        _catalogs.clear()


def remove_catalog_dir(folder: Path) -> None:
    if folder in _extra_dirs:
        _extra_dirs.remove(folder)
        _catalogs.clear()


def available_languages() -> list[str]:
    """Languages with a catalog file (English always)."""
    return [lang for lang in LANGUAGES if lang == DEFAULT_LANGUAGE
            or (LANG_DIR / f"{lang}.json").exists()]


def language() -> str:
    return _language


def set_language(lang: str) -> None:
    global _language
    _language = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    for listener in list(_listeners):
        listener(_language)


def on_language_change(callback) -> None:
    _listeners.append(callback)


def has(key: str) -> bool:
    return key in _load(_language) or key in _load(DEFAULT_LANGUAGE)


def has_english(key: str) -> bool:
    """Whether the English catalog (every other language's fallback) has ``key``."""
    return key in _load(DEFAULT_LANGUAGE)


def has_own(key: str) -> bool:
    """Whether the current language's own catalog has ``key`` (no English fallback)."""
    return key in _load(_language)


def is_counted(key: str) -> bool:
    """Whether ``key`` has plural forms (in the current language, or in English if missing)."""
    entry = _load(_language).get(key, _load(DEFAULT_LANGUAGE).get(key))
    return isinstance(entry, dict)


def t(key: str, **args) -> str:
    """The text of ``key`` in the current language with ``{named}`` arguments filled in; for a
    counted entry, the plural form that agrees with ``n`` (see ``plural_rules.count_of``)."""
    lang = _language
    template = _load(lang).get(key)
    if template is None:
        lang = DEFAULT_LANGUAGE
        template = _load(DEFAULT_LANGUAGE).get(key, key)
    if isinstance(template, dict):
        template = plural_rules.choose(template, plural_rules.count_of(args), lang)
    if not args:
        return template
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return template


def illegal(exc, game: str | None = None) -> str:
    """A refused move explained in the player's language.

    Looks up ``illegal.<game>.<code>`` first (a game's own wording where codes collide across
    games, e.g. Metro's and Metromania's ``occupied``), then the shared ``illegal.<code>``,
    each with its arguments; falls back to the rules' English message."""
    code = getattr(exc, "code", "")
    if not code:
        return str(exc)
    groups = [[f"illegal.{game}.{code}"]] if game else []
    groups.append([f"illegal.{code}"])
    for group in groups:
        key = _first_known(group)
        if key is not None:
            args = {name: _arg_word(value)
                    for name, value in getattr(exc, "args_dict", {}).items()}
            return t(key, **args)
    return str(exc)


def _first_known(keys: list[str]) -> str | None:
    """The first of ``keys`` the current language has, else the first English has."""
    for catalog in (_load(_language), _load(DEFAULT_LANGUAGE)):
        for key in keys:
            if key in catalog:
                return key
    return None


# Argument values that are names of things ("solid", "railway", "N", a die face id) have
# their own catalog entry; cells, numbers and notation stay as they are.
ARG_PREFIXES = ("illegal.arg.", "ri.face.")


def _arg_word(value):
    if not isinstance(value, str) or not value:
        return value
    if ", " in value:
        return ", ".join(_arg_word(part) for part in value.split(", "))
    for prefix in ARG_PREFIXES:
        if has(prefix + value):
            return t(prefix + value)
    return value
