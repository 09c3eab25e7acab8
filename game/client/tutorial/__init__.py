"""Learn to play: guided first games over the real boards.

A lesson (``script.Lesson``) is a fixed deal (game, config, seed, seats) and a list of steps
(``script.Step``): a text, what to highlight, which move is accepted now (anything else is
refused with the step's reason) and when the step is done. ``lessons`` lists them per game
(one per game, plus one short lesson per Railroad Ink expansion); ``play.TutorialScreen`` runs
one over the game's own board and input; its coach's panel is placed by ``panel_spot`` (with
``regions``, the board's places by name, and ``placement``, the geometry) clear of everything
the step asks for; ``progress`` keeps where each lesson stopped, so it
can be left and picked up again; ``menu.LessonsScreen`` is where a lesson is chosen, opened
from the game choice (``entry``).
"""
