import pytest


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """The factories' users need a password; a slow hasher would dominate these tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
