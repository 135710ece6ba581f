"""A correction made from a page showing an older result is refused, and changes nothing
(the guard behind tests/reliability/test_races.py's two organizers, without threads, and
through the match page's correction form)."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.competitions.models import AuditEntry, Match
from league.competitions.results.services import confirm_result, correct_result, report_result
from league.core.errors import ServiceError
from league.games.models import Game
from tests.factories import MatchFactory, UserFactory, game_played

pytestmark = pytest.mark.django_db


@pytest.fixture
def confirmed():
    match = MatchFactory(status=Match.Status.IN_PROGRESS)
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner="A", total_a=110, total_b=30)
    report_result(match.pk, actor=match.entry_a.player.user)
    confirm_result(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    organizer = UserFactory()
    match.competition.season.club.organizers.add(organizer)
    return match, organizer


def test_a_correction_of_the_result_as_it_stands_is_applied(confirmed):
    match, organizer = confirmed
    correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                   comment="Scores swapped.", expected_confirmed_at=match.confirmed_at, overrides_games=True)
    match.refresh_from_db()
    assert match.winner_id == match.entry_b_id


def test_a_correction_of_a_result_changed_since_is_refused_and_changes_nothing(confirmed):
    match, organizer = confirmed
    seen = match.confirmed_at - timedelta(seconds=3)  # the page was opened before a change
    with pytest.raises(ServiceError, match="Someone else changed this result"):
        correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                       comment="Scores swapped.", expected_confirmed_at=seen, overrides_games=True)
    match.refresh_from_db()
    assert (match.winner_id, match.games_a, match.games_b) == (match.entry_a_id, 1, 0)
    assert not AuditEntry.objects.filter(match=match, action="corrected").exists()
    assert list(match.reports.values_list("status", flat=True)) == ["confirmed"]


SEEN = re.compile(r'name="correct-seen" value="([^"]*)"')


def correction(seen: str, winner: str = "B") -> dict:
    games = ("0", "1") if winner == "B" else ("1", "0")
    return {"correct-winner": winner, "correct-games_a": games[0], "correct-games_b": games[1],
            "correct-kind": "played", "correct-comment": "Scores swapped.", "correct-seen": seen,
            "correct-overrides_games": "on"}


def test_the_page_refuses_a_correction_of_a_result_another_organizer_corrected_meanwhile(
    client, confirmed,
):
    match, organizer = confirmed
    client.force_login(organizer)
    seen = SEEN.search(client.get(reverse("match", args=[match.pk])).content.decode()).group(1)
    colleague = UserFactory()
    match.competition.season.club.organizers.add(colleague)
    correct_result(match.pk, actor=colleague, winner="B", games_a=0, games_b=1,
                   comment="B won game 1.", expected_confirmed_at=match.confirmed_at, overrides_games=True)
    match.refresh_from_db()
    before = (match.winner_id, match.kind, match.reports.count())

    response = client.post(reverse("match-correct", args=[match.pk]), correction(seen, "A"))
    assert response.status_code == 422
    assert "Someone else changed this result" in response.content.decode()
    match.refresh_from_db()
    assert (match.winner_id, match.kind, match.reports.count()) == before


def test_the_page_applies_a_correction_of_the_result_it_showed(client, confirmed):
    match, organizer = confirmed
    client.force_login(organizer)
    seen = SEEN.search(client.get(reverse("match", args=[match.pk])).content.decode()).group(1)
    response = client.post(reverse("match-correct", args=[match.pk]), correction(seen))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.winner_id == match.entry_b_id
