"""The load test's signed-in visitors are signed in: the sessions it writes name the backend the
site signs in with, so its "signed-in" pages are the pages a signed-in player gets."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from benchmarks.load.build import session_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_session_the_load_test_writes_signs_its_user_in():
    user = UserFactory()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session_of(user)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.wsgi_request.user == user
