"""Where a Metromania turn being built stands, and what the player can do next.

The board asks here for the draft's status - nothing dug yet, open, complete, a dead end
(the tunnels chosen can no longer grow into the dig the turn requires), or no tunnel to dig at
all - and for what follows from it: the side panel's title and help, the button hints, which
buttons work, and the note the cursor shows on a destination space. Keeping them together
means no status offers an action its buttons refuse (a play-test met a dead-end dig whose
hints still offered "Confirm dig" and whose "Station instead" was switched off).
"""

from __future__ import annotations

import pygame

from game.client import fonts, text_layout, theme
from game.client.games.metromania import blocked
from game.client.plural import tn
from game.client.text import t
from game.client import gfx

START = "start"          # no tunnel chosen yet
OPEN = "open"            # some chosen, more to come
COMPLETE = "complete"    # as many as the turn requires: confirm
DEAD_END = "dead_end"    # fewer than required and no way to add more: take back
NO_DIG = "no_dig"        # both lines completed or blocked: a station (or pass) only


def dig_status(board, seat: int) -> str:
    d = board.draft(seat)
    needed = board.needed(seat)
    if needed == 0:
        return NO_DIG
    if not d.tunnels:
        return START
    if len(d.tunnels) >= needed:
        return COMPLETE
    if board.draft_reach(seat) < needed:
        return DEAD_END
    return OPEN


def may_switch_to_station(board, seat: int) -> bool:
    """Station instead works with nothing dug, and also out of a dead end (whose tunnels
    could never be confirmed anyway: they are dropped)."""
    if not board.station_targets(seat) or board.needed(seat) == 0:
        return False
    d = board.draft(seat)
    return not d.tunnels or dig_status(board, seat) == DEAD_END


def panel_text(board, seat: int) -> tuple[str, str]:
    """The title and help of the side panel for the acting seat."""
    d = board.draft(seat)
    if board.bonus_pending(seat):
        return t("mania.bonus_title"), t("mania.bonus_help")
    if d.mode == "station":
        if board.needed(seat) == 0:
            return t("mania.station_title"), t("mania.station_only_help")
        return t("mania.station_title"), t("mania.station_help")
    if board.must_pass(seat):
        return t("mania.pass_title"), t("mania.pass_help")
    status = dig_status(board, seat)
    need = board.needed(seat)
    if status == NO_DIG:
        return t("mania.station_title"), t("mania.station_only_help")
    title = tn("mania.dig_title", need, done=len(d.tunnels))
    if status == COMPLETE:
        return title, t("mania.dig_ready_help")
    if status == DEAD_END:
        key = "mania.dead_end_station" if board.station_targets(seat) else "mania.dead_end"
        return title, tn(key, need)
    if not board.candidates(seat) and board.other_line_open(seat):
        return title, line_closed_note(board, seat, d.line)
    return title, t("mania.dig_help")


def line_closed_note(board, seat: int, k: int) -> str:
    """Why line k offers no tunnel (the other line does): completed, blocked (why, in the
    rules' terms), or stuck for now."""
    line = board.state.line(seat, k)
    if line.done:
        return t("mania.line_finished", line=t(f"mania.line{k}"))
    # blocked for good: the rules' reasons; else only for this turn
    return blocked.note(board.game, board.state, seat, k) or \
        t("mania.line_stuck", line=t(f"mania.line{k}"))


def shows_count(board, seat: int) -> bool:
    """Whether the panel shows the row of tunnel circles (a longer help takes its room)."""
    d = board.draft(seat)
    if d.mode != "dig" or board.bonus_pending(seat):
        return False
    if dig_status(board, seat) not in (START, OPEN, COMPLETE):
        return False
    return bool(board.candidates(seat)) or not board.other_line_open(seat)


def stuck_note(board, seat: int) -> str:
    """What a refused confirm says for an unfinished dig."""
    need = board.needed(seat)
    if dig_status(board, seat) == DEAD_END:
        key = "mania.dead_end_station" if board.station_targets(seat) else "mania.dead_end"
        return tn(key, need)
    return tn("mania.dig_more_first", need - len(board.draft(seat).tunnels))


def dig_hints(board, seat: int) -> list:
    """Button hints while digging: only what works from here."""
    d = board.draft(seat)
    status = dig_status(board, seat)
    out = [("move", t("hint.move"))]
    if status == DEAD_END:
        out.append(("cancel", t("mania.undo")))
        if may_switch_to_station(board, seat):
            out.append(("alt", t("mania.station_mode")))
        return out + [("menu", t("hint.menu"))]
    if d.cursor is not None:
        out.append(("confirm", t("mania.hint_dig")))
    elif status == COMPLETE:
        out.append(("confirm", t("mania.confirm")))
    if d.tunnels:
        out.append(("cancel", t("mania.undo")))
    if status == COMPLETE and d.cursor is not None:
        out.append(("aux", t("mania.confirm")))
    if board.other_line_open(seat):
        out.append(("next", t("mania.hint_line")))
    if may_switch_to_station(board, seat):
        out.append(("alt", t("mania.station_mode")))
    return out + [("menu", t("hint.menu"))]


def marker_note(options: list, kind: str) -> str:
    """The cursor's note on a destination: which marker the tunnel places (a whole sentence
    per destination type, so no language has to agree an article or an adjective)."""
    letters = sorted({tunnel.marker for tunnel in options if tunnel.marker})
    if len(letters) == 1:
        return t(f"mania.marker_here.{kind}", letter=letters[0])
    return t(f"mania.marker_pick.{kind}")


def fit_rows(text: str, width: int, height: int, size: int = 16, smallest: int = 12):
    """(size, wrapped rows) of the largest type from ``size`` down whose rows (line height
    size + 4) fit ``height``."""
    rows = text_layout.wrap(text, size, width)
    while size > smallest and len(rows) * (size + 4) > height:
        size -= 1
        rows = text_layout.wrap(text, size, width)
    return size, rows


def draw_note(surface, text: str, above, bounds: pygame.Rect, width: int = 300) -> pygame.Rect:
    """A pill with ``text`` (up to two rows) just above the point ``above``, kept inside
    ``bounds`` (the city between the side panels) so no part hides under a panel."""
    size, rows = 16, text_layout.wrap(text, 16, width, "semibold")
    while size > 12 and len(rows) > 2:
        size -= 1
        rows = text_layout.wrap(text, size, width, "semibold")
    rows = rows[:2]
    line_h = size + 5
    inner_w = max(fonts.render(row, size, theme.TEXT, "semibold").get_width() for row in rows)
    pill = pygame.Rect(0, 0, inner_w + 20, line_h * len(rows) + 8)
    pill.midbottom = (int(above[0]), int(above[1]) - 18)
    pill.clamp_ip(bounds)
    gfx.rect(surface, theme.BG_DEEP, pill, border_radius=10)
    gfx.rect(surface, theme.ACCENT, pill, 2, border_radius=10)
    for i, row in enumerate(rows):
        fonts.blit_in(surface, row, size, theme.TEXT,
                      pygame.Rect(pill.x + 6, pill.y + 4 + i * line_h, pill.width - 12, line_h),
                      "semibold", name="note")
    return pill
