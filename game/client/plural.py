"""Counted text: "1 car" but "2 cars".

``tn("metro.cars_left", n)`` reads ``metro.cars_left.one`` when ``n`` is 1 and the player's
language has that entry, else ``metro.cars_left`` — so a language without singular forms (or a
catalog that words the count as "Cars: {n}") simply repeats the plain text under ``.one``.
``n`` is always passed to the template as ``{n}``.
"""

from __future__ import annotations

from game.client import text


def tn(key: str, n: int, **args) -> str:
    if n == 1:
        one = f"{key}.one"
        if one in text._load(text.language()) or (
                key not in text._load(text.language()) and text.has(one)):
            return text.t(one, n=n, **args)
    return text.t(key, n=n, **args)
