"""The fuzz tests post as the roles of the security tests' world: the same fixtures."""

from tests.security.conftest import world

__all__ = ["world"]
