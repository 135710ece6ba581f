"""A season's challenge ladder, stored: each entry's position, the challenges (each played as a
match of the competition) and the history of moves. Every change rebuilds the pure ladder
(league.competitions.algorithms.ladder) from the rows, applies the rule there, and writes back what
changed, with the competition's row locked.

- Started in the seed order the competition's start gives (entered, by rating or at random).
- A challenge is a match, challenged player in seat A; when its result is confirmed the
  progression settles it: the challenger who wins takes the place, those between move down one.
  A drawn match (a fixed number of games, level) leaves the places as they are.
- A challenge not started by its deadline is forfeited by the challenged (the periodic task
  league.competitions.tasks.forfeit_overdue_challenges); one whose games have started is left to be
  finished and confirmed.
- A player joins at the bottom.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import is_organizer, require_organizer
from league.competitions.algorithms.ladder import (
    Challenge,
    EventKind,
    Ladder,
    LadderError,
    LadderEvent,
    LadderRules,
    Move,
)
from league.competitions.base.outbox import enqueue_result_follow_up
from league.competitions.models import Competition, Entry, LadderChallenge, Match, Round
from league.competitions.models import LadderEvent as EventRow
from league.core.errors import NotAllowed, ServiceError

PLAYER_NAMED = re.compile(r"\b(\d+)(?= (?:is|already|stands|did|has) )")
SETTLED = {
    EventKind.CHALLENGER_WON: LadderChallenge.Status.CHALLENGER_WON,
    EventKind.CHALLENGED_WON: LadderChallenge.Status.CHALLENGED_WON,
    EventKind.FORFEITED: LadderChallenge.Status.FORFEITED,
}


def rules_of(competition: Competition) -> LadderRules:
    return LadderRules(reach=competition.ladder_reach,
                       respond_within=timedelta(days=competition.ladder_days),
                       rematch_after=timedelta(days=competition.ladder_rematch_days))


def ladder_of(competition: Competition) -> Ladder:
    """The pure ladder from the rows: positions, open challenges, history. Three queries."""
    order = tuple(competition.entries.filter(position__isnull=False, withdrawn_at__isnull=True)
                  .order_by("position").values_list("pk", flat=True))
    challenges = tuple(
        Challenge(c.challenger_id, c.challenged_id, c.issued_at, c.deadline)
        for c in competition.challenges.filter(status=LadderChallenge.Status.OPEN)
        .order_by("issued_at", "pk"))
    history = tuple(
        LadderEvent(e.at, EventKind(e.kind), e.player_id, e.challenged_id,
                    tuple(Move(m["entry"], m["before"], m["after"]) for m in e.moves))
        for e in competition.ladder_events.order_by("at", "pk"))
    return Ladder(rules_of(competition), order, challenges, history)


def _save(competition: Competition, before: Ladder, after: Ladder) -> None:
    """Write the new events and positions of `after` (a change of `before`)."""
    for event in after.history[len(before.history):]:
        EventRow.objects.create(
            competition=competition, at=event.at, kind=event.kind.value, player_id=event.player,
            challenged_id=event.challenged,
            moves=[{"entry": m.player, "before": m.before, "after": m.after} for m in event.moves])
    if after.order != before.order:
        entries = list(competition.entries.filter(pk__in=after.order))
        place = {pk: i for i, pk in enumerate(after.order, start=1)}
        for entry in entries:
            entry.position = place[entry.pk]
        Entry.objects.bulk_update(entries, ["position"])


def start_ladder(competition: Competition, order: list[int]) -> None:
    """Called by the start of the competition with its entries in seed order."""
    before = ladder_of(competition)
    _save(competition, before, Ladder.start(order, before.rules, timezone.now()))


def _locked(competition_id: int) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",))
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None or competition.format != Competition.Format.LADDER:
        raise ServiceError(_("No such ladder."))
    return competition


def challenge(competition_id: int, challenged_id: int, *, actor,
              challenger_id: int | None = None, at: datetime | None = None) -> LadderChallenge:
    """The signed-in player (or, for a player, an organizer) challenges a player above."""
    at = at or timezone.now()
    with transaction.atomic():
        competition = _locked(competition_id)
        if competition.status != Competition.Status.RUNNING:
            raise ServiceError(_("Challenges are made while the ladder is running."))
        challenger = _challenger(competition, actor, challenger_id)
        before = ladder_of(competition)
        try:
            after = before.challenge(challenger.pk, challenged_id, at)
        except LadderError as error:
            raise ServiceError(_sentence(str(error), competition), field="challenged") from None
        opened = after.challenges[-1]
        match = _challenge_match(competition, challenged_id, challenger.pk)
        _save(competition, before, after)
        return LadderChallenge.objects.create(
            competition=competition, challenger=challenger, challenged_id=challenged_id,
            match=match, issued_at=opened.issued_at, deadline=opened.deadline)


def _challenger(competition: Competition, actor, challenger_id: int | None) -> Entry:
    entries = competition.entries.select_related("player").filter(withdrawn_at__isnull=True)
    if challenger_id is not None:
        if not is_organizer(actor, competition.season.club):
            raise NotAllowed(_("Only an organizer challenges for another player."))
        found = entries.filter(pk=challenger_id).first()
    else:
        found = entries.filter(player__user=actor).first() if actor.is_authenticated else None
    if found is None:
        raise NotAllowed(_("Only a player on this ladder challenges."))
    return found


def _challenge_match(competition: Competition, challenged: int, challenger: int) -> Match:
    number = (competition.rounds.order_by("-number").values_list("number", flat=True).first()
              or 0) + 1
    round_ = Round.objects.create(competition=competition, number=number,
                                  name=f"Challenge {number}")
    return Match.objects.create(competition=competition, round=round_, key=f"C{number}",
                                entry_a_id=challenged, entry_b_id=challenger,
                                status=Match.Status.SCHEDULED)


def settle_played(competition: Competition) -> None:
    """Each open challenge whose match is confirmed, settled (the caller holds the lock)."""
    rows = list(competition.challenges.filter(status=LadderChallenge.Status.OPEN,
                                              match__status=Match.Status.CONFIRMED)
                .select_related("match").order_by("match__confirmed_at", "pk"))
    for row in rows:
        before = ladder_of(competition)
        at = row.match.confirmed_at or timezone.now()
        winner = row.match.winner_id or row.challenged_id  # level: the challenged holds
        after = before.result(row.challenger_id, winner, at)
        _settle_row(row, after, at)
        _save(competition, before, after)


def forfeit_overdue(now: datetime | None = None) -> int:
    """Every challenge past its deadline whose match has not started: forfeited by the
    challenged, the challenger taking the place. The number forfeited."""
    now = now or timezone.now()
    count = 0
    due = (LadderChallenge.objects.filter(status=LadderChallenge.Status.OPEN, deadline__lt=now,
                                          match__status__in=Match.UNPLAYED)
           .values_list("competition_id", flat=True).distinct())
    for competition_id in list(due):
        with transaction.atomic():
            competition = _locked(competition_id)
            count += _forfeit_in(competition, now)
    return count


def _forfeit_in(competition: Competition, now: datetime) -> int:
    rows = list(competition.challenges.filter(
        status=LadderChallenge.Status.OPEN, deadline__lt=now, match__status__in=Match.UNPLAYED,
        match__games__isnull=True).select_related("match").order_by("deadline", "pk"))
    for row in rows:
        before = ladder_of(competition)
        after = before.forfeit(row.challenger_id, row.deadline)
        _settle_row(row, after, row.deadline)
        match = row.match
        match.kind, match.status, match.winner_id = (
            Match.Kind.FORFEIT, Match.Status.CONFIRMED, row.challenger_id)
        match.confirmed_at = now
        match.save(update_fields=["kind", "status", "winner", "confirmed_at"])
        _save(competition, before, after)
        # A result given without play: counted in the players' statistics, sent to webhooks.
        enqueue_result_follow_up(match)
    return len(rows)


def _settle_row(row: LadderChallenge, after: Ladder, at: datetime) -> None:
    row.status, row.settled_at = SETTLED[after.history[-1].kind], at
    row.save(update_fields=["status", "settled_at"])


def join_ladder(competition_id: int, player: Player, *, actor) -> Entry:
    """A player of the club joins at the bottom (the player themself, or an organizer)."""
    with transaction.atomic():
        competition = _locked(competition_id)
        club = competition.season.club
        if player.club_id != club.pk:
            raise ServiceError(_("%(player)s is not a player of %(club)s.") % {"player": player, "club": club})
        if player.user_id != getattr(actor, "pk", None):
            require_organizer(actor, club)
        if competition.status != Competition.Status.RUNNING:
            raise ServiceError(_("Players join a ladder while it is running."))
        entry, _created = Entry.objects.get_or_create(competition=competition, player=player)
        before = ladder_of(competition)
        try:
            after = before.join(entry.pk, timezone.now())
        except LadderError:
            raise ServiceError(_("%(player)s is already on the ladder.") % {"player": player}) from None
        _save(competition, before, after)
        return entry


def _sentence(message: str, competition: Competition) -> str:
    """The rule's refusal with the players' names for their entry ids."""
    names = dict(competition.entries.values_list("pk", "player__name"))
    # The rules name a player by the entry id, before what is said about them.
    message = PLAYER_NAMED.sub(lambda m: names.get(int(m[1]), m[1]), message)
    return message[:1].upper() + message[1:] + "."


# The page ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rung:
    position: int
    entry: Entry
    open_challenge: LadderChallenge | None
    may_challenge: bool  # the viewer may challenge this player now
    why_not: str


@dataclass(frozen=True, slots=True)
class LadderPage:
    competition: Competition
    rungs: list[Rung]
    challenges: list[LadderChallenge]  # open first, then the latest settled
    history: list[EventRow]  # latest first
    me: Entry | None
    may_join: bool


def ladder_page(competition: Competition, user, now: datetime | None = None) -> LadderPage:
    now = now or timezone.now()
    ladder = ladder_of(competition)
    entries = {e.pk: e for e in competition.entries.select_related("player")}
    me = next((e for e in entries.values() if user.is_authenticated
               and e.player.user_id == user.pk and e.position is not None), None)
    challenges = list(competition.challenges.select_related(
        "challenger__player", "challenged__player", "match").order_by("status", "-issued_at")[:50])
    open_by = {}
    for c in challenges:
        if c.status == LadderChallenge.Status.OPEN:
            open_by[c.challenger_id] = open_by[c.challenged_id] = c
    rungs = []
    for place, pk in enumerate(ladder.order, start=1):
        reason = ("" if me is None or competition.status != Competition.Status.RUNNING
                  else ladder.refusal(me.pk, pk, now) or "")
        allowed = me is not None and me.pk != pk and not reason \
            and competition.status == Competition.Status.RUNNING
        rungs.append(Rung(place, entries[pk], open_by.get(pk), allowed,
                          _sentence(reason, competition) if reason and me and me.pk != pk
                          else ""))
    history = list(competition.ladder_events.select_related("player__player",
                                                             "challenged__player")
                   .order_by("-at", "-pk")[:100])
    may_join = (user.is_authenticated and me is None
                and competition.status == Competition.Status.RUNNING
                and Player.objects.filter(club=competition.season.club, user=user).exists())
    return LadderPage(competition, rungs, challenges, history, me, may_join)
