"""Starting a competition: seeding, then the draw of its format, in one transaction.

- League: every round of the (double) round robin from the Berger tables; in an odd field the
  round's bye is a match without an opponent (kind bye, confirmed, no winner; it scores nothing
  in a league table).
- Single and double elimination: every bracket match is created at the start with its key
  ("W1-0", "L2-1", "GF1-0", "GF2-0", "3P1-0"); the seeded players sit in their slots, later
  slots stay empty (status pending) until the progression fills them. Byes are not matches: a
  top seed with a bye starts in round 2.
- Swiss: round 1 only; each later round is paired when the previous one is complete.

`bracket_view` is the read a page draws the bracket (or the rounds of pairings) from.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import require_organizer
from league.competitions.algorithms.elimination import Bracket
from league.competitions.algorithms.elimination_advance import advance
from league.competitions.algorithms.round_robin import round_robin
from league.competitions.algorithms.seeding import seed_at_random, seed_by_rating
from league.competitions.base.brackets import (
    BRACKET_ORDER,
    bracket_of,
    fixture_key,
    key_text,
    parse_key,
    seeded_entries,
    table_of,
)
from league.competitions.base.seeding import current_ratings
from league.competitions.formats import knockout, swiss_rounds
from league.competitions.formats.selectors import with_match_lists
from league.competitions.formats.stage_draws import draw_first_stage
from league.competitions.ladders import services as ladders
from league.competitions.models import Competition, Entry, Match, Round, Stage
from league.core.errors import ServiceError

SEEDINGS = tuple(Competition.Seeding.values)
RANDOM_SEEDS = 10**9  # a random draw's seed is below this: short enough to read out


def start_competition(competition_id: int, *, actor, seeding: str = "entered",
                      random_seed: int | None = None,
                      pair_first_round: bool = True) -> Competition:
    """Seed the entries and draw the competition; it goes from draft to running. A random
    draw uses `random_seed` (a new one when none is given), kept to be shown and to
    reproduce the draw. A Swiss (in one stage) started with `pair_first_round` false leaves
    round 1 to be paired at a club night from the players present
    (league.competitions.nights.services)."""
    if seeding not in SEEDINGS:
        raise ServiceError(_("Seeding is one of %(seedings)s.") % {"seedings": ', '.join(SEEDINGS)}, field="seeding")
    with transaction.atomic():
        competition = _locked_draft(competition_id, actor)
        entries = list(competition.entries.filter(withdrawn_at__isnull=True).order_by("pk"))
        check_field(competition, len(entries))
        competition.seeding = seeding
        competition.random_seed = None
        if seeding == Competition.Seeding.RANDOM:
            competition.random_seed = (secrets.randbelow(RANDOM_SEEDS) if random_seed is None
                                       else random_seed)
        order = _seeding_order(competition, entries, seeding)
        _save_seeds(competition, order)
        if competition.format == Competition.Format.LADDER:
            ladders.start_ladder(competition, [e.pk for e in order])
        elif competition.stages.exists():
            draw_first_stage(competition, [e.pk for e in order])
        elif competition.format == Competition.Format.LEAGUE:
            _draw_league(competition, [e.pk for e in order])
        elif competition.format == Competition.Format.SWISS:
            if pair_first_round:
                swiss_rounds.pair_swiss_round(competition, 1)
        else:
            _draw_knockout(competition, [e.pk for e in order])
        competition.status = Competition.Status.RUNNING
        competition.registration_open = False
        competition.save(update_fields=["status", "seeding", "random_seed",
                                        "registration_open"])
        return competition


def _locked_draft(competition_id: int, actor) -> Competition:
    competition = (
        Competition.objects.select_for_update(of=("self",), no_key=True).select_related("season__club")
        .filter(pk=competition_id).first()
    )
    if competition is None:
        raise ServiceError(_("No such competition."))
    require_organizer(actor, competition.season.club)
    if competition.status != Competition.Status.DRAFT:
        raise ServiceError(_("This competition has already started."))
    return competition


def check_field(competition: Competition, players: int) -> None:
    """Whether the competition can start with this many players (also asked when a draft
    is edited: a Swiss of more rounds than its entries allow is refused at once)."""
    if players < 2:
        raise ServiceError(_("Enter at least two players before starting the competition."))
    if competition.format != Competition.Format.SWISS:
        return
    rounds = competition.swiss_rounds
    if not rounds:
        raise ServiceError(_("Set the number of Swiss rounds (at least 1)."), field="swiss_rounds")
    if rounds > players - 1:
        raise ServiceError(
            _("A Swiss of %(players)s players can have at most %(rounds)s rounds (nobody meets the same opponent twice).") % {"players": players, "rounds": players - 1}, field="swiss_rounds",
        )


def _seeding_order(competition: Competition, entries: list[Entry], seeding: str) -> list[Entry]:
    """'entered': the seeds given (then entry order); 'rating': current club ratings, the
    unrated after the rated in entry order; 'random': a draw from the competition's random
    seed over the entry ids in entry order (seed_at_random), so the seed reproduces it."""
    entered = sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, e.pk))
    if seeding == "entered":
        return entered
    by_id = {e.pk: e for e in entered}
    if seeding == "random":
        drawn = seed_at_random(sorted(by_id), competition.random_seed)
        return [by_id[pk] for pk in drawn]
    ratings = current_ratings(e.player_id for e in entered)
    rated = {e.pk: ratings[e.player_id] for e in entered if e.player_id in ratings}
    place = {e.pk: i for i, e in enumerate(entered)}
    order = seed_by_rating(rated, tie_key=place.__getitem__)
    return [by_id[pk] for pk in order] + [e for e in entered if e.pk not in rated]


def _save_seeds(competition: Competition, order: list[Entry]) -> None:
    competition.entries.update(seed=None)
    for seed, entry in enumerate(order, start=1):
        entry.seed = seed
    Entry.objects.bulk_update(order, ["seed"])


def _draw_league(competition: Competition, seeds: list[int]) -> None:
    now = timezone.now()
    matches = []
    for drawn in round_robin(seeds, double=competition.double_round_robin):
        number = drawn.number
        round_ = Round.objects.create(competition=competition, number=number, name=f"Round {number}")
        for fixture in drawn.fixtures:
            matches.append(Match(
                competition=competition, round=round_, key=fixture_key(number, fixture.table - 1),
                entry_a_id=fixture.dealer, entry_b_id=fixture.opponent,
                status=Match.Status.SCHEDULED,
            ))
        if drawn.bye is not None:
            matches.append(Match(
                competition=competition, round=round_, key=fixture_key(number, None),
                entry_a_id=drawn.bye, kind=Match.Kind.BYE, status=Match.Status.CONFIRMED,
                confirmed_at=now,
            ))
    Match.objects.bulk_create(matches)


def _draw_knockout(competition: Competition, seeds: list[int]) -> None:
    knockout.draw_bracket(competition, seeds)


# The bracket as a page draws it -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    player: Player | None  # None: not known yet, or nobody (a bye)
    won: bool
    after_bye: bool  # a top seed placed straight into this slot (no round-1 match)


@dataclass(frozen=True, slots=True)
class MatchView:
    match: Match
    key: str
    a: Side
    b: Side
    is_bye: bool  # a league or Swiss bye: the player of side a has no opponent this round


@dataclass(frozen=True, slots=True)
class RoundView:
    round: Round
    name: str
    matches: tuple[MatchView, ...]


@dataclass(frozen=True, slots=True)
class BracketSection:
    bracket: str  # Round.Bracket value
    label: str
    rounds: tuple[RoundView, ...]


@dataclass(frozen=True, slots=True)
class BracketView:
    competition: Competition
    sections: tuple[BracketSection, ...]  # winners', losers', finals (knockout); main otherwise
    champion: Player | None


def bracket_view(competition: Competition, stage: Stage | None = None,
                 entries: Sequence[Entry] | None = None,
                 rounds: Sequence[Round] | None = None) -> BracketView:
    """The rounds of matches per bracket, with players, winners and byes (of one stage when
    `stage` is given). Three queries, four for a stage; one fewer given the competition's
    `entries` with their players, and one fewer given its `rounds` (those that have their
    `match_list` already are not read again). The players come from the entries: a match is
    read alone."""
    if rounds is None:
        matches = Prefetch("matches", queryset=Match.objects.order_by("pk"),
                           to_attr="match_list")
        scope = Round.objects.filter(competition=competition)
        if stage is not None:
            scope = scope.filter(stage=stage)
        rounds = list(scope.prefetch_related(matches))
    else:
        rounds = [r for r in rounds if stage is None or r.stage_id == stage.pk]
        with_match_lists(rounds)
    if entries is None:
        entries = list(competition.entries.select_related("player"))
    drawn = stage or competition
    seeds = knockout.stage_seeds(stage) if stage is not None else seeded_entries(entries)
    bracket = bracket_of(drawn, seeds) if drawn.is_knockout and len(seeds) >= 2 else None
    players = {e.pk: e.player for e in entries}
    byes = _after_bye(bracket)
    sections = []
    rounds.sort(key=lambda r: (BRACKET_ORDER[r.bracket], r.number))
    for bracket_name in dict.fromkeys(r.bracket for r in rounds):
        views = tuple(_round_view(r, byes, players) for r in rounds if r.bracket == bracket_name)
        sections.append(BracketSection(bracket_name, Round.Bracket(bracket_name).label, views))
    return BracketView(competition, tuple(sections), _champion(bracket, rounds, players))


def _round_view(round_: Round, byes: set[tuple[str, int]], players: dict) -> RoundView:
    ordered = sorted(round_.match_list, key=lambda m: table_of(m.key))
    views = tuple(
        MatchView(
            match=m, key=m.key,
            a=Side(players.get(m.entry_a_id), m.winner_id is not None
                   and m.winner_id == m.entry_a_id, (m.key, 0) in byes),
            b=Side(players.get(m.entry_b_id), m.winner_id is not None
                   and m.winner_id == m.entry_b_id, (m.key, 1) in byes),
            is_bye=m.kind == Match.Kind.BYE,
        )
        for m in ordered
    )
    return RoundView(round_, str(round_), views)


def _after_bye(bracket: Bracket | None) -> set[tuple[str, int]]:
    """Slots of round-2 (or later) winners' matches that a seeded player starts in."""
    if bracket is None:
        return set()
    return {
        (key_text(m.key), slot)
        for m in bracket.matches if m.key[0] == "W" and m.key[1] > 1
        for slot in range(2) if m.seeded[slot] is not None
    }


def _champion(bracket: Bracket | None, rounds: Sequence[Round], players: dict) -> Player | None:
    if bracket is None:
        return None
    results = [
        (key, m.winner_id)
        for r in rounds for m in r.match_list
        if m.status == Match.Status.CONFIRMED and (key := parse_key(m.key)) is not None
    ]
    try:
        champion = advance(bracket, results).champion
    except ValueError:  # a stored result that is not of this bracket
        return None
    return players.get(champion)
