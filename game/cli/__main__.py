"""``python -m game.cli``: the same command line as ``run.py`` (also works in an installed copy,
which has no ``run.py``; the ``tracklayer`` console script is the other way in)."""

import sys

from game.cli import main

sys.exit(main(prog="python -m game.cli"))
