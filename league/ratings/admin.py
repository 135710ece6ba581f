from django.contrib import admin

from .models import PlayerRating, RatingPeriod


class ReadOnly(admin.ModelAdmin):
    """Ratings are rebuilt from the results (manage.py recompute_ratings), never edited."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatingPeriod)
class RatingPeriodAdmin(ReadOnly):
    list_display = ["club", "starts_on", "system", "rated_unit", "results"]
    list_filter = ["club", "system"]
    date_hierarchy = "starts_on"


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnly):
    list_display = ["player", "starts_on", "rating", "rd", "volatility", "games", "total_games"]
    list_filter = ["period__club"]
    search_fields = ["player__name"]
    list_select_related = ["player"]
    date_hierarchy = "starts_on"
