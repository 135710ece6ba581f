"""A club's language: its pages speak it to a visitor who chose no language (no account
preference, no language menu) and whose browser asks for none the site offers; the reader's
own choice, then his browser's, come first. A mail goes in the recipient's account language,
else in the club's, else in English."""

import pytest
from django.conf import settings
from django.urls import reverse

from league.accounts.reading import keep_preferences
from league.core.languages import mail_language
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _lang(response) -> str:
    return response.content.decode().split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.fixture
def club():
    return ClubFactory(name="Mainzer Gin-Runde", default_language="de")


def test_a_club_speaks_the_sites_language_unless_it_chose_another():
    assert ClubFactory().default_language == settings.LANGUAGE_CODE


def test_a_visitor_who_chose_nothing_reads_the_club_in_its_language(client, club):
    response = client.get(reverse("club", args=[club.slug]))
    assert _lang(response) == "de"
    assert response["Content-Language"] == "de"
    assert "Anmelden" in response.content.decode()
    assert '<h2 id="seasons">Saisons</h2>' in response.content.decode()


def test_the_players_page_of_the_club_is_in_its_language_too(client, club):
    player = PlayerFactory(club=club)
    assert _lang(client.get(reverse("player", args=[player.pk]))) == "de"


def test_the_browsers_language_wins_over_the_clubs(client, club):
    response = client.get(reverse("club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="es-ES,es")
    assert _lang(response) == "es"


def test_a_browser_asking_for_no_offered_language_leaves_the_club_to_decide(client, club):
    response = client.get(reverse("club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ja,fr;q=0.8")
    assert _lang(response) == "de"


def test_the_language_menus_choice_wins_over_the_clubs(client, club):
    client.post(reverse("choose-language"), {"language": "en", "next": "/"})
    assert _lang(client.get(reverse("club", args=[club.slug]))) == "en"


def test_the_accounts_language_wins_over_the_clubs(client, club):
    user = UserFactory()
    keep_preferences(user, language="es")
    client.force_login(user)  # signing in brings the account's choice into the session
    assert _lang(client.get(reverse("club", args=[club.slug]))) == "es"


def test_a_page_of_no_club_stays_in_english(client, club):
    assert _lang(client.get("/")) == "en"


def test_the_organizer_sets_the_clubs_language_on_its_settings_page(client, club):
    organizer = UserFactory()
    club.organizers.add(organizer)
    client.force_login(organizer)
    data = {
        "name": club.name,
        "description": "",
        "time_zone": "Europe/Berlin",
        "default_ruleset": "standard",
        "is_public": "public",
        "default_language": "es",
        "confirm_automatically": "after",
        "confirm_within_hours": "48",
        "verify_at_table": "yes",
    }
    response = client.post(reverse("club-settings", args=[club.slug]), data)
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.default_language == "es"
    client.logout()
    assert _lang(client.get(reverse("club", args=[club.slug]))) == "es"


def test_a_language_not_offered_is_refused_on_the_settings_page(client, club):
    organizer = UserFactory()
    club.organizers.add(organizer)
    client.force_login(organizer)
    data = {
        "name": club.name,
        "time_zone": "UTC",
        "default_ruleset": "standard",
        "is_public": "public",
        "default_language": "xx",
        "confirm_automatically": "never",
    }
    response = client.post(reverse("club-settings", args=[club.slug]), data)
    assert response.status_code == 422
    club.refresh_from_db()
    assert club.default_language == "de"


@pytest.mark.parametrize(
    ("account", "club_language", "expected"),
    [
        ("es", "de", "es"),  # the account's own choice first
        ("", "de", "de"),  # none: the club's
        ("", "", "en"),  # neither: the site's
        ("xx", "zz", "en"),  # nothing offered: the site's
    ],
)
def test_a_mail_is_written_in_the_accounts_language_then_the_clubs(
    account, club_language, expected
):
    assert mail_language(account, club_language) == expected
