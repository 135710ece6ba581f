"""Reads for the scoresheet: the game, its match and players, its hands, and the engine's score
of them (points are derived from the hands, never stored by a page). Fixed query count."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from gameplay import engine
from league.clubs.models import Season
from league.clubs.permissions import organized_by
from league.clubs.visibility import club_of
from league.competitions.base.selectors import side_names, with_sides
from league.competitions.models import Competition, Match
from league.core.numbers import ascii_int
from league.core.written_reads import first_value, table
from league.games import sheet_reads
from league.games.models import Game, Hand, HandFlag, TableRuling
from league.games.services.scoring import score_of

# The club of a game, written out: a scoresheet's first read on its process's first visit to
# the game, which the ORM took several times as long to build as the database to answer.
_CLUB_OF_GAME_SQL = f"""SELECT s.club_id FROM {table(Game)} g
    JOIN {table(Match)} m ON m.id = g.match_id
    JOIN {table(Competition)} c ON c.id = m.competition_id
    JOIN {table(Season)} s ON s.id = c.season_id WHERE g.id = %s"""


def club_of_game(pk: int) -> int | None:
    """The club id of game `pk` (None: no such game)."""
    return club_of("game", pk, lambda: first_value(_CLUB_OF_GAME_SQL, [pk]))


@dataclass(frozen=True, slots=True)
class HandRow:
    """A line of the scoresheet: the hand as entered, and the running totals after it."""

    hand: Hand
    dealer: str  # "A" / "B", as the engine counts the deal
    total_a: int
    total_b: int


@dataclass(frozen=True, slots=True)
class AccountRow:
    label: str
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class ColumnView:
    """A Hollywood column: its score (a closed column's with its bonuses), and who won it."""

    number: int
    a: int
    b: int
    closed: bool
    winner: str  # "A" / "B" once closed
    closed_on: int | None  # the hand that closed it


@dataclass(frozen=True, slots=True)
class HollywoodRow:
    """A line of a Hollywood scoresheet: the hand, the columns it went into (1 first) and every
    column's running hand points after it."""

    hand: Hand
    dealer: str
    entered: tuple[int, ...]
    running: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Scoresheet:
    game: Game
    hands: list[Hand]
    score: engine.GameScore | engine.HollywoodScore
    names: tuple[str, str]
    may_have_rulings: bool = True  # False: the game has no table ruling, none is read

    @property
    def is_hollywood(self) -> bool:
        return self.game.is_hollywood

    @property
    def finished(self) -> bool:
        return self.score.finished

    @property
    def columns(self) -> list[ColumnView]:
        """The running columns of a Hollywood game, all shown at once."""
        if not self.is_hollywood:
            return []
        views = []
        for i, column in enumerate(self.score.columns):
            a, b = column.final.totals if column.final else column.totals
            winner = column.winner.name if column.finished and column.winner is not None else ""
            views.append(ColumnView(i + 1, a, b, column.finished, winner,
                                    self.score.closed_on(i)))
        return views

    @property
    def hollywood_rows(self) -> list[HollywoodRow]:
        if not self.is_hollywood:
            return []
        return [
            HollywoodRow(hand, line.dealer.name, tuple(c + 1 for c in line.columns),
                         tuple(tuple(r) for r in line.running))
            for hand, line in zip(self.hands, self.score.lines, strict=True)
        ]

    @property
    def match(self):
        return self.game.match

    @property
    def rules(self) -> engine.Ruleset:
        return self.score.rules

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def rows(self) -> list[HandRow]:
        """A void hand (dealt again) keeps the totals before it and the dealer who deals again;
        a Hollywood game shows its columns instead."""
        if self.is_hollywood:
            return []
        rows, lines = [], iter(self.score.lines)
        totals, dealer = (0, 0), self.game.first_dealer
        for hand in self.hands:
            if not hand.is_void:
                line = next(lines)
                totals, dealer = line.totals, line.dealer.name
            rows.append(HandRow(hand, hand.dealer if hand.is_void else dealer, *totals))
        return rows

    @property
    def totals(self) -> tuple[int, int]:
        return self.score.totals

    @property
    def boxes(self) -> tuple[int, int]:
        return (0, 0) if self.is_hollywood else self.score.boxes

    @property
    def dealer_next(self) -> str:
        return self.score.dealer_next.name

    @property
    def winner(self) -> str:
        return self.score.winner.name if self.score.winner is not None else ""

    @property
    def final_account(self) -> list[AccountRow]:
        """docs/rules.md "The game": hand points, box bonuses, the game bonus, the shutout; for a
        Hollywood game each column's final score and the total over the columns."""
        if self.is_hollywood:
            if not self.score.finished:
                return []
            rows = [AccountRow(_("Column %(number)s") % {"number": c.number}, c.a, c.b)
                    for c in self.columns]
            return [*rows, AccountRow(_("Total"), *self.score.totals)]
        final = self.score.final
        if final is None:
            return []
        a, b = final.accounts
        boxes = self.boxes
        box = self.rules.box_bonus
        return [
            AccountRow(_("Hand points"), a.hand_points, b.hand_points),
            AccountRow(_("Boxes (%(a)s and %(b)s × %(bonus)s)")
                       % {"a": boxes[0], "b": boxes[1], "bonus": box}, a.box_bonus, b.box_bonus),
            AccountRow(_("Game bonus"), a.game_bonus, b.game_bonus),
            AccountRow(_("Shutout") if final.shutout else _("Shutout (none)"), a.shutout_bonus,
                       b.shutout_bonus),
            AccountRow(_("Total"), a.total, b.total),
        ]

    @property
    def margin(self) -> int:
        if self.is_hollywood:
            return self.score.margin or 0
        final = self.score.final
        return final.margin if final is not None else 0


def scoresheet(pk: int, *, flags: bool = True, rulings: bool = True) -> Scoresheet:
    """The game with its match, the match's sides, the hands and their open flags: three queries
    (league.games.sheet_reads); `flags` False (the sheet's version counts no open flag): the
    flags are not read; `rulings` False (it counts no table ruling): the rulings waiting are not
    read either (open_table_rulings)."""
    game = sheet_reads.game_with_its_match(pk)
    with_sides(game.match)
    hands = sheet_reads.hands_of(game, flags=flags)
    return Scoresheet(game, hands, score_of(game, hands), side_names(game.match),
                      may_have_rulings=rulings)


# One hand and its flags -------------------------------------------------------------------------


def game_hand(pk: int, number: int) -> Hand:
    """Hand `number` of game `pk`, with its match's club and each side's player, or 404."""
    return get_object_or_404(
        Hand.objects.select_related("game__match__competition__season__club",
                                    "game__match__entry_a__player",
                                    "game__match__entry_b__player"),
        game_id=pk, number=number)


def open_flags_of(hand: Hand) -> list[HandFlag]:
    """The hand's flags not yet cleared: one query."""
    return [f for f in hand.flags.all() if f.is_open]


def hand_flag(pk: int) -> HandFlag | None:
    """A flag with its hand and the hand's match's club, if it exists."""
    return (HandFlag.objects.select_related("hand__game__match__competition__season__club")
            .filter(pk=pk).first())


def hand_count(game: Game) -> int:
    """How many hands the game has: one query."""
    return game.hands.count()


# The rulings assistant ---------------------------------------------------------------------------
# The matches a ruling may be recorded on: not yet confirmed.
RULING_OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS, Match.Status.REPORTED,
               Match.Status.DISPUTED)


