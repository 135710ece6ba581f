"""What a model instance holds of its row: the written-out reads' tests compare it with what the
ORM's read of the same row holds."""


def values(instance) -> list | None:
    """Every column of the row, as the model holds it (None for no instance: a relation that is
    empty)."""
    if instance is None:
        return None
    return [getattr(instance, field.attname) for field in instance._meta.concrete_fields]
