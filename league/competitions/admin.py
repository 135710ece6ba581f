from django.contrib import admin

from league.competitions.models import (
    AuditEntry,
    Competition,
    Entry,
    LadderChallenge,
    LadderEvent,
    Match,
    ResultReport,
    Round,
    Stage,
    StageEntry,
)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "format", "status", "match_format", "match_games"]
    list_filter = ["format", "status", "season__club"]
    search_fields = ["name", "season__name"]
    list_select_related = ["season__club"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["player", "competition", "seed", "withdrawn_at"]
    list_filter = ["competition__season__club", "competition"]
    search_fields = ["player__name", "competition__name"]
    list_select_related = ["player", "competition"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "competition", "bracket", "number"]
    list_filter = ["bracket", "competition"]


class ResultReportInline(admin.TabularInline):
    model = ResultReport
    extra = 0
    readonly_fields = ["reported_by", "reported_at", "decided_by", "decided_at"]


class AuditInline(admin.TabularInline):
    model = AuditEntry
    extra = 0
    readonly_fields = ["actor", "action", "before", "after", "comment", "at"]
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "competition", "round", "status", "kind", "winner", "games_a", "games_b"]
    list_filter = ["status", "kind", "competition__format", "competition"]
    search_fields = ["entry_a__player__name", "entry_b__player__name", "key"]
    list_select_related = ["competition", "round", "entry_a__player", "entry_b__player", "winner__player"]
    raw_id_fields = ["entry_a", "entry_b", "winner", "round"]
    inlines = [ResultReportInline, AuditInline]


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ["match", "status", "winner", "games_a", "games_b", "reported_by", "reported_at"]
    list_filter = ["status", "kind"]
    search_fields = ["match__entry_a__player__name", "match__entry_b__player__name", "comment"]
    list_select_related = ["match__entry_a__player", "match__entry_b__player", "winner__player", "reported_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "match", "action", "actor"]
    list_filter = ["action"]
    search_fields = ["comment", "action"]
    list_select_related = ["match__entry_a__player", "match__entry_b__player", "actor"]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["competition", "order", "kind", "groups", "qualify", "qualifiers", "seeding"]
    list_select_related = ["competition"]


@admin.register(StageEntry)
class StageEntryAdmin(admin.ModelAdmin):
    list_display = ["entry", "stage", "group", "seed"]
    list_select_related = ["entry__player", "stage__competition"]


@admin.register(LadderChallenge)
class LadderChallengeAdmin(admin.ModelAdmin):
    list_display = ["competition", "challenger", "challenged", "issued_at", "deadline", "status"]
    list_filter = ["status"]
    list_select_related = ["competition", "challenger__player", "challenged__player"]


@admin.register(LadderEvent)
class LadderEventAdmin(admin.ModelAdmin):
    list_display = ["competition", "at", "kind", "player", "challenged"]
    list_select_related = ["competition", "player__player", "challenged__player"]
