"""The league's services: the only code that writes. Each owns its transaction."""

from .errors import NotAllowed, ServiceError

__all__ = ["NotAllowed", "ServiceError"]
