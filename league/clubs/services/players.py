"""A club's players: an organizer adds them; a person claims their player with a one-time link.

The claim link carries a signed token (django.core.signing) naming the player and the version of
its claim links, valid for CLAIM_DAYS. It works once: a claim makes a new version, so the link is
refused from then on, even once the claiming account is deleted and the player has no user again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from league.clubs.models import Club, Player
from league.clubs.permissions import require_organizer
from league.clubs.services.claimed_address import confirm_claimed_address
from league.clubs.services.mail_language import address_language
from league.clubs.services.mail_limits import reserve_mail
from league.core.errors import NotAllowed, ServiceError
from league.core.names import BadName, normalise_name

CLAIM_SALT = "clubs.players.claim"
CLAIM_DAYS = 14
NAME_MAX = Player._meta.get_field("name").max_length


def add_player(club: Club, *, actor, name: str, email: str = "", site: str = "") -> Player:
    """A new player of the club. With an email address, the person is sent their claim link
    (`site`: the address the link starts with, e.g. "https://gin.example.org"), within the
    club's mail limits (mail_limits); refused, the player is not added either."""
    require_organizer(actor, club)
    name = clean_player_name(name)
    if Player.objects.filter(club=club, name__iexact=name).exists():
        raise ServiceError(gettext("%(club)s already has a player called %(name)s.")
                                   % {"club": club, "name": name}, field="name")
    holder = addresses_of_players(club).get(email.strip().casefold()) if email.strip() else None
    if holder is not None:
        raise ServiceError(gettext("%(value)s is the address of %(holder)s, a player of the club "
                                   "already: each player needs an address of his own.")
                                   % {"value": email.strip(), "holder": holder}, field="email")
    with transaction.atomic():
        if email.strip():
            reserve_mail(club, actor=actor, count=1)
        return _create_player(club, actor=actor, name=name, email=email, site=site)


def _create_player(club: Club, *, actor, name: str, email: str, site: str) -> Player:
    """The player, and their claim link mailed after the commit (the mail already counted)."""
    clash = ServiceError(gettext("%(club)s already has a player called %(name)s.")
                                 % {"club": club, "name": name}, field="name")
    if Player.objects.filter(club=club, name__iexact=name).exists():
        raise clash
    try:
        with transaction.atomic():
            player = Player.objects.create(club=club, name=name,
                                           invited_email=email.strip())
    except IntegrityError:  # the same name added at the same instant
        raise clash from None
    if email.strip():
        token = claim_token(player, actor=actor, email=email.strip())
        link = site.rstrip("/") + reverse("player-claim", args=[token])
        transaction.on_commit(lambda: _send_claim_link(player, email.strip(), link))
    return player


def clean_player_name(name: str) -> str:
    """The name in its one form (league.core.names), or a ServiceError on the name field."""
    try:
        name = normalise_name(name)
    except BadName as error:
        raise ServiceError(str(error), field="name") from None
    if not name:
        raise ServiceError(gettext("Give the player's name."), field="name")
    if not any(character.isalpha() for character in name):
        raise ServiceError(gettext("“%(name)s” is not a name: a player's name has at least one "
                                   "letter.") % {"name": name},
                           field="name")
    if len(name) > NAME_MAX:
        raise ServiceError(gettext("A name has at most %(name_max)s characters.")
                                   % {"name_max": NAME_MAX}, field="name")
    return name




def claim_token(player: Player, *, actor, email: str = "") -> str:
    """The token of the player's claim link (the organizer passes the link on). A link mailed
    carries the address it was mailed to: whoever opens it there owns that address."""
    require_organizer(actor, player.club)
    if player.user_id is not None:
        raise ServiceError(gettext("%(player)s already belongs to an account.")
                                   % {"player": player.name})
    data = {"player": player.pk, "version": player.claim_version}
    if email:
        data["email"] = email
    return signing.dumps(data, salt=CLAIM_SALT, compress=True)


def player_of_token(token: str) -> Player:
    """The player a claim link names, refused when the link is altered, too old or used."""
    return _read_token(token)[0]


