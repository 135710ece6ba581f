"""Club nights: an evening of play for one competition, paired from the players present.

- The organizer schedules a night ahead (`schedule_night`) or opens one on the evening
  (`open_night`); a competition has at most one night open. Only a running Swiss or league
  without stages has nights (a knockout's bracket and a ladder's challenges pair themselves).
- A player checks in himself (his entry in the competition, from the night's page) or the
  organizer ticks him present; either may check him out again (he left). A player who left and
  comes back checks in again. Only while the night is open, only an entry not withdrawn.
- Swiss: the organizer pairs each round of the night (`pair_night_round`) from the entries
  present (checked in, not left, not withdrawn), once the round before is complete and no
  decision is pending: the usual Swiss pairing from the confirmed results over those players
  only, a bye if they are odd, tables numbered 1..n in pairing order. An absent player gets no
  match that round: the tiebreaks count it as a round he chose not to play
  (league.competitions.algorithms.tiebreaks). While a night is open, or after a round paired at one,
  or before round 1 of a Swiss started for a night, no round is paired automatically
  (league.competitions.formats.swiss_rounds.paired_at_nights): the next round waits for the
  organizer at the next night.
- League: the night plays the open fixtures of its rounds (those whose dates include the
  night's date; undated, the first round with an open fixture). `pair_night_round` seats at
  tables 1..n the fixtures whose two players are present; a fixture with a player absent is
  left to the organizer: postponed (a later play-by date) or a no-show recorded
  (league.competitions.results.forfeits).
- A walk-in (`walk_in`): a club player not entered, or a newcomer added to the club by name, is
  entered late (league.competitions.entries.late_entries, with its refusals) and checked in at once,
  in one transaction: paired from the night's next round (a Swiss audits his first pairing as a
  late entry).
- A walk-in entered by mistake (the wrong player picked, a name mistyped) is taken out again
  (`undo_walk_in`) until he is paired: his entry goes, and the player too when the walk-in added
  him to the club. A league walk-in is paired at once (his fixtures are made as he enters), so
  only a Swiss walk-in can be taken out; after that, withdrawal is the way.
- A player who leaves with his match of the night unplayed: the organizer records it as his
  forfeit or his no-show (`settle_left_match`, league.competitions.results.forfeits), or lets it be
  played later.
- `close_night` ends it: the matches of its rounds are finished and entered as usual after.
- After a night, a Swiss whose latest round was paired at one waits for the next night; the
  organizer may instead pair the next round from every active entry (`pair_from_every_entry`),
  and the Swiss is then paired automatically again, as before nights.

This module schedules, opens and closes the nights; who is present is `attendance`, the
rounds and fixtures of a night `pairing`, the locks and refusals they share `guards`.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.permissions import require_organizer
from league.competitions.models import ClubNight, Competition
from league.competitions.nights.guards import (
    CLOSED,
    OPEN,
    SCHEDULED,
    locked_competition,
    locked_open_night,
)
from league.core.dates import require_in_bounds
from league.core.errors import ServiceError
from league.core.names import one_line

PLACE_MAX = ClubNight._meta.get_field("place").max_length


def schedule_night(competition_id: int, *, actor, starts_at: datetime,
                   place: str = "") -> ClubNight:
    """A night announced ahead, at `place` (empty: the club's usual place); it is opened on
    the evening."""
    require_in_bounds(starts_at, field="starts_at")
    with transaction.atomic():
        competition = locked_competition(competition_id, actor)
        if starts_at < timezone.now():
            raise ServiceError(_("Choose a time still to come for the next night."),
                               field="starts_at")
        return ClubNight.objects.create(competition=competition, starts_at=starts_at,
                                        place=one_line(place)[:PLACE_MAX])


def open_night(competition_id: int, *, actor, night_id: int | None = None) -> ClubNight:
    """Open the scheduled night `night_id`, or a new one starting now."""
    with transaction.atomic():
        competition = locked_competition(competition_id, actor)
        if competition.nights.filter(status=OPEN).exists():
            raise ServiceError(_("A club night is already open for this competition: close it "
                               "first."))
        now = timezone.now()
        if night_id is None:
            night = ClubNight(competition=competition, starts_at=now)
        else:
            night = (ClubNight.objects.select_for_update()
                     .filter(pk=night_id, competition=competition).first())
            if night is None:
                raise ServiceError(_("No such club night."))
            if night.status != SCHEDULED:
                raise ServiceError(_("This club night has been opened already."))
        night.status, night.opened_at, night.opened_by = OPEN, now, actor
        night.save()
        return night


def close_night(night_id: int, *, actor) -> ClubNight:
    with transaction.atomic():
        night = ClubNight.objects.filter(pk=night_id).first()
        if night is None:
            raise ServiceError(_("No such club night."))
        competition = (Competition.objects.select_for_update(of=("self",), no_key=True)
                       .select_related("season__club").get(pk=night.competition_id))
        require_organizer(actor, competition.season.club)
        night = locked_open_night(night_id)
        night.status, night.closed_at = CLOSED, timezone.now()
        night.save(update_fields=["status", "closed_at"])
        return night
