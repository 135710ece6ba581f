"""The fuzz tests post as the roles of the security tests' world: the same fixtures."""

from tests.security.conftest import _module_world, world

__all__ = ["_module_world", "world"]
