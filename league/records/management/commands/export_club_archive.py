from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.clubs.models import Club
from league.records.archive import club_archive


class Command(BaseCommand):
    help = "Write a club's archive (the zip its organizers download from the site) to a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the club's slug, as in its address")
        parser.add_argument("file", type=Path, help="where to write the .zip")

    def handle(self, *args, slug: str, file: Path, **options) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club {slug!r}.")
        file.write_bytes(club_archive(club))
        self.stdout.write(f"Wrote {file}.")
