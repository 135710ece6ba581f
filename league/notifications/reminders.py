"""The periodic sweep: reminders of what falls due within a day (a result to answer, a match at
its set time, a play-by date ending), the organizers told of matches past their date, and the
notifications of recent results and challenges told again where their task was lost (and the
notices written ahead mailed where theirs was)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext

from league.competitions.base.dates import NOT_OVERDUE, deadline_of, is_overdue, play_by_of
from league.competitions.models import (
    Match,
    ResultReport,
)
from league.notifications.events import answerers, confirm_by, recent_results, to_confirm_text
from league.notifications.ladder_events import challenges_due, recent_challenges
from league.notifications.models import Kind
from league.notifications.outbox import mail_lost
from league.notifications.services import notify, notify_all
from league.notifications.wording import (
    A_DAY,
    MATCHES,
    by_end_of,
    opponent_name,
    players,
    where_and_when,
)

# A match overdue longer than this is not told of any more (the organizer's page lists it):
# a first run, or one after a long pause, does not tell of every old match at once.
OVERDUE_TOLD_WITHIN = timedelta(days=7)


def sweep(now: datetime) -> int:
    """The periodic work (league.notifications.tasks.periodic): every reminder and overdue match due
    at `now`, and the results' notifications whose task was lost. Each is told once."""
    return (deadlines_near(now) + matches_overdue(now) + recent_results(now)
            + recent_challenges(now) + mail_lost(now))


def deadlines_near(now: datetime) -> int:
    """Reminders the day before: a reported result to answer before it counts, a match at its
    set time, a match to play by its play-by date, a ladder challenge to play by its
    deadline."""
    told = plays_by(now) + challenges_due(now)
    pending = (ResultReport.objects.filter(status=ResultReport.Status.PENDING,
                                           match__status=Match.Status.REPORTED,
                                           match__competition__season__club__confirm_within_hours__isnull=False)
               .select_related("winner__player", "match__competition__season__club"))
    for report in pending:
        club = report.match.competition.season.club
        by = confirm_by(report, club)
        if not now < by <= now + A_DAY:
            continue
        match = MATCHES.get(pk=report.match_id)
        def text(match=match, report=report) -> str:
            return gettext("Reminder: %(text)s") % {"text": to_confirm_text(match, report)}
        told += notify_all(answerers(match, report), Kind.DEADLINE_NEAR,
                           key=f"deadline:report:{report.pk}", text=text,
                           link=match.get_absolute_url(), club=club)
    for match in MATCHES.filter(status__in=Match.OPEN_FOR_PLAY, scheduled_at__gt=now,
                                scheduled_at__lte=now + A_DAY):
        for user in players(match):
            def text(match=match, user=user) -> str:
                return gettext("Reminder: you play %(opponent)s in %(competition)s"
                               "%(where_and_when)s.") % {
                    "opponent": opponent_name(match, user), "competition": match.competition,
                    "where_and_when": where_and_when(match)}
            told += notify(user, Kind.DEADLINE_NEAR,
                           key=f"deadline:match:{match.pk}:{match.scheduled_at.isoformat()}",
                           text=text, link=match.get_absolute_url(),
                           club=match.competition.season.club) is not None
    return told


def _dated(matches, first: date, last: date):
    """The matches whose play-by date (their own extension, else their round's) is between
    `first` and `last`: a wide net of dates, each match's own deadline is checked after."""
    return (matches.annotate(due_on=Coalesce(F("play_by"), F("round__play_by")))
            .filter(due_on__gte=first, due_on__lte=last, entry_a__isnull=False,
                    entry_b__isnull=False))


def plays_by(now: datetime) -> int:
    """Each player of a match still to play whose play-by date ends within a day is reminded
    once per match and date (an extension reminds again)."""
    told = 0
    candidates = _dated(MATCHES.filter(status__in=Match.OPEN_FOR_PLAY, kind=Match.Kind.PLAYED),
                        now.date() - A_DAY, now.date() + 2 * A_DAY)
    for match in candidates:
        club = match.competition.season.club
        deadline = deadline_of(match, club)
        if not now < deadline <= now + A_DAY:
            continue
        day = play_by_of(match)
        for user in players(match):
            def text(match=match, user=user, day=day, club=club) -> str:
                return gettext("Reminder: play your match against %(opponent)s in "
                               "%(competition)s (%(round)s) by %(by)s.") % {
                    "opponent": opponent_name(match, user), "competition": match.competition,
                    "round": match.round, "by": by_end_of(day, club)}
            told += notify(user, Kind.DEADLINE_NEAR,
                           key=f"deadline:playby:{match.pk}:{day.isoformat()}",
                           text=text, link=match.get_absolute_url(), club=club) is not None
    return told


def matches_overdue(now: datetime) -> int:
    """A match past its play-by date and still open (not confirmed), told once per match and
    date to the club's organizers who do not play in it, with a link to where they extend it
    or record a forfeit or a double forfeit."""
    told = 0
    candidates = _dated(MATCHES.exclude(status__in=NOT_OVERDUE),
                        (now - OVERDUE_TOLD_WITHIN).date() - A_DAY, now.date() + A_DAY)
    organizers_of: dict[int, list] = {}
    for match in candidates:
        club = match.competition.season.club
        if not is_overdue(match, club, now) or deadline_of(match, club) < now - OVERDUE_TOLD_WITHIN:
            continue
        if club.pk not in organizers_of:
            organizers_of[club.pk] = list(club.organizers.all())
        in_match = {u.pk for u in players(match)}
        day = play_by_of(match)
        def text(match=match, day=day, club=club) -> str:
            return gettext("%(match)s in %(competition)s (%(round)s) was to be played by %(by)s "
                           "and is still %(status)s. Give it a later date, or record a forfeit "
                           "or a double forfeit.") % {
                "match": match, "competition": match.competition, "round": match.round,
                "by": by_end_of(day, club), "status": match.get_status_display().lower()}
        link = (reverse("organizer-matches", args=[match.competition_id])
                + f"#overdue-{match.pk}")
        told += notify_all([u for u in organizers_of[club.pk] if u.pk not in in_match],
                           Kind.MATCH_OVERDUE, key=f"overdue:{match.pk}:{day.isoformat()}",
                           text=text, link=link, club=club)
    return told
