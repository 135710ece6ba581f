"""A gin by the first discard: a gin or big gin declared on the player's first turn.

It is known only from a hand's event log (a hand played on the app's table, through the rules
engine): the player who went out has no discard in the log before his gin (going gin, his
discard is the one face down with the gin itself; a big gin has none). A hand entered as a
result, with its points or cards only, does not say when it was declared: it is not counted,
and the pages say over how many gins with a log the figure is.
"""

from __future__ import annotations

from django.db.models import BooleanField, Func, Q

from league.games.models import Hand

GINS = (Hand.Outcome.GIN, Hand.Outcome.BIG_GIN)
HAS_LOG = ~Q(event_log=[])

_POSTGRES = (
    "NOT EXISTS (SELECT 1 FROM jsonb_array_elements(%(expressions)s) AS d(e) "
    "WHERE d.e->>'type' = 'discard' AND d.e->>'seat' = (SELECT k.e->>'seat' "
    "FROM jsonb_array_elements(%(expressions)s) AS k(e) "
    "WHERE k.e->>'type' IN ('knock', 'big_gin') LIMIT 1))"
)
_SQLITE = (
    "NOT EXISTS (SELECT 1 FROM json_each(%(expressions)s) AS d "
    "WHERE json_extract(d.value, '$.type') = 'discard' "
    "AND json_extract(d.value, '$.seat') = (SELECT json_extract(k.value, '$.seat') "
    "FROM json_each(%(expressions)s) AS k "
    "WHERE json_extract(k.value, '$.type') IN ('knock', 'big_gin') LIMIT 1))"
)


class NoDiscardBeforeGoingOut(Func):
    """True when the log has no discard by the seat that went out (knock or big gin) before
    it; read with the hand's outcome (a gin or big gin) and a log that is not empty."""

    output_field = BooleanField()
    template = _POSTGRES

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, template=_SQLITE, **extra)


def first_turn_gin() -> Q:
    """A hand (the queryset's own rows) that is a gin by the first discard."""
    return Q(outcome__in=GINS) & HAS_LOG & Q(first_turn=True)


def with_first_turn(hands):
    return hands.annotate(first_turn=NoDiscardBeforeGoingOut("event_log"))
