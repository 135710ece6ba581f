"""An address naming a number no table's key can hold (past 2**63 - 1) is not found, before any
query: the database is never asked about it (SQLite refuses such a number)."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

TOO_LARGE = 2 ** 63
PAGES = ["/competitions/{}/", "/players/{}/", "/players/{}/statistics/", "/games/{}/",
         "/matches/{}/", "/api/v1/competitions/{}/matches/", "/api/v1/players/{}/ratings/",
         "/api/v1/competitions/{}/standings/"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("number", [TOO_LARGE, 22439113884681052160])
def test_a_number_no_key_can_hold_is_not_found_without_a_query(client, page, number,
                                                                django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get(page.format(number), secure=True).status_code == 404


def test_the_largest_key_is_an_address_like_any_other():
    assert reverse("competition", args=[TOO_LARGE - 1]) == f"/competitions/{TOO_LARGE - 1}/"
