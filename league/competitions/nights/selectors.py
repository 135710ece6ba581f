"""Reads for a club night's page: who is present, the rounds of the night with their tables, and
the signed-in player's own entry and table. A fixed number of queries whatever the field."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league.clubs.models import Player
from league.clubs.permissions import is_organizer
from league.competitions.base.brackets import table_of
from league.competitions.base.selectors import matches_with_sides
from league.competitions.entries.late_entries import late_entry_refusal
from league.competitions.formats.swiss_rounds import paired_at_nights
from league.competitions.models import CheckIn, ClubNight, Competition, Entry, Match, Round
from league.competitions.nights.attendance import entered_tonight
from league.competitions.nights.night_reads import entries_with_a_night_open
from league.competitions.nights.pairing import UNPLAYED, league_rounds, left_sides

PRESENT, ABSENT, LEFT, WITHDRAWN = "present", "absent", "left", "withdrawn"
OPEN_FIXTURE = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS, Match.Status.REPORTED,
                Match.Status.DISPUTED)


@dataclass
class Attendance:
    entry: Entry
    state: str  # present, absent (not checked in), left, withdrawn
    check_in: CheckIn | None

    @property
    def ticked(self) -> bool:
        return self.state == PRESENT


@dataclass
class MySeat:
    """The signed-in player's place at the night."""

    entry: Entry
    state: str
    match: Match | None = None  # the latest match of the night he is in
    opponent: str = ""


@dataclass
class LeftMatch:
    """A match of the night still unplayed, and who of its players has left."""

    match: Match
    absent: str  # "A", "B" or "both"

    @property
    def sentence(self) -> str:
        a, b = self.match.entry_a.player.name, self.match.entry_b.player.name
        round_ = str(self.match.round)
        if self.absent == "both":
            return _("%(a)s and %(b)s both left with their match of %(round)s unplayed.") % {
                "a": a, "b": b, "round": round_}
        gone, other = (a, b) if self.absent == "A" else (b, a)
        return _("%(gone)s left with the match of %(round)s against %(other)s unplayed.") % {
            "gone": gone, "round": round_, "other": other}

    @property
    def gone(self) -> str:
        names = {"A": self.match.entry_a.player.name, "B": self.match.entry_b.player.name}
        return names.get(self.absent) or _("%(a)s and %(b)s") % {"a": names["A"], "b": names["B"]}


@dataclass
class NightPage:
    night: ClubNight
    competition: Competition
    organizing: bool
    rows: list[Attendance]
    rounds: list[Round]
    me: MySeat | None
    next_round: int | None  # the Swiss round the organizer pairs next; None when none is left
    absent_fixtures: list[tuple[Match, str]] = field(default_factory=list)
    unfinished: int = 0  # the Swiss's matches not yet confirmed (the next round waits for them)
    left_unplayed: list[LeftMatch] = field(default_factory=list)
    walk_ins: list[Player] = field(default_factory=list)  # club players not entered
    walk_in_refusal: str = ""  # why nobody can be entered late now; "" when one can
    walk_ins_tonight: list[Entry] = field(default_factory=list)  # may still be taken out

    @property
    def present(self) -> int:
        return sum(1 for r in self.rows if r.state == PRESENT)

    @property
    def entered(self) -> int:
        """The entries still in the competition (a withdrawn player is no longer counted)."""
        return sum(1 for r in self.rows if r.state != WITHDRAWN)

    @property
    def is_swiss(self) -> bool:
        return self.competition.format == Competition.Format.SWISS


def night_for_page(pk: int) -> ClubNight:
    return get_object_or_404(ClubNight.objects.select_related("competition__season__club"),
                             pk=pk)


def night_page(night: ClubNight, user) -> NightPage:
    competition = night.competition
    entries = list(competition.entries.select_related("player").order_by("player__name"))
    check_ins = {c.entry_id: c for c in night.check_ins.all()}
    rows = [Attendance(e, _state(e, check_ins.get(e.pk)), check_ins.get(e.pk)) for e in entries]
    swiss = competition.format == Competition.Format.SWISS
    with_matches = Prefetch("matches", queryset=matches_with_sides().order_by("pk"),
                            to_attr="match_list")
    if swiss:
        rounds = list(night.rounds.order_by("number").prefetch_related(with_matches))
        played = competition.rounds.count()
        next_round = played + 1 if played < (competition.swiss_rounds or 0) else None
        unfinished = competition.matches.exclude(
            status__in=(Match.Status.CONFIRMED, Match.Status.VOID)).count()
    else:
        shown = league_rounds(night) if night.is_open else []
        rounds = list(Round.objects.filter(Q(night=night) | Q(pk__in=[r.pk for r in shown]))
                      .order_by("number").prefetch_related(with_matches))
        next_round, unfinished = None, 0
    for round_ in rounds:
        round_.match_list.sort(key=lambda m: table_of(m.key))
    by_state = {r.entry.pk: r.state for r in rows}
    absent = [] if swiss else [
        (m, ", ".join(side.player.name for side in (m.entry_a, m.entry_b)
                      if by_state.get(side.pk) != PRESENT))
        for r in rounds for m in r.match_list
        if m.status == Match.Status.SCHEDULED and m.kind == Match.Kind.PLAYED and not m.table
        and m.entry_a and m.entry_b and night.is_open
        and (by_state.get(m.entry_a_id), by_state.get(m.entry_b_id)) != (PRESENT, PRESENT)]
    organizing = is_organizer(user, competition.season.club)
    page = NightPage(night, competition, organizing, rows, rounds,
                     _me(user, competition, rows, rounds), next_round, absent, unfinished)
    if organizing:
        gone = {r.entry.pk for r in rows if r.state == LEFT}
        page.left_unplayed = [
            LeftMatch(m, sides) for r in rounds if r.night_id == night.pk for m in r.match_list
            if m.kind == Match.Kind.PLAYED and m.status in UNPLAYED and m.table
            and m.entry_a and m.entry_b and (sides := left_sides(m, gone))]
        if night.is_open:
            page.walk_in_refusal = late_entry_refusal(competition)
            entered = {r.entry.player_id for r in rows}
            page.walk_ins = [p for p in Player.objects.filter(
                club=competition.season.club, retired_at=None).order_by("name")
                if p.pk not in entered]
            page.walk_ins_tonight = _walk_ins_not_paired(night, rows)
    return page


