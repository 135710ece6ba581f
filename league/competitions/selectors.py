"""Reads for the competition pages. Each runs a fixed number of queries whatever the number of rows:
related rows come through select_related / prefetch_related, never one query per row."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Prefetch, Q, QuerySet, prefetch_related_objects
from django.shortcuts import get_object_or_404

from league.clubs.models import Player
from league.clubs.permissions import organized_by
from league.clubs.selectors import player_of_user
from league.clubs.visibility import club_of
from league.competitions.models import Competition, Entry, Match, Round, Stage, StageEntry

MATCH_SIDES = ("entry_a__player", "entry_b__player", "winner__player")
SIDES = [Prefetch(side, queryset=Entry.objects.select_related("player"))
         for side in ("entry_a", "entry_b", "winner")]


def matches_with_sides() -> QuerySet[Match]:
    """Matches with their round, and each side's and the winner's entry with its player. The
    sides come in three small queries, not six more joins: PostgreSQL took longer to plan that
    join (15 ms on the load test's season) than to run it."""
    return Match.objects.select_related("round").prefetch_related(*SIDES)




def side_names(match: Match) -> tuple[str, str]:
    """The names of seat A and seat B (a seat may still wait for its player, or be a bye)."""
    waiting = "Bye" if match.kind == Match.Kind.BYE else "To be decided"
    return (
        match.entry_a.player.name if match.entry_a else "To be decided",
        match.entry_b.player.name if match.entry_b else waiting,
    )
























# Competition ------------------------------------------------------------------------------------


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


def fixtures_of(rounds: list[Round]) -> None:
    """Give each round its `.match_list`, with the players: one query."""
    prefetch_related_objects(
        rounds, Prefetch("matches", queryset=matches_with_sides().order_by("pk"), to_attr="match_list"))


def organizing_status(user, pk: int) -> str:
    """The competition's status when the user may organize it (the page links the organizer's
    pages, which check again), else '': no query for a visitor, one for a signed-in user."""
    if not user.is_authenticated:
        return ""
    mine = Competition.objects.filter(organized_by(user, "season__club"), pk=pk)
    return mine.values_list("status", flat=True).first() or ""


# Calendar feeds ---------------------------------------------------------------------------------
FEED_RELATED = ("round", "competition__season__club", "entry_a__player", "entry_b__player",
                "winner__player")


def feed_competition(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("season"), pk=pk)


def feed_matches_of_competition(competition: Competition) -> QuerySet[Match]:
    """Every match of the competition, in bracket and round order: one query."""
    return (Match.objects.filter(competition=competition).select_related(*FEED_RELATED)
            .order_by("round__bracket", "round__number", "pk"))


def feed_matches_of_player(player) -> QuerySet[Match]:
    """Every match of the player, across competitions, by time: one query."""
    return (Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
            .select_related(*FEED_RELATED).order_by("scheduled_at", "round__number", "pk"))



# Lookups of a page's object (one query, or 404) ---------------------------------------------------


def competition_by_pk(pk: int) -> Competition:
    return get_object_or_404(Competition, pk=pk)


def competition_with_club(pk: int) -> Competition:
    """The competition with its season and club."""
    return get_object_or_404(Competition.objects.select_related("season__club"), pk=pk)


def competition_round(pk: int) -> Round:
    """A round with its competition, season and club."""
    return get_object_or_404(Round.objects.select_related("competition__season__club"), pk=pk)


def match_and_players(pk: int) -> Match:
    """A match with its competition's club, its round and each side's player."""
    return get_object_or_404(Match.objects.select_related(
        "competition__season__club", "round", "entry_a__player", "entry_b__player"), pk=pk)


def entry_with_club(pk: int) -> Entry:
    """An entry with its player and its competition's club."""
    return get_object_or_404(
        Entry.objects.select_related("player", "competition__season__club"), pk=pk)


# Whose pages: the club of a competition or a match, remembered (no query once known) ------------


def club_of_competition(pk: int) -> int | None:
    """The club id of competition `pk` (None: no such competition)."""
    return club_of("competition", pk, lambda: Competition.objects.filter(pk=pk).values_list(
        "season__club_id", flat=True).first())


def club_of_match(pk: int) -> int | None:
    """The club id of match `pk` (None: no such match)."""
    return club_of("match", pk, lambda: Match.objects.filter(pk=pk).values_list(
        "competition__season__club_id", flat=True).first())


def match_club(pk: int):
    """The club of match `pk` (its time zone reads and shows the match's times): one query;
    404 when there is no such match."""
    return get_object_or_404(Match.objects.select_related("competition__season__club"),
                             pk=pk).competition.season.club


# Printed pages ----------------------------------------------------------------------------------


def matches_to_print(round_: Round) -> QuerySet[Match]:
    """The round's matches but the void ones, with each side's player: one query."""
    return (round_.matches.exclude(status=Match.Status.VOID)
            .select_related("entry_a__player", "entry_b__player"))


# Stages -----------------------------------------------------------------------------------------


def stages_of(competition: Competition) -> list[Stage]:
    """The competition's stages in their order: one query."""
    return list(competition.stages.order_by("order"))


def stage_seeds(stage: Stage) -> dict[int, int]:
    """The seed of each player of the stage, by player id: one query."""
    return dict(StageEntry.objects.filter(stage=stage).values_list("entry__player_id", "seed"))


# Signing up -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignUpPage:
    player: Player | None  # the viewer's player of the club, if any
    entered: bool  # that player has an entry (withdrawn or not)
    signed_up: int  # the entries not withdrawn


def sign_up_page(competition: Competition, user) -> SignUpPage:
    """What the sign-up page says to the user: one query for a visitor, two for a signed-in user
    who is no player of the club, three for a player."""
    player = player_of_user(competition.season.club, user) if user.is_authenticated else None
    entered = player is not None and competition.entries.filter(player=player).exists()
    return SignUpPage(player, entered,
                      competition.entries.filter(withdrawn_at__isnull=True).count())
