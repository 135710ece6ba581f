"""Every list page runs a fixed number of queries, whatever the number of rows: each is built
with N and 3N rows and must run the same, exact count (the selectors' select_related /
prefetch_related; one query per row would show here)."""

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.services.calendar import calendar_token
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import (
    AuditEntry,
    ClubNight,
    Competition,
    Entry,
    Match,
    ResultReport,
    Round,
)
from league.games.models import Game, Hand, TableRuling
from league.games.services import start_game
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.services.latest import keep_latest
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    finished_game,
)

from .conftest import main_of

pytestmark = pytest.mark.django_db

SIZES = [2, 6]  # N and 3N
# The user, and for the header whether the user organizes a club and how many notifications are
# unread (each then cached, and every test starts with an empty cache). The session is read from
# the cache its sign-in filled.
SIGNED_IN = 3


# A list of matches brings each side's entry with its player, and the winner's, in three more
# queries (league.competitions.base.selectors.matches_with_sides); a side that no match has costs none.
SIDES = 3


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("n", SIZES)
def test_home_for_a_visitor(client, django_assert_num_queries, n):
    for _ in range(n):
        CompetitionFactory(status=Competition.Status.RUNNING)
    # the public clubs found (a bounded list)
    with django_assert_num_queries(1):
        html = get(client, reverse("home"))
    assert html.count('href="/clubs/') == n
    with django_assert_num_queries(0):  # read from the cache
        assert main_of(get(client, reverse("home"))) == main_of(html)


@pytest.mark.parametrize("n", SIZES)
def test_home_for_a_player_with_matches_and_results_to_confirm(client, django_assert_num_queries, n):
    me = UserFactory()
    for _ in range(n):
        to_play = MatchFactory()
        to_play.entry_a.player.user = me
        to_play.entry_a.player.save()
        to_confirm = MatchFactory(status=Match.Status.REPORTED)
        to_confirm.entry_b.player.user = me
        to_confirm.entry_b.player.save()
        ResultReport.objects.create(match=to_confirm, winner=to_confirm.entry_a, games_a=1,
                                    reported_by=to_confirm.entry_a.player.user)
    client.force_login(me)
    # + the public clubs found; his players (his home's version names them); his own parts:
    # his entries' ids, results to confirm, matches to play, the sides of both lists' matches
    # (the reports' winners among them), sign-ups open, his clubs and their running
    # competitions, whether a club night is open in his competitions (his entries where one is:
    # none). He organizes nothing: no disputes to resolve.
    with django_assert_num_queries(SIGNED_IN + 10):
        html = get(client, reverse("home"))
    assert html.count("Open the match to confirm or dispute it") == n
    assert html.count(" reported winning, 1–0.") == n
    # his own parts, the public clubs, his session, account and players read from the cache (no
    # club night is open in his competitions: tonight's is not read)
    with django_assert_num_queries(0):
        assert main_of(get(client, reverse("home"))) == main_of(html)


@pytest.mark.parametrize("n", SIZES)
def test_home_for_an_organizer_with_disputes_to_resolve(client, django_assert_num_queries, n):
    me = UserFactory()
    club = ClubFactory()
    club.organizers.add(me)
    for _ in range(n):
        MatchFactory(competition=CompetitionFactory(season=SeasonFactory(club=club)),
                     status=Match.Status.DISPUTED)
    client.force_login(me)
    html = get(client, reverse("home"))
    assert html.count('aria-labelledby="to-resolve"') == 1
    # read on every visit: the disputes with their two sides (his session, account and players
    # from the cache)
    with django_assert_num_queries(3):
        assert main_of(get(client, reverse("home"))) == main_of(html)


