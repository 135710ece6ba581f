"""A Swiss club night with round 1 paired at its tables, and the table links of its matches."""

from __future__ import annotations

from league.competitions.base.actors import TableActor
from league.competitions.models import Competition, Match, TableLink
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.table_links import actor_of, issue_table_link, token_of
from league.games.services import HandEntry
from league.games.services.table import enter_hand_at_table, start_game_at_table
from tests.club_nights.test_club_night_services import arrive, night_swiss


class SeatedNight:
    def __init__(self, players: int = 4) -> None:
        self.club, self.competition, self.night = night_swiss(players, rounds=3)
        arrive(self.club, self.night, *range(players))
        self.round = pair_night_round(self.night.pk, actor=self.club.organizer)
        self.matches = list(self.round.matches.filter(kind=Match.Kind.PLAYED).order_by("table"))

    @property
    def organizer(self):
        return self.club.organizer

    def link(self, index: int = 0) -> TableLink:
        return issue_table_link(self.matches[index].pk, actor=self.organizer)

    def token(self, index: int = 0) -> str:
        return token_of(self.link(index))

    def actor(self, index: int = 0) -> TableActor:
        return actor_of(self.link(index))


def play_game_at_table(actor: TableActor, winner: str = "A"):
    """A game to 100 at the table: gin hands of 25 + deadwood until it is won."""
    game = start_game_at_table(actor)
    number = 1
    while True:
        try:
            enter_hand_at_table(actor, game.pk, HandEntry("gin", winner, 50, expected_number=number))
        except Exception as error:  # the game is over
            if "over" in str(error):
                return game
            raise
        number += 1
        game.refresh_from_db()
        if game.status == "finished":
            return game


def swiss(night) -> bool:
    return night.competition.format == Competition.Format.SWISS
