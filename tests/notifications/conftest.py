"""An event of each kind, made by the services a club uses, and whom it tells.

Each event runs its change in a transaction whose on-commit work is executed (the tasks run
in-process, as without a broker).
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from league.clubs.services.clubs import invite_by_email
from league.competitions.entries.sign_ups import open_registration
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.ladders.services import challenge, forfeit_overdue
from league.competitions.models import Competition, Match
from league.competitions.results.services import (
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
    resolve_dispute,
)
from league.notifications.models import Kind
from league.notifications.reminders import deadlines_near, sweep
from tests.factories import (
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    finished_game,
    with_verified_address,
)


class Club:
    """A club in Pacific time with an organizer and a match whose game A won."""

    def __init__(self, commit):
        self.commit = commit
        self.match = MatchFactory(status=Match.Status.IN_PROGRESS,
                                  competition__season__club__time_zone="America/Los_Angeles")
        finished_game(self.match, 1, "A")
        self.club = self.match.competition.season.club
        self.organizer = with_verified_address(UserFactory(username="director"))
        self.club.organizers.add(self.organizer)
        self.a = self.match.entry_a.player.user
        self.b = self.match.entry_b.player.user

    def report(self):
        with self.commit():
            report_result(self.match.pk, actor=self.a)

    def dispute(self):
        self.report()
        with self.commit():
            dispute_result(self.match.pk, actor=self.b, comment="I won the second hand")


# Each kind: who will be told (made first, so a test can set their choice), and the event.

def _ready_who(c: Club):
    c.waiting = MatchFactory(competition=c.match.competition, entry_b=None,
                             status=Match.Status.PENDING)
    return c.waiting.entry_a.player.user


def _ready(c: Club):
    with c.commit():  # the bracket seats the winner of the match before
        c.waiting.entry_b = c.match.entry_b
        c.waiting.status = Match.Status.SCHEDULED
        c.waiting.save(update_fields=["entry_a", "entry_b", "status"])


def _to_confirm(c: Club):
    c.report()


def _resolved(c: Club):
    c.dispute()
    with c.commit():
        resolve_dispute(c.match.pk, actor=c.organizer, uphold=True)


def _corrected(c: Club):
    c.report()
    with c.commit():
        confirm_result(c.match.pk, actor=c.b)
    with c.commit():
        correct_result(c.match.pk, actor=c.organizer, winner="B", games_a=0, games_b=1,
                       comment="Scored wrongly", overrides_games=True)


def _paired_who(c: Club):
    c.players = PlayerFactory.create_batch(4, club=c.club)
    return c.players[0].user


def _paired(c: Club):
    with c.commit():
        swiss = create_competition(SeasonFactory(club=c.club), actor=c.organizer,
                                   name="Thursday Swiss", format=Competition.Format.SWISS,
                                   swiss_rounds=3)
        register_players(swiss, c.players, actor=c.organizer)
    with c.commit():
        start_competition(swiss.pk, actor=c.organizer)


def _deadline(c: Club):
    c.report()
    # 30 hours after the report, its 48 hours for answering end within a day
    c.swept_at = timezone.now() + timezone.timedelta(hours=30)
    deadlines_near(c.swept_at)


def _overdue(c: Club):
    # The round was to be played by yesterday (in the club's zone): its open match is overdue.
    c.match.round.play_by = timezone.localdate(timezone=ZoneInfo(c.club.time_zone)) - timedelta(1)
    c.match.round.save(update_fields=["play_by"])
    c.swept_at = timezone.now()
    sweep(c.swept_at)


def _ladder(c: Club):
    """A running ladder of three of the club's players (each with an account), in their order."""
    c.climbers = PlayerFactory.create_batch(3, club=c.club)
    with c.commit():
        c.ladder = create_competition(SeasonFactory(club=c.club), actor=c.organizer,
                                      name="Club ladder", format=Competition.Format.LADDER)
        register_players(c.ladder, c.climbers, actor=c.organizer)
    with c.commit():
        start_competition(c.ladder.pk, actor=c.organizer)
    return {e.player_id: e for e in c.ladder.entries.all()}


