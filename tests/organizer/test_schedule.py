"""Schedules in the club's time zone: round dates, a match's time set by the organizer or
proposed by one player and accepted by the other, and overdue matches flagged for the organizer
with what he can do about them (extend, forfeit, double forfeit)."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from league.competitions.base.dates import deadline_of, is_overdue
from league.competitions.models import AuditEntry, Match
from league.competitions.results.services import confirm_result, report_result
from league.competitions.schedule.services import accept_time, propose_time, set_match_time
from league.core.errors import NotAllowed, ServiceError
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
    decided_match,
    finished_game,
)

pytestmark = pytest.mark.django_db
PACIFIC, SYDNEY = "America/Los_Angeles", "Australia/Sydney"


def organized(zone: str):
    club = ClubFactory(time_zone=zone)
    organizer = UserFactory()
    club.organizers.add(organizer)
    return CompetitionFactory(season=SeasonFactory(club=club)), organizer


@pytest.mark.parametrize("zone, utc_end", [(PACIFIC, datetime(2025, 5, 2, 7, tzinfo=UTC)),
                                           (SYDNEY, datetime(2025, 5, 1, 14, tzinfo=UTC))])
def test_a_play_by_date_ends_at_midnight_in_the_club_zone(zone, utc_end):
    competition, _ = organized(zone)
    match = MatchFactory(competition=competition,
                         round=RoundFactory(competition=competition, play_by=date(2025, 5, 1)))
    assert deadline_of(match, competition.season.club) == utc_end
    assert not is_overdue(match, competition.season.club, utc_end - timedelta(seconds=1))
    assert is_overdue(match, competition.season.club, utc_end)


def test_a_confirmed_match_is_never_overdue():
    competition, _ = organized(SYDNEY)
    match = MatchFactory(competition=competition, status=Match.Status.CONFIRMED,
                         round=RoundFactory(competition=competition, play_by=date(2020, 1, 1)))
    assert not is_overdue(match, competition.season.club)


def test_one_player_proposes_and_the_other_accepts():
    competition, _ = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    at = timezone.now() + timedelta(days=3)
    propose_time(match.pk, actor=match.entry_a.player.user, at=at)
    with pytest.raises(ServiceError, match="your opponent accepts"):
        accept_time(match.pk, actor=match.entry_a.player.user)
    with pytest.raises(NotAllowed):
        accept_time(match.pk, actor=UserFactory())
    accept_time(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    assert (match.scheduled_at, match.proposed_at, match.schedule_sequence) == (at, None, 1)
    actions = list(match.audit.order_by("pk").values_list("action", flat=True))
    assert actions == [AuditEntry.Action.TIME_PROPOSED, AuditEntry.Action.TIME_ACCEPTED]


def test_only_an_organizer_sets_the_time_and_a_past_proposal_is_refused():
    competition, organizer = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    with pytest.raises(NotAllowed):
        set_match_time(match.pk, actor=match.entry_a.player.user, at=timezone.now(), table="2")
    with pytest.raises(ServiceError, match="still to come"):
        propose_time(match.pk, actor=match.entry_a.player.user,
                     at=timezone.now() - timedelta(hours=1))
    set_match_time(match.pk, actor=organizer, at=None, table="7")
    match.refresh_from_db()
    assert match.table == "7" and match.schedule_sequence == 1


def test_a_time_typed_on_the_match_page_is_the_club_wall_time(client):
    competition, organizer = organized(SYDNEY)
    match = MatchFactory(competition=competition)
    client.force_login(organizer)
    response = client.post(reverse("match-set-time", args=[match.pk]),
                           {"time-at": "2025-08-01T19:30", "time-table": "3"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.scheduled_at == datetime(2025, 8, 1, 19, 30, tzinfo=ZoneInfo(SYDNEY))
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Friday 1 August 2025, 19:30" in html and SYDNEY in html and "Table <strong>3" in html


def test_the_history_says_the_time_and_table_before_and_after_in_the_club_zone(client):
    competition, organizer = organized(SYDNEY)
    match = MatchFactory(competition=competition)
    set_match_time(match.pk, actor=organizer, at=datetime(2025, 8, 1, 9, 30, tzinfo=UTC),
                   table="3")
    set_match_time(match.pk, actor=organizer, at=datetime(2025, 8, 2, 9, 0, tzinfo=UTC), table="")
    client.force_login(organizer)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "no time set, no table" in html
    assert "at 1 Aug 2025, 19:30, table 3" in html  # 09:30 UTC is 19:30 in Sydney
    assert "at 2 Aug 2025, 19:00, no table" in html


def test_a_player_proposes_on_the_match_page_and_the_opponent_sees_accept(client):
    competition, _ = organized(PACIFIC)
    match = MatchFactory(competition=competition)
    when = (timezone.now() + timedelta(days=5)).astimezone(ZoneInfo(PACIFIC))
    client.force_login(match.entry_a.player.user)
    typed = when.strftime("%Y-%m-%dT%H:%M")
    assert client.post(reverse("match-propose-time", args=[match.pk]),
                       {"propose-at": typed}).status_code == 302
    client.force_login(match.entry_b.player.user)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Accept this time" in html and when.strftime("%H:%M") in html
    assert client.post(reverse("match-accept-time", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.scheduled_at.astimezone(ZoneInfo(PACIFIC)).strftime("%Y-%m-%dT%H:%M") == typed


def test_a_reported_match_takes_no_new_time():
    match = decided_match()
    report_result(match.pk, actor=match.entry_a.player.user)
    with pytest.raises(ServiceError, match="reported, awaiting confirmation: a time is agreed only"):
        propose_time(match.pk, actor=match.entry_b.player.user,
                     at=timezone.now() + timedelta(days=2))
    match.refresh_from_db()
    assert match.proposed_at is None


def proposed_before_the_game(match: Match) -> None:
    """A time side A proposed before the match's games began (a proposal is refused after)."""
    Match.objects.filter(pk=match.pk).update(proposed_at=timezone.now() + timedelta(days=2),
                                             proposed_by=match.entry_a)


