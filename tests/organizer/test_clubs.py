"""A club started from the site: its first organizer, its settings, organizers invited by mail
or link and removed (never the last), and public or members-only pages."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from league.clubs.models import Club
from league.clubs.services.clubs import (
    accept_invitation,
    create_club,
    invitation_token,
    remove_organizer,
    update_club,
)
from league.core.errors import NotAllowed, ServiceError
from tests.factories import ClubFactory, PlayerFactory, UserFactory, with_verified_address

pytestmark = pytest.mark.django_db

START = {"name": "The Big Gin Club", "description": "Tuesdays at the library.",
         "time_zone": "Europe/Paris", "default_ruleset": "classic", "is_public": "public"}


# Starting a club --------------------------------------------------------------------------------


def test_a_signed_in_user_starts_a_club_and_organizes_it(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("club-new"), START)
    club = Club.objects.get(name="The Big Gin Club")
    assert response.status_code == 302 and response.url == reverse("organizer-club",
                                                                   args=[club.slug])
    assert list(club.organizers.all()) == [user]
    assert (club.slug, club.time_zone, club.default_ruleset, club.is_public) == (
        "the-big-gin-club", "Europe/Paris", "classic", True)


def test_the_header_shows_organize_once_a_club_is_started(client):
    client.force_login(UserFactory())
    assert ">Organize<" not in client.get(reverse("home")).content.decode()
    client.post(reverse("club-new"), START)
    html = client.get(reverse("home")).content.decode()
    assert ">Organize<" in html
    assert "The Big Gin Club" in client.get(reverse("organize")).content.decode()


def test_the_home_page_offers_to_start_a_club(client):
    assert "Sign up to start a club" in client.get(reverse("home")).content.decode()
    client.force_login(UserFactory())
    assert reverse("club-new") in client.get(reverse("home")).content.decode()


def test_starting_a_club_needs_an_account(client):
    response = client.get(reverse("club-new"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_club_name_taken_in_any_case_is_a_form_error(client):
    ClubFactory(name="The Big Gin Club")
    client.force_login(UserFactory())
    response = client.post(reverse("club-new"), START | {"name": "the big GIN club"})
    assert response.status_code == 422
    assert "There is already a club called the big GIN club" in response.content.decode()
    assert Club.objects.filter(name__iexact="the big gin club").count() == 1


def test_an_unknown_time_zone_is_refused():
    with pytest.raises(ServiceError) as refused:
        create_club(actor=UserFactory(), name="Zed", time_zone="Mars/Olympus")
    assert refused.value.field == "time_zone"


def test_a_name_of_other_letters_gets_an_address_still():
    club = create_club(actor=UserFactory(), name="ジンラミー")
    assert club.slug == "club"
    assert create_club(actor=UserFactory(), name="ラミー").slug == "club-2"


def test_a_new_competition_starts_from_the_clubs_ruleset(client):
    user = UserFactory()
    club = create_club(actor=user, name="Classics", default_ruleset="classic")
    client.force_login(user)
    html = client.get(reverse("competition-new", args=[club.slug])).content.decode()
    assert re.search(r'name="preset" value="classic"[^>]*checked', html)
    assert not re.search(r'name="preset" value="standard"[^>]*checked', html)


# Settings ---------------------------------------------------------------------------------------


def test_an_organizer_edits_the_settings(client):
    user = UserFactory()
    club = create_club(actor=user, name="Old Name")
    client.force_login(user)
    response = client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "New Name", "is_public": "members"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.slug, club.is_public, club.time_zone) == (
        "New Name", "old-name", False, "Europe/Paris")


def test_only_organizers_edit_the_settings(client):
    club = create_club(actor=UserFactory(), name="Theirs")
    with pytest.raises(NotAllowed):
        update_club(club, actor=UserFactory(), name="Mine")
    client.force_login(UserFactory())
    assert client.get(reverse("club-settings", args=[club.slug])).status_code == 403
    assert client.post(reverse("club-settings", args=[club.slug]), START).status_code == 403
    assert Club.objects.get(pk=club.pk).name == "Theirs"


# Organizers -------------------------------------------------------------------------------------


def test_an_invitation_by_email_makes_the_reader_an_organizer(client,
                                                              django_capture_on_commit_callbacks):
    founder, helper = with_verified_address(UserFactory()), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    client.force_login(founder)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("club-invite", args=[club.slug]),
                               {"email": "helper@example.org"})
    assert response.status_code == 302
    assert mail.outbox[-1].to == ["helper@example.org"]
    link = re.search(r"http://testserver(/invitations/\S+/)", mail.outbox[-1].body).group(1)
    client.force_login(helper)
    assert "Accept as" in client.get(link).content.decode()
    assert client.post(link).status_code == 302
    assert set(club.organizers.all()) == {founder, helper}


def test_an_invitation_link_is_shown_to_pass_on(client):
    founder = UserFactory()
    club = create_club(actor=founder, name="Knockers")
    client.force_login(founder)
    html = client.post(reverse("club-invite", args=[club.slug]), {"link": "1"}).content.decode()
    assert re.search(r'value="http://testserver/invitations/\S+/"', html)


def test_an_altered_invitation_is_refused(client):
    client.force_login(UserFactory())
    response = client.post("/invitations/not-a-token/")
    assert response.status_code == 422
    assert "not valid" in response.content.decode()


def test_accepting_twice_is_refused():
    founder = UserFactory()
    club = create_club(actor=founder, name="Knockers")
    with pytest.raises(ServiceError, match="already organize"):
        accept_invitation(invitation_token(club, actor=founder), user=founder)


def test_only_an_organizer_makes_invitations():
    club = create_club(actor=UserFactory(), name="Knockers")
    with pytest.raises(NotAllowed):
        invitation_token(club, actor=UserFactory())


def test_an_invitation_makes_one_organizer_only(client):
    founder, helper, outsider = UserFactory(), UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    token = invitation_token(club, actor=founder)
    accept_invitation(token, user=helper)
    with pytest.raises(ServiceError, match="used already"):
        accept_invitation(token, user=outsider)
    client.force_login(outsider)
    response = client.post(reverse("organizer-invitation", args=[token]))
    assert response.status_code == 422
    assert "used already" in response.content.decode()
    assert set(club.organizers.all()) == {founder, helper}


def test_a_removed_organizer_cannot_use_his_own_invitation(client):
    founder, helper = UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    club.organizers.add(helper)
    token = invitation_token(club, actor=helper)
    remove_organizer(club, actor=founder, user=helper)
    client.force_login(helper)
    response = client.post(reverse("organizer-invitation", args=[token]))
    assert response.status_code == 422
    assert "no longer organizes the club" in response.content.decode()
    assert list(club.organizers.all()) == [founder]


def test_an_invitation_is_void_once_its_maker_stops_organizing_even_if_he_comes_back():
    founder, helper, outsider = UserFactory(), UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    club.organizers.add(helper)
    token = invitation_token(club, actor=helper)
    remove_organizer(club, actor=founder, user=helper)
    club.organizers.add(helper)
    with pytest.raises(ServiceError, match="void"):
        accept_invitation(token, user=outsider)
    assert set(club.organizers.all()) == {founder, helper}


def test_an_invitation_whose_maker_was_taken_off_in_the_admin_is_void():
    founder, helper, outsider = UserFactory(), UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    club.organizers.add(helper)
    token = invitation_token(club, actor=helper)
    club.organizers.remove(helper)
    with pytest.raises(ServiceError, match="void"):
        accept_invitation(token, user=outsider)
    assert list(club.organizers.all()) == [founder]


def test_an_organizer_removes_another(client):
    founder, helper = UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    club.organizers.add(helper)
    client.force_login(founder)
    response = client.post(reverse("club-remove-organizer", args=[club.slug, helper.pk]))
    assert response.status_code == 302
    assert list(club.organizers.all()) == [founder]


def test_the_last_organizer_is_never_removed(client):
    founder = UserFactory()
    club = create_club(actor=founder, name="Knockers")
    with pytest.raises(ServiceError, match="only organizer"):
        remove_organizer(club, actor=founder, user=founder)
    client.force_login(founder)
    response = client.post(reverse("club-remove-organizer", args=[club.slug, founder.pk]))
    assert response.status_code == 422
    assert list(club.organizers.all()) == [founder]


def test_the_organize_link_goes_when_the_user_organizes_no_more(client):
    founder, helper = UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Knockers")
    club.organizers.add(helper)
    client.force_login(helper)
    assert ">Organize<" in client.get(reverse("home")).content.decode()
    remove_organizer(club, actor=founder, user=helper)
    assert ">Organize<" not in client.get(reverse("home")).content.decode()


# Public or members only -------------------------------------------------------------------------


@pytest.fixture
def private_club():
    club = create_club(actor=UserFactory(username="founder"), name="Secret Gin",
                       is_public=False)
    PlayerFactory(club=club, name="Member", user=UserFactory(username="member"))
    return club


def test_a_members_only_club_is_hidden_from_visitors(client, private_club):
    response = client.get(reverse("club", args=[private_club.slug]))
    assert response.status_code == 403
    assert "for its members" in response.content.decode()
    assert "Secret Gin" not in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("username", ["founder", "member"])
def test_a_members_only_club_is_shown_to_its_members(client, private_club, username):
    client.force_login(private_club.organizers.model.objects.get(username=username))
    assert client.get(reverse("club", args=[private_club.slug])).status_code == 200
    assert "Secret Gin" in client.get(reverse("home")).content.decode()


def test_a_members_only_club_is_hidden_from_other_accounts(client, private_club):
    client.force_login(UserFactory())
    assert client.get(reverse("club", args=[private_club.slug])).status_code == 403


# Confirmation deadlines -------------------------------------------------------------------------


def test_an_organizer_sets_the_hours_a_result_waits_for_confirmation(client):
    user = UserFactory()
    club = create_club(actor=user, name="Deadline Club")
    assert club.confirm_within_hours == 48
    client.force_login(user)
    page = client.get(reverse("club-settings", args=[club.slug]))
    assert page.context["form"]["confirm_within_hours"].value() == 48
    response = client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "Deadline Club", "confirm_automatically": "after", "confirm_within_hours": "24"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.confirm_within_hours == 24


def test_an_organizer_chooses_never_to_confirm_automatically(client):
    user = UserFactory()
    club = create_club(actor=user, name="Patient Club")
    client.force_login(user)
    response = client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "Patient Club", "confirm_automatically": "never", "confirm_within_hours": ""})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.confirm_within_hours is None
    page = client.get(reverse("club-settings", args=[club.slug]))
    assert page.context["form"]["confirm_automatically"].value() == "never"


@pytest.mark.parametrize("hours, message", [
    ("", "Give the hours, or choose never."),
    ("0", "greater than or equal to 1"),
    ("1000", "Between 1 and 744 hours"),
])
def test_hours_to_confirm_out_of_range_are_refused(client, hours, message):
    user = UserFactory()
    club = create_club(actor=user, name="Strict Club")
    client.force_login(user)
    response = client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "Strict Club", "confirm_automatically": "after", "confirm_within_hours": hours})
    assert response.status_code == 422
    assert message in response.content.decode()
    club.refresh_from_db()
    assert club.confirm_within_hours == 48


def test_an_organizer_turns_off_verifying_at_the_table_and_an_older_form_leaves_it(client):
    user = UserFactory()
    club = create_club(actor=user, name="Table Club")
    assert club.verify_at_table is True
    client.force_login(user)
    page = client.get(reverse("club-settings", args=[club.slug]))
    assert page.context["form"]["verify_at_table"].value() == "yes"
    response = client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "Table Club", "confirm_automatically": "after", "confirm_within_hours": "48",
        "verify_at_table": "no"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.verify_at_table is False
    client.post(reverse("club-settings", args=[club.slug]), START | {
        "name": "Table Club", "confirm_automatically": "after", "confirm_within_hours": "48"})
    club.refresh_from_db()
    assert club.verify_at_table is False  # an older form without the choice leaves it
