"""python manage.py simulate_competition --format swiss --players 9 --rounds 4 --seed 7 [--json]

Try a format before running it: a scratch club with players (Player 01 is seed 1), the
competition drawn and started, then every match played by the engine's self-play, reported and
confirmed through the services the site uses (so the same tasks move it on), until it is
finished. Prints the matches and the final standings (knockouts: the placings), as JSON with
--json. The same seed gives the same output. The scratch club is removed afterwards unless
--keep is given.
"""

from __future__ import annotations

import json
import math
import random
import uuid
from collections import Counter
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from gameplay.engine import HollywoodFormat
from league.clubs.models import Club, Player, Season
from league.competitions.base.brackets import BRACKET_ORDER, table_of
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.decide import choose_qualifiers
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.draws import start_competition
from league.competitions.formats.stage_plans import StagePlan, plan_stages
from league.competitions.formats.stage_tables import final_placings
from league.competitions.formats.stages import is_tie_ask
from league.competitions.ladders.services import challenge, forfeit_overdue, ladder_of
from league.competitions.models import Competition, Entry, LadderChallenge, Match, Stage
from league.competitions.standings.placings import knockout_placings
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from league.games.services.selfplay import play_competition, play_match

FORMATS = {
    "round_robin": Competition.Format.LEAGUE,
    "single_elimination": Competition.Format.SINGLE_ELIMINATION,
    "double_elimination": Competition.Format.DOUBLE_ELIMINATION,
    "swiss": Competition.Format.SWISS,
}
# In stages: four groups of four into an eight-player knockout (group winners crossed with the
# runners-up); four groups of four into two groups of the top two of each (dealt in snake order
# by standing), into a knockout of the top two of each of those; a Swiss into a knockout of its
# top eight, seeded by standing.
STAGED = {
    "groups_knockout": (Competition.Format.LEAGUE, (
        StagePlan(Stage.Kind.GROUPS, groups=4),
        StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
                  seeding=Stage.Seeding.CROSS_GROUP))),
    "groups_groups_knockout": (Competition.Format.LEAGUE, (
        StagePlan(Stage.Kind.GROUPS, groups=4),
        StagePlan(Stage.Kind.GROUPS, groups=2, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
                  seeding=Stage.Seeding.STANDING),
        StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
                  seeding=Stage.Seeding.CROSS_GROUP))),
    "swiss_top_cut": (Competition.Format.SWISS, (
        StagePlan(Stage.Kind.SWISS),
        StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL, qualifiers=8,
                  seeding=Stage.Seeding.STANDING))),
}
MAX_PLAYERS = 128


class Command(BaseCommand):
    help = "Play a whole competition by self-play in a scratch club and print what happened."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--format", required=True,
                            choices=sorted({*FORMATS, *STAGED, "ladder"}))
        parser.add_argument("--players", required=True, type=int)
        parser.add_argument("--rounds", type=int, help="Swiss rounds (default: log2 of the field)")
        parser.add_argument("--seed", required=True, type=int)
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON")
        parser.add_argument("--keep", action="store_true", help="keep the scratch club")
        parser.add_argument("--days", type=int, default=30,
                            help="a ladder's simulated days (default 30)")
        parser.add_argument("--hollywood", action="store_true",
                            help="play Hollywood matches (three columns to the ruleset's target)")

    def handle(self, *args, format: str, players: int, rounds: int | None, seed: int,
               as_json: bool, keep: bool, hollywood: bool = False, days: int = 30,
               **options) -> None:
        settings = _settings(format, players, rounds)
        if hollywood:
            settings |= {"match_format": Competition.MatchFormat.HOLLYWOOD,
                         "hollywood": HollywoodFormat().to_dict()}
        scratch = Scratch.create(players)
        try:
            if format == "ladder":
                report = scratch.run_ladder(days, seed)
            elif format in STAGED:
                competition = scratch.run_in_stages(*STAGED[format], settings, seed)
            else:
                competition = scratch.run(FORMATS[format], settings, seed)
            if format != "ladder":
                report = summary(competition)
        except ServiceError as error:
            raise CommandError(error.message) from None
        finally:
            if not keep:
                scratch.discard()
        self.stdout.write(json.dumps(report, indent=2) if as_json else _as_text(report))
        if keep:
            self.stderr.write(f"Kept the scratch club '{scratch.club.name}'.")


