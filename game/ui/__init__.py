"""The windowed front end on pygame-ce: the loop, layout, input, drawing and themes."""
