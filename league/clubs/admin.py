"""The admin of clubs, players and seasons."""

from django.contrib import admin

from league.clubs.models import Club, Player, Season
from league.clubs.signals import user_players_changed


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "rating_system", "rated_unit", "created_at"]
    list_filter = ["rating_system", "rated_unit"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user"]
    list_filter = ["club"]
    search_fields = ["name", "user__username", "user__email"]
    list_select_related = ["club", "user"]
    raw_id_fields = ["user"]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        if change and "user" in form.changed_data:  # the account he was taken from
            user_players_changed([form.initial.get("user")])


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "ends_on"]
    list_filter = ["club"]
    search_fields = ["name"]
