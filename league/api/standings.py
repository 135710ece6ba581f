"""A competition's standings as the API shows them: each row with its tiebreak columns, in the
competition's order, with each tiebreak's definition."""

from __future__ import annotations

from rest_framework import serializers


class TiebreakSerializer(serializers.Serializer):
    key = serializers.CharField(source="tiebreak.value")
    label = serializers.CharField()
    definition = serializers.CharField(source="sentence")
    rule = serializers.CharField(source="source")


class TiebreakValueSerializer(serializers.Serializer):
    key = serializers.CharField(source="tiebreak.value")
    value = serializers.SerializerMethodField()
    shown = serializers.CharField(help_text="As the standings page shows it")

    def get_value(self, cell) -> float | None:
        """None: head-to-head among players who have not all met."""
        return None if cell.value is None else float(cell.value)


class StandingsPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    shared_rank = serializers.BooleanField(help_text="Level with the row above on everything")
    player = StandingsPlayerSerializer()
    entry = serializers.IntegerField(source="entry_id")
    withdrawn = serializers.BooleanField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    match_points = serializers.IntegerField()
    game_points_for = serializers.IntegerField()
    game_points_against = serializers.IntegerField()
    game_points_net = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    tiebreaks = TiebreakValueSerializer(many=True)
    separated_by = serializers.CharField(allow_null=True,
                                         help_text="The tiebreak that put it below the row above")


class PointsSerializer(serializers.Serializer):
    win = serializers.IntegerField()
    draw = serializers.IntegerField()
    loss = serializers.IntegerField()
    bye = serializers.IntegerField(allow_null=True, help_text="None: a bye scores as a win")


class StandingsSerializer(serializers.Serializer):
    competition = serializers.IntegerField(source="competition.pk")
    points = PointsSerializer()
    tiebreaks = TiebreakSerializer(source="definitions", many=True)
    notes = serializers.ListField(child=serializers.CharField())
    rows = StandingsRowSerializer(many=True)
