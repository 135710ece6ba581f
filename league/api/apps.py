from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "league.api"
    label = "api"
    verbose_name = "Read API"
