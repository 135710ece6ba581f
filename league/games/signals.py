"""Games and hands a competition page shows: a saved or deleted one forgets the page's version (league.competitions.base.page_versions)."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from league.competitions.base.page_versions import competition_changed
from league.competitions.models import Match
from league.games.models import Game, Hand

WRITES = (post_save, post_delete)


@receiver(WRITES, sender=Game, dispatch_uid="page-game")
def _game(instance: Game, **_) -> None:
    if Game.match.is_cached(instance):  # the services load a game with its match
        competition_changed([instance.match.competition_id])
        return
    competition_changed(Match.objects.filter(pk=instance.match_id)
                        .values_list("competition_id", flat=True))


@receiver(WRITES, sender=Hand, dispatch_uid="page-hand")
def _hand(instance: Hand, **_) -> None:
    if Hand.game.is_cached(instance):
        _game(instance.game)
        return
    competition_changed(Match.objects.filter(games=instance.game_id)
                        .values_list("competition_id", flat=True))
