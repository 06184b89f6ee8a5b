"""The script a PyInstaller bundle starts (tools/build_bundle.py): the game under its installed
name, `pixel_mines`, as the wheel's `pixel-mines` command runs it. The bundle is also what the
game's worker process (pixel_mines/worker.py) starts: `freeze_support` runs the worker there
and exits, before the game would read the worker's command line as its own."""

import multiprocessing

from pixel_mines.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