def _settings(format: str, players: int, rounds: int | None) -> dict:
    if not 2 <= players <= MAX_PLAYERS:
        raise CommandError(f"--players must be between 2 and {MAX_PLAYERS}.")
    if format == "groups_knockout" and players != 16:
        raise CommandError("Groups, then a knockout: four groups of four, --players 16.")
    if format == "groups_groups_knockout" and players != 16:
        raise CommandError("Groups, groups, then a knockout: four groups of four, --players 16.")
    if format == "swiss_top_cut" and players < 9:
        raise CommandError("A Swiss with a top-8 cut needs --players 9 or more.")
    if format == "ladder":
        if rounds is not None:
            raise CommandError("--rounds is for a Swiss only.")
        return {}
    if format not in ("swiss", "swiss_top_cut"):
        if rounds is not None:
            raise CommandError("--rounds is for a Swiss only.")
        return {}
    rounds = rounds if rounds is not None else min(players - 1, math.ceil(math.log2(players)))
    if not 1 <= rounds <= players - 1:
        raise CommandError(f"A Swiss of {players} players has 1 to {players - 1} rounds.")
    return {"swiss_rounds": rounds}


class Scratch:
    """A club of its own for one simulation: an organizer and players with user accounts."""

    def __init__(self, club: Club, organizer, players: list[Player]) -> None:
        self.club, self.organizer, self.players = club, organizer, players

    @classmethod
    def create(cls, players: int) -> Scratch:
        tag = uuid.uuid4().hex[:12]
        users = get_user_model().objects
        with transaction.atomic():
            club = Club.objects.create(name=f"Simulation {tag}", slug=f"simulation-{tag}")
            organizer = users.create_user(f"sim-{tag}-organizer", password=None)
            club.organizers.add(organizer)
            entrants = [
                Player.objects.create(club=club, name=f"Player {i:02}",
                                      user=users.create_user(f"sim-{tag}-{i:02}", password=None))
                for i in range(1, players + 1)
            ]
        return cls(club, organizer, entrants)

    def run(self, format: str, settings: dict, seed: int) -> Competition:
        season = Season.objects.create(club=self.club, name="Simulation")
        competition = create_competition(season, actor=self.organizer, name="Simulated",
                                         format=format, **settings)
        register_players(competition, self.players, actor=self.organizer)
        competition = start_competition(competition.pk, actor=self.organizer)
        play_competition(competition, seed=seed)
        return competition

    def run_in_stages(self, format: str, plans, settings: dict, seed: int) -> Competition:
        """Played as `run`; where players are level at the cut line, the organizer takes them
        in their seed order (the simulation's stand-in for the organizer's decision)."""
        season = Season.objects.create(club=self.club, name="Simulation")
        competition = create_competition(season, actor=self.organizer, name="Simulated",
                                         format=format, **settings)
        plan_stages(competition, plans, actor=self.organizer)
        register_players(competition, self.players, actor=self.organizer)
        competition = start_competition(competition.pk, actor=self.organizer)
        while competition.status != Competition.Status.FINISHED:
            try:
                play_competition(competition, seed=seed)
            except ServiceError:  # nothing to play: a tie at the cut may wait for a decision
                if not self._decide_ties(competition):
                    raise
        return competition

    def run_ladder(self, days: int, seed: int) -> dict:
        """A ladder's month, ending now: each simulated day the overdue challenges are forfeited
        (the periodic task's service, at that day), then a third of the players free to challenge
        do so, someone within reach above, and a quarter of the challenges two days old or more are
        played by self-play (confirmed when they are played, that is now)."""
        if not 1 <= days <= 366:
            raise CommandError("--days is between 1 and 366.")
        season = Season.objects.create(club=self.club, name="Simulation")
        ladder = create_competition(season, actor=self.organizer, name="Simulated",
                                    format=Competition.Format.LADDER)
        register_players(ladder, self.players, actor=self.organizer)
        ladder = start_competition(ladder.pk, actor=self.organizer)
        rng = random.Random(seed)
        start = timezone.now() - timedelta(days=days)
        for day in range(days):
            today = start + timedelta(days=day)
            forfeit_overdue(today)
            self._challenges_of_the_day(ladder, rng, today)
            for made in ladder.challenges.filter(status=LadderChallenge.Status.OPEN,
                                                 issued_at__lte=today - timedelta(days=2)):
                if rng.random() < 0.25:
                    play_match(made.match_id, seed=rng.getrandbits(63))
        return ladder_summary(ladder)

    def _challenges_of_the_day(self, ladder: Competition, rng: random.Random, today) -> None:
        state = ladder_of(ladder)
        for challenger in state.order:
            if rng.random() >= 1 / 3:
                continue
            state = ladder_of(ladder)
            above = [p for p in state.order if state.refusal(challenger, p, today) is None]
            if above:
                entry = ladder.entries.select_related("player__user").get(pk=challenger)
                challenge(ladder.pk, rng.choice(above), actor=entry.player.user, at=today)

    def _decide_ties(self, competition: Competition) -> bool:
        asked = [d for d in pending_decisions(competition) if is_tie_ask(d.asked)]
        for decision in asked:
            seeds = dict(competition.entries.values_list("pk", "seed"))
            tied = sorted(decision.asked.after["players"], key=seeds.__getitem__)
            choose_qualifiers(decision.match.pk, tied[:decision.asked.after["places"]],
                              actor=self.organizer)
        competition.refresh_from_db(fields=["status"])
        return bool(asked)

    def discard(self) -> None:
        users = [self.organizer.pk, *(p.user_id for p in self.players)]
        with transaction.atomic():
            LadderChallenge.objects.filter(competition__season__club=self.club).delete()
            Match.objects.filter(competition__season__club=self.club).delete()
            Entry.objects.filter(competition__season__club=self.club).delete()
            self.club.delete()
            get_user_model().objects.filter(pk__in=users).delete()


