"""The rulings assistant: for each irregularity, the director answers who, when and the
non-offender's choice, and reads the ruling with the sentences of the rule it comes from;
an organizer records it on a hand of a match, where it joins the match's history."""

import pytest
from django.urls import reverse

from gameplay.assistant import WrongAnswer, advise, questions
from gameplay.engine import rulings as rules
from gameplay.engine.rulings import CATALOGUE
from league.competitions.models import AuditEntry, Match
from tests.factories import MatchFactory

from .conftest import sign_in

NAMES = ("Ann", "Bob")


def rule_for(key: str, **answers: str):
    return advise(key, answers, NAMES)


# The rulings, as the rules read -----------------------------------------------------------------


QUOTED = {sentence for item in CATALOGUE for sentence in item.rule}


def test_every_irregularity_of_the_catalogue_has_a_ruling_quoting_the_rules():
    for item in CATALOGUE:
        for ask in questions(item.key):
            if not ask.required:
                continue
            for answer, _label in ask.choices:
                complete = {a.field: a.choices[0][0] for a in questions(item.key) if a.required}
                advice = advise(item.key, {**complete, ask.field: answer}, NAMES)
                assert advice.ruling
                assert advice.rule and set(advice.rule) <= QUOTED, (item.key, answer)


def test_a_wrong_dealer_stopped_before_the_upcard_is_turned_deals_again():
    assert "void" in rule_for("wrong_dealer", when="before_upcard").ruling
    assert "deal stands" in rule_for("wrong_dealer", when="after_upcard").ruling


def test_a_card_faced_in_the_pack_before_play_means_a_new_deal_after_a_shuffle():
    before = rule_for("faced_card", when="before_play")
    assert before.ruling == "A new deal by the same dealer." and before.rule == (rules.NEW_DEAL,)
    after = rule_for("faced_card", when="after_play", card="7H")
    assert after.rule == (rules.FACED_IN_STOCK,)


def test_both_players_with_a_wrong_count_is_a_new_deal_without_a_choice():
    advice = rule_for("incorrect_hand", when="in_play", offender="both")
    assert "new deal" in advice.ruling and advice.rule == (rules.NEW_DEAL,)
    with pytest.raises(WrongAnswer) as wrong:
        rule_for("incorrect_hand", when="in_play", offender="both", choice="play_on")
    assert wrong.value.field == "choice"


def test_a_wrong_count_before_the_offenders_first_draw_is_a_new_deal():
    advice = rule_for("incorrect_hand", when="before_first_draw", offender="A")
    assert advice.rule == (rules.WRONG_COUNT_EARLY,)


def test_a_wrong_count_in_play_is_the_non_offenders_choice():
    open_ = rule_for("incorrect_hand", when="in_play", offender="A")
    assert open_.choices_open and open_.ruling.startswith("Bob chooses")
    play_on = rule_for("incorrect_hand", when="in_play", offender="A", choice="play_on")
    assert "Ann discards without drawing" in play_on.ruling
    assert play_on.rule == rules.INCORRECT_HAND  # with "He may not knock until the next turn"
    assert "new deal" in rule_for("incorrect_hand", when="in_play", offender="B",
                                  choice="new_deal").ruling


def test_the_defender_short_after_a_knock_is_charged_and_cannot_undercut():
    advice = rule_for("incorrect_hand", when="knock_defender", offender="B")
    assert "Bob is charged 10 for each missing card" in advice.ruling
    assert advice.rule == (rules.AFTER_KNOCK[0],)


def test_an_illegal_knock_over_the_limit_is_accepted_or_played_on_exposed_never_redealt():
    assert rule_for("illegal_knock", problem="over_limit", seat="A").ruling.startswith(
        "Bob chooses: accept the knock or play on with the knocker's hand exposed")
    accepted = rule_for("illegal_knock", problem="over_limit", seat="A", choice="accept")
    assert "may undercut" in accepted.ruling and accepted.rule == (rules.ILLEGAL_KNOCK[0],)
    with pytest.raises(WrongAnswer, match="accept the knock or play on"):
        rule_for("illegal_knock", problem="over_limit", seat="A", choice="new_deal")


def test_a_knocker_with_a_wrong_count_cannot_be_accepted():
    with pytest.raises(WrongAnswer, match="a new deal or play on"):
        rule_for("illegal_knock", problem="wrong_count", seat="B", choice="accept")
    exposed = rule_for("illegal_knock", problem="wrong_count", seat="B", choice="play_on_exposed")
    assert "Bob plays on with his whole hand face up" in exposed.ruling
    assert exposed.rule == (rules.ILLEGAL_KNOCK[1], rules.AFTER_KNOCK[1])


def test_a_knock_made_good_by_rearranging_stands():
    assert rule_for("illegal_knock", problem="rearranged", seat="A").rule == (
        rules.ILLEGAL_KNOCK[2],)


def test_looking_through_the_pile_costs_a_turn_unless_agreed():
    assert "Ann loses his next turn" in rule_for("looking_through_discards", agreed="no",
                                                 offender="A").ruling
    assert "No penalty" in rule_for("looking_through_discards", agreed="yes", offender="A").ruling


