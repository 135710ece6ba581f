"""When rounds and matches are played: a round's start and play-by dates, a match's time and
table, a time one player proposes and the other accepts, and the extension of an overdue match.

Dates and times are the club's: a play-by date ends at midnight after it in the club's time zone
(league.competitions.base.dates.deadline_of). Every change of a match's time or table counts one more in
its calendar SEQUENCE, so a subscribed calendar replaces the event it holds.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.clubs.permissions import is_organizer
from league.competitions.base.audit import audit_match
from league.competitions.base.dates import club_today
from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer, side_of
from league.competitions.models import AuditEntry, ClubNight, Competition, Match, Round
from league.core.dates import FIRST_DAY, LAST_DAY, require_in_bounds
from league.core.errors import NotAllowed, ServiceError
from league.core.names import BadName, normalise_name

FINISHED = (Match.Status.CONFIRMED, Match.Status.VOID)
ORGANIZERS_ONLY = gettext_lazy("Only an organizer of the club may do this.")
TABLE_MAX = Match._meta.get_field("table").max_length
FIRST_MOMENT = datetime.combine(FIRST_DAY, time.min, tzinfo=UTC)
LAST_MOMENT = datetime.combine(LAST_DAY, time.max, tzinfo=UTC)


def set_round_dates(round_id: int, *, actor, starts_on: date | None,
                    play_by: date | None) -> Round:
    require_in_bounds(starts_on, field="starts_on")
    require_in_bounds(play_by, field="play_by")
    with transaction.atomic():
        try:
            found = (Round.objects.select_for_update(of=("self",))
                     .select_related("competition__season__club").get(pk=round_id))
        except Round.DoesNotExist:
            raise ServiceError(_("No such round.")) from None
        if not is_organizer(actor, found.competition.season.club):
            raise NotAllowed(ORGANIZERS_ONLY)
        if starts_on and play_by and play_by < starts_on:
            raise ServiceError(_("The play-by date cannot be before the start date."),
                               field="play_by")
        found.starts_on, found.play_by = starts_on, play_by
        found.save(update_fields=["starts_on", "play_by"])
        return found


def set_weekly_dates(competition_id: int, *, actor, first: date) -> list[Round]:
    """Date every round of the competition a week apart: round n (by number; the rounds of a
    losers' bracket with the same number share its week) starts `first` plus n - 1 weeks and is
    to be played by the day before the next week starts. Returns the rounds, by number."""
    require_in_bounds(first, field="first")
    with transaction.atomic():
        rounds = list(Round.objects.select_for_update(of=("self",))
                      .select_related("competition__season__club")
                      .filter(competition_id=competition_id).order_by("number", "pk"))
        if not rounds:
            raise ServiceError(_("This competition has no rounds to date yet: they are drawn "
                               "when it starts."), field="first")
        if not is_organizer(actor, rounds[0].competition.season.club):
            raise NotAllowed(ORGANIZERS_ONLY)
        lowest = rounds[0].number
        for found in rounds:
            found.starts_on = first + timedelta(weeks=found.number - lowest)
            found.play_by = found.starts_on + timedelta(days=6)
        Round.objects.bulk_update(rounds, ["starts_on", "play_by"])
        return rounds


def set_match_time(match_id: int, *, actor, at: datetime | None, table: str = "") -> Match:
    """The organizer sets (or clears) the time and table; a pending proposal is dropped."""
    require_in_bounds(at, field="at")
    table = _table_name(table)
    with transaction.atomic():
        match = locked_match(match_id)
        require_deciding_organizer(actor, match, "set its time")
        _check_open(match)
        before = _schedule_facts(match)
        match.proposed_at, match.proposed_by = None, None
        _reschedule(match, at, table)
        audit_match(match, actor, AuditEntry.Action.TIME_SET, before=before,
               after=_schedule_facts(match))
        return match


def propose_time(match_id: int, *, actor, at: datetime) -> Match:
    """A player of a match still to be played, no game of it begun, proposes a time; it stands
    once the other player accepts it."""
    require_in_bounds(at, field="at")
    with transaction.atomic():
        match = locked_match(match_id)
        side = side_of(actor, match)
        if side is None:
            raise NotAllowed(_("Only the two players of this match may propose its time."))
        _check_to_be_played(match)
        if match.entry_a_id is None or match.entry_b_id is None:
            raise ServiceError(_("This match does not have both its players yet."))
        if match.status == Match.Status.IN_PROGRESS or match.games.exists():
            raise ServiceError(_("A game of this match has begun: its time is when it is played, "
                               "nothing to propose."))
        if at <= timezone.now():
            raise ServiceError(_("Propose a time that is still to come."), field="at")
        match.proposed_at = at
        match.proposed_by = match.entry_a if side == "A" else match.entry_b
        match.save(update_fields=["proposed_at", "proposed_by"])
        audit_match(match, actor, AuditEntry.Action.TIME_PROPOSED, after={"at": at.isoformat()})
        return match


def accept_time(match_id: int, *, actor) -> Match:
    """The other player accepts the proposed time: it becomes the match's time."""
    with transaction.atomic():
        match = locked_match(match_id)
        side = side_of(actor, match)
        if side is None:
            raise NotAllowed(_("Only the two players of this match may accept its time."))
        _check_to_be_played(match)
        if match.proposed_at is None:
            raise ServiceError(_("No time is proposed for this match."))
        proposer = "A" if match.proposed_by_id == match.entry_a_id else "B"
        if side == proposer:
            raise ServiceError(_("You proposed this time: your opponent accepts it."))
        before = _schedule_facts(match)
        at = match.proposed_at
        match.proposed_at, match.proposed_by = None, None
        _reschedule(match, at, match.table)
        audit_match(match, actor, AuditEntry.Action.TIME_ACCEPTED, before=before,
               after=_schedule_facts(match))
        return match


def extend_match(match_id: int, *, actor, play_by: date) -> Match:
    """The organizer gives an overdue (or any unfinished) match a later play-by date."""
    require_in_bounds(play_by, field="play_by")
    with transaction.atomic():
        match = locked_match(match_id)
        club = match.competition.season.club
        require_deciding_organizer(actor, match, "give it a later play-by date")
        _check_open(match)
        if play_by < club_today(club):
            raise ServiceError(_("Give a date that is today or later."), field="play_by")
        before = {"play_by": str(match.play_by or match.round.play_by or "")}
        match.play_by = play_by
        match.save(update_fields=["play_by"])
        audit_match(match, actor, AuditEntry.Action.EXTENDED, before=before,
               after={"play_by": str(play_by)})
        return match


def _table_name(table: str) -> str:
    """A table's name as names are kept (league.core.names): on one line, since the calendar
    feed and the printed pairings show it."""
    try:
        table = normalise_name(table)
    except BadName as error:
        raise ServiceError(str(error), field="table") from None
    if len(table) > TABLE_MAX:
        raise ServiceError(_("A table's name has at most %(most)s characters.") % {"most": TABLE_MAX}, field="table")
    return table


def _check_open(match: Match) -> None:
    if match.status in FINISHED:
        raise ServiceError(_("This match is %(status)s: its schedule cannot change.") % {"status": match.get_status_display().lower()})


def _check_to_be_played(match: Match) -> None:
    """The players agree a time only while the match is open for play: not once its result is
    reported, nor when it is confirmed, void or waiting for its players."""
    if match.status not in Match.OPEN_FOR_PLAY:
        raise ServiceError(_("This match is %(status)s: a time is agreed only while it is still to be played.") % {"status": match.get_status_display().lower()})


def _reschedule(match: Match, at: datetime | None, table: str) -> None:
    fields = ["proposed_at", "proposed_by"]
    if (at, table) != (match.scheduled_at, match.table):
        match.scheduled_at, match.table = at, table
        match.schedule_sequence += 1
        match.schedule_changed_at = timezone.now()
        fields += ["scheduled_at", "table", "schedule_sequence", "schedule_changed_at"]
    match.save(update_fields=fields)


def _schedule_facts(match: Match) -> dict:
    at = match.scheduled_at.isoformat() if match.scheduled_at else ""
    return {"at": at, "table": match.table}


def clear_dates_out_of_bounds(club) -> list[str]:
    """Times and dates of the club's schedule stored before the site bounded them
    (league.core.dates), outside its years even in UTC, cleared: a match's time, proposed time
    and play-by date, a round's dates, a competition's closing of sign-ups; a night announced for
    such a time is removed. Written by UPDATE and DELETE alone, so a time PostgreSQL holds and
    Python cannot read (year 10000) is cleared too. What was cleared, in sentences."""
    moment = _outside(FIRST_MOMENT - timedelta(days=1), LAST_MOMENT + timedelta(days=1))
    day = _outside(FIRST_DAY, LAST_DAY)
    matches = Match.objects.filter(competition__season__club=club)
    rounds = Round.objects.filter(competition__season__club=club)
    with transaction.atomic():
        counts = {
            "match times": matches.filter(moment("scheduled_at")).update(scheduled_at=None),
            "proposed times": matches.filter(moment("proposed_at")).update(proposed_at=None,
                                                                           proposed_by=None),
            "play-by dates of matches": matches.filter(day("play_by")).update(play_by=None),
            "start dates of rounds": rounds.filter(day("starts_on")).update(starts_on=None),
            "play-by dates of rounds": rounds.filter(day("play_by")).update(play_by=None),
            "closing times of sign-ups": Competition.objects.filter(
                moment("registration_closes_at"), season__club=club,
            ).update(registration_closes_at=None),
            "nights announced": ClubNight.objects.filter(
                moment("starts_at"), competition__season__club=club,
                status=ClubNight.Status.SCHEDULED).delete()[0],
        }
    return [f"{count} {what} outside the years {FIRST_DAY.year} to {LAST_DAY.year} cleared."
            for what, count in counts.items() if count]


def _outside(first, last):
    """The condition on a field of being before `first` or after `last`."""
    return lambda field: Q(**{f"{field}__lt": first}) | Q(**{f"{field}__gt": last})
