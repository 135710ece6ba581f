"""The match page's and the scoresheet's bodies are rendered once per version and then read from
the cache: whatever they show changing (a hand entered, undone, corrected or flagged, a result
reported, confirmed or corrected, a name, the reader's language) is on the next visit, and
what one viewer may do is never shown to another from a cached copy."""

import pytest
from django.urls import reverse

from league.clubs.services.player_records import rename_player
from league.competitions.models import Match
from league.competitions.results.services import confirm_result, correct_result, report_result
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, start_game, undo_last_hand
from league.games.services.corrections import correct_hand
from league.games.services.flags import flag_hand
from tests.factories import MatchFactory, finished_game

from .conftest import main_of, sign_in

pytestmark = pytest.mark.django_db

SIZES = [2, 6]  # games or hands: N and 3N


def match_page(client, match, **headers) -> str:
    response = client.get(reverse("match", args=[match.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def sheet(client, game, **headers) -> str:
    response = client.get(reverse("gameplay:scoresheet", args=[game.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def decided(cast) -> Match:
    """Game 1 is won by A: a first-to-one match, decided and ready to report."""
    match = cast.match
    match.status = Match.Status.IN_PROGRESS
    match.save()
    finished_game(match, 1, "A")
    return match


@pytest.fixture
def game(cast) -> Game:
    return start_game(cast.match.pk, actor=cast.player_a)


def knock(number: int, winner: str = "A", points: int = 12) -> HandEntry:
    return HandEntry("knock", winner, points, expected_number=number)


# Queries ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_a_visitors_match_page_is_read_from_the_cache_the_second_time(
        client, django_assert_num_queries, n):
    match = MatchFactory(status=Match.Status.CONFIRMED)
    for number in range(1, n + 1):
        game = finished_game(match, number, "A")
        Hand.objects.create(game=game, number=1, dealer="A", outcome="gin", knocker="A",
                            winner="A", points=25)
    # the match's version (with its club and whether the club is public); the match, its
    # sides, games, their hands (no report nor history: the version counts none, so none is
    # read)
    with django_assert_num_queries(1 + 4):
        first = match_page(client, match)
    assert first.count("The hands of game") == n
    with django_assert_num_queries(1):  # its version
        assert main_of(match_page(client, match)) == main_of(first)


@pytest.mark.parametrize("n", SIZES)
def test_a_visitors_scoresheet_is_read_from_the_cache_the_second_time(
        client, cast, game, django_assert_num_queries, n):
    for number in range(1, n + 1):
        record_hand(game.pk, knock(number), actor=cast.player_a)
    # the sheet's version (with its club and whether the club is public); the game with its
    # match, the match's sides, hands (no open flag nor table ruling: the version counts none,
    # so none is read)
    with django_assert_num_queries(1 + 3):
        first = sheet(client, game)
    assert first.count('<td data-label="Outcome">Knock') == n
    with django_assert_num_queries(1):  # its version
        assert main_of(sheet(client, game)) == main_of(first)



def test_a_players_finished_scoresheet_asks_the_shared_cache_once_beyond_his_session(
        client, cast, game, request, django_assert_num_queries):
    record_hand(game.pk, knock(1, points=90), actor=cast.player_a)
    record_hand(game.pk, knock(2, points=game.target_score - 90), actor=cast.player_a)
    # the game is won: its body holds no hand form, so is shared
    client.force_login(cast.player_a)
    sheet(client, game)  # the body, the versions and the header's answers cached
    calls = request.getfixturevalue("shared_cache_calls")  # counted from here on
    with django_assert_num_queries(1):  # the sheet's version
        html = sheet(client, game)
    assert main_of(html).count('<td data-label="Outcome">') == game.hands.count()
    # the session, then its account, the names' version, whether he organizes and the
    # header's unread count, read together
    assert calls == ["get", "get_many"]

# The scoresheet after each write ------------------------------------------------------------------


def test_a_hand_entered_or_undone_is_on_the_next_visit(client, cast, game):
    record_hand(game.pk, knock(1), actor=cast.player_a)
    assert sheet(client, game).count('<td data-label="Outcome">Knock') == 1
    assert match_page(client, cast.match).count('<span class="hand-number">') == 1
    record_hand(game.pk, knock(2, "B", 7), actor=cast.player_b)
    assert sheet(client, game).count('<td data-label="Outcome">Knock') == 2
    assert match_page(client, cast.match).count('<span class="hand-number">') == 2
    undo_last_hand(game.pk, actor=cast.player_a, expected_number=2)
    assert sheet(client, game).count('<td data-label="Outcome">Knock') == 1
    assert match_page(client, cast.match).count('<span class="hand-number">') == 1


def test_a_hand_corrected_or_flagged_is_on_the_next_visit(client, cast, game):
    hand = record_hand(game.pk, knock(1, points=12), actor=cast.player_a)
    assert '<td class="num" data-label="Points">12</td>' in sheet(client, game)
    assert "<strong>12</strong> points" in match_page(client, cast.match)
    flag_hand(hand.pk, actor=cast.player_b, reason="It was 21")
    assert "“It was 21”" in sheet(client, game)
    correct_hand(hand.pk, knock(1, points=21), actor=cast.organizer, comment="Recounted")
    html = sheet(client, game)
    assert '<td class="num" data-label="Points">21</td>' in html
    assert "<strong>21</strong> points" in match_page(client, cast.match)


def test_a_players_new_name_is_on_the_next_visit(client, cast, game):
    record_hand(game.pk, knock(1), actor=cast.player_a)
    player = cast.match.entry_a.player
    assert player.name in sheet(client, game)
    assert player.name in match_page(client, cast.match)
    rename_player(player, actor=cast.organizer, name="Zelda Newname")
    assert "Zelda Newname" in sheet(client, game)
    assert "Zelda Newname" in match_page(client, cast.match)


def test_each_language_has_its_own_copy(client, cast, game):
    record_hand(game.pk, knock(1), actor=cast.player_a)
    assert "<h2 id=\"hands-h\">Hands</h2>" in sheet(client, game)
    assert '<h2 id="games-h">Games</h2>' in match_page(client, cast.match)
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    assert "<h2 id=\"hands-h\">Hände</h2>" in sheet(client, game, **german)
    assert '<h2 id="games-h">Partien</h2>' in match_page(client, cast.match, **german)
    client.post(reverse("choose-language"), {"language": "es", "next": "/"})
    assert '<h2 id="games-h">Partidas</h2>' in match_page(client, cast.match)


# The match page after each write ------------------------------------------------------------------


def test_a_result_reported_confirmed_and_corrected_is_on_the_next_visit(client, cast):
    match = decided(cast)
    assert "Reported, awaiting confirmation" not in match_page(client, match)
    report_result(match.pk, actor=cast.player_a)
    html = match_page(client, match)
    assert "Reported, awaiting confirmation" in html
    assert "It counts once the other side confirms it." in html  # the report, read
    confirm_result(match.pk, actor=cast.player_b)
    html = match_page(client, match)
    assert '<span class="badge status-confirmed">Confirmed</span>' in html
    assert f"{cast.match.entry_a.player.name} won" in html
    match.refresh_from_db()
    correct_result(match.pk, actor=cast.organizer, winner="B", games_a=0, games_b=1,
                   comment="B won on appeal", expected_confirmed_at=match.confirmed_at,
                   overrides_games=True)
    html = match_page(client, match)
    assert f"{cast.match.entry_b.player.name} won" in html
    assert "B won on appeal" in html


# What each viewer may do --------------------------------------------------------------------------


def test_the_confirm_button_is_the_opponents_alone(client, cast):
    match = decided(cast)
    report_result(match.pk, actor=cast.player_a)
    assert "Confirm the result" not in match_page(client, match)  # a visitor's copy first
    sign_in(client, cast.player_b)
    assert "Confirm the result" in match_page(client, match)
    sign_in(client, cast.player_a)
    assert "Confirm the result" not in match_page(client, match)
    client.logout()
    html = match_page(client, match)
    assert "Confirm the result" not in html
    assert "Sign in</a> to enter games or confirm this result" in html


def test_the_flag_and_edit_links_follow_the_viewer_not_the_cached_copy(client, cast, game):
    for number in range(1, 4):
        record_hand(game.pk, knock(number, points=40), actor=cast.player_a)  # 120: game over
    flag = f'href="{reverse("gameplay:flag-hand", args=[game.pk, 1])}"'
    edit = f'href="{reverse("gameplay:edit-hand", args=[game.pk, 1])}"'
    html = sheet(client, game)
    assert flag not in html and edit not in html
    sign_in(client, cast.player_b)
    html = sheet(client, game)
    assert flag in html and edit not in html
    assert flag in sheet(client, game)  # his own copy, from the cache
    sign_in(client, cast.organizer)
    html = sheet(client, game)
    assert edit in html and flag not in html
    assert edit in match_page(client, cast.match)
    sign_in(client, cast.other_player)
    assert flag not in sheet(client, game) and edit not in sheet(client, game)
    assert edit not in match_page(client, cast.match)
    client.logout()
    assert flag not in sheet(client, game) and edit not in sheet(client, game)


def test_a_message_is_shown_once_even_where_the_page_is_cached(client, cast):
    match = decided(cast)
    match_page(client, match)
    sign_in(client, cast.player_a)
    match_page(client, match)
    response = client.post(reverse("match-report", args=[match.pk]), follow=True)
    assert "Result reported. It counts once your opponent confirms it." in (
        response.content.decode())
    assert "Result reported. It counts" not in match_page(client, match)


def test_the_hand_form_is_never_shared(client, cast, game):
    sign_in(client, cast.player_a)
    first = sheet(client, game)
    second = sheet(client, game)
    assert 'id="hand-form"' in first and 'id="hand-form"' in second
    key = 'name="entry_key" value="'
    assert first.split(key)[1].split('"')[0] != second.split(key)[1].split('"')[0]
    client.logout()
    assert 'id="hand-form"' not in sheet(client, game)
