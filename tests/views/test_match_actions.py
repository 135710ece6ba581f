"""The match page's actions for each role: the reporting player, the opponent, another player of
the club, the club's organizer, another club's organizer, and an anonymous visitor. An action
is done, or refused with the service's reason and nothing changed."""

import pytest
from django.urls import reverse

from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import confirm_result, dispute_result, report_result
from league.games.models import Game
from tests.factories import finished_game

from .conftest import sign_in

pytestmark = pytest.mark.django_db

ONLY_PLAYERS_OR_ORGANIZER = "Only the two players of this match or an organizer of the club may do this."
ONLY_PLAYERS_MAY_REPORT = "Only the two players of this match or an organizer may report its result."
ONLY_OPPONENT_CONFIRMS = "Only the opponent of the player who reported may confirm this result."
ONLY_OPPONENT_DISPUTES = "Only the opponent of the player who reported may dispute this result."
ONLY_ORGANIZER_RESOLVES = "Only an organizer of the club may resolve a dispute."
ONLY_ORGANIZER_CORRECTS = "Only an organizer of the club may correct a confirmed result."
OWN_REPORT = "You reported this result: your opponent must confirm it."


def snapshot(match: Match) -> tuple:
    """Everything an action could change."""
    match.refresh_from_db()
    return (
        match.status, match.winner_id, match.games_a, match.games_b, match.kind,
        list(ResultReport.objects.filter(match=match).values_list("status", "comment")),
        AuditEntry.objects.filter(match=match).count(),
        Game.objects.filter(match=match).count(),
    )


def decided(cast) -> Match:
    """Game 1 is won by A: a first-to-one match is decided and can be reported."""
    match = cast.match
    match.status = Match.Status.IN_PROGRESS
    match.save()
    finished_game(match, 1, "A")
    return match


def reported(cast) -> Match:
    match = decided(cast)
    report_result(match.pk, actor=cast.player_a)
    return match


def disputed(cast) -> Match:
    match = reported(cast)
    dispute_result(match.pk, actor=cast.player_b, comment="Game 1 was mine")
    return match


def confirmed(cast) -> Match:
    match = reported(cast)
    confirm_result(match.pk, actor=cast.player_b)
    return match


def post(client, name, match, data=None, **headers):
    return client.post(reverse(name, args=[match.pk]), data or {}, **headers)


def assert_refused(response, message, status=403):
    assert response.status_code == status
    assert message in response.content.decode()


def assert_sent_to_sign_in(response, match):
    assert response.status_code == 302
    assert response.headers["Location"].startswith(reverse("login"))
    assert reverse("match", args=[match.pk]) in response.headers["Location"].replace("%2F", "/")


# Start a game -----------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["player_a", "player_b", "organizer"])
def test_a_player_or_the_organizer_starts_a_game(client, cast, role):
    sign_in(client, cast.role(role))
    response = post(client, "match-start-game", cast.match)
    game = Game.objects.get(match=cast.match)
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("gameplay:scoresheet", args=[game.pk])


@pytest.mark.parametrize("role", ["other_player", "other_organizer"])
def test_a_stranger_cannot_start_a_game(client, cast, role):
    before = snapshot(cast.match)
    sign_in(client, cast.role(role))
    assert_refused(post(client, "match-start-game", cast.match), ONLY_PLAYERS_OR_ORGANIZER)
    assert snapshot(cast.match) == before


def test_an_anonymous_visitor_is_sent_to_sign_in_and_nothing_starts(client, cast):
    before = snapshot(cast.match)
    assert_sent_to_sign_in(post(client, "match-start-game", cast.match), cast.match)
    assert snapshot(cast.match) == before


def test_starting_a_second_game_while_one_is_open_is_refused(client, cast):
    sign_in(client, cast.player_a)
    post(client, "match-start-game", cast.match)
    before = snapshot(cast.match)
    response = post(client, "match-start-game", cast.match)
    assert_refused(response, "Finish the game in progress before starting another.", 422)
    assert snapshot(cast.match) == before


