"""An organizer who plays in a match never decides it: each organizer's action on his own
match is refused with the reason, and changes nothing; another organizer of the club may still
take it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from gameplay.assistant import advise, questions
from league.competitions.base.selectors import side_names
from league.competitions.formats.decide import keep_match
from league.competitions.models import AuditEntry, Match
from league.competitions.results.forfeits import record_forfeit
from league.competitions.results.services import (
    confirm_result,
    correct_result,
    report_result,
)
from league.competitions.schedule.services import extend_match, set_match_time
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.corrections import correct_hand
from league.games.services.flags import dismiss_flag, flag_hand
from league.games.services.paper import enter_game_totals
from league.games.services.rulings import record_ruling
from tests.factories import MatchFactory, UserFactory, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def match() -> Match:
    """Scheduled; its first player organizes the club, and so does someone who does not play."""
    match = MatchFactory()
    club = match.competition.season.club
    club.organizers.add(match.entry_a.player.user, UserFactory(username="other-organizer"))
    return match


def playing(match: Match):
    return match.entry_a.player.user


def other(match: Match):
    return match.competition.season.club.organizers.get(username="other-organizer")


def confirmed_loss(match: Match) -> Match:
    """The playing organizer lost 0-1, reported by the winner and confirmed by him."""
    finished_game(match, 1, "B")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    report_result(match.pk, actor=match.entry_b.player.user)
    return confirm_result(match.pk, actor=playing(match))


def a_hand(match: Match) -> Hand:
    game = start_game(match.pk, actor=match.entry_b.player.user)
    return record_hand(game.pk, HandEntry(outcome="knock", winner="B", points=12,
                                          expected_number=1), actor=match.entry_b.player.user)


def correct(match: Match, actor) -> None:
    seen = confirmed_loss(match).confirmed_at
    correct_result(match.pk, actor=actor, winner="A", games_a=1, games_b=0, comment="Swapped.",
                   expected_confirmed_at=seen, overrides_games=True)


def forfeit(match: Match, actor) -> None:
    record_forfeit(match.pk, actor=actor, absent="B", kind=Match.Kind.NO_SHOW)


def correct_a_hand(match: Match, actor) -> None:
    hand = a_hand(match)
    correct_hand(hand.pk, HandEntry(outcome="knock", winner="A", points=12), actor=actor,
                 comment="It was mine.")


def from_paper(match: Match, actor) -> None:
    enter_game_totals(match.pk, actor=actor, total_a=110, total_b=40, hands=5)


def set_time(match: Match, actor) -> None:
    set_match_time(match.pk, actor=actor, at=timezone.now() + timedelta(days=2))


def extend(match: Match, actor) -> None:
    extend_match(match.pk, actor=actor, play_by=timezone.localdate() + timedelta(days=30))


def dismiss(match: Match, actor) -> None:
    hand = a_hand(match)
    flag = flag_hand(hand.pk, actor=match.entry_b.player.user, reason="Count it again.")
    dismiss_flag(flag.pk, actor=actor, comment="It stands.")


def rule(match: Match, actor) -> None:
    start_game(match.pk, actor=match.entry_b.player.user)
    key, given = "looking_through_discards", {"agreed": "no", "offender": "B"}
    answers = {ask.field: given.get(ask.field, "") for ask in questions(key)}
    record_ruling(match.pk, actor=actor, game_number=1, hand_number=1,
                  advice=advise(key, answers, side_names(match)), answers=answers)


def decide(match: Match, actor) -> None:
    keep_match(match.pk, actor=actor, comment="It stands.")


ACTIONS: dict[str, Callable[[Match, object], None]] = {
    "correct the result": correct, "record a forfeit": forfeit, "correct a hand": correct_a_hand,
    "enter from paper": from_paper, "set the time": set_time, "extend the play-by date": extend,
    "dismiss a flag": dismiss, "record a ruling": rule, "decide after a correction": decide,
}
# Actions whose state is not set up here: another organizer is refused for that reason only.
NOTHING_TO_DECIDE = {"decide after a correction"}


def decisions(match: Match, organizer) -> list[str]:
    """What the organizer's decisions left in the match's history (his confirmation of his
    opponent's report, as a player, is not one)."""
    return list(AuditEntry.objects.filter(match=match, actor=organizer)
                .exclude(action=AuditEntry.Action.CONFIRMED).values_list("action", flat=True))


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_an_organizer_who_plays_in_a_match_may_not_decide_it(match, action):
    with pytest.raises(NotAllowed, match="You play in this match: another organizer"):
        ACTIONS[action](match, playing(match))
    assert decisions(match, playing(match)) == []


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_another_organizer_of_the_club_decides_the_playing_organizers_match(match, action):
    if action in NOTHING_TO_DECIDE:
        with pytest.raises(ServiceError, match="There is no decision to make"):
            ACTIONS[action](match, other(match))
        return
    ACTIONS[action](match, other(match))


def test_the_playing_organizers_confirmed_loss_stays_a_loss(match):
    with pytest.raises(NotAllowed):
        correct(match, playing(match))
    match.refresh_from_db()
    assert (match.winner_id, match.games_a, match.games_b) == (match.entry_b_id, 0, 1)


def test_the_playing_organizer_is_told_why_on_the_match_page(client, match):
    client.force_login(playing(match))
    response = client.post(reverse("match-forfeit", args=[match.pk]), {
        "forfeit-absent": "B", "forfeit-kind": "no_show", "forfeit-comment": "Not here."})
    assert response.status_code == 403
    assert "another organizer of the club must record a forfeit" in response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_the_match_page_offers_the_playing_organizer_no_decision_on_his_match(client, match):
    client.force_login(playing(match))
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert reverse("match-forfeit", args=[match.pk]) not in page
    assert reverse("match-paper", args=[match.pk]) not in page
    client.force_login(other(match))
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert reverse("match-forfeit", args=[match.pk]) in page
