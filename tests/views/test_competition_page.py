"""The competition page: the league table with the tiebreak that separated each tie, the
knockout drawn as a bracket (rounds as columns, byes, winners, links to the matches; winners',
losers' and finals sections in double elimination), Swiss standings with the rounds' pairings,
and the fixtures filtered by round (an htmx partial; plain links without JavaScript)."""

import re

import pytest
from django.test import TestCase
from django.urls import reverse

from gameplay.engine import Ruleset
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Game
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory, UserFactory, game_played

pytestmark = pytest.mark.django_db
NAMES = ("Ada", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal")


def drafted(format: str, name: str = "Cup", **settings) -> Competition:
    """A new competition of a new club, created by the club's organizer, no one entered."""
    club = ClubFactory()
    organizer = UserFactory()
    club.organizers.add(organizer)
    return create_competition(SeasonFactory(club=club), actor=organizer, name=name,
                              format=format, **settings)


def started(format: str, players: int, **settings) -> Competition:
    """A competition drawn through the services, its players named Ada, Bea, ... by seed."""
    competition = drafted(format, **settings)
    organizer = competition.season.club.organizers.get()
    entrants = [PlayerFactory(club=competition.season.club, name=name) for name in NAMES[:players]]
    register_players(competition, entrants, actor=organizer)
    return start_competition(competition.pk, actor=organizer)


def play(competition: Competition, a: str, b: str, winner: str,
         totals: tuple[int, int] = (110, 40)) -> Match:
    """The match between players a and b: one game won by the player named `winner`, reported
    and confirmed as on the match page (the follow-up tasks run on commit)."""
    match = competition.matches.select_related("entry_a__player", "entry_b__player").exclude(
        status__in=(Match.Status.CONFIRMED, Match.Status.VOID)).get(
        entry_a__player__name__in=(a, b), entry_b__player__name__in=(a, b))
    seat = "A" if match.entry_a.player.name == winner else "B"
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner=seat,
                total_a=totals[0] if seat == "A" else totals[1],
                total_b=totals[0] if seat == "B" else totals[1])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    with TestCase.captureOnCommitCallbacks(execute=True):
        report_result(match.pk, actor=match.entry_a.player.user)
        confirm_result(match.pk, actor=match.entry_b.player.user)
    return match


def page(client, competition: Competition, query: str = "", **headers) -> str:
    response = client.get(reverse("competition", args=[competition.pk]) + query, **headers)
    assert response.status_code == 200
    return response.content.decode()


def between(html: str, start: str, end: str) -> str:
    return html.split(start, 1)[1].split(end, 1)[0]


def standings_rows(html: str) -> list[str]:
    body = between(html, '<table class="standings">', "</table>").split("<tbody>")[1]
    return [re.sub(r"\s+", " ", row) for row in body.split("</tr>")[:-1]]


# League ------------------------------------------------------------------------------------------


def test_league_table_ranks_by_points_and_names_the_tiebreak_that_separated_a_tie(client):
    league = started(Competition.Format.LEAGUE, 4, tiebreaks=["head_to_head", "net_game_points"])
    play(league, "Ada", "Bea", "Bea")
    play(league, "Cy", "Dot", "Cy", totals=(150, 20))
    play(league, "Ada", "Cy", "Ada")
    play(league, "Bea", "Dot", "Dot")
    # Ada, Bea, Cy and Dot all have 1 win. Head-to-head does not separate all four (not all
    # have met); net game points do.
    rows = standings_rows(page(client, league))
    assert len(rows) == 4
    names = [re.search(r">(\w+)</a>", row)[1] for row in rows]
    assert names[0] == "Cy"  # +130 - 70: the best net game points
    assert "ahead of" in rows[0] and "on net game points" in rows[0]


def test_league_table_lists_every_entrant_from_the_start_and_the_winner_first(client):
    league = started(Competition.Format.LEAGUE, 2)
    html = page(client, league)
    assert len(standings_rows(html)) == 2  # both entrants, before any result
    play(league, "Ada", "Bea", "Bea")
    rows = standings_rows(page(client, league))
    assert ">Bea</a>" in rows[0]
    assert "<td class=\"num points\">" in rows[0]


def test_head_to_head_note_between_two_players_level_on_points(client):
    league = started(Competition.Format.LEAGUE, 3, double_round_robin=False,
                     tiebreaks=["head_to_head", "net_game_points"])
    play(league, "Ada", "Bea", "Ada", totals=(101, 99))
    play(league, "Bea", "Cy", "Bea", totals=(200, 0))
    play(league, "Ada", "Cy", "Cy", totals=(101, 99))
    # All three have one win; head-to-head is a cycle; net game points: Bea +198, Ada 0,
    # Cy -198.
    rows = standings_rows(page(client, league))
    assert ">Bea</a>" in rows[0] and "ahead of Ada on net game points" in rows[0]


