"""Learn to play: the generic engine of guided first games over the real boards.

A lesson (``script.Lesson``) is a fixed deal (game, config, seed, seats) and a list of steps
(``script.Step``): a text, what to highlight, which move is accepted now (anything else is
refused with the step's reason) and when the step is done. Each game's lessons live in its kit
(``game/client/games/<game>/lessons.py``, found through ``game.client.games.lessons``); the
screens that run them are ``screens/tutorial_play.py`` (``TutorialScreen``, over the game's own
board and input), ``screens/tutorial_menu.py`` (``LessonsScreen``) and the Learn-to-play button
of the game choice (``screens/tutorial_entry.py``). Here: the coach's panel (``coach``), placed
by ``panel_spot`` (with ``regions``, the board's places by name as the play screen's kit reads
them, and ``placement``, the geometry) clear of everything the step asks for, and ``progress``,
where each lesson stopped, so it can be left and picked up again. Nothing here names a game or
imports a screen.
"""
