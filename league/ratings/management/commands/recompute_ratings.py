"""python manage.py recompute_ratings --club <slug>: rebuild a club's ratings from its results."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.clubs.models import Club
from league.ratings.services import recompute_ratings


class Command(BaseCommand):
    help = "Rebuild every rating period of a club from its confirmed results, from scratch."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", required=True, help="The club's slug")

    def handle(self, *args, club: str, **options) -> None:
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"No club with the slug {club!r}.")
        self.stdout.write(str(recompute_ratings(found)))
