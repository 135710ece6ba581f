"""Hypothesis posts generated input to every endpoint of the site, as every role: never a server error, every refusal says why (or sends the visitor to sign in), and a
refused request changes no row.

Each endpoint starts from the form that would be accepted (tests/security/access.py) in the
state where it can be, then drops, changes, repeats and adds fields (tests/fuzz/strategies.py);
some examples also aim the URL at other objects: another club's, ones that do not exist."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.urls.resolvers import RegexPattern
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameplay.engine.rulings import CATALOGUE
from league.clubs.models import Club, Player
from league.competitions.models import Competition, Entry, Match
from league.games.models import Game
from tests.examples import examples
from tests.security.access import OK, TABLE
from tests.security.checks import (
    outcome,
    refusal_explained,
    site_url_names,
    site_url_patterns,
)
from tests.security.world import ROLES, World, stored_rows

from .strategies import post_data, text

pytestmark = pytest.mark.django_db

# Examples per endpoint: in full 60, scaled as every property test's count (tests/examples.py:
# all of it under CI and .ci/run, a fifth on a developer's machine), derandomized so that a
# failure comes back on the next run; FUZZ_EXAMPLES sets any other count.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or examples(60))
ENDPOINTS = sorted(site_url_names())
MISSING_IDS = [0, 987_654, 2**31 - 1, 2**63 - 1]


def known_ids() -> list[int]:
    """Ids of this club's and the other club's objects, and of none."""
    ids = set(MISSING_IDS)
    for model in (Match, Game, Competition, Player, Entry):
        ids.update(model.objects.values_list("pk", flat=True))
    return sorted(ids)


def url_values(name: str, world: World, ids: list[int]) -> st.SearchStrategy[dict]:
    """Keyword arguments for the endpoint's URL, whatever its converters."""
    pattern = site_url_patterns()[name].pattern
    if isinstance(pattern, RegexPattern):  # a regex's named groups (allauth's keys): letters
        return st.fixed_dictionaries({group: st.from_regex(r"\A[0-9A-Za-z]{1,40}\Z")
                                      for group in pattern.regex.groupindex})
    converters = pattern.converters
    slugs = [world.club.slug, *Club.objects.exclude(pk=world.club.pk).values_list("slug", flat=True)]
    by_kind = {
        "IntConverter": st.sampled_from(ids),
        "Id": st.sampled_from(ids),  # league.core.ids: an object's id
        "SlugConverter": st.one_of(st.sampled_from(slugs + [c.key for c in CATALOGUE]),
                                   st.from_regex(r"\A[-a-zA-Z0-9_]{1,40}\Z")),
        "StringConverter": text().filter(lambda s: s and "/" not in s),
    }
    return st.fixed_dictionaries(
        {arg: by_kind.get(type(conv).__name__, text()) for arg, conv in converters.items()})


@pytest.mark.parametrize("name", ENDPOINTS)
def test_generated_posts_never_fail_and_refusals_explain_and_change_nothing(world, name):
    access = TABLE[name]

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large, HealthCheck.large_base_example])
    @given(st.data())
    def post(data) -> None:
        cache.clear()  # the sign-in limit would refuse the rest of the examples
        with transaction.atomic():
            target = url
            if data.draw(st.integers(0, 3), label="other URL") == 0:
                target = reverse(name, kwargs=data.draw(other_urls, label="url"))
            body = data.draw(bodies, label="body")
            role = data.draw(st.sampled_from(ROLES), label="role")
            response = world.client(role).post(target, body)  # a server error raises
            got = outcome(response)
            if got != OK:
                assert response.status_code < 500
                if response.status_code == 405:  # a page that only reads: POST is not for it
                    assert access.post is None, f"{name} is a form but refuses a POST"
                elif response.status_code >= 400:
                    assert refusal_explained(response), (
                        f"{role}: {response.status_code} with no reason in the page")
                assert stored_rows() == before, f"{role}'s refused post changed data"
            transaction.set_rollback(True)  # every example starts from the same rows

    url = access.url(world)  # the object in the state where the form is accepted
    valid, ids, before = access.data(world), known_ids(), stored_rows()
    other_urls, bodies = url_values(name, world, ids), post_data(valid, ids)
    post()
