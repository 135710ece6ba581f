"""Club nights: an evening of play for one competition, paired from the players present.

- The organizer schedules a night ahead (`schedule_night`) or opens one on the evening
  (`open_night`); a competition has at most one night open. Only a running Swiss or league
  without stages has nights (a knockout's bracket and a ladder's challenges pair themselves).
- A player checks in himself (his entry in the competition, from the night's page) or the
  organizer ticks him present; either may check him out again (he left). A player who left and
  comes back checks in again. Only while the night is open, only an entry not withdrawn.
- Swiss: the organizer pairs each round of the night (`pair_night_round`) from the entries
  present (checked in, not left, not withdrawn), once the round before is complete and no
  decision is pending: the usual Swiss pairing from the confirmed results over those players
  only, a bye if they are odd, tables numbered 1..n in pairing order. An absent player gets no
  match that round: the tiebreaks count it as a round he chose not to play
  (league.competitions.algorithms.tiebreaks). While a night is open, or after a round paired at one,
  or before round 1 of a Swiss started for a night, no round is paired automatically
  (league.competitions.formats.swiss_rounds.paired_at_nights): the next round waits for the
  organizer at the next night.
- League: the night plays the open fixtures of its rounds (those whose dates include the
  night's date; undated, the first round with an open fixture). `pair_night_round` seats at
  tables 1..n the fixtures whose two players are present; a fixture with a player absent is
  left to the organizer: postponed (a later play-by date) or a no-show recorded
  (league.competitions.results.forfeits).
- A walk-in (`walk_in`): a club player not entered, or a newcomer added to the club by name, is
  entered late (league.competitions.entries.late_entries, with its refusals) and checked in at once,
  in one transaction: paired from the night's next round (a Swiss audits his first pairing as a
  late entry).
- A walk-in entered by mistake (the wrong player picked, a name mistyped) is taken out again
  (`undo_walk_in`) until he is paired: his entry goes, and the player too when the walk-in added
  him to the club. A league walk-in is paired at once (his fixtures are made as he enters), so
  only a Swiss walk-in can be taken out; after that, withdrawal is the way.
- A player who leaves with his match of the night unplayed: the organizer records it as his
  forfeit or his no-show (`settle_left_match`, league.competitions.results.forfeits), or lets it be
  played later.
- `close_night` ends it: the matches of its rounds are finished and entered as usual after.
- After a night, a Swiss whose latest round was paired at one waits for the next night; the
  organizer may instead pair the next round from every active entry (`pair_from_every_entry`),
  and the Swiss is then paired automatically again, as before nights.

Locks: the competition row (FOR NO KEY UPDATE, as the progression takes it) before the night
row; a check-in takes the night row only.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from league.clubs.models import Player
from league.clubs.permissions import is_organizer, require_organizer
from league.competitions.algorithms.swiss import PairingImpossible
from league.competitions.entries.late_entries import add_late_entry, add_new_player_late
from league.competitions.formats import swiss_rounds
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import CheckIn, ClubNight, Competition, Entry, Match, Round
from league.competitions.results.forfeits import record_forfeit
from league.competitions.schedule.services import extend_match
from league.core.errors import NotAllowed, ServiceError

OPEN, SCHEDULED, CLOSED = (ClubNight.Status.OPEN, ClubNight.Status.SCHEDULED,
                           ClubNight.Status.CLOSED)
FINISHED_MATCH = (Match.Status.CONFIRMED, Match.Status.VOID)


def night_refusal(competition: Competition) -> str:
    """Why the competition has no club night; "" when it may have one."""
    if competition.format not in (Competition.Format.SWISS, Competition.Format.LEAGUE):
        return "Club nights pair a Swiss or a league's rounds; this competition pairs itself."
    if competition.stages.exists():
        return "A competition played in stages has no club nights."
    if competition.status == Competition.Status.DRAFT:
        return "Start the competition first: a club night pairs a running competition."
    if competition.status == Competition.Status.FINISHED:
        return "The competition is finished: it has no more rounds to play."
    return ""


def schedule_night(competition_id: int, *, actor, starts_at: datetime) -> ClubNight:
    """A night announced ahead; it is opened on the evening."""
    with transaction.atomic():
        competition = _locked_competition(competition_id, actor)
        if starts_at < timezone.now():
            raise ServiceError("Choose a time still to come for the next night.",
                               field="starts_at")
        return ClubNight.objects.create(competition=competition, starts_at=starts_at)


def open_night(competition_id: int, *, actor, night_id: int | None = None) -> ClubNight:
    """Open the scheduled night `night_id`, or a new one starting now."""
    with transaction.atomic():
        competition = _locked_competition(competition_id, actor)
        if competition.nights.filter(status=OPEN).exists():
            raise ServiceError("A club night is already open for this competition: close it "
                               "first.")
        now = timezone.now()
        if night_id is None:
            night = ClubNight(competition=competition, starts_at=now)
        else:
            night = (ClubNight.objects.select_for_update()
                     .filter(pk=night_id, competition=competition).first())
            if night is None:
                raise ServiceError("No such club night.")
            if night.status != SCHEDULED:
                raise ServiceError("This club night has been opened already.")
        night.status, night.opened_at, night.opened_by = OPEN, now, actor
        night.save()
        return night


def check_in(night_id: int, *, actor, entry_id: int | None = None) -> CheckIn:
    """The actor's own entry present, or (for an organizer) the entry `entry_id`."""
    with transaction.atomic():
        night = _locked_open_night(night_id)
        entry = _entry_of(night, actor, entry_id)
        if entry.withdrawn_at is not None:
            raise ServiceError(f"{entry.player.name} has withdrawn from "
                               f"{night.competition.name}.")
        now = timezone.now()
        found = CheckIn.objects.filter(night=night, entry=entry).first()
        if found is None:
            try:
                with transaction.atomic():
                    return CheckIn.objects.create(night=night, entry=entry, checked_in_at=now,
                                                  checked_in_by=actor)
            except IntegrityError:  # checked in by someone else a moment ago
                found = CheckIn.objects.get(night=night, entry=entry)
        if found.left_at is None:
            raise ServiceError(f"{entry.player.name} is checked in already.")
        found.left_at, found.left_by = None, None
        found.checked_in_at, found.checked_in_by = now, actor
        found.save(update_fields=["left_at", "left_by", "checked_in_at", "checked_in_by"])
        return found


