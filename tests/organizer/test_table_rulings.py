"""A ruling that does not score the hand by itself (a lost turn, a correction by discarding
without drawing, play on) is recorded on the hand at the table and stored with that hand when it
is entered, or at once when it is entered already. The scoresheet shows it beside the hand: its
title linking to its section of the rules, the ruling, and its source named in words."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils.html import escape

from gameplay.assistant import advise, questions
from gameplay.engine import Ruleset
from gameplay.engine.rulings import irregularity
from league.competitions.base.selectors import side_names
from league.competitions.models import Match
from league.games.models import Game, Hand
from league.games.services import HandEntry, record_hand, undo_last_hand
from league.games.services.corrections import correct_hand
from league.games.services.ruled_hands import RuledCards
from league.games.services.rulings import record_ruling
from tests.factories import MatchFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db

LOST_TURN = ("looking_through_discards", {"agreed": "no", "offender": "A"})
DISCARD_ONLY = ("incorrect_hand", {"when": "in_play", "offender": "B", "choice": "play_on"})
PLAY_ON_EXPOSED = ("illegal_knock", {"seat": "A", "problem": "over_limit",
                                     "choice": "play_on_exposed"})
PLAYED_ON = {"a lost turn": LOST_TURN, "a correction by discarding": DISCARD_ONLY,
             "play on exposed": PLAY_ON_EXPOSED}


@pytest.fixture
def game(people) -> Game:
    match = MatchFactory(competition__season=people.season, status=Match.Status.IN_PROGRESS)
    return Game.objects.create(match=match, number=1, ruleset=Ruleset().to_dict(),
                               target_score=100)


def answers_of(key: str, given: dict) -> dict:
    """The answers as the assistant's form gives them: every question, unanswered ones empty."""
    return {ask.field: given.get(ask.field, "") for ask in questions(key)}


def rule(game: Game, actor, ruling: tuple, hand: int = 1):
    key, given = ruling
    answers = answers_of(key, given)
    advice = advise(key, answers, side_names(game.match))
    record_ruling(game.match_id, actor=actor, game_number=game.number, hand_number=hand,
                  advice=advice, answers=answers)
    return advice


def enter(game: Game, actor, number: int, points: int = 20) -> Hand:
    return record_hand(game.pk, HandEntry("knock", "A", points, expected_number=number),
                       actor=actor)


def facts(advice, given: dict) -> dict:
    item = advice.irregularity
    return {"irregularity": item.key, "title": item.title, "ruling": advice.ruling,
            "source": item.source, "section": item.section, "answers": given}


# Stored with the hand ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruling", PLAYED_ON.values(), ids=PLAYED_ON.keys())
def test_a_ruling_played_on_is_stored_with_the_hand_when_it_is_entered(people, game, ruling):
    advice = rule(game, people.organizer, ruling)
    assert advice.effect == "" and not Hand.objects.exists()  # the hand is still at the table
    hand = enter(game, people.organizer, 1)
    assert hand.rulings == [facts(advice, ruling[1])]
    stored = Hand.objects.get(pk=hand.pk)
    assert stored.rulings == hand.rulings and stored.ruling == {}  # it did not score the hand
    assert (stored.outcome, stored.winner, stored.points) == ("knock", "A", 20)


def test_a_ruling_on_a_hand_entered_already_is_stored_with_it_at_once(people, game):
    enter(game, people.organizer, 1)
    advice = rule(game, people.organizer, LOST_TURN, hand=1)
    assert Hand.objects.get(game=game, number=1).rulings == [facts(advice, LOST_TURN[1])]


def test_each_ruling_goes_with_the_hand_it_was_recorded_on(people, game):
    first = rule(game, people.organizer, LOST_TURN, hand=1)
    enter(game, people.organizer, 1)
    second = rule(game, people.organizer, DISCARD_ONLY, hand=2)
    enter(game, people.organizer, 2)
    hands = Hand.objects.filter(game=game).order_by("number")
    assert [[r["title"] for r in h.rulings] for h in hands] == [
        [first.irregularity.title], [second.irregularity.title]]


def test_rulings_on_one_hand_are_stored_in_the_order_recorded(people, game):
    rule(game, people.organizer, DISCARD_ONLY)
    rule(game, people.organizer, LOST_TURN)
    hand = enter(game, people.organizer, 1)
    assert [r["irregularity"] for r in hand.rulings] == ["incorrect_hand",
                                                        "looking_through_discards"]


