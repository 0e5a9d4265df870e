"""The tournament: an append-only log of events and the state folded from it."""
