"""Compare every language catalog with the English one.

For each language it lists keys that English has and the language lacks (untranslated), keys the
language has that English does not (stale), and entries whose ``{placeholders}`` differ from the
English text (a translation must use exactly the same names, or formatting would fail). It also
warns when one key is defined in two files of the same language (the later file silently wins).

    python tools/check_catalogs.py            # report, exit status 1 if anything is missing
    python tools/check_catalogs.py --json     # the same as JSON

Plural forms: an entry that shows a count may be a dict of CLDR plural categories
(``{"one": "{n} car", "other": "{n} cars"}``). Where English has such an entry every language
must have one too, with exactly the categories its language's plural rule uses (Russian: one,
few, many, other; English: one, other; Korean, Thai, Chinese, Japanese: other) — a missing or
unused form is reported — and every form must use the placeholders of the English entry.

It also lists keys whose English text changed since the translations were last brought up
to date (``--record`` stores the English texts the translations follow in
``assets/lang/translated_from.json``; the client never loads that file).

Every registered game's own keys (its name, blurb and rules pages, and its board's words:
``GameKit.catalog_keys()`` of its client kit) must be in English, so a new game's missing text
is named here, not only by the language tests.

The catalog layout mirrors ``game/client/text.py``: ``assets/lang/<lang>.json`` merged with
``assets/lang/<lang>/*.json``.
"""

from __future__ import annotations

import argparse
import json
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game import plural_rules  # noqa: E402  (CLDR plural rules through Babel)

LANG_DIR = ROOT / "assets" / "lang"
LANGUAGES = ["en", "ru", "ko", "th", "zh-TW", "ja"]
RECORD = "translated_from.json"


def catalog_files(lang: str, lang_dir: Path = LANG_DIR) -> list[Path]:
    files = [lang_dir / f"{lang}.json"]
    files += sorted((lang_dir / lang).glob("*.json"))
    return [path for path in files if path.exists()]


def load(lang: str, lang_dir: Path = LANG_DIR) -> tuple[dict, list[str]]:
    """The merged catalog (key -> text, or -> {plural category: text}) and a list of problems
    met while reading it."""
    merged: dict = {}
    where: dict[str, str] = {}
    problems: list[str] = []
    for path in catalog_files(lang, lang_dir):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            problems.append(f"{path.relative_to(lang_dir)}: unreadable ({exc})")
            continue
        if not isinstance(data, dict):
            problems.append(f"{path.relative_to(lang_dir)}: not a JSON object")
            continue
        for key, value in data.items():
            if key in where:
                problems.append(f"{key}: defined in {where[key]} and {path.name}")
            where[key] = path.name
            if isinstance(value, dict):
                merged[str(key)] = {str(k): str(v) for k, v in value.items()}
            else:
                merged[str(key)] = str(value)
    return merged, problems


def placeholders(template) -> set[str]:
    """The ``{names}`` a template uses (format specs and conversions ignored); for plural
    forms, the names any of them uses."""
    if isinstance(template, dict):
        return set().union(*(placeholders(form) for form in template.values()))
    names: set[str] = set()
    try:
        for _literal, field, _spec, _conv in string.Formatter().parse(template):
            if field is not None:
                names.add(field)
    except ValueError:
        names.add("<bad braces>")
    return names


def plural_problems(lang: str, key: str, entry, english) -> list[str]:
    """What is wrong with ``entry`` (of ``lang``) as the plural forms of English ``english``."""
    if not isinstance(english, dict):
        return [f"{key}: has plural forms, English has one text"] if isinstance(entry, dict) \
            else []
    needed = plural_rules.categories(lang)
    if not isinstance(entry, dict):
        return [f"{key}: one text, needs the plural forms {', '.join(needed)}"]
    problems = []
    lacking = [name for name in needed if name not in entry]
    unused = sorted(name for name in entry if name not in needed)
    if lacking:
        problems.append(f"{key}: lacks the plural form(s) {', '.join(lacking)}")
    if unused:
        problems.append(f"{key}: form(s) {', '.join(unused)} not used in {lang}")
    want = placeholders(english)
    for name, form in entry.items():
        if placeholders(form) != want:
            problems.append(f"{key}: form {name} uses {sorted(placeholders(form))}, "
                            f"English {sorted(want)}")
    return problems


