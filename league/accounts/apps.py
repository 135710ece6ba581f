from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "league.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from league.accounts import backends  # noqa: F401  (connects the receivers)
