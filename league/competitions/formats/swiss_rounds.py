"""The next Swiss round, paired from the confirmed results once the current one is complete (up
to swiss_rounds) and no decision is pending; a Swiss that cannot be paired further ends, and its
page says why."""

from __future__ import annotations

import logging
from collections import Counter

from django.utils import timezone

from league.competitions.algorithms.swiss import PairingImpossible, SwissRound, pair_next_round
from league.competitions.base.brackets import (
    fixture_key,
)
from league.competitions.base.selectors import UNCONFIRMED, has_match_in
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import AuditEntry, ClubNight, Competition, Match, Round
from league.competitions.standings.services import as_match_result, points_of

log = logging.getLogger(__name__)


def advance_swiss(competition: Competition) -> None:
    """Pair the next round once the current one is complete (up to swiss_rounds) and no
    decision is pending; never a round that waits for the organizer at a club night
    (league.competitions.nights.services.paired_at_nights)."""
    if (has_match_in(competition.pk, UNCONFIRMED)
            or pending_decisions(competition) or paired_at_nights(competition)):
        return
    played = competition.rounds.count()
    if played < (competition.swiss_rounds or 0):
        pair_swiss_round(competition, played + 1)


def paired_at_nights(competition: Competition) -> bool:
    """Whether the Swiss's next round waits for the organizer at a club night: a night is open,
    its latest round was paired at one, or it started with round 1 left for a night."""
    if competition.nights.filter(status=ClubNight.Status.OPEN).exists():
        return True
    latest = competition.rounds.order_by("-number").first()
    if latest is None:
        return competition.status == Competition.Status.RUNNING
    return latest.night_id is not None


def pair_swiss_round(competition: Competition, number: int) -> bool:
    """Create round `number` from the confirmed results (idempotent). False if it cannot be
    paired (fewer than two players left, or no pairing without a rematch): the Swiss ends, and
    its page says why (`ended_early`)."""
    if competition.rounds.filter(number=number).exists():
        return True
    active = [e.pk for e in competition.entries.filter(withdrawn_at__isnull=True)
              .exclude(seed=None).order_by("seed")]
    if len(active) < 2:
        return _ended_early(competition, number, "fewer than two players are left in it")
    try:
        drawn = paired_from_results(competition, number, active)
    except PairingImpossible as error:
        return _ended_early(competition, number, str(error))
    create_swiss_round(competition, number, drawn.pairings, drawn.bye)
    _set_ended_early(competition, "")  # a correction may let a Swiss that had ended go on
    return True


def paired_from_results(competition: Competition, number: int, seeds: list[int]) -> SwissRound:
    """Round `number` of these players (in seed order) paired from the confirmed results of the
    rounds before it. Raises PairingImpossible."""
    earlier = list(competition.matches.filter(status=Match.Status.CONFIRMED,
                                              round__number__lt=number))
    results = [r for r in map(as_match_result, earlier) if r is not None]
    dealt_first = Counter(m.entry_a_id for m in earlier if m.entry_b_id is not None)
    return pair_next_round(seeds, results, points=points_of(competition), dealt_first=dealt_first)


def _ended_early(competition: Competition, number: int, reason: str) -> bool:
    log.warning("Swiss %s: round %s cannot be paired (%s); the Swiss ends here",
                competition.pk, number, reason)
    _set_ended_early(competition, ended_early_note(number, competition.swiss_rounds, reason))
    return False


def ended_early_note(number: int, planned: int | None, reason: str) -> str:
    played = f"round {number - 1} of {planned}" if planned else f"round {number - 1}"
    return f"Round {number} could not be paired: {reason}. The Swiss ended after {played}."


def _set_ended_early(competition: Competition, note: str) -> None:
    if competition.ended_early != note:
        competition.ended_early = note
        competition.save(update_fields=["ended_early"])


def create_swiss_round(competition: Competition, number: int, pairings, bye, *,
                       night=None) -> Round:
    """The round's matches in pairing order. Paired at a club night (`night`): its matches are
    given tables 1..n. A player's first match after round 1 is audited as a late entry if he was
    entered late (Entry.entered_late_at); otherwise he was only absent from a night's round."""
    # A Swiss played as a competition's first stage: its rounds are that stage's.
    stage = competition.stages.filter(order=1).first()
    round_ = Round.objects.create(competition=competition, stage=stage, number=number,
                                  name=f"Round {number}", night=night)
    matches = [
        Match(competition=competition, round=round_, key=fixture_key(number, table),
              entry_a_id=a, entry_b_id=b, status=Match.Status.SCHEDULED,
              table=str(table + 1) if night is not None else "")
        for table, (a, b) in enumerate(pairings)
    ]
    if bye is not None:
        matches.append(Match(competition=competition, round=round_, key=fixture_key(number, None),
                             entry_a_id=bye, kind=Match.Kind.BYE, status=Match.Status.CONFIRMED,
                             confirmed_at=timezone.now()))
    Match.objects.bulk_create(matches)
    _audit_late_entries(competition, number, matches)
    return round_


def _audit_late_entries(competition: Competition, number: int, matches: list[Match]) -> None:
    """A player first paired after round 1 who was entered late (Entry.entered_late_at, by
    league.competitions.entries.late_entries). One entered from the start but first paired later was
    only absent from a club night's rounds: no late entry."""
    if number == 1:
        return
    earlier = competition.matches.filter(round__number__lt=number)
    seen = set(earlier.values_list("entry_a", flat=True)) | set(
        earlier.values_list("entry_b", flat=True))
    seen |= set(competition.entries.filter(entered_late_at=None).values_list("pk", flat=True))
    firsts = [(m, e) for m in matches for e in (m.entry_a_id, m.entry_b_id)
              if e is not None and e not in seen]
    if not firsts:
        return
    names = dict(competition.entries.values_list("pk", "player__name"))
    AuditEntry.objects.bulk_create(
        AuditEntry(match=m, action=AuditEntry.Action.LATE_ENTRY,
                   comment=f"{names[e]} entered late: first paired in round {number}, with "
                           "0 points.")
        for m, e in firsts
    )
