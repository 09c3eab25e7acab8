#!/usr/bin/env python3
"""Tracklayer's one entry point: ``python run.py`` starts the game; see ``--help``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(prog="run.py"))
