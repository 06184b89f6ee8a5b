"""Games as videos: the board and every pointer and button event with its time, read from our
own replays and from the community's formats (EVF, AVF, RMV, MVF), the counters players use
(docs/RULES.md, "Measures of a game"), and the EVF writer. Plain data and pure functions: no
pygame, no files opened here but by name in `files`, no clock."""
