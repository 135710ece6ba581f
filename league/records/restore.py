"""A club's archive (league.records.archive) restored into a database without that club: its
rows as they were (the same ids, so a restore goes into an empty database), its people by user
name (made, without a usable password, where missing), every match's games and hands from its
record, each game's totals checked by the engine against its hands; then its ratings
recomputed from the confirmed results. All or nothing: one transaction."""

from __future__ import annotations

import io
import json
import zipfile

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from gameplay import engine
from league.clubs.models import Club
from league.core.errors import ServiceError
from league.games.models import Game, Hand
from league.games.services.match_points import keep_match_points
from league.games.services.scoring import from_engine_seat, score_of
from league.ratings.services import recompute_ratings

from .archive import MODELS, NAMED_USERS
from .format import ARCHIVE_FORMAT, ARCHIVE_VERSION, FORMAT, VERSION, schema_problems


def restore_club_archive(data: bytes) -> Club:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        manifest = json.loads(archive.read("manifest.json"))
    except (zipfile.BadZipFile, KeyError, ValueError):
        raise ServiceError(
            _("This file is not a club archive (a zip file with a manifest.json).")
        ) from None
    if not isinstance(manifest, dict):
        manifest = {}
    if manifest.get("format") != ARCHIVE_FORMAT or manifest.get("version") != ARCHIVE_VERSION:
        raise ServiceError(
            _("This archive is not of version %(version)s of the club archive format.")
            % {"version": ARCHIVE_VERSION}
        )
    slug = str((manifest.get("club") or {}).get("slug", ""))
    if Club.objects.filter(slug=slug).exists():
        raise ServiceError(
            _("A club %(slug)s is here already: an archive is restored into a database without it.")
            % {"slug": slug}
        )
    try:
        with transaction.atomic():
            _restore_rows(manifest["rows"])
            for name in manifest["match_records"]:
                restore_games(json.loads(archive.read(name)))
            _reset_sequences()
            club = Club.objects.get(slug=slug)
            recompute_ratings(club)
    except IntegrityError as error:
        raise ServiceError(
            _(
                "The archive's rows clash with this database's (%(error)s): "
                "restore it into an empty database."
            )
            % {"error": error}
        ) from None
    except (
        DeserializationError,
        ValidationError,
        KeyError,
        TypeError,
        ValueError,
        engine.EngineError,
    ) as error:
        raise ServiceError(
            _("The archive cannot be read: %(error)s") % {"error": error or repr(error)}
        ) from None
    return club


def _restore_rows(rows: dict[str, list[dict]]) -> None:
    for model in MODELS:
        label = model._meta.label_lower
        found = [_with_users(label, row) for row in rows.get(label, [])]
        objects, m2m = [], []
        for item in serializers.deserialize("python", found):
            objects.append(item.object)
            m2m.append(item.m2m_data)
        kept = {
            field.attname: [getattr(o, field.attname) for o in objects]
            for field in model._meta.concrete_fields
            if getattr(field, "auto_now_add", False)
        }
        model.objects.bulk_create(objects)
        if kept and objects:
            for name, values in kept.items():
                for obj, value in zip(objects, values, strict=True):
                    setattr(obj, name, value)
            model.objects.bulk_update(objects, list(kept))
        for obj, related in zip(objects, m2m, strict=True):
            for name, values in related.items():
                getattr(obj, name).set(values)


def _with_users(label: str, row: dict) -> dict:
    """The row with its user names made user ids (the users made where missing)."""
    name = NAMED_USERS.get(label)
    if name is None or row["fields"].get(name) in (None, []):
        return row
    value = row["fields"][name]
    ids = [_user_id(username) for username in (value if isinstance(value, list) else [value])]
    return {**row, "fields": {**row["fields"], name: ids if isinstance(value, list) else ids[0]}}


def _user_id(username: str) -> int:
    user, made = get_user_model().objects.get_or_create(username=username)
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user.pk


def restore_games(record: dict) -> list[Game]:
    """The match's games and hands as its record gives them; each game's score, counted by the
    engine from its hands, must be the record's."""
    problems = schema_problems(record)
    if record.get("format") != FORMAT or record.get("version") != VERSION or problems:
        raise ServiceError(
            _("A match record of the archive is not of version %(version)s: %(problem)s")
            % {"version": VERSION, "problem": (problems or ["format"])[0]}
        )
    match_id = record["match"]["id"]
    games = []
    for data in record["games"]:
        game = Game.objects.create(
            match_id=match_id,
            number=data["number"],
            ruleset=data["ruleset"],
            target_score=data.get("target_score") or data["ruleset"].get("target_score", 100),
            first_dealer=data["first_dealer"],
            status=data["status"],
            winner=data["winner"] or "",
            total_a=data["totals"][0],
            total_b=data["totals"][1],
            hands_played=data.get("hands_played"),
            is_hollywood=bool(data.get("hollywood")),
            hollywood=data.get("hollywood") or {},
            paper_columns=data.get("paper_columns") or [],
            columns_a=(data.get("columns") or [0, 0])[0],
            columns_b=(data.get("columns") or [0, 0])[1],
        )
        hands = Hand.objects.bulk_create([_hand(game, hand) for hand in data["hands"]])
        if game.hands_played is None:
            _require_engine_totals(game, hands, match_id)
        games.append(game)
    keep_match_points(match_id)
    return games


def _hand(game: Game, data: dict) -> Hand:
    return Hand(
        game=game,
        number=data["number"],
        dealer=data["dealer"],
        outcome=data["outcome"],
        knocker=data.get("knocker") or "",
        winner=data.get("winner") or "",
        points=data["points"],
        knocker_cards=data.get("knocker_cards") or "",
        defender_cards=data.get("defender_cards") or "",
        upcard=data.get("upcard") or "",
        spread=data.get("spread") or [],
        knocker_deadwood=data.get("knocker_deadwood"),
        defender_deadwood=data.get("defender_deadwood"),
        event_log=data.get("event_log") or [],
        ruling=data.get("ruling") or {},
        rulings=data.get("rulings") or [],
    )


def _require_engine_totals(game: Game, hands: list[Hand], match_id: int) -> None:
    score = score_of(game, hands)
    totals = [score.totals[engine.Seat.A], score.totals[engine.Seat.B]]
    if totals != [game.total_a, game.total_b] or (
        game.is_finished and from_engine_seat(score.winner) != game.winner
    ):
        raise ServiceError(
            _(
                "Match %(match)s, game %(game)s: its hands make %(a)s to %(b)s, "
                "not the totals the archive gives."
            )
            % {"match": match_id, "game": game.number, "a": totals[0], "b": totals[1]}
        )


def _reset_sequences() -> None:
    """After rows with their own ids, the next id of each table follows them (PostgreSQL)."""
    statements = connection.ops.sequence_reset_sql(no_style(), [*MODELS, Game, Hand])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
