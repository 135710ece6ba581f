"""A player entered after the competition has started.

- League: the newcomer takes the bye seat of every round from the round in play on (an odd field
  has one a round; that bye becomes his fixture against the player who had it), and the meetings
  that leaves out follow as catch-up rounds of one match each, after the last round; in a double
  round robin he meets everyone twice (league.competitions.algorithms.seeding.late_entry_round_robin). The
  round in play is the first with a match not yet confirmed. A meeting with a player who has
  withdrawn is a walkover for the newcomer at once, as the withdrawal made every other remaining
  match of theirs. Every match made or changed has an audit entry "late entry".
- Swiss: the newcomer is paired from the next round on, with 0 points: no half point for the
  rounds he missed (kept simple: the Swiss has no setting for it). Refused when no round is left
  to pair. His first pairing is audited when it is made (league.competitions.formats.progression).
- Knockouts: refused. A drawn bracket has no slot for another player.

The newcomer is seeded last (league.competitions.algorithms.seeding.insert_late_entry without ratings). All in
one transaction with the competition's row locked, so two organizers cannot enter at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import require_organizer
from league.clubs.services.players import add_player
from league.competitions.algorithms.round_robin import Fixture, Round
from league.competitions.algorithms.seeding import insert_late_entry, late_entry_round_robin
from league.competitions.base.brackets import fixture_key, table_of
from league.competitions.base.outbox import enqueue_result_follow_up
from league.competitions.models import AuditEntry, Competition, Entry, Match
from league.competitions.models import Round as RoundRow
from league.core.errors import ServiceError

LATE = AuditEntry.Action.LATE_ENTRY
UNFINISHED = (Match.Status.CONFIRMED, Match.Status.VOID)


@dataclass(frozen=True, slots=True)
class LateEntry:
    entry: Entry
    matches: tuple[Match, ...]  # the league matches made or changed for him (none in a Swiss)
    from_round: int  # the first round he plays in


def add_late_entry(competition_id: int, player_id: int, *, actor) -> LateEntry:
    """Enter a player of the club in a running league or Swiss."""
    with transaction.atomic():
        competition = _locked_running(competition_id, actor)
        player = Player.objects.filter(pk=player_id, club=competition.season.club).first()
        if player is None:
            raise ServiceError(_("No such player in %(club)s.") % {"club": competition.season.club}, field="player")
        if player.is_retired:
            raise ServiceError(_("%(name)s is retired: bring them back first.") % {"name": player.name},
                               field="player")
        return _enter(competition, player, actor)


def add_new_player_late(competition_id: int, name: str, *, actor) -> LateEntry:
    """A new player of the club, entered late: both, or neither."""
    with transaction.atomic():
        competition = _locked_running(competition_id, actor)
        player = add_player(competition.season.club, actor=actor, name=name)
        return _enter(competition, player, actor)


def late_entry_refusal(competition: Competition) -> str:
    """Why the competition takes no late entry now; "" when it does."""
    if competition.status == Competition.Status.DRAFT:
        return _("The competition has not started: enter players the usual way.")
    if competition.status == Competition.Status.FINISHED:
        return _("The competition is finished: nobody can enter any more.")
    if competition.is_knockout:
        return _("A knockout's bracket is drawn when it starts: it has no place for another player.")
    if competition.format == Competition.Format.SWISS and _swiss_rounds_left(competition) < 1:
        return _("The Swiss is in its last round: a late entry would play no match.")
    return ""


def _locked_running(competition_id: int, actor) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None:
        raise ServiceError(_("No such competition."))
    require_organizer(actor, competition.season.club)
    if reason := late_entry_refusal(competition):
        raise ServiceError(reason)
    return competition


def _swiss_rounds_left(competition: Competition) -> int:
    return (competition.swiss_rounds or 0) - competition.rounds.count()


def _enter(competition: Competition, player: Player, actor) -> LateEntry:
    entered = {e.player_id: e for e in competition.entries.all()}
    if player.pk in entered:
        withdrew = entered[player.pk].withdrawn_at
        if withdrew:
            raise ServiceError(_("%(name)s is already entered and withdrew on %(on)s.") % {
                "name": player.name, "on": date_format(withdrew, "SHORT_DATE_FORMAT")},
                field="player")
        raise ServiceError(_("%(name)s is already entered.") % {"name": player.name},
                           field="player")
    seeds = [e.pk for e in sorted(entered.values(), key=lambda e: e.seed or 0) if e.seed]
    entry = Entry.objects.create(competition=competition, player=player,
                                 entered_late_at=timezone.now())
    entry.seed = insert_late_entry(seeds, entry.pk).index(entry.pk) + 1
    entry.save(update_fields=["seed"])
    if competition.format == Competition.Format.SWISS:
        return LateEntry(entry, (), competition.rounds.count() + 1)
    return _enter_league(competition, entry, actor)


# League ------------------------------------------------------------------------------------------


def _enter_league(competition: Competition, entry: Entry, actor) -> LateEntry:
    rows = list(competition.matches.select_for_update(of=("self",)).select_related("round")
                .order_by("round__number", "pk"))
    rounds = _rounds_of(rows)
    open_rounds = [m.round.number for m in rows if m.status not in UNFINISHED]
    start = min(open_rounds, default=max((r.number for r in rounds), default=0) + 1)
    schedule = late_entry_round_robin(rounds, entry.pk, start,
                                      double=competition.double_round_robin)
    byes = {m.round.number: m for m in rows if m.kind == Match.Kind.BYE}
    names = dict(competition.entries.values_list("pk", "player__name"))
    withdrawn = set(competition.entries.exclude(withdrawn_at=None).values_list("pk", flat=True))
    fixtures = [f for r in schedule for f in r.fixtures if entry.pk in f.players]
    made = [_seat(competition, f, byes.get(f.round), entry, names, withdrawn, actor)
            for f in fixtures]
    first = min((f.round for f in fixtures), default=start)
    return LateEntry(entry, tuple(made), first)


def _rounds_of(rows: list[Match]) -> tuple[Round, ...]:
    """The stored fixtures as the round robin's rounds (tables from the match keys)."""
    fixtures: dict[int, list[Fixture]] = {}
    byes: dict[int, int] = {}
    for m in rows:
        number = m.round.number
        tables = fixtures.setdefault(number, [])
        if m.kind == Match.Kind.BYE:
            byes[number] = m.entry_a_id
        elif m.entry_a_id and m.entry_b_id:
            tables.append(Fixture(number, table_of(m.key) + 1, m.entry_a_id,
                                            m.entry_b_id))
    return tuple(Round(n, tuple(sorted(fs, key=lambda f: f.table)), byes.get(n))
                 for n, fs in sorted(fixtures.items()))


