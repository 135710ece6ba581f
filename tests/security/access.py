"""Who may open each page and use each action: one row per URL name, for every role the suite knows.

A row builds the object its URL is about in the state where the action can succeed, so that a
refusal can only be about who asks. `get`/`post` map each role to what it gets; `post=None` is a
page that only reads (a POST there must change nothing). tests/security/test_permissions.py
walks every URL pattern of the site and fails for one missing here."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from allauth.account.forms import default_token_generator
from allauth.account.utils import user_pk_to_url_str
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import JoinRequest, Player
from league.clubs.services.calendar import calendar_token
from league.clubs.services.clubs import invitation_token
from league.clubs.services.players import claim_token
from league.competitions.models import CheckIn, Competition, Entry, Match, Stage
from league.competitions.nights.table_links import actor_of, issue_table_link, token_of
from league.competitions.schedule.services import propose_time
from league.games.models import HandFlag
from league.games.services import HandEntry
from league.games.services.flags import flag_hand
from league.games.services.ruled_hands import RuledCards
from league.games.services.table import (
    enter_hand_at_table,
    report_at_table,
    start_game_at_table,
)
from league.games.services.table_rulings import propose_ruling
from league.notifications.services import unsubscribe_token
from tests.factories import UserFactory

from .world import (
    ROLES,
    World,
    confirmed,
    decided,
    disputed,
    game_in_progress,
    game_with_a_hand,
    reported,
)

# What a request gets.
OK = "ok"  # the page, or the action done (200, or a redirect that is not to sign in)
SIGN_IN = "sign in"  # a redirect to the sign-in page, back here after
FORBIDDEN = "forbidden"  # 403, the reason in the page
REFUSED = "refused"  # 422: what was sent cannot be done, the reason next to the field
NOT_FOUND = "not found"
POST_ONLY = "post only"  # 405: an action's address opened as a page

Expect = dict[str, str]


def everyone(outcome: str) -> Expect:
    return dict.fromkeys(ROLES, outcome)


def signed_in(outcome: str = OK) -> Expect:
    return {**everyone(outcome), "anonymous": SIGN_IN}


PUBLIC = everyone(OK)
ORGANIZER_PAGE = {**signed_in(FORBIDDEN), "organizer": OK, "staff": OK}
PLAYERS_AND_ORGANIZERS = {**signed_in(), "other_organizer": FORBIDDEN}
ORGANIZERS = {**signed_in(FORBIDDEN), "organizer": OK, "staff": OK}
OPPONENT = {**signed_in(FORBIDDEN), "opponent": OK}
PLAYERS = {**signed_in(FORBIDDEN), "player": OK, "opponent": OK}
ACTION = everyone(POST_ONLY)


@dataclass(frozen=True)
class Access:
    url: Callable[[World], str]
    get: Expect
    post: Expect | None = None
    data: Callable[[World], dict] = field(default=lambda world: {})


def match_url(name: str, state: Callable[[World], object] = lambda w: w.match) -> Callable:
    def url(world: World) -> str:
        return reverse(name, args=[state(world).pk])

    return url


def game_url(name: str, state: Callable[[World], object]) -> Callable:
    def url(world: World) -> str:
        return reverse(f"gameplay:{name}", args=[state(world).pk])

    return url


def claim_url(world: World) -> str:
    return reverse("player-claim", args=[claim_token(world.unclaimed, actor=world.user("organizer"))])


def invitation_url(world: World) -> str:
    token = invitation_token(world.club, actor=world.user("organizer"))
    return reverse("organizer-invitation", args=[token])


def unsubscribe_url(world: World) -> str:
    return reverse("notification-unsubscribe",
                   args=[unsubscribe_token(world.user("player"), "round_paired")])


def reset_from_key_url(world: World) -> str:
    user = world.user("player")
    return reverse("account_reset_password_from_key", kwargs={
        "uidb36": user_pk_to_url_str(user), "key": default_token_generator.make_token(user)})


def record_file(world: World) -> SimpleUploadedFile:
    """A match record of one hand of the world's match (a gin of 45), to import into it."""
    competition = world.match.competition
    rules = competition.ruleset
    game = {"number": 1, "ruleset": rules, "first_dealer": "A", "status": "in_progress",
            "winner": None, "totals": [45, 0],
            "hands": [{"number": 1, "outcome": "gin", "winner": "A", "points": 45}]}
    record = {"format": "gin-league-match", "version": 1,
              "club": {"name": world.club.name, "slug": world.club.slug},
              "competition": {"name": competition.name, "format": competition.format,
                              "match_format": competition.match_format,
                              "match_games": competition.match_games},
              "match": {"status": "scheduled", "kind": "played", "round": {"number": 1}},
              "players": {"A": {"name": "A"}, "B": {"name": "B"}}, "ruleset": rules,
              "result": {"winner": None, "games": [0, 0]}, "games": [game]}
    return SimpleUploadedFile("record.json", json.dumps(record).encode())


def competition_url(name: str) -> Callable:
    return lambda world: reverse(name, args=[world.match.competition_id])


