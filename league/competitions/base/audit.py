"""The audit trail of a match: what was done to it, by whom, the facts before and after.

An action through the match's table link has no account to name: it is kept with the table it
was entered at (`after["table"]`, and the link's id), and its comment says so."""

from __future__ import annotations

from league.competitions.base.actors import TableActor
from league.competitions.models import AuditEntry, Match


def account_of(actor):
    """The signed-in account behind an actor, or None (the site, a table link)."""
    return actor if actor is not None and actor.is_authenticated else None


def audit_match(match: Match, actor, action: str, *, before: dict | None = None,
                after: dict | None = None, comment: str = "") -> None:
    after = dict(after or {})
    if isinstance(actor, TableActor):
        after |= {"table": actor.table, "table_link": actor.link_id}
    AuditEntry.objects.create(match=match, actor=account_of(actor), action=action,
                              before=before or {}, after=after, comment=comment)
