"""The writers of clubs, players and seasons: each owns its transaction."""
