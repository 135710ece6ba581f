"""A club's whole data as one zip archive (docs/record-format.md, "The club archive"):
`manifest.json` with the format's version, the club (with its ratings settings), its people
by user name, and the rows of its seasons, players, competitions, stages, entries, rounds,
matches, results, club nights, ladders and history; and `matches/<id>.json`, every match's
record, from which its games and hands are restored. Ratings and standings are derived: the
restore recomputes them."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import datetime

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from league.clubs.models import Club, Player, Season
from league.competitions.models import (
    AuditEntry,
    CheckIn,
    ClubNight,
    Competition,
    CompetitionAudit,
    Entry,
    LadderChallenge,
    LadderEvent,
    Match,
    ResultReport,
    Round,
    Stage,
    StageEntry,
)

from .export import match_record, record_match
from .format import ARCHIVE_FORMAT, ARCHIVE_VERSION

# In the order they are restored: each after the rows it refers to.
MODELS = (
    Club,
    Season,
    Player,
    Competition,
    Stage,
    Entry,
    StageEntry,
    ClubNight,
    Round,
    Match,
    ResultReport,
    CheckIn,
    LadderChallenge,
    LadderEvent,
    AuditEntry,
    CompetitionAudit,
)
# A user is named by his user name where the club needs him (its organizers, a player's
# account); every other reference to a user (who reported, who checked in) is left out.
NAMED_USERS = {"clubs.club": "organizers", "clubs.player": "user"}


def club_rows(club: Club) -> dict[str, list[dict]]:
    """Each model's rows of the club, as Django serializes them, keyed by `app.model`."""
    competitions = Competition.objects.filter(season__club=club)
    matches = Match.objects.filter(competition__in=competitions)
    querysets = {
        Club: Club.objects.filter(pk=club.pk),
        Season: Season.objects.filter(club=club),
        Player: Player.objects.filter(club=club),
        Competition: competitions,
        Stage: Stage.objects.filter(competition__in=competitions),
        Entry: Entry.objects.filter(competition__in=competitions),
        StageEntry: StageEntry.objects.filter(stage__competition__in=competitions),
        ClubNight: ClubNight.objects.filter(competition__in=competitions),
        Round: Round.objects.filter(competition__in=competitions),
        Match: matches,
        ResultReport: ResultReport.objects.filter(match__in=matches),
        CheckIn: CheckIn.objects.filter(night__competition__in=competitions),
        LadderChallenge: LadderChallenge.objects.filter(competition__in=competitions),
        LadderEvent: LadderEvent.objects.filter(competition__in=competitions),
        AuditEntry: AuditEntry.objects.filter(match__in=matches),
        CompetitionAudit: CompetitionAudit.objects.filter(competition__in=competitions),
    }
    users = _user_names(club)
    rows = {}
    for model in MODELS:
        label = model._meta.label_lower
        serialized = serializers.serialize("python", querysets[model].order_by("pk"))
        rows[label] = [_people_named(label, row, users) for row in serialized]
    return rows


def _user_names(club: Club) -> dict[int, str]:
    from django.contrib.auth import get_user_model

    ids = {
        *club.organizers.values_list("pk", flat=True),
        *Player.objects.filter(club=club, user__isnull=False).values_list("user", flat=True),
    }
    return dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))


def _people_named(label: str, row: dict, users: dict[int, str]) -> dict:
    fields = row["fields"]
    for name, value in list(fields.items()):
        field = _model_of(label)._meta.get_field(name)
        if not field.is_relation or field.related_model._meta.label_lower != "auth.user":
            continue
        if NAMED_USERS.get(label) != name:
            fields[name] = [] if field.many_to_many else None
        elif field.many_to_many:
            fields[name] = sorted(users[pk] for pk in value)
        else:
            fields[name] = users.get(value)
    return row


def _model_of(label: str):
    return next(m for m in MODELS if m._meta.label_lower == label)


def manifest(club: Club, rows: dict, match_ids: list[int], *, now: datetime) -> dict:
    return {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "exported_at": now.isoformat(),
        "club": {
            "name": club.name,
            "slug": club.slug,
            "ratings": {
                "system": club.rating_system,
                "rated_unit": club.rated_unit,
                "glicko2_tau": club.glicko2_tau,
                "elo_k": club.elo_k,
            },
        },
        "counts": {label: len(found) for label, found in rows.items()},
        "rows": rows,
        "match_records": [f"matches/{pk}.json" for pk in match_ids],
    }


def club_archive(club: Club, *, now: datetime | None = None) -> bytes:
    """The club's archive, as the bytes of a zip file."""
    now = now or timezone.now()
    rows = club_rows(club)
    match_ids = [row["pk"] for row in rows["competitions.match"]]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", _json(manifest(club, rows, match_ids, now=now)))
        for pk in match_ids:
            archive.writestr(f"matches/{pk}.json", _json(match_record(record_match(pk), now=now)))
    return buffer.getvalue()


def _json(data: dict) -> str:
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
