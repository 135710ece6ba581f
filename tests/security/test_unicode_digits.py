"""A number in a request is written in the ASCII digits 0 to 9: superscripts, circled digits and
other scripts' digits are not numbers, and asking with one is never a server error."""

import pytest
from django.urls import reverse

from league.competitions.models import Match
from league.core.numbers import ascii_int, ascii_ints
from tests.security.access import TABLE
from tests.security.checks import refusal_explained

pytestmark = pytest.mark.django_db
NOT_ASCII = ["²", "①", "١٢", "３", "߁"]


@pytest.mark.parametrize("text", [*NOT_ASCII, "", " 7", "7 ", "+7", "-7", "7.0", "1" * 19])
def test_only_ascii_decimal_digits_are_a_number(text):
    assert ascii_int(text) is None


def test_ascii_digits_are_read_and_what_is_not_a_number_is_left_out():
    assert ascii_int("0042") == 42
    assert ascii_ints(["3", "²", "12", "①", None]) == [3, 12]
    assert ascii_int("1234", digits=3) is None


def handled(response) -> bool:
    """Not a server error; a refusal says why."""
    code = response.status_code
    return code < 400 or (code < 500 and refusal_explained(response))


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_the_rulings_page_asked_for_a_match_in_other_digits_names_none(world, digits):
    response = world.client("anonymous").get(reverse("gameplay:rulings"), {"match": digits})
    assert response.status_code == 200


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_notifications_marked_read_by_ids_in_other_digits_mark_nothing(world, digits):
    response = world.client("player").post(reverse("notifications-read"), {"id": digits})
    assert response.status_code == 302


@pytest.mark.parametrize("name, field", [("club-night-check-in", "entry"),
                                         ("club-night-attendance", "present"),
                                         ("competition-entries", "players")])
@pytest.mark.parametrize("digits", NOT_ASCII)
def test_an_organizer_posting_an_entry_or_player_in_other_digits_is_answered(world, name, field,
                                                                             digits):
    url = TABLE[name].url(world)
    response = world.client("organizer").post(url, {field: digits})
    assert handled(response), response.status_code


@pytest.mark.parametrize("table", ["²", "①", "١٢", "12", "Bar"])
def test_a_table_named_in_any_digits_prints_its_round(world, table):
    Match.objects.filter(pk=world.match.pk).update(table=table)
    for name in ("print-pairings", "print-scoresheets"):
        response = world.client("organizer").get(reverse(name, args=[world.match.round_id]))
        assert response.status_code == 200, name
