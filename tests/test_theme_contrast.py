"""Every player colour stays readable on the dark surfaces it is drawn on: a WCAG 2 contrast
ratio of at least 3:1 (the level for graphics and large text), computed here from the
sRGB values. Issue 12: player 6's near-black vanished on the night-blue panels."""

from __future__ import annotations

import pytest

from game.client import theme


def test_contrast_ratio_matches_the_wcag_reference_values():
    assert theme.contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert theme.contrast_ratio((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    # #777777 on white is the classic 4.48:1 example
    assert theme.contrast_ratio((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48,
                                                                                     abs=0.01)
    assert theme.contrast_ratio((10, 20, 30), (200, 100, 50)) == pytest.approx(
        theme.contrast_ratio((200, 100, 50), (10, 20, 30)))


@pytest.mark.parametrize("name", theme.COLOUR_ORDER)
def test_every_player_colour_has_3_to_1_on_every_dark_surface(name):
    rgb = theme.COLOURS[name]
    for surface in theme.DARK_SURFACES:
        ratio = theme.contrast_ratio(rgb, surface)
        assert ratio >= 3.0, f"{name} {rgb} on {surface}: {ratio:.2f}:1"


def test_colour_blind_shapes_stay_one_per_colour():
    assert len(theme.SHAPES) >= len(theme.COLOURS)
    assert len(set(theme.SHAPES)) == len(theme.SHAPES)
