"""Kept tables brought up to date where no result will: after a release that counts tables
differently, every kept table was counted by other code, and the competition page counts each
afresh on every first visit until its next result, which a finished competition never has. So
do the competitions that could keep a table and have none (finished before tables were kept).

The periodic task (competitions.tasks.keep_tables_of_other_code) keeps them anew, a batch at a
time: found by the code each table records (KeptStandings.code), not by counting any table.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from league.competitions.models import Competition, KeptStandings, Stage
from league.competitions.standings import kept as kept_tables
from league.competitions.standings.services import keep_standings

# Tables kept by one run: at about 20 ms each (a 20-player division), some ten seconds of work.
BATCH = 500


def keep_tables_of_other_code(batch: int = BATCH) -> int:
    """Keep anew up to `batch` tables counted by other code, then tables never kept; the
    number kept. Run again, it finds the rest; with none left, it only reads."""
    current = kept_tables.counting_code()
    stale = list(KeptStandings.objects.exclude(code=current)
                 .order_by("competition_id").values_list("competition_id", flat=True)[:batch])
    never = list(_could_keep().exclude(pk__in=KeptStandings.objects.values("competition_id"))
                 .order_by("pk").values_list("pk", flat=True)[:batch - len(stale)])
    for competition in _could_keep().filter(pk__in=[*stale, *never]).order_by("pk"):
        keep_standings(competition)
    return len(stale) + len(never)


def _could_keep():
    """The competitions that keep a table (as keep_standings decides): a league or a Swiss in
    one stage, started."""
    staged = Stage.objects.filter(competition=OuterRef("pk"))
    return (Competition.objects.filter(format__in=(Competition.Format.LEAGUE,
                                                   Competition.Format.SWISS))
            .exclude(status=Competition.Status.DRAFT).exclude(Exists(staged)))
