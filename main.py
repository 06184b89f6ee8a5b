"""Start Pixel Mines: `python main.py --help` lists the options."""

import multiprocessing

from game.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen copy started as the worker (game/worker.py)
    raise SystemExit(main())
