"""A match's record (docs/record-format.md, its JSON Schema in docs/schema/) through the API,
read with the same access as the match itself."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from league.records.export import match_record, record_match

from . import selectors


class MatchRecordSerializer(serializers.Serializer):
    """The record's shape as the OpenAPI schema shows it; docs/schema/match-record-v1.json
    gives every field of it."""

    format = serializers.CharField(help_text='Always "gin-league-match"')
    version = serializers.IntegerField(help_text="The record format's version: 1")
    exported_at = serializers.DateTimeField()
    club = serializers.DictField()
    competition = serializers.DictField()
    match = serializers.DictField()
    players = serializers.DictField()
    ruleset = serializers.DictField()
    hollywood = serializers.DictField(allow_null=True)
    result = serializers.DictField()
    games = serializers.ListField(child=serializers.DictField())
    corrections = serializers.ListField(child=serializers.DictField())


@extend_schema(
    summary="A match's record: its players, rules, games and every hand, "
    "as the record format (version 1) gives them",
    responses=MatchRecordSerializer,
)
class MatchRecord(generics.RetrieveAPIView):
    def get_queryset(self):
        return selectors.readable_matches(self.request.auth)

    def retrieve(self, request, *args, **kwargs):
        match = self.get_object()
        return Response(match_record(record_match(match.pk)))
