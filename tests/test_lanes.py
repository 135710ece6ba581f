"""What tests/conftest.py decides for every test: the lane of `make test` it runs in, and
whether a confirmed result sets off its ratings and notifications as well as its progression."""

import re
from pathlib import Path

import pytest

from league.competitions.base import outbox
from league.competitions.models import FollowUp
from league.notifications import receivers
from tests.conftest import LANES, _not_sent
from tests.factories import MatchFactory


def test_make_test_runs_every_lane_in_order():
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text()
    (lanes,) = re.findall(r"^LANES \?= (.+)$", makefile, re.MULTILINE)
    assert tuple(lanes.split()) == LANES


@pytest.mark.django_db
def test_a_result_sets_off_only_its_progression_unless_the_test_asks_for_more():
    recorded = outbox.enqueue_result_follow_up(MatchFactory())
    assert [row.kind for row in recorded] == [FollowUp.Kind.PROGRESS]
    assert receivers.send_after_commit is _not_sent


@pytest.mark.follow_ups
@pytest.mark.django_db
def test_a_test_marked_follow_ups_keeps_the_whole_chain():
    recorded = outbox.enqueue_result_follow_up(MatchFactory())
    assert [row.kind for row in recorded] == [FollowUp.Kind.PROGRESS, FollowUp.Kind.RATE,
                                              FollowUp.Kind.STATISTICS]
    assert receivers.send_after_commit is not _not_sent
