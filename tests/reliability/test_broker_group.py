"""The tests on the one test broker (a real Celery worker, a worker process killed and restarted)
run in one pytest-xdist worker, one after the other: two workers consuming the same queue would
take each other's tasks into the wrong test database."""

import pytest

# Among the tests it checks: in the lane of the tests on the broker.
pytestmark = pytest.mark.lane("worker")

BROKER_FILES = ("tests/formats/test_worker.py", "tests/reliability/test_follow_ups_worker.py",
                "tests/reliability/test_live_worker_logging.py", "tests/reliability/test_worker.py")


def broker_tests(request) -> list:
    return [item for item in request.session.items
            if item.nodeid.split("::", 1)[0] in BROKER_FILES]


def test_every_broker_test_is_of_the_broker_group(request):
    if not request.config.pluginmanager.hasplugin("xdist"):
        pytest.skip("run without pytest-xdist (-p no:xdist): one process, no group to keep")
    found = broker_tests(request)
    if not found:  # a run of some other tests only
        return
    groups = {item.nodeid: [mark.args for mark in item.iter_markers("xdist_group")]
              for item in found}
    assert all(marks == [("broker",)] for marks in groups.values()), groups


def test_pytest_xdist_hands_the_broker_group_to_one_worker(request):
    """Under `--dist loadgroup`, xdist keeps a group together by the `@group` it appends to each
    of its tests' ids, from the markers set when it reads them."""
    if not request.config.getoption("loadgroup", default=False):
        return  # no pytest-xdist scheduling by group in this run
    assert all(item.nodeid.endswith("@broker") for item in broker_tests(request))
