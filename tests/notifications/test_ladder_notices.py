"""A ladder's notices: the challenged player learns who challenged them and by when; both
players learn how a challenge ended (won, held, forfeited at its deadline) and who moved where,
and each player moved down by the challenger taking a place learns it once; the day before the
deadline both are reminded. Times are in the club's zone."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail

from league.competitions.ladders.services import challenge
from league.competitions.models import Competition, Match
from league.competitions.tasks import forfeit_overdue_challenges
from league.notifications.models import Channel, Kind, Notification, Preference
from league.notifications.tasks import periodic
from tests.formats.builders import Club, committed, win

pytestmark = pytest.mark.django_db

ISSUED = datetime(2026, 12, 8, 9, 0, tzinfo=UTC)  # 20:00 in Sydney (AEDT)
DEADLINE = ISSUED + timedelta(days=7)


@pytest.fixture
def ladder() -> Competition:
    club = Club(4)
    club.club.time_zone = "Australia/Sydney"
    club.club.save(update_fields=["time_zone"])
    with committed():
        competition = club.competition(Competition.Format.LADDER, ladder_reach=2, ladder_days=7)
    return competition


def entry(ladder: Competition, name: str):
    return ladder.entries.select_related("player__user").get(player__name=name)


def user(ladder: Competition, name: str):
    return entry(ladder, name).player.user


def challenged(ladder: Competition):
    """P03 challenges P01, on ISSUED."""
    with time_machine.travel(ISSUED, tick=False), committed():
        return challenge(ladder.pk, entry(ladder, "P01").pk, actor=user(ladder, "P03"))


def told(who, kind=None) -> list[Notification]:
    rows = Notification.objects.filter(user=who).order_by("pk")
    return list(rows.filter(kind=kind) if kind else rows)


def test_the_challenged_player_learns_who_challenged_and_by_when(ladder):
    made = challenged(ladder)
    [notice] = told(user(ladder, "P01"))
    assert notice.kind == Kind.LADDER_CHALLENGED
    assert notice.text == ("P03 (3rd) challenges you (1st) on Test ladder. Play by Tue 15 Dec "
                           "2026, 20:00 (Australia/Sydney), or the challenge is forfeited and "
                           "P03 takes your place.")
    assert notice.link == made.match.get_absolute_url()
    # The challenge's match and round are told as the challenge, not again as ready or paired.
    assert told(user(ladder, "P03")) == [] and told(user(ladder, "P02")) == []


def test_a_challenger_who_wins_and_the_challenged_both_learn_who_moved_where(ladder):
    made = challenged(ladder)
    win(made.match, "B")  # seat B is the challenger
    text = ("P03 beat P01 in their challenge on Test ladder. Now: P01 1st → 2nd, "
            "P02 2nd → 3rd, P03 3rd → 1st.")
    for name in ("P01", "P03"):
        assert [n.text for n in told(user(ladder, name), Kind.LADDER_SETTLED)] == [text]
    assert told(user(ladder, "P02"), Kind.LADDER_SETTLED) == []


def test_each_player_a_winning_challenger_moves_down_is_told_once_from_where_to_where(ladder):
    made = challenged(ladder)
    win(made.match, "B")
    with time_machine.travel(ISSUED + timedelta(days=1), tick=False):
        periodic()  # the periodic task tells again of the challenges just settled: nobody twice
    [notice] = told(user(ladder, "P02"))
    assert notice.kind == Kind.LADDER_MOVED_DOWN
    assert notice.text == ("P03 beat P01 and took 1st place on Test ladder: you move from 2nd "
                           "to 3rd.")
    assert notice.link == ladder.get_absolute_url()
    # The two players of the challenge learn it as their challenge; the player below, unmoved,
    # learns nothing.
    for name in ("P01", "P03", "P04"):
        assert told(user(ladder, name), Kind.LADDER_MOVED_DOWN) == []
    assert told(user(ladder, "P04")) == []


def test_a_player_who_held_moves_nobody_down(ladder):
    made = challenged(ladder)
    win(made.match, "A")
    assert not Notification.objects.filter(kind=Kind.LADDER_MOVED_DOWN).exists()


def test_a_challenged_player_who_holds_is_told_nobody_moved(ladder):
    made = challenged(ladder)
    win(made.match, "A")
    [notice] = told(user(ladder, "P03"), Kind.LADDER_SETTLED)
    assert notice.text == ("P01 held against P03's challenge on Test ladder: the places stay "
                           "as they were.")
    assert notice.link == ladder.get_absolute_url()


def test_a_challenge_not_played_by_its_deadline_is_told_forfeited(ladder):
    challenged(ladder)
    for _ in range(2):  # the forfeit task runs hourly: told once
        with time_machine.travel(DEADLINE + timedelta(minutes=5), tick=False), committed():
            forfeit_overdue_challenges.delay()
    text = ("P01 did not play P03's challenge on Test ladder by Tue 15 Dec 2026, 20:00 "
            "(Australia/Sydney): it is forfeited. Now: P01 1st → 2nd, P02 2nd → 3rd, "
            "P03 3rd → 1st.")
    for name in ("P01", "P03"):
        assert [n.text for n in told(user(ladder, name), Kind.LADDER_SETTLED)] == [text]
    [moved] = told(user(ladder, "P02"), Kind.LADDER_MOVED_DOWN)
    assert moved.text == ("P01 did not play P03's challenge by Tue 15 Dec 2026, 20:00 "
                          "(Australia/Sydney), so P03 took 1st place on Test ladder: you move "
                          "from 2nd to 3rd.")


def test_a_player_moved_down_who_chose_nothing_is_not_told(ladder):
    Preference.objects.create(user=user(ladder, "P02"), kind=Kind.LADDER_MOVED_DOWN,
                              channel=Channel.NOTHING)
    made = challenged(ladder)
    win(made.match, "B")
    assert told(user(ladder, "P02")) == []


def test_both_players_are_reminded_once_the_day_before_the_deadline(ladder):
    challenged(ladder)
    with time_machine.travel(DEADLINE - timedelta(hours=25), tick=False):
        periodic()
    assert Notification.objects.filter(kind=Kind.DEADLINE_NEAR).count() == 0
    for hours in (23, 22, 1):
        with time_machine.travel(DEADLINE - timedelta(hours=hours), tick=False):
            periodic()
    [to_challenged] = told(user(ladder, "P01"), Kind.DEADLINE_NEAR)
    [to_challenger] = told(user(ladder, "P03"), Kind.DEADLINE_NEAR)
    assert to_challenged.text == ("Reminder: play P03's challenge on Test ladder by Tue 15 Dec "
                                  "2026, 20:00 (Australia/Sydney), or it is forfeited and P03 "
                                  "takes your place.")
    assert to_challenger.text.startswith("Reminder: P01 has until Tue 15 Dec 2026, 20:00 "
                                         "(Australia/Sydney) to play your challenge")


def test_a_challenge_whose_games_started_is_not_reminded(ladder):
    made = challenged(ladder)
    Match.objects.filter(pk=made.match_id).update(status=Match.Status.IN_PROGRESS)
    with time_machine.travel(DEADLINE - timedelta(hours=2), tick=False):
        periodic()
    assert not Notification.objects.filter(kind=Kind.DEADLINE_NEAR).exists()


@pytest.mark.parametrize(("channel", "site", "mails"), [
    (Channel.NOTHING, 0, 0), (Channel.IN_APP, 1, 0), (Channel.EMAIL, 1, 1)])
def test_the_players_choice_is_kept(ladder, channel, site, mails):
    p01 = user(ladder, "P01")
    Preference.objects.create(user=p01, kind=Kind.LADDER_CHALLENGED, channel=channel)
    challenged(ladder)
    assert len(told(p01, Kind.LADDER_CHALLENGED)) == site
    sent = [m for m in mail.outbox if m.to == [p01.email]]
    assert len(sent) == mails
    if mails:
        assert "Stop these mails with one click: http" in sent[0].body


def test_a_challenge_whose_task_was_lost_is_told_by_the_periodic_task(ladder, monkeypatch):
    from league.notifications import tasks

    monkeypatch.setattr(tasks.notify_ladder_challenge, "delay",
                        lambda *_: (_ for _ in ()).throw(ConnectionError("broker down")))
    challenged(ladder)  # the challenge stands, nobody told yet
    assert told(user(ladder, "P01")) == []
    for minutes in (30, 60):
        with time_machine.travel(ISSUED + timedelta(minutes=minutes), tick=False):
            periodic()
    assert [n.kind for n in told(user(ladder, "P01"))] == [Kind.LADDER_CHALLENGED]
