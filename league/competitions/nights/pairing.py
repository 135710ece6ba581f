"""Pairing a club night's rounds: a Swiss round from the players present (or, after the
nights, from every active entry), a league's open fixtures of the night seated at tables, and
what becomes of a fixture a player missed or left unplayed."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.clubs.permissions import require_organizer
from league.competitions.algorithms.swiss import PairingImpossible
from league.competitions.formats import swiss_rounds
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import ClubNight, Competition, Match, Round
from league.competitions.nights.attendance import present_entries
from league.competitions.nights.guards import (
    OPEN,
    club_zone_of,
    locked_competition,
    locked_open_night,
)
from league.competitions.results.forfeits import record_forfeit
from league.competitions.schedule.services import extend_match
from league.core.errors import ServiceError

FINISHED_MATCH = (Match.Status.CONFIRMED, Match.Status.VOID)


def pair_night_round(night_id: int, *, actor) -> Round:
    """The next round of the night from the players present: a Swiss round paired, or a
    league round's fixtures of two present players seated at tables."""
    with transaction.atomic():
        night = ClubNight.objects.filter(pk=night_id).select_related("competition").first()
        if night is None:
            raise ServiceError(_("No such club night."))
        competition = locked_competition(night.competition_id, actor)
        night = locked_open_night(night_id)
        if competition.format == Competition.Format.SWISS:
            return _pair_swiss(night, competition)
        return _seat_league(night, competition)


def postpone_fixture(night_id: int, match_id: int, *, actor, play_by: date) -> Match:
    """A league fixture of the night with a player absent, to be played by a later date."""
    night_fixture(night_id, match_id, actor)
    return extend_match(match_id, actor=actor, play_by=play_by)


def forfeit_fixture(night_id: int, match_id: int, *, actor, absent: str) -> Match:
    """A league fixture of the night with a player absent, recorded as his no-show."""
    night_fixture(night_id, match_id, actor)
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
        raise ServiceError(_("Choose a forfeit or a no-show."), field="kind")
    night = (ClubNight.objects.filter(pk=night_id)
             .select_related("competition__season__club").first())
    if night is None:
        raise ServiceError(_("No such club night."))
    require_organizer(actor, night.competition.season.club)
    match = (Match.objects.filter(pk=match_id, round__night=night, kind=Match.Kind.PLAYED)
             .exclude(table="").select_related("entry_a__player", "entry_b__player").first())
    if match is None:
        raise ServiceError(_("That match is not one of the night's."))
    if match.status not in UNPLAYED:
        raise ServiceError(_("That match is no longer open: its result has been entered."))
    gone = set(night.check_ins.exclude(left_at=None).values_list("entry_id", flat=True))
    absent = left_sides(match, gone)
    if not absent:
        raise ServiceError(_("Neither player of that match has left the night."))
    names = {"A": match.entry_a.player.name, "B": match.entry_b.player.name}
    if absent == "both":
        comment = (f"{names['A']} and {names['B']} both left the club night with the match "
                   "unplayed: a double forfeit.")
    else:
        what = "a forfeit" if kind == Match.Kind.FORFEIT else "a no-show"
        comment = f"{names[absent]} left the club night with the match unplayed: {what}."
    return record_forfeit(match.pk, actor=actor, absent=absent, kind=kind, comment=comment)


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
        competition = locked_competition(competition_id, actor)
        if competition.format != Competition.Format.SWISS:
            raise ServiceError(_("Only a Swiss's rounds are paired from every entry."))
        if competition.nights.filter(status=OPEN).exists():
            raise ServiceError(_("A club night is open: pair the round on the night's page, or "
                               "close the night first."))
        number = _next_swiss_round(competition)
        active = list(competition.entries.filter(withdrawn_at=None).exclude(seed=None)
                      .order_by("seed").values_list("pk", flat=True))
        if len(active) < 2:
            raise ServiceError(_("Round %(number)s needs at least two players in the Swiss.") % {"number": number})
        try:
            drawn = swiss_rounds.paired_from_results(competition, number, active)
        except PairingImpossible as error:
            raise ServiceError(_("Round %(number)s cannot be paired: %(error)s.") % {"number": number, "error": error}) from error
        return swiss_rounds.create_swiss_round(competition, number, drawn.pairings, drawn.bye)


