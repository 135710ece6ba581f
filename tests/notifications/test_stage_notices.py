"""A later stage drawn from the organizer's dealing, not from a result: its players are told
their round like any round paired."""

import pytest

from league.competitions.formats.stage_dealing import deal_by_hand
from league.notifications.models import Kind, Notification
from tests.formats.builders import Club, committed
from tests.formats.test_many_stages import (
    dealt_by_hand_in_between,
    matches_of,
    names,
    play_stage,
    staged,
)

pytestmark = pytest.mark.django_db


def test_the_players_of_a_stage_dealt_by_hand_are_told_their_round():
    club = Club(8)
    competition = staged(club, dealt_by_hand_in_between())
    play_stage(competition, 1)
    second = competition.stages.get(order=2)
    ids = names(competition)
    told_before = set(Notification.objects.filter(kind=Kind.ROUND_PAIRED)
                      .values_list("pk", flat=True))
    with committed():
        deal_by_hand(second.pk, [[ids["P01"], ids["P03"]], [ids["P02"], ids["P04"]]],
                     actor=club.organizer)
    (first_round,) = {m.round for m in matches_of(competition, 2)}
    told = Notification.objects.filter(kind=Kind.ROUND_PAIRED).exclude(pk__in=told_before)
    by_player = {p.user_id: p.name for p in club.players}
    assert sorted(by_player[n.user_id] for n in told) == ["P01", "P02", "P03", "P04"]
    assert all(n.key == f"paired:{first_round.pk}" for n in told)
    p01 = next(n for n in told if by_player[n.user_id] == "P01")
    assert "P03" in p01.text and "Stage 2" in p01.text
