"""Pixel Mines: a desktop Minesweeper on pygame-ce, with a terminal front end on the same engine."""
