"""An organizer renames, merges and retires the club's players; the pages say why a change is
refused."""

from datetime import date

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.player_records import (
    bring_back_player,
    merge_players,
    rename_player,
    retire_player,
)
from league.clubs.signals import players_merged
from league.competitions.formats.competitions import register_players
from league.competitions.models import Entry, Match
from league.core.errors import NotAllowed, ServiceError
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.receivers import rate_merged_club
from tests.factories import CompetitionFactory, EntryFactory, MatchFactory, PlayerFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db


def test_a_rename_is_stored_normalised(people):
    player = PlayerFactory(club=people.club, name="Ann", user=None)
    assert rename_player(player, actor=people.organizer, name="  Ann\u00a0Smith ").name == "Ann Smith"


def test_a_rename_to_another_players_name_in_other_case_is_refused_on_the_name(people):
    player = PlayerFactory(club=people.club, name="Ann", user=None)
    with pytest.raises(ServiceError) as refused:
        rename_player(player, actor=people.organizer, name="PAT")
    assert refused.value.field == "name" and "already has a player called PAT" in str(refused.value)


def test_a_player_may_be_renamed_to_the_same_name_in_other_case(people):
    player = PlayerFactory(club=people.club, name="ann smith", user=None)
    assert rename_player(player, actor=people.organizer, name="Ann Smith").name == "Ann Smith"


def test_only_an_organizer_renames(people):
    with pytest.raises(NotAllowed):
        rename_player(Player.objects.get(name="Pat"), actor=people.player, name="Patricia")


def test_the_rename_page_shows_a_clash_next_to_the_field(client, people):
    player = PlayerFactory(club=people.club, name="Ann", user=None)
    sign_in(client, people.organizer)
    response = client.post(reverse("player-rename", args=[player.pk]), {"name": "pat"})
    assert response.status_code == 422
    assert "already has a player called pat" in response.content.decode()
    response = client.post(reverse("player-rename", args=[player.pk]), {"name": "Annie"})
    assert response.status_code == 302 and Player.objects.get(pk=player.pk).name == "Annie"


def _played(people, player, other):
    match = MatchFactory(competition=CompetitionFactory(season=people.season),
                         entry_a=None, entry_b=None, status=Match.Status.CONFIRMED)
    match.entry_a = EntryFactory(competition=match.competition, player=player)
    match.entry_b = EntryFactory(competition=match.competition, player=other)
    match.winner = match.entry_a
    match.save()
    return match


def test_a_merge_moves_entries_results_and_the_account_to_the_survivor(
        people, django_capture_on_commit_callbacks, merges_told):
    survivor = PlayerFactory(club=people.club, name="Ann Smith", user=None)
    twin = PlayerFactory(club=people.club, name="A. Smith")
    account = twin.user
    opponent = PlayerFactory(club=people.club, name="Bea")
    match = _played(people, twin, opponent)
    period = RatingPeriod.objects.create(club=people.club, starts_on=date(2025, 3, 3),
                                         system="elo", rated_unit="game", elo_k=20)
    PlayerRating.objects.create(period=period, player=twin, starts_on=period.starts_on,
                                rating=1600, games=1, total_games=1)
    with django_capture_on_commit_callbacks(execute=True):
        merge_players(survivor, twin, actor=people.organizer)
    survivor.refresh_from_db()
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Entry.objects.get(pk=match.entry_a_id).player == survivor
    assert Match.objects.get(pk=match.pk).winner.player == survivor
    assert survivor.user == account
    assert not PlayerRating.objects.filter(player_id=twin.pk).exists()
    assert [people.club.pk] == merges_told


@pytest.fixture
def merges_told():
    """The clubs that `players_merged` told of, in order, in place of the ratings' receiver."""
    told: list[int] = []

    def remember(club, **_) -> None:
        told.append(club.pk)

    players_merged.disconnect(dispatch_uid="ratings-after-merge")
    players_merged.connect(remember, dispatch_uid="merges-told")
    yield told
    players_merged.disconnect(dispatch_uid="merges-told")
    players_merged.connect(rate_merged_club, dispatch_uid="ratings-after-merge")


def test_a_merge_is_refused_where_both_played_in_the_same_competition(people):
    survivor = PlayerFactory(club=people.club, name="Ann Smith", user=None)
    twin = PlayerFactory(club=people.club, name="A. Smith", user=None)
    match = _played(people, survivor, twin)
    with pytest.raises(ServiceError) as refused:
        merge_players(survivor, twin, actor=people.organizer)
    assert f"both played in {match.competition.name}" in str(refused.value)
    assert Player.objects.filter(pk=twin.pk).exists()
    assert Entry.objects.filter(player=twin).count() == 1