def _read_token(token: str) -> tuple[Player, str]:
    """The player a claim link names and the address it was mailed to ("" for none)."""
    try:
        data = signing.loads(token, salt=CLAIM_SALT, max_age=timedelta(days=CLAIM_DAYS))
    except signing.SignatureExpired:
        raise ServiceError(gettext("This link is more than %(claim_days)s days old: ask the "
                                   "club's organizer for a new one.")
                                   % {"claim_days": CLAIM_DAYS}) from None
    except signing.BadSignature:
        raise ServiceError(gettext("This link is not valid: copy the whole link, or ask the "
                                   "club's organizer for a new one.")) from None
    player = Player.objects.select_related("club", "user").filter(pk=data.get("player")).first()
    if player is None:
        raise ServiceError(gettext("The player of this link no longer exists."))
    if player.user_id is None and data.get("version") != player.claim_version:
        raise ServiceError(gettext("This link has been used already: a claim link works once. Ask "
                                   "the club's organizer for a new one."))
    email = data.get("email")
    return player, email if isinstance(email, str) else ""


def claim_player(token: str, *, user) -> Player:
    """Link the player named by the token to the signed-in user."""
    if not user.is_authenticated:
        raise NotAllowed(gettext("Sign in or create an account to claim your player."))
    player_id = player_of_token(token).pk
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player_id).first()
        player, email = _read_token(token)  # read again, locked: a claim meanwhile used it
        _require_claimable(player, user)
        player.user = user
        player.claim_version = F("claim_version") + 1
        player.save(update_fields=["user", "claim_version"])
        player.refresh_from_db(fields=["claim_version"])
        if email:
            confirm_claimed_address(user, email)
    return player


def sign_up_and_claim(token: str, *, username: str, password: str):
    """A new account, and the player named by the token linked to it: both, or neither."""
    player_of_token(token)  # refuse a bad link before creating anything
    try:
        username = normalise_name(username)
    except BadName as error:
        raise ServiceError(str(error), field="username") from None
    User = get_user_model()
    taken = ServiceError(gettext("That username is taken: choose another, or sign in."), field="username")
    try:
        with transaction.atomic():
            if User.objects.filter(username__iexact=username).exists():
                raise taken
            user = User.objects.create_user(username=username, password=password)
            claim_player(token, user=user)
    except IntegrityError:  # the same name, signed up at the same instant
        raise taken from None
    return user


def _require_claimable(player: Player, user) -> None:
    if player.user_id == user.pk:
        raise ServiceError(gettext("%(player)s is already your player.") % {"player": player.name})
    if player.user_id is not None:
        raise ServiceError(gettext("%(player)s already belongs to another account. If that is "
                                   "wrong, tell the club's organizer.") % {"player": player.name})
    mine = Player.objects.filter(club=player.club, user=user).first()
    if mine is not None:
        raise ServiceError(gettext("Your account already has a player in %(club)s: %(mine)s.")
                                   % {"club": player.club, "mine": mine.name})


def _send_claim_link(player: Player, email: str, path: str) -> None:
    """In the language of the address's account, else the club's."""
    with translation.override(address_language(email, player.club)):
        values = {"club": player.club, "player": player.name, "link": path}
        subject = gettext("Your player at %(club)s") % values
        message = ngettext(
            "%(club)s has added you as a player of the club: %(player)s.\n\nOpen this link to "
            "sign up (or sign in) and see your results and ratings:\n%(link)s\n\nThe link "
            "works for %(days)s day.",
            "%(club)s has added you as a player of the club: %(player)s.\n\nOpen this link to "
            "sign up (or sign in) and see your results and ratings:\n%(link)s\n\nThe link "
            "works for %(days)s days.", CLAIM_DAYS) % {**values, "days": CLAIM_DAYS}
    send_mail(subject=subject, message=message, from_email=None, recipient_list=[email])


# Many players at once --------------------------------------------------------------------------

EMAIL_MAX = 254


@dataclass(frozen=True)
class PlayerLines:
    """What a pasted list (one `Name` or `Name, email` a line) would do, before anything is
    saved: the players to create, the names the club has already, and the lines that are
    wrong (line number, the line, why)."""

    to_create: tuple[tuple[str, str], ...]
    existing: tuple[str, ...]
    wrong: tuple[tuple[int, str, str], ...]


