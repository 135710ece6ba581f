"""What follows a confirmed (or corrected) result, recomputed from confirmed facts only, so that
running it twice changes nothing. It runs with the competition's row locked.

- Knockout: `advance()` from every confirmed result fills the slots of every match that has not
  started (pending or scheduled, no games): scheduled once both players are known, walkovers
  where a player has withdrawn, a bracket reset that is not needed becomes "void". A match that
  has started (games, a report, a confirmed result) is never changed: when the bracket now puts
  other players there (a correction after the bracket moved on), the match gets an audit entry
  "needs decision" naming what depends on it, listed by `pending_decisions`, and an organizer
  either resets it (`reset_match`: its games are voided and it is re-seated from the bracket)
  or keeps it (`keep_match`: its players stay in that slot whatever the bracket says).
- Swiss: when every match of the current round is confirmed, the next round is paired (until
  `swiss_rounds`); withdrawn players are not paired, a late entry is (his first match audited).
  A result corrected after a later round was paired from it: that round is paired again if
  nothing of it has started, else an organizer decides (competitions.services.swiss_corrections);
  no round is paired while a decision is pending.
- The competition is finished when its last match is confirmed (knockout: the champion known
  and nothing left to decide), and running again if a correction reopens it.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone

from clubs.permissions import require_organizer
from competitions.algorithms.elimination import Bracket
from competitions.algorithms.elimination_advance import MatchState, MatchStatus, Progress, advance
from competitions.algorithms.swiss import PairingImpossible, pair_next_round
from competitions.models import AuditEntry, Competition, Match, ResultReport, Round
from competitions.services.brackets import (
    bracket_of,
    fixture_key,
    key_text,
    parse_key,
    seeded_entries,
)
from competitions.services.standings import as_match_result, points_of
from core.errors import ServiceError

log = logging.getLogger(__name__)

NEEDS_DECISION = "needs decision"
KEPT = "decision: kept"
RESET = "decision: reset"
NOT_NEEDED = "decision: not needed"  # a later correction put the bracket back as it was played
DECISION_ACTIONS = (NEEDS_DECISION, KEPT, RESET, NOT_NEEDED)
NOT_STARTED = (Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.VOID)


def follow_up_confirmed_result(match_id: int) -> None:
    with transaction.atomic():
        trigger = Match.objects.filter(pk=match_id).first()
        if trigger is None:
            log.info("result follow-up: match %s no longer exists", match_id)
            return
        competition = Competition.objects.select_for_update().get(pk=trigger.competition_id)
        progress_competition(competition, trigger=trigger)


def progress_competition(competition: Competition, *, trigger: Match | None = None) -> None:
    """Bring the competition up to date with its confirmed results (caller holds its lock)."""
    if competition.status == Competition.Status.DRAFT:
        return
    if competition.is_knockout:
        sync_knockout(competition, trigger=trigger)
    elif competition.format == Competition.Format.SWISS:
        _advance_swiss(competition, trigger)
    _finish_if_complete(competition)


def _finish_if_complete(competition: Competition) -> None:
    """Finished when every match is confirmed (or not needed) and no organizer's decision is
    pending; running again when a correction reopened it. Run after the bracket was filled and
    the next Swiss round paired, so a Swiss whose last round is complete (or that cannot be
    paired further) is over."""
    open_matches = competition.matches.exclude(
        status__in=(Match.Status.CONFIRMED, Match.Status.VOID)).exists()
    done = not open_matches and not pending_decisions(competition)
    status = Competition.Status.FINISHED if done else Competition.Status.RUNNING
    if competition.status != status:
        competition.status = status
        competition.save(update_fields=["status"])


# Knockout ------------------------------------------------------------------------------------


def sync_knockout(competition: Competition, *, trigger: Match | None = None) -> Progress:
    entries = list(competition.entries.select_related("player"))
    names = {e.pk: e.player.name for e in entries}
    rows = {parse_key(m.key): m for m in competition.matches.select_for_update(of=("self",))}
    with_games = set(competition.matches.filter(games__isnull=False).values_list(
        "pk", flat=True).distinct())
    decisions = latest_decisions(competition)
    bracket = _with_kept_seats(bracket_of(competition, seeded_entries(entries)), rows, decisions)
    results = [(k, m.winner_id) for k, m in rows.items() if m.status == Match.Status.CONFIRMED]
    withdrawn = {e.pk for e in entries if e.withdrawn_at is not None}
    progress = advance(bracket, results, withdrawn=withdrawn)
    now = timezone.now()
    for state in progress.matches:
        row = rows[state.key]
        if row.status in NOT_STARTED and row.pk not in with_games:
            _seat(row, state, now, names)
        elif _conflicts(row, state, progress):
            _ask_for_decision(row, state, bracket, decisions.get(row.pk), trigger, names)
        elif _asked(decisions.get(row.pk)):
            AuditEntry.objects.create(
                match=row, action=NOT_NEEDED,
                comment="The bracket agrees with this match again: there is nothing to decide.")
    return progress


def _asked(decision: AuditEntry | None) -> bool:
    return decision is not None and decision.action == NEEDS_DECISION


def _with_kept_seats(bracket: Bracket, rows: dict, decisions: dict) -> Bracket:
    """Matches an organizer kept hold their players whatever the bracket feeds them."""
    kept = {}
    for key, row in rows.items():
        decision = decisions.get(row.pk)
        if decision is not None and decision.action == KEPT:
            kept[key] = (decision.after.get("entry_a"), decision.after.get("entry_b"))
    if not kept:
        return bracket
    return Bracket(tuple(replace(m, seeded=kept[m.key]) if m.key in kept else m
                         for m in bracket.matches))


def _conflicts(row: Match, state: MatchState, progress: Progress) -> bool:
    return (
        (row.entry_a_id, row.entry_b_id) != state.players
        or state.key in progress.unapplied
        or state.status is MatchStatus.VOID
    )


def _seat(row: Match, state: MatchState, now, names: dict[int, str]) -> None:
    """Fill a match that has not started from the bracket (idempotent: saves only changes)."""
    before = (row.entry_a_id, row.entry_b_id, row.status)
    seats = (None, None) if state.status is MatchStatus.VOID else state.players
    row.entry_a_id, row.entry_b_id = seats
    if state.status is MatchStatus.WALKOVER:
        _walk_over(row, state.winner, now, names)
        return
    row.status = {
        MatchStatus.VOID: Match.Status.VOID,
        MatchStatus.READY: Match.Status.SCHEDULED,
    }.get(state.status, Match.Status.PENDING)
    if (row.entry_a_id, row.entry_b_id, row.status) == before:
        return
    row.save(update_fields=["entry_a", "entry_b", "status"])
    after = (row.entry_a_id, row.entry_b_id)
    if any(old is not None and old != new for old, new in zip(before[:2], after, strict=True)):
        AuditEntry.objects.create(
            match=row, action="re-seated", comment="Repaired from the bracket after a correction.",
            before={"entry_a": before[0], "entry_b": before[1]},
            after={"entry_a": row.entry_a_id, "entry_b": row.entry_b_id},
        )


def _walk_over(row: Match, winner: int, now, names: dict[int, str]) -> None:
    row.kind, row.winner_id, row.status, row.confirmed_at = (
        Match.Kind.WALKOVER, winner, Match.Status.CONFIRMED, now)
    row.games_a = row.games_b = 0
    row.save(update_fields=["entry_a", "entry_b", "kind", "winner", "status", "confirmed_at",
                            "games_a", "games_b"])
    absent = [names[e] for e in (row.entry_a_id, row.entry_b_id) if e not in (None, winner)]
    reason = f"{absent[0]} has withdrawn" if absent else "nobody comes from the other side"
    AuditEntry.objects.create(
        match=row, action="walkover", comment=f"Walkover for {names[winner]}: {reason}.",
        after={"winner": winner, "kind": Match.Kind.WALKOVER},
    )


def _ask_for_decision(row: Match, state: MatchState, bracket: Bracket, latest: AuditEntry | None,
                      trigger: Match | None, names: dict[int, str]) -> None:
    if _asked(latest):
        return  # already asked; the organizer has not answered yet
    spec = bracket[state.key]
    depends = [key_text(ref.match) for ref in (spec.winner_to, spec.loser_to) if ref is not None]
    cause = f"the corrected result of {trigger.key}" if trigger and trigger.pk != row.pk else (
        "a corrected result")
    wanted = ("not needed any more" if state.status is MatchStatus.VOID
              else f"it now belongs to {_pair(state.players, names)}")
    comment = (
        f"{row.key} was played as {_pair((row.entry_a_id, row.entry_b_id), names)}, but after "
        f"{cause} {wanted}. Depending on it: {', '.join(depends) or 'nothing'}. An organizer "
        "decides: reset the match (its games are voided and it is played again) or keep it."
    )
    AuditEntry.objects.create(
        match=row, action=NEEDS_DECISION, comment=comment,
        after={"played": [row.entry_a_id, row.entry_b_id], "bracket": list(state.players),
               "depends_on": depends, "cause": trigger.key if trigger else ""},
    )


def _pair(seats, names: dict[int, str]) -> str:
    a, b = (names.get(s, "to be decided") if s else "to be decided" for s in seats)
    return f"{a} v {b}"


# Decisions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PendingDecision:
    match: Match
    asked: AuditEntry
    depends_on: tuple[str, ...]

    @property
    def comment(self) -> str:
        return self.asked.comment


def latest_decisions(competition: Competition) -> dict[int, AuditEntry]:
    """The latest decision entry (asked, kept, reset) of each match. One query."""
    entries = AuditEntry.objects.filter(
        match__competition=competition, action__in=DECISION_ACTIONS
    ).select_related("match__entry_a__player", "match__entry_b__player").order_by("pk")
    return {entry.match_id: entry for entry in entries}


def pending_decisions(competition: Competition) -> list[PendingDecision]:
    """Started matches the bracket has moved away from, waiting for an organizer. One query."""
    return [
        PendingDecision(entry.match, entry, tuple(entry.after.get("depends_on", ())))
        for entry in latest_decisions(competition).values()
        if _asked(entry)
    ]


def reset_match(match_id: int, *, actor, comment: str = "") -> Match:
    """The organizer's choice: void the match's games and re-seat it from the bracket."""
    with transaction.atomic():
        competition, match = _decision_to_make(match_id, actor)
        if competition.format == Competition.Format.SWISS:
            return _reset_swiss(competition, match, actor, comment)
        games = list(match.games.order_by("number").values("number", "winner", "total_a", "total_b"))
        before = {"entry_a": match.entry_a_id, "entry_b": match.entry_b_id, "status": match.status,
                  "winner": match.winner_id, "games_a": match.games_a, "games_b": match.games_b,
                  "games": games}
        match.games.all().delete()
        open_or_counted = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED,
                           ResultReport.Status.CONFIRMED)
        match.reports.filter(status__in=open_or_counted).update(
            status=ResultReport.Status.SUPERSEDED)
        match.winner, match.games_a, match.games_b = None, 0, 0
        match.kind, match.status, match.confirmed_at = Match.Kind.PLAYED, Match.Status.PENDING, None
        match.save(update_fields=["winner", "games_a", "games_b", "kind", "status", "confirmed_at"])
        AuditEntry.objects.create(match=match, actor=actor, action=RESET, before=before,
                                  comment=comment.strip() or "Reset: to be played again.")
        progress_competition(competition, trigger=match)
        _enqueue(match.pk)
        return match


def keep_match(match_id: int, *, actor, comment: str = "") -> Match:
    """The organizer's choice: the match stands with the players who played it."""
    with transaction.atomic():
        competition, match = _decision_to_make(match_id, actor)
        AuditEntry.objects.create(
            match=match, actor=actor, action=KEPT,
            after={"entry_a": match.entry_a_id, "entry_b": match.entry_b_id},
            comment=comment.strip() or "Kept as played.",
        )
        progress_competition(competition, trigger=match)
        _enqueue(match.pk)
        return match


