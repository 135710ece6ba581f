"""Competitions played in stages, two or more in order: a first stage of round-robin groups, a
league or a Swiss; then any number of round-robin group stages; then, if it ends in one, a
knockout (a knockout is always the last stage, a Swiss always the first). Each later stage
names who qualifies from the stage before it (the top K of each group, or overall) and how they
are seeded.

- The first stage is drawn when the competition starts: the seeded players dealt into groups
  (snake order, or the organizer's groups) and each group's round robin, the groups' rounds side
  by side (keys "A/R1-0", a group's bye "A/R1-bye"; a later group stage's keys start with its
  order, "S2/A/R1-0"); or round 1 of a Swiss.
- When every match of a stage is confirmed (and the Swiss has played its rounds), the next
  stage's qualifiers come from the stage's tables (its tiebreaks already applied); players the
  tiebreaks leave level at the cut line, or on places the next stage's seeding depends on, are
  the organizer's decision (an audit entry "needs decision" on the stage's last match, one tie
  at a time). Then the next stage is drawn from its seeds: a knockout's bracket, or groups dealt
  in snake order by those seeds; a later stage dealt by hand waits for the organizer's groups
  of the qualifiers.
- A correction to an earlier stage after the next was drawn changes the next stage's seeds:
  a knockout's bracket is seated again where nothing has started, and a started match the new
  seeds move away from asks for the organizer's decision, as any knockout correction does
  (league.competitions.formats.knockout). A group stage nobody has played in yet is drawn again; one
  already played in asks the organizer once: keep it as drawn, or draw it again (its matches
  removed, kept in the competition's audit).
- A stage drawn again takes the stages after it along: each drawn one nobody has played in is
  removed and waits for the stage before it; a played one asks the organizer the same way. The
  removed results are rated again (a follow-up from the week of the earliest).

This module moves the stages on (progress, the organizer's decisions on ties and redraws); the
plan is `stage_plans`, the draws `stage_draws`, the tables and qualifiers `stage_tables`, and the
organizer's dealing by hand `stage_dealing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise

from django.db.models import Min

from league.competitions.algorithms.qualification import (
    NeedsDecision,
    Tie,
)
from league.competitions.base.outbox import record_rate_again, record_statistics_recount
from league.competitions.base.selectors import STILL_OPEN, has_match_in
from league.competitions.formats import knockout, swiss_rounds
from league.competitions.formats.decisions import (
    is_asked,
    latest_decisions,
    pending_decisions,
)
from league.competitions.formats.stage_draws import (
    dealt_groups,
    draw_stage,
    save_seeds,
    snake_groups_of,
)
from league.competitions.formats.stage_plans import KEPT, QUALIFIERS, REDRAW, awaits_dealing
from league.competitions.formats.stage_tables import seeds_for
from league.competitions.formats.swiss_corrections import recheck_later_rounds
from league.competitions.models import (
    AuditEntry,
    Competition,
    CompetitionAudit,
    Match,
    Stage,
    StageEntry,
)


def progress_stages(competition: Competition, *, trigger: Match | None = None) -> None:
    """Bring each stage up to date, then draw (or seat again) the next stage once the one before
    is complete. The caller holds the competition's lock."""
    stages = list(competition.stages.order_by("order"))
    drawn = {s.pk for s in stages if s.rounds.exists()}
    for i, stage in enumerate(stages):
        if stage.pk not in drawn:
            continue  # a later stage may be drawn still: kept while one before is drawn again
        in_stage = trigger is not None and trigger.round.stage_id == stage.pk
        if stage.is_knockout:
            knockout.sync_knockout(competition, trigger=trigger if in_stage else None, stage=stage)
        elif stage.kind == Stage.Kind.SWISS:
            if in_stage:
                recheck_later_rounds(competition, trigger)
            if i + 1 == len(stages) or stages[i + 1].pk not in drawn:
                swiss_rounds.advance_swiss(competition)
    for before, stage in pairwise(stages):
        # Drawn now, not as the loop began: a stage drawn again above may wait for its dealing.
        if is_complete(competition, before):
            _settle(competition, before, stage, drawn=stage.rounds.exists())


def is_complete(competition: Competition, stage: Stage) -> bool:
    """Drawn, every match confirmed (or void), a Swiss's rounds all played, and no decision
    about its matches pending (a tie at its cut line is not one of them)."""
    if not stage.rounds.exists():
        return False
    if has_match_in(competition.pk, STILL_OPEN, stage_id=stage.pk):
        return False
    planned = competition.swiss_rounds or 0
    if stage.kind == Stage.Kind.SWISS and not competition.ended_early \
            and stage.rounds.count() < planned:
        return False
    asked = {d.match.pk for d in pending_decisions(competition)
             if d.asked.after.get("kind") != QUALIFIERS}
    return not competition.matches.filter(round__stage=stage, pk__in=asked).exists()


