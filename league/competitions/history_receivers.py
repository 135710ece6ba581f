"""The history outlives the accounts in it: when a person deletes their account, the audit
rows of what they did keep that a person did it (`actor_deleted`), while the account's link
is emptied by the database (on_delete SET_NULL). Their reports and results stay as they are."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models.signals import pre_delete
from django.dispatch import receiver

from league.competitions.models import AuditEntry, CompetitionAudit


@receiver(pre_delete, sender=get_user_model(), dispatch_uid="history-account-deleted")
def _account_deleted(instance, **_) -> None:
    for history in (AuditEntry, CompetitionAudit):
        history.objects.filter(actor=instance).update(actor_deleted=True)