def _reset_swiss(competition: Competition, match: Match, actor, comment: str) -> Match:
    from competitions.services.swiss_corrections import reset_swiss_round

    seated = reset_swiss_round(competition, match, actor=actor, comment=comment)
    progress_competition(competition, trigger=match)
    for row in {match.pk: match, **{m.pk: m for m in seated}}.values():
        _enqueue(row.pk)  # re-rates from the week the voided games were played in
    return match


def _decision_to_make(match_id: int, actor) -> tuple[Competition, Match]:
    competition_id = Match.objects.filter(pk=match_id).values_list("competition_id", flat=True).first()
    if competition_id is None:
        raise ServiceError("No such match.")
    competition = (Competition.objects.select_for_update(of=("self",))
                   .select_related("season__club").get(pk=competition_id))
    require_organizer(actor, competition.season.club)
    match = Match.objects.select_for_update().get(pk=match_id)
    if not _asked(latest_decisions(competition).get(match.pk)):
        raise ServiceError("There is no decision to make about this match.")
    return competition, match


def _enqueue(match_id: int) -> None:
    from competitions.tasks import enqueue_result_follow_up

    enqueue_result_follow_up(match_id)


# Swiss ---------------------------------------------------------------------------------------


def _advance_swiss(competition: Competition, trigger: Match | None = None) -> None:
    """Check the later rounds against a changed result; pair the next round once the current
    one is complete (up to swiss_rounds) and no decision is pending."""
    if trigger is not None:
        from competitions.services.swiss_corrections import recheck_later_rounds

        recheck_later_rounds(competition, trigger)
    if (competition.matches.exclude(status=Match.Status.CONFIRMED).exists()
            or pending_decisions(competition)):
        return
    played = competition.rounds.count()
    if played < (competition.swiss_rounds or 0):
        pair_swiss_round(competition, played + 1)


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
    confirmed = list(competition.matches.filter(status=Match.Status.CONFIRMED))
    results = [r for r in map(as_match_result, confirmed) if r is not None]
    dealt_first = Counter(m.entry_a_id for m in confirmed if m.entry_b_id is not None)
    try:
        drawn = pair_next_round(active, results, points=points_of(competition),
                                dealt_first=dealt_first)
    except PairingImpossible as error:
        return _ended_early(competition, number, str(error))
    _create_swiss_round(competition, number, drawn.pairings, drawn.bye)
    _set_ended_early(competition, "")  # a correction may let a Swiss that had ended go on
    return True


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