def _seat(competition: Competition, fixture: Fixture, bye: Match | None, entry: Entry,
          names: dict[int, str], withdrawn: set[int], actor) -> Match:
    """The newcomer's match: the round's bye turned into a fixture, or a catch-up round's."""
    other = fixture.opponent if fixture.dealer == entry.pk else fixture.dealer
    key = fixture_key(fixture.round, fixture.table - 1)
    if bye is not None and bye.entry_a_id == other:
        match, before = bye, {"kind": bye.kind, "status": bye.status, "entry_a": bye.entry_a_id,
                              "entry_b": None}
        why = f"{names[entry.pk]} entered late and plays {names[other]}, who had the bye."
    else:
        round_, _created = RoundRow.objects.get_or_create(
            competition=competition, number=fixture.round,
            defaults={"name": f"Round {fixture.round} (catch-up)"})
        match, before = Match(competition=competition, round=round_), {}
        why = f"{names[entry.pk]} entered late: a catch-up match against {names[other]}."
    match.key, match.entry_a_id, match.entry_b_id = key, fixture.dealer, fixture.opponent
    match.kind, match.status, match.winner_id, match.confirmed_at = (
        Match.Kind.PLAYED, Match.Status.SCHEDULED, None, None)
    if other in withdrawn:
        match.kind, match.status, match.winner_id = (
            Match.Kind.WALKOVER, Match.Status.CONFIRMED, entry.pk)
        match.confirmed_at = timezone.now()
        why += f" {names[other]} has withdrawn: a walkover for {names[entry.pk]}."
    match.save()
    AuditEntry.objects.create(
        match=match, actor=actor, action=LATE, before=before, comment=why,
        after={"entry_a": match.entry_a_id, "entry_b": match.entry_b_id, "kind": match.kind,
               "status": match.status})
    if match.status == Match.Status.CONFIRMED:
        enqueue_result_follow_up(match)
    return match
