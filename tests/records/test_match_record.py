"""A match's record: exported from any match and valid against its JSON Schema; imported into a
match with no games, every hand entered through the hand-entry services, all or nothing."""

from __future__ import annotations

import copy

import pytest

from league.competitions.models import AuditEntry, Competition, Match
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from league.records.export import match_record, record_match
from league.records.format import schema_problems, validator
from league.records.importing import import_match_record
from tests.records.helpers import (
    game_facts,
    hand_facts,
    league_of,
    ruled_and_counted,
    self_played,
)

pytestmark = pytest.mark.django_db


def two_matches(**settings) -> tuple:
    club, competition = league_of(4, **settings)
    first, second = competition.matches.select_related(
        "entry_a__player__user", "entry_b__player__user"
    )[:2]
    return club, first, second


def exported(match: Match) -> dict:
    record = match_record(record_match(match.pk))
    validator().validate(record)  # raises, naming the place, when the record breaks the schema
    return record


def test_a_self_played_match_exports_a_record_the_schema_accepts_with_its_event_logs():
    _, match, _ = two_matches(match_games=2)
    self_played(match)
    record = exported(match)
    assert (record["format"], record["version"]) == ("gin-league-match", 1)
    assert record["result"]["winner"] in ("A", "B") and max(record["result"]["games"]) == 2
    hands = [hand for game in record["games"] for hand in game["hands"]]
    assert hands and all(hand["event_log"] for hand in hands)
    assert record["players"]["A"]["name"] == match.entry_a.player.name


def test_rulings_counts_and_a_game_from_its_totals_are_in_the_record():
    club, match, _ = two_matches(match_games=2)
    ruled_and_counted(match, club.organizer)
    record = exported(match)
    first, second = record["games"]
    assert first["hands"][0]["outcome"] == "void"
    assert first["hands"][0]["ruling"]["irregularity"] == "wrong_dealer"
    assert [r["irregularity"] for r in first["hands"][1]["rulings"]] == ["faced_card"]
    knock, gin = first["hands"][1], first["hands"][2]
    assert knock["knocker_cards"].startswith("AS 2S 3S")
    assert (knock["knocker_deadwood"], knock["defender_deadwood"], knock["points"]) == (2, 39, 37)
    assert (gin["knocker_deadwood"], gin["defender_deadwood"]) == (0, 40)
    assert first["hands"][3]["outcome"] == "dead_hand"
    assert second["hands_played"] == 6 and second["totals"] == [40, 104]


def test_a_corrected_hand_is_in_the_record_s_corrections():
    from league.games.services import HandEntry
    from league.games.services.corrections import correct_hand

    club, match, _ = two_matches()
    self_played(match)
    hand = match.games.get().hands.order_by("number").first()
    entry = HandEntry(
        hand.outcome, hand.winner, hand.points, hand.knocker_cards, hand.defender_cards
    )
    correct_hand(hand.pk, entry, actor=club.organizer, comment="Checked the sheet")
    record = exported(match)
    (line,) = record["corrections"]
    assert line["action"] == AuditEntry.Action.HAND_CORRECTED
    assert "Checked the sheet" in line["comment"]


def test_an_imported_record_gives_the_same_games_and_hands_every_hand_entered_by_the_engine():
    club, played, empty = two_matches(match_games=2)
    self_played(played)
    games = import_match_record(empty.pk, exported(played), actor=club.organizer)
    assert [g.number for g in games] == [g.number for g in played.games.all()]
    assert hand_facts(empty) == hand_facts(played)
    assert game_facts(empty) == game_facts(played)
    empty.refresh_from_db()
    assert empty.status == Match.Status.IN_PROGRESS  # the result is then recorded as usual


def test_rulings_counts_and_totals_are_imported_as_entered():
    club, played, empty = two_matches(match_games=2)
    ruled_and_counted(played, club.organizer)
    import_match_record(empty.pk, exported(played), actor=club.organizer)
    assert hand_facts(empty) == hand_facts(played)
    assert game_facts(empty) == game_facts(played)


def test_a_hand_the_engine_refuses_is_named_and_nothing_is_kept():
    club, played, empty = two_matches(match_games=2)
    self_played(played)
    record = exported(played)
    record["games"][1]["hands"][2]["points"] += 1
    record["games"][1]["hands"][2]["event_log"] = []
    with pytest.raises(ServiceError, match=r"^Game 2, hand 3: "):
        import_match_record(empty.pk, record, actor=club.organizer)
    assert not Game.objects.filter(match=empty).exists()
    empty.refresh_from_db()
    assert empty.status == Match.Status.SCHEDULED