def hollywood(world: World) -> Match:
    """The match of a competition played in Hollywood matches (three columns to 100)."""
    Competition.objects.filter(pk=world.match.competition_id).update(
        match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points"})
    return world.match


def _group_stage(draft: Competition) -> Stage:
    """The draft played in stages: round-robin groups, then a final."""
    stage, _ = Stage.objects.get_or_create(competition=draft, order=1,
                                           defaults={"kind": Stage.Kind.GROUPS, "groups": 1})
    Stage.objects.get_or_create(competition=draft, order=2, defaults={
        "kind": Stage.Kind.SINGLE_ELIMINATION, "qualify": Stage.Qualify.OVERALL,
        "qualifiers": 2})
    return stage


def hand_url(name: str) -> Callable:
    def url(world: World) -> str:
        return reverse(f"gameplay:{name}", args=[game_with_a_hand(world).pk, 1])

    return url


def twin_url(world: World) -> str:
    """The merge page of a second record of the unclaimed player's person."""
    twin = Player.objects.create(club=world.club, name="Second Record")
    return reverse("player-merge", args=[twin.pk])


def retired_url(world: World) -> str:
    Player.objects.filter(pk=world.unclaimed.pk).update(retired_at=timezone.now())
    return reverse("player-bring-back", args=[world.unclaimed.pk])


def join_request_url(name: str) -> Callable:
    def url(world: World) -> str:
        asked = JoinRequest.objects.create(club=world.club, user=UserFactory(), name="Nora")
        return reverse(name, args=[asked.pk])

    return url


def flagged_url(world: World) -> str:
    game = game_with_a_hand(world)
    flag = flag_hand(game.hands.get(number=1).pk, actor=world.user("opponent"),
                     reason="It was 12.")
    return reverse("gameplay:dismiss-flag", args=[flag.pk])


def sign_up_url_of(name: str) -> Callable:
    def url(world: World) -> str:
        Competition.objects.filter(pk=world.draft.pk).update(registration_open=True)
        return reverse(name, args=[world.draft.pk])

    return url


sign_up_url = sign_up_url_of("competition-sign-up")


def running_ladder(world: World, *, with_player: bool) -> Competition:
    """A running ladder of the club: the opponent on top, then the player (or, for a player yet
    to join, a player without an account)."""
    from league.competitions.formats.competitions import create_competition, register_players
    from league.competitions.formats.draws import start_competition

    organizer = world.user("organizer")
    ladder = create_competition(world.match.competition.season, actor=organizer,
                                name=f"Ladder {with_player}", format=Competition.Format.LADDER)
    second = world.match.entry_a.player if with_player else world.unclaimed
    register_players(ladder, [world.match.entry_b.player, second], actor=organizer)
    for seed, entry in enumerate(ladder.entries.order_by("pk"), 1):  # the opponent first
        entry.seed = seed
        entry.save(update_fields=["seed"])
    return start_competition(ladder.pk, actor=organizer)


def ladder_url(name: str, *, with_player: bool = True) -> Callable:
    return lambda world: reverse(name, args=[running_ladder(world, with_player=with_player).pk])


def challenge_data(world: World) -> dict:
    ladder = Competition.objects.get(name="Ladder True")
    return {"challenged": str(ladder.entries.get(player=world.match.entry_b.player).pk)}


def night_of(world: World, *, present: int = 0, status: str = "open"):
    """A club night of the match's running league: open (with this many of the match's two
    players checked in) or scheduled."""
    from league.competitions.models import CheckIn, ClubNight

    now = timezone.now()
    night = ClubNight.objects.create(
        competition=world.match.competition, status=status,
        starts_at=now + (timedelta(days=1) if status == "scheduled" else timedelta()),
        opened_at=now if status == "open" else None)
    for entry in (world.match.entry_a, world.match.entry_b)[:present]:
        CheckIn.objects.create(night=night, entry=entry, checked_in_at=now)
    return night


def night_url(name: str, **state) -> Callable:
    return lambda world: reverse(name, args=[night_of(world, **state).pk])


WALK_IN = "Walk In Tonight"


def night_walk_in_url(world: World) -> str:
    """An open night of the match's league with a walk-in entered and checked in tonight."""
    night = night_of(world)
    player = Player.objects.create(club=world.club, name=WALK_IN)
    entry = Entry.objects.create(competition=night.competition, player=player,
                                 entered_late_at=timezone.now())
    CheckIn.objects.create(night=night, entry=entry, checked_in_at=timezone.now())
    return reverse("club-night-walk-in-undo", args=[night.pk])


def walk_in_data(world: World) -> dict:
    return {"entry": str(Entry.objects.get(player__name=WALK_IN).pk)}


def night_fixture_url(world: World) -> str:
    return reverse("club-night-fixture", args=[night_of(world).pk, world.match.pk])


def night_left_match_url(world: World) -> str:
    """The world's match played at an open night, its first player gone with it unplayed."""
    night = night_of(world, present=2)
    Match.objects.filter(pk=world.match.pk).update(table="1")
    type(world.match.round).objects.filter(pk=world.match.round_id).update(night=night)
    night.check_ins.filter(entry=world.match.entry_a).update(left_at=timezone.now())
    return reverse("club-night-left-match", args=[night.pk, world.match.pk])


def waiting_swiss_url(world: World) -> str:
    """A Swiss of the club's two players, started with round 1 left to a club night."""
    from league.competitions.formats.competitions import create_competition, register_players
    from league.competitions.formats.draws import start_competition

    organizer = world.user("organizer")
    swiss = create_competition(world.match.competition.season, actor=organizer,
                               name="Swiss waiting", format=Competition.Format.SWISS,
                               swiss_rounds=1)
    register_players(swiss, [world.match.entry_a.player, world.match.entry_b.player],
                     actor=organizer)
    start_competition(swiss.pk, actor=organizer, pair_first_round=False)
    return reverse("swiss-pair-every-entry", args=[swiss.pk])


def at_night_table(world: World) -> Match:
    """The world's match seated at table 1 of an open night of its league."""
    night = night_of(world, present=2)
    Match.objects.filter(pk=world.match.pk).update(table="1")
    type(world.match.round).objects.filter(pk=world.match.round_id).update(night=night)
    return Match.objects.get(pk=world.match.pk)


def table_token(world: World, state: Callable[[World], object] | None = None) -> str:
    """The token of the world's match's table link at an open night, the match first put in
    `state` (a game started, a hand entered, the result decided or reported at the table)."""
    match = at_night_table(world)
    link = issue_table_link(match.pk, actor=world.user("organizer"))
    if state is not None:
        state(actor_of(link))
    return token_of(link)


def table_url(name: str, state: Callable | None = None) -> Callable:
    return lambda world: reverse(name, args=[table_token(world, state)])


def _hand(actor) -> None:
    game = start_game_at_table(actor)
    enter_hand_at_table(actor, game.pk, HandEntry("knock", "A", 12, expected_number=1))


def _reported_at_table(world: World) -> str:
    decided(world)
    return table_token(world, lambda actor: report_at_table(actor, "A"))


def night_desk_url(name: str, *, with_link: bool = False) -> Callable:
    def url(world: World) -> str:
        match = at_night_table(world)
        if with_link:
            issue_table_link(match.pk, actor=world.user("organizer"))
        return reverse(name, args=[match.round.night_id, match.pk])

    return url


def own_entry(world: World) -> dict:
    return {"entry": str(world.match.entry_a_id)}


# The player's own entry: himself or an organizer; the opponent may not check him in or out.
NIGHT_SELF = {**signed_in(FORBIDDEN), "player": OK, "organizer": OK, "staff": OK}

RULING = "wrong_dealer"
PLAYERS_OF_THE_MATCH = {**signed_in(FORBIDDEN), "player": OK, "opponent": OK}


def proposed(world: World) -> Match:
    """A time proposed by the match's first player, for the opponent to accept."""
    propose_time(world.match.pk, actor=world.match.entry_a.player.user,
                 at=timezone.now() + timedelta(days=3))
    return world.match


def player_ics_url(world: World) -> str:
    return reverse("player-ics", args=[calendar_token(world.match.entry_a.player)])


def table_ruling_url(name: str) -> Callable:
    """A ruling's page of hand 1 of a game being played (a hand entered)."""
    def url(world: World) -> str:
        args = [game_with_a_hand(world).pk, 1]
        return reverse(f"gameplay:{name}", args=[*args, TABLE_RULING] if name == "table-ruling"
                       else args)

    return url


TABLE_RULING = "looking_through_discards"


def waiting_ruling_url(world: World) -> str:
    """A ruling the match's first player recorded at the table, waiting for the opponent."""
    game = game_with_a_hand(world)
    ruling = propose_ruling(game.pk, hand_number=1, key=TABLE_RULING,
                            answers={"agreed": "no", "offender": "B"}, cards=RuledCards(),
                            actor=world.match.entry_a.player.user)
    return reverse("gameplay:answer-ruling", args=[game.pk, ruling.pk])


def ruling_record_data(world: World) -> dict:
    return {"when": "before_upcard", "record-match": world.match.pk, "record-game": 1,
            "record-hand": 1, "record-comment": "Dealt by the wrong player; redealt."}


def api_key_url(world: World) -> str:
    from league.api.services import make_key

    row, _ = make_key(world.club, actor=world.user("organizer"), name="Results feed")
    return reverse("api-key-revoke", args=[row.pk])


def webhook_url(name: str) -> Callable:
    def url(world: World) -> str:
        from league.api.webhooks.subscriptions import subscribe

        hook = subscribe(world.club, actor=world.user("organizer"),
                         url="https://93.184.215.14/hook", events=["round.paired"])
        return reverse(name, args=[hook.pk])

    return url


def a_series(world: World):
    """A points series of the match's season, adding up its competition."""
    from league.stats.services import SeriesSettings, create_series

    return create_series(world.match.competition.season_id, SeriesSettings(
        "Order of merit", "placing", [world.match.competition_id], [3, 2, 1]),
        actor=world.user("organizer"))


def series_url(name: str) -> Callable:
    return lambda world: reverse(name, args=[a_series(world).pk])


def series_data(world: World) -> dict:
    return {"name": "Spring merit", "competitions": [str(world.match.competition_id)],
            "rule": "matches", "preset": "", "placing_points": "", "win_points": "2",
            "shutout_points": "3", "best_of": ""}


TABLE: dict[str, Access] = {
    # Pages anyone may read.
    "healthz": Access(lambda w: reverse("healthz"), PUBLIC),
    "home": Access(lambda w: reverse("home"), PUBLIC),
    "club": Access(lambda w: reverse("club", args=[w.club.slug]), PUBLIC),
    "competition": Access(competition_url("competition"), PUBLIC),
    "competition-standings-csv": Access(competition_url("competition-standings-csv"), PUBLIC),
    "competition-fixtures-ics": Access(competition_url("competition-fixtures-ics"), PUBLIC),
    "club-fixtures-ics": Access(lambda w: reverse("club-fixtures-ics", args=[w.club.slug]),
                                PUBLIC),
    "player": Access(lambda w: reverse("player", args=[w.match.entry_a.player_id]), PUBLIC),
    # Statistics, records and a season's points series: anyone reads them; an organizer of the
    # club makes and changes a series.
    "player-stats": Access(lambda w: reverse("player-stats", args=[w.match.entry_a.player_id]),
                           PUBLIC),
    "club-records": Access(lambda w: reverse("club-records", args=[w.club.slug]), PUBLIC),
    "series": Access(series_url("series"), PUBLIC),
    "series-print": Access(series_url("series-print"), PUBLIC),
    "series-csv": Access(series_url("series-csv"), PUBLIC),
    "series-new": Access(lambda w: reverse("series-new", args=[w.match.competition.season_id]),
                         ORGANIZER_PAGE, ORGANIZERS, series_data),
    "series-change": Access(series_url("series-change"), ORGANIZER_PAGE, ORGANIZERS,
                            series_data),
    # A ladder's page: anyone reads it. Challenging: a player on the ladder, up the ladder (the
    # opponent on top has nobody above: refused); nobody else is on it. Joining: a player of
    # the club not on it yet (the opponent is: refused); organizers who play nowhere are not.
    "competition-ladder": Access(ladder_url("competition-ladder"), PUBLIC),
    "competition-ladder-challenge": Access(
        ladder_url("competition-ladder-challenge"), ACTION,
        {**signed_in(FORBIDDEN), "player": OK, "opponent": REFUSED}, challenge_data),
    "competition-ladder-join": Access(
        ladder_url("competition-ladder-join", with_player=False), ACTION,
        {**signed_in(FORBIDDEN), "player": OK, "opponent": REFUSED}),
    "match": Access(match_url("match"), PUBLIC),
    # Printed for the wall and the tables: whoever sees the competition's page.
    "print-pairings": Access(lambda w: reverse("print-pairings", args=[w.match.round_id]), PUBLIC),
    "print-scoresheets": Access(lambda w: reverse("print-scoresheets", args=[w.match.round_id]),
                                PUBLIC),
    "print-scoresheet": Access(match_url("print-scoresheet"), PUBLIC),
    "print-standings": Access(competition_url("print-standings"), PUBLIC),
    "gameplay:scoresheet": Access(game_url("scoresheet", game_with_a_hand), PUBLIC),
    "gameplay:rules": Access(lambda w: reverse("gameplay:rules"), PUBLIC),
    "gameplay:service-worker": Access(lambda w: reverse("gameplay:service-worker"), PUBLIC),
    "gameplay:manifest": Access(lambda w: reverse("gameplay:manifest"), PUBLIC),
    "gameplay:rulings": Access(lambda w: reverse("gameplay:rulings"), PUBLIC),
    "gameplay:ruling": Access(lambda w: reverse("gameplay:ruling", args=[RULING]), PUBLIC),
    # The match's actions: each in the state where it can be done.
    "match-start-game": Access(match_url("match-start-game"), ACTION, PLAYERS_AND_ORGANIZERS),
    "match-report": Access(match_url("match-report", decided), ACTION, PLAYERS_AND_ORGANIZERS),
    "match-confirm": Access(match_url("match-confirm", reported), ACTION, OPPONENT),
    "match-dispute": Access(match_url("match-dispute", reported), ACTION, OPPONENT,
                            lambda w: {"dispute-comment": "Game 1 was mine."}),
    "match-resolve": Access(match_url("match-resolve", disputed), ACTION, ORGANIZERS,
                            lambda w: {"resolve-decision": "uphold", "resolve-comment": "Seen."}),
    "match-correct": Access(
        match_url("match-correct", confirmed), ACTION, ORGANIZERS,
        lambda w: {"correct-winner": "B", "correct-games_a": "0", "correct-games_b": "1",
                   "correct-kind": "played", "correct-comment": "Scores were swapped.",
                   "correct-overrides_games": "on",
                   "correct-seen": Match.objects.get(pk=w.match.pk).confirmed_at.isoformat()}),
    "match-paper": Access(match_url("match-paper"), ORGANIZER_PAGE),
    # A match's record: read by whoever sees the match; imported by an organizer of its club.
    "match-record": Access(match_url("match-record"), PUBLIC),
    "match-record-import": Access(match_url("match-record-import"), ORGANIZER_PAGE, ORGANIZERS,
                                  lambda w: {"file": record_file(w)}),
    "match-paper-game": Access(
        match_url("match-paper-game"), ACTION, ORGANIZERS,
        lambda w: {"totals-total_a": "100", "totals-total_b": "40", "totals-hands": "4"}),
    "match-paper-hands": Access(match_url("match-paper-hands"), ACTION, ORGANIZERS),
    "match-paper-hollywood-hands": Access(
        match_url("match-paper-hollywood-hands", hollywood), ACTION, ORGANIZERS,
        lambda w: {"hw-rows": "1", "hw-h1_winner": "A", "hw-h1_outcome": "gin",
                   "hw-h1_points": "30"}),
    "match-paper-hollywood-columns": Access(
        match_url("match-paper-hollywood-columns", hollywood), ACTION, ORGANIZERS,
        lambda w: {"columns-hands": "8", "columns-c1_points_a": "110", "columns-c1_boxes_a": "4",
                   "columns-c1_points_b": "40", "columns-c1_boxes_b": "2",
                   "columns-c2_points_a": "105", "columns-c2_boxes_a": "3",
                   "columns-c2_points_b": "20", "columns-c2_boxes_b": "1",
                   "columns-c3_points_a": "30", "columns-c3_boxes_a": "1",
                   "columns-c3_points_b": "101", "columns-c3_boxes_b": "3"}),
    "match-paper-record": Access(match_url("match-paper-record", decided), ACTION, ORGANIZERS),
    "match-paper-confirm": Access(
        match_url("match-paper-confirm", reported), ACTION, ORGANIZERS,
        lambda w: {"confirm-reason": "The opponent agreed at the table."}),
    "match-forfeit": Access(
        match_url("match-forfeit"), ACTION, ORGANIZERS,
        lambda w: {"forfeit-absent": "B", "forfeit-kind": "no_show",
                   "forfeit-comment": "Did not turn up by nine."}),
    # The match's schedule: the organizers set it; one player proposes, the other accepts.
    "match-set-time": Access(match_url("match-set-time"), ACTION, ORGANIZERS,
                             lambda w: {"time-at": "2030-05-01T19:00", "time-table": "2"}),
    "match-propose-time": Access(match_url("match-propose-time"), ACTION, PLAYERS_OF_THE_MATCH,
                                 lambda w: {"propose-at": "2030-05-01T19:00"}),
    "match-accept-time": Access(match_url("match-accept-time", proposed), ACTION,
                                {**signed_in(FORBIDDEN), "player": REFUSED, "opponent": OK}),
    "match-overdue": Access(match_url("match-overdue"), ACTION, ORGANIZERS,
                            lambda w: {f"o{w.match.pk}-choice": "extend",
                                       f"o{w.match.pk}-play_by": "2030-06-01"}),
    "round-dates": Access(lambda w: reverse("round-dates", args=[w.match.round_id]), ACTION,
                          ORGANIZERS, lambda w: {f"r{w.match.round_id}-play_by": "2030-06-01"}),
    "competition-weekly-dates": Access(competition_url("competition-weekly-dates"), ACTION,
                                       ORGANIZERS, lambda w: {"weekly-first": "2030-06-01"}),
    # A player's calendar: anyone holding its private address; a new address, the player only.
    "player-ics": Access(player_ics_url, PUBLIC),
    "player-new-calendar": Access(
        lambda w: reverse("player-new-calendar", args=[w.match.entry_a.player_id]), ACTION,
        {**signed_in(FORBIDDEN), "player": OK}),
    "gameplay:add-hand": Access(
        game_url("add-hand", game_in_progress), ACTION, PLAYERS_AND_ORGANIZERS,
        lambda w: {"expected_number": "1", "outcome": "knock", "winner": "A", "points": "9"}),
    "gameplay:undo-hand": Access(game_url("undo-hand", game_with_a_hand), signed_in(),
                                 PLAYERS_AND_ORGANIZERS, lambda w: {"number": "1"}),
    # One hand: an organizer corrects it (here in a game still played), a player of the match
    # flags it as wrong, an organizer dismisses a flag.
    "gameplay:edit-hand": Access(
        hand_url("edit-hand"), ORGANIZER_PAGE, ORGANIZERS,
        lambda w: {"expected_number": "1", "outcome": "knock", "winner": "A", "points": "14",
                   "comment": "It was 14, both players agree."}),
    "gameplay:flag-hand": Access(hand_url("flag-hand"), PLAYERS, PLAYERS,
                                 lambda w: {"reason": "12 points, not 14."}),
    "gameplay:dismiss-flag": Access(
        flagged_url, ACTION, ORGANIZERS,
        lambda w: {f"flag{HandFlag.objects.get().pk}-comment": "Counted again: it stands."}),
    # What the engine makes of the hand typed, before it is entered: whoever enters hands.
    "gameplay:preview-hand": Access(
        game_url("preview-hand", game_in_progress), ACTION, PLAYERS_AND_ORGANIZERS,
        lambda w: {"expected_number": "1", "outcome": "knock", "winner": "A",
                   "knocker_deadwood": "4", "defender_deadwood": "23"}),
    # Rulings at the table: anyone who sees the club reads them; a player of the match records
    # one (it waits for the opponent), an organizer who does not play in it decides at once;
    # the opponent agrees to it, or an organizer decides it.
    "gameplay:table-rulings": Access(table_ruling_url("table-rulings"), PUBLIC),
    "gameplay:table-ruling": Access(
        table_ruling_url("table-ruling"), PUBLIC, PLAYERS_AND_ORGANIZERS,
        lambda w: {"agreed": "no", "offender": "B"}),
    "gameplay:answer-ruling": Access(
        waiting_ruling_url, ACTION,
        {**signed_in(FORBIDDEN), "opponent": OK, "organizer": OK, "staff": OK},
        lambda w: {"answer": "agree"}),
    # Recording a ruling: organizers, on their own clubs' matches only (another club's match is
    # not among the choices: "Select a valid choice").
    "gameplay:ruling-record": Access(
        lambda w: (game_in_progress(w), reverse("gameplay:ruling-record", args=[RULING]))[1],
        ACTION, {**ORGANIZERS, "other_organizer": REFUSED}, ruling_record_data),
    # A player claiming their profile with the link an organizer passed on: the link is the
    # permission. Signed in, the claim is refused to whoever already has a player in the club.
    "player-claim": Access(claim_url, PUBLIC, {
        "anonymous": REFUSED,  # the sign-up form, empty here
        "player": REFUSED, "opponent": REFUSED,
        "other_organizer": OK, "organizer": OK, "staff": OK,
    }),
    # Club nights: anyone who sees the club reads a night's page; a player checks himself in
    # and out (an organizer anyone); the rest is the organizers'.
    "club-night": Access(night_url("club-night"), PUBLIC),
    "club-night-check-in": Access(night_url("club-night-check-in"), ACTION, NIGHT_SELF,
                                  own_entry),
    "club-night-leave": Access(night_url("club-night-leave", present=1), ACTION, NIGHT_SELF,
                               own_entry),
    "club-night-attendance": Access(night_url("club-night-attendance"), ACTION, ORGANIZERS,
                                    lambda w: {"present": [str(w.match.entry_a_id)]}),
    "club-night-pair": Access(night_url("club-night-pair", present=2), ACTION, ORGANIZERS),
    "club-night-open": Access(night_url("club-night-open", status="scheduled"), ACTION,
                              ORGANIZERS),
    "club-night-close": Access(night_url("club-night-close"), ACTION, ORGANIZERS),
    "club-night-fixture": Access(night_fixture_url, ACTION, ORGANIZERS,
                                 lambda w: {"choice": "postpone", "play_by": "2099-01-31"}),
    "club-night-new": Access(competition_url("club-night-new"), ACTION, ORGANIZERS,
                             lambda w: {"action": "open"}),
    "club-night-walk-in": Access(night_url("club-night-walk-in"), ACTION, ORGANIZERS,
                                 lambda w: {"name": "Walk In"}),
    "club-night-walk-in-undo": Access(night_walk_in_url, ACTION, ORGANIZERS, walk_in_data),
    "club-night-left-match": Access(night_left_match_url, ACTION, ORGANIZERS,
                                    lambda w: {"kind": "forfeit"}),
    "swiss-pair-every-entry": Access(waiting_swiss_url, ACTION, ORGANIZERS),
    # The desk's tables (polled by htmx; the night's page otherwise) and the venue screen:
    # whoever reads the night's page; a table's result and revoking its link: the organizers.
    "club-night-desk": Access(night_url("club-night-desk"), PUBLIC),
    "club-night-screen": Access(night_url("club-night-screen"), PUBLIC),
    "club-night-desk-result": Access(night_desk_url("club-night-desk-result"), ACTION,
                                     ORGANIZERS, lambda w: {"winner": "A", "games_a": "1",
                                                            "games_b": "0",
                                                            "reason": "At the desk."}),
    "club-night-desk-revoke": Access(night_desk_url("club-night-desk-revoke", with_link=True),
                                     ACTION, ORGANIZERS),
    # A latecomer seated in the round: a Swiss's organizers (the world's league refuses it).
    "club-night-desk-latecomer": Access(night_url("club-night-desk-latecomer"), ACTION,
                                        {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED},
                                        lambda w: {"entry": str(w.match.entry_a_id),
                                                   "opponent": str(w.match.entry_b_id)}),
    "print-table-cards": Access(lambda w: reverse("print-table-cards", args=[w.match.round_id]),
                                PUBLIC),
    # A table link: whoever holds it keeps that match's scoresheet, signed in or not (its
    # scope, expiry, revocation and limits: tests/security/test_table_links.py).
    "table": Access(table_url("table"), PUBLIC),
    "table-start": Access(table_url("table-start"), ACTION, everyone(OK)),
    "table-add-hand": Access(table_url("table-add-hand", start_game_at_table), ACTION,
                             everyone(OK), lambda w: {"expected_number": "1", "winner": "A",
                                                      "outcome": "knock", "points": "12"}),
    "table-undo": Access(table_url("table-undo", _hand), ACTION, everyone(OK),
                         lambda w: {"number": "1"}),
    "table-report": Access(lambda w: (decided(w), reverse("table-report", args=[
        table_token(w)]))[1], ACTION, everyone(OK), lambda w: {"side": "A"}),
    "table-verify": Access(lambda w: reverse("table-verify", args=[_reported_at_table(w)]),
                           ACTION, everyone(OK),
                           lambda w: {"name": w.match.entry_b.player.name}),
    "table-dispute": Access(lambda w: reverse("table-dispute", args=[_reported_at_table(w)]),
                            ACTION, everyone(OK), lambda w: {"comment": "Game 1 was mine."}),
    # The organizer's pages: the club's organizers and staff; a visitor is sent to sign in.
    "organizer-club": Access(lambda w: reverse("organizer-club", args=[w.club.slug]),
                             ORGANIZER_PAGE),
    "club-archive": Access(lambda w: reverse("club-archive", args=[w.club.slug]), ORGANIZER_PAGE),
    # The club's API keys and webhooks: its organizers.
    "api-keys": Access(lambda w: reverse("api-keys", args=[w.club.slug]), ORGANIZER_PAGE),
    "api-key-make": Access(lambda w: reverse("api-key-make", args=[w.club.slug]), ACTION,
                           ORGANIZERS, lambda w: {"name": "The club's site"}),
    "api-key-revoke": Access(api_key_url, ACTION, ORGANIZERS),
    "webhooks": Access(lambda w: reverse("webhooks", args=[w.club.slug]), ORGANIZER_PAGE),
    "webhook-add": Access(lambda w: reverse("webhook-add", args=[w.club.slug]), ACTION,
                          ORGANIZERS, lambda w: {"url": "https://93.184.215.14/hook",
                                                 "events": ["round.paired"]}),
    "webhook-resume": Access(webhook_url("webhook-resume"), ACTION, ORGANIZERS),
    "webhook-remove": Access(webhook_url("webhook-remove"), ACTION, ORGANIZERS),
    "embeds": Access(lambda w: reverse("embeds", args=[w.club.slug]), ORGANIZER_PAGE),
    # The embeds of a public club's competition: anyone (they are for other sites' pages).
    "embed-standings": Access(competition_url("embed-standings"), PUBLIC),
    "embed-bracket": Access(competition_url("embed-bracket"), PUBLIC),
    "embed-pairings": Access(competition_url("embed-pairings"), PUBLIC),
    "organizer-matches": Access(competition_url("organizer-matches"), ORGANIZER_PAGE),
    "organizer-add-player": Access(
        lambda w: reverse("organizer-add-player", args=[w.club.slug]), ACTION, ORGANIZERS,
        lambda w: {"name": "Zed Newcomer", "email": ""}),
    "player-claim-link": Access(lambda w: reverse("player-claim-link", args=[w.unclaimed.pk]),
                                ACTION, ORGANIZERS),
    "competition-new": Access(
        lambda w: reverse("competition-new", args=[w.club.slug]), ORGANIZER_PAGE, ORGANIZERS,
        lambda w: {"name": "Autumn Cup", "season": w.draft.season_id, "format": "league",
                   "preset": "standard", "match_format": "first_to", "match_games": "1",
                   "points_win": "2", "points_draw": "1", "points_loss": "0"}),
    "competition-entries": Access(
        lambda w: reverse("competition-entries", args=[w.draft.pk]), ORGANIZER_PAGE, ORGANIZERS,
        lambda w: {"players": [w.unclaimed.pk]}),
    "competition-new-entrant": Access(
        lambda w: reverse("competition-new-entrant", args=[w.draft.pk]), ACTION, ORGANIZERS,
        lambda w: {"name": "Newbie"}),
    # A late entry in the running league of the match: a player of the club not entered.
    "competition-late-entry": Access(
        competition_url("competition-late-entry"), ACTION, ORGANIZERS,
        lambda w: {"player": w.unclaimed.pk}),
    "competition-seeds": Access(
        lambda w: reverse("competition-seeds", args=[w.draft.pk]), ACTION, ORGANIZERS,
        lambda w: {f"seed_{e.pk}": str(n) for n, e in enumerate(w.draft.entries.order_by("pk"), 1)}),
    "competition-start": Access(
        lambda w: reverse("competition-start", args=[w.draft.pk]), ACTION, ORGANIZERS,
        lambda w: {"seeding": "entered"}),
    # Changing a competition: a draft edited in full (a form sent empty is refused, and said
    # so) or deleted; the running one of the match taken back to draft.
    "competition-edit": Access(
        lambda w: reverse("competition-edit", args=[w.draft.pk]), ORGANIZER_PAGE,
        {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED}),
    "competition-delete": Access(lambda w: reverse("competition-delete", args=[w.draft.pk]),
                                 ACTION, ORGANIZERS),
    "competition-back-to-draft": Access(competition_url("competition-back-to-draft"), ACTION,
                                        ORGANIZERS, lambda w: {"comment": "Started too soon."}),
    # Sign-ups (the draft's, opened): anyone reads the page; entering is for the club's
    # players (a stranger is told to join first); withdrawing for a player entered (here
    # nobody, so the player is told so); opening them is the organizers'.
    "competition-sign-up": Access(
        sign_up_url, PUBLIC,
        {**signed_in(FORBIDDEN), "player": OK, "opponent": OK}),
    "competition-sign-up-withdraw": Access(
        sign_up_url_of("competition-sign-up-withdraw"), ACTION,
        {**signed_in(FORBIDDEN), "player": REFUSED, "opponent": REFUSED}),
    "competition-registration": Access(
        lambda w: reverse("competition-registration", args=[w.draft.pk]), ACTION, ORGANIZERS,
        lambda w: {"action": "open", "cap": "8"}),
    # Withdrawing: the player themself, or the club's organizers.
    "entry-withdraw": Access(
        lambda w: reverse("entry-withdraw", args=[w.match.entry_a_id]),
        {**ORGANIZER_PAGE, "player": OK}, {**ORGANIZERS, "player": OK},
        lambda w: {"comment": "Moving abroad."}),
    # An organizer's decision on a knockout match a correction overtook: none is pending here,
    # so the organizers are told so (422); everyone else is refused before that.
    "match-decide": Access(
        match_url("match-decide"), ACTION, {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED},
        lambda w: {f"d{w.match.pk}-decision": "keep", f"d{w.match.pk}-comment": "Played fairly."}),
    # The organizer's choice among players level at a stage's cut line: none is pending here,
    # so the organizers are told so (422); everyone else is refused before that.
    "stage-qualifiers": Access(
        match_url("stage-qualifiers"), ACTION, {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED},
        lambda w: {f"q{w.match.pk}-place_1": str(w.match.entry_a_id)}),
    # A draft's group stage dealt by hand: the organizers (both entrants in one group).
    "stage-groups": Access(
        lambda w: reverse("stage-groups", args=[_group_stage(w.draft).competition_id, 1]),
        ORGANIZER_PAGE, ORGANIZERS,
        lambda w: {f"p{e.pk}": "A" for e in w.draft.entries.all()}),
    # Many players at once: the organizers (an empty list is refused, and said so).
    "organizer-add-players": Access(
        lambda w: reverse("organizer-add-players", args=[w.club.slug]), ORGANIZER_PAGE,
        {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED}),
    # Starting a club: any account. The clubs one organizes: any account (maybe none).
    "club-new": Access(lambda w: reverse("club-new"), signed_in(), signed_in(REFUSED)),
    "organize": Access(lambda w: reverse("organize"), signed_in()),
    # A club's settings and organizers: its organizers (the form sent empty is refused).
    "club-settings": Access(lambda w: reverse("club-settings", args=[w.club.slug]),
                            ORGANIZER_PAGE, {**ORGANIZERS, "organizer": REFUSED,
                                             "staff": REFUSED}),
    "club-invite": Access(lambda w: reverse("club-invite", args=[w.club.slug]), ACTION,
                          ORGANIZERS, lambda w: {"email": "helper@example.org"}),
    # Removing the club's organizer from the club: never the last one (refused, and said so).
    "club-remove-organizer": Access(
        lambda w: reverse("club-remove-organizer",
                          args=[w.club.slug, w.user("organizer").pk]), ACTION,
        {**ORGANIZERS, "organizer": REFUSED, "staff": REFUSED}),
    # An organizer's invitation: anyone reads it; accepting needs an account (the club's own
    # organizer is told he organizes it already).
    "organizer-invitation": Access(invitation_url, PUBLIC,
                                   {**signed_in(), "organizer": REFUSED}),
    # Each user's own notifications and choices; the unsubscribe link of a mail works for
    # anyone holding it (the signed token names its user and kind).
    "notifications": Access(lambda w: reverse("notifications"), signed_in()),
    "notifications-read": Access(lambda w: reverse("notifications-read"), ACTION, signed_in()),
    "notification-preferences": Access(lambda w: reverse("notification-preferences"),
                                       signed_in(), signed_in(),
                                       lambda w: {"round_paired": "in_app"}),
    "notification-unsubscribe": Access(unsubscribe_url, PUBLIC, PUBLIC),
    # The organizer's care of one player: rename, merge a second record in, retire, bring back.
    "organizer-player": Access(lambda w: reverse("organizer-player", args=[w.unclaimed.pk]),
                               ORGANIZER_PAGE),
    "player-rename": Access(lambda w: reverse("player-rename", args=[w.unclaimed.pk]), ACTION,
                            ORGANIZERS, lambda w: {"name": "Renamed Player"}),
    "player-merge": Access(twin_url, ACTION, ORGANIZERS,
                           lambda w: {"merged": w.unclaimed.pk, "confirm": "on"}),
    "player-retire": Access(lambda w: reverse("player-retire", args=[w.unclaimed.pk]), ACTION,
                            ORGANIZERS),
    "player-bring-back": Access(retired_url, ACTION, ORGANIZERS),
    # Asking to join: any account that is not a player of the club yet; the answer: organizers.
    "club-join": Access(lambda w: reverse("club-join", args=[w.club.slug]), signed_in(),
                        {**signed_in(), "player": REFUSED, "opponent": REFUSED},
                        lambda w: {"name": "Nora Newcomer"}),
    "join-request-accept": Access(join_request_url("join-request-accept"), ACTION, ORGANIZERS),
    "join-request-refuse": Access(join_request_url("join-request-refuse"), ACTION, ORGANIZERS),
    # The accounts pages (django-allauth's, and the site's own beside them).
    "login": Access(lambda w: reverse("login"), PUBLIC, PUBLIC),
    "account_login": Access(lambda w: reverse("account_login"), PUBLIC, PUBLIC),
    "logout": Access(lambda w: reverse("logout"), PUBLIC, PUBLIC),
    "account_logout": Access(lambda w: reverse("account_logout"), PUBLIC, PUBLIC),
    "account_signup": Access(lambda w: reverse("account_signup"), PUBLIC, PUBLIC),
    "account_inactive": Access(lambda w: reverse("account_inactive"), PUBLIC),
    "account_reauthenticate": Access(lambda w: reverse("account_reauthenticate"), signed_in(),
                                     signed_in()),
    "account_email": Access(lambda w: reverse("account_email"), signed_in(), signed_in()),
    "account_email_verification_sent": Access(
        lambda w: reverse("account_email_verification_sent"), PUBLIC),
    # A made-up confirmation key: the page says the link is not valid; confirming finds nothing.
    "account_confirm_email": Access(lambda w: reverse("account_confirm_email", args=["made-up"]),
                                    PUBLIC, everyone(NOT_FOUND)),
    # Signing in by a mailed code is off: with no sign-in under way, the page sends to sign in.
    "account_confirm_login_code": Access(lambda w: reverse("account_confirm_login_code"),
                                         {**PUBLIC, "anonymous": SIGN_IN}),
    "account_change_password": Access(lambda w: reverse("account_change_password"), signed_in(),
                                      signed_in()),
    "account_set_password": Access(lambda w: reverse("account_set_password"), signed_in()),
    "account_reset_password": Access(lambda w: reverse("account_reset_password"), PUBLIC, PUBLIC),
    "account_reset_password_done": Access(lambda w: reverse("account_reset_password_done"),
                                          PUBLIC),
    "account_reset_password_from_key": Access(reset_from_key_url, PUBLIC),
    "account_reset_password_from_key_done": Access(
        lambda w: reverse("account_reset_password_from_key_done"), PUBLIC),
    # Deleting one's account: the password is asked (a wrong one here).
    "account-delete": Access(lambda w: reverse("account-delete"), signed_in(),
                             signed_in(REFUSED), lambda w: {"password": "wrong"}),
    # How a person reads the site: the language menu of every page is anyone's; the reading
    # preferences kept with an account are its own.
    "choose-language": Access(lambda w: reverse("choose-language"), ACTION, PUBLIC,
                              lambda w: {"language": "de", "next": "/"}),
    "account-preferences": Access(lambda w: reverse("account-preferences"), signed_in(),
                                  signed_in(), lambda w: {"language": "es"}),
    # The admin's sign-in is the site's: staff go on to the admin, other accounts are told no.
    "admin-sign-in": Access(lambda w: reverse("admin-sign-in"),
                            {**signed_in(FORBIDDEN), "staff": OK},
                            {**signed_in(FORBIDDEN), "staff": OK}),
}

