"""Golden games: pinned legal-move counts, logs, final hashes and scores (see regenerate.py)."""
