"""A season's challenge ladder: positions from the start's seeding, challenges played as matches,
the challenger who wins taking the place, forfeits after the deadline, joining at the bottom."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.competitions.ladders.services import challenge, forfeit_overdue, join_ladder
from league.competitions.models import Competition, LadderChallenge, LadderEvent, Match
from league.competitions.results.forfeits import record_forfeit
from league.competitions.tasks import forfeit_overdue_challenges
from league.core.errors import NotAllowed, ServiceError
from tests.factories import PlayerFactory, UserFactory
from tests.formats.builders import Club, committed, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = Club(6)
    for player in club.players:
        player.user = UserFactory()
        player.save(update_fields=["user"])
    return club


@pytest.fixture
def ladder(club) -> Competition:
    return club.competition(Competition.Format.LADDER, ladder_reach=2, ladder_days=7,
                            ladder_rematch_days=14)


def order(ladder: Competition) -> list[str]:
    return list(ladder.entries.filter(position__isnull=False).order_by("position")
                .values_list("player__name", flat=True))


def entry(ladder: Competition, name: str):
    return ladder.entries.select_related("player__user").get(player__name=name)


def test_the_ladder_starts_in_seed_order_and_draws_no_match(ladder):
    assert order(ladder) == ["P01", "P02", "P03", "P04", "P05", "P06"]
    assert not ladder.matches.exists()
    assert LadderEvent.objects.filter(competition=ladder, kind="joined").count() == 6


def test_a_challenger_who_wins_takes_the_place_and_those_between_move_down(ladder):
    p05 = entry(ladder, "P05")
    made = challenge(ladder.pk, entry(ladder, "P03").pk, actor=p05.player.user)
    assert made.deadline - made.issued_at == timedelta(days=7)
    win(made.match, "B")  # seat B is the challenger
    assert order(ladder) == ["P01", "P02", "P05", "P03", "P04", "P06"]
    made.refresh_from_db()
    assert made.status == LadderChallenge.Status.CHALLENGER_WON
    last = LadderEvent.objects.filter(competition=ladder).latest("pk")
    assert {m["entry"]: (m["before"], m["after"]) for m in last.moves} == {
        p05.pk: (5, 3), entry(ladder, "P03").pk: (3, 4), entry(ladder, "P04").pk: (4, 5)}


def test_a_challenged_player_who_wins_keeps_the_places(ladder):
    made = challenge(ladder.pk, entry(ladder, "P03").pk, actor=entry(ladder, "P04").player.user)
    win(made.match, "A")
    assert order(ladder) == ["P01", "P02", "P03", "P04", "P05", "P06"]
    made.refresh_from_db()
    assert made.status == LadderChallenge.Status.CHALLENGED_WON


def test_a_challenge_reaches_no_further_than_the_setting(ladder):
    with pytest.raises(ServiceError, match="at most 2 places up"):
        challenge(ladder.pk, entry(ladder, "P02").pk, actor=entry(ladder, "P05").player.user)


def test_one_open_challenge_per_player_and_no_rematch_too_soon(ladder):
    p04 = entry(ladder, "P04")
    made = challenge(ladder.pk, entry(ladder, "P03").pk, actor=p04.player.user)
    with pytest.raises(ServiceError, match="already has an open challenge"):
        challenge(ladder.pk, entry(ladder, "P02").pk, actor=p04.player.user)
    win(made.match, "A")
    with pytest.raises(ServiceError, match="no rematch before"):
        challenge(ladder.pk, entry(ladder, "P03").pk, actor=p04.player.user)


def test_only_a_player_on_the_ladder_challenges(ladder):
    with pytest.raises(ServiceError):
        challenge(ladder.pk, entry(ladder, "P01").pk, actor=UserFactory())


def test_a_challenge_not_played_in_time_is_forfeited_by_the_challenged(ladder):
    made = challenge(ladder.pk, entry(ladder, "P04").pk, actor=entry(ladder, "P06").player.user)
    assert forfeit_overdue(timezone.now() + timedelta(days=6)) == 0
    with committed():
        assert forfeit_overdue_challenges.delay().get() == 0
    assert forfeit_overdue(timezone.now() + timedelta(days=8)) == 1
    assert order(ladder) == ["P01", "P02", "P03", "P06", "P04", "P05"]
    match = Match.objects.get(pk=made.match_id)
    assert (match.kind, match.status, match.winner_id) == (
        Match.Kind.FORFEIT, Match.Status.CONFIRMED, made.challenger_id)


def test_a_started_challenge_is_not_forfeited(ladder):
    from league.games.services import start_game

    made = challenge(ladder.pk, entry(ladder, "P04").pk, actor=entry(ladder, "P06").player.user)
    start_game(made.match_id, actor=entry(ladder, "P06").player.user)
    assert forfeit_overdue(timezone.now() + timedelta(days=8)) == 0


def test_a_newcomer_joins_at_the_bottom(club, ladder):
    newcomer = PlayerFactory(club=club.club, name="P07", user=UserFactory())
    join_ladder(ladder.pk, newcomer, actor=newcomer.user)
    assert order(ladder)[-1] == "P07"
    with pytest.raises(ServiceError, match="already on the ladder"):
        join_ladder(ladder.pk, newcomer, actor=newcomer.user)


def test_the_ladder_stays_running_after_its_matches_are_confirmed(ladder):
    made = challenge(ladder.pk, entry(ladder, "P02").pk, actor=entry(ladder, "P03").player.user)
    win(made.match, "B")
    ladder.refresh_from_db()
    assert ladder.status == Competition.Status.RUNNING


def test_a_challenged_organizer_may_not_record_his_challengers_forfeit(club, ladder):
    p03 = entry(ladder, "P03")
    club.club.organizers.add(p03.player.user)
    made = challenge(ladder.pk, p03.pk, actor=entry(ladder, "P04").player.user)
    with pytest.raises(NotAllowed, match="You play in this match"):
        record_forfeit(made.match_id, actor=p03.player.user, absent="B", kind=Match.Kind.NO_SHOW)
    made.refresh_from_db()
    assert made.status == LadderChallenge.Status.OPEN
    record_forfeit(made.match_id, actor=club.organizer, absent="B", kind=Match.Kind.NO_SHOW)
    assert Match.objects.get(pk=made.match_id).status == Match.Status.CONFIRMED
