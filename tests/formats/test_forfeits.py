"""Forfeits, no-shows and double forfeits recorded by an organizer on a match not played out:
confirmed at once, audited, counted by the standings without game points, and followed up as
any confirmed result (the bracket moves on; a double forfeit in a knockout puts both out)."""

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.competitions.algorithms.swiss import history
from league.competitions.models import Competition, Match, ResultReport
from league.competitions.results.forfeits import record_forfeit
from league.competitions.results.services import correct_result, report_result
from league.competitions.standings.services import (
    competition_standings,
    confirmed_results,
    points_of,
)
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from tests.factories import UserFactory, game_played
from tests.formats.builders import Club, better_seed, by_key, committed, play_out, scheduled, win
from tests.formats.test_idempotence import run_twice

pytestmark = pytest.mark.django_db

LEAGUE = Competition.Format.LEAGUE


def forfeit(club: Club, match: Match, absent: str, kind: str = Match.Kind.NO_SHOW,
            comment: str = "") -> Match:
    with committed():
        return record_forfeit(match.pk, actor=club.organizer, absent=absent, kind=kind,
                              comment=comment)


def fixture(competition: Competition, a: str, b: str) -> Match:
    return competition.matches.select_related("entry_a__player", "entry_b__player").get(
        entry_a__player__name__in=(a, b), entry_b__player__name__in=(a, b))


def side(match: Match, name: str) -> str:
    return "A" if match.entry_a.player.name == name else "B"


def snapshot(match: Match) -> tuple:
    match.refresh_from_db()
    return (match.status, match.kind, match.winner_id, match.games_a, match.games_b,
            list(match.reports.values_list("status", flat=True)), match.audit.count())


def rows_by_name(competition: Competition) -> dict:
    return {r.player.name: r for r in competition_standings(competition).rows}


def started_game(match: Match, winner: str = "A") -> None:
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner=winner, total_a=104, total_b=31)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)


# League ------------------------------------------------------------------------------------------


def test_a_no_show_is_a_confirmed_win_for_the_player_present_without_game_points():
    club = Club(4)
    competition = club.competition(LEAGUE)
    match = fixture(competition, "P01", "P04")
    forfeit(club, match, absent=side(match, "P04"))
    match.refresh_from_db()
    assert (match.status, match.kind, match.winner.player.name) == (
        Match.Status.CONFIRMED, Match.Kind.NO_SHOW, "P01")
    report = match.reports.get()
    assert report.status == ResultReport.Status.CONFIRMED and report.decided_by == club.organizer
    audit = match.audit.get()
    assert (audit.action, audit.actor, audit.comment) == ("no-show", club.organizer,
                                                         "P04 did not turn up.")
    assert audit.before["status"] == Match.Status.SCHEDULED
    rows = rows_by_name(competition)
    assert (rows["P01"].won, rows["P01"].match_points, rows["P01"].game_points_for) == (1, 2, 0)
    assert (rows["P04"].lost, rows["P04"].match_points) == (1, 0)


def test_a_double_forfeit_is_a_loss_for_both_and_a_win_for_nobody(client):
    club = Club(4)
    competition = club.competition(LEAGUE)
    match = fixture(competition, "P02", "P03")
    forfeit(club, match, absent="both", kind=Match.Kind.FORFEIT, comment="Both went home.")
    match.refresh_from_db()
    assert (match.kind, match.winner, match.status) == (
        Match.Kind.DOUBLE_FORFEIT, None, Match.Status.CONFIRMED)
    assert match.audit.get().action == "double forfeit"
    rows = rows_by_name(competition)
    assert (rows["P02"].played, rows["P02"].lost, rows["P02"].match_points) == (1, 1, 0)
    assert (rows["P03"].played, rows["P03"].lost, rows["P03"].match_points) == (1, 1, 0)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Double forfeit" in html and "nobody won" in html and "a draw" not in html


def test_a_player_who_conceded_mid_match_forfeits_and_the_games_stay_as_history():
    club = Club(2)
    competition = club.competition(LEAGUE)
    [match] = scheduled(competition)
    started_game(match, winner="A")
    forfeit(club, match, absent="A", kind=Match.Kind.FORFEIT)
    match.refresh_from_db()
    assert (match.kind, match.winner_id) == (Match.Kind.FORFEIT, match.entry_b_id)
    assert match.games.count() == 1
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    winner, loser = competition_standings(competition).rows
    assert (winner.player.name, winner.game_points_for, loser.game_points_for) == ("P02", 0, 0)


