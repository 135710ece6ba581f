"""Who is told what, for each event the lower apps announce (league.notifications.receivers).

Each function takes ids, reads what was committed, and notifies; each event has its key, so
running a function twice tells nobody twice. Times are given in the club's time zone, named.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse

from league.clubs.models import Club
from league.competitions.base.dates import NOT_OVERDUE, deadline_of, is_overdue, play_by_of
from league.competitions.models import (
    AuditEntry,
    Competition,
    LadderChallenge,
    LadderEvent,
    Match,
    ResultReport,
    Round,
)
from league.notifications.models import Kind
from league.notifications.services import notify, notify_all

A_DAY = timedelta(days=1)
SWEPT = timedelta(hours=2)
# A match overdue longer than this is not told of any more (the organizer's page lists it):
# a first run, or one after a long pause, does not tell of every old match at once.
OVERDUE_TOLD_WITHIN = timedelta(days=7)
TOLD_OF = (AuditEntry.Action.REPORTED, AuditEntry.Action.DISPUTED,
           AuditEntry.Action.DISPUTE_UPHELD, AuditEntry.Action.DISPUTE_REJECTED,
           AuditEntry.Action.CORRECTED)
FIXTURE = re.compile(r"^R\d+-(\d+)$")
MATCHES = Match.objects.select_related("competition__season__club", "round", "entry_a__player__user",
                                       "entry_b__player__user")


def table_of(match: Match) -> int | None:
    """The table a league or Swiss fixture is played at (numbered from 1); None elsewhere."""
    found = FIXTURE.match(match.key)
    return int(found.group(1)) + 1 if found else None


def in_zone(value: datetime | date, club: Club) -> str:
    """How every notification writes a time: a moment in the club's zone, named ("Wed 2 Dec
    2026, 08:22 (Europe/London)"), a date as the day it is ("Sun 6 Dec 2026")."""
    if not isinstance(value, datetime):
        return f"{value:%a} {value.day} {value:%b %Y}"
    name = club.time_zone or "UTC"
    moment = value.astimezone(ZoneInfo(name))
    return f"{moment:%a} {moment.day} {moment:%b %Y, %H:%M} ({name})"


ENDED = (".", "!", "?", "…")


def stop(text) -> str:
    """The text as the end of a sentence: a full stop after it, unless it ends with one (or with
    other end punctuation) of its own."""
    text = str(text).rstrip()
    return text if text.endswith(ENDED) else text + "."


def quoted(comment: str) -> str:
    """A user's comment quoted as the end of a sentence: “The score is wrong.” keeps its own
    end punctuation inside the quotes; “the score is wrong”. takes the sentence's full stop."""
    comment = comment.strip()
    return f"“{comment}”" if comment.endswith(ENDED) else f"“{comment}”."


def players(match: Match) -> list:
    """The accounts of the match's players (a player without one is told nothing)."""
    entries = (match.entry_a, match.entry_b)
    return [e.player.user for e in entries if e is not None and e.player.user is not None]


def opponent_name(match: Match, user) -> str:
    for mine, theirs in ((match.entry_a, match.entry_b), (match.entry_b, match.entry_a)):
        if mine is not None and mine.player.user_id == user.pk and theirs is not None:
            return theirs.player.name
    return "your opponent"


def where_and_when(match: Match) -> str:
    parts = []
    if (table := table_of(match)) is not None:
        parts.append(f"at table {table}")
    if match.scheduled_at is not None:
        parts.append(f"on {in_zone(match.scheduled_at, match.competition.season.club)}")
    return (" " + " ".join(parts)) if parts else ""


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
    for user in players(match):
        text = (f"Your match against {opponent_name(match, user)} in {match.competition} "
                f"({match.round}) is ready to play{where_and_when(match)}.")
        told += notify(user, Kind.MATCH_READY, key=key, text=text,
                       link=match.get_absolute_url()) is not None
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
            if match.kind == Match.Kind.BYE:
                text = f"{round_} of {competition} is paired: you have the bye."
            elif league:
                text = (f"The fixtures of {competition} are drawn: in {round_} you play "
                        f"{opponent_name(match, user)}{where_and_when(match)}.")
            else:
                text = (f"{round_} of {competition} is paired: you play "
                        f"{opponent_name(match, user)}{where_and_when(match)}.")
            told += notify(user, Kind.ROUND_PAIRED, key=f"paired:{round_.pk}", text=text,
                           link=match.get_absolute_url()) is not None
    return told


