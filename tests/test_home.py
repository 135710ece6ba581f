import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_page_renders_for_a_visitor(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"Gin League" in response.content
