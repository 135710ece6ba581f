"""The read API's views: parse the filters, read through league.api.selectors (and the apps'
standings and ratings), show through the serializers. Every list is paged. The lists of clubs,
a club's players and competitions, a competition's matches and standings and a player's
ratings are kept as served under the versions of what they show (league.api.kept), after the
access check."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from league.clubs.selectors import club_id_of_slug, club_of_player
from league.competitions.base.page_versions import club_pages_version, competition_tokens
from league.competitions.base.selectors import club_of_competition
from league.competitions.models import ClubNight, Competition, Match
from league.core.dates import OUT_OF_BOUNDS, in_bounds
from league.ratings.selectors import player_rating, rating_history, ratings_for

from . import rows, selectors
from . import serializers as shown
from .kept import KeptAnswers
from .paging import PageQuery, Pages, read_query
from .standings import StandingsSerializer, shown_table

DATED = ("a competition's creation, a match's confirmation, a club night's start (in the "
         "club's time zone)")


def _bounded(value) -> None:
    if not in_bounds(value):
        raise serializers.ValidationError(OUT_OF_BOUNDS)


@extend_schema_field({"type": "string", "format": "date",
                      "pattern": r"^(19\d\d|20\d\d|2100)-\d\d-\d\d$"})
class BoundedDate(serializers.DateField):
    """A date in the years the site accepts (1900 to 2100), as YYYY-MM-DD."""

    def __init__(self, **kwargs) -> None:
        super().__init__(required=False, validators=[_bounded], input_formats=["iso-8601"],
                         **kwargs)


class Dates(serializers.Serializer):
    since = BoundedDate(
                                  help_text=f"On or after this date: {DATED}")
    until = BoundedDate(
                                  help_text=f"On or before this date: {DATED}")


@extend_schema(exclude=True)
@api_view(["GET", "HEAD", "OPTIONS"])
def not_found(request, rest: str):
    raise NotFound("Nothing of the API is at this address: see /api/v1/docs/.")


PAGED = tuple(PageQuery().fields)
NO_PLAYER = "No player of this number is readable with this key."


class ApiView:
    # `self.key`: the request's key, None without one. (No docstring: the schema would show it.)

    @property
    def key(self):
        return self.request.auth

    def readable_club(self) -> int:
        # The id of the URL's club (its slug) if the request may read it, else a 404, mostly
        # without a query (selectors.may_read).
        club_id = club_id_of_slug(self.kwargs["slug"])
        if not selectors.may_read(self.key, club_id):
            raise Http404(selectors.NO_CLUB)
        return club_id


@extend_schema(summary="The clubs readable: the public ones, and the key's own")
class ClubList(KeptAnswers, ApiView, generics.ListAPIView):
    serializer_class = shown.ClubSerializer
    pagination_class = Pages
    query_names = PAGED

    def get_queryset(self):
        return selectors.clubs(self.key)

    def list(self, request, *args, **kwargs):
        readers = "public" if self.key is None else self.key.club_id
        return self.kept(f"clubs-{readers}", club_pages_version(None),
                         lambda: super(ClubList, self).list(request, *args, **kwargs))


@extend_schema(summary="A club")
class ClubDetail(ApiView, generics.RetrieveAPIView):
    serializer_class = shown.ClubSerializer
    lookup_field = "slug"

    def get_queryset(self):
        return selectors.clubs(self.key)


@extend_schema(summary="A club's players, with their current ratings")
class PlayerList(KeptAnswers, ApiView, generics.ListAPIView):
    serializer_class = shown.PlayerSerializer
    pagination_class = Pages
    query_names = PAGED

    def get_queryset(self):
        return selectors.players(self.key, self.kwargs["slug"])

    def list(self, request, *args, **kwargs):
        club_id = self.readable_club()

        def answer() -> Response:
            page = self.paginate_queryset(selectors.player_rows(club_id))
            ratings = ratings_for([row["id"] for row in page])
            return self.get_paginated_response(rows.players(page, ratings))

        return self.kept(f"players-{club_id}", club_pages_version(club_id), answer)


@extend_schema(summary="A player, with the current rating")
class PlayerDetail(ApiView, generics.RetrieveAPIView):
    serializer_class = shown.PlayerSerializer

    def get_queryset(self):
        return selectors.all_players(self.key)

    def retrieve(self, request, *args, **kwargs):
        player = self.get_object()
        rating = player_rating(player)
        context = {"ratings": {player.pk: rating} if rating else {}}
        return Response(shown.PlayerSerializer(player, context=context).data)


@extend_schema(summary="A player's rating after each week played, oldest first",
               responses=shown.RatingHistorySerializer)
class PlayerRatings(KeptAnswers, ApiView, generics.RetrieveAPIView):
    def get_queryset(self):
        return selectors.all_players(self.key)

    def retrieve(self, request, *args, **kwargs):
        pk = self.kwargs["pk"]
        club_id = club_of_player(pk)
        if not selectors.may_read(self.key, club_id):
            raise Http404(NO_PLAYER)

        def answer() -> Response:
            history = rating_history(pk)
            if not history and not selectors.player_readable(self.key, pk):  # since removed
                raise Http404(NO_PLAYER)
            data = {"player": pk, "current": player_rating(pk), "history": history}
            return Response(shown.RatingHistorySerializer(data).data)

        # A player's ratings are written by his club's rebuild alone, which forgets the version
        # of the club's pages; so does the player's removal.
        return self.kept(f"ratings-{pk}", club_pages_version(club_id), answer)


class CompetitionFilters(Dates):
    status = serializers.ChoiceField(choices=Competition.Status.choices, required=False)


@extend_schema(summary="A club's competitions, newest first",
               parameters=[CompetitionFilters])
class CompetitionList(KeptAnswers, ApiView, generics.ListAPIView):
    serializer_class = shown.CompetitionSerializer
    pagination_class = Pages
    query_names = (*PAGED, *CompetitionFilters().fields)

    def get_queryset(self):
        return selectors.competitions(self.key, self.kwargs["slug"],
                                      **read_query(self.request, CompetitionFilters))

    def list(self, request, *args, **kwargs):
        club_id = self.readable_club()

        def answer() -> Response:
            found = selectors.competitions_of(club_id, **read_query(request, CompetitionFilters))
            page = self.paginate_queryset(found)
            return self.get_paginated_response(self.get_serializer(page, many=True).data)

        return self.kept(f"competitions-{club_id}", club_pages_version(club_id), answer)


@extend_schema(summary="A competition: its stages, rounds (with their brackets) and entries")
class CompetitionDetail(ApiView, generics.RetrieveAPIView):
    serializer_class = shown.CompetitionDetailSerializer

    def get_queryset(self):
        return selectors.competition_detail(self.key)


@extend_schema(summary="A competition's standings, with the tiebreak columns in its order")
class Standings(KeptAnswers, ApiView, generics.RetrieveAPIView):
    serializer_class = StandingsSerializer

    def get_queryset(self):
        return selectors.readable_competition(self.key)

    def retrieve(self, request, *args, **kwargs):
        pk = self.kwargs["pk"]
        if not selectors.may_read(self.key, club_of_competition(pk)):
            raise Http404(selectors.NO_COMPETITION)
        version = competition_tokens([pk]).get(pk)
        if version is None:  # deleted since
            raise Http404(selectors.NO_COMPETITION)
        # The tiebreaks' labels and definitions are written in the request's language.
        return self.kept(f"standings-{pk}-{get_language()}", version,
                         lambda: Response(shown_table(selectors.standings_of(pk))))


class MatchFilters(Dates):
    status = serializers.ChoiceField(choices=Match.Status.choices, required=False)
    round = serializers.IntegerField(required=False, min_value=1, max_value=10_000,
                                     help_text="The round's number")


@extend_schema(summary="A competition's matches and results, round by round",
               parameters=[MatchFilters])
class MatchList(KeptAnswers, ApiView, generics.ListAPIView):
    serializer_class = shown.MatchSerializer
    pagination_class = Pages
    query_names = (*PAGED, *MatchFilters().fields)

    def _filters(self) -> dict:
        filters = read_query(self.request, MatchFilters)
        filters["round_number"] = filters.pop("round", None)
        return filters

    def get_queryset(self):
        return selectors.matches(self.key, self.kwargs["pk"], **self._filters())

    def list(self, request, *args, **kwargs):
        pk = self.kwargs["pk"]
        if not selectors.may_read(self.key, club_of_competition(pk)):
            raise Http404(selectors.NO_COMPETITION)
        version = competition_tokens([pk]).get(pk)

        def answer() -> Response:
            found = selectors.match_rows(pk, **self._filters())
            return self.get_paginated_response(rows.matches(self.paginate_queryset(found)))

        if version is None:  # deleted since
            raise Http404(selectors.NO_COMPETITION)
        return self.kept(f"matches-{pk}", version, answer)


@extend_schema(summary="A match: its result, games and every hand")
class MatchDetail(ApiView, generics.RetrieveAPIView):
    serializer_class = shown.MatchDetailSerializer

    def get_queryset(self):
        return selectors.match_detail(self.key)


class NightFilters(Dates):
    status = serializers.ChoiceField(choices=ClubNight.Status.choices, required=False)


@extend_schema(summary="A club's nights, latest first", parameters=[NightFilters])
class NightList(ApiView, generics.ListAPIView):
    serializer_class = shown.NightSerializer
    pagination_class = Pages

    def get_queryset(self):
        return selectors.nights(self.key, self.kwargs["slug"], **read_query(self.request, NightFilters))


@extend_schema(summary="A club night: its rounds and their pairings, with tables")
class NightDetail(ApiView, generics.RetrieveAPIView):
    serializer_class = shown.NightDetailSerializer

    def get_queryset(self):
        return selectors.night_detail(self.key)
