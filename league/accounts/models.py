"""What a person chose about reading the site, kept with his account."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Preferences(models.Model):
    """The language and the text size a signed-in person reads the site in. An empty language
    means the browser's (or, on a club's pages, the club's) language."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="reading_preferences")
    language = models.CharField(_("language"), max_length=8, blank=True)
    larger_text = models.BooleanField(_("larger text"), default=False)

    class Meta:
        verbose_name = _("reading preferences")
        verbose_name_plural = _("reading preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}{', larger text' if self.larger_text else ''}"
