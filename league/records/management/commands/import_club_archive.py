from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.core.errors import ServiceError
from league.records.restore import restore_club_archive


class Command(BaseCommand):
    help = (
        "Restore a club from its archive (the zip its organizers download) into a database "
        "without that club; its ratings are recomputed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the club's archive, a .zip file")

    def handle(self, *args, file: Path, **options) -> None:
        try:
            club = restore_club_archive(file.read_bytes())
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        except ServiceError as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            f"Restored {club.name} ({club.slug}): {club.players.count()} players, "
            f"{club.seasons.count()} seasons."
        )
