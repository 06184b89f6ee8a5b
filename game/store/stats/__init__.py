"""Statistics: one row per finished game in `stats.sqlite3` (user data folder), and the records.

By concern: schema.py (the schema, its migrations, a game's row), database.py (`Stats`:
opening, locking, writing, reading), summaries.py (the figures, bounded by what is shown),
export.py (`--export-stats`, CSV). The words of `--stats` are the terminal's (game/stats_text.py).
"""

from .database import Stats, measures_from_replay
from .export import ExistingFile, export_csv, stats_csv
from .schema import KINDS, MIGRATIONS, SCHEMA_VERSION, GameRecord, NewRecords
from .summaries import DailySummary, Summary, summarise

__all__ = [
    "KINDS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DailySummary",
    "ExistingFile",
    "GameRecord",
    "NewRecords",
    "Stats",
    "Summary",
    "export_csv",
    "measures_from_replay",
    "stats_csv",
    "summarise",
]