def audit_entry(audit_id: int) -> int:
    """A result was reported, disputed, decided or corrected: tell those it concerns."""
    entry = AuditEntry.objects.filter(pk=audit_id).first()
    if entry is None:
        return 0
    match = MATCHES.get(pk=entry.match_id)
    key = f"audit:{entry.pk}"
    link = match.get_absolute_url()
    if entry.action == AuditEntry.Action.REPORTED:
        return _reported(match, key)
    if entry.action == AuditEntry.Action.DISPUTED:
        return _disputed(match, entry, key)
    if entry.action in (AuditEntry.Action.DISPUTE_UPHELD, AuditEntry.Action.DISPUTE_REJECTED):
        upheld = entry.action == AuditEntry.Action.DISPUTE_UPHELD
        text = (f"The dispute about {match} in {match.competition} is resolved: "
                + ("the reported result stands." if upheld
                   else "the report was rejected; the games are open again to correct."))
        return notify_all(players(match), Kind.RESULT_RESOLVED, key=key, text=text, link=link)
    if entry.action == AuditEntry.Action.CORRECTED:
        text = (f"An organizer corrected the result of {match} in {match.competition}: "
                f"now {match.games_a}–{match.games_b}."
                + (f" Why: {quoted(entry.comment)}" if entry.comment.strip() else ""))
        return notify_all(players(match), Kind.RESULT_CORRECTED, key=key, text=text, link=link)
    return 0


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
    return notify_all(_answerers(match, report), Kind.RESULT_TO_CONFIRM, key=key,
                      text=_to_confirm_text(match, report), link=match.get_absolute_url())


def _answerers(match: Match, report: ResultReport) -> list:
    """Who may confirm or dispute the report: the players other than its reporter."""
    return [user for user in players(match) if user.pk != report.reported_by_id]


def _to_confirm_text(match: Match, report: ResultReport) -> str:
    if report.winner is None:
        outcome = f"a draw, {report.games_a}–{report.games_b}"
    else:  # the winner's games first, whichever seat they had
        won, lost = ((report.games_b, report.games_a) if report.winner_id == match.entry_b_id
                     else (report.games_a, report.games_b))
        outcome = f"{report.winner.player.name} won {won}–{lost}"
    club = match.competition.season.club
    by = confirm_by(report, club)
    deadline = (f" Confirm or dispute it by {in_zone(by, club)}: then it counts as reported."
                if by else " Confirm or dispute it.")
    return (f"A result of {match} in {match.competition} was reported: {outcome}."
            f"{deadline}")


def _disputed(match: Match, entry: AuditEntry, key: str) -> int:
    report = match.reports.filter(status=ResultReport.Status.DISPUTED).first()
    told = 0
    if report is not None and report.reported_by is not None:  # else its reporter's account is gone
        why = f": {quoted(entry.comment)}" if entry.comment.strip() else "."
        text = (f"Your result of {match} in {match.competition} was disputed{why} "
                "An organizer will decide.")
        told += notify(report.reported_by, Kind.RESULT_DISPUTED, key=key, text=text,
                       link=match.get_absolute_url()) is not None
    in_match = {u.pk for u in players(match)}
    organizers = [u for u in match.competition.season.club.organizers.all() if u.pk not in in_match]
    text = (f"{match} in {match.competition} is disputed and waits for your decision"
            + (f": {quoted(entry.comment)}" if entry.comment.strip() else "."))
    return told + notify_all(organizers, Kind.DISPUTE_TO_DECIDE, key=key, text=text,
                             link=match.get_absolute_url())


def sweep(now: datetime) -> int:
    """The periodic work (league.notifications.tasks.periodic): every reminder and overdue match due
    at `now`, and the results' notifications whose task was lost. Each is told once."""
    return (deadlines_near(now) + matches_overdue(now) + recent_results(now)
            + recent_challenges(now))


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
        text = ("Reminder: " + _to_confirm_text(match, report))
        told += notify_all(_answerers(match, report), Kind.DEADLINE_NEAR,
                           key=f"deadline:report:{report.pk}", text=text,
                           link=match.get_absolute_url())
    for match in MATCHES.filter(status__in=Match.OPEN_FOR_PLAY, scheduled_at__gt=now,
                                scheduled_at__lte=now + A_DAY):
        for user in players(match):
            text = (f"Reminder: you play {opponent_name(match, user)} in {match.competition}"
                    f"{where_and_when(match)}.")
            told += notify(user, Kind.DEADLINE_NEAR,
                           key=f"deadline:match:{match.pk}:{match.scheduled_at.isoformat()}",
                           text=text, link=match.get_absolute_url()) is not None
    return told