def test_a_merge_of_two_accounts_is_refused(people):
    survivor = PlayerFactory(club=people.club, name="Ann Smith")
    twin = PlayerFactory(club=people.club, name="A. Smith")
    with pytest.raises(ServiceError, match="two different accounts"):
        merge_players(survivor, twin, actor=people.organizer)


def test_a_player_is_not_merged_with_himself_nor_across_clubs(people):
    player = PlayerFactory(club=people.club, name="Ann", user=None)
    with pytest.raises(ServiceError, match="two different"):
        merge_players(player, player, actor=people.organizer)
    with pytest.raises(ServiceError, match="same club"):
        merge_players(player, PlayerFactory(user=None), actor=people.organizer)


def test_only_an_organizer_merges(people):
    survivor = PlayerFactory(club=people.club, name="Ann", user=None)
    twin = PlayerFactory(club=people.club, name="Annie", user=None)
    with pytest.raises(NotAllowed):
        merge_players(survivor, twin, actor=people.other_organizer)


def test_the_merge_page_needs_the_box_ticked_and_says_the_refusal(client, people):
    survivor = PlayerFactory(club=people.club, name="Ann Smith", user=None)
    twin = PlayerFactory(club=people.club, name="A. Smith", user=None)
    sign_in(client, people.organizer)
    url = reverse("player-merge", args=[survivor.pk])
    response = client.post(url, {"merged": twin.pk})
    assert response.status_code == 422 and "same person" in response.content.decode()
    match = _played(people, survivor, twin)
    response = client.post(url, {"merged": twin.pk, "confirm": "on"})
    assert response.status_code == 422
    assert f"both played in {match.competition.name}" in response.content.decode()


def test_the_merge_page_merges(client, people, merges_told):
    survivor = PlayerFactory(club=people.club, name="Ann Smith", user=None)
    twin = PlayerFactory(club=people.club, name="A. Smith", user=None)
    sign_in(client, people.organizer)
    response = client.post(reverse("player-merge", args=[survivor.pk]),
                           {"merged": twin.pk, "confirm": "on"})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()


def test_a_retired_player_is_not_offered_nor_entered_and_comes_back(client, people):
    player = PlayerFactory(club=people.club, name="Old Tom", user=None)
    competition = draft(people)
    retire_player(player, actor=people.organizer)
    sign_in(client, people.organizer)
    page = client.get(reverse("competition-entries", args=[competition.pk])).content.decode()
    assert "Old Tom" not in page
    with pytest.raises(ServiceError, match="Retired, so not entered: Old Tom"):
        register_players(competition, [Player.objects.get(pk=player.pk)], actor=people.organizer)
    bring_back_player(player, actor=people.organizer)
    assert register_players(competition, [Player.objects.get(pk=player.pk)],
                            actor=people.organizer)


def test_retiring_twice_is_refused_and_history_stays(people):
    player = PlayerFactory(club=people.club, name="Old Tom", user=None)
    match = _played(people, player, PlayerFactory(club=people.club, name="Bea"))
    retire_player(player, actor=people.organizer)
    with pytest.raises(ServiceError, match="retired already"):
        retire_player(player, actor=people.organizer)
    assert Entry.objects.get(pk=match.entry_a_id).player_id == player.pk
    with pytest.raises(ServiceError, match="not retired already"):
        bring_back_player(bring_back_player(player, actor=people.organizer),
                          actor=people.organizer)


def test_the_bulk_add_still_sees_a_retired_players_name(client, people):
    retire_player(Player.objects.get(name="Pat"), actor=people.organizer)
    sign_in(client, people.organizer)
    html = client.post(reverse("organizer-add-players", args=[people.club.slug]),
                       {"text": "pat\nNew One"}).content.decode()
    assert "Already players of the club (1)" in html and "Pat (retired)" in html


def test_the_player_page_retires_and_brings_back(client, people):
    player = PlayerFactory(club=people.club, name="Old Tom", user=None)
    sign_in(client, people.organizer)
    assert client.get(reverse("organizer-player", args=[player.pk])).status_code == 200
    assert client.post(reverse("player-retire", args=[player.pk])).status_code == 302
    assert Player.objects.get(pk=player.pk).is_retired
    response = client.post(reverse("player-retire", args=[player.pk]))
    assert response.status_code == 422 and "retired already" in response.content.decode()
    assert client.post(reverse("player-bring-back", args=[player.pk])).status_code == 302
    assert not Player.objects.get(pk=player.pk).is_retired


def test_the_player_page_is_the_organizers(client, people):
    player = PlayerFactory(club=people.club, name="Old Tom", user=None)
    sign_in(client, people.player)
    assert client.get(reverse("organizer-player", args=[player.pk])).status_code == 403
    assert client.post(reverse("player-retire", args=[player.pk])).status_code == 403
    assert not Player.objects.get(pk=player.pk).is_retired
