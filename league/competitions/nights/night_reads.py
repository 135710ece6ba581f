"""The club nights a page shows, read in written-out queries (league.core.written_reads): asked
on a cold visit of a club's page, a running competition's, and a signed-in home page, built by
the ORM they cost several times what the database took to answer them."""

from __future__ import annotations

from league.clubs.models import Player, Season
from league.competitions.models import ClubNight, Competition, Entry
from league.core.written_reads import Columns, Read, answered, related, table

# The nights shown above a competition's or a club's page: written out, as the ORM's query cost
# several times what the database took to answer it on a cold visit (league.core.written_reads).
NIGHT, OF_COMPETITION = Columns(ClubNight, "n"), Columns(Competition, "c")
SHOWN_NIGHTS = (ClubNight.Status.OPEN, ClubNight.Status.SCHEDULED)
COMPETITION_NIGHTS_SQL = f"""
SELECT {NIGHT.sql} FROM {table(ClubNight)} n
WHERE n.competition_id = %s AND n.status IN (%s, %s)
ORDER BY n.starts_at, n.id
"""
CLUB_NIGHTS_SQL = f"""
SELECT {NIGHT.sql}, {OF_COMPETITION.sql} FROM {table(ClubNight)} n
JOIN {table(Competition)} c ON c.id = n.competition_id
JOIN {table(Season)} s ON s.id = c.season_id
WHERE s.club_id = %s AND n.status IN (%s, %s)
ORDER BY n.starts_at, n.id
"""


def nights_of(competition: Competition) -> tuple[ClubNight | None, ClubNight | None]:
    """The competition's open night and its next scheduled one: one query, none when they were
    read with the competition (`.night_list`, from `competition_nights_read`)."""
    found = getattr(competition, "night_list", None)
    if found is None:
        found = answered(competition_nights_read(competition.pk))
    for night in found:
        related(night, competition=competition)
    open_night = next((n for n in found if n.is_open), None)
    scheduled = next((n for n in found if not n.is_open), None)
    return open_night, scheduled


def competition_nights_read(competition_id: int) -> Read[list[ClubNight]]:
    """The competition's open and scheduled nights, as a read its page asks with its others."""
    return Read(COMPETITION_NIGHTS_SQL, [competition_id, *SHOWN_NIGHTS],
                lambda rows: [NIGHT.instance(row) for row in rows])


def club_nights(club_id: int) -> list[ClubNight]:
    """The club's open nights and the next scheduled night of each competition (one query)."""
    return answered(club_nights_read(club_id))


def club_nights_read(club_id: int) -> Read[list[ClubNight]]:
    """`club_nights`, as a read its page asks with its others."""
    return Read(CLUB_NIGHTS_SQL, [club_id, *SHOWN_NIGHTS], _club_nights)


def _club_nights(rows: list[tuple]) -> list[ClubNight]:
    found = []
    for row in rows:
        night = NIGHT.instance(row)
        related(night, competition=OF_COMPETITION.instance(row, len(NIGHT)))
        found.append(night)
    seen: set[tuple[int, str]] = set()
    shown = []
    for night in found:
        key = (night.competition_id, night.status)
        if key not in seen:
            seen.add(key)
            shown.append(night)
    return sorted(shown, key=lambda n: (not n.is_open, n.starts_at))


# His entries not withdrawn in competitions with a night open (at most one each), in the
# entries' order: asked on every signed-in home page, written out as the ORM's query cost
# several times what the database took to answer it.
ENTERED, ENTERED_PLAYER = Columns(Entry, "e"), Columns(Player, "p")
TONIGHTS_ENTRIES_SQL = f"""
SELECT {ENTERED.sql}, {ENTERED_PLAYER.sql} FROM {table(Entry)} e
JOIN {table(Player)} p ON p.id = e.player_id
JOIN {table(ClubNight)} n ON n.competition_id = e.competition_id
WHERE p.user_id = %s AND e.withdrawn_at IS NULL AND n.status = %s
ORDER BY e.seed, p.name, e.id
"""


def entries_with_a_night_open(user) -> dict[int, Entry]:
    """The signed-in user's entries not withdrawn in competitions with a night open, each with
    its player, by competition id: one query."""
    return answered(night_entries_read(user.pk))


def night_entries_read(user_id: int) -> Read[dict[int, Entry]]:
    """`entries_with_a_night_open`, as a read a page asks together with its others."""
    return Read(TONIGHTS_ENTRIES_SQL, [user_id, ClubNight.Status.OPEN], _night_entries)


def _night_entries(rows: list[tuple]) -> dict[int, Entry]:
    entries = {}
    for row in rows:
        entry = ENTERED.instance(row)
        related(entry, player=ENTERED_PLAYER.instance(row, len(ENTERED)))
        entries[entry.competition_id] = entry
    return entries