def _settle(competition: Competition, before: Stage, stage: Stage, *, drawn: bool) -> None:
    try:
        seeds = seeds_for(competition, before, stage)
    except NeedsDecision as waiting:
        _ask_about_tie(competition, before, stage, waiting.ties[0])
        return
    _clear_tie_asks(competition, before)
    if not drawn:
        if tuple(knockout.stage_seeds(stage)) != tuple(seeds) or not awaits_dealing(stage):
            draw_stage(competition, stage, seeds)
    elif stage.is_knockout:
        if tuple(knockout.stage_seeds(stage)) != tuple(seeds):
            save_seeds(stage, seeds)
            knockout.sync_knockout(competition, stage=stage)
    else:
        _settle_drawn_groups(competition, stage, seeds)


def _settle_drawn_groups(competition: Competition, stage: Stage, seeds: Sequence[int]) -> None:
    """A drawn group stage whose qualifiers have changed: drawn again if nobody has played in
    it, else the organizer's decision (asked once; kept, it stands as drawn)."""
    current = dealt_groups(stage)
    if stage.dealing == Stage.Dealing.BY_HAND:
        unchanged = {e for g in current for e in g} == set(seeds)
    else:
        unchanged = [list(g.players) for g in snake_groups_of(stage, seeds)] == current
    asks = _redraw_asks(competition, stage)
    if unchanged or any(d.get("kind") == KEPT and d.get("seeds") == list(seeds)
                        for d in stage.decided):
        _clear_asks(asks, "The stage's players are as drawn again.")
        return
    played = _played(competition, stage)
    if not played.exists():
        _remove_draw(competition, stage, note="Drawn again: the stage before was corrected.")
        draw_stage(competition, stage, seeds)
        _after_redraw(competition, stage)
        return
    wanted = {"kind": REDRAW, "stage": stage.pk, "seeds": list(seeds)}
    if any(entry.after == wanted for entry in asks):
        return
    _clear_asks(asks, "The qualifiers changed again.")
    names = dict(competition.entries.values_list("pk", "player__name"))
    now_in = ", ".join(names[e] for e in seeds if e not in {p for g in current for p in g})
    out = ", ".join(names[e] for g in current for e in g if e not in seeds)
    moved = f" ({now_in} in, {out} out)" if now_in or out else " (the same players, seeded anew)"
    AuditEntry.objects.create(
        match=played.order_by("-pk").first(), action=AuditEntry.Action.NEEDS_DECISION,
        after=wanted,
        comment=f"A correction to the stage before changed who qualifies for {stage}{moved}, "
                "but its matches have started. An organizer keeps the stage as drawn, or has "
                "it drawn again (its matches so far removed).")


def _played(competition: Competition, stage: Stage):
    return (competition.matches.filter(round__stage=stage).exclude(kind=Match.Kind.BYE)
            .exclude(status__in=(Match.Status.PENDING, Match.Status.SCHEDULED)))


def _redraw_asks(competition: Competition, stage: Stage) -> list[AuditEntry]:
    return [entry for entry in latest_decisions(competition).values()
            if is_asked(entry) and entry.after.get("kind") == REDRAW
            and entry.after.get("stage") == stage.pk]


def _clear_asks(asks: Sequence[AuditEntry], comment: str) -> None:
    for entry in asks:
        AuditEntry.objects.create(match_id=entry.match_id, action=AuditEntry.Action.NOT_NEEDED,
                                  comment=comment)


def _remove_draw(competition: Competition, stage: Stage, *, note: str, actor=None) -> None:
    """The stage's rounds and matches removed (their games with them), kept in the audit; when
    rated results go with them, the club's ratings are rated again from the week of the
    earliest (a follow-up written in this transaction)."""
    matches = competition.matches.filter(round__stage=stage)
    record_rate_again(competition.pk, _earliest_result(matches))
    if matches.filter(status=Match.Status.CONFIRMED).exists():  # results, or byes, counted
        record_statistics_recount(competition.pk)
    before = {"stage": stage.order, "rounds": stage.rounds.count(),
              "matches": [{"key": m.key, "entry_a": m.entry_a_id, "entry_b": m.entry_b_id,
                           "status": m.status, "winner": m.winner_id,
                           "games_a": m.games_a, "games_b": m.games_b}
                          for m in matches.exclude(kind=Match.Kind.BYE).order_by("pk")]}
    CompetitionAudit.objects.create(competition=competition, actor=actor,
                                    action=AuditEntry.Action.RESET, before=before, comment=note)
    matches.delete()
    stage.rounds.all().delete()


def _earliest_result(matches) -> datetime | None:
    """No later than the moment any rated result among the matches was played (its games, its
    first report, its confirmation): the week the ratings are rated again from. None when none
    of them is a rated result."""
    rated = matches.filter(status=Match.Status.CONFIRMED, kind=Match.Kind.PLAYED,
                           entry_a__isnull=False, entry_b__isnull=False)
    found = rated.aggregate(games=Min("games__created_at"), audit=Min("audit__at"),
                            confirmed=Min("confirmed_at"))
    return min((moment for moment in found.values() if moment is not None), default=None)


