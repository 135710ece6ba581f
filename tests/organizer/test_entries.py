"""Registering entrants: the club's players (a filter box that works with and without
JavaScript), new players, seeds, the start, a withdrawal. Then the competition's matches for the
organizer, by status, and the decisions a correction asks for."""

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.competitions.models import AuditEntry, Competition, Entry, Match
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db
SIZES = [2, 6]
# the user; for the header whether the user organizes a club and the unread notifications (each
# then cached; the session is read from the cache its sign-in filled)
SIGNED_IN = 3


@pytest.fixture
def cup(people) -> Competition:
    return draft(people, name="Spring Cup", format=Competition.Format.SINGLE_ELIMINATION)


def entries_url(competition) -> str:
    return reverse("competition-entries", args=[competition.pk])


def names_entered(competition) -> list[str]:
    return sorted(competition.entries.values_list("player__name", flat=True))


# Entering players --------------------------------------------------------------------------------


def test_the_ticked_players_of_the_club_are_entered(client, people, cup):
    ann, bob = (PlayerFactory(club=people.club, name=n) for n in ("Ann", "Bob"))
    sign_in(client, people.organizer)
    response = client.post(entries_url(cup), {"players": [ann.pk, bob.pk]})
    assert response.status_code == 302
    assert names_entered(cup) == ["Ann", "Bob"]
    html = client.get(entries_url(cup)).content.decode()
    assert "2 players entered." in html
    assert f'id="candidate-{ann.pk}"' not in html  # no longer offered


def test_a_player_of_another_club_cannot_be_entered(client, people, cup):
    stranger = PlayerFactory(name="Stranger")
    sign_in(client, people.organizer)
    response = client.post(entries_url(cup), {"players": [stranger.pk]})
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert names_entered(cup) == []


def test_nothing_ticked_says_so(client, people, cup):
    sign_in(client, people.organizer)
    response = client.post(entries_url(cup), {})
    assert response.status_code == 422
    assert "Tick the players to enter." in response.content.decode()


def test_the_filter_box_works_without_javascript_and_with_htmx(client, people, cup):
    for name in ("Ann Archer", "Bob Baker", "Anna Bell"):
        PlayerFactory(club=people.club, name=name)
    sign_in(client, people.organizer)
    page = client.get(entries_url(cup), {"q": "ann"}).content.decode()
    assert "Ann Archer" in page and "Anna Bell" in page and "Bob Baker" not in page
    assert 'value="ann"' in page
    partial = client.get(entries_url(cup), {"q": "bak"}, HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<fieldset id="candidates"')
    assert "Bob Baker" in partial and "Ann Archer" not in partial
    assert "No player of the club not yet entered matches “zzz”." in client.get(
        entries_url(cup), {"q": "zzz"}).content.decode()


@pytest.mark.parametrize("n", SIZES)
def test_the_entries_page_runs_a_fixed_number_of_queries(client, people, cup,
                                                          django_assert_num_queries, n):
    for _ in range(n):
        EntryFactory(competition=cup)
        PlayerFactory(club=people.club)
    sign_in(client, people.organizer)
    # the competition, is-organizer, the entries, the candidates, its first stage of groups
    with django_assert_num_queries(SIGNED_IN + 5):
        html = client.get(entries_url(cup)).content.decode()
    assert html.count('class="seed"') == n
    assert html.count('name="players"') == n + 1  # and Pat


def test_a_new_player_is_added_to_the_club_and_entered(client, people, cup):
    sign_in(client, people.organizer)
    client.post(reverse("competition-new-entrant", args=[cup.pk]), {"name": "Newt"})
    assert names_entered(cup) == ["Newt"]
    response = client.post(reverse("competition-new-entrant", args=[cup.pk]), {"name": "Pat"})
    assert response.status_code == 422
    assert "already has a player called Pat" in response.content.decode()
    assert names_entered(cup) == ["Newt"]


def test_entries_close_when_the_competition_starts(client, people):
    running = draft(people, status=Competition.Status.RUNNING)
    sign_in(client, people.organizer)
    response = client.post(reverse("competition-new-entrant", args=[running.pk]),
                           {"name": "Late"})
    assert response.status_code == 422
    assert "Entries close when the competition starts." in response.content.decode()
    assert not Player.objects.filter(name="Late").exists()  # not added to the club either
    page = client.get(entries_url(running)).content.decode()
    assert "Entries closed when the competition started." in page


# Seeds and the start -----------------------------------------------------------------------------


def four_entered(cup) -> list[Entry]:
    return [EntryFactory(competition=cup, player__name=n) for n in ("Ann", "Bob", "Cid", "Dan")]


def test_seeds_typed_in_are_saved(client, people, cup):
    entries = four_entered(cup)
    sign_in(client, people.organizer)
    seeds = {f"seed_{e.pk}": s for e, s in zip(entries, (4, 3, 2, 1), strict=True)}
    assert client.post(reverse("competition-seeds", args=[cup.pk]), seeds).status_code == 302
    assert list(cup.entries.order_by("seed").values_list("player__name", flat=True)) == [
        "Dan", "Cid", "Bob", "Ann"]


def test_a_seed_given_twice_is_refused_next_to_it_and_nothing_is_saved(client, people, cup):
    entries = four_entered(cup)
    sign_in(client, people.organizer)
    seeds = {f"seed_{e.pk}": s for e, s in zip(entries, (1, 1, 2, 3), strict=True)}
    response = client.post(reverse("competition-seeds", args=[cup.pk]), seeds)
    html = response.content.decode()
    assert response.status_code == 422
    assert "Ann is seed 1 already: give each player their own." in html
    assert f'name="seed_{entries[3].pk}" value="3"' in html
    assert not cup.entries.filter(seed__isnull=False).exists()


def test_the_start_draws_the_bracket_and_opens_the_competition(client, people, cup):
    four_entered(cup)
    sign_in(client, people.organizer)
    response = client.post(reverse("competition-start", args=[cup.pk]), {"seeding": "random"})
    assert response.status_code == 302 and response.url == reverse("competition", args=[cup.pk])
    cup.refresh_from_db()
    assert cup.status == Competition.Status.RUNNING
    assert sorted(cup.entries.values_list("seed", flat=True)) == [1, 2, 3, 4]
    assert cup.matches.exists()


def test_a_start_refused_by_the_draw_says_why(client, people, cup):
    EntryFactory(competition=cup)
    sign_in(client, people.organizer)
    response = client.post(reverse("competition-start", args=[cup.pk]), {"seeding": "entered"})
    assert response.status_code == 422
    assert "Enter at least two players before starting the competition." in response.content.decode()
    cup.refresh_from_db()
    assert cup.status == Competition.Status.DRAFT and not cup.matches.exists()


# Withdrawals -------------------------------------------------------------------------------------


def test_withdrawing_in_a_running_competition_gives_walkovers(client, people):
    match = MatchFactory(competition__season=people.season)
    sign_in(client, people.organizer)
    url = reverse("entry-withdraw", args=[match.entry_a.pk])
    page = client.get(url).content.decode()
    assert "becomes a walkover for the opponent" in page
    response = client.post(url, {"comment": "Moved away."}, follow=True)
    assert "1 match became a walkover." in response.content.decode()
    match.refresh_from_db()
    assert match.kind == Match.Kind.WALKOVER and match.winner == match.entry_b
    assert AuditEntry.objects.get(match=match, action="withdrawal").comment == "Moved away."
    again = client.post(url)
    assert again.status_code == 422 and "has already withdrawn" in again.content.decode()


# The competition's matches -----------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_the_matches_page_groups_by_status_in_fixed_queries(client, people,
                                                             django_assert_num_queries, n):
    competition = draft(people, status=Competition.Status.RUNNING)
    round_ = RoundFactory(competition=competition)
    statuses = (Match.Status.DISPUTED, Match.Status.SCHEDULED, Match.Status.CONFIRMED)
    for status in statuses:
        for _ in range(n):
            MatchFactory(competition=competition, round=round_, status=status)
    sign_in(client, people.organizer)
    # the competition, is-organizer, open decisions, the rounds with their dates, the overdue
    # matches, the matches, the later stages dealt by hand; its club nights, and whether it is
    # in stages (no night then)
    with django_assert_num_queries(SIGNED_IN + 9):
        html = client.get(reverse("organizer-matches", args=[competition.pk])).content.decode()
    assert html.index(">Disputed <") < html.index(">Scheduled <") < html.index(">Confirmed <")
    assert html.count("Resolve the dispute") == n
    assert html.count(">Correct<") == n


