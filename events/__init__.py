"""The match log: events, the SQLite store, replay, snapshots, undo, the match service."""
