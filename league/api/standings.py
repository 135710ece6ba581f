"""A competition's standings as the API shows them: each row with its tiebreak columns, in the
competition's order, with each tiebreak's definition. `StandingsSerializer` describes the
answer (the schema); `shown_table` writes it, the same answer field for field
(tests/api/test_rows.py compares them) without walking the serializers for each cell, which
took more time than reading the table."""

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


def shown_table(table) -> dict:
    """The table (league.competitions.standings.shown.StandingsTable) as StandingsSerializer
    shows it."""
    points = table.points
    return {
        "competition": table.competition.pk,
        "points": {"win": points.win, "draw": points.draw, "loss": points.loss,
                   "bye": points.bye},
        "tiebreaks": [{"key": d.tiebreak.value, "label": str(d.label),
                       "definition": str(d.sentence), "rule": str(d.source)}
                      for d in table.definitions],
        "notes": [str(note) for note in table.notes],
        "rows": [_row(row) for row in table.rows],
    }


def _row(row) -> dict:
    return {
        "rank": row.rank, "shared_rank": row.shared_rank,
        "player": {"id": row.player.pk, "name": row.player.name}, "entry": row.entry_id,
        "withdrawn": row.withdrawn, "played": row.played, "won": row.won, "drawn": row.drawn,
        "lost": row.lost, "byes": row.byes, "match_points": row.match_points,
        "game_points_for": row.game_points_for,
        "game_points_against": row.game_points_against,
        "game_points_net": row.game_points_net, "hands_won": row.hands_won,
        "tiebreaks": [{"key": cell.tiebreak.value,
                       "value": None if cell.value is None else float(cell.value),
                       "shown": str(cell.shown)} for cell in row.tiebreaks],
        "separated_by": None if row.separated_by is None else str(row.separated_by),
    }
