"""A ruling that changes how a hand is scored enters the hand: an illegal knock the opponent
accepted is settled at the knocker's real deadwood, a defender short of cards after a knock is
charged 10 a missing card and cannot undercut, a void deal is entered as void with no score. The
ruling is stored with the hand and shown beside it on the scoresheet."""

import pytest
from django.urls import reverse

from gameplay.assistant import advise, questions
from gameplay.engine import Ruleset
from league.competitions.models import AuditEntry, Match
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand
from tests.factories import MatchFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db

OVER_LIMIT_KNOCKER = "AS 2S 3S 4H 5H 6H AD 2C 4D 6C"  # deadwood 1 + 2 + 4 + 6 = 13
DEFENDER = "KC KD KH QS JS 9D 8H 7S 5C 3D"  # deadwood 10 + 10 + 9 + 8 + 7 + 5 + 3 = 52


@pytest.fixture
def game(people) -> Game:
    match = MatchFactory(competition__season=people.season, status=Match.Status.IN_PROGRESS)
    return Game.objects.create(match=match, number=1, ruleset=Ruleset().to_dict(),
                               target_score=100)


def record(client, game, key, answers, **cards):
    data = {**answers, "record-match": game.match_id, "record-game": 1, "record-hand": 1,
            "record-comment": "Ruled at the table."}
    data.update({f"record-{name}": value for name, value in cards.items()})
    return client.post(reverse("gameplay:ruling-record", args=[key]), data)


def test_an_accepted_illegal_knock_is_settled_at_its_real_deadwood(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "illegal_knock",
                      {"seat": "A", "problem": "over_limit", "choice": "accept"},
                      knocker_cards=OVER_LIMIT_KNOCKER, defender_cards=DEFENDER)
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.outcome, hand.winner, hand.knocker, hand.points) == (
        1, "knock", "A", "A", 52 - 13)
    assert hand.ruling["irregularity"] == "illegal_knock"
    assert hand.ruling["section"] == "illegal-knock"
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (39, 0)


def test_the_scoresheet_shows_the_ruling_beside_its_hand(client, people, game):
    sign_in(client, people.organizer)
    record(client, game, "illegal_knock", {"seat": "A", "problem": "over_limit",
                                           "choice": "accept"},
           knocker_cards=OVER_LIMIT_KNOCKER, defender_cards=DEFENDER)
    sheet = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert "Illegal knock</a>: The knock is accepted" in sheet
    assert f'{reverse("gameplay:rules")}#illegal-knock' in sheet


def test_a_defender_short_of_a_card_is_charged_ten_for_it(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "incorrect_hand",
                      {"when": "knock_defender", "offender": "B"},
                      knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C 2D",  # deadwood 2
                      defender_cards="KC KD KH QS JS 9D 8H 7S 5C")  # 9 cards: 49 and 10
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert (hand.outcome, hand.winner, hand.points) == ("knock", "A", 49 + 10 - 2)
    assert hand.ruling["irregularity"] == "incorrect_hand"


def test_a_defender_short_of_cards_cannot_undercut(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "incorrect_hand",
                      {"when": "knock_defender", "offender": "B"},
                      knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C 10D",  # deadwood 10
                      defender_cards="KC KD KH QS QD QH 2H 2C 2D")  # all melded, one short
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    # Charged 10 for the missing card: equal to the knocker's 10, which would be an undercut.
    assert (hand.outcome, hand.winner, hand.knocker, hand.points) == ("knock", "A", "A", 0)


def test_a_deal_declared_void_is_entered_with_no_score(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "wrong_dealer", {"when": "before_upcard"})
    assert response.status_code == 302
    void = Hand.objects.get(game=game)
    assert (void.outcome, void.points, void.winner) == ("void", 0, "")
    # The next hand is hand 2, dealt by the dealer of the void deal: the deal did not pass on.
    second = record_hand(game.pk, HandEntry("knock", "B", 20, expected_number=2),
                         actor=people.organizer)
    assert second.dealer == void.dealer
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == (0, 20)
    sheet = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert "Void, dealt again" in sheet and "Wrong dealer</a>" in sheet


def test_a_new_deal_chosen_after_an_illegal_knock_voids_the_hand(client, people, game):
    sign_in(client, people.organizer)
    record(client, game, "illegal_knock", {"seat": "B", "problem": "wrong_count",
                                           "choice": "new_deal"})
    assert Hand.objects.get(game=game).outcome == "void"


def test_a_scoring_ruling_without_the_cards_enters_nothing(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "illegal_knock",
                      {"seat": "A", "problem": "over_limit", "choice": "accept"})
    assert response.status_code == 422
    assert "Enter both hands&#x27; cards" in response.content.decode()
    assert not Hand.objects.exists()
    assert not AuditEntry.objects.filter(match=game.match, action="ruling").exists()


def test_a_ruling_that_does_not_score_enters_no_hand(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, "looking_through_discards",
                      {"agreed": "no", "offender": "A"})
    assert response.status_code == 302
    assert not Hand.objects.exists()


# What the assistant asks and says ----------------------------------------------------------------


def test_an_illegal_knock_asks_no_discarded_card():
    assert "discard" not in {ask.field for ask in questions("illegal_knock")}


def test_playing_on_after_an_over_limit_knock_says_nothing_of_a_wrong_count():
    over = advise("illegal_knock", {"seat": "A", "problem": "over_limit",
                                    "choice": "play_on_exposed"})
    wrong = advise("illegal_knock", {"seat": "A", "problem": "wrong_count",
                                     "choice": "play_on_exposed"})
    assert "count" not in over.ruling and "correcting his count" in wrong.ruling


def test_accepting_an_illegal_knock_settles_at_the_real_deadwood():
    advice = advise("illegal_knock", {"seat": "A", "problem": "over_limit", "choice": "accept"})
    assert "real deadwood" in advice.ruling and advice.effect == "over_limit"


def test_the_ruling_page_links_its_source_to_the_rules_section(client):
    page = client.get(reverse("gameplay:ruling", args=["illegal_knock"])).content.decode()
    assert f'href="{reverse("gameplay:rules")}#illegal-knock"' in page
    rules_page = client.get(reverse("gameplay:rules")).content.decode()
    assert 'id="illegal-knock"' in rules_page
