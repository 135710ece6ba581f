"""The fixed parts of every page (header links, footer, language menu) are rendered once per
language and reused: each reader still reads them in his own language, with his language
selected in the menu, and what belongs to the request (the CSRF token, the page to come back
to, the sign-in link's way back) is written for each request."""

import re

import pytest
from django.conf import settings
from django.template import engines
from django.utils import translation

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def footer(html: str) -> str:
    return html.split("<footer", 1)[1]


def in_language(code: str, text: str) -> str:
    with translation.override(code):
        return translation.gettext(text)


@pytest.mark.parametrize("order", [("en", "de", "es", "en", "de"), ("de", "es", "en", "es")])
def test_each_reader_reads_the_frame_in_his_language_whatever_was_read_before(client, order):
    for code in order:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
        html = client.get("/rules/").content.decode()
        assert in_language(code, "Rulings") in html.split("</header>")[0]
        assert in_language(
            code, "Gin League: scores, standings and ratings for Gin Rummy clubs."
        ) in footer(html)
        selected = re.findall(r'<option value="(\w+)" lang="\w+" selected>', html)
        assert selected == [code]


def test_what_belongs_to_the_request_is_written_for_each_request(client):
    first = client.get("/rules/").content.decode()
    second = client.get("/rulings/?page=2").content.decode()
    assert 'name="next" value="/rules/"' in footer(first)
    assert 'name="next" value="/rulings/?page=2"' in footer(second)
    assert "?next=/rulings/%3Fpage%3D2" in second.split("</header>")[0]
    tokens = [
        re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', footer(html)).group(1)
        for html in (first, second)
    ]
    assert tokens[0] != tokens[1]  # masked anew for each response


def test_a_signed_in_reader_gets_his_own_header_after_a_visitor(client):
    client.get("/rules/")
    user = UserFactory(username="ada-reads")
    client.force_login(user)
    header = client.get("/rules/").content.decode().split("</header>")[0]
    assert "ada-reads" in header and "/accounts/logout/" in header


def test_a_frame_rendered_without_a_request_is_not_kept():
    template = engines["django"].from_string(
        '{% load site_frame %}{% per_language "test-frame" %}{{ word }}{% endper_language %}'
    )
    assert template.render({"word": "one"}) == "one"
    assert template.render({"word": "two"}) == "two"


def header_of(client) -> str:
    return client.get("/rules/").content.decode().split("</header>")[0]


def test_each_signed_in_reader_gets_the_header_of_his_own_name_club_and_notifications(client):
    from league.clubs.models import Club
    from league.notifications.services import notify

    organizer = UserFactory(username="olga-organizes")
    Club.objects.create(name="Riverside", slug="riverside").organizers.add(organizer)
    for number in range(2):
        notify(organizer, "result_confirmed", key=f"header-{number}", text="A result")
    player = UserFactory(username="pete-plays")

    client.force_login(organizer)
    first = header_of(client)
    assert "olga-organizes" in first and "/organize/" in first
    assert '<span class="badge">2</span>' in first
    client.force_login(player)
    second = header_of(client)
    assert "pete-plays" in second and "olga-organizes" not in second
    assert "/organize/" not in second and 'class="badge"' not in second

    notify(organizer, "result_confirmed", key="header-2", text="Another result")
    client.force_login(organizer)
    assert '<span class="badge">3</span>' in header_of(client)


def test_the_sign_out_form_carries_a_token_of_its_own_request(client):
    client.force_login(UserFactory(username="ada-reads"))
    tokens = [re.search(r'action="/accounts/logout/" class="inline"><input type="hidden" '
                        r'name="csrfmiddlewaretoken" value="([^"]+)"', header_of(client)).group(1)
              for _ in range(2)]
    assert tokens[0] != tokens[1]  # masked anew for each response
