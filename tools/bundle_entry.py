"""The script a PyInstaller bundle starts (tools/build_bundle.py): the game under its installed
name, `pixel_mines`, as the wheel's `pixel-mines` command runs it."""

from pixel_mines.app import main

raise SystemExit(main())
