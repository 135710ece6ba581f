"""Fixtures of the security and fuzz tests: one small world of clubs, players and matches for
every role, and fast password hashing for the many sign-ins."""

import pytest

from .world import World, build_world


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world() -> World:
    return build_world()
