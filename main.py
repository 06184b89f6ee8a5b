"""Start Pixel Mines: `python main.py --help` lists the options."""

from game.app import main

if __name__ == "__main__":
    raise SystemExit(main())
