"""Screenshots of every step of every lesson (``python -m tests.tutorial_shots OUT [lang]
[lesson] [--size 3840x2160]``): the lessons are played by keyboard as in
tests/test_client_tutorial.py, one PNG per step, in a window of the size given (1280×720 by
default) drawn at its own resolution."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(out: str, lang: str = "en", only: str = "", size=None) -> None:
    from game.client import text
    from game.client.games import lessons
    from tests.test_client_support import make_app
    from tests.test_client_tutorial import open_lesson
    from tests.tutorial_driver import Driver

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for lesson in lessons.all_lessons():
        if only and lesson.id != only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            app = make_app(Path(tmp), language=lang)
            text.set_language(lang)
            if size is not None:
                app.resize(size)
            try:
                screen = open_lesson(app, lesson.id)

                def shot(screen, step, lesson=lesson):
                    index = screen.guide.index + 1
                    wide = f"_{size[0]}" if size is not None else ""
                    app.screenshot(folder / f"{lang}{wide}_{lesson.id}_{index:02d}_{step.name}.png")

                Driver(app, "keyboard").play_lesson(screen, shots=shot)
            finally:
                app.shutdown()


if __name__ == "__main__":
    args = sys.argv[1:]
    window = None
    if "--size" in args:
        at = args.index("--size")
        width, _, height = args[at + 1].partition("x")
        window = (int(width), int(height))
        del args[at:at + 2]
    main(*args, size=window)
