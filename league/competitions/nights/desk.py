"""Reads for the organizer's desk at a club night: every table of the night's current round
live (its players, the game being played and its score, reported or confirmed, its table link),
the players present and waiting for a match, and a version of it all that changes exactly when
the desk would look different (the desk polls and is answered "not modified" until then).
Competitions read a match's games through its `games` relation. A fixed number of queries."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.base.selectors import matches_with_sides, side_names
from league.competitions.models import ClubNight, Match, ResultReport, Round, TableLink
from league.competitions.nights.attendance import present_entries

OPEN_REPORT = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)
IN = (Match.Status.CONFIRMED, Match.Status.VOID)


@dataclass
class DeskTable:
    match: Match
    names: tuple[str, str]
    game: object | None  # the latest game, if one was started
    games_won: tuple[int, int]
    report: ResultReport | None
    link: TableLink | None

    @property
    def state(self) -> str:
        """playing, reported, disputed, confirmed, or waiting (no game started)."""
        status = self.match.status
        if status == Match.Status.CONFIRMED:
            return "confirmed"
        if status == Match.Status.REPORTED:
            return "reported"
        if status == Match.Status.DISPUTED:
            return "disputed"
        return "playing" if self.game is not None else "waiting"

    @property
    def is_in(self) -> bool:
        return self.match.status in IN

    @property
    def reported_winner(self) -> str:
        if self.report is None:
            return ""
        return self.report.winner.player.name if self.report.winner_id else _("nobody (a draw)")

    @property
    def fingerprint(self) -> tuple:
        game = self.game
        return (self.match.pk, self.match.status, self.match.winner_id, self.match.games_a,
                self.match.games_b,
                (game.number, game.total_a, game.total_b, game.status) if game else None,
                (self.report.pk, self.report.status) if self.report else None,
                self.link.pk if self.link else None)


@dataclass
class Desk:
    night: ClubNight
    round: Round | None
    tables: list[DeskTable] = field(default_factory=list)
    byes: list[Match] = field(default_factory=list)
    waiting: list = field(default_factory=list)  # entries present and in no match of the round

    @property
    def tables_in(self) -> int:
        return sum(1 for t in self.tables if t.is_in)

    @property
    def all_in(self) -> bool:
        return bool(self.tables) and self.tables_in == len(self.tables)

    @property
    def seats_latecomers(self) -> bool:
        """A Swiss round still being played, someone waiting, and someone to play him."""
        return (self.night.competition.format == "swiss" and bool(self.waiting)
                and not self.all_in and len(self.waiting) + len(self.byes) >= 2)

    def opponents_of(self, entry) -> list[tuple[object, str]]:
        """Whom a latecomer may be seated against: the others waiting, the bye's player."""
        return ([(e, _("%(name)s (waiting)") % {"name": e.player.name})
                 for e in self.waiting if e.pk != entry.pk]
                + [(m.entry_a, _("%(name)s (instead of the bye)") % {"name": m.entry_a.player.name})
                   for m in self.byes if m.entry_a is not None])

    @property
    def latecomers(self) -> list[tuple[object, list]]:
        return [(e, self.opponents_of(e)) for e in self.waiting] if self.seats_latecomers else []

    @property
    def version(self) -> str:
        facts = (self.night.pk, self.night.status, self.round.pk if self.round else None,
                 [t.fingerprint for t in self.tables], [m.pk for m in self.byes],
                 [e.pk for e in self.waiting])
        return hashlib.sha256(repr(facts).encode()).hexdigest()[:20]


def night_desk(night: ClubNight) -> Desk:
    """The night's latest round at its tables. Eight queries whatever the number of tables."""
    round_ = night.rounds.order_by("-number", "-pk").first()
    if round_ is None:
        return Desk(night, None)
    now = timezone.now()
    matches = list(matches_with_sides().filter(round=round_).order_by("pk").prefetch_related(
        "games",
        Prefetch("reports", queryset=ResultReport.objects.filter(status__in=OPEN_REPORT)
                 .select_related("winner__player"), to_attr="open_reports"),
        Prefetch("table_links", queryset=TableLink.objects.filter(
            revoked_at=None, expires_at__gt=now), to_attr="live_links")))
    desk = Desk(night, round_)
    paired = set()
    for match in matches:
        paired |= {match.entry_a_id, match.entry_b_id}
        if match.kind == Match.Kind.BYE:
            desk.byes.append(match)
            continue
        if not match.table:
            continue
        games = sorted(match.games.all(), key=lambda g: g.number)
        won = (sum(g.winner == "A" for g in games), sum(g.winner == "B" for g in games))
        desk.tables.append(DeskTable(match, side_names(match), games[-1] if games else None,
                                     won, next(iter(match.open_reports), None),
                                     next(iter(match.live_links), None)))
    desk.tables.sort(key=lambda t: (len(t.match.table), t.match.table))
    if night.is_open:
        waiting = [pk for pk in present_entries(night) if pk not in paired]
        desk.waiting = list(night.competition.entries.filter(pk__in=waiting)
                            .select_related("player").order_by("player__name"))
    return desk
