"""Table links: a club night match's scoresheet kept from the QR code at its table, without an
account.

- An organizer issues the link of a match seated at an open night (`issue_table_link`; printing
  a round's scoresheets issues each match's); a match has one live link at a time, and a reprint
  carries the same one. He revokes it (`revoke_table_link`): the QR code on the table stops
  working at once, and the next print carries a new one.
- The token is unguessable (an HMAC of a random nonce under the site's secret key, 192 bits) and
  only its SHA-256 is stored and looked up.
- A link is live while it is not revoked, its hours (TABLE_LINK_HOURS) have not run out and its
  night is open: the night's closing ends every link of the night.
- It acts for its match alone (league.competitions.base.actors.TableActor): what a player of the
  match does there, nothing on another match, nothing an organizer does. Its writes are counted
  (WRITES_PER_WINDOW per link) and so are the addresses trying tokens that are not a live link
  (LOOKUPS_PER_WINDOW), both in the cache, over WINDOW seconds.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.permissions import require_organizer
from league.competitions.base.actors import TableActor
from league.competitions.base.audit import audit_match
from league.competitions.base.locks import locked_match
from league.competitions.models import AuditEntry, ClubNight, Match, TableLink
from league.core.errors import NotAllowed, ServiceError

TABLE_LINK_HOURS = 12
WINDOW = 600  # seconds
WRITES_PER_WINDOW = 120  # a hand a few seconds apart at the most, all evening
LOOKUPS_PER_WINDOW = 30
PLAYABLE = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS, Match.Status.REPORTED,
            Match.Status.DISPUTED)


class LinkRefused(NotAllowed):
    """The link is not live (never issued, revoked, out of hours, its night closed)."""


class TooManyRequests(ServiceError):
    """Too many writes through one link, or too many tries of links from one address."""


def token_of(link: TableLink) -> str:
    digest = hmac.new(settings.SECRET_KEY.encode(), f"table-link:{link.nonce}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def hash_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_table_link(match_id: int, *, actor) -> TableLink:
    """The live link of the match, issued now if it has none."""
    with transaction.atomic():
        match = locked_match(match_id)
        require_organizer(actor, match.competition.season.club)
        night = _night_of(match)
        if match.kind != Match.Kind.PLAYED or match.entry_a is None or match.entry_b is None:
            raise ServiceError(_("Only a match with its two players has a table link."))
        live = _live_links(match).first()
        if live is not None:
            return live
        now = timezone.now()
        # A link out of its hours is done with: it frees the match for the new one.
        TableLink.objects.filter(match=match, revoked_at=None).update(revoked_at=now)
        link = TableLink(match=match, night=night, nonce=secrets.token_hex(16), created_by=actor,
                         expires_at=now + timedelta(hours=TABLE_LINK_HOURS))
        link.token_hash = hash_of(token_of(link))
        try:
            with transaction.atomic():
                link.save()
        except IntegrityError:  # the match's link was issued by another print at the same time
            return _live_links(match).get()
        return link


def issue_round_links(round_id: int, *, actor) -> dict[int, TableLink]:
    """Every playable match of a round paired at an open night, by match id (printing)."""
    matches = (Match.objects.filter(round_id=round_id, round__night__status=ClubNight.Status.OPEN,
                                    kind=Match.Kind.PLAYED, status__in=PLAYABLE)
               .exclude(entry_a=None).exclude(entry_b=None).values_list("pk", flat=True))
    return {pk: issue_table_link(pk, actor=actor) for pk in matches}


def revoke_table_link(match_id: int, *, actor) -> TableLink:
    with transaction.atomic():
        match = locked_match(match_id)
        require_organizer(actor, match.competition.season.club)
        link = _live_links(match).select_for_update().first()
        if link is None:
            raise ServiceError(_("This match has no table link to revoke."))
        link.revoked_at, link.revoked_by = timezone.now(), actor
        link.save(update_fields=["revoked_at", "revoked_by"])
        audit_match(match, actor, AuditEntry.Action.TABLE_LINK_REVOKED,
                    after={"table_link": link.pk},
                    comment=f"The table link of table {match.table or '–'} was revoked: its QR "
                            "code no longer works.")
        return link


def live_table_link(token: str, *, address: str = "") -> TableLink:
    """The live link of this token, with its match, players and night; refused otherwise. An
    address trying too many tokens that are not live is refused before the lookup."""
    if address and _count(f"table-link:miss:{address}", add=0) >= LOOKUPS_PER_WINDOW:
        raise TooManyRequests(_("Too many table links tried from here: wait a few minutes."))
    link = (TableLink.objects.select_related(
        "night", "match__competition__season__club", "match__round",
        "match__entry_a__player", "match__entry_b__player")
        .filter(token_hash=hash_of(token)).first()) if 16 <= len(token) <= 64 else None
    refusal = refusal_of(link)
    if refusal:
        if address:
            _count(f"table-link:miss:{address}")
        raise LinkRefused(refusal)
    return link


def refusal_of(link: TableLink | None) -> str:
    """Why the link does not open its scoresheet; "" when it does."""
    if link is None:
        return _("This table link is not valid. Ask the organizer for the table's QR code.")
    if link.revoked_at is not None:
        return _("This table link was withdrawn by the organizer. Ask for the table's new QR code.")
    if link.night.status != ClubNight.Status.OPEN or link.expires_at <= timezone.now():
        return _("This table link has expired: the club night is over. Sign in to see the match.")
    return ""


def require_live(actor: TableActor) -> None:
    """Inside a write's transaction: the actor's link is still live (not revoked since the page
    was read) and has writes left in its window."""
    link = (TableLink.objects.select_related("night").filter(pk=actor.link_id).first())
    if link is None or link.match_id != actor.match_id:
        raise LinkRefused(refusal_of(None))
    if refusal := refusal_of(link):
        raise LinkRefused(refusal)
    if _count(f"table-link:writes:{link.pk}") > WRITES_PER_WINDOW:
        raise TooManyRequests(_("Too many entries from this table in a few minutes: wait a "
                              "moment, or ask the organizer."))


def actor_of(link: TableLink, side: str = "") -> TableActor:
    return TableActor(link.pk, link.match_id, link.match.table, side)


def _count(key: str, *, add: int = 1) -> int:
    """The counter's value after adding `add`; it starts at the first add and lasts WINDOW."""
    if add == 0:
        return cache.get(key, 0)
    if cache.add(key, add, WINDOW):
        return add
    try:
        return cache.incr(key, add)
    except ValueError:  # expired between the two calls
        cache.add(key, add, WINDOW)
        return add


def _night_of(match: Match) -> ClubNight:
    night = match.round.night if match.round_id else None
    if night is None or not match.table:
        raise ServiceError(_("Only a match seated at a table of a club night has a table link."))
    if night.status != ClubNight.Status.OPEN:
        raise ServiceError(_("The club night is not open: its tables have no links."))
    return night


def _live_links(match: Match):
    return TableLink.objects.filter(match=match, revoked_at=None, expires_at__gt=timezone.now())
