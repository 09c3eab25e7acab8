"""Which plural form a count takes in a language, from CLDR's rules (through Babel).

A catalog entry that shows a count may be a dict of CLDR plural categories instead of one
string, e.g. Russian ``{"one": "{n} вагон", "few": "{n} вагона", "many": "{n} вагонов",
"other": "{n} вагона"}`` (1, 21 вагон; 2, 22 вагона; 5, 11 вагонов; "other" is for fractions).
``categories("ru")`` lists the forms such an entry must have in a language (Korean, Thai,
Chinese and Japanese only have "other"); ``category(21, "ru")`` says which one a count takes;
``choose(forms, 21, "ru")`` picks the text. Used by ``text.t`` and ``tools/check_catalogs.py``.

Without Babel (it is a dependency, so only in a broken install) English's rule is used for
every language: "one" for 1, else "other".
"""

from __future__ import annotations

from functools import lru_cache

# CLDR's plural categories, in the order a catalog lists them.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@lru_cache(maxsize=None)
def _rule(lang: str):
    try:
        from babel import Locale, UnknownLocaleError
    except ImportError:
        return None
    try:
        return Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        return None


def categories(lang: str) -> tuple[str, ...]:
    """The plural categories a counted entry needs in ``lang`` (always ending with "other")."""
    rule = _rule(lang)
    tags = set(rule.tags) if rule is not None else {"one"}
    return tuple(name for name in CATEGORIES if name in tags or name == "other")


def category(count, lang: str) -> str:
    """The category of ``count`` (an int, float or numeric string) in ``lang``."""
    rule = _rule(lang)
    if rule is None:
        return "one" if count == 1 else "other"
    try:
        return rule(count)
    except (TypeError, ValueError, ArithmeticError):
        return "other"


def count_of(args: dict):
    """The number a counted entry agrees with: ``n`` if given, else the only whole-number
    argument (``illegal.dig_more`` counts ``{needed}``); None when there is none."""
    if "n" in args:
        return args["n"]
    numbers = [value for value in args.values()
               if isinstance(value, int) and not isinstance(value, bool)]
    return numbers[0] if len(numbers) == 1 else None


def choose(forms: dict, count, lang: str) -> str:
    """The text of ``forms`` for ``count`` in ``lang`` ("other" when the count is unknown or
    the entry lacks the needed form: the checker reports that, the player still reads text)."""
    name = category(count, lang) if isinstance(count, (int, float)) and not isinstance(
        count, bool) else "other"
    if name in forms:
        return forms[name]
    if "other" in forms:
        return forms["other"]
    return next(iter(forms.values()), "")