def summary(competition: Competition) -> dict:
    matches = (competition.matches.exclude(status=Match.Status.VOID)
               .select_related("round", "entry_a__player", "entry_b__player", "winner__player"))
    ordered = sorted(matches, key=lambda m: (BRACKET_ORDER[m.round.bracket], m.round.number,
                                             table_of(m.key)))
    table = competition_standings(competition)
    points = {row.player.pk: row.match_points for row in table.rows}
    if competition.stages.exists():
        names = {e.pk: e.player for e in competition.entries.select_related("player")}
        standings = [{"rank": p.rank, "player": names[p.entry].name,
                      "points": points[names[p.entry].pk], "stage": p.stage}
                     for p in final_placings(competition)]
    elif competition.is_knockout:
        standings = [{"rank": p.rank, "player": p.player.name, "points": points[p.player.pk]}
                     for p in knockout_placings(competition)]
    else:
        standings = [{"rank": r.rank, "player": r.player.name, "points": r.match_points}
                     for r in table.rows]
    return {"matches": [_match(m) for m in ordered], "standings": standings}


def ladder_summary(ladder: Competition) -> dict:
    positions = ladder.entries.filter(position__isnull=False).order_by("position")
    statuses = Counter(ladder.challenges.values_list("status", flat=True))
    return {
        "positions": [{"position": e.position, "player": e.player.name}
                      for e in positions.select_related("player")],
        "challenges": dict(sorted(statuses.items())),
        "moves": sum(len(e.moves) for e in ladder.ladder_events.exclude(kind="joined")),
    }


def _match(match: Match) -> dict:
    name = lambda entry: entry.player.name if entry else None  # noqa: E731
    return {"round": str(match.round), "a": name(match.entry_a), "b": name(match.entry_b),
            "winner": name(match.winner)}


def _as_text(report: dict) -> str:
    if "positions" in report:
        lines = ["Ladder"] + [f"  {p['position']:>3}  {p['player']}" for p in report["positions"]]
        lines += ["", "Challenges: " + ", ".join(f"{n} {s}" for s, n in
                                                 report["challenges"].items())]
        return "\n".join(lines)
    lines, current = [], None
    for m in report["matches"]:
        if m["round"] != current:
            current = m["round"]
            lines.append(current)
        if m["b"] is None:
            lines.append(f"  {m['a']:<24} bye")
        else:
            lines.append(f"  {m['a']:<24} v {m['b']:<24} winner: {m['winner'] or '-'}")
    lines += ["", "Standings", f"  {'#':>3}  {'Player':<24} {'Points':>6}"]
    lines += [f"  {s['rank']:>3}  {s['player']:<24} {s['points']:>6}" for s in report["standings"]]
    return "\n".join(lines)