def read_player_lines(club: Club, rows: list[list[str]]) -> PlayerLines:
    """Read rows (the pasted lines or a CSV file's rows, split at commas)."""
    # Retired players too: their name is the club's still.
    taken = {name.casefold(): gettext("%(name)s (retired)") % {"name": name} if retired else name
             for name, retired in club.players.values_list("name", "retired_at")}
    addresses = addresses_of_players(club)
    seen: set[str] = set()
    seen_emails: dict[str, str] = {}
    to_create, existing, wrong = [], [], []
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        line = ", ".join(cells)
        if len(cells) > 2 or (len(cells) == 2 and not cells[0]):
            wrong.append((number, line, gettext("Write Name or Name, email.")))
            continue
        try:
            name = clean_player_name(cells[0])
            email = _clean_email(cells[1] if len(cells) == 2 else "")
        except ServiceError as error:
            wrong.append((number, line, error.message))
            continue
        key, email_key = name.casefold(), email.casefold()
        if key in taken:
            existing.append(taken[key])  # as the club has it
        elif key in seen:
            wrong.append((number, line, gettext("%(name)s is in the list twice.")
                          % {"name": name}))
        elif email and email_key in addresses:
            wrong.append((number, line, gettext("%(email)s is the address of %(holder)s, a "
                                                "player of the club already.")
                          % {"email": email, "holder": addresses[email_key]}))
        elif email and email_key in seen_emails:
            wrong.append((number, line, gettext("%(email)s is given to %(holder)s above: each "
                                                "player needs an address of his own.")
                          % {"email": email, "holder": seen_emails[email_key]}))
        else:
            seen.add(key)
            if email:
                seen_emails[email_key] = name
            to_create.append((name, email))
    return PlayerLines(tuple(to_create), tuple(existing), tuple(wrong))


def split_pasted(text: str) -> list[list[str]]:
    return [line.split(",") for line in text.splitlines()]


@dataclass(frozen=True)
class PlayersAdded:
    """What saving a list did: the players created, the names the club had already (left
    out, as in the preview), and how many claim links were sent (one a new player's email)."""

    created: tuple[Player, ...]
    existing: tuple[str, ...]
    invited: int


def add_players(club: Club, *, actor, rows: list[list[str]], site: str = "") -> PlayersAdded:
    """Create the players a list reads as (read_player_lines), all of them or none. The list is
    read with the club locked, so a name the club has by then is left out as already there: a
    list saved twice adds nobody and mails nobody the second time. Each new player's email gets
    its claim link, all within the club's mail limits (mail_limits), or nobody is added."""
    require_organizer(actor, club)
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        lines = read_player_lines(club, rows)
        if lines.wrong:
            raise ServiceError(gettext("Nothing was added: correct these lines, or leave them "
                                       "out, and save again.") + " " + " ".join(
                                   gettext("Line %(number)s (%(line)s): %(why)s")
                                   % {"number": number, "line": line, "why": why}
                                   for number, line, why in lines.wrong), field="text")
        invited = sum(1 for _, email in lines.to_create if email)
        reserve_mail(club, actor=actor, count=invited)
        created = tuple(_create_player(club, actor=actor, name=name, email=email, site=site)
                        for name, email in lines.to_create)
    return PlayersAdded(created=created, existing=lines.existing, invited=invited)


def addresses_of_players(club: Club) -> dict[str, str]:
    """The addresses the club's players were invited at and their accounts' addresses (the
    account's own and each allauth one), case folded, each to its player's name."""
    found = {email.casefold(): name for email, name in
             club.players.exclude(invited_email="").values_list("invited_email", "name")}
    for email, name in club.players.filter(user__isnull=False).values_list(
            "user__emailaddress__email", "name"):
        if email:
            found[email.casefold()] = name
    for email, name in club.players.filter(user__isnull=False).values_list("user__email", "name"):
        if email:
            found[email.casefold()] = name
    return found


def _clean_email(value: str) -> str:
    if not value:
        return ""
    if len(value) > EMAIL_MAX:
        raise ServiceError(gettext("That email address is too long."))
    try:
        validate_email(value)
    except ValidationError:
        raise ServiceError(gettext("%(value)s is not an email address.")
                                   % {"value": value}) from None
    return value
