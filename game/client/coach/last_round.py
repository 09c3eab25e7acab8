"""The best possible last round of a Railroad Ink sheet, proved by exhaustive search.

Given a sheet at the start of the last round and the roll (face indices of the mandatory
dice), ``solve`` tries every legal way to play the round: every order of the dice, every legal
cell and orientation of each, and the one special route a round allows (if the sheet has used
fewer than three), at any point of the round. A die with no legal cell at its turn is skipped,
as the rules
allow only then (skipping it early can be worth it: drawn later it might cost points). The same sheet reached in another order is searched once (a memo keyed by
the cells, the dice left and whether the special is still free), so the search is exhaustive
but each position costs one evaluation. The score is the base game's final score.

Pure and deterministic (no pygame, no floats): it runs off the frame loop in a worker.
``progress`` is called with (positions searched) every 500 positions and may return
True to stop (the answer is then None).
"""

from __future__ import annotations

from game.rules.railroad_ink.faces import FACE_INDEX, MAX_SPECIALS, SPECIALS
from game.rules.railroad_ink.scoring import score_sheet

SPECIAL_FACES = tuple(FACE_INDEX[s] for s in SPECIALS)


class Stopped(Exception):
    """The caller asked the search to stop."""


def final_score(sheet) -> int:
    return score_sheet(sheet)[0]["total"]


def solve(sheet, dice: list[int], special_ok: bool | None = None, progress=None):
    """(best score, plan) where plan is [(face index, cell, o), ...] in a legal order (cell -1:
    that die is skipped, it had no legal cell), or None when ``progress`` stopped the search. ``special_ok``: a special may still be drawn
    this round (default: the sheet has used fewer than three)."""
    if special_ok is None:
        special_ok = len(sheet.specials) < MAX_SPECIALS
    memo: dict = {}
    counter = [0]

    def best(node, pending: tuple, special: bool):
        key = (tuple(node.cells), pending, special)
        found = memo.get(key)
        if found is not None:
            return found
        counter[0] += 1
        if progress is not None and counter[0] % 500 == 0 and progress(counter[0]):
            raise Stopped
        result = None if pending else (final_score(node), [])
        for i, face in enumerate(pending):
            if i and face == pending[i - 1]:
                continue          # two dice showing one face: either is the same choice
            rest = pending[:i] + pending[i + 1:]
            options = node.legal_cells(face)
            if not options:
                # no legal cell now: the die may be skipped (or kept for after other drawings)
                value, plan = best(node, rest, special)
                if result is None or value > result[0]:
                    result = (value, [(face, -1, 0)] + plan)
                continue
            for cell, orientations in options:
                for o in orientations:
                    child = node.copy()
                    child.put(cell, face, o)
                    value, plan = best(child, rest, special)
                    if result is None or value > result[0]:
                        result = (value, [(face, cell, o)] + plan)
        if special:
            for face, cell, o in node.special_drawings():
                child = node.copy()
                child.put(cell, face, o)
                child.specials.append(SPECIALS[SPECIAL_FACES.index(face)])
                value, plan = best(child, pending, False)
                if result is None or value > result[0]:
                    result = (value, [(face, cell, o)] + plan)
        memo[key] = result
        return result

    try:
        value, plan = best(sheet.copy(), tuple(sorted(dice)), bool(special_ok))
    except Stopped:
        return None
    return value, plan


def positions_searched_estimate(sheet, dice: list[int]) -> int:
    """A rough size of the search (for a progress bar): the product of the legal placements
    of each die on the sheet as it is now."""
    total = 1
    for face in dice:
        total *= max(1, sum(len(o) for _c, o in sheet.legal_cells(face)))
    return total