def test_a_time_proposed_before_the_result_is_reported_is_no_longer_accepted():
    match = decided_match()
    proposed_before_the_game(match)
    report_result(match.pk, actor=match.entry_a.player.user)
    with pytest.raises(ServiceError, match="still to be played"):
        accept_time(match.pk, actor=match.entry_b.player.user)
    match.refresh_from_db()
    assert (match.scheduled_at, match.schedule_sequence) == (None, 0)


@pytest.mark.parametrize("status", [s for s in Match.Status if s not in Match.OPEN_FOR_PLAY])
def test_a_time_is_agreed_only_while_the_match_is_open_for_play(status):
    match = MatchFactory(status=status, proposed_at=timezone.now() + timedelta(days=2))
    match.proposed_by = match.entry_a
    match.save(update_fields=["proposed_by"])
    with pytest.raises(ServiceError, match="still to be played"):
        propose_time(match.pk, actor=match.entry_a.player.user,
                     at=timezone.now() + timedelta(days=3))
    with pytest.raises(ServiceError, match="still to be played"):
        accept_time(match.pk, actor=match.entry_b.player.user)
    assert not match.audit.exists()


def shows_a_time_to_agree(html: str) -> bool:
    return any(text in html for text in ("proposes", "Accept this time", 'id="propose-form"'))


def test_a_reported_or_confirmed_match_page_offers_no_time_and_shows_no_proposal(client):
    match = decided_match()
    proposed_before_the_game(match)
    opponent = match.entry_b.player.user
    client.force_login(opponent)
    page = reverse("match", args=[match.pk])
    assert shows_a_time_to_agree(client.get(page).content.decode())
    report_result(match.pk, actor=match.entry_a.player.user)
    assert not shows_a_time_to_agree(client.get(page).content.decode())
    confirm_result(match.pk, actor=opponent)
    assert not shows_a_time_to_agree(client.get(page).content.decode())


