from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "league.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from league.accounts import backends  # connects the receivers
        from league.core.fills import fills

        fills(backends.ACCOUNT_KEY, backends.account_filling)  # read ahead with a page's keys
