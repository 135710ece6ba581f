"""Every kind of notification: told once, as the user chose, with a mail whose unsubscribe
link works without signing in."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from league.notifications.events import audit_entry
from league.notifications.models import Channel, Kind, Notification, Preference
from league.notifications.reminders import sweep

from .conftest import EVENTS, SWEPT

pytestmark = pytest.mark.django_db
KINDS = list(EVENTS)


def test_every_kind_has_an_event_here():
    assert set(KINDS) == set(Kind.values)


def told(user, kind):
    return list(Notification.objects.filter(user=user, kind=kind))


def mails_to(user, kind):
    return [m for m in mail.outbox
            if m.to == [user.email] and m.subject == f"Gin League: {Kind(kind).label}"]


def happens(club, kind):
    """The event of that kind; the user it must tell."""
    who, event = EVENTS[kind]
    user = who(club)
    event(club)
    return user


@pytest.mark.parametrize("kind", KINDS)
def test_the_user_is_told_once_on_the_site_and_by_mail(club, kind):
    user = happens(club, kind)
    [notification] = told(user, kind)
    assert notification.read_at is None and notification.emailed_at is not None
    [message] = mails_to(user, kind)
    assert notification.text in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


@pytest.mark.parametrize("kind", KINDS)
def test_every_task_run_again_tells_nobody_twice(club, kind, tasks_run):
    user = happens(club, kind)
    before = Notification.objects.count(), len(mail.outbox)
    assert tasks_run or kind in SWEPT  # the reminders and overdue matches are the periodic's
    for task, args, kwargs in list(tasks_run):  # a retry, or the broker handing them out again
        task.apply(args=args, kwargs=kwargs)
    if kind in SWEPT:  # the periodic task again, at once and an hour later
        sweep(club.swept_at)
        sweep(club.swept_at + timedelta(hours=1))
    assert (Notification.objects.count(), len(mail.outbox)) == before
    assert len(told(user, kind)) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_on_the_site_only_sends_no_mail(club, kind):
    who, event = EVENTS[kind]
    user = who(club)
    Preference.objects.create(user=user, kind=kind, channel=Channel.IN_APP)
    event(club)
    assert len(told(user, kind)) == 1
    assert mails_to(user, kind) == []


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_tells_nothing(club, kind):
    who, event = EVENTS[kind]
    user = who(club)
    Preference.objects.create(user=user, kind=kind, channel=Channel.NOTHING)
    event(club)
    assert told(user, kind) == []
    assert mails_to(user, kind) == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_unsubscribe_link_of_the_mail_works_signed_out(club, kind):
    user = happens(club, kind)
    [message] = mails_to(user, kind)
    link = re.search(r"Stop these mails with one click: http://[^/]+(\S+)", message.body).group(1)
    visitor = Client(enforce_csrf_checks=True)
    asked = visitor.get(link)
    assert asked.status_code == 200 and "Stop these mails" in asked.content.decode()
    assert not Preference.objects.filter(user=user).exists()  # opening the link changes nothing
    done = visitor.post(link)  # no CSRF token: a mail program's one-click POST has none
    assert done.status_code == 200 and "no more mail" in done.content.decode()
    assert Preference.objects.get(user=user, kind=kind).channel == Channel.IN_APP
    assert Preference.objects.filter(user=user).count() == 1  # the other kinds are still mailed


def test_telling_of_a_reported_result_reads_the_report_with_its_winner(club, tasks_run,
                                                                       django_assert_num_queries):
    """The audit entry, the match with its players, the pending report with its winner's
    name; then the opponent's choice, the notification written once (get_or_create in its
    savepoint) and its mail claimed."""
    club.report()
    [(_, args, _)] = [run for run in tasks_run if run[0].name.endswith("notify_audit_entry")]
    Notification.objects.all().delete()
    with django_assert_num_queries(9):
        assert audit_entry(*args) == 1