def _create_swiss_round(competition: Competition, number: int, pairings, bye) -> None:
    round_ = Round.objects.create(competition=competition, number=number, name=f"Round {number}")
    matches = [
        Match(competition=competition, round=round_, key=fixture_key(number, table),
              entry_a_id=a, entry_b_id=b, status=Match.Status.SCHEDULED)
        for table, (a, b) in enumerate(pairings)
    ]
    if bye is not None:
        matches.append(Match(competition=competition, round=round_, key=fixture_key(number, None),
                             entry_a_id=bye, kind=Match.Kind.BYE, status=Match.Status.CONFIRMED,
                             confirmed_at=timezone.now()))
    Match.objects.bulk_create(matches)
    _audit_late_entries(competition, number, matches)


def _audit_late_entries(competition: Competition, number: int, matches: list[Match]) -> None:
    """A player in his first round after round 1 entered late (competitions.services.late_entries)."""
    if number == 1:
        return
    earlier = competition.matches.filter(round__number__lt=number)
    seen = set(earlier.values_list("entry_a", flat=True)) | set(
        earlier.values_list("entry_b", flat=True))
    firsts = [(m, e) for m in matches for e in (m.entry_a_id, m.entry_b_id)
              if e is not None and e not in seen]
    if not firsts:
        return
    names = dict(competition.entries.values_list("pk", "player__name"))
    AuditEntry.objects.bulk_create(
        AuditEntry(match=m, action="late entry",
                   comment=f"{names[e]} entered late: first paired in round {number}, with "
                           "0 points.")
        for m, e in firsts
    )