def _after_redraw(competition: Competition, redrawn: Stage, *, actor=None) -> None:
    """Every stage after one drawn again was drawn from its old qualifiers: a drawn stage nobody
    has played in is removed (kept in the audit) and waits for the stage before it, a played
    one asks the organizer once to keep it or have it drawn again; players waiting to be dealt
    into a later stage wait again. Each is drawn, or looked at again, once the stage before it
    is complete."""
    later = list(competition.stages.filter(order__gt=redrawn.order).order_by("order"))
    for stage in later:
        if not stage.rounds.exists():
            StageEntry.objects.filter(stage=stage).delete()
            continue
        played = _played(competition, stage)
        if not played.exists():
            _remove_draw(competition, stage, actor=actor,
                         note=f"Removed: {redrawn} is drawn again; {stage} is drawn once the "
                              "stage before it is played.")
            StageEntry.objects.filter(stage=stage).delete()
            continue
        wanted = {"kind": REDRAW, "stage": stage.pk, "seeds": None, "after": redrawn.pk}
        asks = _redraw_asks(competition, stage)
        if any(entry.after == wanted for entry in asks):
            continue
        _clear_asks(asks, f"{redrawn} is drawn again.")
        AuditEntry.objects.create(
            match=played.order_by("-pk").first(), action=AuditEntry.Action.NEEDS_DECISION,
            after=wanted,
            comment=f"{redrawn} is drawn again, so who goes through to {stage} may change, but "
                    f"its matches have started. An organizer keeps {stage} as drawn (looked at "
                    "again once the stage before it is played), or has it drawn again (its "
                    "matches so far removed) once the stage before it is complete.")


def is_redraw_ask(entry: AuditEntry | None) -> bool:
    return entry is not None and entry.after.get("kind") == REDRAW


def keep_stage(entry: AuditEntry) -> None:
    """The organizer keeps a played group stage as drawn against the changed qualifiers."""
    stage = Stage.objects.select_for_update().get(pk=entry.after["stage"])
    stage.decided = [*stage.decided, {"kind": KEPT, "seeds": entry.after["seeds"]}]
    stage.save(update_fields=["decided"])


def redraw_stage(competition: Competition, entry: AuditEntry, *, actor, comment: str = "") -> None:
    """The organizer has a played group stage drawn again from the changed qualifiers: its
    matches are removed (kept in the competition's audit) and it is drawn at the next
    progress."""
    stage = Stage.objects.select_for_update().get(pk=entry.after["stage"])
    _remove_draw(competition, stage, actor=actor,
                 note=comment.strip() or "Drawn again from the corrected qualifiers.")
    StageEntry.objects.filter(stage=stage).delete()
    _after_redraw(competition, stage, actor=actor)


def _last_match(competition: Competition, stage: Stage) -> Match:
    return (competition.matches.filter(round__stage=stage, status=Match.Status.CONFIRMED)
            .exclude(kind=Match.Kind.BYE).order_by("-pk").first()
            or competition.matches.filter(round__stage=stage).order_by("-pk").first())


def _tie_asks(competition: Competition, stage: Stage) -> list[AuditEntry]:
    return [entry for entry in latest_decisions(competition).values()
            if is_asked(entry) and entry.after.get("kind") == QUALIFIERS
            and entry.after.get("from_stage") == stage.pk]


def _ask_about_tie(competition: Competition, before: Stage, stage: Stage, tie: Tie) -> None:
    wanted = {"kind": QUALIFIERS, "from_stage": before.pk, "stage": stage.pk,
              "group": tie.group, "players": list(tie.players), "places": tie.places,
              "first_position": tie.first_position}
    asks = _tie_asks(competition, before)
    if any(entry.after == wanted for entry in asks):
        return
    _clear_tie_asks(competition, before)
    names = dict(competition.entries.values_list("pk", "player__name"))
    where = f" of group {tie.group}" if tie.group else ""
    places = (f"place {tie.first_position}" if tie.places == 1 else
              f"places {tie.first_position} to {tie.first_position + tie.places - 1}")
    who = ", ".join(names[p] for p in tie.players)
    comment = (f"{who} are level on everything the tiebreaks count for {places}{where}. "
               f"An organizer decides who takes {'it' if tie.places == 1 else 'them'}, "
               f"in order, before {stage} is drawn.")
    AuditEntry.objects.create(match=_last_match(competition, before),
                              action=AuditEntry.Action.NEEDS_DECISION, comment=comment,
                              after=wanted)


def _clear_tie_asks(competition: Competition, stage: Stage) -> None:
    for entry in _tie_asks(competition, stage):
        AuditEntry.objects.create(match_id=entry.match_id, action=AuditEntry.Action.NOT_NEEDED,
                                  comment="The results no longer leave this tie to decide.")


def is_tie_ask(entry: AuditEntry) -> bool:
    return entry.after.get("kind") == QUALIFIERS


def all_drawn(competition: Competition) -> bool:
    """Every stage drawn: a competition in stages is over only when its last stage is, and no
    stage before it waits to be drawn again (a later stage kept while it is)."""
    return not competition.stages.filter(rounds__isnull=True).exists()
