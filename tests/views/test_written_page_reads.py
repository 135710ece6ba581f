"""The pages' reads written out in SQL give what the same reads through the ORM give: a player's
matches (in their order, with rounds, competitions, sides and winners), his opponents, the
club page's seasons, competitions, points series and players, and the competition page's
competition, entries and rounds; on random clubs and competitions."""

import random
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db.models import Count, Max, Prefetch, Q
from django.http import Http404

from league.clubs.models import Player, Season
from league.clubs.selectors import player_with_his_club
from league.competitions.base.selectors import with_sides
from league.competitions.formats.selectors import BRACKET_ORDER, competition_page, fixtures_of
from league.competitions.models import Competition, Entry, Match, Round, Stage
from league.pages.player_selectors import his_matches, player_page
from league.pages.selectors import club_page
from league.stats.counted import with_entry_ids
from league.stats.models import PointsSeries
from league.stats.selectors import club_seasons
from tests.columns import values
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 2, 2, 19, 0, tzinfo=UTC)
STATUSES = list(Match.Status)


def a_club(seed: int):
    """A club of five players over two or three seasons, their competitions, points series and
    random matches of player "Me": every status, byes and seats still empty, repeated times."""
    rng = random.Random(seed)
    club = ClubFactory()
    me = PlayerFactory(club=club, name="Me")
    others = [PlayerFactory(club=club, name=name) for name in ("Bo", "Cy", "Bea", "Di")]
    for number in range(rng.randint(2, 3)):
        season = SeasonFactory(club=club, starts_on=rng.choice(
            [None, date(2025 + number, 1, 1), date(2025, 1, 1)]))
        for name in rng.sample(["Cup", "Ace", "Cup 2"], rng.randint(0, 2)):
            PointsSeries.objects.create(season=season, name=name)
        for _ in range(rng.randint(1, 2)):
            competition = CompetitionFactory(season=season)
            mine = EntryFactory(competition=competition, player=me)
            theirs = [EntryFactory(competition=competition, player=p) for p in others]
            rounds = [RoundFactory(competition=competition, number=n + 1,
                                   play_by=rng.choice([None, date(2026, 3, n + 1)]))
                      for n in range(3)]
            for _ in range(rng.randint(2, 8)):
                other = rng.choice([*theirs, None])
                a, b = (mine, other) if rng.random() < 0.6 else (other, mine)
                winner = rng.choice([a, b, None])
                MatchFactory(competition=competition, round=rng.choice(rounds), entry_a=a,
                             entry_b=b, status=rng.choice(STATUSES), winner=winner,
                             kind=Match.Kind.BYE if other is None else Match.Kind.PLAYED,
                             games_a=rng.randint(0, 2), games_b=rng.randint(0, 2),
                             scheduled_at=rng.choice([None, START + timedelta(days=2)]),
                             confirmed_at=rng.choice([None, START, START + timedelta(days=1)]))
    return club, me


def shown(match: Match) -> tuple:
    """What a list of matches shows of one."""
    def side(entry):
        return None if entry is None else (entry.pk, entry.player.pk, entry.player.name)
    return (match.pk, match.status, match.kind, match.games_a, match.games_b, match.confirmed_at,
            match.scheduled_at, str(match.round), match.round.play_by, match.competition.name,
            side(match.entry_a), side(match.entry_b), side(match.winner))


@pytest.mark.parametrize("seed", range(5))
def test_his_matches_and_opponents_are_the_orms(seed, django_assert_num_queries):
    _, me = a_club(seed)
    ids = list(me.entries.values_list("pk", flat=True))
    mine = Match.objects.filter(Q(entry_a_id__in=ids) | Q(entry_b_id__in=ids)).select_related(
        "round", "competition", "entry_a__player", "entry_b__player", "winner__player")
    read = 0
    for statuses, order, orm_order, limit in (
            ([Match.Status.CONFIRMED], "m.confirmed_at DESC, m.id DESC",
             ("-confirmed_at", "-pk"), 20),
            (Match.OPEN_FOR_PLAY, "m.scheduled_at, m.id", ("scheduled_at", "pk"), None)):
        with django_assert_num_queries(2):
            found = his_matches(ids, statuses, order, limit)
            with_sides(*found)
        with django_assert_num_queries(0):
            written = [shown(match) for match in found]
        expected = mine.filter(status__in=statuses).order_by(*orm_order)
        assert written == [shown(m) for m in (expected[:limit] if limit else expected)]
        read += len(written)
    assert read  # the club has matches of his to compare
    confirmed = Match.objects.filter(status=Match.Status.CONFIRMED)
    met = Player.objects.filter(
        Q(pk__in=confirmed.filter(entry_a_id__in=ids).values("entry_b__player"))
        | Q(pk__in=confirmed.filter(entry_b_id__in=ids).values("entry_a__player")))
    assert [(p.pk, p.name) for p in player_page(me.pk, me.club_id).opponents] == [
        (p.pk, p.name) for p in met.order_by("name", "pk")]