def test_an_htmx_start_is_told_to_load_the_scoresheet(client, cast):
    sign_in(client, cast.player_a)
    response = post(client, "match-start-game", cast.match, HTTP_HX_REQUEST="true")
    game = Game.objects.get(match=cast.match)
    assert response.headers["HX-Redirect"] == reverse("gameplay:scoresheet", args=[game.pk])


def test_a_game_is_only_offered_as_a_start_when_none_is_open(client, cast):
    sign_in(client, cast.player_a)
    post(client, "match-start-game", cast.match)
    html = client.get(reverse("match", args=[cast.match.pk])).content.decode()
    assert reverse("match-start-game", args=[cast.match.pk]) not in html
    assert "Go to game 1" in html


# Report -----------------------------------------------------------------------------------------


def test_the_organizer_records_the_decided_result_and_it_counts_at_once(client, cast):
    match = decided(cast)
    sign_in(client, cast.organizer)
    response = post(client, "match-report", match)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert "it counts at once" in client.get(response.headers["Location"]).content.decode()


@pytest.mark.parametrize("role", ["player_a", "player_b"])
def test_a_player_reports_the_decided_result(client, cast, role):
    match = decided(cast)
    sign_in(client, cast.role(role))
    response = post(client, "match-report", match)
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("match", args=[match.pk])
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED
    assert "It counts once your opponent confirms it" in client.get(response.headers["Location"]).content.decode()


@pytest.mark.parametrize("role", ["other_player", "other_organizer"])
def test_a_stranger_cannot_report(client, cast, role):
    match = decided(cast)
    before = snapshot(match)
    sign_in(client, cast.role(role))
    assert_refused(post(client, "match-report", match), ONLY_PLAYERS_MAY_REPORT)
    assert snapshot(match) == before


def test_an_anonymous_report_is_sent_to_sign_in(client, cast):
    match = decided(cast)
    before = snapshot(match)
    assert_sent_to_sign_in(post(client, "match-report", match), match)
    assert snapshot(match) == before


def test_reporting_before_the_games_decide_is_refused_with_the_reason(client, cast):
    sign_in(client, cast.player_a)
    before = snapshot(cast.match)
    response = post(client, "match-report", cast.match)
    assert_refused(response, "The games have not decided the match yet: finish them first.", 422)
    assert snapshot(cast.match) == before


