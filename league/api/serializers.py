"""What the API shows of each thing: public facts only (a player's name and club, never his
account or mail)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from league.clubs.models import Club, Player
from league.competitions.models import ClubNight, Competition, Match, Round, Stage
from league.games.models import Game, Hand


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["slug", "name", "description", "time_zone", "is_public", "rating_system",
                  "rated_unit", "created_at"]


class RatingSerializer(serializers.Serializer):
    system = serializers.ChoiceField(choices=Club.RatingSystem.choices)
    rating = serializers.FloatField()
    rd = serializers.FloatField(allow_null=True, help_text="Glicko-2's rating deviation")
    volatility = serializers.FloatField(allow_null=True)
    total_games = serializers.IntegerField(help_text="Rated results up to now")
    as_of = serializers.DateField(help_text="The Monday of the week last rated")
    provisional = serializers.BooleanField()
    open_week = serializers.BooleanField(help_text="The week under way, moving until it closes")


class PlayerSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    retired = serializers.BooleanField(source="is_retired")
    rating = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "name", "club", "retired", "rating"]

    @extend_schema_field(RatingSerializer(allow_null=True))
    def get_rating(self, player):
        current = self.context.get("ratings", {}).get(player.pk)
        return RatingSerializer(current).data if current else None


class HistoryPointSerializer(serializers.Serializer):
    week = serializers.DateField()
    rating = serializers.FloatField()
    rd = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField(help_text="Rated results in the week")
    total_games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class RatingHistorySerializer(serializers.Serializer):
    player = serializers.IntegerField()
    current = RatingSerializer(allow_null=True)
    history = HistoryPointSerializer(many=True)


class SideSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="pk")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")


class MatchSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round_id")
    round_number = serializers.IntegerField(source="round.number")
    bracket = serializers.ChoiceField(source="round.bracket", choices=Round.Bracket.choices)
    side_a = SideSerializer(source="entry_a", allow_null=True)
    side_b = SideSerializer(source="entry_b", allow_null=True)
    winner = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = ["id", "competition", "round", "round_number", "bracket", "key", "side_a",
                  "side_b", "status", "kind", "winner", "games_a", "games_b", "scheduled_at",
                  "table", "play_by", "confirmed_at"]

    @extend_schema_field(serializers.ChoiceField(choices=["A", "B"], allow_null=True))
    def get_winner(self, match):
        if match.winner_id is None:
            return None
        return "A" if match.winner_id == match.entry_a_id else "B"


class HandSerializer(serializers.ModelSerializer):
    class Meta:
        model = Hand
        fields = ["number", "dealer", "outcome", "knocker", "winner", "points", "knocker_cards",
                  "defender_cards", "spread", "upcard", "event_log", "ruling", "rulings"]


class GameSerializer(serializers.ModelSerializer):
    hands = HandSerializer(many=True)

    class Meta:
        model = Game
        fields = ["number", "status", "winner", "target_score", "first_dealer", "total_a",
                  "total_b", "hands_played", "is_hollywood", "columns_a", "columns_b", "hands"]


class MatchDetailSerializer(MatchSerializer):
    games = GameSerializer(many=True)

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "games"]


class CompetitionSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="season.club.slug")
    season = serializers.CharField(source="season.name")

    class Meta:
        model = Competition
        fields = ["id", "club", "season", "name", "format", "status", "match_format",
                  "match_games", "created_at"]


class StageSerializer(serializers.ModelSerializer):
    class Meta:
        model = Stage
        fields = ["order", "kind", "groups", "qualify", "qualifiers", "seeding"]


class RoundSerializer(serializers.ModelSerializer):
    stage = serializers.IntegerField(source="stage.order", allow_null=True, default=None)

    class Meta:
        model = Round
        fields = ["id", "stage", "bracket", "number", "name", "starts_on", "play_by", "night"]


class EntrySerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="pk")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.SerializerMethodField()

    def get_withdrawn(self, entry) -> bool:
        return entry.withdrawn_at is not None


class CompetitionDetailSerializer(CompetitionSerializer):
    stages = StageSerializer(many=True)
    rounds = RoundSerializer(many=True)
    entries = EntrySerializer(many=True)

    class Meta(CompetitionSerializer.Meta):
        fields = [*CompetitionSerializer.Meta.fields, "description", "points_win",
                  "points_draw", "points_loss", "ended_early", "stages", "rounds", "entries"]


class NightSerializer(serializers.ModelSerializer):
    class Meta:
        model = ClubNight
        fields = ["id", "competition", "starts_at", "status", "opened_at", "closed_at"]


class NightRoundSerializer(serializers.ModelSerializer):
    pairings = MatchSerializer(source="matches", many=True)

    class Meta:
        model = Round
        fields = ["id", "number", "name", "pairings"]


class NightDetailSerializer(NightSerializer):
    rounds = NightRoundSerializer(many=True)

    class Meta(NightSerializer.Meta):
        fields = [*NightSerializer.Meta.fields, "rounds"]