def invited(club_id: int, email: str, token: str, by: str) -> int:
    """An invitation to organize the club, to the accounts with that address."""
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return 0
    users = get_user_model().objects.filter(email__iexact=email.strip())
    text = f"{by} invites you to help organize {stop(club)} The invitation link works for a week."
    key = "invite:" + hashlib.sha256(token.encode()).hexdigest()[:40]
    return notify_all(users, Kind.CLUB_INVITATION, key=key, text=text,
                      link=reverse("organizer-invitation", args=[token]))


def by_end_of(day: date, club: Club) -> str:
    """The end of a play-by date, which ends at midnight in the club's zone: "the end of Sun 6
    Dec 2026 (Europe/London)"."""
    return f"the end of {in_zone(day, club)} ({club.time_zone or 'UTC'})"


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
            text = (f"Reminder: play your match against {opponent_name(match, user)} in "
                    f"{match.competition} ({match.round}) by {by_end_of(day, club)}.")
            told += notify(user, Kind.DEADLINE_NEAR,
                           key=f"deadline:playby:{match.pk}:{day.isoformat()}",
                           text=text, link=match.get_absolute_url()) is not None
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
        text = (f"{match} in {match.competition} ({match.round}) was to be played by "
                f"{by_end_of(day, club)} and is still {match.get_status_display().lower()}. "
                "Give it a later date, or record a forfeit or a double forfeit.")
        link = (reverse("organizer-matches", args=[match.competition_id])
                + f"#overdue-{match.pk}")
        told += notify_all([u for u in organizers_of[club.pk] if u.pk not in in_match],
                           Kind.MATCH_OVERDUE, key=f"overdue:{match.pk}:{day.isoformat()}",
                           text=text, link=link)
    return told


# The ladder ------------------------------------------------------------------------------------

CHALLENGES = LadderChallenge.objects.select_related(
    "competition__season__club", "challenger__player__user", "challenged__player__user", "match")


def ordinal(n: int | None) -> str:
    if n is None:
        return "not placed"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _accounts(*entries) -> list:
    return [e.player.user for e in entries if e.player.user is not None]


def ladder_challenged(challenge_id: int) -> int:
    """The challenged player learns who challenged them and by when to play."""
    row = CHALLENGES.filter(pk=challenge_id).first()
    if row is None or row.status != LadderChallenge.Status.OPEN:
        return 0
    club = row.competition.season.club
    challenger = row.challenger.player.name
    text = (f"{challenger} ({ordinal(row.challenger.position)}) challenges you "
            f"({ordinal(row.challenged.position)}) on {row.competition}. Play by "
            f"{in_zone(row.deadline, club)}, or the challenge is forfeited and {challenger} "
            "takes your place.")
    return notify_all(_accounts(row.challenged), Kind.LADDER_CHALLENGED,
                      key=f"ladder:challenge:{row.pk}", text=text,
                      link=row.match.get_absolute_url())


def ladder_settled(challenge_id: int) -> int:
    """Both players of a challenge learn how it ended (won, held, forfeited at its deadline)
    and who moved where; each player between them, moved down one by the challenger who took
    the place, learns it once (ladder_moved_down)."""
    row = CHALLENGES.filter(pk=challenge_id).first()
    if row is None or row.status == LadderChallenge.Status.OPEN:
        return 0
    club = row.competition.season.club
    challenger, challenged = row.challenger.player.name, row.challenged.player.name
    if row.status == LadderChallenge.Status.CHALLENGER_WON:
        what = f"{challenger} beat {challenged} in their challenge on {stop(row.competition)}"
    elif row.status == LadderChallenge.Status.CHALLENGED_WON:
        what = (f"{challenged} held against {challenger}'s challenge on {row.competition}: "
                "the places stay as they were.")
    else:
        what = (f"{challenged} did not play {challenger}'s challenge on {row.competition} by "
                f"{in_zone(row.deadline, club)}: it is forfeited.")
    moves, entries = _moves(row)
    moved = ", ".join(f"{entries[m['entry']].player.name} {ordinal(m['before'])} → "
                      f"{ordinal(m['after'])}" for m in moves if m["entry"] in entries)
    text = what + (f" Now: {moved}." if moved else "")
    told = notify_all(_accounts(row.challenger, row.challenged), Kind.LADDER_SETTLED,
                      key=f"ladder:settled:{row.pk}", text=text,
                      link=row.competition.get_absolute_url())
    return told + ladder_moved_down(row, moves, entries)


