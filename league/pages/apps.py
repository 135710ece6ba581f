from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "league.pages"
    label = "pages"
    verbose_name = "Pages"

    def ready(self) -> None:
        from league.core.cache import frame_reads
        from league.pages.context_processors import header_keys_of

        # The header of every page is this app's: a page of any app reads its keys ahead.
        frame_reads(header_keys_of)
