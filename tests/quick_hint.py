"""A hint bot for tests about how a hint is asked for and where it shows, not how good it is:
the normal level's move instead of the expert's (seconds of thought in Railroad Ink), with its
points valued as the real hint's are (``hint_bot.hint_for``). Installed with
``use_quick_hints(monkeypatch)``; it travels to the bot helper processes like the real
``HintBot`` (a helper imports this module by name). The expert's own hints are tested in
tests/test_client_coach.py. No pygame: the helpers import it."""

from __future__ import annotations

from game.bots.base import make_bot
from game.client.coach.hint_bot import HintBot, hint_for


class QuickHintBot(HintBot):
    def choose(self, view):
        move = make_bot(self.game, self.seat, "normal", self.seed).choose(view)
        return hint_for(self.game, view, self.seat, move, self.seed)


def use_quick_hints(monkeypatch) -> None:
    from game.client.coach import hint

    monkeypatch.setattr(hint, "HintBot", QuickHintBot)
