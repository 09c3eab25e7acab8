"""Metro refusals in the client never name a square: the board labels only its 32 stations
(no A1–H8 coordinates), so "B5 must be on the outer ring" told the player nothing. The client's
texts speak of "that square" (the board tints it red); the rules' English messages, used by
``run.py score metro``, keep naming it."""

from __future__ import annotations

import re

import pytest

from game.client import text
from game.rules import get_game
from game.rules.metro.board import parse_square
from game.rules.core import IllegalMove
from game.rules.metro.placement import check_square
from game.rules.metro.tiles import TYPE_INDEX

LANGUAGES = ("en", "ko", "th", "ru", "zh-TW", "ja")
SQUARE_NAME = re.compile(r"[A-H][1-8]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_metro_refusals_speak_of_that_square(lang):
    samples = [IllegalMove(code, "{square} …", square="B5", tile="a")
               for code in ("central_square", "occupied", "not_connected", "one_tile_rule")]
    try:
        text.set_language(lang)
        told = [text.illegal(exc, "metro") for exc in samples]
    finally:
        text.set_language("en")
    for exc, message in zip(samples, told):
        assert message != str(exc) and not SQUARE_NAME.search(message), (lang, message)
    assert len(set(told)) == len(told)      # each refusal still says what is wrong


def test_the_rules_keep_naming_the_square_for_the_cli():
    metro = get_game("metro")
    state = metro.new_game(metro.make_config(2), 7)
    with pytest.raises(IllegalMove) as refused:
        check_square(state, sorted(TYPE_INDEX)[0], parse_square("D4"), 0)
    assert refused.value.code == "central_square"
    assert str(refused.value) == "D4 is part of the central station"
    try:
        text.set_language("en")
        assert text.illegal(refused.value, "metro") == "That square is part of the central station"
    finally:
        text.set_language("en")
