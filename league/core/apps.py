from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "league.core"
    label = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created
        from django.urls import register_converter

        from league.core import checks  # noqa: F401  (registers the deployment checks)
        from league.core.ids import Id
        from league.core.pg_times import use_compiled_times

        register_converter(Id, "id")  # before any URL pattern is read
        connection_created.connect(use_compiled_times, dispatch_uid="compiled-times")
