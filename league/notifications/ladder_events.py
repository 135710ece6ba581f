"""Who is told what on a ladder: a challenge made, a challenge settled (won, held or forfeited),
and each player moved down one place by a challenger's win."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from league.competitions.models import (
    LadderChallenge,
    LadderEvent,
    Match,
)
from league.notifications.models import Kind
from league.notifications.services import notify, notify_all
from league.notifications.wording import A_DAY, SWEPT, in_zone, ordinal, stop

CHALLENGES = LadderChallenge.objects.select_related(
    "competition__season__club", "challenger__player__user__reading_preferences",
    "challenged__player__user__reading_preferences", "match")


def _accounts(*entries) -> list:
    return [e.player.user for e in entries if e.player.user is not None]


def ladder_challenged(challenge_id: int) -> int:
    """The challenged player learns who challenged them and by when to play."""
    row = CHALLENGES.filter(pk=challenge_id).first()
    if row is None or row.status != LadderChallenge.Status.OPEN:
        return 0
    club = row.competition.season.club
    challenger = row.challenger.player.name

    def text() -> str:
        return gettext("%(challenger)s (%(their_place)s) challenges you (%(your_place)s) on "
                       "%(ladder)s. Play by %(by)s, or the challenge is forfeited and "
                       "%(challenger)s takes your place.") % {
            "challenger": challenger, "their_place": ordinal(row.challenger.position),
            "your_place": ordinal(row.challenged.position), "ladder": row.competition,
            "by": in_zone(row.deadline, club)}
    return notify_all(_accounts(row.challenged), Kind.LADDER_CHALLENGED,
                      key=f"ladder:challenge:{row.pk}", text=text,
                      link=row.match.get_absolute_url(), club=club)


def ladder_settled(challenge_id: int) -> int:
    """Both players of a challenge learn how it ended (won, held, forfeited at its deadline)
    and who moved where; each player between them, moved down one by the challenger who took
    the place, learns it once (ladder_moved_down)."""
    row = CHALLENGES.filter(pk=challenge_id).first()
    if row is None or row.status == LadderChallenge.Status.OPEN:
        return 0
    club = row.competition.season.club
    challenger, challenged = row.challenger.player.name, row.challenged.player.name
    moves, entries = _moves(row)
    names = {"challenger": challenger, "challenged": challenged, "ladder": row.competition}

    def text() -> str:
        if row.status == LadderChallenge.Status.CHALLENGER_WON:
            what = gettext("%(challenger)s beat %(challenged)s in their challenge on "
                           "%(ladder)s") % {**names, "ladder": stop(row.competition)}
        elif row.status == LadderChallenge.Status.CHALLENGED_WON:
            what = gettext("%(challenged)s held against %(challenger)s's challenge on "
                           "%(ladder)s: the places stay as they were.") % names
        else:
            what = gettext("%(challenged)s did not play %(challenger)s's challenge on "
                           "%(ladder)s by %(by)s: it is forfeited.") % {
                **names, "by": in_zone(row.deadline, club)}
        moved = ", ".join(f"{entries[m['entry']].player.name} {ordinal(m['before'])} → "
                          f"{ordinal(m['after'])}" for m in moves if m["entry"] in entries)
        return what + (" " + gettext("Now: %(moves)s.") % {"moves": moved} if moved else "")
    told = notify_all(_accounts(row.challenger, row.challenged), Kind.LADDER_SETTLED,
                      key=f"ladder:settled:{row.pk}", text=text,
                      link=row.competition.get_absolute_url(), club=club)
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

    def how() -> str:
        names = {"challenger": challenger, "challenged": challenged, "place": ordinal(taken)}
        if row.status == LadderChallenge.Status.CHALLENGER_WON:
            return gettext("%(challenger)s beat %(challenged)s and took %(place)s place") % names
        return gettext("%(challenged)s did not play %(challenger)s's challenge by %(by)s, "
                       "so %(challenger)s took %(place)s place") % {
            **names, "by": in_zone(row.deadline, club)}
    told = 0
    for move in moves:
        entry = entries.get(move["entry"])
        if (entry is None or entry.pk in (row.challenger_id, row.challenged_id)
                or entry.player.user is None):
            continue
        def text(move=move) -> str:
            return gettext("%(how)s on %(ladder)s: you move from %(before)s to %(after)s.") % {
                "how": how(), "ladder": row.competition, "before": ordinal(move["before"]),
                "after": ordinal(move["after"])}
        told += notify(entry.player.user, Kind.LADDER_MOVED_DOWN, key=f"ladder:moved:{row.pk}",
                       text=text, link=row.competition.get_absolute_url(),
                       club=club) is not None
    return told


def _moves(row: LadderChallenge) -> tuple[list[dict], dict]:
    """Who moved where when the challenge was settled, from its line of the ladder's history,
    with the entries (and their players' accounts) by id."""
    event = (LadderEvent.objects.filter(competition=row.competition_id, player=row.challenger_id,
                                        challenged=row.challenged_id, kind=row.status)
             .order_by("-at", "-pk").first())
    if event is None or not event.moves:
        return [], {}
    entries = row.competition.entries.select_related(
        "player__user__reading_preferences").in_bulk(
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
        key = f"deadline:ladder:{row.pk}:{row.deadline.isoformat()}"
        link = row.match.get_absolute_url()

        def values(row=row, club=club) -> dict:
            return {"challenger": row.challenger.player.name,
                    "challenged": row.challenged.player.name, "ladder": row.competition,
                    "by": in_zone(row.deadline, club)}

        def to_challenged(values=values) -> str:
            return gettext("Reminder: play %(challenger)s's challenge on %(ladder)s by "
                           "%(by)s, or it is forfeited and %(challenger)s takes your "
                           "place.") % values()

        def to_challenger(values=values) -> str:
            return gettext("Reminder: %(challenged)s has until %(by)s to play your challenge "
                           "on %(ladder)s; if it is not played, you take the place.") % values()
        for user in _accounts(row.challenged):
            told += notify(user, Kind.DEADLINE_NEAR, key=key, text=to_challenged, link=link,
                           club=club) is not None
        for user in _accounts(row.challenger):
            told += notify(user, Kind.DEADLINE_NEAR, key=key, text=to_challenger, link=link,
                           club=club) is not None
    return told
