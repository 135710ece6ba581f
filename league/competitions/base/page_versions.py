"""The version of each competition page, under which its rendered fragments are cached
(templates/competitions/competition.html, `{% cache %}`).

A version is a random token kept in the cache. Anything that changes what the page shows
forgets it (`competition_changed`, called by the signal receivers of league/signals.py and by
the services that write in bulk); the next visitor mints a new token, so fragments of the old
version are never read again and expire on their own. A token is never reused, so a version
evicted from the cache cannot bring back a stale fragment.

Forgotten twice: at once, for the rest of this request and transaction, and again after the
transaction commits, so that a visitor who rendered the page from the data as it was before
the commit cannot leave a stale fragment under the version that follows it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from league.clubs.signals import CLUB_KEY, USER_CLUBS_KEY
from league.competitions.models import Competition, Round
from league.core.cache import add_versions, derived, forget, versions_of
from league.core.written_reads import fetched, marks, table

# How long a rendered fragment is kept: a bound on what a deploy with changed templates shows
# from the old ones; any change to the data makes a new version at once.
FRAGMENT_SECONDS = 600


@dataclass(frozen=True, slots=True)
class PageVersion:
    token: str
    # The competition's round ids: a round filter naming any other id is cached once, as
    # "no such round", so made-up ids cannot fill the cache with copies of the page.
    rounds: frozenset[int]


def _key(pk: int) -> str:
    return f"competition-page-version:{pk}"


def _rounds_key(pk: int) -> str:
    # (token, round ids): the rounds as read after that token was minted
    return f"competition-page-rounds:{pk}"


def competition_version_keys(pk: int) -> list[str]:
    """The cached entries `competition_version` reads: to be read ahead with others in one call
    (league.core.cache.read_ahead)."""
    return [_key(pk), _rounds_key(pk)]


def competition_version(pk: int, rounds_of: Callable[[], list[int] | None] | None = None
                        ) -> PageVersion | None:
    """The page's current version; None when there is no such competition. A missing version is
    minted before anything of the page is read, so that what is read under it is never older
    than it: a change committed after that read forgets it. Its round ids are kept beside it,
    read by `rounds_of` when given (None: no such competition), as a page that will render
    everything anew reads them with the rest."""
    token = derived.get(_key(pk))
    minted = not isinstance(token, str)
    if minted:
        token = _minted({pk: token})[pk]
    kept = derived.get(_rounds_key(pk))
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == token:
        return PageVersion(token, frozenset(kept[1]))
    rounds = _rounds_of([pk]).get(pk) if rounds_of is None else rounds_of()
    if rounds is None:
        if minted:  # no version kept for a competition that does not exist
            derived.delete(_key(pk))
        return None
    # read after the token was in the cache: right for it, whoever writes it last
    derived.set(_rounds_key(pk), (token, tuple(rounds)), timeout=None)
    return PageVersion(token, frozenset(rounds))


def competition_tokens(pks: Iterable[int]) -> dict[int, str]:
    """The page version's token of each of these competitions that exists, as
    `competition_version` reads it: one read of the cache, and for those not there one query
    (which of them exist) and one write (they are minted as `competition_version` mints them).
    What is kept under a token must be read after it is returned."""
    keys = {pk: _key(pk) for pk in pks}
    stored = derived.get_many(keys.values())
    tokens = {pk: stored[key] for pk, key in keys.items() if isinstance(stored.get(key), str)}
    if missing := [pk for pk in keys if pk not in tokens]:
        tokens |= _minted({pk: stored.get(keys[pk]) for pk in _rounds_of(missing)})
    return tokens


def _minted(stored: dict[int, object]) -> dict[int, str]:
    """A new token for each of these competitions' pages (`stored`: what the cache held for
    each instead of a token), added to the cache in one call unless another visitor's is there
    first: that one is given then."""
    keys = {pk: _key(pk) for pk in stored}
    if older := [keys[pk] for pk, value in stored.items() if value is not None]:
        derived.delete_many(older)  # written by an older release in another form
    fresh = {pk: secrets.token_hex(8) for pk in stored}
    held = add_versions({keys[pk]: (token, token) for pk, token in fresh.items()})
    # forgotten again at once: this visit renders under its own token, which nobody reads again
    return {pk: held[keys[pk]] if isinstance(held.get(keys[pk]), str) else token
            for pk, token in fresh.items()}


# The competitions that exist of those asked for, with their rounds' ids: written out, as a
# cold page's first read it is read on every first visit after a change.
ROUNDS_OF = ("SELECT c.id, r.id FROM {competition} c LEFT JOIN {round} r "
             "ON r.competition_id = c.id WHERE c.id IN ({pks})")


def _rounds_of(pks: list[int]) -> dict[int, list[int]]:
    """The round ids of each of these competitions that exists: one query."""
    sql = ROUNDS_OF.format(competition=table(Competition), round=table(Round), pks=marks(pks))
    rounds: dict[int, list[int]] = {}
    for pk, round_pk in fetched(sql, pks):
        rounds.setdefault(pk, []).extend([round_pk] if round_pk else [])
    return rounds


def competition_changed(pks: Iterable[int | None]) -> None:
    """The pages of these competitions show something new: forget their versions now and once
    the transaction commits."""
    forget({_key(pk) for pk in pks if pk is not None})


# Player pages ----------------------------------------------------------------------------------
# A player page is cached under three versions. The player's own is forgotten by a write to one
# of the player's entries or matches (league.competitions.signals), the writes made while hands
# are played. His club's is forgotten by the rarer writes any page of the club may show: one of
# its competitions, seasons, stages or rounds, a player's name, its ratings (league.ratings.
# services.rebuild, after each confirmed result), a points series (league.stats.receivers). The
# site's is forgotten only by a change whose club is not known. The club pages (the club page,
# a match's, a scoresheet, the API's answers of a club) are cached under the club's and the
# site's versions: a write in one club leaves every other club's pages cached.
#
# The lists that name many clubs (the home page's, the API's list of clubs) are cached under the
# site's version and the lists' one, which every club's change forgets too.
# Games and hands, which none of these pages shows, forget none.

PLAYER_PAGES_KEY = "player-pages-version"
LISTS_KEY = "club-lists-version"


def _player_key(pk: int) -> str:
    return f"player-page-version:{pk}"


def _club_pages_key(club_id: int) -> str:
    return f"club-pages-version:{club_id}"


def player_pages_version(pk: int, club_id: int | None) -> str:
    """The version of player ``pk``'s page (of club ``club_id``): new after any change it
    shows."""
    return versions_of(tuple(player_page_keys(pk, club_id)))


def player_page_keys(pk: int, club_id: int | None) -> list[str]:
    """The cached entries `player_pages_version` reads: to be read ahead with others in one
    call (league.core.cache.read_ahead)."""
    return [*club_pages_keys(club_id), _player_key(pk)]


def club_pages_version(club_id: int | None) -> str:
    """The version of what the club's pages show: its competitions, seasons, players, ratings
    and points series. For no club (None), the lists' version (see above)."""
    return versions_of(tuple(club_pages_keys(club_id)))