def _next_swiss_round(competition: Competition) -> int:
    """The number of the Swiss round to pair next; refused while it may not be paired."""
    number = competition.rounds.count() + 1
    planned = competition.swiss_rounds or 0
    if number > planned:
        raise ServiceError(_("All %(planned)s rounds of the Swiss are paired.") % {"planned": planned})
    if competition.ended_early:
        raise ServiceError(competition.ended_early)
    unfinished = competition.matches.exclude(status__in=FINISHED_MATCH).count()
    if unfinished:
        raise ServiceError(ngettext(
            "Round %(round)s is not finished: %(unfinished)s match is still to be confirmed.",
            "Round %(round)s is not finished: %(unfinished)s matches are still to be confirmed.",
            unfinished) % {"round": number - 1, "unfinished": unfinished})
    if pending_decisions(competition):
        raise ServiceError(_("A decision about a corrected result is pending: make it on the "
                           "matches page first."))
    return number


def _pair_swiss(night: ClubNight, competition: Competition) -> Round:
    number = _next_swiss_round(competition)
    present = present_entries(night)
    if len(present) < 2:
        raise ServiceError(ngettext(
            "Round %(number)s needs at least two players present; %(present)s is checked in.",
            "Round %(number)s needs at least two players present; %(present)s are checked in.",
            len(present)) % {"number": number, "present": len(present)})
    try:
        drawn = swiss_rounds.paired_from_results(competition, number, present)
    except PairingImpossible as error:
        raise ServiceError(_("Round %(number)s cannot be paired from the players present: %(error)s.") % {"number": number, "error": error}) from error
    return swiss_rounds.create_swiss_round(competition, number, drawn.pairings, drawn.bye,
                                           night=night)


def league_rounds(night: ClubNight) -> list[Round]:
    """The league rounds the night plays: those with an open fixture whose dates include the
    night's date (in the club's time zone), or else the first round with an open fixture."""
    competition = night.competition
    day = timezone.localtime(night.starts_at, club_zone_of(competition.season.club)).date()
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
        raise ServiceError(_("Every fixture of the league is played: no round is left for the "
                           "night."))
    present = set(present_entries(night))
    if len(present) < 2:
        raise ServiceError(ngettext(
            "The night needs at least two players present; %(present)s is checked in.",
            "The night needs at least two players present; %(present)s are checked in.",
            len(present)) % {"present": len(present)})
    matches = list(Match.objects.select_for_update(of=("self",))
                   .filter(round__in=rounds, status=Match.Status.SCHEDULED,
                           kind=Match.Kind.PLAYED, table="")
                   .order_by("round__number", "pk"))
    seated = [m for m in matches if m.entry_a_id in present and m.entry_b_id in present]
    if not seated:
        raise ServiceError(_("No fixture of the night has both its players present."))
    taken = set(Match.objects.filter(round__in=rounds).exclude(table="")
                .values_list("table", flat=True))
    tables = (str(n) for n in range(1, 10**4) if str(n) not in taken)
    for match in seated:
        match.table = next(tables)
    Match.objects.bulk_update(seated, ["table"])
    Round.objects.filter(pk__in={m.round_id for m in seated}, night=None).update(night=night)
    return next(r for r in rounds if r.pk == seated[0].round_id)


def night_fixture(night_id: int, match_id: int, actor) -> None:
    night = ClubNight.objects.filter(pk=night_id).select_related("competition__season__club").first()
    if night is None:
        raise ServiceError(_("No such club night."))
    require_organizer(actor, night.competition.season.club)
    if not night.is_open:
        raise ServiceError(_("The club night is not open."))
    if not any(r.matches.filter(pk=match_id).exists() for r in league_rounds(night)):
        raise ServiceError(_("That fixture is not one of the night's."))