def ruling_match(pk: str | None) -> Match | None:
    """The match a ruling's page names (its players' names are shown), if it exists."""
    number = ascii_int(pk)
    if number is None:
        return None
    return (Match.objects.select_related("entry_a__player", "entry_b__player")
            .filter(pk=number).first())


def may_record_rulings(user) -> bool:
    return user.is_authenticated and (user.is_superuser or user.organized_clubs.exists())


def recordable_matches(user) -> QuerySet[Match]:
    """Open matches of the clubs the user organizes, newest first."""
    clubs = organized_by(user, "competition__season__club")
    return (Match.objects.filter(clubs, status__in=RULING_OPEN)
            .select_related("competition", "round", "entry_a__player", "entry_b__player")
            .order_by("-pk").distinct())



# Rulings recorded at the table --------------------------------------------------------------------


def open_table_rulings(game: Game, *, may_have: bool = True) -> list[TableRuling]:
    """The rulings of the game's hands waiting for the opponent or the organizer: one query
    (none when the game is known to have no ruling, `may_have` False)."""
    if not may_have:
        return []
    return list(TableRuling.objects.filter(game=game, status__in=TableRuling.OPEN)
                .order_by("hand_number", "pk"))


def is_ruling_of_game(ruling_id: int, game_pk: int) -> bool:
    """Whether the table ruling is one of the game's: one query."""
    return TableRuling.objects.filter(pk=ruling_id, game_id=game_pk).exists()
