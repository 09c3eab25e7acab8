"""Bots for every game behind one interface, seeded and deterministic; they see only view()."""
