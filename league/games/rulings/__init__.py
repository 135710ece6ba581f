"""The rulings assistant: a player or director picks an irregularity, answers its questions and
gets the ruling with the rule's sentences; an organizer may record it on a hand of a match.

`assistant` holds the questions and rulings (pure Python over the engine's CATALOGUE), `forms`
the questions form and where to record, `views` the pages. Recording itself is the service
league/games/services/rulings.py.

At the table (`table_views`, `table_forms`): from the scoresheet either player records the
ruling of a hand with the players' names filled in, and the opponent agrees or the organizer
decides (league/games/services/table_rulings.py)."""
