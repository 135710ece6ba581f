"""The engine's errors. Each is a ValueError whose message names the problem."""


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input or an illegal action."""


class InvalidCards(EngineError):
    """Cards that cannot be read or cannot be together: an unknown token, a card given twice,
    a card in both hands, the wrong number of cards."""


class IllegalKnock(EngineError):
    """A knock the rules do not allow, e.g. deadwood over the knock limit."""


class InvalidRuleset(EngineError):
    """A ruleset setting that is unknown or out of range."""


class IllegalAction(EngineError):
    """An action the rules or the state do not allow now; the message says why."""


class InvalidEvent(EngineError):
    """An event dict that cannot be read: unknown type, missing or malformed field."""
