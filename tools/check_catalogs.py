"""Compare every language catalog with the English one.

For each language it lists keys that English has and the language lacks (untranslated), keys the
language has that English does not (stale), and entries whose ``{placeholders}`` differ from the
English text (a translation must use exactly the same names, or formatting would fail). It also
warns when one key is defined in two files of the same language (the later file silently wins).

    python tools/check_catalogs.py            # report, exit status 1 if anything is missing
    python tools/check_catalogs.py --json     # the same as JSON

It also lists keys whose English text changed since the translations were last brought up
to date (``--record`` stores the English texts the translations follow in
``assets/lang/translated_from.json``; the client never loads that file).

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
LANG_DIR = ROOT / "assets" / "lang"
LANGUAGES = ["en", "ru", "ko", "th", "zh-TW", "ja"]
RECORD = "translated_from.json"


def catalog_files(lang: str, lang_dir: Path = LANG_DIR) -> list[Path]:
    files = [lang_dir / f"{lang}.json"]
    files += sorted((lang_dir / lang).glob("*.json"))
    return [path for path in files if path.exists()]


def load(lang: str, lang_dir: Path = LANG_DIR) -> tuple[dict[str, str], list[str]]:
    """The merged catalog and a list of problems met while reading it."""
    merged: dict[str, str] = {}
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
            merged[str(key)] = str(value)
    return merged, problems


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (format specs and conversions ignored)."""
    names: set[str] = set()
    try:
        for _literal, field, _spec, _conv in string.Formatter().parse(template):
            if field is not None:
                names.add(field)
    except ValueError:
        names.add("<bad braces>")
    return names


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
    return {"language": lang, "keys": len(other), "missing": missing, "extra": extra,
            "placeholders": mismatched, "problems": problems}


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
    changed = changed_english()
    if args.json:
        print(json.dumps({"english_keys": len(english), "english_problems": en_problems,
                          "english_changed": changed, "languages": reports}, indent=2,
                         ensure_ascii=False))
    else:
        print(f"en: {len(english)} keys, {len(changed)} changed since the translations")
        for problem in en_problems:
            print(f"  warning: {problem}")
        for key in changed:
            print(f"  changed: {key}")
        for report in reports:
            print(f"{report['language']}: {report['keys']} keys, {len(report['missing'])} missing,"
                  f" {len(report['extra'])} extra, {len(report['placeholders'])} placeholder "
                  f"mismatches")
            for key in report["missing"]:
                print(f"  missing: {key}")
            for key in report["extra"]:
                print(f"  extra: {key}")
            for item in report["placeholders"]:
                print(f"  placeholders: {item['key']}: English {item['english']}, "
                      f"translation {item['translation']}")
            for problem in report["problems"]:
                print(f"  warning: {problem}")
    bad = bool(changed) or any(r["missing"] or r["placeholders"] or r["problems"]
                               for r in reports)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
