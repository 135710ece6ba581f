"""What the secretary needs on the evening: a walk-in entered and checked in in one step, a
leaver's unplayed match settled, and a Swiss waiting for its next night paired from every
entry instead. Through the services, then through the pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.formats.draws import start_competition
from league.competitions.models import AuditEntry, CheckIn, Competition, Entry, Match
from league.competitions.nights.attendance import check_in, check_out, undo_walk_in, walk_in
from league.competitions.nights.pairing import (
    pair_from_every_entry,
    pair_night_round,
    settle_left_match,
)
from league.competitions.nights.services import close_night, open_night
from league.core.errors import NotAllowed, ServiceError
from tests.factories import PlayerFactory
from tests.formats.builders import Club, win

pytestmark = pytest.mark.django_db


def night_swiss(players: int = 4, rounds: int = 3):
    """A Swiss of `players` started with round 1 left to a club night, the night open and all
    of them checked in."""
    club = Club(players)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=rounds)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = open_night(competition.pk, actor=club.organizer)
    for player in club.players:
        check_in(night.pk, actor=player.user)
    return club, competition, night


def first_match_of_a_night():
    """A night of four players checked in, its round 1 paired: the club, the night and the
    round's first match."""
    club, _competition, night = night_swiss(4)
    match = pair_night_round(night.pk, actor=club.organizer).matches.order_by("pk").first()
    return club, night, match


def play_round(competition, number) -> None:
    for match in competition.matches.filter(round__number=number, kind=Match.Kind.PLAYED):
        win(match, "A")


def entry_of(competition, name) -> Entry:
    return competition.entries.get(player__name=name)


# A walk-in ---------------------------------------------------------------------------------------


def test_a_club_player_not_entered_walks_in_entered_and_checked_in_at_once():
    club, competition, night = night_swiss()
    pair_night_round(night.pk, actor=club.organizer)
    visitor = PlayerFactory(club=club.club, name="Vera")
    found = walk_in(night.pk, actor=club.organizer, player_id=visitor.pk)
    assert found.entry.player == visitor and found.left_at is None
    assert found.entry.competition == competition and found.entry.entered_late_at is not None
    assert found.checked_in_by == club.organizer


def test_a_newcomer_is_added_to_the_club_entered_and_checked_in():
    club, _competition, night = night_swiss()
    found = walk_in(night.pk, actor=club.organizer, name="  Nina New ")
    assert Player.objects.get(club=club.club, name="Nina New") == found.entry.player
    assert CheckIn.objects.filter(night=night, entry__player__name="Nina New",
                                  left_at=None).exists()


def test_a_walk_in_is_paired_from_the_next_round_and_audited_as_a_late_entry():
    club, competition, night = night_swiss(4)
    pair_night_round(night.pk, actor=club.organizer)
    walk_in(night.pk, actor=club.organizer, name="Nina New")
    play_round(competition, 1)
    round_2 = pair_night_round(night.pk, actor=club.organizer)
    newcomer = entry_of(competition, "Nina New")
    assert newcomer.pk in {pk for m in round_2.matches.all() for pk in (m.entry_a_id, m.entry_b_id)}
    audit = AuditEntry.objects.filter(action=AuditEntry.Action.LATE_ENTRY,
                                      match__round=round_2)
    assert [a.comment for a in audit] == [
        "Nina New entered late: first paired in round 2, with 0 points."]


def test_a_player_absent_from_round_1_is_not_audited_as_a_late_entry():
    club = Club(5)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = open_night(competition.pk, actor=club.organizer)
    for player in club.players[:4]:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    check_in(night.pk, actor=club.players[4].user)  # came late, but was entered all along
    walk_in(night.pk, actor=club.organizer, name="Nina New")
    round_2 = pair_night_round(night.pk, actor=club.organizer)
    names = {a.comment.split(" entered")[0] for a in AuditEntry.objects.filter(
        action=AuditEntry.Action.LATE_ENTRY, match__round=round_2)}
    assert names == {"Nina New"}


def test_a_walk_in_into_a_swiss_with_no_round_left_is_refused_and_nothing_is_made():
    club, competition, night = night_swiss(4, rounds=1)
    pair_night_round(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="last round"):
        walk_in(night.pk, actor=club.organizer, name="Nina New")
    assert not Player.objects.filter(name="Nina New").exists()
    assert competition.entries.count() == 4


