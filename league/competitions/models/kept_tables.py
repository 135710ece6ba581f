"""A league's or a Swiss's table as last counted, kept for its page."""

from __future__ import annotations

from django.db import models

from .competitions import Competition


class KeptStandings(models.Model):
    """The table's rows as counted after the competition's latest results, with a digest of
    everything they were counted from (league.competitions.standings.kept): the competition
    page shows them only while the competition's facts give that same digest, and counts the
    table afresh otherwise, so a kept table is never shown stale."""

    competition = models.OneToOneField(Competition, on_delete=models.CASCADE, primary_key=True,
                                       related_name="+")
    digest = models.CharField(max_length=32)
    # The digest of the code that counted the rows (also part of `digest`): a table counted by
    # other code, before a release, is found by it and kept anew (standings.upkeep).
    code = models.CharField(max_length=32, default="")
    rows = models.JSONField()
    counted_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"table of competition {self.competition_id} ({self.counted_at:%Y-%m-%d %H:%M})"
