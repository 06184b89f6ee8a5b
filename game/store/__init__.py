"""What lasts between runs: settings, statistics (and later replays), on disk.

Every file a player could break is read defensively: a bad one is set aside, never lost, and
the game starts anyway with a line saying what happened. Errors of the program are not caught.
"""
