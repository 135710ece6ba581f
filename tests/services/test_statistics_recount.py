"""Matches removed or reset (a stage drawn again, a Swiss round paired again, a match reset by
an organizer's decision) set off the statistics follow-up for the competition's players, in the
same transaction: after it the summary rows and notable moments equal a count of the whole
season from the facts (the command count_statistics)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from league.competitions.formats.decide import reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import FollowUp, Match
from league.stats.models import NotableMoment, PlayerSeasonSummary
from tests.formats.builders import Club, better_seed, committed, scheduled, win
from tests.formats.test_stage_redraws import (
    first_played,
    groups_groups_semi_finals,
    redraw_second_stage,
)
from tests.formats.test_swiss_corrections import correct, first_table, started_swiss

pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]

MOMENT = ("player_id", "kind", "value", "opponent_id", "match_id", "source_id")


def kept(season) -> tuple[list, list]:
    """The season's rows and moments as stored, in a fixed order."""
    rows = [tuple(sorted(row.items())) for row in
            PlayerSeasonSummary.objects.filter(season=season).order_by("player_id")
            .values(*(f.attname for f in PlayerSeasonSummary._meta.concrete_fields
                      if f.attname not in ("id", "counted_at")))]
    moments = sorted(NotableMoment.objects.filter(season=season).values_list(*MOMENT))
    return rows, moments


def counted_whole(club: Club) -> tuple[list, list]:
    """The season counted whole from the facts by the command, as stored after it."""
    call_command("count_statistics", club=club.club.slug, stdout=StringIO())
    return kept(club.season)


def matches_of(player) -> int:
    return PlayerSeasonSummary.objects.get(player=player).matches


def test_a_stage_drawn_again_leaves_the_rows_a_count_from_the_facts_gives():
    club, competition = groups_groups_semi_finals()
    played = first_played(competition, 2)
    win(played, better_seed(played))
    player = played.entry_a.player
    before = kept(club.season)
    with_it = matches_of(player)
    redraw_second_stage(club, competition)
    assert not Match.objects.filter(pk=played.pk).exists()
    row = FollowUp.objects.get(competition=competition, kind=FollowUp.Kind.STATISTICS,
                               match=None)
    assert row.done_at is not None
    after = kept(club.season)
    assert after != before and matches_of(player) == with_it - 1  # the removed match is gone
    assert counted_whole(club) == after


def test_a_swiss_round_reset_and_its_later_round_removed_leave_the_rows_a_count_gives():
    club = Club(4)
    swiss = started_swiss(club)
    for match in scheduled(swiss):
        win(match, "A")  # round 2 played: round 3 paired from it
    for match in scheduled(swiss):
        win(match, "A")  # round 3 played
    correct(club, first_table(swiss), "B")
    [decision] = pending_decisions(swiss)
    before = kept(club.season)
    with committed():
        reset_match(decision.match.pk, actor=club.organizer)
    assert not swiss.matches.filter(round__number=3).exists()  # its results removed
    after = kept(club.season)
    assert after != before
    assert sum(PlayerSeasonSummary.objects.values_list("matches", flat=True)) == 2 * 2  # round 1
    assert counted_whole(club) == after


def test_the_follow_up_sent_again_changes_nothing():
    from league.competitions.base import outbox

    club, competition = groups_groups_semi_finals()
    played = first_played(competition, 2)
    win(played, better_seed(played))
    redraw_second_stage(club, competition)
    once = kept(club.season)
    row = FollowUp.objects.get(competition=competition, kind=FollowUp.Kind.STATISTICS,
                               match=None)
    with committed():
        outbox.send(row)  # the relay's sending again, or a redelivery
    assert kept(club.season) == once