def check_out(night_id: int, *, actor, entry_id: int | None = None) -> CheckIn:
    """The actor (or, for an organizer, the entry `entry_id`) has left: paired no more tonight."""
    with transaction.atomic():
        night = _locked_open_night(night_id)
        entry = _entry_of(night, actor, entry_id)
        found = CheckIn.objects.filter(night=night, entry=entry, left_at=None).first()
        if found is None:
            raise ServiceError(f"{entry.player.name} is not checked in.")
        found.left_at, found.left_by = timezone.now(), actor
        found.save(update_fields=["left_at", "left_by"])
        return found


def walk_in(night_id: int, *, actor, player_id: int | None = None, name: str = "") -> CheckIn:
    """Someone not entered arrives: the club player `player_id`, or a new player of the club
    called `name`, entered late and checked in at once. All of it, or none of it."""
    with transaction.atomic():
        competition, night = _locked_competition_and_night(night_id, actor)
        if player_id is not None:
            late = add_late_entry(competition.pk, player_id, actor=actor)
        elif name.strip():
            late = add_new_player_late(competition.pk, name, actor=actor)
        else:
            raise ServiceError("Choose a player of the club, or give the newcomer's name.",
                               field="player")
        return CheckIn.objects.create(night=night, entry=late.entry,
                                      checked_in_at=timezone.now(), checked_in_by=actor)


def undo_walk_in(night_id: int, entry_id: int, *, actor) -> tuple[str, bool]:
    """A walk-in entered by mistake taken out again, while he is not yet paired: his entry and
    check-in go, and so does the player when he joined the club since the night opened (a
    newcomer's name typed wrong) and has no other entry and no account. Returns his name and
    whether the player went too."""
    with transaction.atomic():
        competition, night = _locked_competition_and_night(night_id, actor)
        entry = (competition.entries.select_related("player")
                 .filter(pk=entry_id, check_ins__night=night).first())
        if entry is None:
            raise ServiceError("That player is not checked in tonight.")
        if reason := walk_in_undo_refusal(night, entry):
            raise ServiceError(reason)
        player = entry.player
        entry.delete()
        newcomer = (player.created_at >= night.opened_at and player.user_id is None
                    and not player.entries.exists())
        if newcomer:
            player.delete()
        return player.name, newcomer


def entered_tonight(night: ClubNight, entry: Entry) -> bool:
    """Whether `entry` came in late since the night opened: a walk-in of this night."""
    return entry.entered_late_at is not None and entry.entered_late_at >= night.opened_at


