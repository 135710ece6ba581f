"""The audit trail of a match: what was done to it, by whom, the facts before and after."""

from __future__ import annotations

from league.competitions.models import AuditEntry, Match


def audit_match(match: Match, actor, action: str, *, before: dict | None = None,
                after: dict | None = None, comment: str = "") -> None:
    AuditEntry.objects.create(match=match, actor=actor, action=action, before=before or {},
                              after=after or {}, comment=comment)