def test_an_event_log_that_ends_otherwise_than_its_hand_is_refused():
    club, played, empty = two_matches()
    self_played(played)
    record = exported(played)
    hand = record["games"][0]["hands"][1]
    record["games"][0]["hands"][0]["event_log"] = copy.deepcopy(hand["event_log"])
    with pytest.raises(ServiceError, match=r"^Game 1, hand 1: its event log"):
        import_match_record(empty.pk, record, actor=club.organizer)
    assert not Game.objects.filter(match=empty).exists()


def test_a_game_whose_hands_do_not_make_its_totals_is_refused():
    club, played, empty = two_matches()
    self_played(played)
    record = exported(played)
    record["games"][0]["totals"][0] += 5
    with pytest.raises(ServiceError, match=r"^Game 1: its hands make"):
        import_match_record(empty.pk, record, actor=club.organizer)
    assert not Game.objects.filter(match=empty).exists()


def test_a_record_goes_only_into_a_match_without_games():
    club, played, _ = two_matches()
    self_played(played)
    with pytest.raises(ServiceError, match="has games already"):
        import_match_record(played.pk, exported(played), actor=club.organizer)


def test_only_an_organizer_who_does_not_play_in_it_imports_into_a_match():
    _, played, empty = two_matches()
    self_played(played)
    with pytest.raises(NotAllowed):
        import_match_record(empty.pk, exported(played), actor=empty.entry_a.player.user)


def test_a_record_that_breaks_the_schema_is_refused_with_the_place():
    club, played, empty = two_matches()
    self_played(played)
    record = exported(played)
    record["games"][0]["hands"][0]["outcome"] = "schneider"
    assert schema_problems(record)[0].startswith("games/0/hands/0/outcome")
    with pytest.raises(ServiceError, match="games/0/hands/0/outcome"):
        import_match_record(empty.pk, record, actor=club.organizer)


def test_a_record_is_read_in_four_queries_however_many_games_and_hands(django_assert_num_queries):
    _, match, _ = two_matches(match_games=2)
    with django_assert_num_queries(3):  # the match with its sides, its games (none), history
        assert match_record(record_match(match.pk))["games"] == []
    self_played(match)  # then the games' hands too
    with django_assert_num_queries(4):
        assert len(match_record(record_match(match.pk))["games"]) >= 2


def test_a_hollywood_match_self_played_is_exported_and_imported_with_its_columns():
    _, competition = league_of(
        4,
        match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": 50, "winner_by": "total_points"},
    )
    played, empty = competition.matches.order_by("pk")[:2]
    self_played(played)
    record = exported(played)
    assert record["hollywood"]["columns"] == 3 and record["games"][0]["columns"] is not None
    organizer = competition.season.club.organizers.get()
    import_match_record(empty.pk, record, actor=organizer)
    assert hand_facts(empty) == hand_facts(played)
    assert game_facts(empty) == game_facts(played)


def test_a_hollywood_match_from_its_columns_totals_is_imported_as_on_the_paper_page():
    from gameplay import engine
    from league.games.services import enter_hollywood_columns

    built, competition = league_of(
        4,
        match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points"},
    )
    played, empty = competition.matches.order_by("pk")[:2]
    columns = [engine.ColumnTotals((100, 40), (4, 2))] * 3
    enter_hollywood_columns(played.pk, actor=built.organizer, columns=columns, hands=6)
    record = exported(played)
    import_match_record(empty.pk, record, actor=built.organizer)
    assert game_facts(empty) == game_facts(played)
    record["games"][0]["paper_columns"][0]["points"] = [100, 140]
    played.games.all().delete()
    with pytest.raises(ServiceError, match=r"^Game 1: "):
        import_match_record(played.pk, record, actor=built.organizer)
    assert not Game.objects.filter(match=played).exists()


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["games"][0].update(ruleset={"knock_limit": "ten"}),
        lambda r: r["games"][0].update(ruleset={"no_such_rule": 1}),
        lambda r: r["games"][0]["hands"][0].update(knocker_cards="ZZ 1X", event_log=[]),
        lambda r: r["games"][0]["hands"][0].update(upcard="QQ", event_log=[]),
        lambda r: r["games"][0]["hands"][0].update(event_log=[{"kind": "nonsense"}]),
        lambda r: r["games"][0]["hands"][0].update(rulings=[{"irregularity": "no_such"}]),
        lambda r: r["games"][0]["hands"][0].update(
            ruling={"irregularity": "illegal_knock", "answers": {"choice": "zzz"}}
        ),
        lambda r: r["games"][0].update(hands_played=3, totals=[500, 0]),
    ],
)
def test_a_record_with_nonsense_in_it_is_refused_with_a_message_never_an_error(change):
    club, played, empty = two_matches()
    self_played(played)
    record = exported(played)
    change(record)
    with pytest.raises(ServiceError):
        import_match_record(empty.pk, record, actor=club.organizer)
    assert not Game.objects.filter(match=empty).exists()
