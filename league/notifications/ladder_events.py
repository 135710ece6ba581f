"""Who is told what on a ladder: a challenge made, a challenge settled (won, held or forfeited),
and each player moved down one place by a challenger's win."""

from __future__ import annotations

from datetime import datetime

from league.competitions.models import (
    LadderChallenge,
    LadderEvent,
    Match,
)
from league.notifications.models import Kind
from league.notifications.services import notify, notify_all
from league.notifications.wording import A_DAY, SWEPT, in_zone, ordinal, stop

CHALLENGES = LadderChallenge.objects.select_related(
    "competition__season__club", "challenger__player__user", "challenged__player__user", "match")


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
