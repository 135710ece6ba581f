from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "league.ratings"
    label = "ratings"
    verbose_name = "Ratings"