def _challenged_who(c: Club):
    c.rungs = _ladder(c)
    return c.climbers[0].user


def _challenger_who(c: Club):
    c.rungs = _ladder(c)
    return c.climbers[2].user


def _passed_who(c: Club):
    """The second, between the third who challenges and the first."""
    c.rungs = _ladder(c)
    return c.climbers[1].user


def _challenge(c: Club):
    """The third challenges the first."""
    with c.commit():
        c.challenge = challenge(c.ladder.pk, c.rungs[c.climbers[0].pk].pk,
                                actor=c.climbers[2].user)


def _forfeited(c: Club):
    _challenge(c)
    with c.commit():
        forfeit_overdue(c.challenge.deadline + timedelta(minutes=1))


def _invited_who(c: Club):
    return UserFactory(username="invitee", email="Invitee@example.org")


def _invited(c: Club):
    with c.commit():
        invite_by_email(c.club, actor=c.organizer, email="invitee@example.org",
                        site="http://testserver")


def _sign_ups_who(c: Club):
    c.member = PlayerFactory(club=c.club)
    return c.member.user


def _sign_ups(c: Club):
    with c.commit():
        c.draft = create_competition(SeasonFactory(club=c.club), actor=c.organizer,
                                     name="Spring Swiss", format=Competition.Format.SWISS,
                                     swiss_rounds=3)
    with c.commit():
        open_registration(c.draft.pk, actor=c.organizer)


def _webhook_paused(c: Club):
    """A webhook of the club one failure from its pause fails again (its address, saved before
    the rules were checked, is a loopback one: refused at the request)."""
    from league.api.models import Webhook
    from league.api.webhooks.deliveries import PAUSE_AFTER, record
    from league.api.webhooks.signing import new_secret

    Webhook.objects.create(club=c.club, url="https://127.0.0.1/hook", events=["round.paired"],
                           secret=new_secret(), failures=PAUSE_AFTER - 1)
    with c.commit():
        record(c.match.competition_id, "round.paired", "round.paired:test", c.match.round_id)


EVENTS = {
    Kind.MATCH_READY: (_ready_who, _ready),
    Kind.RESULT_TO_CONFIRM: (lambda c: c.b, _to_confirm),
    Kind.RESULT_DISPUTED: (lambda c: c.a, Club.dispute),
    Kind.DISPUTE_TO_DECIDE: (lambda c: c.organizer, Club.dispute),
    Kind.RESULT_RESOLVED: (lambda c: c.b, _resolved),
    Kind.RESULT_CORRECTED: (lambda c: c.a, _corrected),
    Kind.ROUND_PAIRED: (_paired_who, _paired),
    Kind.DEADLINE_NEAR: (lambda c: c.b, _deadline),
    Kind.CLUB_INVITATION: (_invited_who, _invited),
    Kind.MATCH_OVERDUE: (lambda c: c.organizer, _overdue),
    Kind.LADDER_CHALLENGED: (_challenged_who, _challenge),
    Kind.LADDER_SETTLED: (_challenger_who, _forfeited),
    Kind.LADDER_MOVED_DOWN: (_passed_who, _forfeited),
    Kind.SIGN_UPS_OPEN: (_sign_ups_who, _sign_ups),
    Kind.WEBHOOK_PAUSED: (lambda c: c.organizer, _webhook_paused),
}
# The kinds the periodic task tells of (no task of their own): the event sets `swept_at`.
SWEPT = {Kind.DEADLINE_NEAR, Kind.MATCH_OVERDUE}


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def club(commit, db):
    return Club(commit)


@pytest.fixture
def tasks_run():
    """The notification tasks run (name, args), to run them again as a broker would."""
    from celery.signals import task_prerun

    seen = []

    def record(task=None, args=None, kwargs=None, **_):
        if task.name.startswith("notifications."):
            seen.append((task, tuple(args or ()), dict(kwargs or {})))

    task_prerun.connect(record, weak=False)
    yield seen
    task_prerun.disconnect(record)
