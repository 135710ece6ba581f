"""What a model instance holds of its row: the written-out reads' tests compare it with what the
ORM's read of the same row holds."""


def values(instance) -> list | None:
    """Every column of the row, as the model holds it (None for no instance: a relation that is
    empty)."""
    if instance is None:
        return None
    return [getattr(instance, field.attname) for field in instance._meta.concrete_fields]


def match_read_with_its_competition(match) -> list:
    """The columns of a match and of what is read with it: its competition, round, season and
    club (none of them read again: a test counts the queries around it)."""
    competition = match.competition
    return [values(part) for part in (match, competition, match.round, competition.season,
                                      competition.season.club)]
