"""`python -m game` starts the app, exactly as `python main.py` does."""

import gc

gc.disable()  # while the start loads its modules (game/app.py says why and turns it back on)

from .app import main  # noqa: E402

raise SystemExit(main())
