"""`python -m game` starts the app, exactly as `python main.py` does."""

from .app import main

raise SystemExit(main())