def test_a_hand_undone_and_entered_again_keeps_its_rulings(people, game):
    rule(game, people.organizer, LOST_TURN)
    enter(game, people.organizer, 1)
    undo_last_hand(game.pk, actor=people.organizer, expected_number=1)
    again = enter(game, people.organizer, 1, points=30)
    assert [r["irregularity"] for r in again.rulings] == ["looking_through_discards"]


def test_a_corrected_hand_keeps_the_rulings_it_was_played_on_with(people, game):
    rule(game, people.organizer, DISCARD_ONLY)
    hand = enter(game, people.organizer, 1)
    corrected = correct_hand(hand.pk, HandEntry("gin", "B", 45), actor=people.organizer,
                             comment="Bob had gin.").hand
    assert Hand.objects.get(pk=corrected.pk).rulings == hand.rulings != []


def test_a_hand_a_ruling_scores_carries_the_rulings_it_was_played_on_with(people, game):
    lost = rule(game, people.organizer, LOST_TURN)
    key, given = "illegal_knock", {"seat": "A", "problem": "over_limit", "choice": "accept"}
    answers = answers_of(key, given)
    record_ruling(game.match_id, actor=people.organizer, game_number=1, hand_number=1,
                  advice=advise(key, answers), answers=answers,
                  cards=RuledCards("AS 2S 3S 4H 5H 6H AD 2C 4D 6C", "KC KD KH QS JS 9D 8H 7S 5C 3D"))
    hand = Hand.objects.get(game=game)
    assert hand.rulings == [facts(lost, LOST_TURN[1])]
    assert [r["irregularity"] for r in hand.all_rulings] == ["looking_through_discards",
                                                            "illegal_knock"]


def test_a_ruling_still_waiting_for_the_non_offenders_choice_is_not_stored(people, game):
    advice = rule(game, people.organizer, ("incorrect_hand", {"when": "in_play", "offender": "B"}))
    assert advice.choices_open
    assert enter(game, people.organizer, 1).rulings == []


# Shown on the scoresheet -----------------------------------------------------------------------


def record(client, game, ruling, hand=1):
    key, given = ruling
    data = {**given, "record-match": game.match_id, "record-game": game.number,
            "record-hand": hand, "record-comment": ""}
    return client.post(reverse("gameplay:ruling-record", args=[key]), data)


def test_the_scoresheet_shows_a_lost_turn_beside_its_hand(client, people, game):
    sign_in(client, people.organizer)
    response = record(client, game, LOST_TURN)
    assert response.status_code == 302
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Ruling recorded in the match's history: Looking through the discard pile. "
                    "It will be shown beside hand 1 on the scoresheet once the hand is entered."]
    enter(game, people.organizer, 1)
    enter(game, people.organizer, 2)
    sheet = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    item = irregularity("looking_through_discards")
    name_a, name_b = side_names(game.match)
    shown = (f'<a href="{reverse("gameplay:rules")}#looking-through-discards">{item.title}</a>: '
             f"{escape(name_a)} loses his next turn: {escape(name_b)} plays two turns in "
             f'succession. <span class="muted">({item.source})</span>')
    assert shown in sheet
    row_1 = sheet.index('id="hand-1"')
    assert row_1 < sheet.index(shown) < sheet.index('id="hand-2"')  # beside hand 1 only
    assert sheet.count('class="hand-ruling') == 1
    match_page = client.get(reverse("match", args=[game.match_id])).content.decode()
    assert "· ruling: looking through the discard pile" in match_page


def test_the_scoresheet_shows_a_correction_by_discarding_with_its_source(client, people, game):
    sign_in(client, people.organizer)
    enter(game, people.organizer, 1)
    response = record(client, game, DISCARD_ONLY, hand=1)
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said[0].endswith("It is shown beside hand 1 on the scoresheet.")
    sheet = client.get(reverse("gameplay:scoresheet", args=[game.pk])).content.decode()
    assert f'{reverse("gameplay:rules")}#incorrect-hand">Incorrect number of cards</a>' in sheet
    assert "discards without drawing (too many cards)" in sheet
    assert "(Hoyle, Irregularities: New Deal, Incorrect Hand; Hoyle tradition" in sheet
    rules_page = client.get(reverse("gameplay:rules")).content.decode()
    assert 'id="incorrect-hand"' in rules_page and 'id="looking-through-discards"' in rules_page
    edit = client.get(reverse("gameplay:edit-hand", args=[game.pk, 1])).content.decode()
    assert "Ruling: Incorrect number of cards. Play on." in edit  # the hand being corrected
