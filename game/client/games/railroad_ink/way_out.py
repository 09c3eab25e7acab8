"""What a Railroad Ink seat can do next, in words, where the play-test found no word: the lava
dead end (the mandatory lava dice have nowhere to go: no square glows and End round stays off
until a new volcano is started or a route erased) and what the confirm button does now (draw,
end the round, strike the meteor, pick the new volcano), for the tray's hint line and the
shell's hint bar. Reads the state and the seat's legal moves; changes nothing."""

from __future__ import annotations

from game.client.games.railroad_ink.layout import LegalInfo
from game.client.text import t

LAVA_PREFIX = "lava-"
VOLCANO = "volcano"
# the ways out of a lava dead end (the rules allow only these two before skipping the die)
START_VOLCANO, ERASE_ROUTE, EITHER = "volcano", "erase", "either"


def lava_dead_end(game, state, seat: int, info: LegalInfo) -> str:
    """"" while the seat's mandatory lava dice can be drawn (or it has none to draw); in a dead
    end, the way out: ``START_VOLCANO``, ``ERASE_ROUTE`` or ``EITHER``. When neither is
    possible the rules let the lava die be skipped: the End round button says "Skip"."""
    if state.expansion != "volcano" or state.over or state.seats[seat].ended:
        return ""
    lava = [face for face, mandatory in game.remaining_dice(state, seat)
            if mandatory and face.startswith(LAVA_PREFIX)]
    if not lava or any(info.draw.get(face) for face in lava):
        return ""
    volcano, erase = bool(info.draw.get(VOLCANO)), bool(info.erase)
    if volcano and erase:
        return EITHER
    return START_VOLCANO if volcano else (ERASE_ROUTE if erase else "")


def dead_end_text(way: str, picked_volcano: bool) -> str:
    """Why nothing glows and what to do (once the new volcano is picked: where it goes)."""
    if way in (START_VOLCANO, EITHER) and picked_volcano:
        return t("ri.lava_dead_end_place")
    return t(f"ri.lava_dead_end_{way}")


def confirm_word(board, seat: int) -> str:
    """What the confirm button (Enter, a controller's A) does for the seat now."""
    if board.meteor_pending(seat):
        return t("ri.strike")
    info = board.legal(seat)
    kind, face = board.picked(seat)
    if kind == "end":
        return t("ri.end")
    if board.volcano_shortcut(seat):
        return t("ri.pick_volcano")
    if kind == "die" and face.startswith(LAVA_PREFIX) and board.lava_way_out(seat):
        return t("hint.ri_erase")          # the only way out left: a route on a red square
    if kind == "die" and face in info.skip and not info.draw.get(face):
        return t("ri.skip")
    return t("hint.ri_draw")