@pytest.mark.parametrize("seed", range(5))
def test_the_player_with_his_club_and_his_entries_are_the_orms(seed, django_assert_num_queries):
    _, me = a_club(seed)
    rng = random.Random(seed)
    for competition in Competition.objects.all():  # some created at the same moment
        Competition.objects.filter(pk=competition.pk).update(
            created_at=rng.choice([START, START + timedelta(hours=1)]))
    expected = Player.objects.select_related("club").get(pk=me.pk)
    expected_entries = list(Entry.objects.filter(player=me).select_related("competition__season")
                            .order_by("-competition__created_at", "pk"))
    with django_assert_num_queries(1):
        assert values(player_with_his_club(me.pk)) == values(expected)
    page = player_page(me.pk, me.club_id)  # read with his rating, history and statistics
    player, entries = page.player, page.entries
    with django_assert_num_queries(0):
        assert values(player) == values(expected)
        assert values(player.club) == values(expected.club)
        assert [values(e) for e in entries] == [values(e) for e in expected_entries]
        assert [values(e.competition) for e in entries] == [
            values(e.competition) for e in expected_entries]
        assert [values(e.competition.season) for e in entries] == [
            values(e.competition.season) for e in expected_entries]
        assert all(e.player is player for e in entries)
    assert len(entries) >= 2
    with pytest.raises(Http404):
        player_with_his_club(987654)
    with pytest.raises(Http404):
        player_page(987654, me.club_id)


@pytest.mark.parametrize("seed", range(5))
def test_the_statistics_reads_of_a_club_and_a_player_are_the_orms(seed, django_assert_num_queries):
    """The seasons latest start first (some starting on the same day, some without a start:
    where the database puts those), and a player's entries' ids."""
    club, me = a_club(seed)
    with django_assert_num_queries(1):
        seasons = club_seasons(club)
    assert [values(s) for s in seasons] == [
        values(s) for s in Season.objects.filter(club=club).order_by("-starts_on", "-pk")]
    assert all(s.club is club for s in seasons)
    with django_assert_num_queries(1):
        ids = with_entry_ids(me).entry_ids
    assert sorted(ids) == sorted(Entry.objects.filter(player=me).values_list("pk", flat=True))
    assert ids


@pytest.mark.parametrize("seed", range(5))
def test_the_club_pages_lists_are_the_orms(seed):
    club, _ = a_club(seed)
    read = club_page(club)
    seasons = list(club.seasons.all())  # the seasons' own order: newest first, then by name
    assert [s.pk for s in read.season_list] == [s.pk for s in seasons]
    for written, season in zip(read.season_list, seasons, strict=True):
        assert (written.name, written.starts_on, written.ends_on) == (
            season.name, season.starts_on, season.ends_on)
        assert [(c.pk, c.name, c.get_format_display(), c.get_status_display())
                for c in written.competition_list] == [
            (c.pk, c.name, c.get_format_display(), c.get_status_display())
            for c in season.competitions.order_by("-created_at", "pk")]
        assert [(x.pk, x.name) for x in written.series_list] == list(
            season.points_series.order_by("name", "pk").values_list("pk", "name"))
    assert [tuple(p) for p in read.player_list] == list(
        club.players.order_by("name", "pk").values_list("pk", "name", "user_id"))