def _walk_ins_not_paired(night: ClubNight, rows: list[Attendance]) -> list[Entry]:
    """The players entered late tonight, checked in and not yet in a match: a walk-in entered by
    mistake can still be taken out (one query, none when there is no walk-in)."""
    tonight = [r.entry for r in rows if r.check_in is not None and r.state != WITHDRAWN
               and entered_tonight(night, r.entry)]
    if not tonight:
        return []
    pairs = Match.objects.filter(Q(entry_a__in=tonight) | Q(entry_b__in=tonight)).values_list(
        "entry_a_id", "entry_b_id")
    paired = {pk for pair in pairs for pk in pair}
    return [entry for entry in tonight if entry.pk not in paired]


def _state(entry: Entry, check_in: CheckIn | None) -> str:
    if entry.withdrawn_at is not None:
        return WITHDRAWN
    if check_in is None:
        return ABSENT
    return PRESENT if check_in.left_at is None else LEFT


def _me(user, competition: Competition, rows: list[Attendance], rounds: list[Round]
        ) -> MySeat | None:
    if not user.is_authenticated:
        return None
    player = Player.objects.filter(club=competition.season.club, user=user).first()
    row = next((r for r in rows if player is not None and r.entry.player_id == player.pk), None)
    if row is None:
        return None
    seat = MySeat(row.entry, row.state)
    for round_ in reversed(rounds):
        for match in round_.match_list:
            if row.entry.pk in (match.entry_a_id, match.entry_b_id):
                seat.match = match
                seat.opponent = opponent_of(match, row.entry.pk)
                return seat
    return seat


@dataclass
class TonightSeat:
    """A player's place at an open club night of a competition he is entered in, for the top of
    his home page: whether he is checked in, and his latest match of the night."""

    night: ClubNight
    entry: Entry
    state: str  # present, absent (not checked in) or left
    match: Match | None = None
    opponent: str = ""

    @property
    def checked_in(self) -> bool:
        return self.state == PRESENT


def tonight(user, entries: dict[int, Entry] | None = None) -> list[TonightSeat]:
    """The open club nights of the competitions the user is entered in (not withdrawn), earliest
    first, each with his check-in and his latest match in a round of the night. Four queries;
    one for a user entered nowhere with a night open, none for a visitor. `entries`: his
    entries with a night open, when read already (night_reads.night_entries_read)."""
    if not user.is_authenticated:
        return []
    if entries is None:
        entries = entries_with_a_night_open(user)
    if not entries:
        return []
    nights = list(ClubNight.objects.filter(status=ClubNight.Status.OPEN,
                                           competition_id__in=list(entries))
                  .select_related("competition__season__club").order_by("starts_at", "pk"))
    mine = [e.pk for e in entries.values()]
    check_ins = {c.night_id: c for c in CheckIn.objects.filter(night__in=nights, entry__in=mine)}
    latest: dict[int, Match] = {}
    for match in (Match.objects.filter(Q(entry_a__in=mine) | Q(entry_b__in=mine),
                                       round__night__in=nights)
                  .select_related("round", "entry_a__player", "entry_b__player")
                  .order_by("round__number", "pk")):
        latest[match.round.night_id] = match
    seats = []
    for night in nights:
        entry = entries[night.competition_id]
        seat = TonightSeat(night, entry, _state(entry, check_ins.get(night.pk)))
        if (match := latest.get(night.pk)) is not None:
            seat.match = match
            seat.opponent = opponent_of(match, entry.pk)
        seats.append(seat)
    return seats


def opponent_of(match: Match, entry_id: int) -> str:
    """The name of the entry's opponent in the match; "" for a bye."""
    other = match.entry_b if match.entry_a_id == entry_id else match.entry_a
    return other.player.name if other else ""


@dataclass
class SwissMode:
    """How the running Swiss's next round is paired, for the organizer's competition page."""

    next_round: int
    at_nights: bool  # the round waits for a club night (or the organizer's "pair now")
    open_night: ClubNight | None
    active: int  # the active entries, every one of whom "pair now" pairs

    @property
    def sentence(self) -> str:
        if self.open_night is not None:
            return _("A club night is open: round %(round)s is paired on the night's page, from "
                     "the players present.") % {"round": self.next_round}
        if self.at_nights:
            return _("This Swiss is paired at club nights: round %(round)s waits for the next "
                     "night, and is paired from the players present then.") % {
                "round": self.next_round}
        return _("This Swiss pairs itself: round %(round)s is paired from every active entry as "
                 "soon as the round before is complete.") % {"round": self.next_round}


def swiss_mode(competition: Competition, open_night: ClubNight | None) -> SwissMode | None:
    """The Swiss's pairing mode while it has a round left to pair; None otherwise."""
    if (competition.format != Competition.Format.SWISS
            or competition.status != Competition.Status.RUNNING or competition.stages.exists()):
        return None
    played = competition.rounds.count()
    if played >= (competition.swiss_rounds or 0):
        return None
    active = competition.entries.filter(withdrawn_at=None).exclude(seed=None).count()
    return SwissMode(played + 1, paired_at_nights(competition), open_night, active)
