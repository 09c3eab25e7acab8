"""Why a Metromania line is blocked, in the player's language.

The rules say why (``Metromania.blocked_reasons``: all 18 tunnels used, no white arrow left
to start at, or for each kind of way on from the line's end the rule that closes it); here each
reason becomes a few words ("the edge of the city", "tunnels already dug there", "a 120° turn
without a station"…) in one sentence: the players' panel row, the toast when a line gets
blocked, the side panel and the lesson's refusal all say it the same way. A reason with no
words of its own is said with the rules' full refusal text."""

from __future__ import annotations

from game.client.text import has, illegal, t
from game.rules.core import IllegalMove


def reasons(game, state, seat: int, k: int) -> list:
    """The rules' reasons (code, template, args); [] when the line is not blocked."""
    return game.blocked_reasons(state, seat, k)


def line_word(k: int) -> str:
    """The line's name inside a sentence ("solid", "striped"), as the rules' refusals say it."""
    return t("illegal.arg.striped") if k else t("illegal.arg.solid")


def phrase(reason) -> str:
    code, template, args = reason
    key = f"mania.blocked_by.{code}"
    if has(key):
        return t(key)
    return illegal(IllegalMove(code, template, **args), "metromania")


def note(game, state, seat: int, k: int, name: str | None = None) -> str:
    """The whole sentence ("" when the line is not blocked); ``name``: say whose line it is
    (a toast), else it is the reader's own ("Your solid line is blocked: …")."""
    found = reasons(game, state, seat, k)
    if not found:
        return ""
    line = line_word(k)
    suffix = "_of" if name is not None else ""
    code = found[0][0]
    if code == "no_tunnels":
        return t(f"mania.blocked_tunnels{suffix}", name=name, line=line)
    if code == "start_none":
        # the rules' own refusal says it all to the line's owner
        return t("mania.blocked_no_start_of", name=name, line=line) if name is not None \
            else t("illegal.start_none")
    return t(f"mania.blocked_why{suffix}", name=name, line=line,
             reasons=t("mania.blocked_list_sep").join(phrase(r) for r in found))


def row(game, state, seat: int, k: int) -> str:
    """The players' panel row of a blocked line: "blocked: <its first reason, in a word or
    two>" ("blocked: city edge")."""
    found = reasons(game, state, seat, k)
    if not found:
        return ""
    code = found[0][0]
    if code == "start_none":
        return t("mania.line_no_start")
    if code == "no_tunnels":
        return t("mania.line_blocked_tunnels")
    key = f"mania.blocked_row.{code}"          # a word or two: the row is narrow
    return t("mania.line_blocked_by", reason=t(key)) if has(key) else t("mania.line_blocked")
