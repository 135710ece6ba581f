"""The pages of one hand: an organizer corrects any hand of a game from its scoresheet (the form
prefilled with the hand), a player flags an earlier hand as wrong, and the organizer clears the
flag by correcting the hand or dismissing it."""

import pytest
from django.urls import reverse

from league.competitions.models import AuditEntry
from league.competitions.results.services import dispute_result, report_result
from league.games.models import Hand, HandFlag
from league.games.services import HandEntry, record_hand, start_game

pytestmark = pytest.mark.django_db

# A reaches 110 at hand 4; hand 2 (A's knock for 50) is the one in question.
HANDS = [("B", 20), ("A", 50), ("B", 10), ("A", 60)]


def played(cast):
    game = start_game(cast.match.pk, actor=cast.player_a)
    for number, (winner, points) in enumerate(HANDS, start=1):
        record_hand(game.pk, HandEntry("knock", winner, points, expected_number=number),
                    actor=cast.player_a)
    return game


def disputed(cast):
    game = played(cast)
    report_result(cast.match.pk, actor=cast.player_a)
    dispute_result(cast.match.pk, actor=cast.player_b, comment="Hand 2 was 15, not 50")
    return game


def signed_in(client, user):
    client.force_login(user)
    return client


def edit_url(game, number):
    return reverse("gameplay:edit-hand", args=[game.pk, number])


def test_the_scoresheet_offers_an_organizer_an_edit_for_every_hand(client, cast):
    game = disputed(cast)
    page = signed_in(client, cast.organizer).get(reverse("gameplay:scoresheet", args=[game.pk]))
    for number in range(1, 5):
        assert edit_url(game, number) in page.content.decode()


def test_the_match_page_links_each_hand_to_its_correction(client, cast):
    game = disputed(cast)
    page = signed_in(client, cast.organizer).get(reverse("match", args=[cast.match.pk]))
    assert edit_url(game, 2) in page.content.decode()


def test_a_player_is_offered_no_edit_but_a_flag(client, cast):
    game = disputed(cast)
    page = signed_in(client, cast.player_b).get(reverse("gameplay:scoresheet", args=[game.pk]))
    html = page.content.decode()
    assert edit_url(game, 2) not in html
    assert reverse("gameplay:flag-hand", args=[game.pk, 2]) in html


def test_the_correction_form_is_prefilled_with_the_hand(client, cast):
    game = disputed(cast)
    page = signed_in(client, cast.organizer).get(edit_url(game, 2))
    form = page.context["form"]
    assert (form["winner"].value(), form["outcome"].value(), form["points"].value()) == (
        "A", "knock", 50)


def test_correcting_hand_2_rescores_the_game_and_the_disputed_report(client, cast):
    game = disputed(cast)
    response = signed_in(client, cast.organizer).post(edit_url(game, 2), {
        "expected_number": "2", "winner": "B", "outcome": "gin", "points": "90",
        "comment": "B's gin, both players agree"})
    assert response.status_code == 302
    game.refresh_from_db()
    # B reaches 110 at hand 2: hands 3 and 4 could not have been played.
    assert (game.winner, game.total_a, game.total_b) == ("B", 0, 110)
    assert list(game.hands.values_list("number", flat=True)) == [1, 2]
    report = cast.match.reports.get(status="disputed")
    assert report.winner_id == cast.match.entry_b_id


def test_a_correction_that_leaves_the_game_unfinished_is_refused_in_the_form(client, cast):
    game = disputed(cast)
    response = signed_in(client, cast.organizer).post(edit_url(game, 4), {
        "expected_number": "4", "winner": "A", "outcome": "knock", "points": "5",
        "comment": "It was 5"})
    assert response.status_code == 422
    assert "nobody reaches 100" in response.content.decode()
    assert Hand.objects.get(game=game, number=4).points == 60


