"""A club's whole data as one archive, restored into an empty database with the same
standings and ratings; every demo match exported and imported with the same games and hands."""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import asdict

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection

from league.clubs.models import Club
from league.competitions.models import Competition, Match
from league.competitions.results.services import report_result
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from league.games.services import enter_game_totals
from league.ratings.models import PlayerRating
from league.ratings.services import recompute_ratings
from league.records.archive import club_archive
from league.records.export import match_record, record_match
from league.records.format import validator
from league.records.importing import import_match_record
from league.records.restore import restore_club_archive
from tests.factories import UserFactory
from tests.formats.builders import committed
from tests.records.helpers import game_facts, hand_facts, league_of, self_played

pytestmark = pytest.mark.django_db


def standings_of(club: Club) -> dict[str, list[dict]]:
    tables = {}
    for competition in Competition.objects.filter(season__club=club).order_by("pk"):
        rows = competition_standings(competition).rows
        tables[competition.name] = [{**asdict(row), "player": row.player.name} for row in rows]
    return tables


def ratings_of(club: Club) -> list[tuple]:
    return list(
        PlayerRating.objects.filter(period__club=club)
        .order_by("player__name", "starts_on")
        .values_list(
            "player__name", "starts_on", "rating", "rd", "volatility", "games", "total_games"
        )
    )


def emptied() -> None:
    """Every row of the database gone, and the cached standings with them."""
    if connection.vendor == "postgresql":  # the test's transaction defers its foreign keys
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    cache.clear()
    assert not Club.objects.exists() and not Match.objects.exists()


def round_trip(club: Club) -> Club:
    data = club_archive(club)
    emptied()
    return restore_club_archive(data)


def test_a_club_restored_from_its_archive_has_the_same_standings_and_ratings():
    built, competition = league_of(4)
    matches = list(competition.matches.order_by("pk"))
    for match in matches[:3]:
        self_played(match)
    # A game entered from its totals only, the result recorded by an organizer.
    enter_game_totals(matches[3].pk, actor=built.organizer, total_a=40, total_b=104, hands=6)
    with committed():
        report_result(matches[3].pk, actor=built.organizer)
    recompute_ratings(built.club)
    standings, ratings = standings_of(built.club), ratings_of(built.club)
    hands = {m.pk: hand_facts(m) for m in matches}
    assert ratings and any(row["played"] for row in standings[competition.name])
    organizer = built.organizer.username

    club = round_trip(built.club)
    assert standings_of(club) == standings
    assert ratings_of(club) == ratings
    assert {
        m.pk: hand_facts(m) for m in Match.objects.filter(competition__season__club=club)
    } == hands
    assert list(club.organizers.values_list("username", flat=True)) == [organizer]
    assert not club.organizers.get().has_usable_password()


def test_the_archive_holds_a_manifest_and_every_match_s_record():
    built, competition = league_of(3)
    self_played(competition.matches.order_by("pk").first())
    archive = zipfile.ZipFile(io.BytesIO(club_archive(built.club)))
    manifest = json.loads(archive.read("manifest.json"))
    assert (manifest["format"], manifest["version"]) == ("gin-league-club-archive", 1)
    assert manifest["club"]["ratings"]["system"] == built.club.rating_system
    assert manifest["counts"]["clubs.player"] == 3
    assert manifest["counts"]["competitions.match"] == competition.matches.count()
    for name in manifest["match_records"]:
        validator().validate(json.loads(archive.read(name)))
    assert len(manifest["match_records"]) == competition.matches.count()


def test_an_archive_is_not_restored_over_its_club_nor_from_another_file():
    built, _ = league_of(2)
    with pytest.raises(ServiceError, match="is here already"):
        restore_club_archive(club_archive(built.club))
    with pytest.raises(ServiceError, match="not a club archive"):
        restore_club_archive(b"{}")


@pytest.mark.follow_ups
@pytest.mark.django_db(transaction=True)
def test_the_demo_club_restored_from_its_archive_then_every_match_exported_and_imported():
    """The demo club (seed_demo: a league, a knockout, sign-ups, a ladder, club nights) through
    its archive: the same standings, ratings, games and hands. Then every match with games, its
    record imported into a new match of the same players: the same games and hands."""
    call_command("seed_demo", stdout=io.StringIO())
    demo = Club.objects.get()
    standings, ratings = standings_of(demo), ratings_of(demo)
    games = sorted(game_facts(m) for m in Match.objects.all())
    hands = sorted(hand_facts(m) for m in Match.objects.all())
    club = round_trip(demo)
    assert standings_of(club) == standings
    assert ratings_of(club) == ratings
    assert sorted(game_facts(m) for m in Match.objects.all()) == games
    assert sorted(hand_facts(m) for m in Match.objects.all()) == hands

    importer = UserFactory()
    club.organizers.add(importer)
    played = list(Match.objects.filter(games__isnull=False).distinct().order_by("pk"))
    assert len(played) > 10
    for match in played:
        record = match_record(record_match(match.pk))
        validator().validate(record)
        empty = Match.objects.create(
            competition=match.competition,
            round=match.round,
            entry_a=match.entry_a,
            entry_b=match.entry_b,
        )
        import_match_record(empty.pk, json.loads(json.dumps(record)), actor=importer)
        assert game_facts(empty) == game_facts(match), match
        assert [h[1:] for h in hand_facts(empty)] == [h[1:] for h in hand_facts(match)], match


def test_the_commands_write_an_archive_and_restore_it_and_refuse_a_bad_file(tmp_path):
    built, competition = league_of(3)
    self_played(competition.matches.order_by("pk").first())
    recompute_ratings(built.club)
    ratings = ratings_of(built.club)
    file = tmp_path / "club.zip"
    call_command("export_club_archive", built.club.slug, str(file), stdout=io.StringIO())
    emptied()
    out = io.StringIO()
    call_command("import_club_archive", str(file), stdout=out)
    assert "3 players" in out.getvalue()
    assert ratings_of(Club.objects.get()) == ratings
    (tmp_path / "bad.zip").write_bytes(b"not a zip")
    with pytest.raises(CommandError, match="not a club archive"):
        call_command("import_club_archive", str(tmp_path / "bad.zip"))


def test_a_damaged_archive_is_refused_with_a_message_and_nothing_is_kept():
    built, competition = league_of(2)
    self_played(competition.matches.get())
    archive = zipfile.ZipFile(io.BytesIO(club_archive(built.club)))
    manifest = json.loads(archive.read("manifest.json"))
    manifest["rows"]["clubs.player"][0]["fields"]["club"] = "not a club"
    damaged = io.BytesIO()
    with zipfile.ZipFile(damaged, "w") as out:
        out.writestr("manifest.json", json.dumps(manifest))
        for name in manifest["match_records"]:
            out.writestr(name, archive.read(name))
    emptied()
    with pytest.raises(ServiceError, match="cannot be read"):
        restore_club_archive(damaged.getvalue())
    assert not Club.objects.exists()
    with pytest.raises(ServiceError, match="not of version 1"):
        restore_club_archive(_zip({"manifest.json": "[]"}))


def _zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)
    return buffer.getvalue()
