"""Sprites are kept across window sizes, within a budget of pixel memory: a window that goes
to another size and back (F11, a resize) draws no tile again, and the cache never holds more
than its budget."""

from __future__ import annotations

import pygame

from game.client import sprites
from game.client.sprite_cache import SpriteCache
from tests.test_client_support import make_app


def _picture(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)      # 4 bytes a pixel


def test_the_least_recently_used_go_first_once_the_budget_is_passed():
    cache = SpriteCache(budget=3 * 400)
    for name in ("a", "b", "c"):
        cache[(name,)] = _picture(10)
    assert cache.used == 1200 and len(cache) == 3
    assert cache.get(("a",)) is not None         # "a" used again: "b" is now the oldest
    cache[("d",)] = _picture(10)
    assert ("b",) not in cache and all((k,) in cache for k in "acd")
    assert cache.used == 1200
    cache[("huge",)] = _picture(40)              # larger than the budget: kept alone
    assert len(cache) == 1 and cache.get(("huge",)) is not None
    cache.clear()
    assert cache.used == 0 and cache.get(("huge",)) is None


def test_a_window_that_changes_size_and_back_draws_no_tile_again(tmp_path, monkeypatch):
    from game.client.screens.title import TitleScreen

    drawn = []
    real = sprites._draw_tile

    def counting(code, rot, size, *rest):
        drawn.append((code, rot, size))
        return real(code, rot, size, *rest)

    monkeypatch.setattr(sprites, "_draw_tile", counting)
    app = make_app(tmp_path)
    try:
        app.push(TitleScreen(app))
        app.run(frames=2)
        app.resize((1920, 1080))
        app.run(frames=2)
        assert drawn, "the title's tile strip is drawn"
        drawn.clear()
        app.resize((1280, 720))
        app.run(frames=2)
        app.resize((1920, 1080))
        app.run(frames=2)
        assert drawn == []
    finally:
        app.shutdown()
