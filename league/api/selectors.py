"""What the read API reads. A request sees the public clubs, and the one members-only club
whose key it carries (`ApiKey`); nothing of any other club, whatever it asks for. Each list is a
queryset the view pages through (one query for the page, one to count), each object one query
with what it shows prefetched."""

from __future__ import annotations

from datetime import date

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404

from league.clubs.models import Club, Player
from league.clubs.visibility import club_is_public
from league.competitions.formats.selectors import competition_page
from league.competitions.models import ClubNight, Competition, Entry, Match, Round, Stage
from league.competitions.standings.shown import StandingsTable
from league.competitions.standings.with_hands import standings_with_hands
from league.games.models import Game, Hand

from . import rows
from .models import ApiKey
from .services import hash_of

LOG_LENGTH = 20  # deliveries shown of each webhook
NO_COMPETITION = "No competition of this number is readable with this key."
NO_CLUB = "No club of this name is readable with this key."


def key_of(presented: str) -> ApiKey | None:
    """The key in use with this value, or None (never issued, or revoked): one query, made on
    every request, so a revoked key refuses at once."""
    return (ApiKey.objects.select_related("club")
            .filter(hashed=hash_of(presented), revoked_at__isnull=True).first())


def readable(key: ApiKey | None, path: str = "") -> Q:
    """The clubs this request may read, as a condition on the club at `path` ("season__club__")."""
    condition = Q(**{f"{path}is_public": True})
    if key is not None:
        condition |= Q(**{f"{path}pk": key.club_id})
    return condition


def may_read(key: ApiKey | None, club_id: int | None) -> bool:
    """Whether this request may read the club of this id (None: no such club), as `readable`
    says, mostly without a query: the key's own club, else whether the club is public as the
    site's pages read it (league.clubs.visibility: cached, and a "public" believed only a few
    seconds after it was read, so a club made members-only is closed as soon as its pages)."""
    if club_id is None:
        return False
    if key is not None and key.club_id == club_id:
        return True
    return club_is_public(club_id)


def clubs(key: ApiKey | None) -> QuerySet[Club]:
    return Club.objects.filter(readable(key)).order_by("name")


def club(key: ApiKey | None, slug: str) -> Club:
    """The club of this slug if this request may read it, else a 404: one query."""
    found = clubs(key).filter(slug=slug).first()
    if found is None:
        raise Http404(NO_CLUB)
    return found


def players(key: ApiKey | None, slug: str) -> QuerySet[Player]:
    return players_of(club(key, slug))


def players_of(readable_club: Club | int) -> QuerySet[Player]:
    return Player.objects.filter(club=readable_club).select_related("club").order_by("name", "pk")


def player_rows(readable_club: Club | int) -> QuerySet:
    """The club's players as rows of the columns the API shows (league.api.rows)."""
    return players_of(readable_club).values(*rows.PLAYER_COLUMNS)


def all_players(key: ApiKey | None) -> QuerySet[Player]:
    return Player.objects.filter(readable(key, "club__")).select_related("club")


def player_readable(key: ApiKey | None, pk: int) -> bool:
    """Whether there is a player of this id this request may read: one query."""
    return all_players(key).filter(pk=pk).exists()


def competitions(key: ApiKey | None, slug: str, **filters) -> QuerySet[Competition]:
    return competitions_of(club(key, slug), **filters)


def competitions_of(readable_club: Club | int, *, status: str = "", since: date | None = None,
                    until: date | None = None) -> QuerySet[Competition]:
    found = Competition.objects.filter(season__club=readable_club)
    if status:
        found = found.filter(status=status)
    if since:
        found = found.filter(created_at__date__gte=since)
    if until:
        found = found.filter(created_at__date__lte=until)
    return found.select_related("season__club").order_by("-created_at", "-pk")


def competition_detail(key: ApiKey | None) -> QuerySet[Competition]:
    return (Competition.objects.filter(readable(key, "season__club__"))
            .select_related("season__club")
            .prefetch_related(
                Prefetch("stages", queryset=Stage.objects.order_by("order")),
                Prefetch("rounds", queryset=Round.objects.select_related("stage")),
                Prefetch("entries", queryset=Entry.objects.select_related("player")
                         .order_by("seed", "pk"))))


def readable_competition(key: ApiKey | None) -> QuerySet[Competition]:
    return Competition.objects.filter(readable(key, "season__club__")).select_related("season__club")


def _matches() -> QuerySet[Match]:
    return Match.objects.select_related("round", "entry_a__player", "entry_b__player")


def competition_readable(key: ApiKey | None, competition_id: int) -> Competition:
    """The competition if this request may read it, else a 404: one query."""
    competition = readable_competition(key).filter(pk=competition_id).first()
    if competition is None:
        raise Http404(NO_COMPETITION)
    return competition


def matches(key: ApiKey | None, competition_id: int, **filters) -> QuerySet[Match]:
    return matches_of(competition_readable(key, competition_id), **filters)


