"""Errors a service raises for the user to read. Views show the message next to the form."""


class ServiceError(Exception):
    """A refused action: the message says what is wrong and how to fix it."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Changed(ServiceError):
    """What the user saw changed before his action reached it: nothing was done, and the page
    shows what it is now."""


class NotAllowed(ServiceError):
    """The user may not do this (wrong role, or not their match or club)."""
