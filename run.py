#!/usr/bin/env python3
"""Tracklayer's one entry point: ``python run.py`` starts the game; see ``--help``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

if __name__ == "__main__":
    if sys.version_info < (3, 11):
        sys.exit(f"Tracklayer needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    from game.cli import main
    sys.exit(main(prog="run.py"))
