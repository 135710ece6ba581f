"""What a league's or a Swiss's table shows of its rows: the tiebreaks' labels, values as
shown and definitions, and the notes under the table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext_lazy as _

from league.clubs.models import Player
from league.competitions.algorithms.standings import PointsSystem
from league.competitions.algorithms.tiebreaks import DEFINITIONS, Tiebreak
from league.competitions.models import Competition, Entry
from league.core.words import for_each_language

TIEBREAK_LABELS = {
    Tiebreak.HEAD_TO_HEAD: _("head-to-head"),
    Tiebreak.NET_GAME_POINTS: _("net game points"),
    Tiebreak.WINS: _("number of wins"),
    Tiebreak.GAMES_WON: _("number of games won"),
    Tiebreak.BUCHHOLZ: _("Buchholz"),
    Tiebreak.BUCHHOLZ_CUT1: _("Buchholz cut-1"),
    Tiebreak.MEDIAN_BUCHHOLZ: _("median Buchholz"),
    Tiebreak.SONNEBORN_BERGER: _("Sonneborn-Berger"),
    Tiebreak.OPPONENTS_MATCH_WIN_PCT: _("opponents' match-win %"),
    Tiebreak.HAND_WIN_PCT: _("hand-win %"),
    Tiebreak.OPPONENTS_HAND_WIN_PCT: _("opponents' hand-win %"),
}
PERCENTAGES = (Tiebreak.OPPONENTS_MATCH_WIN_PCT, Tiebreak.HAND_WIN_PCT,
               Tiebreak.OPPONENTS_HAND_WIN_PCT)
GAME_POINTS_NOTE = _("Game points are the hand points scored in the match's games (box and game "
                     "bonuses not counted).")


@dataclass(frozen=True, slots=True)
class TiebreakDefinition:
    tiebreak: Tiebreak
    label: str
    sentence: str  # what it is, in one sentence
    source: str  # the rule it follows, e.g. "FIDE C.07 §7.1 (number of wins)"

    @property
    def anchor(self) -> str:
        return f"tiebreak-{self.tiebreak.value.replace('_', '-')}"


@for_each_language()
def tiebreak_definition(tiebreak: Tiebreak) -> TiebreakDefinition:
    """The tiebreak's label, sentence and source in the reader's language (remembered)."""
    sentence, source = DEFINITIONS[tiebreak]
    return TiebreakDefinition(tiebreak, str(TIEBREAK_LABELS[tiebreak]), str(_(sentence)),
                              str(_(source)))


@for_each_language()
def tiebreak_labels() -> dict[Tiebreak, str]:
    """Each tiebreak's label in the reader's language, as text: a table's rows name their
    tiebreaks dozens of times, and a lazy label is looked up in the catalog each time it is
    read or tested. Remembered and shared: never changed."""
    return {tiebreak: str(label) for tiebreak, label in TIEBREAK_LABELS.items()}


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    tiebreak: Tiebreak
    label: str
    value: Fraction | None  # None: head-to-head among players who have not all met
    shown: str


@dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int
    shared_rank: bool  # level with the row above on everything
    player: Player
    entry_id: int
    withdrawn: bool
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
    game_points_for: int
    game_points_against: int
    game_points_net: int
    hands_won: int | None  # None: not counted (the table was asked for without hands)
    tiebreaks: tuple[TiebreakValue, ...]
    separated_by: str | None  # the label of the tiebreak that put it below the row above


@dataclass(frozen=True, slots=True)
class StandingsTable:
    competition: Competition
    rows: tuple[StandingsRow, ...]
    tiebreaks: tuple[tuple[Tiebreak, str], ...]  # in the competition's order, with labels
    points: PointsSystem
    notes: tuple[str, ...]  # how game points and byes count, for the page
    definitions: tuple[TiebreakDefinition, ...] = ()  # the tiebreaks', in the table's order

    @property
    def byes_count_as_wins(self) -> bool:
        """A bye scores as a win (a Swiss): the table counts it in P and W."""
        return self.points.bye is None

    @property
    def started(self) -> bool:
        """Someone has a result (a match or a bye counted): ranks mean something."""
        return any(row.played or row.byes for row in self.rows)


def row_shown(row, entry: Entry, hands: bool = True) -> StandingsRow:
    labels = tiebreak_labels()
    return StandingsRow(
        rank=row.rank, shared_rank=row.shared_rank, player=entry.player, entry_id=entry.pk,
        withdrawn=entry.withdrawn_at is not None, played=row.played, won=row.won,
        drawn=row.drawn, lost=row.lost, byes=row.byes, match_points=row.match_points,
        game_points_for=row.game_points_for, game_points_against=row.game_points_against,
        game_points_net=row.net_game_points,
        hands_won=row.hands_won if hands else None,
        tiebreaks=tuple(TiebreakValue(t, labels[t], v, _shown(row, t, v))
                        for t, v in row.tiebreaks),
        separated_by=labels[row.separated_by] if row.separated_by else None,
    )


def _shown(row, tiebreak: Tiebreak, value: Fraction | None) -> str:
    shown = shown_value(tiebreak, value)
    if tiebreak is Tiebreak.HEAD_TO_HEAD and row.head_to_head_partial and value is not None:
        return f"{shown}*"
    return shown


def shown_value(tiebreak: Tiebreak, value: Fraction | None) -> str:
    if value is None:
        return "–"
    if tiebreak in PERCENTAGES:
        return f"{float(value) * 100:.1f}%"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


PARTIAL_HEAD_TO_HEAD_NOTE = _(
    "* Not everyone level on these points has met yet: the head-to-head points count only the "
    "meetings so far, and put a player ahead only where no match still to be played could "
    "change it (FIDE's tie-break rules, direct encounter).")


def notes_of(competition: Competition) -> tuple[str, ...]:
    notes = [GAME_POINTS_NOTE]
    if competition.format == Competition.Format.LEAGUE:
        notes.append(_("A bye is a round without a match: it scores no points."))
    elif competition.format == Competition.Format.SWISS:
        notes.append(_("A bye scores as a win (as in FIDE's Swiss rules) and counts in P and W "
                       "once its round is complete."))
    return tuple(notes)
