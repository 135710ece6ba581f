"""python manage.py seed_demo [--if-empty]: a living club to look around in.

"Riverside Gin Club" with an organizer (`organizer`) and 24 players, each with a user account
named after their first name, all with the password `gin-demo`. In one season:
- the Autumn Knockout, 8 players, single elimination with a third-place match, played to the
  end some weeks ago;
- the Thursday League, a 12-player round robin: four rounds confirmed (one a week), the fifth
  this week with results confirmed, two reported and awaiting confirmation and one disputed,
  the other six rounds to play. Every round has its week (starts on, play by), its club night
  on Thursday at 19:30 with a table per match; round 5's play-by date has passed, so its
  unplayed matches show as overdue, and in round 6 a player has proposed another time.
- the Riverside Ladder of the knockout's eight: a challenge played last week,
  one forfeited (not played by its deadline) and one open, due tomorrow.
The Tuesday Swiss, 8 players of the knockout, 3 rounds, is played at club nights: tonight's is
open, six players checked in and round 1 paired from them at tables 1-3 (two have not come);
the Thursday League's next club night is scheduled. Four players have just joined and play in
neither league nor knockout. Every game is played by the engine's
self-play and goes through the same services as the site (hands, report, confirm). Past weeks
are dated back and the club's ratings rebuilt, so the rating periods show. The notifications
are those the site's tasks write as it goes (a match ready, a result to confirm, a dispute,
a challenge...), the past ones dated back and read, and then those of the periodic task run
now (the overdue matches to the organizer, the reminders of what falls due within a day).
`--if-empty` does nothing when any club exists (for `make run` on a fresh database).
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime, time, timedelta

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import Club, Player, Season
from league.competitions.base.dates import club_zone
from league.competitions.entries.sign_ups import open_registration, sign_up
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.ladders.services import challenge, forfeit_overdue
from league.competitions.models import (
    AuditEntry,
    Competition,
    LadderChallenge,
    LadderEvent,
    Match,
    ResultReport,
)
from league.competitions.nights.attendance import check_in
from league.competitions.nights.pairing import pair_night_round
from league.competitions.nights.services import open_night, schedule_night
from league.competitions.results.services import dispute_result, report_result
from league.competitions.schedule.services import propose_time, set_match_time
from league.games.models import Game, Hand
from league.games.services.selfplay import match_seed, play_games, play_match, playable_matches
from league.notifications.models import Notification
from league.notifications.reminders import sweep
from league.ratings.services import recompute_ratings

CLUB = "Riverside Gin Club"
PASSWORD = "gin-demo"
SEED = 2026
PLAYERS = (
    "Alice Hart", "Ben Okafor", "Clara Novak", "Dev Patel", "Elena Rossi", "Farid Haddad",
    "Grace Lin", "Hugo Brandt", "Iris Walsh", "Jonas Berg", "Kemi Adeyemi", "Leo Marchetti",
    "Maya Cohen", "Nils Larsen", "Olive Grant", "Pavel Horak", "Quinn Doyle", "Rosa Alvarez",
    "Sam Whitaker", "Tara Singh", "Umar Qureshi", "Vera Petrova", "Wes Carter", "Yuki Tanaka",
)
LEAGUE_ROUNDS_PLAYED = 4


class Command(BaseCommand):
    help = "Create a demo club with players, a league under way and a finished knockout."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--if-empty", action="store_true",
                            help="do nothing if the database has any club")

    def handle(self, *args, if_empty: bool, **options) -> None:
        if if_empty and Club.objects.exists():
            self.stdout.write("seed_demo: the database has clubs already; nothing done.")
            return
        started = timezone.now()
        club, organizer, players = create_people()
        season = Season.objects.create(club=club, name=f"{started.year} season",
                                       starts_on=(started - timedelta(weeks=9)).date())
        knockout(season, organizer, players[12:20], started)
        league(season, organizer, players[:12], started)
        sign_ups(season, organizer, players[20:], started)
        ladder(season, organizer, players[12:20], started)
        club_nights(season, organizer, players[12:20], started)
        recompute_ratings(club)
        sweep(timezone.now())  # the periodic task's first run
        seconds = (timezone.now() - started).total_seconds()
        self.stdout.write(credentials(organizer, players, seconds))


def create_people() -> tuple[Club, object, list[Player]]:
    users = get_user_model().objects
    names = ["organizer", *(full.split()[0].lower() for full in PLAYERS)]
    taken = list(users.filter(username__in=names).values_list("username", flat=True))
    if Club.objects.filter(name=CLUB).exists() or taken:
        raise CommandError(f"The demo exists already ({CLUB} or the users {', '.join(taken)}).")
    hashed = make_password(PASSWORD)  # hashed once: the same password for everyone
    with transaction.atomic():
        club = Club.objects.create(name=CLUB, slug="riverside", time_zone="Europe/London",
                                   description="Thursday evenings by the river.")
        users.bulk_create([get_user_model()(username=n, password=hashed,
                                            email=f"{n}@example.org") for n in names])
        by_name = {u.username: u for u in users.filter(username__in=names)}
        # Confirmed addresses: the demo accounts sign in by email and reset their passwords.
        EmailAddress.objects.bulk_create([
            EmailAddress(user=u, email=u.email, primary=True, verified=True)
            for u in by_name.values()])
        club.organizers.add(by_name["organizer"])
        Player.objects.bulk_create([
            Player(club=club, name=full, user=by_name[full.split()[0].lower()]) for full in PLAYERS
        ])
    found = {p.name: p for p in Player.objects.filter(club=club).select_related("user")}
    return club, by_name["organizer"], [found[full] for full in PLAYERS]


def knockout(season: Season, organizer, players: list[Player], now) -> Competition:
    """Played to the end: quarter-finals 8 weeks ago, semi-finals 7, final and third place 6."""
    competition = _started(season, organizer, players, name="Autumn Knockout",
                           format=Competition.Format.SINGLE_ELIMINATION, third_place_match=True)
    weeks_ago = {"Quarter-finals": 8, "Semi-finals": 7}
    while batch := playable_matches(competition):
        for match in batch:
            play_match(match.pk, seed=match_seed(SEED, match))
        round_name = str(batch[0].round)
        backdate([m.pk for m in batch], now - timedelta(weeks=weeks_ago.get(round_name, 6)))
    return competition


def league(season: Season, organizer, players: list[Player], now) -> Competition:
    """Rounds 1-4 confirmed a week apart, round 5 this week half done, the rest to play."""
    competition = _started(season, organizer, players, name="Thursday League",
                           format=Competition.Format.LEAGUE)
    rounds = list(competition.rounds.order_by("number"))
    for number, round_ in enumerate(rounds[:LEAGUE_ROUNDS_PLAYED], start=1):
        matches = [m for m in playable_matches(competition) if m.round_id == round_.pk]
        for match in matches:
            play_match(match.pk, seed=match_seed(SEED, match))
        backdate([m.pk for m in matches], now - timedelta(weeks=LEAGUE_ROUNDS_PLAYED + 1 - number))
    this_week = [m for m in playable_matches(competition) if m.round_id == rounds[4].pk]
    _half_done(this_week)
    schedule_league(competition, organizer, rounds, now)
    return competition


def schedule_league(competition: Competition, organizer, rounds: list, now) -> None:
    """Each round a week, Monday to Sunday, with its club night on Thursday at 19:30 in the
    club's zone and a table per match: round 6 this week, the later ones after it. Round 5
    started last week and was due yesterday, so its unplayed matches are overdue. In round 6
    one player has proposed another time, not accepted yet."""
    zone = club_zone(competition.season.club)
    today = now.astimezone(zone).date()
    this_monday = today - timedelta(days=today.weekday())
    for number, round_ in enumerate(rounds, start=1):
        monday = this_monday + timedelta(weeks=number - 6)
        round_.starts_on, round_.play_by = monday, monday + timedelta(days=6)
        if number == 5:
            round_.play_by = today - timedelta(days=1)
        round_.save(update_fields=["starts_on", "play_by"])
        if number >= 5:
            night = datetime.combine(monday + timedelta(days=3), time(19, 30), tzinfo=zone)
            _seat(round_, organizer, night, fixed=number == 5)
    first = rounds[5].matches.order_by("pk").first()
    later = datetime.combine(this_monday + timedelta(days=8), time(20), tzinfo=zone)
    if first is not None and first.entry_a is not None and later > now:
        propose_time(first.pk, actor=first.entry_a.player.user, at=later)


def _seat(round_, organizer, night, *, fixed: bool) -> None:
    """A table per match at the club night; the organizer sets them, or for a round already
    under way they are written as they were set."""
    for table, match in enumerate(round_.matches.order_by("pk"), start=1):
        if fixed or match.status not in (Match.Status.SCHEDULED, Match.Status.PENDING):
            Match.objects.filter(pk=match.pk).update(
                scheduled_at=night, table=str(table), schedule_sequence=1,
                schedule_changed_at=night - timedelta(days=3))
        else:
            set_match_time(match.pk, actor=organizer, at=night, table=str(table))


def _half_done(matches: list[Match]) -> None:
    """Three confirmed, two reported (awaiting confirmation), one disputed."""
    for i, match in enumerate(matches[:6]):
        if i < 3:
            with told_then(timezone.now(), read=True):  # confirmed at once: seen
                play_match(match.pk, seed=match_seed(SEED, match))
            continue
        played = play_games(match.pk, seed=match_seed(SEED, match))
        report_result(match.pk, actor=played.entry_a.player.user)
        if i == 5:
            dispute_result(match.pk, actor=played.entry_b.player.user,
                           comment="My last hand was gin, not a knock: the points are wrong.")


def sign_ups(season: Season, organizer, players: list[Player], now) -> Competition:
    """A Swiss taking sign-ups for two more weeks, three players signed up already."""
    competition = create_competition(
        season, actor=organizer, name="Summer Swiss", format=Competition.Format.SWISS,
        swiss_rounds=4, description="Four rounds on the terrace; sign up by yourself.")
    open_registration(competition.pk, actor=organizer, closes_at=now + timedelta(weeks=2),
                      cap=16)
    for player in players[:3]:
        sign_up(competition.pk, user=player.user)
    return competition


def ladder(season: Season, organizer, players: list[Player], now) -> Competition:
    """The knockout's players on a ladder for two weeks: the 4th challenged the 2nd ten days
    ago and they played it (self-play decides who won), the 7th's challenge of the 5th was not
    played within its week and is forfeited, and the one now 3rd has challenged the 1st, to be
    played by tomorrow."""
    competition = _started(season, organizer, players, name="Riverside Ladder",
                           format=Competition.Format.LADDER, ladder_reach=3, ladder_days=7)
    LadderEvent.objects.filter(competition=competition).update(at=now - timedelta(weeks=2))
    entries = competition.entries.select_related("player__user")

    def place(number: int):
        return entries.get(position=number)

    played_on = now - timedelta(days=8)
    with told_then(now - timedelta(days=10), read=True):
        first = challenge(competition.pk, place(2).pk, actor=place(4).player.user,
                          at=now - timedelta(days=10))
    with told_then(played_on, read=True):
        play_match(first.match_id, seed=match_seed(SEED, first.match))
    backdate([first.match_id], played_on)
    LadderChallenge.objects.filter(pk=first.pk).update(settled_at=played_on)
    LadderEvent.objects.filter(competition=competition, player=first.challenger_id,
                               challenged=first.challenged_id).exclude(
        kind=LadderEvent.Kind.CHALLENGED).update(at=played_on)
    with told_then(now - timedelta(days=9), read=True):
        second = challenge(competition.pk, place(5).pk, actor=place(7).player.user,
                           at=now - timedelta(days=9))
    with told_then(second.deadline, read=False):
        forfeit_overdue(now)
    with told_then(now - timedelta(days=6, hours=6), read=False):
        challenge(competition.pk, place(1).pk, actor=place(3).player.user,
                  at=now - timedelta(days=6, hours=6))
    return competition


def club_nights(season: Season, organizer, players: list[Player], now) -> Competition:
    """The Tuesday Swiss started with round 1 left to its club night, tonight's night open with
    six of its eight players checked in and round 1 paired from them; the league's next night
    (Thursday, 19:30 in the club's zone) scheduled."""
    competition = create_competition(
        season, actor=organizer, name="Tuesday Swiss", format=Competition.Format.SWISS,
        swiss_rounds=3, description="Three rounds an evening, paired from whoever turns up.")
    register_players(competition, players, actor=organizer)
    start_competition(competition.pk, actor=organizer, pair_first_round=False)
    night = open_night(competition.pk, actor=organizer)
    for player in players[:6]:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=organizer)
    league = Competition.objects.get(season=season, name="Thursday League")
    zone = club_zone(season.club)
    today = now.astimezone(zone).date()
    thursday = today + timedelta(days=(3 - today.weekday()) % 7)
    starts = datetime.combine(thursday, time(19, 30), tzinfo=zone)
    if starts <= now:
        starts += timedelta(weeks=1)
    schedule_night(league.pk, actor=organizer, starts_at=starts)
    return competition


