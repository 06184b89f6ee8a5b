"""The script a PyInstaller bundle starts (tools/build_bundle.py): the game under its installed
name, `pixel_mines`, as the wheel's `pixel-mines` command runs it. The bundle is also what the
game's worker processes start (pixel_mines/worker.py `_command`), with a first argument that
says so: that is looked at before the game is loaded, which would read it as its own."""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["--pixel-mines-worker"]:
        from pixel_mines.worker import serve_from_arguments

        raise SystemExit(serve_from_arguments(sys.argv[2:]))
    from pixel_mines.app import main

    raise SystemExit(main())
