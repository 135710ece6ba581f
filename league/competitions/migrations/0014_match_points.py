from django.db import migrations, models

# Every match with a finished game gets each side's total over them (the others keep 0).
FILL = """
UPDATE competitions_match SET
  points_a = COALESCE((SELECT SUM(g.total_a) FROM gameplay_game g
                       WHERE g.match_id = competitions_match.id AND g.status = 'finished'), 0),
  points_b = COALESCE((SELECT SUM(g.total_b) FROM gameplay_game g
                       WHERE g.match_id = competitions_match.id AND g.status = 'finished'), 0)
WHERE id IN (SELECT match_id FROM gameplay_game WHERE status = 'finished')
"""


class Migration(migrations.Migration):

    dependencies = [
        ('competitions', '0013_audit_by_action'),
        ('gameplay', '0007_game_points_index'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='points_a',
            field=models.IntegerField(default=0),
        ),
        migrations.AddField(
            model_name='match',
            name='points_b',
            field=models.IntegerField(default=0),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