def test_a_walk_in_already_entered_is_refused():
    club, _competition, night = night_swiss()
    with pytest.raises(ServiceError, match="already entered"):
        walk_in(night.pk, actor=club.organizer, player_id=club.players[0].pk)


def test_a_walk_in_needs_a_player_or_a_name():
    club, _competition, night = night_swiss()
    with pytest.raises(ServiceError, match="give the newcomer's name"):
        walk_in(night.pk, actor=club.organizer, name="   ")


def test_only_an_organizer_enters_a_walk_in():
    club, _competition, night = night_swiss()
    with pytest.raises(NotAllowed):
        walk_in(night.pk, actor=club.players[0].user, name="Nina New")
    assert not Player.objects.filter(name="Nina New").exists()


def test_a_walk_in_at_a_closed_night_is_refused_and_nothing_is_made():
    club, competition, night = night_swiss()
    close_night(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="closed"):
        walk_in(night.pk, actor=club.organizer, name="Nina New")
    assert not Player.objects.filter(name="Nina New").exists()
    assert competition.entries.count() == 4


def test_a_walk_in_at_a_league_night_gets_his_fixtures_and_is_checked_in():
    club = Club(3)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    found = walk_in(night.pk, actor=club.organizer, name="Nina New")
    assert league.matches.filter(entry_a=found.entry).exists() or league.matches.filter(
        entry_b=found.entry).exists()
    assert found.left_at is None


# A walk-in entered by mistake ---------------------------------------------------------------------


def club_player_since_last_week(club, name: str) -> Player:
    player = PlayerFactory(club=club.club, name=name)
    Player.objects.filter(pk=player.pk).update(created_at=player.created_at - timedelta(days=7))
    return player


def test_a_club_player_walked_in_by_mistake_is_taken_out_and_stays_in_the_club():
    club, competition, night = night_swiss()
    wrong = club_player_since_last_week(club, "Vera Wrong")
    found = walk_in(night.pk, actor=club.organizer, player_id=wrong.pk)
    assert undo_walk_in(night.pk, found.entry.pk, actor=club.organizer) == ("Vera Wrong", False)
    assert not competition.entries.filter(player=wrong).exists()
    assert not CheckIn.objects.filter(night=night, entry__player=wrong).exists()
    assert Player.objects.filter(pk=wrong.pk).exists()
    assert walk_in(night.pk, actor=club.organizer, player_id=wrong.pk).entry.player == wrong


def test_a_newcomer_typed_wrong_is_taken_out_and_leaves_the_club():
    club, competition, night = night_swiss()
    found = walk_in(night.pk, actor=club.organizer, name="Jonh Smith")
    assert undo_walk_in(night.pk, found.entry.pk, actor=club.organizer) == ("Jonh Smith", True)
    assert not Player.objects.filter(club=club.club, name="Jonh Smith").exists()
    assert competition.entries.count() == 4


def test_a_walk_in_already_paired_is_not_taken_out():
    club, competition, night = night_swiss(3, rounds=2)
    found = walk_in(night.pk, actor=club.organizer, name="Nina New")
    pair_night_round(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="Nina New is paired already"):
        undo_walk_in(night.pk, found.entry.pk, actor=club.organizer)
    assert competition.entries.filter(pk=found.entry.pk).exists()


def test_a_player_entered_before_the_night_is_not_taken_out_as_a_walk_in():
    club, competition, night = night_swiss()
    entry = entry_of(competition, "P01")
    with pytest.raises(ServiceError, match="P01 was entered before tonight"):
        undo_walk_in(night.pk, entry.pk, actor=club.organizer)
    assert competition.entries.filter(pk=entry.pk).exists()


def test_only_an_organizer_takes_out_a_walk_in_and_only_at_an_open_night():
    club, competition, night = night_swiss()
    found = walk_in(night.pk, actor=club.organizer, name="Nina New")
    with pytest.raises(NotAllowed):
        undo_walk_in(night.pk, found.entry.pk, actor=club.players[0].user)
    close_night(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="closed"):
        undo_walk_in(night.pk, found.entry.pk, actor=club.organizer)
    assert competition.entries.filter(pk=found.entry.pk).exists()


