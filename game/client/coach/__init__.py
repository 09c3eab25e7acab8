"""The coach: hints during play, Daily Railroad Ink and last-round puzzles (issue 16).

Pure parts (no pygame; they also run in the bots' helper processes): ``last_round`` (the
exhaustive best last round of a Railroad Ink sheet), ``puzzles`` (puzzle positions), ``daily``
(the daily seed and the personal history), ``hint_bot`` (the expert's move and its points).
Screens and drawing: ``hint`` (the hint button, request and highlight on the play screen),
``screens`` (the Daily & puzzles menu, the puzzle results).
"""
