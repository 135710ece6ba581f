"""When each confirmed result was played, stored on the match and indexed with its competition.

The confirmed matches already there get the moment the ratings computed for them until now:
their last finished game's start, else their first report, else their confirmation. One
UPDATE in the database, whatever the number of matches.
"""

from django.db import migrations, models
from django.db.models import DateTimeField, F, OuterRef, Subquery
from django.db.models.functions import Coalesce


def store_played_at(apps, schema_editor):
    Match = apps.get_model("competitions", "Match")
    Game = apps.get_model("gameplay", "Game")
    AuditEntry = apps.get_model("competitions", "AuditEntry")
    last_game = (Game.objects.filter(match=OuterRef("pk"), status="finished")
                 .order_by("-created_at").values("created_at")[:1])
    first_report = AuditEntry.objects.filter(match=OuterRef("pk")).order_by("at").values("at")[:1]
    Match.objects.filter(status="confirmed").update(played_at=Coalesce(
        Subquery(last_game), Subquery(first_report), F("confirmed_at"),
        output_field=DateTimeField()))


class Migration(migrations.Migration):

    dependencies = [
        ('competitions', '0008_table_links'),
        ('gameplay', '0003_game_paper_columns'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='played_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name='match',
            index=models.Index(fields=['competition', 'played_at'], name='match_played_in_competition'),
        ),
        migrations.RunPython(store_played_at, migrations.RunPython.noop, elidable=True),
    ]
