"""An action taken from a page that shows what has changed since is refused, not applied over the
change: two organizers correcting the same hand, or an opponent confirming a result that a hand
correction changed after his page was shown. The user is told, and the page shows what is now."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import report_result
from league.games.models import Hand

from .test_hand_pages import disputed, edit_url, played

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seen_on(page) -> str:
    """The version the page's form carries ("" from a page that carries none)."""
    found = re.search(r'name="seen" value="([^"]*)"', page.content.decode())
    return found.group(1) if found else ""


def correction(page, **facts) -> dict:
    return {"expected_number": "2", "seen": seen_on(page), "outcome": "knock", **facts}


def test_the_second_of_two_organizers_correcting_the_same_hand_is_refused_and_shown_the_hand(
    cast,
):
    game = played(cast)
    report_result(cast.match.pk, actor=cast.player_a)
    first, second = signed_in(cast.organizer), signed_in(cast.organizer)
    page_first, page_second = first.get(edit_url(game, 2)), second.get(edit_url(game, 2))
    done = first.post(edit_url(game, 2), correction(
        page_first, winner="A", points="55", comment="A's knock was 55"))
    assert done.status_code == 302
    refused = second.post(edit_url(game, 2), correction(
        page_second, winner="A", points="70", comment="A's knock was 70"))
    assert refused.status_code == 422
    assert "Someone else corrected hand 2" in refused.content.decode()
    assert refused.context["form"]["points"].value() == 55  # the hand as it is now
    assert Hand.objects.get(game=game, number=2).points == 55
    assert AuditEntry.objects.filter(match=cast.match,
                                     action=AuditEntry.Action.HAND_CORRECTED).count() == 1


def test_a_confirmation_from_a_page_showing_a_result_a_hand_correction_changed_is_refused(cast):
    game = played(cast)  # A wins the game, so the match
    report_result(cast.match.pk, actor=cast.player_a)
    opponent = signed_in(cast.player_b)
    old_page = opponent.get(reverse("match", args=[cast.match.pk]))
    organizer = signed_in(cast.organizer)
    flipped = organizer.post(edit_url(game, 2), correction(
        organizer.get(edit_url(game, 2)), winner="B", outcome="gin", points="90",
        comment="B's gin at hand 2"))
    assert flipped.status_code == 302
    report = ResultReport.objects.get(match=cast.match, status=ResultReport.Status.PENDING)
    assert report.winner == cast.match.entry_b  # the pending report now says B won

    refused = opponent.post(reverse("match-confirm", args=[cast.match.pk]),
                            {"seen": seen_on(old_page)})
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "The result changed since your page showed it" in html
    assert f"it is now {cast.match.entry_b.player.name} wins" in html
    cast.match.refresh_from_db()
    assert cast.match.status == Match.Status.REPORTED

    confirmed = opponent.post(reverse("match-confirm", args=[cast.match.pk]),
                              {"seen": seen_on(refused)})  # from the page showing it now
    assert confirmed.status_code == 302
    cast.match.refresh_from_db()
    assert (cast.match.status, cast.match.winner) == (Match.Status.CONFIRMED, cast.match.entry_b)


def test_upholding_a_dispute_from_a_page_showing_a_result_a_hand_correction_changed_is_refused(
    cast,
):
    game = disputed(cast)  # A's win, disputed by B
    deciding = signed_in(cast.organizer)
    old_page = deciding.get(reverse("match", args=[cast.match.pk]))
    correcting = signed_in(cast.organizer)
    flipped = correcting.post(edit_url(game, 2), correction(
        correcting.get(edit_url(game, 2)), winner="B", outcome="gin", points="90",
        comment="B's gin at hand 2"))
    assert flipped.status_code == 302

    refused = deciding.post(reverse("match-resolve", args=[cast.match.pk]), {
        "seen": seen_on(old_page), "resolve-decision": "uphold", "resolve-comment": "As reported"})
    assert refused.status_code == 422
    assert "The result changed since your page showed it" in refused.content.decode()
    cast.match.refresh_from_db()
    assert cast.match.status == Match.Status.DISPUTED
