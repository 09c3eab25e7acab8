"""The phone page's words, in the table's language, from the client's catalogs.

The page's own words are the ``phone.*`` entries of ``assets/lang/<lang>/phone.json`` (six
languages, like every catalog); a game's kit names the other entries its page needs. An entry
that shows a count keeps its CLDR plural forms: the page picks the form with the browser's
``Intl.PluralRules`` for the table's language, the server with ``plural_rules`` (Babel), so
both agree. Missing entries fall back to English, then to the key (a gap is visible, never a
crash). This module reads the catalog files itself (the client's ``text`` module keeps one
process-wide language; the phone's words must not depend on it).
"""

from __future__ import annotations

import json
from functools import lru_cache

from game.assets import assets_dir
from game import plural_rules

DEFAULT = "en"
PREFIX = "phone."


@lru_cache(maxsize=16)
def catalog(lang: str) -> dict:
    """key -> text or {category: text}: ``<lang>.json`` merged with ``<lang>/*.json``."""
    folder = assets_dir() / "lang"
    merged: dict = {}
    for path in [folder / f"{lang}.json", *sorted((folder / lang).glob("*.json"))]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            merged.update(data)
    return merged


class Words:
    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = lang if catalog(lang) else DEFAULT
        # the plural rules are loaded now, as the table starts (Babel takes tens of ms the
        # first time), not in the frame where a phone's line first shows a count
        for known in sorted({self.lang, DEFAULT}):
            plural_rules.categories(known)

    def entry(self, key: str):
        """The raw entry (text or plural forms), English when this language lacks it."""
        found = catalog(self.lang).get(key)
        if found is None:
            found = catalog(DEFAULT).get(key, key)
        return found

    def entries(self, extra=()) -> dict:
        """Every ``phone.*`` entry and the ``extra`` keys: what the page is given."""
        keys = {key for key in catalog(DEFAULT) if key.startswith(PREFIX)}
        keys |= {key for key in catalog(self.lang) if key.startswith(PREFIX)}
        keys |= set(extra)
        return {key: self.entry(key) for key in sorted(keys)}

    def __call__(self, key: str, **args) -> str:
        template = self.entry(key)
        if isinstance(template, dict):
            lang = self.lang if key in catalog(self.lang) else DEFAULT
            template = plural_rules.choose(template, plural_rules.count_of(args), lang)
        if not args:
            return str(template)
        try:
            return str(template).format(**args)
        except (KeyError, IndexError, ValueError):
            return str(template)

    def before_seat(self) -> dict:
        """The words a page shows before it holds a seat (connecting, the code entry, the
        takeover question): served at ``/w`` so even those speak the table's language."""
        keys = ("phone.title", "phone.connecting", "phone.reconnecting", "phone.enter_code",
                "phone.join", "phone.bad_code", "phone.back_to_seat", "phone.reload",
                "phone.offer", "phone.take_over", "phone.not_now", "phone.taken_over",
                "phone.bye")
        return {"lang": self.lang, "words": {key: self.entry(key) for key in keys}}

    def reasons(self) -> dict:
        """Protocol error code -> words (``phone.error.<code>``), for the server."""
        prefix = PREFIX + "error."
        return {key[len(prefix):]: self(key) for key in self.entries() if key.startswith(prefix)}
