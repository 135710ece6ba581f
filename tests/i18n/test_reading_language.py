"""Which language a page is read in: the reader's own choice (kept with his account when signed
in, in the language cookie otherwise), then his browser's languages, then English."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HOME = "/"


def _lang(response) -> str:
    return response.content.decode().split('<html lang="', 1)[1].split('"', 1)[0]


def test_a_first_visit_reads_the_browsers_language(client):
    response = client.get(HOME, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert _lang(response) == "de"
    assert response["Content-Language"] == "de"
    assert "Anmelden" in response.content.decode()


def test_a_browser_language_not_shipped_reads_english(client):
    response = client.get(HOME, HTTP_ACCEPT_LANGUAGE="ja,fr;q=0.8")
    assert _lang(response) == "en"
    assert "Sign in" in response.content.decode()


def test_the_language_menu_changes_the_language_and_comes_back_to_the_page(client):
    response = client.post(reverse("choose-language"), {"language": "es", "next": "/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    page = client.get(HOME, HTTP_ACCEPT_LANGUAGE="de")
    assert _lang(page) == "es"  # the choice made wins over the browser's
    assert "Iniciar sesión" in page.content.decode()


def test_the_language_menu_refuses_a_language_not_offered_and_keeps_the_page(client):
    response = client.post(reverse("choose-language"), {"language": "xx", "next": "/rules/"},
                           follow=True)
    assert response.redirect_chain[-1][0] == "/rules/"
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies
    assert "That language is not offered" in response.content.decode()


def test_the_language_menu_never_sends_the_reader_to_another_site(client):
    response = client.post(reverse("choose-language"),
                           {"language": "de", "next": "https://evil.example.com/"})
    assert response["Location"] == reverse("home")


def test_a_signed_in_choice_is_kept_with_the_account_on_every_device(client):
    user = UserFactory(username="jose")
    client.force_login(user)
    client.post(reverse("choose-language"), {"language": "es", "next": HOME})
    # Another device: no cookie, an English browser; signing in brings the choice along.
    other = client_class_for(client)
    other.force_login(user)
    page = other.get(HOME, HTTP_ACCEPT_LANGUAGE="en")
    assert _lang(page) == "es"


def test_the_preferences_page_keeps_language_and_larger_text(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("account-preferences"),
                           {"language": "de", "larger_text": "on"}, follow=True)
    html = response.content.decode()
    assert _lang(response) == "de"
    assert '<html lang="de" class="larger-text">' in html
    assert "Ihre Leseeinstellungen sind gespeichert." in html
    preferences = user.reading_preferences
    assert (preferences.language, preferences.larger_text) == ("de", True)


def test_larger_text_follows_the_account_to_a_new_sign_in(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("account-preferences"), {"language": "en", "larger_text": "on"})
    client.logout()
    assert 'class="larger-text"' not in client.get(HOME).content.decode()
    client.force_login(user)
    assert '<html lang="en" class="larger-text">' in client.get(HOME).content.decode()


def test_the_preferences_page_refuses_an_unknown_language_beside_the_field(client):
    client.force_login(UserFactory())
    response = client.post(reverse("account-preferences"), {"language": "klingon"})
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()


def test_the_preferences_page_needs_a_signed_in_reader(client):
    response = client.get(reverse("account-preferences"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def client_class_for(client):
    return type(client)()


def test_the_rule_book_says_in_the_readers_language_that_it_is_in_english(client):
    german = client.get(reverse("gameplay:rules"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das Regelwerk gibt es vorerst nur auf Englisch" in german
    assert '<article class="rule-book" lang="en">' in german
    english = client.get(reverse("gameplay:rules"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "English only for now" not in english
