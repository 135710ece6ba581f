"""Reads of a competition's format: its page with rounds and fixtures, its stages and seeds,
the rounds by bracket, the organizer's decisions still open. Each in a fixed number of queries
whatever the rows."""

from __future__ import annotations

from django.db.models import Count, Max, Prefetch, Q, QuerySet, prefetch_related_objects
from django.shortcuts import get_object_or_404

from league.clubs.permissions import organized_by
from league.competitions.base.selectors import audit_entries, matches_with_sides
from league.competitions.models import (
    AuditEntry,
    Competition,
    Entry,
    Match,
    Round,
    Stage,
    StageEntry,
)

# Rounds in the order they are shown: the main or winners' bracket, the losers', the finals.
BRACKET_ORDER = {Round.Bracket.MAIN: 0, Round.Bracket.WINNERS: 0, Round.Bracket.LOSERS: 1,
                 Round.Bracket.FINALS: 2}


def competition_page(pk: int) -> Competition:
    """The competition with `.entry_list` and `.round_list`, each round with `.open_matches`
    (its matches still to be played or confirmed) and `.last_confirmed` (when its latest result
    was confirmed): three queries. The matches themselves come with `fixtures_of`, for the
    rounds shown."""
    done = (Match.Status.CONFIRMED, Match.Status.VOID)
    rounds = Round.objects.select_related("stage").order_by("number").annotate(
        open_matches=Count("matches", filter=~Q(matches__status__in=done)),
        last_confirmed=Max("matches__confirmed_at"))
    queryset = Competition.objects.select_related("season__club").prefetch_related(
        Prefetch("entries", queryset=Entry.objects.select_related("player"), to_attr="entry_list"),
        Prefetch("rounds", queryset=rounds, to_attr="round_list"),
    )
    competition = get_object_or_404(queryset, pk=pk)
    competition.round_list.sort(key=lambda r: (r.stage.order if r.stage else 0,
                                               BRACKET_ORDER.get(r.bracket, 3), r.number))
    return competition


def fixtures_of(rounds: list[Round], entries: list[Entry] | None = None) -> None:
    """Give each round its `.match_list`, with the players: one query and the sides' (see
    matches_with_sides), or one alone given the competition's `entries` with their players
    (the competition page has them read), which become the matches' sides and winners."""
    if entries is None:
        prefetch_related_objects(rounds, Prefetch(
            "matches", queryset=matches_with_sides().order_by("pk"), to_attr="match_list"))
        return
    prefetch_related_objects(rounds, Prefetch(
        "matches", queryset=Match.objects.order_by("pk"), to_attr="match_list"))
    by_id = {entry.pk: entry for entry in entries}
    for round_ in rounds:
        for match in round_.match_list:
            match.round = round_
            for side in ("entry_a", "entry_b", "winner"):
                pk = getattr(match, f"{side}_id")
                if pk is None or pk in by_id:  # any other is read when shown, as before
                    setattr(match, side, by_id.get(pk))


def organizing_status(user, pk: int) -> str:
    """The competition's status when the user may organize it (the page links the organizer's
    pages, which check again), else '': no query for a visitor, one for a signed-in user."""
    if not user.is_authenticated:
        return ""
    mine = Competition.objects.filter(organized_by(user, "season__club"), pk=pk)
    return mine.values_list("status", flat=True).first() or ""


def stages_of(competition: Competition) -> list[Stage]:
    """The competition's stages in their order: one query."""
    return list(competition.stages.order_by("order"))


def stage_seeds(stage: Stage) -> dict[int, int]:
    """The seed of each player of the stage, by player id: one query."""
    return dict(StageEntry.objects.filter(stage=stage).values_list("entry__player_id", "seed"))


def competition_stage(competition: Competition, order: int) -> Stage:
    """The competition's stage of that order, or 404."""
    return get_object_or_404(Stage, competition=competition, order=order)


def open_decisions(where: Q) -> list[AuditEntry]:
    """The matches whose latest decision entry asks for one (league.competitions.formats.progression's
    pending_decisions, over any set of matches). One query."""
    latest: dict[int, AuditEntry] = {}
    for entry in audit_entries().filter(where, action__in=AuditEntry.DECISIONS).order_by("pk"):
        latest[entry.match_id] = entry
    return [entry for entry in latest.values() if entry.action == AuditEntry.Action.NEEDS_DECISION]


def first_group_stage(competition: Competition) -> Stage | None:
    """The competition's first stage when it is of round-robin groups."""
    return competition.stages.filter(order=1, kind=Stage.Kind.GROUPS).first()


def later_stages_dealt_by_hand(competition: Competition) -> QuerySet[Stage]:
    """The stages after the first whose groups the organizer deals by hand."""
    return competition.stages.filter(dealing=Stage.Dealing.BY_HAND, order__gt=1)


def rounds_by_bracket(competition: Competition) -> QuerySet[Round]:
    """The competition's rounds, bracket by bracket, in number order."""
    return competition.rounds.order_by("bracket", "number")
