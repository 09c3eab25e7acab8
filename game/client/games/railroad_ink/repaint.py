"""What a Railroad Ink move changed on screen: the rectangles of a pane to paint again.

A seat's move (a drawing, an erasure, a special) changes its sheet's cells, its title row
(the score, the status) and its tray (dice used, specials); nothing else of its pane. The
board's drawing repaints those places only (``boards.dirty``), on the sheet's layer, the pane's
layer and the screen's composite. Anything else that changes (a new round, the seat ending its
round, the colours, the language, whose turn it is) still repaints the whole pane.
"""

from __future__ import annotations

import pygame

from game.rules.railroad_ink.faces import SPECIALS

TITLE_ROW_H = 34       # a pane's title row (name, status, score) above its sheet


def same_but_moves(before: tuple, after: tuple) -> bool:
    """Two ``seat_version``s (match, round, over, round's moves, ended, meteor done) that
    differ at most in the round's moves."""
    return before[:3] == after[:3] and before[4:] == after[4:]


def light_change(before: tuple, after: tuple) -> bool:
    """Two composite keys of a pane (seat version, acting, status, look, paused, pick,
    meteor direction, refusal) between which only the seat's moves, its status words, its
    pick or its refusal changed: places of the pane, not the whole of it."""
    return (before[1] == after[1] and before[3] == after[3] and before[4] == after[4]
            and before[6] == after[6] and same_but_moves(before[0], after[0]))


def same_sitting(before: tuple, after: tuple) -> bool:
    """Two ``seat_version``s of one match that is not over in one and over in the other: a
    pane that does not play here (``tray_items``) changes between them only in the places
    ``tray_changes`` lists and the cells its sheet changed, a new round (the roll) and the
    seat's end of round included."""
    return before[0] == after[0] and before[2] == after[2]


def quiet_change(before: tuple, after: tuple) -> bool:
    """Two composite keys of a pane that does not play here, between which its look, its
    pause and its meteor direction stayed (its moves, round, end of round and status words
    may have changed): places of the pane (``tray_changes``), not the whole of it."""
    return (before[1] == after[1] and before[3] == after[3] and before[4] == after[4]
            and before[6] == after[6] and same_sitting(before[0], after[0]))


def changed_cells(before: tuple, after: tuple) -> list[int]:
    """The cells drawn differently between two sheet contents ``(cells, dot)``: changed
    codes, and where the meteor's dot was and is."""
    cells = [i for i, (a, b) in enumerate(zip(before[0], after[0])) if a != b]
    if before[1] != after[1]:
        cells += [dot for dot in (before[1], after[1]) if dot >= 0]
    return cells


def pane_local_changes(pane) -> list[pygame.Rect]:
    """A full pane's title row and tray column, in the pane's own coordinates."""
    w, h = pane.rect.size
    top = pane.geom.rect.y - pane.rect.y           # everything above the sheet
    tray = pane.local_tray["x"] - 12               # the tray's column, focus rings included
    return [pygame.Rect(0, 0, w, top), pygame.Rect(tray, 0, w - tray, h)]


def pane_changes(pane, before: tuple, after: tuple, local=None) -> list[pygame.Rect]:
    """The screen rectangles of ``pane`` to paint again when its sheet went from ``before``
    to ``after`` (and its title and tray may have changed: ``local``, the pane's places,
    else its title row and whole tray column)."""
    if pane.full:
        x, y = pane.rect.topleft
        rects = [rect.move(x, y) for rect in (local or pane_local_changes(pane))]
    else:
        rects = [pygame.Rect(pane.rect.x - 2, pane.rect.y - 2, pane.rect.width + 4,
                             pane.geom.rect.y - pane.rect.y + 2)]
    rects += [pane.geom.cell_rect(cell).inflate(2, 2) for cell in changed_cells(before, after)]
    return [rect.clip(pane.rect.inflate(4, 4)) for rect in rects]


def title_row(pane) -> pygame.Rect:
    """Where a full pane's title (name, status, score) is drawn, pane coordinates."""
    title = pane.local_tray.get("title")
    if title is not None:            # a wide pane: the tray's first row
        return pygame.Rect(title).inflate(8, 8)
    return pygame.Rect(0, 0, pane.rect.width, TITLE_ROW_H)


def tray_items(board, pane) -> dict:
    """What each piece of the tray of a seat that does not play here shows (its dice, the
    specials' count and states, the new volcano's row): item -> (pane rect, what it shows).
    The board's move changes a die or two and perhaps a special, a new round every die and
    the status line: only those are painted again. (A seat that plays here has buttons, picks and help that follow it: its whole
    tray column is painted instead.)"""
    st = board.state
    seat = pane.seat
    s = st.seats[seat]
    tray = pane.local_tray
    items: dict = {}
    remaining = None
    for index, rect in enumerate(tray["dice"]):
        if index >= len(st.dice):
            break
        state = "ready" if index in s.pending else ("skipped" if index in s.skipped else "used")
        if st.over:
            state = "used"
        optional = False
        if index >= 4 and state == "ready":
            if remaining is None:
                remaining = board.game.remaining_dice(st, seat)
            optional = not remaining[s.pending.index(index)][1]
        place = rect.inflate(8, 8).union(pygame.Rect(rect.x - 3, rect.bottom + 1,
                                                     rect.width + 6, 15))
        items[("die", index)] = (place, (st.dice[index], state, optional))
    items["specials_label"] = (pygame.Rect(tray["specials_label"], (tray["w"], 22)),
                               len(s.sheet.specials))
    status = board.game.specials_status(st, seat)
    for index, rect in enumerate(tray["specials"]):
        items[("special", index)] = (rect.inflate(8, 8), status[SPECIALS[index]])
    if tray["volcano"].height:
        items["volcano"] = (tray["volcano"].inflate(8, 8), bool(s.volcano_round))
    if st.meteor is not None:
        items["meteor"] = (tray["meteor"].inflate(8, 8),
                           (tuple(st.meteor), not s.meteor_done and not st.over))
    # the status line under the buttons: "waiting" once the seat ended its round
    status = tray["status_box"]
    items["status"] = (pygame.Rect(tray["status"], (tray["w"], max(status.height, 30)))
                       .inflate(8, 8), (s.ended, st.over))
    return items


def tray_changes(pane, before: dict, after: dict) -> list[pygame.Rect]:
    """The title row and the tray pieces that show something else (pane coordinates)."""
    out = [title_row(pane)]
    for key in sorted(set(before) | set(after), key=repr):
        if before.get(key) != after.get(key):
            out += [found[0] for found in (before.get(key), after.get(key)) if found]
    return out
