from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "league.records"
    label = "records"
    verbose_name = "Match records and club archives"
