"""Tokens and mail caps under simultaneous use: one invitation accepted by two people at once
makes one organizer, and two lists mailed at once by two organizers stay within the club's cap.
In real parallel threads (tests/reliability/conftest.py), on PostgreSQL."""

from __future__ import annotations

from functools import partial

import pytest

from league.clubs.models import Club
from league.clubs.services.clubs import accept_invitation, create_club, invitation_token
from league.clubs.services.players import add_players, split_pasted
from tests.factories import UserFactory, with_verified_address

from .conftest import at_once, one_took_effect, postgres_only

pytestmark = [*postgres_only, pytest.mark.django_db(transaction=True)]

REPEATS = 4


def test_one_invitation_accepted_by_two_at_once_makes_one_organizer():
    for n in range(REPEATS):
        founder = UserFactory()
        club = create_club(actor=founder, name=f"Race Club {n}")
        token = invitation_token(club, actor=founder)
        first, second = UserFactory(), UserFactory()
        _, refused = one_took_effect(at_once(partial(accept_invitation, token, user=first),
                                             partial(accept_invitation, token, user=second)))
        assert "used already" in refused.refusal.message
        assert Club.objects.get(pk=club.pk).organizers.count() == 2


def test_two_lists_mailed_at_once_by_two_organizers_stay_within_the_clubs_cap(settings):
    settings.CLUB_MAILS_PER_CLUB_HOUR = 3
    for n in range(REPEATS):
        founder = with_verified_address(UserFactory())
        helper = with_verified_address(UserFactory())
        club = create_club(actor=founder, name=f"Mail Club {n}")
        club.organizers.add(helper)

        def pasted(who: str) -> list[list[str]]:
            return split_pasted(f"{who} A, {who}a@example.net\n{who} B, {who}b@example.net")

        _, refused = one_took_effect(at_once(
            partial(add_players, club, actor=founder, rows=pasted("Ann"), site="http://x/"),
            partial(add_players, club, actor=helper, rows=pasted("Bob"), site="http://x/")))
        assert "may send at most 3 mails an hour" in refused.refusal.message
        assert club.players.count() == 2
