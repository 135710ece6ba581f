"""Writes that change what the statistics count forget their version (versions.py); a points
series written or deleted forgets the club pages' version, which lists the series
(league.competitions.base.page_versions)."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from league.clubs.models import Player, Season
from league.competitions.base.page_versions import player_pages_changed
from league.competitions.models import Match
from league.games.models import Game, Hand
from league.stats.models import PointsSeries

from .versions import statistics_changed

WRITES = (post_save, post_delete)


@receiver(WRITES, sender=Match, dispatch_uid="statistics-match")
def _match(instance: Match, **_) -> None:
    if instance.status == Match.Status.CONFIRMED or instance.confirmed_at is not None:
        statistics_changed()


@receiver(WRITES, sender=Player, dispatch_uid="statistics-player")
def _player(**_) -> None:
    statistics_changed()


@receiver(WRITES, sender=Game, dispatch_uid="statistics-game")
def _game(instance: Game, **_) -> None:
    if not Game.match.is_cached(instance):
        statistics_changed()  # a write outside the services: forget, to be safe
    elif instance.match.status not in Match.OPEN_FOR_PLAY:
        statistics_changed()


@receiver(WRITES, sender=Hand, dispatch_uid="statistics-hand")
def _hand(instance: Hand, **_) -> None:
    if Hand.game.is_cached(instance):
        _game(instance.game)
    else:
        statistics_changed()


@receiver(WRITES, sender=PointsSeries, dispatch_uid="club-page-series")
def _series(instance: PointsSeries, **_) -> None:
    """The club page lists its seasons' series."""
    player_pages_changed(club_ids=Season.objects.filter(pk=instance.season_id)
                         .values_list("club_id", flat=True))