def test_a_no_show_is_refused_once_games_were_recorded_and_nothing_changes():
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    started_game(match)
    before = snapshot(match)
    with pytest.raises(ServiceError, match="both players came") as refused:
        record_forfeit(match.pk, actor=club.organizer, absent="B", kind=Match.Kind.NO_SHOW)
    assert refused.value.field == "kind"
    assert snapshot(match) == before


def test_a_reported_result_waiting_for_confirmation_is_superseded():
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    started_game(match, winner="A")
    report_result(match.pk, actor=match.entry_a.player.user)
    forfeit(club, match, absent="A", kind=Match.Kind.FORFEIT)
    assert sorted(match.reports.values_list("status", flat=True)) == [
        ResultReport.Status.CONFIRMED, ResultReport.Status.SUPERSEDED]


@pytest.mark.parametrize(("absent", "kind", "field"), [("C", Match.Kind.NO_SHOW, "absent"),
                                                       ("A", Match.Kind.WALKOVER, "kind"),
                                                       ("", Match.Kind.FORFEIT, "absent")])
def test_who_was_absent_and_why_must_be_said(absent, kind, field):
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    before = snapshot(match)
    with pytest.raises(ServiceError) as refused:
        record_forfeit(match.pk, actor=club.organizer, absent=absent, kind=kind)
    assert refused.value.field == field
    assert snapshot(match) == before


def test_a_confirmed_result_is_corrected_not_forfeited():
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    win(match, "A")
    before = snapshot(match)
    with pytest.raises(ServiceError, match="correct the result instead"):
        record_forfeit(match.pk, actor=club.organizer, absent="A")
    assert snapshot(match) == before


@pytest.mark.parametrize("role", ["player", "opponent", "other organizer", "club player"])
def test_only_an_organizer_of_the_club_records_a_forfeit(role):
    club = Club(3)
    competition = club.competition(LEAGUE)
    match = scheduled(competition)[0]
    other_club = Club(1)
    actor = {"player": match.entry_a.player.user, "opponent": match.entry_b.player.user,
             "other organizer": other_club.organizer,
             "club player": competition.entries.exclude(
                 pk__in=(match.entry_a_id, match.entry_b_id)).get().player.user}[role]
    before = snapshot(match)
    with pytest.raises(NotAllowed, match="Only an organizer of the club"):
        record_forfeit(match.pk, actor=actor, absent="B")
    assert snapshot(match) == before


# Swiss -------------------------------------------------------------------------------------------


def test_a_swiss_forfeit_wins_the_points_and_counts_as_a_bye_received():
    club = Club(5)
    competition = club.competition(Competition.Format.SWISS, swiss_rounds=3)
    first, second = scheduled(competition)
    forfeit(club, first, absent="B")
    # FIDE C.04.1 (d): a win without play is a bye received; the next bye goes elsewhere.
    past = history(confirmed_results(competition), points_of(competition))
    bye = competition.matches.get(round__number=1, kind=Match.Kind.BYE)
    assert past.bye_ineligible == {first.entry_a_id, bye.entry_a_id}
    assert past.scores[first.entry_a_id] == 2
    win(second, "A")
    assert competition.rounds.count() == 2


# Knockouts ---------------------------------------------------------------------------------------


def test_a_knockout_no_show_sends_the_player_present_through():
    club = Club(4)
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    forfeit(club, by_key(competition)["W1-0"], absent="A")  # P01 does not turn up against P04
    final = by_key(competition)["W2-0"]
    assert final.entry_a.player.name == "P04"


