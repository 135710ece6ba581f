"""Model signals that keep the cached competition pages true (league.competitions.base.page_versions):
a saved or deleted row that a competition page shows forgets that page's version.

What a page shows: its competition, season and club names, the entries and their players'
names, the rounds and the matches, its open or next club night (league.games.signals does the same for the games and hands).
Writes that send no signal (bulk_create, update) call `competition_changed` themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from league.clubs.models import Club, Player, Season
from league.clubs.signals import club_page_changed
from league.competitions.base.page_versions import (
    club_nights_changed,
    competition_changed,
    player_pages_changed,
)
from league.competitions.base.selectors import club_of_competition
from league.competitions.models import (
    ClubNight,
    Competition,
    Entry,
    Match,
    ResultReport,
    Round,
    Stage,
)

WRITES = (post_save, post_delete)


@receiver(WRITES, sender=Competition, dispatch_uid="page-competition")
def _competition(instance: Competition, **_) -> None:
    competition_changed([instance.pk])
    player_pages_changed(club_ids=[club_of_competition(instance.pk)])


@receiver(WRITES, sender=ClubNight, dispatch_uid="page-club-night")
def _club_night(instance: ClubNight, **_) -> None:
    """The competition page links its open or next club night, and the club page its club's;
    the home page tells the night's players it is open."""
    competition_changed([instance.competition_id])
    club_nights_changed()
    club_page_changed(Competition.objects.filter(pk=instance.competition_id)
                      .values_list("season__club_id", flat=True))


@receiver(WRITES, sender=Stage, dispatch_uid="page-stage")
@receiver(WRITES, sender=Round, dispatch_uid="page-round")
def _part_of_competition(instance: Stage | Round, **_) -> None:
    competition_changed([instance.competition_id])
    player_pages_changed(club_ids=[club_of_competition(instance.competition_id)])


@receiver(WRITES, sender=Entry, dispatch_uid="page-entry")
def _entry(instance: Entry, **_) -> None:
    competition_changed([instance.competition_id])
    player_pages_changed([instance.player_id])


@receiver(WRITES, sender=Match, dispatch_uid="page-match")
def _match(instance: Match, **_) -> None:
    """The match is on the pages of its two players."""
    competition_changed([instance.competition_id])
    player_pages_changed(_players_of(instance))


@receiver(WRITES, sender=ResultReport, dispatch_uid="page-result-report")
def _report(instance: ResultReport, **_) -> None:
    """A report is on its players' home pages (a result waiting for confirmation, its score),
    cached under their players' versions; a hand corrected under a pending report changes the
    report and not the match."""
    if ResultReport.match.is_cached(instance):
        player_pages_changed(_players_of(instance.match))
        return
    sides = Match.objects.filter(pk=instance.match_id).values_list("entry_a__player_id",
                                                                   "entry_b__player_id")
    player_pages_changed(pk for pair in sides for pk in pair)


def _players_of(match: Match) -> Iterable[int]:
    """The players of the match's entries: from the entries loaded with it when they were (the
    services lock a match with its entries), else read."""
    sides = [side for side in ("entry_a", "entry_b") if getattr(match, f"{side}_id") is not None]
    if all(getattr(Match, side).is_cached(match) for side in sides):
        return [getattr(match, side).player_id for side in sides]
    entries = [getattr(match, f"{side}_id") for side in sides]
    return Entry.objects.filter(pk__in=entries).values_list("player_id", flat=True)


@receiver(post_save, sender=Player, dispatch_uid="page-player")
def _player(instance: Player, created: bool, **_) -> None:
    if not created:  # a new player has no entries yet
        competition_changed(Entry.objects.filter(player=instance)
                            .values_list("competition_id", flat=True))
    player_pages_changed(club_ids=[instance.club_id])


@receiver(post_delete, sender=Player, dispatch_uid="page-player-deleted")
def _player_deleted(instance: Player, **_) -> None:
    player_pages_changed(club_ids=[instance.club_id])


@receiver(post_save, sender=Season, dispatch_uid="page-season")
def _season(instance: Season, **_) -> None:
    competition_changed(instance.competitions.values_list("pk", flat=True))
    player_pages_changed(club_ids=[instance.club_id])


@receiver(post_save, sender=Club, dispatch_uid="page-club")
def _club(instance: Club, **_) -> None:
    competition_changed(Competition.objects.filter(season__club=instance)
                        .values_list("pk", flat=True))
    player_pages_changed(club_ids=[instance.pk])


@receiver(post_delete, sender=Club, dispatch_uid="page-club-deleted")
def _club_deleted(instance: Club, **_) -> None:
    """The home page lists the public clubs, cached under the lists' version."""
    player_pages_changed(club_ids=[instance.pk])
