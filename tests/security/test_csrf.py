"""Every form of the site checks its CSRF token: posted without it, by
someone who may use the form, it is refused with Django's reason and changes nothing; with the
token from the page the same post gets what tests/security/access.py says."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from tests.conftest import empty_caches

from .access import FORBIDDEN, SIGN_IN, TABLE
from .checks import outcome, text_of
from .world import ROLES, stored_rows

pytestmark = pytest.mark.django_db

# Posted without a token on purpose: a mail program's one-click unsubscribe (RFC 8058) has no
# page to take one from; its signed token is the authority, and the POST only stops one kind of
# mail for the token's user (tests/notifications).
CSRF_EXEMPT = {"notification-unsubscribe"}
FORMS = sorted(name for name, access in TABLE.items()
               if access.post is not None and name not in CSRF_EXEMPT)


def allowed_role(name: str) -> str:
    """Someone the form is for: the first role who is not refused for who they are."""
    return next(role for role in ROLES if TABLE[name].post[role] not in (SIGN_IN, FORBIDDEN))


@pytest.mark.parametrize("name", FORMS)
def test_a_form_posted_without_its_csrf_token_is_refused_and_changes_nothing(world, name):
    access, role = TABLE[name], allowed_role(name)
    empty_caches()
    url = access.url(world)
    client = world.client(role, enforce_csrf_checks=True)
    before = stored_rows()
    response = client.post(url, access.data(world))
    assert response.status_code == 403
    assert "CSRF verification failed" in text_of(response)
    assert stored_rows() == before


@pytest.mark.parametrize("name", FORMS)
def test_the_same_form_with_the_token_of_the_page_goes_through(world, name):
    access, role = TABLE[name], allowed_role(name)
    empty_caches()
    with transaction.atomic():
        url = access.url(world)
        client = world.client(role, enforce_csrf_checks=True)
        client.get(reverse("home"))  # every page sets the token (htmx sends it as a header)
        token = client.cookies["csrftoken"].value
        response = client.post(url, {**access.data(world), "csrfmiddlewaretoken": token})
        assert outcome(response) == access.post[role]  # what the permission table says
        transaction.set_rollback(True)
