"""Fixtures of the security and fuzz tests: one small world of clubs, players and matches for
every role, and fast password hashing for the many sign-ins."""

import pytest

from .world import World, build_world


@pytest.fixture
def world() -> World:
    return build_world()
