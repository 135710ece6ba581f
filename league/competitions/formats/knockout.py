"""A knockout brought up to date with its confirmed results: every match that has not started is seated from the bracket (scheduled once both players are known, a walkover where one has withdrawn, a reset that is not needed void); a started match the bracket has moved away from is asked about once (league.competitions.formats.decisions)."""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone

from league.competitions.algorithms.elimination import Bracket
from league.competitions.algorithms.elimination_advance import (
    MatchState,
    MatchStatus,
    Progress,
    advance,
)
from league.competitions.base.brackets import (
    bracket_of,
    key_text,
    parse_key,
    round_place,
    seeded_entries,
)
from league.competitions.base.outbox import enqueue_statistics_follow_up
from league.competitions.formats.decisions import is_asked, is_stage_ask, latest_decisions
from league.competitions.models import AuditEntry, Competition, Match, Round, Stage, StageEntry


def sync_knockout(competition: Competition, *, trigger: Match | None = None,
                  stage: Stage | None = None) -> Progress:
    """`stage`: a knockout stage of the competition, its bracket seeded from the stage's seeds
    and made of the stage's matches only."""
    entries = list(competition.entries.select_related("player"))
    names = {e.pk: e.player.name for e in entries}
    matches = stage_matches(competition, stage)
    rows = {parse_key(m.key): m for m in matches.select_for_update(of=("self",))}
    with_games = set(matches.filter(games__isnull=False).values_list("pk", flat=True).distinct())
    decisions = latest_decisions(competition)
    seeds = stage_seeds(stage) if stage is not None else seeded_entries(entries)
    bracket = _with_kept_seats(bracket_of(stage or competition, seeds), rows, decisions)
    results = [(k, m.winner_id) for k, m in rows.items() if m.status == Match.Status.CONFIRMED]
    withdrawn = {e.pk for e in entries if e.withdrawn_at is not None}
    progress = advance(bracket, results, withdrawn=withdrawn)
    now = timezone.now()
    for state in progress.matches:
        row = rows[state.key]
        if row.status in Match.SEATABLE and row.pk not in with_games:
            _seat(row, state, now, names)
        elif _conflicts(row, state, progress):
            _ask_for_decision(row, state, bracket, decisions.get(row.pk), trigger, names)
        elif is_asked(decisions.get(row.pk)) and not is_stage_ask(decisions.get(row.pk)):
            AuditEntry.objects.create(
                match=row, action=AuditEntry.Action.NOT_NEEDED,
                comment="The bracket agrees with this match again: there is nothing to decide.")
    return progress


def stage_matches(competition: Competition, stage: Stage | None):
    """The matches of `stage`, or every match of a competition played in one stage."""
    if stage is None:
        return competition.matches.all()
    return competition.matches.filter(round__stage=stage)


def stage_seeds(stage: Stage) -> list[int]:
    """The entry ids of a stage's players, its seed 1 first."""
    return list(StageEntry.objects.filter(stage=stage).order_by("seed")
                .values_list("entry_id", flat=True))


def draw_bracket(competition: Competition, seeds: list[int], stage: Stage | None = None) -> None:
    """Every match of the bracket, pending; the seeded players seated in their slots."""
    drawn = stage or competition
    bracket = bracket_of(drawn, seeds)
    winners_rounds = max(k[1] for k in bracket.keys if k[0] == "W")
    rounds: dict[tuple[str, int], Round] = {}
    matches = []
    for key in bracket.keys:
        place = round_place(drawn, key, winners_rounds)
        round_ = rounds.get((place.bracket, place.number))
        if round_ is None:
            round_ = Round.objects.create(competition=competition, stage=stage,
                                          bracket=place.bracket, number=place.number,
                                          name=place.name)
            rounds[(place.bracket, place.number)] = round_
        matches.append(Match(competition=competition, round=round_, key=key_text(key),
                             status=Match.Status.PENDING))
    Match.objects.bulk_create(matches)
    sync_knockout(competition, stage=stage)


def _with_kept_seats(bracket: Bracket, rows: dict, decisions: dict) -> Bracket:
    """Matches an organizer kept hold their players whatever the bracket feeds them."""
    kept = {}
    for key, row in rows.items():
        decision = decisions.get(row.pk)
        if decision is not None and decision.action == AuditEntry.Action.KEPT:
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
            match=row, action=AuditEntry.Action.RESEATED, comment="Repaired from the bracket after a correction.",
            before={"entry_a": before[0], "entry_b": before[1]},
            after={"entry_a": row.entry_a_id, "entry_b": row.entry_b_id},
        )


def _walk_over(row: Match, winner: int, now, names: dict[int, str]) -> None:
    row.kind, row.winner_id, row.status, row.confirmed_at = (
        Match.Kind.WALKOVER, winner, Match.Status.CONFIRMED, now)
    row.games_a = row.games_b = 0
    row.save(update_fields=["entry_a", "entry_b", "kind", "winner", "status", "confirmed_at",
                            "games_a", "games_b"])
    enqueue_statistics_follow_up(row)
    absent = [names[e] for e in (row.entry_a_id, row.entry_b_id) if e not in (None, winner)]
    reason = f"{absent[0]} has withdrawn" if absent else "nobody comes from the other side"
    AuditEntry.objects.create(
        match=row, action=AuditEntry.Action.WALKOVER, comment=f"Walkover for {names[winner]}: {reason}.",
        after={"winner": winner, "kind": Match.Kind.WALKOVER},
    )


def _ask_for_decision(row: Match, state: MatchState, bracket: Bracket, latest: AuditEntry | None,
                      trigger: Match | None, names: dict[int, str]) -> None:
    if is_asked(latest):
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
        match=row, action=AuditEntry.Action.NEEDS_DECISION, comment=comment,
        after={"played": [row.entry_a_id, row.entry_b_id], "bracket": list(state.players),
               "depends_on": depends, "cause": trigger.key if trigger else ""},
    )


def _pair(seats, names: dict[int, str]) -> str:
    a, b = (names.get(s, "to be decided") if s else "to be decided" for s in seats)
    return f"{a} v {b}"
