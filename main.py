"""Start Pixel Mines: `python main.py --help` lists the options."""

import gc
import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["--pixel-mines-worker"]:  # a frozen copy started as a worker process
        from game.worker import serve_from_arguments  # (game/worker.py `_command`)

        raise SystemExit(serve_from_arguments(sys.argv[2:]))
    gc.disable()  # while the start loads its modules (game/app.py says why, and turns it on)
    from game.app import main

    raise SystemExit(main())