def test_a_two_way_tie_broken_head_to_head_says_so(client):
    league = started(Competition.Format.LEAGUE, 4, tiebreaks=["head_to_head", "net_game_points"])
    play(league, "Ada", "Bea", "Bea", totals=(101, 100))
    play(league, "Cy", "Dot", "Cy")
    play(league, "Ada", "Cy", "Ada", totals=(180, 0))
    play(league, "Bea", "Dot", "Dot")
    play(league, "Ada", "Dot", "Ada", totals=(180, 0))
    play(league, "Bea", "Cy", "Bea")
    # Ada and Bea have 2 wins each; Ada has far the better net game points (+359 to +1), but
    # Bea beat Ada, and head-to-head comes first.
    rows = standings_rows(page(client, league))
    assert ">Bea</a>" in rows[0]
    assert "ahead of Ada on head-to-head" in rows[0]


def test_league_page_before_the_start_says_when_the_table_comes(client):
    draft = drafted(Competition.Format.LEAGUE, name="Draft")
    html = page(client, draft)
    assert "The table appears when the competition starts" in html


# Knockouts ---------------------------------------------------------------------------------------


def test_a_knockout_is_drawn_as_a_bracket_with_rounds_as_columns(client):
    cup = started(Competition.Format.SINGLE_ELIMINATION, 8)
    html = page(client, cup)
    assert [m for m in re.findall(r'class="bracket-round-name">([^<]+)<', html)] == [
        "Quarter-finals", "Semi-finals", "Final"]
    assert html.count('class="bracket-match box-') == 7
    assert html.count("join-pair") == 2 and html.count("join-end") == 1
    for match in cup.matches.all():
        assert f'href="{reverse("match", args=[match.pk])}"' in html


def test_the_bracket_highlights_winners_and_advances_them(client):
    cup = started(Competition.Format.SINGLE_ELIMINATION, 8)
    play(cup, "Ada", "Hal", "Ada")
    html = page(client, cup)
    quarter_finals = between(html, ">Quarter-finals</h3>", ">Semi-finals</h3>")
    assert re.search(r'bracket-side won">.*?Ada', quarter_finals)
    semi_finals = between(html, ">Semi-finals</h3>", ">Final</h3>")
    assert ">Ada<" in semi_finals


def test_byes_are_shown_in_the_first_round(client):
    cup = started(Competition.Format.SINGLE_ELIMINATION, 6)
    html = page(client, cup)
    first = between(html, ">Quarter-finals</h3>", ">Semi-finals</h3>")
    assert first.count("bracket-match bye") == 2
    assert first.count('class="bracket-match box-') == 2
    assert ">Ada</span>" in between(first, "bracket-match bye", "</div>")


def test_a_champion_is_named_with_the_final_placings(client):
    cup = started(Competition.Format.SINGLE_ELIMINATION, 2)
    play(cup, "Ada", "Bea", "Bea")
    html = page(client, cup)
    assert re.search(r'Champion: <a href="[^"]+">Bea</a>', html)
    placings = between(html, 'class="plain-list placings"', "</ol>")
    assert placings.index("Bea") < placings.index("Ada")


def test_double_elimination_has_winners_losers_and_finals_sections(client):
    cup = started(Competition.Format.DOUBLE_ELIMINATION, 4)
    html = page(client, cup)
    headings = re.findall(r'<h3 id="bracket-(\w+)">', html)
    assert headings == ["winners", "losers", "finals"]
    assert "Grand final" in between(html, 'id="bracket-finals"', "</section>")


# Swiss and the fixtures --------------------------------------------------------------------------


def test_swiss_shows_standings_with_its_tiebreaks_and_the_rounds_pairings(client):
    swiss = started(Competition.Format.SWISS, 4, swiss_rounds=3)
    html = page(client, swiss)
    assert "Buchholz cut-1" in html
    assert len(standings_rows(html)) == 4
    assert html.count('class="match-line"') == 2
    assert "bracket-round" not in html


def test_each_tiebreak_header_links_to_its_definition_and_rule_on_the_page(client):
    swiss = started(Competition.Format.SWISS, 4, swiss_rounds=3)
    html = page(client, swiss)
    head = between(html, '<table class="standings">', "</thead>")
    for anchor, rule in [("tiebreak-buchholz-cut1", "FIDE C.07 §14.1 and §16.5"),
                         ("tiebreak-buchholz", "FIDE C.07 §8.1 and §16"),
                         ("tiebreak-sonneborn-berger", "FIDE C.07 §9.1 and §16")]:
        assert f'href="#{anchor}"' in head
        definition = between(html, f'<div id="{anchor}">', "</div>")
        assert rule in definition and "<dd>" in definition


def test_fixtures_show_the_round_being_played_and_can_be_filtered_with_links_or_htmx(client):
    league = started(Competition.Format.LEAGUE, 4)
    rounds = list(league.rounds.order_by("number"))
    html = page(client, league)
    assert html.count('class="match-line"') == 2
    assert 'aria-current="page">Round 1' in html
    url = reverse("competition", args=[league.pk])
    second = f"?round={rounds[1].pk}"
    assert f'href="{url}{second}#fixtures-h"' in html
    html = page(client, league, second)
    assert html.count('class="match-line"') == 2
    assert f'id="round-{rounds[1].pk}" href' in html and 'aria-current="page">Round 2' in html
    partial = page(client, league, second, HTTP_HX_REQUEST="true")
    assert partial.lstrip().startswith('<section id="fixtures"')
    assert partial.count('class="match-line"') == 2
    assert f'href="{url}?round=all#fixtures-h"' in html
    every = page(client, league, "?round=all")
    assert every.count('class="match-line"') == 6
    assert 'id="round-all" href="' in every and 'aria-current="page">All rounds' in every