def test_a_knockout_double_forfeit_puts_both_out_and_the_next_opponent_walks_over():
    club = Club(4)
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    forfeit(club, by_key(competition)["W1-0"], absent="both")
    win(by_key(competition)["W1-1"], "A")  # P02 beats P03
    final = by_key(competition)["W2-0"]
    assert (final.status, final.kind, final.winner.player.name) == (
        Match.Status.CONFIRMED, Match.Kind.WALKOVER, "P02")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_double_elimination_double_forfeit_sends_neither_to_the_losers_bracket():
    club = Club(4)
    competition = club.competition(Competition.Format.DOUBLE_ELIMINATION)
    forfeit(club, by_key(competition)["W1-0"], absent="both")
    win(by_key(competition)["W1-1"], "A")
    losers = by_key(competition)["L1-0"]
    assert (losers.kind, losers.winner.player.name) == (Match.Kind.WALKOVER, "P03")
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_knockout_correction_has_no_winner_only_for_a_double_forfeit():
    club = Club(4)
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    semi = win(by_key(competition)["W1-0"], "A")
    with pytest.raises(ServiceError, match="needs a winner") as refused:
        correct_result(semi.pk, actor=club.organizer, winner=None, games_a=0, games_b=0,
                       comment="Nobody won?", overrides_games=True)
    assert refused.value.field == "winner"
    with pytest.raises(ServiceError, match="A double forfeit has no winner"):
        correct_result(semi.pk, actor=club.organizer, winner="A", games_a=0, games_b=0,
                       kind=Match.Kind.DOUBLE_FORFEIT, comment="Both left.", overrides_games=True)
    with committed():
        correct_result(semi.pk, actor=club.organizer, winner=None, games_a=0, games_b=0,
                       kind=Match.Kind.DOUBLE_FORFEIT, comment="Both left before the end.", overrides_games=True)
    win(by_key(competition)["W1-1"], "A")
    final = by_key(competition)["W2-0"]
    assert (final.entry_a, final.kind, final.winner.player.name) == (
        None, Match.Kind.WALKOVER, "P02")


def test_the_follow_up_of_a_forfeit_run_again_changes_nothing():
    club = Club(8)
    competition = club.competition(Competition.Format.DOUBLE_ELIMINATION)
    forfeit(club, by_key(competition)["W1-0"], absent="both")
    match = forfeit(club, by_key(competition)["W1-1"], absent="A", kind=Match.Kind.FORFEIT)
    run_twice(competition, match)


# The match page ----------------------------------------------------------------------------------


def page(client, match: Match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


def test_the_match_page_offers_the_form_to_the_organizer_only(client):
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    client.force_login(match.entry_a.player.user)
    assert "Record a forfeit or no-show" not in page(client, match)
    client.force_login(club.organizer)
    html = page(client, match)
    assert "Record a forfeit or no-show" in html
    assert reverse("match-forfeit", args=[match.pk]) in html
    assert "P01: P02 wins" in html and "Neither: a double forfeit, nobody wins" in html
    win(match, "A")
    assert "Record a forfeit or no-show" not in page(client, match)


def test_posting_the_form_records_it_and_returns_to_the_match(client):
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    client.force_login(club.organizer)
    url = reverse("match-forfeit", args=[match.pk])
    with committed():
        response = client.post(url, {"forfeit-absent": "B", "forfeit-kind": "no_show",
                                     "forfeit-comment": "Waited an hour."})
    assert response.status_code == 302 and response["Location"] == reverse("match",
                                                                           args=[match.pk])
    match.refresh_from_db()
    assert (match.kind, match.winner_id) == (Match.Kind.NO_SHOW, match.entry_a_id)
    html = page(client, match)
    assert "No show recorded: the result is confirmed." in html and "Waited an hour." in html


def test_a_refused_form_says_why_next_to_the_field_and_keeps_what_was_typed(client):
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    started_game(match)
    client.force_login(club.organizer)
    before = snapshot(match)
    response = client.post(reverse("match-forfeit", args=[match.pk]),
                           {"forfeit-absent": "B", "forfeit-kind": "no_show",
                            "forfeit-comment": "Left early."}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 422
    assert html.lstrip().startswith('<div id="match-body"')
    assert "both players came" in html and "Left early." in html
    assert 'value="B" id="id_forfeit-absent_1" required checked' in html
    assert snapshot(match) == before


def test_a_player_posting_the_form_is_refused_with_the_reason(client):
    club = Club(2)
    [match] = scheduled(club.competition(LEAGUE))
    client.force_login(match.entry_a.player.user)
    before = snapshot(match)
    response = client.post(reverse("match-forfeit", args=[match.pk]),
                           {"forfeit-absent": "B", "forfeit-kind": "no_show"})
    assert response.status_code == 403
    assert "Only an organizer of the club may record a forfeit" in response.content.decode()
    assert snapshot(match) == before
    client.force_login(UserFactory())
    assert client.post(reverse("match-forfeit", args=[match.pk]), {}).status_code == 422
    assert snapshot(match) == before
