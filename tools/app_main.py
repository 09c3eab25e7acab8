"""The script PyInstaller freezes (``tools/build_app.py``): the built program is ``run.py``.

``tracklayer play|host|join|...`` behaves exactly like ``python run.py ...``. One extra form
exists for the program's own use: ``tracklayer -c CODE`` runs CODE like ``python -c``, because
the client starts its bot helper process as ``sys.executable -c ...`` (game/client/bot_worker.py)
and in a frozen application ``sys.executable`` is this program, not a Python interpreter.
"""

import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()
    if len(sys.argv) >= 3 and sys.argv[1] == "-c":
        code = sys.argv[2]
        sys.argv = ["-c", *sys.argv[3:]]
        exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})  # noqa: S102
        return 0
    from game.cli import main as cli_main
    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
