"""Each recipient's mail through a real SMTP server (aiosmtpd) in his language: his account's
choice, else his club's, else English; the subject too."""

import pytest

from league.accounts.reading import keep_preferences
from league.clubs.services.clubs import invite_by_email
from league.notifications.models import Kind, Notification

from .conftest import EVENTS
from .test_smtp import Inbox, smtp  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def _mails(inbox: Inbox) -> dict:
    return {to[0]: message for to, message in inbox.messages}


def test_a_german_reader_gets_his_mail_in_german_and_an_english_one_in_english(club, smtp):  # noqa: F811
    keep_preferences(club.a, language="de")
    keep_preferences(club.b, language="en")
    inbox = Inbox()
    _who, event = EVENTS[Kind.RESULT_RESOLVED]
    with smtp(inbox):
        event(club)
    mails = _mails(inbox)
    german, english = mails[club.a.email], mails[club.b.email]
    assert german["Subject"] == "Gin League: Ein Streit um Ihre Begegnung wurde entschieden"
    assert "ist entschieden: das gemeldete Ergebnis bleibt bestehen." in german.get_content()
    assert "Diese E-Mails mit einem Klick abbestellen:" in german.get_content()
    assert english["Subject"] == "Gin League: A dispute about your match was resolved"
    assert "is resolved: the reported result stands." in english.get_content()
    # and the notification on the site is in the reader's language too
    assert Notification.objects.get(user=club.a, kind=Kind.RESULT_RESOLVED).language == "de"


def test_a_reader_who_chose_no_language_gets_the_clubs(club, smtp):  # noqa: F811
    club.club.default_language = "es"
    club.club.save()
    inbox = Inbox()
    _who, event = EVENTS[Kind.RESULT_TO_CONFIRM]
    with smtp(inbox):
        event(club)
    [(to, message)] = inbox.messages
    assert to == [club.b.email]
    assert message["Subject"] == "Gin League: Su rival ha comunicado un resultado"
    assert "Confírmelo o impúgnelo antes del" in message.get_content()


def test_the_accounts_language_wins_over_the_clubs(club, smtp):  # noqa: F811
    club.club.default_language = "es"
    club.club.save()
    keep_preferences(club.b, language="de")
    inbox = Inbox()
    _who, event = EVENTS[Kind.RESULT_TO_CONFIRM]
    with smtp(inbox):
        event(club)
    [(_to, message)] = inbox.messages
    assert message["Subject"] == "Gin League: Ihr Gegner hat ein Ergebnis gemeldet"


def test_an_invitation_to_an_address_without_account_goes_in_the_clubs_language(club, smtp):  # noqa: F811
    club.club.default_language = "de"
    club.club.save()
    inbox = Inbox()
    with smtp(inbox), club.commit():
        invite_by_email(
            club.club, actor=club.organizer, email="neu@example.com", site="http://testserver/"
        )
    [(to, message)] = inbox.messages
    assert to == ["neu@example.com"]
    assert message["Subject"] == f"Gin League: Helfen Sie, {club.club.name} zu organisieren"
    assert "Der Link funktioniert einmal, 7 Tage lang." in message.get_content()
