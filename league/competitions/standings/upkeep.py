"""Kept tables brought up to date where no result will: after a release that counts tables
differently, every kept table was counted by other code, and the competition page counts each
afresh on every first visit until its next result, which a finished competition never has. So
do the competitions that could keep a table and have none (finished before tables were kept).

The periodic task (competitions.tasks.keep_tables_of_other_code) keeps them anew, a batch at a
time: found by the code each table records (KeptStandings.code), not by counting any table.
"""

from __future__ import annotations

from league.competitions.models import KeptStandings
from league.competitions.standings import kept as kept_tables
from league.competitions.standings.services import keep_standings, tables_kept

# Tables kept by one run: at about 20 ms each (a 20-player division), some ten seconds of work.
BATCH = 500


def keep_tables_of_other_code(batch: int = BATCH) -> int:
    """Keep anew up to `batch` tables counted by other code, then tables never kept; the
    number kept. Run again, it finds the rest; with none left, it only reads."""
    current = kept_tables.counting_code()
    stale = list(KeptStandings.objects.exclude(code=current)
                 .order_by("competition_id").values_list("competition_id", flat=True)[:batch])
    never = list(tables_kept().exclude(pk__in=KeptStandings.objects.values("competition_id"))
                 .order_by("pk").values_list("pk", flat=True)[:batch - len(stale)])
    for competition in tables_kept().filter(pk__in=[*stale, *never]).order_by("pk"):
        keep_standings(competition)
    return len(stale) + len(never)

