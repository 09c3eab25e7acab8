"""Where the coach's panel stands on a lesson's screen: what the current step asks for (its
highlighted marks, the places its text names, what the game always needs) is read from the
board (``regions``) and the panel is placed clear of it (``placement``). Asked again only when
any of that changes; within a step the panel stays where it is while it still holds its text
and covers nothing asked, so it does not hop about while the player acts."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.client.text import language
from game.client.tutorial import coach, placement, regions

# the room a panel may take: below the header, above the button-hint bar
BOUNDS = pygame.Rect(6, 46, 1268, 628)
MARK_REACH = 6          # a mark's pulsing outline is drawn this much round its rect
_PLACED: OrderedDict = OrderedDict()      # the same question has the same answer
_PLACED_MAX = 512


def asked_and_rest(play, step, marks: list) -> tuple[list, list]:
    """(what the panel must not cover, the board's other places) for ``step`` now."""
    found = regions.regions(play, 0)
    names = set(regions.always(play)) | set(step.names)
    hard = [pygame.Rect(m).inflate(MARK_REACH, MARK_REACH) for m in marks]
    hard += [r for name in sorted(names) for r in found.get(name, [])]
    hard += regions.screen_controls(play)
    soft = [r for name, rects in sorted(found.items()) if name not in names for r in rects]
    return hard, soft


def toast_clear(play, step, marks: list) -> list:
    """What a toast must leave in sight at ``step``: the places it marks, the controls it
    names and the screen's buttons; not the whole sheet, board or city the game is played on
    (toasts have always floated over a Metro board's edge), unless the step names it."""
    found = regions.regions(play, 0)
    clear = [pygame.Rect(m).inflate(MARK_REACH, MARK_REACH) for m in marks]
    names = set(step.names) | set(regions.toast_clear(play))
    clear += [r for name in sorted(names) for r in found.get(name, [])]
    return clear + regions.screen_controls(play)


def place(hard: list, soft: list, body: str, reads: bool, refusal: str | None,
          number: int, total: int, preferred) -> pygame.Rect:
    """The panel's rect: holding the refusal too where there is room, else the text alone
    (the toast says the refusal), else (never in a lesson we ship) the lesson's own place."""
    key = (tuple(map(tuple, hard)), tuple(map(tuple, soft)), body, reads, refusal, number,
           total, tuple(preferred), language())
    found = _PLACED.get(key)
    if found is not None:
        _PLACED.move_to_end(key)
        return pygame.Rect(found)
    rect = None
    for shown in ([refusal, None] if refusal else [None]):
        def height(width: int, size: int, shown=shown):
            if not coach.header_fits(width, number, total, reads):
                return None
            return coach.panel_height(body, width, size, reads, shown)

        rect = placement.place(BOUNDS, hard, soft, height, coach.BODY_SIZES,
                               pygame.Rect(preferred))
        if rect is not None:
            break
    rect = pygame.Rect(preferred) if rect is None else rect
    _PLACED[key] = tuple(rect)
    if len(_PLACED) > _PLACED_MAX:
        _PLACED.popitem(last=False)
    return rect


class PanelSpot:
    """The panel's rect for a lesson screen, kept while it stays good for the step."""

    def __init__(self, lesson) -> None:
        self.lesson = lesson
        self.rect = pygame.Rect(lesson.panel)
        self._key = None
        self._step = None

    def update(self, step_index: int, hard: list, soft: list, body: str, reads: bool,
               refusal: str | None, total: int) -> pygame.Rect:
        key = (step_index, tuple(map(tuple, hard)), tuple(map(tuple, soft)), body, reads,
               refusal, language())
        if key == self._key:
            return self.rect
        self._key = key
        if self._step == step_index and self.still_good(hard, body, reads, refusal,
                                                        step_index + 1, total):
            return self.rect
        self._step = step_index
        self.rect = place(hard, soft, body, reads, refusal, step_index + 1, total,
                          self.lesson.panel)
        return self.rect

    def still_good(self, hard, body, reads, refusal, number, total) -> bool:
        """Covers nothing asked and holds the text (and the refusal, or the refusal would
        get no room anywhere else either: placed again, the panel tries)."""
        layout = coach.PanelLayout(self.rect, body, reads, refusal)
        return (self.rect.inflate(2 * placement.GAP, 2 * placement.GAP).collidelist(hard) == -1
                and layout.fits and (not refusal or bool(layout.refusal_lines))
                and coach.header_fits(self.rect.width, number, total, reads))
