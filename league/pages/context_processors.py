"""What the header of every page needs."""

from __future__ import annotations

from django.http import HttpRequest

from league.accounts.backends import account_keys
from league.clubs.permissions import ORGANIZES_KEY, organizer_keys_of, organizes_any
from league.core.cache import derived
from league.notifications.services import UNREAD_KEY, unread_count


def header_keys(user) -> list[str]:
    """The cached entries the header reads for this user: for a page to read ahead with its own
    (league.core.cache.read_ahead), around its rendering."""
    return header_keys_of(user.pk if user.is_authenticated else None)


def header_keys_of(user_id: int | None) -> list[str]:
    """`header_keys` of the user with this id (None: a visitor), his account unread: a page
    names them from the session (league.accounts.backends.signed_in_id) with the account's own
    key, and reads them ahead before it first uses `request.user`."""
    if user_id is None:
        return []
    return [*organizer_keys_of(user_id), UNREAD_KEY.format(user_id)]


def viewer_keys(user_id: int | None) -> list[str]:
    """The account the request's session is signed in with (its id: league.accounts.backends.
    signed_in_id; None: a visitor) and the header's entries for it: for a page to read ahead
    with its own keys before it first uses `request.user`, which then asks the cache nothing."""
    return [*account_keys(user_id), *header_keys_of(user_id)]


def header(request: HttpRequest) -> dict:
    """Whether the user organizes a club and how many notifications he has unread, each called
    by the template only where it is shown. Both are read from the cache in one call (each
    answer missing there is one query, counted in tests/views/test_query_counts)."""
    user = request.user
    found: dict | None = None

    def cached(key: str):
        nonlocal found
        if found is None:
            found = derived.get_many(header_keys(user))
        return found.get(key.format(user.pk))

    def organizes() -> bool:
        if user.is_authenticated and not user.is_superuser:
            answer = cached(ORGANIZES_KEY)
            if isinstance(answer, bool):
                return answer
        return organizes_any(user)

    def unread() -> int:
        if user.is_authenticated:
            count = cached(UNREAD_KEY)
            if isinstance(count, int) and not isinstance(count, bool):
                return count
        return unread_count(user)

    return {"organizes": organizes, "unread_notifications": unread}