def test_proposing_a_time_for_a_reported_match_is_refused_on_the_page(client):
    match = decided_match()
    report_result(match.pk, actor=match.entry_a.player.user)
    client.force_login(match.entry_b.player.user)
    typed = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(reverse("match-propose-time", args=[match.pk]), {"propose-at": typed})
    assert response.status_code == 422
    assert "a time is agreed only while it is still to be played" in response.content.decode()
    assert client.post(reverse("match-accept-time", args=[match.pk])).status_code == 422


def overdue_match(zone=SYDNEY):
    competition, organizer = organized(zone)
    round_ = RoundFactory(competition=competition, play_by=date.today() - timedelta(days=3))
    return MatchFactory(competition=competition, round=round_), organizer


def test_the_organizer_page_flags_an_overdue_match_with_its_choices(client):
    match, organizer = overdue_match()
    on_time = MatchFactory(competition=match.competition, round=RoundFactory(
        competition=match.competition, play_by=date.today() + timedelta(days=3)))
    client.force_login(organizer)
    html = client.get(reverse("organizer-matches", args=[match.competition_id])).content.decode()
    assert f'id="overdue-{match.pk}"' in html and f'id="overdue-{on_time.pk}"' not in html
    for choice in ("Extend to a new date", "Double forfeit: nobody wins",
                   f"Forfeit: {match.entry_a.player.name} conceded"):
        assert choice in html


def test_extending_an_overdue_match_gives_it_a_new_date(client):
    match, organizer = overdue_match()
    client.force_login(organizer)
    later = date.today() + timedelta(days=7)
    response = client.post(reverse("match-overdue", args=[match.pk]),
                           {f"o{match.pk}-choice": "extend", f"o{match.pk}-play_by": str(later)})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.play_by == later and not is_overdue(match, match.competition.season.club)


def test_extending_without_a_date_is_refused_next_to_the_field(client):
    match, organizer = overdue_match()
    client.force_login(organizer)
    response = client.post(reverse("match-overdue", args=[match.pk]),
                           {f"o{match.pk}-choice": "extend"})
    assert response.status_code == 422
    assert "Give the new play-by date." in response.content.decode()


@pytest.mark.parametrize("choice, kind", [("A", Match.Kind.FORFEIT),
                                          ("both", Match.Kind.DOUBLE_FORFEIT)])
def test_a_forfeit_or_double_forfeit_of_an_overdue_match_is_confirmed(client, choice, kind):
    match, organizer = overdue_match()
    client.force_login(organizer)
    response = client.post(reverse("match-overdue", args=[match.pk]),
                           {f"o{match.pk}-choice": choice})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.kind) == (Match.Status.CONFIRMED, kind)
    assert match.winner_id == (match.entry_b_id if choice == "A" else None)


def test_a_player_cannot_act_on_an_overdue_match(client):
    match, _ = overdue_match()
    client.force_login(match.entry_a.player.user)
    response = client.post(reverse("match-overdue", args=[match.pk]),
                           {f"o{match.pk}-choice": "both"})
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_round_dates_are_saved_and_a_play_by_before_the_start_is_refused(client):
    competition, organizer = organized(PACIFIC)
    round_ = RoundFactory(competition=competition)
    client.force_login(organizer)
    url = reverse("round-dates", args=[round_.pk])
    bad = client.post(url, {f"r{round_.pk}-starts_on": "2025-05-10",
                            f"r{round_.pk}-play_by": "2025-05-01"})
    assert bad.status_code == 422 and "cannot be before the start" in bad.content.decode()
    good = client.post(url, {f"r{round_.pk}-starts_on": "2025-05-01",
                             f"r{round_.pk}-play_by": "2025-05-10"})
    assert good.status_code == 302
    round_.refresh_from_db()
    assert (round_.starts_on, round_.play_by) == (date(2025, 5, 1), date(2025, 5, 10))


