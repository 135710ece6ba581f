"""A user's organized clubs changed (by the site, the admin or a shell): the header's cached
answer to "organizes some club?" goes, and so does the version of the user's own clubs
(USER_CLUBS_KEY), under which his home page's list of his clubs is cached
(league.competitions.base.page_versions.home_version).

`organizer_invited` is sent, in the inviting transaction, with the club, the address, the
invitation's token and the inviter's name; a receiver that tells the address's account itself
(the notifications app) answers True, and then the plain mail is not sent.

A user's players changed (one linked to his account or unlinked from it, one of his deleted,
the account deleted, one given a new calendar address): the cached copy of his players (their
ids and calendar addresses' versions) goes (league.clubs.selectors.USER_PLAYERS_KEY).

`players_merged` is sent after the commit of a merge of two player records, with the club: what
is derived from the club's results (its ratings) is computed again by those who keep it."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import Signal, receiver

from league.clubs.models import Club, Player
from league.clubs.permissions import ORGANIZES_KEY
from league.clubs.selectors import CLUB_ROW_KEY, LANGUAGE_KEY, USER_PLAYERS_KEY
from league.clubs.visibility import PUBLIC_KEY
from league.core.cache import derived, forget

# A token per user, forgotten whenever the clubs he organizes change.
USER_CLUBS_KEY = "user-clubs-version:{}"
# A token per club, forgotten whenever its organizers, their names or its club nights change:
# the club page's head is cached under it (league.competitions.base.page_versions.club_version).
CLUB_KEY = "club-page-version:{}"

organizer_invited = Signal()
players_merged = Signal()


@receiver(m2m_changed, sender=Club.organizers.through)
def forget_organizes(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if not action.startswith("post_"):
        return
    if reverse:  # user.organized_clubs.add(...): the instance is the user
        user_ids = {instance.pk}
        club_page_changed(pk_set if pk_set is not None
                          else getattr(instance, "_clubs_before_clear", ()))
    else:
        club_page_changed([instance.pk])
        if pk_set is not None:
            user_ids = set(pk_set)
        else:  # club.organizers.clear(): nobody knows who was there; pre_clear saw them
            user_ids = set(getattr(instance, "_organizers_before_clear", ()))
    derived.delete_many([ORGANIZES_KEY.format(pk) for pk in user_ids])
    versions = [USER_CLUBS_KEY.format(pk) for pk in user_ids]
    forget(versions)  # now, and again after the commit (a reader meanwhile saw the old clubs)


@receiver(m2m_changed, sender=Club.organizers.through)
def remember_before_clear(sender, instance, action, reverse, **kwargs) -> None:
    if action == "pre_clear" and not reverse:
        instance._organizers_before_clear = list(instance.organizers.values_list("pk", flat=True))
    elif action == "pre_clear":
        instance._clubs_before_clear = list(instance.organized_clubs.values_list("pk", flat=True))


def club_page_changed(club_ids: Iterable[int | None]) -> None:
    """The heads of these clubs' pages show something new: forget their versions now and once
    the transaction commits."""
    forget(CLUB_KEY.format(pk) for pk in club_ids if pk is not None)


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="club-organizer-named")
def forget_organizer_names(instance, update_fields=None, **_) -> None:
    """The club page names its organizers (an account's full name where no player names him);
    a sign-in, which saves the time of it alone, changes no name."""
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return
    club_page_changed(Club.organizers.through.objects.filter(user_id=instance.pk)
                      .values_list("club_id", flat=True))


@receiver(post_save, sender=Club, dispatch_uid="club-public")
@receiver(post_delete, sender=Club, dispatch_uid="club-public-deleted")
def forget_public(instance: Club, **_) -> None:
    """Public or members-only, its language, the club itself: the cached copies go when the
    club is saved."""
    forget([PUBLIC_KEY.format(instance.pk), LANGUAGE_KEY.format(instance.pk),
            CLUB_ROW_KEY.format(instance.pk)])


def user_players_changed(user_ids: Iterable[int | None]) -> None:
    """These users' players changed: forget the cached copies of their players now and once
    the transaction commits."""
    forget(USER_PLAYERS_KEY.format(pk) for pk in user_ids if pk is not None)


@receiver(post_save, sender=Player, dispatch_uid="user-players-saved")
@receiver(post_delete, sender=Player, dispatch_uid="user-players-deleted")
def forget_user_players(instance: Player, **_) -> None:
    """A player saved or deleted: his account's list (a player moved away from an account by
    the admin is forgotten there too: league.clubs.admin)."""
    user_players_changed([instance.user_id])


@receiver(post_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="user-players-account-gone")
def forget_players_of_account(instance, **_) -> None:
    """An account deleted (its players were unlinked in one update, without a signal each)."""
    user_players_changed([instance.pk])
