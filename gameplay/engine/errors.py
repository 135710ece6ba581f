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


class KnockOverLimit(IllegalKnock):
    """A knock whose deadwood is over the hand's knock limit: the opponent may accept it or
    have the knocker play on exposed (Hoyle's irregularities, Illegal Knock)."""

    def __init__(self, message: str, *, deadwood: int, limit: int) -> None:
        super().__init__(message)
        self.deadwood = deadwood
        self.limit = limit


class InvalidCounts(EngineError):
    """Deadwood counts that no hand can have or the outcome does not allow; ``side`` is the
    count it is about ("knocker" or "defender")."""

    def __init__(self, message: str, *, side: str) -> None:
        super().__init__(message)
        self.side = side
