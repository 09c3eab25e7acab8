"""The best possible last round of a Railroad Ink sheet, proved by exhaustive search: the one
solver behind the expert bot's last round (``ink_playout.exact_last_round``) and the coach's
last-round puzzles (``game.bots.ink_puzzles``).

Given a sheet at the start of the last round and the roll (face indices of the mandatory
dice), ``solve`` tries every legal way to play the round: every order of the dice, every legal
cell and orientation of each, and the one special route a round allows (if still free), at any
point of the round. A die with no legal cell at its turn is skipped, as the rules allow only
then (skipping it early can be worth it: drawn later it might cost points). The same sheet
reached in another order is searched once (a memo keyed by the cells, the dice left and
whether the special is still free), so the search is exhaustive but each position costs one
evaluation. Finished sheets are scored by ``score`` (the rules' final score unless the caller
brings a faster one giving the same totals, as the bot does with the ink core).

Pure and deterministic (no pygame, no floats, no client imports): it runs off the frame loop
in the bots' helper processes. Two ways to stop early, both answering None: ``cap`` (more
positions than that) and ``progress``, called with the positions searched every 500 positions,
returning True.
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import FACE_INDEX, MAX_SPECIALS, SPECIALS
from game.rules.railroad_ink.scoring import score_sheet
from game.rules.railroad_ink.sheet import CRATER

SPECIAL_BY_FACE = {FACE_INDEX[name]: name for name in SPECIALS}
PROGRESS_EVERY = 500


class Stopped(Exception):
    """The search went past its cap, or the caller asked it to stop."""


def final_score(sheet) -> int:
    """The base game's final score of a sheet (the rules' own scoring)."""
    return score_sheet(sheet)[0]["total"]


def solve(sheet, dice: list[int], special_ok: bool | None = None, progress=None,
          cap: int | None = None, score=final_score):
    """(best score, plan) where plan is [(face index, cell, o), ...] in a legal order (cell -1:
    that die is skipped, it had no legal cell), or None when the search stopped early.
    ``special_ok``: a special may still be drawn this round (default: the sheet has used fewer
    than three). ``sheet`` is not changed."""
    if special_ok is None:
        special_ok = len(sheet.specials) < MAX_SPECIALS
    memo: dict = {}
    searched = [0]

    def count() -> None:
        searched[0] += 1
        if cap is not None and searched[0] > cap:
            raise Stopped
        if progress is not None and searched[0] % PROGRESS_EVERY == 0 \
                and progress(searched[0]):
            raise Stopped

    def keep_better(result, value, plan, step):
        if result is None or value > result[0]:
            return value, (step,) + plan
        return result

    def best(node, pending: tuple, special: bool):
        key = (tuple(node.cells), pending, special)
        found = memo.get(key)
        if found is not None:
            return found
        count()
        result = None if pending else (score(node), ())
        for i, face in enumerate(pending):
            if i and face == pending[i - 1]:
                continue          # two dice showing one face: either is the same choice
            rest = pending[:i] + pending[i + 1:]
            options = node.legal_cells(face)
            if not options:
                # no legal cell now: the die may be skipped (or kept for after other drawings)
                value, plan = best(node, rest, special)
                result = keep_better(result, value, plan, (face, -1, 0))
                continue
            for cell, orientations in options:
                for o in orientations:
                    value, plan = drawn(node, face, cell, o, rest, special)
                    result = keep_better(result, value, plan, (face, cell, o))
        if special:
            for face, cell, o in list(node.special_drawings()):
                node.specials.append(SPECIAL_BY_FACE[face])
                value, plan = drawn(node, face, cell, o, pending, False)
                node.specials.pop()
                result = keep_better(result, value, plan, (face, cell, o))
        memo[key] = result
        return result

    def drawn(node, face: int, cell: int, o: int, pending: tuple, special: bool):
        """The best of ``node`` with the face drawn in ``cell`` (drawn in place, then undone:
        the cell may have been empty or a crater)."""
        before = node.cells[cell]
        node.put(cell, face, o)
        found = best(node, pending, special)
        node.clear(cell, crater=before == CRATER)
        return found

    try:
        value, plan = best(sheet.copy(), tuple(sorted(dice)), bool(special_ok))
    except Stopped:
        return None
    return value, list(plan)
