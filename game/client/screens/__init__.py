"""The screens of the client, one per file; ``base.Screen`` is their common interface."""
