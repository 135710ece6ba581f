"""A list's page and page size are whole numbers written in the digits 0 to 9: anything else is
refused with a 400 that names the parameter, never read as a nearby number."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CLUBS = "/api/v1/clubs/"


@pytest.mark.parametrize("written", ["2.0", "2.", "+2", " 2", "2 ", "٢", "²", "2e0", "-2", "",
                                     "0", "201", "2", "99999999999999999999"])
def test_a_page_size_is_a_whole_number_from_1_to_200(written):
    answer = Client().get(CLUBS, {"page_size": written})
    if written == "2":
        assert answer.status_code == 200
    else:
        assert answer.status_code == 400
        assert "page_size" in answer.json()


@pytest.mark.parametrize("written", ["1.0", "+1", "١"])
def test_a_page_is_a_whole_number_written_in_digits(written):
    answer = Client().get(CLUBS, {"page": written})
    assert answer.status_code == 400
    assert "page" in answer.json()
    assert Client().get(CLUBS, {"page": "1"}).status_code == 200
