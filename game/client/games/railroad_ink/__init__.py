"""Railroad Ink on the client: its board (``board``), sheets, dice, results and texts,
gathered by ``kit``."""
