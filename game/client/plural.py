"""Counted text: "1 car" but "2 cars", "1 вагон, 2 вагона, 5 вагонов".

``tn("metro.cars_left", n)`` is ``text.t("metro.cars_left", n=n)``: a catalog entry with plural
forms (a dict of CLDR categories, see ``plural_rules``) gives the form the language's rule
picks for ``n``. ``n`` is always passed to the template as ``{n}``.

Older catalogs worded the singular as a separate ``<key>.one`` entry beside a plain string;
such a pair is still read (for n == 1) so that a catalog not yet converted keeps working.
"""

from __future__ import annotations

from game.client import text


def tn(key: str, n: int, **args) -> str:
    if n == 1 and not text.is_counted(key):
        one = f"{key}.one"
        if text.has_own(one) or (not text.has_own(key) and text.has(one)):
            return text.t(one, n=n, **args)
    return text.t(key, n=n, **args)
