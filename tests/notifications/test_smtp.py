"""Notification mail through a real SMTP server (aiosmtpd, on 127.0.0.1, started here)."""

import socket
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from django.test import Client, override_settings

from league.notifications import services
from league.notifications.models import Kind, Notification

from .conftest import EVENTS

pytestmark = pytest.mark.django_db


class Inbox:
    """Keeps what the server accepted; refuses the first `refuse` messages with a 451."""

    def __init__(self, refuse: int = 0):
        self.messages = []
        self.refuse = refuse

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            self.refuse -= 1
            return "451 Try again later"
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default)))
        return "250 Message accepted"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    def start(inbox: Inbox):
        port = free_port()
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        controller.start()
        started.append(controller)
        return override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                                 EMAIL_HOST="127.0.0.1", EMAIL_PORT=port, EMAIL_USE_TLS=False,
                                 EMAIL_USE_SSL=False, EMAIL_HOST_USER="",
                                 EMAIL_HOST_PASSWORD="", EMAIL_TIMEOUT=5)

    started = []
    yield start
    for controller in started:
        controller.stop()


def test_the_opponent_gets_one_mail_with_its_unsubscribe_headers(club, smtp, tasks_run):
    inbox = Inbox()
    _who, event = EVENTS[Kind.RESULT_TO_CONFIRM]
    with smtp(inbox):
        event(club)
        for task, args, kwargs in list(tasks_run):  # delivered again
            task.apply(args=args, kwargs=kwargs)
    [(to, message)] = inbox.messages
    assert to == [club.b.email]
    assert message["Subject"] == "Gin League: Your opponent reported a result"
    unsubscribe = str(message["List-Unsubscribe"]).strip()
    assert unsubscribe.startswith("<http://127.0.0.1:8000/notifications/unsubscribe/")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    body = message.get_content()
    assert "America/Los_Angeles" in body and "Confirm or dispute it by" in body
    # the mail program's one click: a POST to the header's address, signed out, no CSRF token
    path = unsubscribe.strip("<>").removeprefix("http://127.0.0.1:8000")
    assert Client(enforce_csrf_checks=True).post(path).status_code == 200
    assert services.channel_of(club.b, Kind.RESULT_TO_CONFIRM) == "in_app"


def test_a_mail_the_server_refused_is_sent_by_the_next_run_and_only_once(club, smtp):
    inbox = Inbox(refuse=1)
    notification = Notification.objects.create(user=club.b, kind=Kind.MATCH_READY,
                                               key="ready:test", text="Your match is ready.")
    with smtp(inbox):
        with pytest.raises(Exception, match="Try again later"):
            services.mail_once(notification)
        notification.refresh_from_db()
        assert notification.emailed_at is None  # given back for the retry
        assert services.mail_once(notification) is True
        assert services.mail_once(notification) is False
    assert len(inbox.messages) == 1
