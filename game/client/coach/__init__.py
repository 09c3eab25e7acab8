"""The coach: hints during play, the post-game review, the Daily and puzzles' seed and history
(issue 16); what a game deals as its Daily and puzzles is the module its kit names
(``game.client.games.dailies``: Railroad Ink's is ``game.bots.ink_puzzles``).

Pure parts (no pygame; some also run in the bots' helper processes):
``daily`` (the daily seed and the personal history), ``hint_bot`` (the expert's move and what
it is worth), ``review`` (each human decision screened, the costliest checked by the
expert), ``review_runner`` (the review thought in the helper processes).
Client parts: ``hint`` (the Hint button, request and highlight on the play screen),
``highlight`` (a move drawn on each game's board), ``review_ui`` (the review's panel on the
results screen and its marks in the replay viewer); the Daily & puzzles screens are
``game.client.screens.coach_menu`` (nothing here imports a screen).
"""