# A leaver's unplayed match -----------------------------------------------------------------------


def test_a_leaver_with_his_match_unplayed_is_recorded_as_his_forfeit():
    club, night, match = first_match_of_a_night()
    check_out(night.pk, actor=match.entry_a.player.user)
    settle_left_match(night.pk, match.pk, actor=club.organizer, kind=Match.Kind.FORFEIT)
    match.refresh_from_db()
    assert (match.status, match.kind, match.winner_id) == (
        Match.Status.CONFIRMED, Match.Kind.FORFEIT, match.entry_b_id)
    assert "left the club night with the match unplayed: a forfeit" in (
        match.audit.get(action=AuditEntry.Action.FORFEIT).comment)


def test_both_players_gone_is_a_double_forfeit():
    club, night, match = first_match_of_a_night()
    check_out(night.pk, actor=match.entry_a.player.user)
    check_out(night.pk, actor=match.entry_b.player.user)
    settle_left_match(night.pk, match.pk, actor=club.organizer, kind=Match.Kind.NO_SHOW)
    match.refresh_from_db()
    assert (match.kind, match.winner_id) == (Match.Kind.DOUBLE_FORFEIT, None)


def test_a_match_whose_players_are_both_here_is_not_settled_as_a_leavers():
    club, night, match = first_match_of_a_night()
    with pytest.raises(ServiceError, match="Neither player"):
        settle_left_match(night.pk, match.pk, actor=club.organizer, kind=Match.Kind.FORFEIT)


def test_a_leavers_match_already_played_is_not_settled_again():
    club, night, match = first_match_of_a_night()
    win(match, "A")
    check_out(night.pk, actor=match.entry_a.player.user)
    with pytest.raises(ServiceError, match="no longer open"):
        settle_left_match(night.pk, match.pk, actor=club.organizer, kind=Match.Kind.FORFEIT)


def test_a_no_show_after_games_were_recorded_is_refused_with_the_forfeits_reason():
    from gameplay.engine import Ruleset
    from league.games.models import Game

    club, night, match = first_match_of_a_night()
    Game.objects.create(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100)
    check_out(night.pk, actor=match.entry_b.player.user)
    with pytest.raises(ServiceError, match="record a forfeit"):
        settle_left_match(night.pk, match.pk, actor=club.organizer, kind=Match.Kind.NO_SHOW)


def test_only_an_organizer_settles_a_leavers_match():
    _club, night, match = first_match_of_a_night()
    check_out(night.pk, actor=match.entry_a.player.user)
    with pytest.raises(NotAllowed):
        settle_left_match(night.pk, match.pk, actor=match.entry_b.player.user,
                          kind=Match.Kind.FORFEIT)


# After a night: the next round from every entry --------------------------------------------------


def test_after_a_night_the_swiss_waits_and_the_organizer_pairs_from_every_entry():
    club, competition, night = night_swiss(4)
    check_out(night.pk, actor=club.players[3].user)
    check_out(night.pk, actor=club.players[2].user)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    close_night(night.pk, actor=club.organizer)
    assert competition.rounds.count() == 1  # the Swiss waits for its next night
    round_2 = pair_from_every_entry(competition.pk, actor=club.organizer)
    paired = {pk for m in round_2.matches.all() for pk in (m.entry_a_id, m.entry_b_id) if pk}
    assert paired == set(competition.entries.values_list("pk", flat=True))
    assert round_2.night is None and not round_2.matches.exclude(table="").exists()
    play_round(competition, 2)
    assert competition.rounds.count() == 3  # and it pairs itself again, as before nights


def test_pairing_from_every_entry_audits_a_walk_in_but_not_a_player_absent_at_the_night():
    club = Club(5)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = open_night(competition.pk, actor=club.organizer)
    for player in club.players[:4]:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    walk_in(night.pk, actor=club.organizer, name="Nina New")
    play_round(competition, 1)
    close_night(night.pk, actor=club.organizer)
    round_2 = pair_from_every_entry(competition.pk, actor=club.organizer)
    audited = [a.comment for a in AuditEntry.objects.filter(
        action=AuditEntry.Action.LATE_ENTRY, match__round=round_2)]
    assert audited == ["Nina New entered late: first paired in round 2, with 0 points."]


