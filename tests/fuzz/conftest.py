"""The fuzz tests post as the roles of the security tests' world: the same fixtures."""

from tests.security.conftest import quick_passwords, world

__all__ = ["quick_passwords", "world"]