def club_pages_keys(club_id: int | None) -> list[str]:
    """The cached entries `club_pages_version` reads: to be read ahead with others in one call
    (league.core.cache.read_ahead)."""
    return [PLAYER_PAGES_KEY, LISTS_KEY if club_id is None else _club_pages_key(club_id)]


def club_version(club_id: int) -> str:
    """The version of a club page's head (its organizers and club nights): the club pages'
    version and the club's own (league.clubs.signals.CLUB_KEY)."""
    return versions_of(tuple(club_keys(club_id)))


def club_keys(club_id: int) -> list[str]:
    """The cached entries the club page's versions read (`club_version` and
    `club_pages_version`): to be read ahead in one call (league.core.cache.read_ahead)."""
    return [*club_pages_keys(club_id), CLUB_KEY.format(club_id)]


# Forgotten whenever a club night is scheduled, opened, closed or removed anywhere.
OPEN_NIGHTS_KEY = "club-nights-version"


def club_nights_changed() -> None:
    """A club night changed: every signed-in home's copy is rendered afresh (it keeps whether
    its player has a night open tonight), now and after the commit."""
    forget([OPEN_NIGHTS_KEY])


def home_keys(user_id: int) -> list[str]:
    """The cached entries `home_version` reads whatever the user's players: to be read ahead
    with others in one call (league.core.cache.read_ahead)."""
    return [*club_pages_keys(None), USER_CLUBS_KEY.format(user_id), OPEN_NIGHTS_KEY]


def home_version(user_id: int, player_ids: Iterable[int]) -> tuple[str, str]:
    """The version of what a signed-in user's home page shows of his own (his matches to play,
    the results waiting for his confirmation, the sign-ups open to him, his clubs): the shared
    version, the page versions of his players (``player_ids``, read afresh on every visit, so a
    player linked to his account or unlinked from it changes the version too), the version of
    the clubs he organizes (league.clubs.signals.USER_CLUBS_KEY) and the club nights' (his copy
    keeps whether one of his competitions has a night open). Returned second, after the lists'
    version alone (club_pages_version(None)'s), read in the same call. A change in one of his
    players' clubs that his players' own versions do not see (an opponent's new name) forgets
    the lists' version too."""
    keys = (*home_keys(user_id), *(_player_key(pk) for pk in sorted(player_ids)))
    version = versions_of(keys)
    shared = ".".join(version.split(".")[:len(club_pages_keys(None))])
    # as long whatever the number of his players: a key for the cache
    return shared, hashlib.blake2b(version.encode(), digest_size=16).hexdigest()


def player_pages_changed(player_ids: Iterable[int | None] | None = None, *,
                         club_ids: Iterable[int | None] | None = None) -> None:
    """What player pages show has changed: forget the versions of these players' pages, or of
    every page of these clubs (and the lists', which name them), or, when neither is named, of
    every page of every club, now and after the commit. A club given as None (not known: its
    object was deleted) counts as every club."""
    if club_ids is not None:
        clubs = list(club_ids)
        keys = ({PLAYER_PAGES_KEY} if None in clubs or not clubs else
                {LISTS_KEY, *(_club_pages_key(pk) for pk in clubs)})
    elif player_ids is None:
        keys = {PLAYER_PAGES_KEY}
    else:
        keys = {_player_key(pk) for pk in player_ids if pk is not None}
    forget(keys)
