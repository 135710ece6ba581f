"""The sentences of the notifications: a user's comment is quoted without doubling its end
punctuation, a name ending a sentence takes no second full stop, and every time is written one
way, in the club's zone, named."""

from datetime import UTC, date, datetime

import pytest

from league.competitions.results.services import (
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
)
from league.games.models import Game
from league.notifications.models import Kind, Notification
from league.notifications.wording import in_zone, quoted, stop

from .conftest import Club

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(django_capture_on_commit_callbacks):
    return Club(lambda: django_capture_on_commit_callbacks(execute=True))


def text_to(user, kind) -> str:
    [notice] = Notification.objects.filter(user=user, kind=kind)
    return notice.text


def disputed(club: Club, comment: str) -> None:
    club.report()
    with club.commit():
        dispute_result(club.match.pk, actor=club.b, comment=comment)


def test_a_dispute_comment_ending_with_a_full_stop_is_quoted_without_a_second(club):
    disputed(club, "The score is wrong.")
    to_reporter = text_to(club.a, Kind.RESULT_DISPUTED)
    to_organizer = text_to(club.organizer, Kind.DISPUTE_TO_DECIDE)
    assert to_reporter.endswith("was disputed: “The score is wrong.” An organizer will decide.")
    assert to_organizer.endswith("waits for your decision: “The score is wrong.”")
    for text in (to_reporter, to_organizer):
        assert ".”." not in text and ".." not in text


def test_a_dispute_comment_without_end_punctuation_is_followed_by_the_sentences_stop(club):
    disputed(club, "  I won the second hand ")
    assert text_to(club.a, Kind.RESULT_DISPUTED).endswith(
        "was disputed: “I won the second hand”. An organizer will decide.")
    assert text_to(club.organizer, Kind.DISPUTE_TO_DECIDE).endswith(
        "waits for your decision: “I won the second hand”.")


@pytest.mark.parametrize("comment", ["Scored wrongly!", "Was it scored wrongly?", "Scored…"])
def test_a_dispute_comment_keeps_its_own_end_punctuation(club, comment):
    disputed(club, comment)
    assert f"“{comment}” An organizer will decide." in text_to(club.a, Kind.RESULT_DISPUTED)


@pytest.mark.parametrize(("comment", "why"), [
    ("Scored wrongly.", "Why: “Scored wrongly.”"),
    ("Scored wrongly", "Why: “Scored wrongly”."),
])
def test_the_reason_of_a_correction_is_quoted_as_the_end_of_its_sentence(club, comment, why):
    club.report()
    with club.commit():
        confirm_result(club.match.pk, actor=club.b)
    with club.commit():
        correct_result(club.match.pk, actor=club.organizer, winner="B", games_a=0, games_b=1,
                       comment=comment, overrides_games=True)
    text = text_to(club.a, Kind.RESULT_CORRECTED)
    assert text.endswith(f": now 0–1. {why}")


def test_a_name_ending_a_sentence_with_a_full_stop_takes_no_second():
    assert stop("Riverside Gin Club Ltd.") == "Riverside Gin Club Ltd."
    assert stop("Riverside Gin Club") == "Riverside Gin Club."
    assert quoted("No!") == "“No!”"


class Zoned:
    def __init__(self, time_zone: str):
        self.time_zone = time_zone


def test_a_moment_is_written_in_the_clubs_zone_with_the_zone_named():
    moment = datetime(2026, 12, 2, 8, 22, tzinfo=UTC)
    assert in_zone(moment, Zoned("Europe/London")) == "Wed 2 Dec 2026, 08:22 (Europe/London)"
    # The day in the club's zone, not the server's: already Thursday in Sydney.
    assert in_zone(datetime(2026, 12, 2, 20, 5, tzinfo=UTC), Zoned("Australia/Sydney")) == (
        "Thu 3 Dec 2026, 07:05 (Australia/Sydney)")


def test_a_date_is_written_as_its_day_without_a_padded_number():
    assert in_zone(date(2026, 12, 6), Zoned("Europe/London")) == "Sun 6 Dec 2026"


def test_a_reported_result_gives_the_winners_games_first_whichever_seat_they_had(club):
    Game.objects.filter(match=club.match).update(winner="B", total_a=40, total_b=120)
    with club.commit():
        report_result(club.match.pk, actor=club.b)
    name_b = club.match.entry_b.player.name
    text = text_to(club.a, Kind.RESULT_TO_CONFIRM)
    assert f"was reported: {name_b} won 1–0. Confirm or dispute it by " in text