def english_plural_problems(lang_dir: Path = LANG_DIR) -> list[str]:
    english, _ = load("en", lang_dir)
    return [problem for key, entry in sorted(english.items())
            for problem in plural_problems("en", key, entry, entry)]


def compare(lang: str, lang_dir: Path = LANG_DIR) -> dict:
    english, _ = load("en", lang_dir)
    other, problems = load(lang, lang_dir)
    missing = sorted(k for k in english if k not in other)
    extra = sorted(k for k in other if k not in english)
    mismatched = []
    for key in sorted(k for k in english if k in other):
        want, got = placeholders(english[key]), placeholders(other[key])
        if want != got:
            mismatched.append({"key": key, "english": sorted(want), "translation": sorted(got)})
    plurals = [problem for key in sorted(k for k in english if k in other)
               for problem in plural_problems(lang, key, other[key], english[key])]
    return {"language": lang, "keys": len(other), "missing": missing, "extra": extra,
            "placeholders": mismatched, "plurals": plurals, "problems": problems}


def changed_english(lang_dir: Path = LANG_DIR) -> list[str]:
    """Keys whose English text differs from the recorded one the translations follow."""
    try:
        recorded = json.loads((lang_dir / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    english, _ = load("en", lang_dir)
    return sorted(k for k, v in english.items() if k in recorded and recorded[k] != v)


def record(lang_dir: Path = LANG_DIR) -> None:
    english, _ = load("en", lang_dir)
    (lang_dir / RECORD).write_text(json.dumps(english, ensure_ascii=False, indent=1,
                                              sort_keys=True) + "\n", encoding="utf-8")


def game_key_problems(english: dict) -> list[str]:
    """The keys a registered game's kit needs that the English catalog lacks."""
    from game.client.games import kit
    from game.rules import available_games

    return [f"{name}: {key}" for name in available_games()
            for key in kit(name).catalog_keys() if key not in english]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--record", action="store_true",
                        help="the translations are up to date: remember today's English")
    parser.add_argument("languages", nargs="*", default=LANGUAGES[1:])
    args = parser.parse_args(argv)
    if args.record:
        record()
    reports = [compare(lang) for lang in args.languages]
    english, en_problems = load("en")
    en_plurals = english_plural_problems()
    changed = changed_english()
    game_keys = game_key_problems(english)
    if args.json:
        print(json.dumps({"english_keys": len(english), "english_problems": en_problems,
                          "english_plurals": en_plurals, "english_changed": changed,
                          "game_keys_missing": game_keys,
                          "languages": reports}, indent=2, ensure_ascii=False))
    else:
        print(f"en: {len(english)} keys, {len(changed)} changed since the translations, "
              f"{sum(isinstance(v, dict) for v in english.values())} with plural forms")
        for problem in en_problems:
            print(f"  warning: {problem}")
        for problem in en_plurals:
            print(f"  plural: {problem}")
        for key in changed:
            print(f"  changed: {key}")
        for key in game_keys:
            print(f"  a game's key missing: {key}")
        for report in reports:
            print(f"{report['language']}: {report['keys']} keys, {len(report['missing'])} missing,"
                  f" {len(report['extra'])} extra, {len(report['placeholders'])} placeholder "
                  f"mismatches, {len(report['plurals'])} plural problems")
            for key in report["missing"]:
                print(f"  missing: {key}")
            for key in report["extra"]:
                print(f"  extra: {key}")
            for problem in report["plurals"]:
                print(f"  plural: {problem}")
            for item in report["placeholders"]:
                print(f"  placeholders: {item['key']}: English {item['english']}, "
                      f"translation {item['translation']}")
            for problem in report["problems"]:
                print(f"  warning: {problem}")
    bad = bool(changed) or bool(en_plurals) or bool(game_keys) or any(
        r["missing"] or r["placeholders"] or r["plurals"] or r["problems"] for r in reports)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