def walk_in_undo_refusal(night: ClubNight, entry: Entry) -> str:
    """Why the walk-in `entry` can no longer be taken out; "" when he can."""
    if not entered_tonight(night, entry):
        return (f"{entry.player.name} was entered before tonight: check him out, or withdraw "
                "him from the competition's entries.")
    if Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry)).exists():
        return (f"{entry.player.name} is paired already: his match stands (check him out, or "
                "withdraw him).")
    return ""


def set_present(night_id: int, *, actor, present: set[int]) -> tuple[int, int]:
    """The organizer's list: the ticked entries checked in, the unticked who were present
    checked out (left). Returns how many came and how many left."""
    with transaction.atomic():
        night = _locked_open_night(night_id)
        require_organizer(actor, night.competition.season.club)
        entries = {e.pk: e for e in night.competition.entries.filter(withdrawn_at=None)}
        if unknown := present - set(entries):
            raise ServiceError(f"{len(unknown)} of the players ticked are not in the "
                               "competition (or have withdrawn).")
        rows = {c.entry_id: c for c in night.check_ins.all()}
        now = timezone.now()
        came = left = 0
        for pk in sorted(present):
            row = rows.get(pk)
            if row is None:
                CheckIn.objects.create(night=night, entry_id=pk, checked_in_at=now,
                                       checked_in_by=actor)
            elif row.left_at is not None:
                row.left_at, row.left_by, row.checked_in_at, row.checked_in_by = (
                    None, None, now, actor)
                row.save(update_fields=["left_at", "left_by", "checked_in_at",
                                        "checked_in_by"])
            else:
                continue
            came += 1
        for pk, row in rows.items():
            if pk not in present and row.left_at is None:
                row.left_at, row.left_by = now, actor
                row.save(update_fields=["left_at", "left_by"])
                left += 1
        return came, left


def present_entries(night: ClubNight) -> list[int]:
    """The entries of the night's players present (checked in, not left, not withdrawn), in
    seed order."""
    return list(Entry.objects.filter(
        check_ins__night=night, check_ins__left_at=None, withdrawn_at=None)
        .order_by("seed", "pk").values_list("pk", flat=True))


def pair_night_round(night_id: int, *, actor) -> Round:
    """The next round of the night from the players present: a Swiss round paired, or a
    league round's fixtures of two present players seated at tables."""
    with transaction.atomic():
        night = ClubNight.objects.filter(pk=night_id).select_related("competition").first()
        if night is None:
            raise ServiceError("No such club night.")
        competition = _locked_competition(night.competition_id, actor)
        night = _locked_open_night(night_id)
        if competition.format == Competition.Format.SWISS:
            return _pair_swiss(night, competition)
        return _seat_league(night, competition)


def close_night(night_id: int, *, actor) -> ClubNight:
    with transaction.atomic():
        night = ClubNight.objects.filter(pk=night_id).first()
        if night is None:
            raise ServiceError("No such club night.")
        competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                       .select_related("season__club").get(pk=night.competition_id))
        require_organizer(actor, competition.season.club)
        night = _locked_open_night(night_id)
        night.status, night.closed_at = CLOSED, timezone.now()
        night.save(update_fields=["status", "closed_at"])
        return night


def postpone_fixture(night_id: int, match_id: int, *, actor, play_by: date) -> Match:
    """A league fixture of the night with a player absent, to be played by a later date."""
    _night_fixture(night_id, match_id, actor)
    return extend_match(match_id, actor=actor, play_by=play_by)


def forfeit_fixture(night_id: int, match_id: int, *, actor, absent: str) -> Match:
    """A league fixture of the night with a player absent, recorded as his no-show."""
    _night_fixture(night_id, match_id, actor)
    return record_forfeit(match_id, actor=actor, absent=absent, kind=Match.Kind.NO_SHOW)


UNPLAYED = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
LEFT_KINDS = (Match.Kind.FORFEIT, Match.Kind.NO_SHOW)


def left_sides(match: Match, gone: set[int]) -> str:
    """Who of the match's two players has left the night: "A", "B", "both" or ""."""
    a, b = match.entry_a_id in gone, match.entry_b_id in gone
    return "both" if a and b else "A" if a else "B" if b else ""


