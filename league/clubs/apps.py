from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "league.clubs"
    label = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from league.clubs import signals  # noqa: F401  (connects the receivers)
        from league.clubs.permissions import ORGANIZES_KEY, organizes_filling
        from league.clubs.selectors import (
            LANGUAGE_KEY,
            USER_PLAYERS_KEY,
            language_filling,
            own_players_filling,
        )
        from league.clubs.visibility import PUBLIC_KEY, public_filling
        from league.core.fills import fills

        # what a page reads ahead of the club and of its viewer, read together when missing
        fills(PUBLIC_KEY, public_filling)
        fills(LANGUAGE_KEY, language_filling)
        fills(USER_PLAYERS_KEY, own_players_filling)
        fills(ORGANIZES_KEY, organizes_filling)
