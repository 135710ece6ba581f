from django.contrib import admin

from .models import Game, Hand


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "dealer", "outcome", "knocker", "winner", "points", "knocker_cards", "defender_cards"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "winner", "total_a", "total_b", "target_score"]
    list_filter = ["status", "match__competition"]
    search_fields = ["match__entry_a__player__name", "match__entry_b__player__name"]
    list_select_related = ["match__entry_a__player", "match__entry_b__player"]
    inlines = [HandInline]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "outcome", "winner", "points", "dealer"]
    list_filter = ["outcome"]
    search_fields = ["game__match__entry_a__player__name", "game__match__entry_b__player__name"]
    list_select_related = ["game__match__entry_a__player", "game__match__entry_b__player"]
