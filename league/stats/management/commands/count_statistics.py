"""Count every player's season summary rows again from the facts (league.stats.summaries):
after loading data, or to fill the rows of results confirmed before they existed."""

from django.core.management.base import BaseCommand

from league.clubs.models import Season
from league.stats.summaries import refresh_season


class Command(BaseCommand):
    help = "Count the players' statistics of every season (or one club's) again from the facts."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="the club's slug (default: every club)")

    def handle(self, *args, club=None, **options):
        seasons = Season.objects.select_related("club").order_by("club_id", "pk")
        if club:
            seasons = seasons.filter(club__slug=club)
        for season in seasons:
            rows = refresh_season(season)
            self.stdout.write(f"{season.club.name}, {season.name}: {rows} players counted")
