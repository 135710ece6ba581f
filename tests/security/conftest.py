"""Fixtures of the security and fuzz tests: one small world of clubs, players and matches for
every role, each role signed in.

The world is built once per test module, in a transaction rolled back when the module's tests
are done, and every test reads it afresh inside its own transaction (rolled back after it), as
Django's TestCase.setUpTestData does: each test still meets the same rows, and the hundreds of
tests of the permission matrix, the CSRF checks and the posting fuzz do not each build it and
sign six people in again."""

from collections.abc import Iterator

import pytest
from django.db import transaction

from .world import World, build_world


@pytest.fixture(scope="module")
def _module_world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with django_db_blocker.unblock(), transaction.atomic():
        world = build_world()
        world.sign_in_everyone()
        yield world
        transaction.set_rollback(True)


@pytest.fixture
def world(_module_world: World, db) -> World:
    return _module_world.reloaded()
