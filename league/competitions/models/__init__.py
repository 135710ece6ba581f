"""Competitions, their entries, rounds and matches, and the verified results of the matches:
one module per concern, every model importable from here."""

from .audit import AuditEntry, CompetitionAudit
from .competitions import Competition, Seat, Stage
from .entries import Entry, StageEntry
from .kept_tables import KeptStandings
from .ladders import LadderChallenge, LadderEvent
from .matches import Match, Round
from .nights import CheckIn, ClubNight
from .outbox import FollowUp
from .results import ResultReport
from .tables import TableLink

__all__ = ["AuditEntry", "CheckIn", "ClubNight", "Competition", "CompetitionAudit", "Entry",
           "FollowUp", "KeptStandings", "LadderChallenge", "LadderEvent", "Match", "ResultReport",
           "Round", "Seat", "Stage", "StageEntry", "TableLink"]