@pytest.mark.parametrize("n", SIZES)
def test_club_page(client, django_assert_num_queries, n):
    club = ClubFactory()
    period = RatingPeriod.objects.create(club=club, starts_on=date(2025, 1, 6), system="glicko2",
                                         rated_unit="game", tau=0.5)
    for i in range(n):
        competition = CompetitionFactory(season=SeasonFactory(club=club))
        rated = PlayerFactory(club=club)
        PlayerRating.objects.create(period=period, player=rated, starts_on=period.starts_on,
                                    rating=1500 + i, rd=80, volatility=0.06, games=3,
                                    total_games=3)
        keep_latest([rated.pk])  # as the rebuild that writes a row keeps it
        club.organizers.add(UserFactory())
        ClubNight.objects.create(competition=competition,
                                 starts_at=timezone.now() + timedelta(days=i + 1))
    # the club's id by its address (remembered from then on), the club (cached from then on),
    # organizers, their names as the club's players and as players elsewhere, the nights; the
    # body: seasons, their competitions and points series, players, their ratings
    with django_assert_num_queries(11):
        html = get(client, reverse("club", args=[club.slug]))
    assert html.count('href="/players/') == 2 * n  # in the ratings table and the players list
    assert html.count('class="rating-badge') == n
    # the club, its head and its body read from the cache
    with django_assert_num_queries(0):
        assert main_of(get(client, reverse("club", args=[club.slug]))) == main_of(html)


@pytest.mark.parametrize("n", SIZES)
def test_competition_page(client, django_assert_num_queries, n):
    competition = CompetitionFactory()
    for number in range(1, n + 1):
        round_ = Round.objects.create(competition=competition, number=number)
        for _ in range(2):
            match = MatchFactory(competition=competition, round=round_,
                                 status=Match.Status.CONFIRMED)
            Match.objects.filter(pk=match.pk).update(winner=match.entry_a, games_a=1)
    url = reverse("competition", args=[competition.pk]) + "?round=all"
    # whether the club of the page's object is public (cached from then on; the club is known
    # since the competition was written); asked together, the competition with season and club,
    # entries with players, rounds (the page's new version is minted with their ids), its open
    # or next club night and what a kept table's digest reads (no row: it keeps none yet);
    # their matches (their sides are the entries read); the standings: the matches with their
    # games' totals (the entries are the page's; no hands: the page shows none)
    with django_assert_num_queries(1 + 7):
        html = get(client, url)
    assert html.count('class="match-line"') == 2 * n
    assert Entry.objects.filter(competition=competition).count() == 4 * n
    assert html.count('class="player-cell"') == 4 * n
    with django_assert_num_queries(0):  # the cached page, as long as nothing changes
        again = get(client, url)
    assert main_of(again) == main_of(html)


@pytest.mark.parametrize("players", [4, 16])
def test_knockout_page_with_its_bracket(client, django_assert_num_queries, players):
    club = ClubFactory()
    organizer = UserFactory()
    club.organizers.add(organizer)
    competition = create_competition(SeasonFactory(club=club), actor=organizer, name="Cup",
                                     format=Competition.Format.DOUBLE_ELIMINATION)
    register_players(competition, PlayerFactory.create_batch(players, club=club),
                     actor=organizer)
    start_competition(competition.pk, actor=organizer)
    # whether the club of the page's object is public (cached from then on; the club is known
    # since the competition was written); the page's five asked together (its new version
    # minted with their rounds; a knockout shows no club night and keeps no table, and both
    # are read with the rest, in the same round trip); the bracket: the matches of the page's
    # rounds (the players are the page's entries), the shown round's among them
    with django_assert_num_queries(1 + 6):
        html = get(client, reverse("competition", args=[competition.pk]))
    assert html.count('class="bracket-match box-') == 2 * players - 1  # reset included


@pytest.mark.parametrize("n", SIZES)
def test_match_page_for_its_organizer(client, django_assert_num_queries, n):
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    organizer = UserFactory()
    match.competition.season.club.organizers.add(organizer)
    for number in range(1, n + 1):
        finished_game(match, number, "A" if number % 2 else "B")
        AuditEntry.objects.create(match=match, actor=organizer, action="corrected",
                                  before={"winner": match.entry_a_id}, after={"games_a": 1})
        Hand.objects.create(game_id=match.games.get(number=number).pk, number=1, dealer="A",
                            outcome="gin", knocker="A", winner="A", points=25)
    client.force_login(organizer)
    # the match's version (with its club, whether the club is public and the players'
    # accounts); does the viewer organize the club (the key of its cached body: he organizes
    # some club); the match, its sides,
    # games, their hands, audit with actors (no report: the version counts none, so none is
    # read), is the viewer an organizer, the two ratings for the win chances (the match, then
    # the players' ratings), may the viewer correct its hands (organizer); the names of the
    # actors who do not play (their players in the club, then elsewhere)
    with django_assert_num_queries(SIGNED_IN + 1 + 12):
        html = get(client, reverse("match", args=[match.pk]))
    assert html.count("Scoresheet<span") == n
    assert html.count("The hands of game") == n
    assert "chance to win a game" in html


