"""Hollywood matches: the match's one game is the engine's Hollywood columns, scored hand by hand
on one scoresheet; a column closes at its target with its bonuses; the match goes to the winner
per the competition's setting, and counts in the standings like any match."""

import pytest
from django.urls import reverse

from gameplay.assistant import advise
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, report_result
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from league.games.models import Game
from league.games.selectors import scoresheet
from league.games.services import start_game
from league.games.services.games import HandEntry, record_hand
from league.games.services.rulings import record_ruling
from tests.formats.builders import Club, committed

pytestmark = pytest.mark.django_db


def hollywood_league(**format) -> tuple[Club, Competition]:
    club = Club(2)
    competition = club.competition(
        Competition.Format.LEAGUE, match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points", **format})
    return club, competition


def the_match(competition: Competition) -> Match:
    return competition.matches.select_related("entry_a__player", "entry_b__player").get(
        kind=Match.Kind.PLAYED)


def gin(game: Game, winner: str, points: int, actor) -> None:
    record_hand(game.pk, HandEntry(outcome="gin", winner=winner, points=points), actor=actor)


def test_a_hollywood_game_is_started_with_the_competitions_columns_and_target():
    club, competition = hollywood_league(target=150)
    game = start_game(the_match(competition).pk, actor=club.organizer)
    assert game.is_hollywood and game.hollywood["columns"] == 3
    assert game.target_score == 150


def test_a_win_goes_into_every_open_column_its_winner_has_scored_in_and_one_more():
    club, competition = hollywood_league()
    game = start_game(the_match(competition).pk, actor=club.organizer)
    for _ in range(3):
        gin(game, "A", 30, club.organizer)
    sheet = scoresheet(game.pk)
    assert [(c.a, c.b) for c in sheet.columns] == [(90, 0), (60, 0), (30, 0)]
    assert [row.entered for row in sheet.hollywood_rows] == [(1,), (1, 2), (1, 2, 3)]


def test_a_column_closes_at_its_target_with_its_bonuses_and_takes_no_more_points():
    club, competition = hollywood_league()
    game = start_game(the_match(competition).pk, actor=club.organizer)
    for _ in range(4):
        gin(game, "A", 30, club.organizer)
    first = scoresheet(game.pk).columns[0]
    assert first.closed and first.winner == "A" and first.closed_on == 4
    assert first.a > 120  # the hand points and the game's bonuses
    gin(game, "A", 30, club.organizer)
    assert scoresheet(game.pk).columns[0].a == first.a


def test_the_match_is_won_when_every_column_has_closed_and_counts_in_the_standings():
    club, competition = hollywood_league()
    match = the_match(competition)
    game = start_game(match.pk, actor=club.organizer)
    for _ in range(6):
        gin(game, "A", 30, club.organizer)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "A"
    assert (game.columns_a, game.columns_b) == (3, 0)
    with pytest.raises(ServiceError):
        gin(game, "A", 30, club.organizer)
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
        confirm_result(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    assert match.winner_id == match.entry_a_id and (match.games_a, match.games_b) == (3, 0)
    top = competition_standings(competition).rows[0]
    assert top.player.name == match.entry_a.player.name
    assert (top.won, top.match_points) == (1, competition.points_win)


def test_with_most_columns_the_match_goes_to_who_won_more_columns():
    club, competition = hollywood_league(winner_by="most_columns", target=50)
    match = the_match(competition)
    game = start_game(match.pk, actor=club.organizer)
    gin(game, "A", 90, club.organizer)  # A closes column 1 alone, shutting B out of it
    for _ in range(3):
        gin(game, "B", 26, club.organizer)  # B closes columns 2 and 3
    game.refresh_from_db()
    assert (game.columns_a, game.columns_b) == (1, 2)
    assert game.winner == "B"


def test_the_scoresheet_shows_the_running_columns_at_once(client):
    club, competition = hollywood_league()
    game = start_game(the_match(competition).pk, actor=club.organizer)
    gin(game, "A", 30, club.organizer)
    gin(game, "B", 25, club.organizer)
    html = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    for n in (1, 2, 3):
        assert f"Column {n}" in html
    assert "30–25" in html  # column 1 after hand 2
    assert "0–0" in html  # column 3 has no entry yet


def test_the_hollywood_scoresheet_shows_a_ruling_beside_its_hand(client):
    """A ruling played on (a lost turn) recorded on the hand at the table is stored with it when
    it is entered, and the columns' scoresheet shows it beside the hand as any scoresheet does."""
    club, competition = hollywood_league()
    game = start_game(the_match(competition).pk, actor=club.organizer)
    answers = {"agreed": "no", "offender": "B"}
    record_ruling(game.match_id, actor=club.organizer, game_number=1, hand_number=1,
                  advice=advise("looking_through_discards", answers), answers=answers)
    gin(game, "A", 30, club.organizer)
    page = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert f'{reverse("gameplay:rules")}#looking-through-discards">Looking through the ' in page
    assert "Player B loses his next turn: Player A plays two turns in succession." in page
    assert "(Hoyle, Irregularities: Looking Through Discard Pile)" in page
