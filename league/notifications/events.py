"""Who is told what, for each event the lower apps announce (league.notifications.receivers).

Each function takes ids, reads what was committed, and notifies; each event has its key, so
running a function twice tells nobody twice. Times are given in the club's time zone, named.
This module tells of matches ready, rounds paired, results and invitations; the ladder's
events are `ladder_events`, the periodic reminders `reminders`, the wording they share
`wording`.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext

from league.clubs.models import Club
from league.competitions.models import (
    AuditEntry,
    Competition,
    Match,
    ResultReport,
    Round,
)
from league.notifications.models import Kind
from league.notifications.services import mark_done, notify, notify_all
from league.notifications.wording import (
    MATCHES,
    SWEPT,
    in_zone,
    opponent_name,
    players,
    quoted,
    stop,
    where_and_when,
)

TOLD_OF = (AuditEntry.Action.REPORTED, AuditEntry.Action.DISPUTED,
           AuditEntry.Action.DISPUTE_UPHELD, AuditEntry.Action.DISPUTE_REJECTED,
           AuditEntry.Action.CORRECTED)


def match_ready(match_id: int) -> int:
    """A match with both its players, to be played (a ladder's challenge is told as one:
    ladder_challenged)."""
    match = MATCHES.filter(pk=match_id).first()
    if (match is None or match.status != Match.Status.SCHEDULED or match.kind != Match.Kind.PLAYED
            or match.entry_a is None or match.entry_b is None
            or match.competition.format == Competition.Format.LADDER):
        return 0
    key = f"ready:{match.pk}:{match.entry_a_id}:{match.entry_b_id}"
    told = 0
    club = match.competition.season.club
    for user in players(match):
        def text(user=user) -> str:
            return gettext("Your match against %(opponent)s in %(competition)s (%(round)s) is "
                           "ready to play%(where_and_when)s.") % {
                "opponent": opponent_name(match, user), "competition": match.competition,
                "round": match.round, "where_and_when": where_and_when(match)}
        told += notify(user, Kind.MATCH_READY, key=key, text=text,
                       link=match.get_absolute_url(), club=club) is not None
    return told


def round_paired(round_id: int) -> int:
    """Every player of a newly paired round learns their opponent (a league's whole draw is
    told once, with its first round). A knockout's rounds are drawn before their players are
    known: each of its matches is told when ready (match_ready). A ladder's round is one
    challenge, told as such (ladder_challenged)."""
    round_ = Round.objects.select_related("competition").filter(pk=round_id).first()
    if (round_ is None or round_.competition.is_knockout
            or round_.competition.format == Competition.Format.LADDER):
        return 0
    competition = round_.competition
    league = competition.format == Competition.Format.LEAGUE
    if league and round_.number != 1:
        return 0
    told = 0
    for match in MATCHES.filter(round=round_):
        for user in players(match):
            def text(match=match, user=user) -> str:
                values = {"round": round_, "competition": competition,
                          "opponent": opponent_name(match, user),
                          "where_and_when": where_and_when(match)}
                if match.kind == Match.Kind.BYE:
                    return gettext("%(round)s of %(competition)s is paired: you have the "
                                   "bye.") % values
                if league:
                    return gettext("The fixtures of %(competition)s are drawn: in %(round)s you "
                                   "play %(opponent)s%(where_and_when)s.") % values
                return gettext("%(round)s of %(competition)s is paired: you play "
                               "%(opponent)s%(where_and_when)s.") % values
            told += notify(user, Kind.ROUND_PAIRED, key=f"paired:{round_.pk}", text=text,
                           link=match.get_absolute_url(),
                           club=match.competition.season.club) is not None
    return told


def audit_entry(audit_id: int) -> int:
    """A result was reported, disputed, decided or corrected: tell those it concerns."""
    entry = AuditEntry.objects.filter(pk=audit_id).first()
    if entry is None:
        return 0
    match = MATCHES.get(pk=entry.match_id)
    key = f"audit:{entry.pk}"
    link = match.get_absolute_url()
    club = match.competition.season.club
    names = {"match": match, "competition": match.competition}
    if entry.action == AuditEntry.Action.REPORTED:
        return _reported(match, key)
    if entry.action == AuditEntry.Action.DISPUTED:
        return _disputed(match, entry, key)
    if entry.action in (AuditEntry.Action.DISPUTE_UPHELD, AuditEntry.Action.DISPUTE_REJECTED):
        upheld = entry.action == AuditEntry.Action.DISPUTE_UPHELD
        def text() -> str:
            if upheld:
                return gettext("The dispute about %(match)s in %(competition)s is resolved: the "
                               "reported result stands.") % names
            return gettext("The dispute about %(match)s in %(competition)s is resolved: the "
                           "report was rejected; the games are open again to correct.") % names
        return notify_all(players(match), Kind.RESULT_RESOLVED, key=key, text=text, link=link,
                          club=club)
    if entry.action == AuditEntry.Action.CORRECTED:
        def corrected() -> str:
            text = gettext("An organizer corrected the result of %(match)s in %(competition)s: "
                           "now %(games_a)s–%(games_b)s.") % {
                **names, "games_a": match.games_a, "games_b": match.games_b}
            if entry.comment.strip():
                text += " " + gettext("Why: %(comment)s") % {"comment": quoted(entry.comment)}
            return text
        return notify_all(players(match), Kind.RESULT_CORRECTED, key=key, text=corrected,
                          link=link, club=club)
    return 0


# What a match's notifications asked for, and the statuses in which it is done.
ASKED = (
    ((Kind.RESULT_TO_CONFIRM,), {Match.Status.REPORTED}),
    ((Kind.DISPUTE_TO_DECIDE,), {Match.Status.DISPUTED}),
    ((Kind.MATCH_READY, Kind.ROUND_PAIRED, Kind.DEADLINE_NEAR, Kind.MATCH_OVERDUE,
      Kind.LADDER_CHALLENGED),
     {Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.IN_PROGRESS,
      Match.Status.REPORTED, Match.Status.DISPUTED}),
)


def asked_and_done(match_id: int) -> int:
    """Mark done the match's notifications whose request its status has answered: a result to
    confirm once it is no longer waiting for an answer, a dispute once decided, a match to play
    (and its reminders) once its result counts or it is not needed."""
    match = Match.objects.filter(pk=match_id).only("pk", "status").first()
    if match is None:
        return 0
    return sum(mark_done(match.get_absolute_url(), kinds)
               for kinds, waiting in ASKED if match.status not in waiting)


def recent_results(now: datetime) -> int:
    """Tell again of the results of the last SWEPT hours: a task the broker never had is made
    up for (the others tell nobody twice)."""
    entries = AuditEntry.objects.filter(action__in=TOLD_OF, at__gte=now - SWEPT)
    return sum(audit_entry(pk) for pk in entries.values_list("pk", flat=True))


def confirm_by(report: ResultReport, club: Club) -> datetime | None:
    hours = club.confirm_within_hours
    return None if hours is None else report.reported_at + timedelta(hours=hours)


def _reported(match: Match, key: str) -> int:
    report = (match.reports.filter(status=ResultReport.Status.PENDING)
              .select_related("winner__player").first())
    if report is None:  # entered by an organizer, it already counts
        return 0
    return notify_all(answerers(match, report), Kind.RESULT_TO_CONFIRM, key=key,
                      text=lambda: to_confirm_text(match, report), link=match.get_absolute_url(),
                      club=match.competition.season.club)


def answerers(match: Match, report: ResultReport) -> list:
    """Who may confirm or dispute the report: the players other than its reporter."""
    return [user for user in players(match) if user.pk != report.reported_by_id]


def to_confirm_text(match: Match, report: ResultReport) -> str:
    if report.winner is None:
        outcome = gettext("a draw, %(games_a)s–%(games_b)s") % {
            "games_a": report.games_a, "games_b": report.games_b}
    else:  # the winner's games first, whichever seat they had
        won, lost = ((report.games_b, report.games_a) if report.winner_id == match.entry_b_id
                     else (report.games_a, report.games_b))
        outcome = gettext("%(winner)s won %(won)s–%(lost)s") % {
            "winner": report.winner.player.name, "won": won, "lost": lost}
    club = match.competition.season.club
    by = confirm_by(report, club)
    deadline = (gettext("Confirm or dispute it by %(when)s: then it counts as reported.")
                % {"when": in_zone(by, club)} if by else gettext("Confirm or dispute it."))
    return gettext("A result of %(match)s in %(competition)s was reported: %(outcome)s.") % {
        "match": match, "competition": match.competition, "outcome": outcome} + " " + deadline


def _disputed(match: Match, entry: AuditEntry, key: str) -> int:
    club = match.competition.season.club
    names = {"match": match, "competition": match.competition}
    report = match.reports.filter(status=ResultReport.Status.DISPUTED).first()
    told = 0
    if report is not None and report.reported_by is not None:  # else its reporter's account is gone
        def text() -> str:
            why = f": {quoted(entry.comment)}" if entry.comment.strip() else "."
            return gettext("Your result of %(match)s in %(competition)s was disputed%(why)s An "
                           "organizer will decide.") % {**names, "why": why}
        told += notify(report.reported_by, Kind.RESULT_DISPUTED, key=key, text=text,
                       link=match.get_absolute_url(), club=club) is not None
    in_match = {u.pk for u in players(match)}
    organizers = [u for u in match.competition.season.club.organizers.all() if u.pk not in in_match]
    def to_decide() -> str:
        why = f": {quoted(entry.comment)}" if entry.comment.strip() else "."
        return gettext("%(match)s in %(competition)s is disputed and waits for your "
                       "decision%(why)s") % {**names, "why": why}
    return told + notify_all(organizers, Kind.DISPUTE_TO_DECIDE, key=key, text=to_decide,
                             link=match.get_absolute_url(), club=club)


def invited(club_id: int, email: str, token: str, by: str) -> int:
    """An invitation to organize the club, to the accounts with that address."""
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return 0
    users = get_user_model().objects.filter(email__iexact=email.strip())
    def text() -> str:
        return gettext("%(by)s invites you to help organize %(club)s The invitation link works "
                       "for a week.") % {"by": by, "club": stop(club)}
    key = "invite:" + hashlib.sha256(token.encode()).hexdigest()[:40]
    return notify_all(users, Kind.CLUB_INVITATION, key=key, text=text,
                      link=reverse("organizer-invitation", args=[token]), club=club)