def a_competition(seed: int) -> Competition:
    """A competition of random entries (some seeded, some withdrawn), in random name order,
    stages or none, rounds of every bracket (some without matches) and matches of every status,
    confirmed at random times."""
    rng = random.Random(seed)
    competition = CompetitionFactory()
    club = competition.season.club
    seeds = rng.sample(range(1, 10), 9)
    for n in range(rng.randint(0, 9)):
        EntryFactory(competition=competition,
                     player=PlayerFactory(club=club, name=f"{rng.choice('CAB')}{n}"),
                     seed=rng.choice([None, seeds[n]]),
                     withdrawn_at=rng.choice([None, START]))
    entries = list(competition.entries.all())
    stages = [Stage.objects.create(competition=competition, order=n + 1,
                                   kind=rng.choice(list(Stage.Kind)))
              for n in range(rng.choice([0, 0, 2]))]
    places = [(stage, bracket, number) for stage in stages or [None]
              for bracket in Round.Bracket for number in range(1, 5)]
    for n, (stage, bracket, number) in enumerate(rng.sample(places, rng.randint(0, 6))):
        round_ = RoundFactory(competition=competition, number=number, bracket=bracket,
                              stage=stage)
        for _ in range(rng.randint(0, 3)):
            MatchFactory(competition=competition, round=round_,
                         entry_a=rng.choice(entries) if entries else None, entry_b=None,
                         status=rng.choice(STATUSES),
                         confirmed_at=rng.choice([None, START + timedelta(hours=n)]))
    return competition


def the_orms_page(pk: int) -> Competition:
    """The competition page's read as the ORM gives it."""
    done = (Match.Status.CONFIRMED, Match.Status.VOID)
    rounds = Round.objects.select_related("stage").order_by("number").annotate(
        open_matches=Count("matches", filter=~Q(matches__status__in=done)),
        last_confirmed=Max("matches__confirmed_at"))
    return Competition.objects.select_related("season__club").prefetch_related(
        Prefetch("entries", queryset=Entry.objects.select_related("player"), to_attr="entry_list"),
        Prefetch("rounds", queryset=rounds, to_attr="round_list"),
    ).get(pk=pk)


@pytest.mark.parametrize("seed", range(8))
def test_the_competition_pages_read_is_the_orms(seed, django_assert_num_queries):
    competition = a_competition(seed)
    with django_assert_num_queries(3):
        read = competition_page(competition.pk)
    orm = the_orms_page(competition.pk)
    with django_assert_num_queries(0):
        assert (read.name, read.season.name, read.season.club.slug) == (
            orm.name, orm.season.name, orm.season.club.slug)
        assert [(e.pk, e.seed, e.withdrawn_at, e.player.name, e.competition.pk)
                for e in read.entry_list] == [
            (e.pk, e.seed, e.withdrawn_at, e.player.name, e.competition.pk)
            for e in orm.entry_list]  # the entries' own order: seed, then name
        by_pk = {r.pk: r for r in orm.round_list}
        assert sorted(r.pk for r in read.round_list) == sorted(by_pk)
        for written in read.round_list:
            expected = by_pk[written.pk]
            assert (written.number, written.bracket, written.stage_id, written.open_matches,
                    written.last_confirmed) == (
                expected.number, expected.bracket, expected.stage_id, expected.open_matches,
                expected.last_confirmed)
            assert (written.stage.kind if written.stage else None) == (
                expected.stage.kind if expected.stage else None)
        # shown stage by stage, the main or winners' bracket, the losers', the finals
        keys = [(r.stage.order if r.stage else 0, BRACKET_ORDER[r.bracket], r.number)
                for r in read.round_list]
        assert keys == sorted(keys)


@pytest.mark.parametrize("seed", range(8))
def test_the_fixtures_of_the_rounds_shown_are_the_orms(seed, django_assert_num_queries):
    competition = a_competition(seed)
    read = competition_page(competition.pk)
    rounds = read.round_list
    with django_assert_num_queries(1 if rounds else 0):
        fixtures_of(rounds, read.entry_list)
    with django_assert_num_queries(0):  # rounds, sides and winners from the page's reads
        written = [[(m.pk, m.round.pk, m.status, m.entry_a and m.entry_a.player.name,
                     m.entry_b and m.entry_b.player.name, m.winner and m.winner.player.name)
                    for m in r.match_list] for r in rounds]
    assert written == [[(m.pk, r.pk, m.status, m.entry_a and m.entry_a.player.name,
                         m.entry_b and m.entry_b.player.name, m.winner and m.winner.player.name)
                        for m in Match.objects.filter(round=r).order_by("pk")] for r in rounds]
    with django_assert_num_queries(0):  # rounds that have their matches are not read again
        fixtures_of(rounds, read.entry_list)


def test_a_competition_page_of_no_competition_is_not_found():
    with pytest.raises(Http404):
        competition_page(987654)