def test_pairing_from_every_entry_while_a_night_is_open_is_refused():
    club, competition, _night = night_swiss(4)
    with pytest.raises(ServiceError, match="A club night is open"):
        pair_from_every_entry(competition.pk, actor=club.organizer)


def test_pairing_from_every_entry_waits_for_the_round_to_be_finished():
    club, competition, night = night_swiss(4)
    pair_night_round(night.pk, actor=club.organizer)
    close_night(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="Round 1 is not finished"):
        pair_from_every_entry(competition.pk, actor=club.organizer)


def test_after_pairing_from_every_entry_a_night_pairs_again():
    club, competition, night = night_swiss(4)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    close_night(night.pk, actor=club.organizer)
    pair_from_every_entry(competition.pk, actor=club.organizer)
    play_round(competition, 2)
    assert competition.rounds.count() == 3
    next_night = open_night(competition.pk, actor=club.organizer)
    assert next_night.is_open


# The pages ---------------------------------------------------------------------------------------


def test_the_organizer_enters_a_walk_in_from_the_night_page(client):
    club, _competition, night = night_swiss(4)
    visitor = PlayerFactory(club=club.club, name="Vera Visitor")
    client.force_login(club.organizer)
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "A walk-in" in page and "Vera Visitor</option>" in page
    response = client.post(reverse("club-night-walk-in", args=[night.pk]),
                           {"player": str(visitor.pk)}, follow=True)
    page = response.content.decode()
    assert "Vera Visitor is entered and checked in: paired from the next round." in page
    assert CheckIn.objects.filter(night=night, entry__player=visitor).exists()
    response = client.post(reverse("club-night-walk-in", args=[night.pk]),
                           {"name": "Nina New"}, follow=True)
    assert "Nina New is entered and checked in" in response.content.decode()


def test_a_refused_walk_in_is_a_message_on_the_night_page(client):
    club, _competition, night = night_swiss(4, rounds=1)
    client.force_login(club.organizer)
    response = client.post(reverse("club-night-walk-in", args=[night.pk]), {"name": ""})
    assert response.status_code == 422
    assert "give the newcomer&#x27;s name" in response.content.decode()
    response = client.post(reverse("club-night-walk-in", args=[night.pk]),
                           {"player": "abc", "name": "X"})
    assert response.status_code == 422
    pair_night_round(night.pk, actor=club.organizer)
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "The Swiss is in its last round: a late entry would play no match." in page
    assert "Enter and check in" not in page


def test_a_refused_walk_in_keeps_what_was_typed_beside_the_walk_in_form(client):
    club, _competition, night = night_swiss(4)
    visitor = club_player_since_last_week(club, "Vera Visitor")
    client.force_login(club.organizer)
    response = client.post(reverse("club-night-walk-in", args=[night.pk]),
                           {"player": str(visitor.pk), "name": "Nina New"})
    assert response.status_code == 422
    form = response.content.decode().split('id="walk-in"')[1].split("</form>")[0]
    assert "Choose a player of the club or give a new name, not both." in form
    assert f'<option value="{visitor.pk}" selected>Vera Visitor</option>' in form
    assert 'value="Nina New"' in form
    response = client.post(reverse("club-night-walk-in", args=[night.pk]), {"name": "P01"})
    form = response.content.decode().split('id="walk-in"')[1].split("</form>")[0]
    assert response.status_code == 422 and 'value="P01"' in form
    assert "P01" in form.split('id="walk-in-name"')[1].split("</div>")[0]  # the name's error


def test_the_organizer_takes_out_a_walk_in_from_the_night_page(client):
    club, competition, night = night_swiss(4)
    client.force_login(club.organizer)
    client.post(reverse("club-night-walk-in", args=[night.pk]), {"name": "Jonh Smith"})
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "Take out Jonh Smith" in page and "5 present of 5 entered" in page
    entry = entry_of(competition, "Jonh Smith")
    response = client.post(reverse("club-night-walk-in-undo", args=[night.pk]),
                           {"entry": str(entry.pk)}, follow=True)
    page = response.content.decode()
    assert ("Jonh Smith is taken out again: not entered, not checked in, and no longer a player "
            "of the club (added tonight).") in page
    assert "Take out" not in page and "4 present of 4 entered" in page