def test_the_round_being_played_is_marked(client):
    league = started(Competition.Format.LEAGUE, 4)
    first = league.rounds.get(number=1)
    html = page(client, league)
    assert re.search(rf'id="round-{first.pk}"[^>]*>Round 1 <span class="now">now</span>', html)


def test_the_next_round_is_shown_once_a_round_is_played(client):
    league = started(Competition.Format.LEAGUE, 4)
    first = league.matches.filter(round__number=1).select_related(
        "entry_a__player", "entry_b__player")
    for match in first:
        play(league, match.entry_a.player.name, match.entry_b.player.name,
             winner=match.entry_a.player.name)
    html = page(client, league)
    assert re.search(r'<h3 id="round-\d+-h">Round 2 <span class="badge', html)
    assert html.count('class="match-line"') == 2


def test_a_finished_competition_shows_its_last_round(client):
    ko = started(Competition.Format.SINGLE_ELIMINATION, 4)
    play(ko, "Ada", "Dot", winner="Ada")
    play(ko, "Bea", "Cy", winner="Bea")
    play(ko, "Ada", "Bea", winner="Ada")
    html = page(client, ko)
    assert "being played" not in html
    fixtures = between(html, 'id="fixtures"', "</section>")
    assert fixtures.count("<article") == 1 and ">Final</h3>" in fixtures


def test_a_double_elimination_won_without_a_reset_shows_its_grand_final(client):
    cup = started(Competition.Format.DOUBLE_ELIMINATION, 4)
    for a, b, winner in (("Ada", "Dot", "Ada"), ("Bea", "Cy", "Bea"), ("Ada", "Bea", "Ada"),
                         ("Cy", "Dot", "Dot"), ("Bea", "Dot", "Bea"), ("Ada", "Bea", "Ada")):
        play(cup, a, b, winner)
    assert cup.matches.filter(status=Match.Status.VOID).count() == 1  # the reset
    fixtures = between(page(client, cup), 'id="fixtures"', "</section>")
    assert fixtures.count("<article") == 1 and ">Grand final</h3>" in fixtures


def test_a_long_league_chooses_its_round_in_a_select_that_works_with_or_without_htmx(client):
    league = started(Competition.Format.LEAGUE, 8, double_round_robin=True)  # 14 rounds
    rounds = list(league.rounds.order_by("number"))
    html = page(client, league)
    assert 'class="filter-links"' not in html
    assert '<select id="round-choice" name="round">' in html
    assert f'<option value="{rounds[0].pk}" selected>Round 1 (being played)</option>' in html
    assert html.split("<footer")[0].count("<option ") == 15  # all rounds, and each of the 14
    asked = page(client, league, f"?round={rounds[9].pk}")
    assert f'<option value="{rounds[9].pk}" selected>Round 10</option>' in asked
    assert f'id="round-{rounds[9].pk}-h">Round 10</h3>' in asked
    partial = page(client, league, f"?round={rounds[9].pk}", HTTP_HX_REQUEST="true")
    assert partial.lstrip().startswith('<section id="fixtures"')
    assert partial.count('class="match-line"') == 4
    assert '<option value="all" selected>All rounds</option>' in page(client, league, "?round=all")


def test_made_up_rounds_share_one_cached_page(client, django_assert_num_queries):
    league = started(Competition.Format.LEAGUE, 4)
    first = league.rounds.get(number=1)
    page(client, league, "?round=99999")
    page(client, league, f"?round={first.pk}")
    for asked in ("?round=88888", "?round=x", f"?round=000{first.pk}"):
        with django_assert_num_queries(0):  # served as the page already rendered for it
            page(client, league, asked)


def test_an_unknown_round_shows_the_round_being_played_and_says_why(client):
    league = started(Competition.Format.LEAGUE, 4)
    for asked in ("?round=99999", "?round=nonsense"):
        html = page(client, league, asked)
        assert "There is no such round in this competition" in html
        assert html.count('class="match-line"') == 2
    assert "There is no such round" not in page(client, league)


def test_the_clubs_organizer_is_linked_to_the_organizer_pages(client):
    league = started(Competition.Format.LEAGUE, 2)
    manage = reverse("organizer-matches", args=[league.pk])
    assert manage not in page(client, league)
    client.force_login(league.entries.first().player.user)
    assert manage not in page(client, league)
    client.force_login(league.season.club.organizers.get())
    assert manage in page(client, league)


def test_a_knockout_not_started_says_when_its_bracket_comes(client):
    draft = drafted(Competition.Format.SINGLE_ELIMINATION, name="Draft Cup")
    html = page(client, draft)
    assert "The bracket is drawn when an organizer starts the competition" in html
    assert "bracket-round" not in html