def test_home_lists_my_matches_at_their_club_times_soonest_first(client):
    pacific, _ = organized(PACIFIC)
    sydney, _ = organized(SYDNEY)
    me = UserFactory()
    moment = datetime(2030, 3, 15, 2, tzinfo=UTC)  # Thu 19:00 in Los Angeles, Fri 13:00 Sydney
    in_sydney = EntryFactory(competition=sydney,
                             player=PlayerFactory(club=sydney.season.club, user=me))
    untimed = MatchFactory(competition=sydney, entry_a=in_sydney)
    MatchFactory(competition=pacific, entry_a__player__user=me, scheduled_at=moment, table="9")
    MatchFactory(competition=sydney, entry_a=in_sydney, scheduled_at=moment + timedelta(days=1))
    client.force_login(me)
    html = client.get(reverse("home")).content.decode()
    la = html.index(f"Thu 14 Mar, 19:00 ({PACIFIC}), table 9")
    syd = html.index(f"Sat 16 Mar, 13:00 ({SYDNEY})")
    assert la < syd < html.index(f'href="/matches/{untimed.pk}/"')


def test_a_time_is_proposed_only_before_the_first_game_starts(client):
    match = MatchFactory(status=Match.Status.SCHEDULED)
    client.force_login(match.entry_a.player.user)
    page = reverse("match", args=[match.pk])
    assert 'id="propose-form"' in client.get(page).content.decode()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    assert 'id="propose-form"' not in client.get(page).content.decode()


def test_weekly_dates_date_every_round_a_week_apart_from_the_first(client):
    competition, organizer = organized(PACIFIC)
    rounds = [RoundFactory(competition=competition, number=n) for n in (1, 2, 3)]
    client.force_login(organizer)
    url = reverse("competition-weekly-dates", args=[competition.pk])
    response = client.post(url, {"weekly-first": "2025-05-05"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith("?schedule=open#schedule-h")
    for number, round_ in enumerate(rounds):
        round_.refresh_from_db()
        starts = date(2025, 5, 5) + timedelta(weeks=number)
        assert (round_.starts_on, round_.play_by) == (starts, starts + timedelta(days=6))
    html = client.get(response.headers["Location"]).content.decode()
    assert "The dates of 3 rounds are saved, a week apart from 5 May 2025." in html
    assert '<details class="card schedule" open>' in html
    # any round may still be changed after
    changed = client.post(reverse("round-dates", args=[rounds[1].pk]),
                          {f"r{rounds[1].pk}-starts_on": "2025-05-13",
                           f"r{rounds[1].pk}-play_by": "2025-05-20"})
    assert changed.headers["Location"].endswith(f"?schedule=open#round-{rounds[1].pk}")
    rounds[1].refresh_from_db()
    assert rounds[1].play_by == date(2025, 5, 20)


def test_weekly_dates_without_a_first_date_are_refused_next_to_the_field(client):
    competition, organizer = organized(PACIFIC)
    round_ = RoundFactory(competition=competition)
    client.force_login(organizer)
    response = client.post(reverse("competition-weekly-dates", args=[competition.pk]),
                           {"weekly-first": ""})
    assert response.status_code == 422
    assert response.context["weekly_form"].errors["first"] == [
        "Give the date the first round starts on."]
    round_.refresh_from_db()
    assert round_.starts_on is None


def test_a_time_proposed_once_a_game_has_begun_is_refused_and_nothing_changes():
    match = MatchFactory(status=Match.Status.SCHEDULED)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    with pytest.raises(ServiceError) as refused:
        propose_time(match.pk, actor=match.entry_a.player.user,
                     at=timezone.now() + timedelta(days=2))
    assert "has begun" in str(refused.value)
    match.refresh_from_db()
    assert match.proposed_at is None