def test_drawing_out_of_turn_from_the_stock_found_at_once_exposes_the_card():
    advice = rule_for("draw_out_of_turn", offender="A", source="stock", found="at_once")
    assert "exposed card" in advice.ruling and rules.EXPOSED_CARD[0] in advice.rule
    back = rule_for("draw_out_of_turn", offender="A", source="discard", found="at_once")
    assert "back on the discard pile" in back.ruling
    later = rule_for("draw_two", offender="B", found="later")
    assert "incorrect hand" in later.ruling and later.rule == (rules.INCORRECT_HAND[0],)


def test_an_unanswered_question_or_a_card_that_is_not_one_is_named():
    with pytest.raises(WrongAnswer) as missing:
        rule_for("draw_two", offender="A")
    assert missing.value.field == "found"
    with pytest.raises(WrongAnswer) as not_a_card:
        rule_for("exposed_from_hand", seat="A", card="7Z")
    assert not_a_card.value.field == "card" and "is not a card" in not_a_card.value.message
    with pytest.raises(WrongAnswer, match="one card"):
        rule_for("exposed_from_hand", seat="A", card="7H 8H")


# The pages ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_list_names_every_irregularity_without_a_database_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        html = client.get(reverse("gameplay:rulings")).content.decode()
    for item in CATALOGUE:
        assert reverse("gameplay:ruling", args=[item.key]) in html


def test_a_ruling_page_shows_the_ruling_and_quotes_the_rule(client):
    url = reverse("gameplay:ruling", args=["looking_through_discards"])
    html = client.get(url, {"agreed": "no", "offender": "B", "show": "1"}).content.decode()
    assert "Player B loses his next turn" in html
    assert "loses his next turn, opponent then having two turns in successions." in html


def test_answers_missing_are_named_next_to_their_question_and_answers_given_are_kept(client):
    url = reverse("gameplay:ruling", args=["draw_out_of_turn"])
    html = client.get(url, {"offender": "A", "show": "1"}).content.decode()
    assert html.count("Answer this: the ruling depends on it.") == 2  # from where, when
    assert 'value="A" id="id_offender_0" checked' in html
    assert "The ruling</h2>" not in html


def test_while_answering_the_missing_answers_are_not_errors_yet(client):
    url = reverse("gameplay:ruling", args=["draw_out_of_turn"])
    response = client.get(url, {"offender": "A"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "Answer the questions to see the ruling." in html
    assert "Answer this" not in html
    assert "<html" not in html  # the htmx partial only


def test_an_unknown_irregularity_is_not_found(client):
    assert client.get("/rulings/juggling/").status_code == 404


# Recording on a hand -----------------------------------------------------------------------------


@pytest.fixture
def played(people) -> Match:
    from league.games.models import Game

    match = MatchFactory(competition__season=people.season, status=Match.Status.IN_PROGRESS)
    Game.objects.create(match=match, number=1, ruleset={}, target_score=100)
    return match


def record(client, match, **extra):
    data = {"agreed": "no", "offender": "A", "record-match": match.pk, "record-game": 1,
            "record-hand": 1, "record-comment": "Seen by the table judge."}
    data.update(extra)
    return client.post(reverse("gameplay:ruling-record", args=["looking_through_discards"]), data)


@pytest.mark.parametrize("role", ["organizer", "superuser"])
def test_an_organizer_records_the_ruling_in_the_matchs_history(client, people, played, role):
    sign_in(client, people.role(role))
    response = record(client, played)
    assert response.status_code == 302 and response.url == reverse("match", args=[played.pk])
    entry = AuditEntry.objects.get(match=played, action="ruling")
    name_a = played.entry_a.player.name
    assert entry.after["irregularity"] == "looking_through_discards"
    assert entry.after["answers"] == {"agreed": "no", "offender": "A"}
    assert entry.after["ruling"].startswith(f"{name_a} loses his next turn")
    assert entry.after["rule"] == [rules.LOOKING[1]]
    assert (entry.after["game"], entry.after["hand"]) == (1, 1)
    page = client.get(reverse("match", args=[played.pk])).content.decode()
    assert "Game 1, hand 1: Looking through the discard pile." in page


@pytest.mark.parametrize("role,status", [("player", 403), ("staff", 403),
                                         ("other_organizer", 422)])
def test_nobody_else_records_a_ruling(client, people, played, role, status):
    sign_in(client, people.role(role))
    assert record(client, played).status_code == status
    assert not AuditEntry.objects.filter(action="ruling").exists()


def test_a_visitor_is_asked_to_sign_in_first(client, people, played):
    response = record(client, played)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not AuditEntry.objects.exists()


def test_a_hand_that_is_not_in_the_game_is_refused_next_to_the_hand(client, people, played):
    sign_in(client, people.organizer)
    response = record(client, played, **{"record-hand": 2})
    html = response.content.decode()
    assert response.status_code == 422
    assert "Game 1 has hands 1 to 1." in html
    assert 'name="record-hand" value="2"' in html
    assert not AuditEntry.objects.exists()
    assert "This match has no game 3." in record(client, played, **{"record-game": 3}).content.decode()


def test_the_record_form_carries_the_answers_of_the_ruling_shown(client, people, played):
    sign_in(client, people.organizer)
    url = reverse("gameplay:ruling", args=["looking_through_discards"])
    html = client.get(url, {"agreed": "no", "offender": "A", "match": played.pk}).content.decode()
    assert "Record it on the hand" in html
    assert '<input type="hidden" name="agreed" value="no">' in html
    assert f'<option value="{played.pk}" selected>' in html
    assert played.entry_a.player.name in html  # the seats named after the match's players
