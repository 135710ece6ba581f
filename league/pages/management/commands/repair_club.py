"""`manage.py repair_club --club <slug>`: bring a club's brackets, Swiss rounds, standings and
ratings up to date with its confirmed results, and say what changed (league.pages.repair)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from league.clubs.models import Club
from league.pages.repair import repair_club


class Command(BaseCommand):
    help = ("Repair a club's derived state (brackets, Swiss rounds, standings, ratings) from its "
            "confirmed results; first clear its schedule's dates outside the years 1900 to 2100.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--club", required=True, help="the club's slug")

    def handle(self, *args, club: str, **options) -> None:
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"No club {club!r}.")
        changes = repair_club(found)
        for line in changes:
            self.stdout.write(line)
        self.stdout.write(f"{found.name}: {len(changes) or 'nothing'} repaired"
                          f"{'' if changes else ', all was up to date'}.")