def _started(season: Season, organizer, players: list[Player], **settings) -> Competition:
    competition = create_competition(season, actor=organizer, **settings)
    register_players(competition, players, actor=organizer)
    return start_competition(competition.pk, actor=organizer)


@contextmanager
def told_then(moment, *, read: bool):
    """The notifications written in the block are dated `moment` (when what they tell of
    happened), and read then if `read`."""
    last = Notification.objects.aggregate(last=Max("pk"))["last"] or 0
    yield
    Notification.objects.filter(pk__gt=last).update(created=moment,
                                                    read_at=moment if read else None)


def backdate(match_ids: list[int], moment) -> None:
    """Date matches (their games, hands, reports and history) back to when they were played."""
    Game.objects.filter(match__in=match_ids).update(created_at=moment)
    Hand.objects.filter(game__match__in=match_ids).update(created_at=moment)
    Match.objects.filter(pk__in=match_ids).update(scheduled_at=moment, confirmed_at=moment)
    Match.objects.filter(pk__in=match_ids, played_at__isnull=False).update(played_at=moment)
    ResultReport.objects.filter(match__in=match_ids).update(reported_at=moment, decided_at=moment)
    AuditEntry.objects.filter(match__in=match_ids).update(at=moment)
    # What the players were told of them then (a match ready, a result to confirm), read since.
    links = [reverse("match", args=[pk]) for pk in match_ids]
    Notification.objects.filter(link__in=links).update(created=moment, read_at=moment)


def credentials(organizer, players: list[Player], seconds: float) -> str:
    lines = [f"{CLUB}: {len(players)} players, a league under way, a finished knockout, a "
             "Swiss at tonight's club night and a Swiss taking sign-ups "
             f"({seconds:.0f} s).", f"Sign in with the password '{PASSWORD}' as:",
             f"  {organizer.username:<10} (organizer)"]
    lines += [f"  {p.user.username:<10} {p.name}" for p in players]
    return "\n".join(lines)