def settle_left_match(night_id: int, match_id: int, *, actor, kind: str) -> Match:
    """A match the night seated at a table, left unplayed by a player who has gone: his
    forfeit (he conceded) or his no-show (he played none of it); both gone, a double forfeit.
    (A league fixture the night did not seat is postponed or a no-show: `forfeit_fixture`.)"""
    if kind not in LEFT_KINDS:
        raise ServiceError("Choose a forfeit or a no-show.", field="kind")
    night = (ClubNight.objects.filter(pk=night_id)
             .select_related("competition__season__club").first())
    if night is None:
        raise ServiceError("No such club night.")
    require_organizer(actor, night.competition.season.club)
    match = (Match.objects.filter(pk=match_id, round__night=night, kind=Match.Kind.PLAYED)
             .exclude(table="").select_related("entry_a__player", "entry_b__player").first())
    if match is None:
        raise ServiceError("That match is not one of the night's.")
    if match.status not in UNPLAYED:
        raise ServiceError("That match is no longer open: its result has been entered.")
    gone = set(night.check_ins.exclude(left_at=None).values_list("entry_id", flat=True))
    absent = left_sides(match, gone)
    if not absent:
        raise ServiceError("Neither player of that match has left the night.")
    names = {"A": match.entry_a.player.name, "B": match.entry_b.player.name}
    if absent == "both":
        comment = (f"{names['A']} and {names['B']} both left the club night with the match "
                   "unplayed: a double forfeit.")
    else:
        what = "a forfeit" if kind == Match.Kind.FORFEIT else "a no-show"
        comment = f"{names[absent]} left the club night with the match unplayed: {what}."
    return record_forfeit(match.pk, actor=actor, absent=absent, kind=kind, comment=comment)


# Swiss -------------------------------------------------------------------------------------------


def swiss_waits_for_a_night(competition: Competition) -> bool:
    """Whether the running Swiss's next round waits for the organizer at a club night."""
    return (competition.format == Competition.Format.SWISS
            and competition.status == Competition.Status.RUNNING
            and competition.rounds.count() < (competition.swiss_rounds or 0)
            and swiss_rounds.paired_at_nights(competition))


def pair_from_every_entry(competition_id: int, *, actor) -> Round:
    """The Swiss's next round paired now from every active entry, without a night, as the
    Swiss pairs itself: from then on each round is paired automatically again once the one
    before is complete (until a round is paired at a night)."""
    with transaction.atomic():
        competition = _locked_competition(competition_id, actor)
        if competition.format != Competition.Format.SWISS:
            raise ServiceError("Only a Swiss's rounds are paired from every entry.")
        if competition.nights.filter(status=OPEN).exists():
            raise ServiceError("A club night is open: pair the round on the night's page, or "
                               "close the night first.")
        number = _next_swiss_round(competition)
        active = list(competition.entries.filter(withdrawn_at=None).exclude(seed=None)
                      .order_by("seed").values_list("pk", flat=True))
        if len(active) < 2:
            raise ServiceError(f"Round {number} needs at least two players in the Swiss.")
        try:
            drawn = swiss_rounds.paired_from_results(competition, number, active)
        except PairingImpossible as error:
            raise ServiceError(f"Round {number} cannot be paired: {error}.") from error
        return swiss_rounds.create_swiss_round(competition, number, drawn.pairings, drawn.bye)


def _next_swiss_round(competition: Competition) -> int:
    """The number of the Swiss round to pair next; refused while it may not be paired."""
    number = competition.rounds.count() + 1
    planned = competition.swiss_rounds or 0
    if number > planned:
        raise ServiceError(f"All {planned} rounds of the Swiss are paired.")
    if competition.ended_early:
        raise ServiceError(competition.ended_early)
    unfinished = competition.matches.exclude(status__in=FINISHED_MATCH).count()
    if unfinished:
        raise ServiceError(f"Round {number - 1} is not finished: {unfinished} "
                           f"match{'es are' if unfinished > 1 else ' is'} still to be "
                           "confirmed.")
    if pending_decisions(competition):
        raise ServiceError("A decision about a corrected result is pending: make it on the "
                           "matches page first.")
    return number



def _pair_swiss(night: ClubNight, competition: Competition) -> Round:
    number = _next_swiss_round(competition)
    present = present_entries(night)
    if len(present) < 2:
        raise ServiceError(f"Round {number} needs at least two players present; "
                           f"{len(present)} {'is' if len(present) == 1 else 'are'} checked in.")
    try:
        drawn = swiss_rounds.paired_from_results(competition, number, present)
    except PairingImpossible as error:
        raise ServiceError(f"Round {number} cannot be paired from the players present: "
                           f"{error}.") from error
    return swiss_rounds.create_swiss_round(competition, number, drawn.pairings, drawn.bye,
                                           night=night)


# League ------------------------------------------------------------------------------------------