def test_a_match_needing_a_decision_is_kept_by_the_organizer(client, people):
    match = MatchFactory(competition__season=people.season, status=Match.Status.IN_PROGRESS)
    AuditEntry.objects.create(match=match, action="needs decision",
                              comment="The bracket now puts others here.")
    sign_in(client, people.organizer)
    page = client.get(reverse("organizer-matches", args=[match.competition_id])).content.decode()
    assert "Decisions to make" in page and "The bracket now puts others here." in page
    response = client.post(reverse("match-decide", args=[match.pk]),
                           {f"d{match.pk}-decision": "keep", f"d{match.pk}-comment": "Fine."})
    assert response.status_code == 302
    assert AuditEntry.objects.filter(match=match, action="decision: kept").exists()
    page = client.get(reverse("organizer-matches", args=[match.competition_id])).content.decode()
    assert "Decisions to make" not in page


def test_a_decision_without_a_choice_is_refused_next_to_it(client, people):
    match = MatchFactory(competition__season=people.season)
    AuditEntry.objects.create(match=match, action="needs decision", comment="Decide.")
    sign_in(client, people.organizer)
    response = client.post(reverse("match-decide", args=[match.pk]), {})
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()
    assert AuditEntry.objects.filter(match=match).count() == 1


@pytest.mark.parametrize("data", [{}, {"d{pk}-decision": "reset"}])
def test_no_decision_to_make_is_said(client, people, data):
    match = MatchFactory(competition__season=people.season)
    sign_in(client, people.organizer)
    response = client.post(reverse("match-decide", args=[match.pk]),
                           {k.format(pk=match.pk): v for k, v in data.items()})
    assert response.status_code == 422
    assert "There is no decision to make about this match." in response.content.decode()
    assert not AuditEntry.objects.exists()


def test_a_form_posted_after_the_start_says_entries_are_closed(client, people):
    running = draft(people, status=Competition.Status.RUNNING)
    sign_in(client, people.organizer)
    for name in ("competition-entries", "competition-seeds", "competition-start"):
        response = client.post(reverse(name, args=[running.pk]), {})
        assert response.status_code == 422, name
        assert "when the competition starts" in response.content.decode(), name
