import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('competitions', '0012_match_dated_in_competition_index'),
        ('gameplay', '0006_table_rulings'),
    ]

    operations = [
        migrations.AlterField(
            model_name='game',
            name='match',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='competitions.match'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['match', 'winner', 'total_a', 'total_b'], name='game_points_of_match'),
        ),
    ]
