"""A player reads his statistics and the club's records on a phone (390x844) and a laptop
(1280x900): nothing wider than the screen, the figures and their definitions on the page."""

from __future__ import annotations

import pytest

from league.clubs.models import Player
from league.competitions.models import Competition
from league.games.models import Hand
from league.stats.summaries import refresh
from tests.formats.builders import Club
from tests.services.test_statistics import ANN_BEATS_P02, P03_SHUTS_ANN_OUT, match_of, play

from .conftest import screenshot
from .test_phone_layout import fits

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.follow_ups]


def played_club():
    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    play(match_of(league, club, 1, 2), ANN_BEATS_P02)
    play(match_of(league, club, 1, 3), P03_SHUTS_ANN_OUT)
    play(match_of(league, club, 1, 4), ANN_BEATS_P02)
    play(match_of(league, club, 2, 3), P03_SHUTS_ANN_OUT, subject=2)
    # One big gin of hers played on the app's table, on her first turn: its log says so.
    big_gin = Hand.objects.filter(game__match=match_of(league, club, 1, 2), outcome="big_gin").get()
    me, other = big_gin.knocker, "B" if big_gin.knocker == "A" else "A"
    Hand.objects.filter(pk=big_gin.pk).update(event_log=[
        {"type": "draw", "seat": other, "source": "stock"},
        {"type": "discard", "seat": other, "card": "KS"},
        {"type": "draw", "seat": me, "source": "discard"}, {"type": "big_gin", "seat": me}])
    refresh([p.pk for p in club.players], club.season)
    Player.objects.filter(pk=club.players[0].pk).update(name="Annabel Fitzwilliam-Oyelaran")
    Player.objects.filter(pk=club.players[2].pk).update(name="Maximiliana Bartholomew")
    return club


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_player_reads_his_numbers_on_a_phone_and_a_laptop(site, language):
    club = played_club()
    headings = {"en": ("Head to head", "Longest unbeaten run", "Statistics"),
                "es": ("Cara a cara", "Racha invicta más larga", "Estadísticas")}[language]
    for phone in (True, False):
        size = "phone" if phone else "laptop"
        page = site.open(phone=phone)
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": site.url}])
        page.goto(f"/players/{club.players[0].pk}/")
        screenshot(page, f"stats-player-page-{language}-{size}")
        assert fits(page)
        assert page.get_by_role("heading", name=headings[2], exact=True).is_visible()
        page.goto(f"/players/{club.players[0].pk}/statistics/")
        screenshot(page, f"stats-player-{language}-{size}")
        assert fits(page)
        assert page.get_by_role("heading", name=headings[0]).is_visible()
        page.goto(f"/clubs/{club.club.slug}/records/?min_hands=1")
        screenshot(page, f"stats-records-{language}-{size}")
        assert fits(page)
        assert page.get_by_role("heading", name=headings[1]).is_visible()


def test_the_statistics_in_english_name_the_last_matches(site):
    club = played_club()
    for phone in (True, False):
        page = site.open(phone=phone)
        page.goto(f"/players/{club.players[0].pk}/statistics/")
        assert page.get_by_role("img", name="Last 3 matches").is_visible()


def test_the_series_standings_and_its_form_on_a_phone_and_a_laptop(site):
    from league.stats.services import SeriesSettings, create_series
    from tests.services.test_points_series import C1, C2, play_out

    club = Club(4)
    first = play_out(club.competition(Competition.Format.LEAGUE, name="Autumn league"), club, C1)
    second = play_out(club.competition(Competition.Format.LEAGUE, name="Winter league"), club, C2)
    series = create_series(club.season.pk, SeriesSettings(
        "Order of merit", "placing", [first.pk, second.pk], [10, 6, 5, 1], best_of=1),
        actor=club.organizer)
    for phone in (True, False):
        page = site.open(phone=phone)
        site.sign_in(page, club.organizer.username)
        page.goto(f"/series/{series.pk}/")
        screenshot(page, f"series-{'phone' if phone else 'laptop'}")
        assert fits(page)
        assert page.get_by_role("cell", name="(5)").first.is_visible() or phone
        page.goto(f"/seasons/{club.season.pk}/series/new/")
        screenshot(page, f"series-new-{'phone' if phone else 'laptop'}")
        assert fits(page)
