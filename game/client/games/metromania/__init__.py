"""Metromania on the client: its board (``board``), pictures and texts, gathered by ``kit``."""
