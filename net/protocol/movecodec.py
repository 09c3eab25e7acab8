"""The wire codec of a game's moves, found through the rules registry.

Each game builds its ``MoveCodec`` next to its moves (``game.rules.<game>.codec``, on
``game.rules.movecodec``) and gives it from ``Game.move_codec()``; net names no game.
``codec_for(game_name)`` is that codec, or None for a game without one (its moves then travel
as their notation). See ``game.rules.movecodec`` for the layout of the bytes.
"""

from __future__ import annotations

from game.rules import get_game
from game.rules.movecodec import VERSION, BitReader, BitWriter, CodecError, MoveCodec

__all__ = ["VERSION", "BitReader", "BitWriter", "CodecError", "MoveCodec", "codec_for"]


def codec_for(game_name: str) -> MoveCodec | None:
    """The codec of a registered game (None for a game without one, or no such game)."""
    try:
        game = get_game(game_name)
    except KeyError:
        return None
    return game.move_codec()
