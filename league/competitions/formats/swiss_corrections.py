"""A Swiss result corrected after a later round was paired from it.

The follow-up of a corrected result of round k pairs each later round again, in memory, from
the results of the rounds before it (its own players, their seeds, who dealt first), exactly as
it was paired then, and compares it with the round as stored. The first round that differs:

- if it is the latest round and nothing of it has started (no result but its bye, no game), it
  is paired again at once from the corrected results: its matches take the new pairing, each
  with an audit entry "re-paired" saying what it was;
- otherwise an organizer decides, as for a knockout (league.competitions.formats.progression): an audit entry
  "needs decision" on the round's first table, once. Reset pairs the round again from the
  corrected results: its matches whose players change lose their games and reports, the rounds
  after it are deleted (their facts kept in the reset's audit entry) and paired again in turn.
  Keep lets the round stand as paired, whatever a later correction says. While a decision is
  pending no further round is paired and the Swiss is not finished.

A later correction that makes the round agree again closes the question ("decision: not needed").
Pairing again takes the players as a new pairing would: withdrawn players are left out, a late
entry waiting for his first round is paired.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.algorithms.swiss import PairingImpossible, SwissRound
from league.competitions.base.brackets import fixture_key, table_of
from league.competitions.base.outbox import record_statistics_recount
from league.competitions.formats.decisions import latest_decisions
from league.competitions.formats.swiss_rounds import paired_from_results
from league.competitions.models import AuditEntry, Competition, Match, ResultReport, Round
from league.core.errors import ServiceError

OPEN_OR_COUNTED = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED,
                   ResultReport.Status.CONFIRMED)


def recheck_later_rounds(competition: Competition, trigger: Match) -> None:
    """After a result of the trigger's round changed: re-pair or ask about the first later round
    whose pairing it changes (the caller holds the competition's lock)."""
    number = Round.objects.filter(pk=trigger.round_id).values_list("number", flat=True).first()
    later = list(competition.rounds.filter(number__gt=number or 0).order_by("number"))
    decisions = latest_decisions(competition) if later else {}
    for round_ in later:
        rows = _rows(round_)
        decision = decisions.get(rows[0].pk)
        asked = decision is not None and decision.action == AuditEntry.Action.NEEDS_DECISION
        drawn = _paired_as_then(competition, round_.number, rows)
        if _agrees(rows, drawn):
            if asked:
                AuditEntry.objects.create(
                    match=rows[0], action=AuditEntry.Action.NOT_NEEDED,
                    comment=f"{round_} agrees with the results again: there is nothing to decide.")
            continue
        if decision is not None and decision.action == AuditEntry.Action.KEPT:
            continue
        if round_ == later[-1] and not _started(rows):
            _pair_again(competition, round_, rows, actor=None,
                        note=f"Paired again after the corrected result of {trigger.key}.")
        elif not asked:
            _ask(round_, rows, drawn, later, trigger, _names(competition))
        return


def reset_swiss_round(competition: Competition, match: Match, *, actor,
                      comment: str) -> list[Match]:
    """The organizer's choice: pair the decision's round again; the later rounds are deleted.
    Returns the matches re-seated."""
    round_ = match.round
    after = competition.matches.filter(round__number__gt=round_.number).order_by("pk")
    before = {"deleted": [_facts(m) for m in after], "round": [_facts(m) for m in _rows(round_)]}
    if any(m.status == Match.Status.CONFIRMED for m in after):  # removed results counted
        record_statistics_recount(competition.pk)
    competition.rounds.filter(number__gt=round_.number).delete()
    AuditEntry.objects.create(match=match, actor=actor, action=AuditEntry.Action.RESET, before=before,
                              comment=comment.strip() or f"Reset: {round_} is paired again.")
    return _pair_again(competition, round_, _rows(round_), actor=actor,
                       note=f"{round_} is paired again: an organizer reset it.")


def _rows(round_: Round) -> list[Match]:
    rows = round_.matches.select_for_update(of=("self",)).order_by("pk")
    return sorted(rows, key=lambda m: table_of(m.key))


def _pairing(competition: Competition, number: int, seeds: list[int]) -> SwissRound | None:
    try:
        return paired_from_results(competition, number, seeds)
    except PairingImpossible:
        return None


def _paired_as_then(competition: Competition, number: int, rows: list[Match]) -> SwissRound | None:
    """The round paired again with the players it was paired with (as pair_swiss_round did)."""
    seated = {e for m in rows for e in (m.entry_a_id, m.entry_b_id) if e is not None}
    seeds = competition.entries.filter(pk__in=seated).order_by("seed", "pk")
    return _pairing(competition, number, list(seeds.values_list("pk", flat=True)))


def _paired_now(competition: Competition, number: int) -> SwissRound | None:
    """The round paired again with the players a new pairing would take."""
    seeds = (competition.entries.filter(withdrawn_at__isnull=True).exclude(seed=None)
             .order_by("seed", "pk").values_list("pk", flat=True))
    return _pairing(competition, number, list(seeds))


def _pair_of(match: Match) -> frozenset:
    return frozenset((match.entry_a_id, match.entry_b_id))


def _agrees(rows: list[Match], drawn: SwissRound | None) -> bool:
    """The stored round has the drawn pairs and bye (None: it cannot be paired otherwise)."""
    if drawn is None:
        return True
    byes = [m.entry_a_id for m in rows if m.kind == Match.Kind.BYE]
    return ({_pair_of(m) for m in rows if m.kind != Match.Kind.BYE}
            == {frozenset(p) for p in drawn.pairings}
            and byes == ([] if drawn.bye is None else [drawn.bye]))


def _started(rows: list[Match]) -> bool:
    played = [m for m in rows if m.kind != Match.Kind.BYE]
    return (any(m.status not in Match.UNPLAYED for m in played)
            or Match.objects.filter(pk__in=[m.pk for m in played], games__isnull=False).exists())


def _pair_again(competition: Competition, round_: Round, rows: list[Match], *, actor,
                note: str) -> list[Match]:
    """Give the round the pairing it gets now. A match whose two players meet again keeps its
    row and its result; the others are re-seated (games and reports voided), removed when the
    round has fewer tables, added when it has more. Returns the matches re-seated."""
    # A round paired at a club night is paired again from the players it was paired from: the
    # players present that night, not the whole field.
    drawn = (_paired_as_then(competition, round_.number, rows) if round_.night_id is not None
             else _paired_now(competition, round_.number))
    if drawn is None:
        raise ServiceError(_("%(round_)s cannot be paired again without a rematch: keep it as played.") % {"round_": round_})
    if any(m.status == Match.Status.CONFIRMED for m in rows):  # a result or bye re-seated
        record_statistics_recount(competition.pk)
    names = _names(competition)
    tables = [m for m in rows if m.kind != Match.Kind.BYE]
    kept = {_pair_of(m) for m in tables} & {frozenset(p) for p in drawn.pairings}
    free = [m for m in tables if _pair_of(m) not in kept]
    new = [p for p in drawn.pairings if frozenset(p) not in kept]
    used = {table_of(m.key) for m in tables}
    spare = (t for t in range(len(rows) + len(new)) if t not in used)
    seated = []
    for pair in new:
        if free:
            row = free.pop(0)
        else:
            table = next(spare)
            row = Match(competition=competition, round=round_,
                        key=fixture_key(round_.number, table),
                        table=str(table + 1) if round_.night_id is not None else "")
        seated.append(_seat(row, pair, Match.Kind.PLAYED, actor, note, names))
    for row in free:
        row.delete()
    bye = next((m for m in rows if m.kind == Match.Kind.BYE), None)
    if drawn.bye is None and bye is not None:
        bye.delete()
    elif drawn.bye is not None and (bye is None or bye.entry_a_id != drawn.bye):
        row = bye or Match(competition=competition, round=round_,
                           key=fixture_key(round_.number, None))
        seated.append(_seat(row, (drawn.bye, None), Match.Kind.BYE, actor, note, names))
    return seated


def _seat(row: Match, pair: tuple, kind: str, actor, note: str, names: dict[int, str]) -> Match:
    before = _facts(row) if row.pk else {}
    if row.pk:
        row.games.all().delete()
        row.reports.filter(status__in=OPEN_OR_COUNTED).update(
            status=ResultReport.Status.SUPERSEDED)
    bye = kind == Match.Kind.BYE
    row.entry_a_id, row.entry_b_id = pair
    row.kind, row.winner_id, row.games_a, row.games_b = kind, None, 0, 0
    row.points_a = row.points_b = 0  # its games, if it had any, are gone
    row.status = Match.Status.CONFIRMED if bye else Match.Status.SCHEDULED
    row.confirmed_at = timezone.now() if bye else None
    row.save()
    was = f" It was {_pair_text(before, names)}." if before else ""
    AuditEntry.objects.create(match=row, actor=actor, action=AuditEntry.Action.REPAIRED, before=before,
                              after=_facts(row), comment=f"{note}{was}")
    return row


def _facts(match: Match) -> dict:
    return {"key": match.key, "entry_a": match.entry_a_id, "entry_b": match.entry_b_id,
            "status": match.status, "kind": match.kind, "winner": match.winner_id,
            "games_a": match.games_a, "games_b": match.games_b}


def _names(competition: Competition) -> dict[int, str]:
    return dict(competition.entries.values_list("pk", "player__name"))


def _pair_text(facts: dict, names: dict[int, str]) -> str:
    a, b = (names.get(facts.get(side), "nobody") for side in ("entry_a", "entry_b"))
    return f"a bye for {a}" if facts.get("kind") == Match.Kind.BYE else f"{a} v {b}"


def _ask(round_: Round, rows: list[Match], drawn: SwissRound, later: list[Round],
         trigger: Match, names: dict[int, str]) -> None:
    pairs = [f"{names[a]} v {names[b]}" for a, b in drawn.pairings]
    if drawn.bye is not None:
        pairs.append(f"a bye for {names[drawn.bye]}")
    depends = [str(r) for r in later if r.number > round_.number]
    comment = (
        f"{round_} was paired before the corrected result of {trigger.key}; paired again it "
        f"would be {', '.join(pairs)}. It has started, so an organizer decides: reset it (it is "
        "paired again from the corrected results; its matches whose players change lose their "
        f"games{', and the rounds after it are deleted' if depends else ''}) or keep it as "
        f"paired. Depending on it: {', '.join(depends) or 'nothing'}."
    )
    AuditEntry.objects.create(
        match=rows[0], action=AuditEntry.Action.NEEDS_DECISION, comment=comment,
        after={"round": round_.number, "pairing": [list(p) for p in drawn.pairings],
               "bye": drawn.bye, "depends_on": depends, "cause": trigger.key},
    )
