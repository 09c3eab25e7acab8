"""Where each lesson stopped, kept with the player's data (``tutorial.json`` beside the
settings file): the step reached, the moves played so far (the deal is fixed, so they rebuild
the board exactly) and whether the lesson was finished. A missing or damaged file is no
progress, never a crash; a failing disk only loses the progress."""

from __future__ import annotations

import json
from pathlib import Path

FILE_NAME = "tutorial.json"


class Progress:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.lessons: dict[str, dict] = {}
        self.load()

    @classmethod
    def beside(cls, settings) -> "Progress":
        """The progress kept next to ``settings``' own file."""
        return cls(Path(settings.path).with_name(FILE_NAME))

    def load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        self.lessons = {}
        if isinstance(data, dict):
            for lesson, entry in data.items():
                clean = _clean(entry)
                if clean is not None:
                    self.lessons[str(lesson)] = clean

    def save(self) -> bool:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.lessons, indent=1, sort_keys=True),
                                 encoding="utf-8")
            return True
        except OSError:
            return False

    def get(self, lesson: str) -> dict | None:
        return self.lessons.get(lesson)

    def started(self, lesson: str, steps: int) -> bool:
        """Begun and not at its end (a lesson finished once may be under way again)."""
        entry = self.lessons.get(lesson)
        return entry is not None and entry["step"] < steps \
            and bool(entry["step"] or entry["moves"])

    def done(self, lesson: str) -> bool:
        entry = self.lessons.get(lesson)
        return entry is not None and entry["done"]

    def record(self, lesson: str, step: int, moves, done: bool = False) -> None:
        entry = {"step": int(step), "moves": [(int(s), str(m)) for s, m in moves],
                 "done": bool(done) or self.done(lesson)}
        if self.lessons.get(lesson) != entry:      # written only when something changed
            self.lessons[lesson] = entry
            self.save()

    def restart(self, lesson: str) -> None:
        """Start the lesson over (having finished it once stays known)."""
        finished = self.done(lesson)
        self.lessons[lesson] = {"step": 0, "moves": [], "done": finished}
        self.save()


def _clean(entry) -> dict | None:
    if not isinstance(entry, dict):
        return None
    try:
        step = int(entry.get("step", 0))
        moves = [(int(seat), str(move)) for seat, move in entry.get("moves", [])]
    except (TypeError, ValueError):
        return None
    return {"step": max(0, step), "moves": moves, "done": bool(entry.get("done", False))}
