"""Metromania's lesson (placeholder until written)."""
from game.client.tutorial.script import Lesson, Step

LESSON = Lesson(id="metromania", game="metromania", players=2, seed=1, bots=("easy",),
                panel=(14, 440, 292, 228), steps=(Step("welcome"), Step("handover")))
