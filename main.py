"""Start Pixel Mines: `python main.py --help` lists the options."""

import gc
import sys

gc.disable()  # while the start loads its modules (game/app.py says why and turns it back on)

from game.app import main  # noqa: E402

if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # a frozen copy started as the worker (game/worker.py)
        import multiprocessing  # only there: it loads pickle and sockets, not for a start

        multiprocessing.freeze_support()
    raise SystemExit(main())
