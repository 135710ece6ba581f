"""Models read by a written-out query are the ORM's: the same values converted the same way (an
aware time on SQLite too), a field left out read when first used, a LEFT JOIN that found
nothing is None, and a row met again gives the instance built before."""

from datetime import UTC, date, datetime

import pytest
from django.db import connection

from league.clubs.models import Player
from league.competitions.models import Competition, Match, Round
from league.core.written_reads import Columns
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

MATCH, ROUND = Columns(Match, "m"), Columns(Round, "r")
COMPETITION = Columns(Competition, "c", ("id", "name"))


def read(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        return cursor.fetchall()


def test_a_match_read_in_sql_equals_the_orms_field_by_field():
    made = MatchFactory(status=Match.Status.CONFIRMED, games_a=2, games_b=1,
                        confirmed_at=datetime(2026, 3, 14, 23, 30, 5, 120, tzinfo=UTC))
    Round.objects.filter(pk=made.round_id).update(play_by=date(2026, 3, 20))
    row, = read(f"SELECT {MATCH.sql}, {ROUND.sql} FROM competitions_match m "
                "JOIN competitions_round r ON r.id = m.round_id WHERE m.id = %s", [made.pk])
    match, round_ = MATCH.instance(row, 0), ROUND.instance(row, len(MATCH))
    orm = Match.objects.select_related("round").get(pk=made.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(match, field.attname) == getattr(orm, field.attname), field.name
    assert match.confirmed_at.tzinfo is not None
    assert round_.play_by == date(2026, 3, 20) and round_ == orm.round
    assert not match._state.adding and match._state.db == "default"


def test_a_field_left_out_is_read_when_first_used(django_assert_num_queries):
    made = MatchFactory()
    row, = read(f"SELECT {COMPETITION.sql} FROM competitions_competition c WHERE c.id = %s",
                [made.competition_id])
    with django_assert_num_queries(0):
        competition = COMPETITION.instance(row)
        assert competition.name == made.competition.name
    with django_assert_num_queries(1):
        assert competition.format == made.competition.format


def test_nothing_joined_is_none_and_a_row_met_again_is_the_same_instance():
    made = MatchFactory(entry_b=None)
    players = Columns(Player, "p", ("id", "name"))
    rows = read(f"SELECT {COMPETITION.sql}, {players.sql} FROM competitions_match m "
                "JOIN competitions_competition c ON c.id = m.competition_id "
                "LEFT JOIN competitions_entry e ON e.id = m.entry_b_id "
                "LEFT JOIN clubs_player p ON p.id = e.player_id WHERE m.id = %s "
                "UNION ALL "
                f"SELECT {COMPETITION.sql}, NULL, NULL FROM competitions_competition c "
                "WHERE c.id = %s", [made.pk, made.competition_id])
    kept = {}
    first, second = (COMPETITION.instance(row, 0, kept=kept) for row in rows)
    assert first is second and first.pk == made.competition_id
    assert all(players.instance(row, len(COMPETITION)) is None for row in rows)


def test_a_model_read_in_sql_is_made_as_the_orm_makes_it():
    from league.core.written_reads import plain

    made = MatchFactory(status=Match.Status.CONFIRMED)
    row, = read(f"SELECT {MATCH.sql} FROM competitions_match m WHERE m.id = %s", [made.pk])
    names = [f.attname for f in Match._meta.concrete_fields]
    assert plain(Match)  # built by setting its columns, which is all from_db does for it
    ours, orms = MATCH.instance(row), Match.from_db("default", names, MATCH.values(row))
    state = ("adding", "db")
    assert {k: v for k, v in vars(ours).items() if k != "_state"} == {
        k: v for k, v in vars(orms).items() if k != "_state"}
    assert [getattr(ours._state, k) for k in state] == [getattr(orms._state, k) for k in state]
    assert ours.entry_a.player_id == orms.entry_a.player_id  # relations read as the ORM's
    ours.status = Match.Status.DISPUTED
    ours.save(update_fields=["status"])  # saved as an existing row, not inserted
    assert Match.objects.get(pk=made.pk).status == Match.Status.DISPUTED


def test_a_model_with_a_receiver_at_its_making_is_made_by_from_db():
    from django.db.models.signals import post_init

    from league.core.written_reads import plain

    made = MatchFactory()
    seen = []

    def heard(sender, instance, **kwargs):
        seen.append(instance.pk)

    post_init.connect(heard, sender=Round)
    try:
        assert not plain(Round)
        columns = Columns(Round, "r")  # told at its first instance
        row, = read(f"SELECT {columns.sql} FROM competitions_round r WHERE r.id = %s",
                    [made.round_id])
        assert columns.instance(row).pk == made.round_id
    finally:
        post_init.disconnect(heard, sender=Round)
    assert seen == [made.round_id]
