"""Start Pixel Mines: `python main.py --help` lists the options."""

import gc
import sys

# Only when run: a worker process (game/worker.py) runs this file too, as `__mp_main__`.
if __name__ == "__main__":
    gc.disable()  # while the start loads its modules (game/app.py says why, and turns it on)
    if getattr(sys, "frozen", False):  # a frozen copy started as the worker (game/worker.py)
        import multiprocessing  # only there: it loads pickle and sockets, not for a start

        multiprocessing.freeze_support()
    from game.app import main

    raise SystemExit(main())