def ladder_moved_down(row: LadderChallenge, moves: list[dict], entries: dict) -> int:
    """The players between a challenger who took a place and the player they took it from,
    each moved down one: each is told once, from where to where."""
    if row.status not in (LadderChallenge.Status.CHALLENGER_WON,
                          LadderChallenge.Status.FORFEITED):
        return 0
    club = row.competition.season.club
    challenger, challenged = row.challenger.player.name, row.challenged.player.name
    taken = next((m["after"] for m in moves if m["entry"] == row.challenger_id), None)
    if row.status == LadderChallenge.Status.CHALLENGER_WON:
        how = f"{challenger} beat {challenged} and took {ordinal(taken)} place"
    else:
        how = (f"{challenged} did not play {challenger}'s challenge by "
               f"{in_zone(row.deadline, club)}, so {challenger} took {ordinal(taken)} place")
    told = 0
    for move in moves:
        entry = entries.get(move["entry"])
        if (entry is None or entry.pk in (row.challenger_id, row.challenged_id)
                or entry.player.user is None):
            continue
        text = (f"{how} on {row.competition}: you move from {ordinal(move['before'])} to "
                f"{ordinal(move['after'])}.")
        told += notify(entry.player.user, Kind.LADDER_MOVED_DOWN, key=f"ladder:moved:{row.pk}",
                       text=text, link=row.competition.get_absolute_url()) is not None
    return told


def _moves(row: LadderChallenge) -> tuple[list[dict], dict]:
    """Who moved where when the challenge was settled, from its line of the ladder's history,
    with the entries (and their players' accounts) by id."""
    event = (LadderEvent.objects.filter(competition=row.competition_id, player=row.challenger_id,
                                        challenged=row.challenged_id, kind=row.status)
             .order_by("-at", "-pk").first())
    if event is None or not event.moves:
        return [], {}
    entries = row.competition.entries.select_related("player__user").in_bulk(
        [m["entry"] for m in event.moves])
    return list(event.moves), entries


def recent_challenges(now: datetime) -> int:
    """Tell again of the ladder challenges made or settled in the last SWEPT hours (a task the
    broker never had is made up for; the others tell nobody twice)."""
    since = now - SWEPT
    made = LadderChallenge.objects.filter(issued_at__gte=since, status=LadderChallenge.Status.OPEN)
    settled = LadderChallenge.objects.filter(settled_at__gte=since)
    return (sum(ladder_challenged(pk) for pk in made.values_list("pk", flat=True))
            + sum(ladder_settled(pk) for pk in settled.values_list("pk", flat=True)))


def challenges_due(now: datetime) -> int:
    """The day before a challenge's deadline, both its players are reminded (a challenge
    whose games have started is not forfeited, so it is not reminded of)."""
    told = 0
    due = CHALLENGES.filter(status=LadderChallenge.Status.OPEN, deadline__gt=now,
                            deadline__lte=now + A_DAY, match__status__in=Match.UNPLAYED)
    for row in due:
        club = row.competition.season.club
        by = in_zone(row.deadline, club)
        challenger, challenged = row.challenger.player.name, row.challenged.player.name
        key = f"deadline:ladder:{row.pk}:{row.deadline.isoformat()}"
        link = row.match.get_absolute_url()
        for user in _accounts(row.challenged):
            text = (f"Reminder: play {challenger}'s challenge on {row.competition} by {by}, "
                    f"or it is forfeited and {challenger} takes your place.")
            told += notify(user, Kind.DEADLINE_NEAR, key=key, text=text, link=link) is not None
        for user in _accounts(row.challenger):
            text = (f"Reminder: {challenged} has until {by} to play your challenge on "
                    f"{row.competition}; if it is not played, you take the place.")
            told += notify(user, Kind.DEADLINE_NEAR, key=key, text=text, link=link) is not None
    return told