@pytest.mark.parametrize("n", SIZES)
def test_scoresheet_for_a_player(client, django_assert_num_queries, n):
    match = MatchFactory()
    player = match.entry_a.player.user
    game = start_game(match.pk, actor=player)
    for number in range(1, n + 1):
        Hand.objects.create(game=game, number=number, dealer="A", outcome="knock",
                            knocker="A", winner="A", points=1)
        TableRuling.objects.create(game=game, hand_number=number, irregularity="exposed_card",
                                   answers={"offender": "B"}, proposed_side="B")
    client.force_login(player)
    # the sheet's version (its ETag, with the club, whether it is public, and the players'
    # accounts: the viewer's side, the key of its cached body); game with its match, the
    # match's sides, hands (no open flag: the version counts none, so none is read), the
    # rulings waiting. Whether he may correct hands costs none: he organizes no club, as the
    # header's answer (cached) says; the player's side needs none either.
    with django_assert_num_queries(SIGNED_IN + 1 + 4):
        html = get(client, reverse("gameplay:scoresheet", args=[game.pk]))
    assert Game.objects.get(pk=game.pk).hands.count() == n
    assert html.count('<td data-label="Outcome">Knock') == n
    assert html.count("I agree</button>") == n


@pytest.mark.parametrize("n", SIZES)
def test_player_page(client, django_assert_num_queries, n):
    player = PlayerFactory()
    for _ in range(n):
        competition = CompetitionFactory(season=SeasonFactory(club=player.club))
        mine = EntryFactory(competition=competition, player=player)
        MatchFactory(competition=competition, entry_a=mine)
        played = MatchFactory(competition=competition, status=Match.Status.CONFIRMED,
                              entry_b=mine)
        Match.objects.filter(pk=played.pk).update(winner=played.entry_b, games_b=1)
    # the club of the page's object, whether it is public and its language (all cached from
    # then on: the language for a visitor who chose none); player with club, entries with
    # competitions, results, next matches, the sides of both (one query), opponents, current
    # rating, rating history, the statistics card's sums of his season rows
    with django_assert_num_queries(3 + 6 + 2 + 1):
        html = get(client, reverse("player", args=[player.pk]))
    assert html.count('class="match-line"') == n
    assert html.count("outcome-won") == n
    assert html.split("<footer")[0].count("<option value=") == n + 1


@pytest.mark.parametrize("n", SIZES)
def test_a_players_own_page_reads_nothing_on_his_second_visit(client, django_assert_num_queries, n):
    player = PlayerFactory()
    for _ in range(n):
        competition = CompetitionFactory(season=SeasonFactory(club=player.club))
        MatchFactory(competition=competition, entry_a=EntryFactory(competition=competition,
                                                                   player=player))
    client.force_login(player.user)
    assert calendar_token(player) in get(client, reverse("player", args=[player.pk]))
    # his session, account and players (with his calendar address), the club's entries, the
    # page's version, its body and the header's answers: all from the cache
    with django_assert_num_queries(0):
        html = get(client, reverse("player", args=[player.pk]))
    assert calendar_token(player) in html and html.count('class="match-line"') == n


@pytest.mark.parametrize("n", SIZES)
def test_player_page_head_to_head(client, django_assert_num_queries, n):
    player = PlayerFactory()
    opponent = PlayerFactory(club=player.club)
    competition = CompetitionFactory(season=SeasonFactory(club=player.club))
    mine = EntryFactory(competition=competition, player=player)
    theirs = EntryFactory(competition=competition, player=opponent)
    for _ in range(n):
        match = MatchFactory(competition=competition, status=Match.Status.CONFIRMED,
                             entry_a=mine, entry_b=theirs)
        Match.objects.filter(pk=match.pk).update(winner=match.entry_a, games_a=1)
        finished_game(match, 1, "A")
    url = reverse("player", args=[player.pk]) + f"?opponent={opponent.pk}"
    # the page's (as above), + the matches between them and their SIDES, their games
    with django_assert_num_queries(3 + 6 + 2 + 1 + 1 + SIDES + 1):
        html = get(client, url)
    assert f"<strong>{n}–0</strong>" in html
    assert f"game points {120 * n}–{40 * n}" in html