def league_rounds(night: ClubNight) -> list[Round]:
    """The league rounds the night plays: those with an open fixture whose dates include the
    night's date (in the club's time zone), or else the first round with an open fixture."""
    competition = night.competition
    day = timezone.localtime(night.starts_at, _zone(competition.season.club)).date()
    rounds = list(competition.rounds.filter(
        matches__status__in=(Match.Status.SCHEDULED, Match.Status.IN_PROGRESS,
                             Match.Status.REPORTED, Match.Status.DISPUTED))
        .distinct().order_by("number"))
    dated = [r for r in rounds if r.starts_on is not None and r.starts_on <= day
             and (r.play_by is None or day <= r.play_by)]
    return dated or rounds[:1]


def _seat_league(night: ClubNight, competition: Competition) -> Round:
    rounds = league_rounds(night)
    if not rounds:
        raise ServiceError("Every fixture of the league is played: no round is left for the "
                           "night.")
    present = set(present_entries(night))
    if len(present) < 2:
        raise ServiceError(f"The night needs at least two players present; {len(present)} "
                           f"{'is' if len(present) == 1 else 'are'} checked in.")
    matches = list(Match.objects.select_for_update(of=("self",))
                   .filter(round__in=rounds, status=Match.Status.SCHEDULED,
                           kind=Match.Kind.PLAYED, table="")
                   .order_by("round__number", "pk"))
    seated = [m for m in matches if m.entry_a_id in present and m.entry_b_id in present]
    if not seated:
        raise ServiceError("No fixture of the night has both its players present.")
    taken = set(Match.objects.filter(round__in=rounds).exclude(table="")
                .values_list("table", flat=True))
    tables = (str(n) for n in range(1, 10**4) if str(n) not in taken)
    for match in seated:
        match.table = next(tables)
    Match.objects.bulk_update(seated, ["table"])
    Round.objects.filter(pk__in={m.round_id for m in seated}, night=None).update(night=night)
    return next(r for r in rounds if r.pk == seated[0].round_id)


def _night_fixture(night_id: int, match_id: int, actor) -> None:
    night = ClubNight.objects.filter(pk=night_id).select_related("competition__season__club").first()
    if night is None:
        raise ServiceError("No such club night.")
    require_organizer(actor, night.competition.season.club)
    if not night.is_open:
        raise ServiceError("The club night is not open.")
    if not any(r.matches.filter(pk=match_id).exists() for r in league_rounds(night)):
        raise ServiceError("That fixture is not one of the night's.")


# Shared ------------------------------------------------------------------------------------------


def _zone(club) -> ZoneInfo:
    try:
        return ZoneInfo(club.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _locked_competition(competition_id: int, actor) -> Competition:
    competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                   .select_related("season__club").filter(pk=competition_id).first())
    if competition is None:
        raise ServiceError("No such competition.")
    require_organizer(actor, competition.season.club)
    if reason := night_refusal(competition):
        raise ServiceError(reason)
    return competition


def _locked_competition_and_night(night_id: int, actor) -> tuple[Competition, ClubNight]:
    """An open night's competition and the night, locked in that order, for its organizer."""
    night = ClubNight.objects.filter(pk=night_id).first()
    if night is None:
        raise ServiceError("No such club night.")
    return _locked_competition(night.competition_id, actor), _locked_open_night(night_id)


def _locked_open_night(night_id: int) -> ClubNight:
    night = (ClubNight.objects.select_for_update(of=("self",))
             .select_related("competition__season__club").filter(pk=night_id).first())
    if night is None:
        raise ServiceError("No such club night.")
    if night.status == SCHEDULED:
        raise ServiceError("The club night has not been opened yet.")
    if night.status == CLOSED:
        raise ServiceError("The club night is closed.")
    return night


def _entry_of(night: ClubNight, actor, entry_id: int | None) -> Entry:
    """The entry checked in or out: the actor's own, or any of the competition's for its
    organizer."""
    competition = night.competition
    entries = Entry.objects.filter(competition=competition).select_related("player")
    if entry_id is not None and not (
            actor.is_authenticated and entries.filter(pk=entry_id, player__user=actor).exists()):
        require_organizer(actor, competition.season.club)
        entry = entries.filter(pk=entry_id).first()
        if entry is None:
            raise ServiceError("That player is not in this competition.")
        return entry
    if not actor.is_authenticated:
        raise NotAllowed("Sign in to check in.")
    player = Player.objects.filter(club=competition.season.club, user=actor).first()
    entry = entries.filter(Q(player=player)).first() if player is not None else None
    if entry is None:
        if is_organizer(actor, competition.season.club):
            raise ServiceError("Choose the player to check in from the list.")
        raise NotAllowed(f"Only the players entered in {competition.name} check in.")
    return entry