def test_the_history_shows_the_hand_before_and_after(client, cast):
    game = disputed(cast)
    organizer = signed_in(client, cast.organizer)
    response = organizer.post(edit_url(game, 1), {
        "expected_number": "1", "winner": "A", "outcome": "knock", "points": "20",
        "comment": "Hand 1 was A's"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (130, 10)
    entry = AuditEntry.objects.get(match=cast.match, action=AuditEntry.Action.HAND_CORRECTED)
    assert entry.before["hand"]["winner"] == "B" and entry.after["hand"]["winner"] == "A"
    page = organizer.get(reverse("match", args=[cast.match.pk])).content.decode()
    assert "B knock, 20 points" in page and "A knock, 20 points" in page
    assert "Hand 1 of game 1: Hand 1 was A&#x27;s" in page


def test_a_player_may_not_open_the_correction_page(client, cast):
    game = disputed(cast)
    response = signed_in(client, cast.player_a).get(edit_url(game, 2))
    assert response.status_code == 403


def test_a_flagged_hand_reaches_the_organizers_disputes_and_the_scoresheet(client, cast):
    game = played(cast)
    player = signed_in(client, cast.player_b)
    response = player.post(reverse("gameplay:flag-hand", args=[game.pk, 2]),
                           {"reason": "15 points, not 50: my knock"})
    assert response.status_code == 302
    flag = HandFlag.objects.get(hand__game=game, hand__number=2)
    assert flag.is_open and flag.raised_by == cast.player_b
    sheet = player.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert "15 points, not 50: my knock" in sheet
    client.force_login(cast.organizer)
    club = cast.match.competition.season.club
    dashboard = client.get(reverse("organizer-club", args=[club.slug])).content.decode()
    assert "15 points, not 50: my knock" in dashboard and edit_url(game, 2) in dashboard


def test_a_flag_without_a_reason_is_refused(client, cast):
    game = played(cast)
    response = signed_in(client, cast.player_b).post(
        reverse("gameplay:flag-hand", args=[game.pk, 2]), {"reason": "  "})
    assert response.status_code == 422
    assert not HandFlag.objects.exists()


def test_correcting_the_flagged_hand_clears_the_flag(client, cast):
    game = played(cast)
    signed_in(client, cast.player_b).post(reverse("gameplay:flag-hand", args=[game.pk, 1]),
                                          {"reason": "It was 25"})
    client.force_login(cast.organizer)
    response = client.post(edit_url(game, 1), {
        "expected_number": "1", "winner": "B", "outcome": "knock", "points": "25",
        "comment": "Counted again: 25"})
    assert response.status_code == 302
    flag = HandFlag.objects.get()
    assert flag.cleared == HandFlag.Cleared.CORRECTED and flag.cleared_by == cast.organizer
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (110, 35)


def test_dismissing_a_flag_keeps_the_hand_and_says_why(client, cast):
    game = played(cast)
    signed_in(client, cast.player_b).post(reverse("gameplay:flag-hand", args=[game.pk, 2]),
                                          {"reason": "Not 50"})
    flag = HandFlag.objects.get()
    client.force_login(cast.organizer)
    response = client.post(reverse("gameplay:dismiss-flag", args=[flag.pk]),
                           {f"flag{flag.pk}-comment": "Both hands counted again: 50"})
    assert response.status_code == 302
    flag.refresh_from_db()
    assert flag.cleared == HandFlag.Cleared.DISMISSED
    assert Hand.objects.get(game=game, number=2).points == 50
    assert AuditEntry.objects.filter(match=cast.match,
                                     action=AuditEntry.Action.FLAG_DISMISSED).exists()


def test_a_player_may_not_dismiss_a_flag(client, cast):
    game = played(cast)
    signed_in(client, cast.player_b).post(reverse("gameplay:flag-hand", args=[game.pk, 2]),
                                          {"reason": "Not 50"})
    flag = HandFlag.objects.get()
    response = client.post(reverse("gameplay:dismiss-flag", args=[flag.pk]),
                           {f"flag{flag.pk}-comment": "I changed my mind"})
    assert response.status_code == 403
    flag.refresh_from_db()
    assert flag.is_open