def test_a_withdrawn_player_is_not_counted_as_entered_at_the_night(client):
    club, competition, night = night_swiss(4)
    withdraw_entry(entry_of(competition, "P04").pk, actor=club.organizer)
    client.force_login(club.organizer)
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert "3 present of 3 entered" in page


def test_the_night_page_tells_the_organizer_who_left_with_a_match_unplayed(client):
    club, night, match = first_match_of_a_night()
    gone, other = match.entry_a.player.name, match.entry_b.player.name
    check_out(night.pk, actor=match.entry_a.player.user)
    client.force_login(club.organizer)
    url = reverse("club-night", args=[night.pk])
    page = client.get(url).content.decode()
    assert f"{gone} left with the match of Round 1 against {other} unplayed." in page
    assert f"A forfeit by {gone}" in page and f"A no-show by {gone}" in page
    client.force_login(match.entry_b.player.user)
    assert "unplayed" not in client.get(url).content.decode()  # the organizer's business
    client.force_login(club.organizer)
    response = client.post(reverse("club-night-left-match", args=[night.pk, match.pk]),
                           {"kind": "no_show"}, follow=True)
    page = response.content.decode()
    assert f"Recorded as a no-show: {gone} v {other}." in page and "unplayed." not in page
    match.refresh_from_db()
    assert (match.kind, match.winner_id) == (Match.Kind.NO_SHOW, match.entry_b_id)


def test_a_bad_choice_for_a_leavers_match_is_a_message(client):
    club, night, match = first_match_of_a_night()
    client.force_login(club.organizer)
    response = client.post(reverse("club-night-left-match", args=[night.pk, match.pk]),
                           {"kind": "walkover"})
    assert response.status_code == 422 and "Choose a forfeit or a no-show." in (
        response.content.decode())
    response = client.post(reverse("club-night-left-match", args=[night.pk, match.pk]),
                           {"kind": "forfeit"})
    assert response.status_code == 422 and "Neither player of that match has left" in (
        response.content.decode())


def test_the_organizers_page_says_the_swiss_waits_for_a_night_and_pairs_from_every_entry(
        client):
    club, competition, night = night_swiss(4)
    url = reverse("organizer-matches", args=[competition.pk])
    client.force_login(club.organizer)
    page = client.get(url).content.decode()
    assert "A club night is open: round 1 is paired on the night&#x27;s page" in page
    assert "from every entry now" not in page
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    close_night(night.pk, actor=club.organizer)
    page = client.get(url).content.decode()
    assert "This Swiss is paired at club nights: round 2 waits for the next night" in page
    assert "Pair round 2 from every entry now" in page and "Open a club night now" in page
    response = client.post(reverse("swiss-pair-every-entry", args=[competition.pk]), follow=True)
    page = response.content.decode()
    assert "Round 2 is paired from every entry." in page
    assert "This Swiss pairs itself: round 3 is paired from every active entry" in page
    assert competition.rounds.get(number=2).night is None


def test_pairing_from_every_entry_refused_is_a_message_on_the_organizers_page(client):
    club, competition, _night = night_swiss(4)
    client.force_login(club.organizer)
    response = client.post(reverse("swiss-pair-every-entry", args=[competition.pk]))
    assert response.status_code == 422
    assert "A club night is open" in response.content.decode()


def test_a_league_leaver_with_his_seated_fixture_unplayed_is_listed_and_settled(client):
    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    for player in club.players:
        check_in(night.pk, actor=player.user)
    pair_night_round(night.pk, actor=club.organizer)
    seated = league.matches.exclude(table="").order_by("table").first()
    check_out(night.pk, actor=seated.entry_b.player.user)
    client.force_login(club.organizer)
    page = client.get(reverse("club-night", args=[night.pk])).content.decode()
    assert (f"{seated.entry_b.player.name} left with the match of Round 1 against "
            f"{seated.entry_a.player.name} unplayed.") in page
    settle_left_match(night.pk, seated.pk, actor=club.organizer, kind=Match.Kind.NO_SHOW)
    seated.refresh_from_db()
    assert (seated.kind, seated.winner_id) == (Match.Kind.NO_SHOW, seated.entry_a_id)
