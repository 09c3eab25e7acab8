"""Screenshots of every step of every lesson (``python -m tests.tutorial_shots OUT [lang]``):
the lessons are played by keyboard as in tests/test_client_tutorial.py, one PNG per step."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(out: str, lang: str = "en", only: str = "") -> None:
    from game.client import text
    from game.client.tutorial import lessons
    from tests.test_client_support import make_app
    from tests.test_client_tutorial import open_lesson
    from tests.tutorial_driver import Driver

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for lesson in lessons.ALL:
        if only and lesson.id != only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            app = make_app(Path(tmp), language=lang)
            text.set_language(lang)
            try:
                screen = open_lesson(app, lesson.id)

                def shot(screen, step, lesson=lesson):
                    index = screen.guide.index + 1
                    app.screenshot(folder / f"{lang}_{lesson.id}_{index:02d}_{step.name}.png")

                Driver(app, "keyboard").play_lesson(screen, shots=shot)
            finally:
                app.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:])
