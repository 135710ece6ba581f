"""One user name per person in any case: the database refuses "Wes" beside "wes" even when two
sign-ups race past the form's check."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [
        migrations.RunSQL(
            "CREATE UNIQUE INDEX accounts_username_unique_any_case ON auth_user (LOWER(username))",
            reverse_sql="DROP INDEX accounts_username_unique_any_case",
        ),
    ]
