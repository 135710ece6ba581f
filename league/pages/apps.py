from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "league.pages"
    label = "pages"
    verbose_name = "Pages"