def matches_of(competition: Competition | int, *, status: str = "", round_number: int | None = None,
               since: date | None = None, until: date | None = None) -> QuerySet[Match]:
    # The sides by their ids (two queries of the page's entries), not joined: a join of every
    # match to every entry of the site reads the entries from end to end.
    sides = Entry.objects.select_related("player")
    found = (Match.objects.select_related("round")
             .prefetch_related(Prefetch("entry_a", queryset=sides),
                               Prefetch("entry_b", queryset=sides))
             .filter(competition=competition))
    if status:
        found = found.filter(status=status)
    if round_number is not None:
        found = found.filter(round__number=round_number)
    if since:
        found = found.filter(confirmed_at__date__gte=since)
    if until:
        found = found.filter(confirmed_at__date__lte=until)
    return found.order_by("round__stage__order", "round__bracket", "round__number", "pk")


def match_rows(competition: Competition | int, **filters) -> QuerySet:
    """The competition's matches as rows of the columns the API shows (league.api.rows), their
    sides read apart."""
    return matches_of(competition, **filters).prefetch_related(None).values(*rows.MATCH_COLUMNS)


def match_detail(key: ApiKey | None) -> QuerySet[Match]:
    hands = Prefetch("hands", queryset=Hand.objects.order_by("number"))
    games = Prefetch("games", queryset=Game.objects.order_by("number").prefetch_related(hands))
    return (_matches().filter(readable(key, "competition__season__club__"))
            .prefetch_related(games))


def readable_matches(key: ApiKey | None) -> QuerySet[Match]:
    """The matches the key (or an anonymous reader) may read, for a match's record."""
    return Match.objects.filter(readable(key, "competition__season__club__"))


def nights(key: ApiKey | None, slug: str, *, status: str = "", since: date | None = None,
           until: date | None = None) -> QuerySet[ClubNight]:
    found = ClubNight.objects.filter(competition__season__club=club(key, slug))
    if status:
        found = found.filter(status=status)
    if since:
        found = found.filter(starts_at__date__gte=since)
    if until:
        found = found.filter(starts_at__date__lte=until)
    return found.order_by("-starts_at", "-pk")


def night_detail(key: ApiKey | None) -> QuerySet[ClubNight]:
    pairings = Prefetch("matches", queryset=_matches().order_by("pk"))
    rounds = Prefetch("rounds", queryset=Round.objects.order_by("number")
                      .prefetch_related(pairings))
    return (ClubNight.objects.filter(readable(key, "competition__season__club__"))
            .prefetch_related(rounds))


def keys_of(club: Club) -> list[ApiKey]:
    """The club's keys, in use first, newest first: one query."""
    return sorted(ApiKey.objects.filter(club=club).select_related("made_by"),
                  key=lambda key: (key.is_revoked, -key.made_at.timestamp()))


def club_key(pk: int) -> ApiKey:
    """A key by its id, with its club (for the organizer's revoke), or a 404: one query."""
    found = ApiKey.objects.select_related("club").filter(pk=pk).first()
    if found is None:
        raise Http404("No such key.")
    return found


def event_match(pk: int) -> Match:
    return _matches().select_related("competition__season__club").get(pk=pk)


def event_round(pk: int) -> Round:
    return (Round.objects.select_related("competition__season__club", "stage")
            .prefetch_related(Prefetch("matches", queryset=_matches().order_by("pk"))).get(pk=pk))


def event_competition(pk: int) -> Competition:
    return Competition.objects.select_related("season__club").get(pk=pk)


def webhooks_of(club: Club) -> list:
    """The club's webhooks, each with its latest LOG_LENGTH deliveries (the log): one query,
    and one a webhook (a club has at most ten)."""
    from .models import Webhook

    hooks = list(Webhook.objects.filter(club=club))
    for hook in hooks:
        hook.log = list(hook.deliveries.order_by("-created_at", "-pk")[:LOG_LENGTH])
    return hooks


def club_webhook(pk: int):
    from .models import Webhook

    found = Webhook.objects.select_related("club").filter(pk=pk).first()
    if found is None:
        raise Http404("No such webhook.")
    return found


NOT_EMBEDDED = "No such competition of a public club."


def embedded_competition(pk: int) -> Competition:
    """The competition as its page reads it (league.competitions.formats.selectors.
    competition_page: with its club, kept table, entries and rounds in the order played;
    three queries asked together), or a 404 unless its club is public (an embed carries no
    cookie and no key: a members-only club has none)."""
    competition = competition_page(pk)
    if not competition.season.club.is_public:
        raise Http404(NOT_EMBEDDED)
    return competition


def standings_of(pk: int) -> StandingsTable:
    """The competition's table with the hands won, read as its page reads the competition, its
    entries and its kept table (competition_page): the kept rows while current, the hands read
    beside them."""
    competition = competition_page(pk)
    return standings_with_hands(competition, competition.entry_list, competition.kept_table)


def embeddable(club: Club) -> list[Competition]:
    """The club's competitions under way or finished, newest first: one query."""
    return list(Competition.objects.filter(season__club=club).exclude(
        status=Competition.Status.DRAFT).order_by("-created_at", "-pk"))