def test_an_htmx_report_gets_the_updated_partial(client, cast):
    match = decided(cast)
    sign_in(client, cast.player_a)
    response = post(client, "match-report", match, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="match-body"' in html
    assert "<html" not in html
    assert "Reported, awaiting confirmation" in html


def test_an_htmx_refusal_gets_the_partial_with_the_reason(client, cast):
    match = decided(cast)
    sign_in(client, cast.other_player)
    response = post(client, "match-report", match, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 403
    assert "<html" not in html
    assert ONLY_PLAYERS_MAY_REPORT in html


# Confirm ----------------------------------------------------------------------------------------


def test_the_opponent_confirms(client, cast):
    match = reported(cast)
    sign_in(client, cast.player_b)
    response = post(client, "match-confirm", match)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert match.winner == match.entry_a


@pytest.mark.parametrize(
    ("role", "message"),
    [
        ("player_a", OWN_REPORT),
        ("other_player", ONLY_OPPONENT_CONFIRMS),
        ("organizer", ONLY_OPPONENT_CONFIRMS),
        ("other_organizer", ONLY_OPPONENT_CONFIRMS),
    ],
)
def test_only_the_opponent_may_confirm(client, cast, role, message):
    match = reported(cast)
    before = snapshot(match)
    sign_in(client, cast.role(role))
    assert_refused(post(client, "match-confirm", match), message)
    assert snapshot(match) == before


def test_an_anonymous_confirmation_is_sent_to_sign_in(client, cast):
    match = reported(cast)
    before = snapshot(match)
    assert_sent_to_sign_in(post(client, "match-confirm", match), match)
    assert snapshot(match) == before


def test_confirm_and_dispute_are_offered_to_the_opponent_only(client, cast):
    match = reported(cast)
    confirm_url = reverse("match-confirm", args=[match.pk])
    sign_in(client, cast.player_b)
    assert confirm_url in client.get(reverse("match", args=[match.pk])).content.decode()
    client.logout()
    sign_in(client, cast.player_a)
    assert confirm_url not in client.get(reverse("match", args=[match.pk])).content.decode()


def test_an_htmx_confirmation_gets_the_updated_partial(client, cast):
    match = reported(cast)
    sign_in(client, cast.player_b)
    response = post(client, "match-confirm", match, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'id="match-body"' in html and "<html" not in html
    assert "Result confirmed" in html


# Dispute ----------------------------------------------------------------------------------------


def test_the_opponent_disputes_with_a_comment(client, cast):
    match = reported(cast)
    sign_in(client, cast.player_b)
    response = post(client, "match-dispute", match, {"dispute-comment": "I won game 1"})
    assert response.status_code == 302
    report = ResultReport.objects.get(match=match)
    assert (report.status, report.comment) == (ResultReport.Status.DISPUTED, "I won game 1")


def test_a_dispute_without_a_comment_is_refused_next_to_the_comment(client, cast):
    match = reported(cast)
    before = snapshot(match)
    sign_in(client, cast.player_b)
    response = post(client, "match-dispute", match, {"dispute-comment": "   "})
    html = response.content.decode()
    assert response.status_code == 422
    comment_field = html.index('name="dispute-comment"')
    reason = html.index("Say what is wrong with the result, for the organizer.")
    assert 0 < reason - comment_field < 400  # the reason follows the field it is about
    assert snapshot(match) == before


@pytest.mark.parametrize("role", ["player_a", "other_player", "organizer", "other_organizer"])
def test_only_the_opponent_may_dispute(client, cast, role):
    match = reported(cast)
    before = snapshot(match)
    sign_in(client, cast.role(role))
    response = post(client, "match-dispute", match, {"dispute-comment": "Not so"})
    assert_refused(response, ONLY_OPPONENT_DISPUTES)
    assert snapshot(match) == before


def test_an_anonymous_dispute_is_sent_to_sign_in(client, cast):
    match = reported(cast)
    before = snapshot(match)
    assert_sent_to_sign_in(post(client, "match-dispute", match, {"dispute-comment": "x"}), match)
    assert snapshot(match) == before


# Resolve ----------------------------------------------------------------------------------------


def test_the_organizer_upholds_a_dispute(client, cast):
    match = disputed(cast)
    sign_in(client, cast.organizer)
    response = post(client, "match-resolve", match,
                    {"resolve-decision": "uphold", "resolve-comment": "Scoresheet checked"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert AuditEntry.objects.filter(match=match, action="dispute upheld",
                                     comment="Scoresheet checked").exists()


def test_the_organizer_rejects_a_dispute_and_the_games_reopen(client, cast):
    match = disputed(cast)
    sign_in(client, cast.organizer)
    post(client, "match-resolve", match, {"resolve-decision": "reject", "resolve-comment": ""})
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert ResultReport.objects.get(match=match).status == ResultReport.Status.REJECTED


@pytest.mark.parametrize("role", ["player_a", "player_b", "other_player", "other_organizer"])
def test_only_the_clubs_organizer_may_resolve(client, cast, role):
    match = disputed(cast)
    before = snapshot(match)
    sign_in(client, cast.role(role))
    response = post(client, "match-resolve", match, {"resolve-decision": "uphold"})
    assert_refused(response, ONLY_ORGANIZER_RESOLVES)
    assert snapshot(match) == before


def test_an_anonymous_resolution_is_sent_to_sign_in(client, cast):
    match = disputed(cast)
    before = snapshot(match)
    assert_sent_to_sign_in(post(client, "match-resolve", match, {"resolve-decision": "uphold"}), match)
    assert snapshot(match) == before


def test_a_resolution_without_a_decision_keeps_the_comment(client, cast):
    match = disputed(cast)
    before = snapshot(match)
    sign_in(client, cast.organizer)
    response = post(client, "match-resolve", match, {"resolve-comment": "Phoned both players"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "Phoned both players" in html
    assert "This field is required." in html
    assert snapshot(match) == before


def test_the_resolve_form_is_shown_to_the_organizer_only(client, cast):
    match = disputed(cast)
    url = reverse("match-resolve", args=[match.pk])
    sign_in(client, cast.organizer)
    assert url in client.get(reverse("match", args=[match.pk])).content.decode()
    client.logout()
    sign_in(client, cast.other_organizer)
    assert url not in client.get(reverse("match", args=[match.pk])).content.decode()


# Correct ----------------------------------------------------------------------------------------


def correction(winner="B", games_a="0", games_b="1", kind="played", comment="Wrong winner"):
    return {"correct-winner": winner, "correct-games_a": games_a, "correct-games_b": games_b,
            "correct-kind": kind, "correct-comment": comment,
            "correct-overrides_games": "on"}  # game 1 says A won: B as winner overrides it


def test_the_organizer_corrects_a_confirmed_result_and_the_history_keeps_both(client, cast):
    match = confirmed(cast)
    sign_in(client, cast.organizer)
    response = post(client, "match-correct", match, correction())
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.winner, match.games_a, match.games_b) == (match.entry_b, 0, 1)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    name_a, name_b = match.entry_a.player.name, match.entry_b.player.name
    assert f"winner {name_a}, games 1–0, played, confirmed" in html
    assert f"winner {name_b}, games 0–1, played, overrides the games, confirmed" in html
    assert "Wrong winner" in html


def test_a_correction_without_a_reason_is_refused_and_keeps_what_was_typed(client, cast):
    match = confirmed(cast)
    before = snapshot(match)
    sign_in(client, cast.organizer)
    response = post(client, "match-correct", match, correction(games_a="3", games_b="7", comment=""))
    html = response.content.decode()
    assert response.status_code == 422
    assert "Say why the result is corrected (it is kept in the history)." in html
    assert 'name="correct-games_a" value="3"' in html
    assert 'name="correct-games_b" value="7"' in html
    assert snapshot(match) == before


def test_a_correction_with_games_that_are_not_numbers_is_refused(client, cast):
    match = confirmed(cast)
    before = snapshot(match)
    sign_in(client, cast.organizer)
    response = post(client, "match-correct", match, correction(games_a="two"))
    assert response.status_code == 422
    assert 'value="two"' in response.content.decode()
    assert snapshot(match) == before


def test_a_correction_takes_games_won_from_0_to_99_as_its_field_says(client, cast):
    match = confirmed(cast)
    before = snapshot(match)
    sign_in(client, cast.organizer)
    response = post(client, "match-correct", match, correction(games_a="100"))
    html = response.content.decode()
    assert response.status_code == 422
    assert 'name="correct-games_a" value="100"' in html and 'max="99"' in html
    assert "Ensure this value is less than or equal to 99." in html
    assert snapshot(match) == before


@pytest.mark.parametrize("role", ["player_a", "player_b", "other_player", "other_organizer"])
def test_only_the_clubs_organizer_may_correct(client, cast, role):
    match = confirmed(cast)
    before = snapshot(match)
    sign_in(client, cast.role(role))
    assert_refused(post(client, "match-correct", match, correction()), ONLY_ORGANIZER_CORRECTS)
    assert snapshot(match) == before


def test_an_anonymous_correction_is_sent_to_sign_in(client, cast):
    match = confirmed(cast)
    before = snapshot(match)
    assert_sent_to_sign_in(post(client, "match-correct", match, correction()), match)
    assert snapshot(match) == before


def test_the_correct_form_starts_from_the_confirmed_result(client, cast):
    match = confirmed(cast)
    sign_in(client, cast.organizer)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'name="correct-games_a" value="1"' in html
    assert 'value="A" id="id_correct-winner_0" required checked' in html
    assert 'value="B" id="id_correct-winner_1" required>' in html


# Every action -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["match-start-game", "match-report", "match-confirm", "match-dispute",
             "match-resolve", "match-correct"],
)
def test_actions_are_posts_only(client, cast, name):
    sign_in(client, cast.player_a)
    assert client.get(reverse(name, args=[cast.match.pk])).status_code == 405


def test_an_action_without_the_csrf_token_is_refused(cast):
    from django.test import Client

    match = decided(cast)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(cast.player_a)
    assert post(strict, "match-report", match).status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
