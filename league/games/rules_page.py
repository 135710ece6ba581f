"""The rule book on the site: docs/rules.md rendered to HTML inside the site's layout.

The markdown is the project's own file; it is read and rendered once per process (the headings'
anchors come from their ``{#id}`` attributes, which the rulings assistant and the ruleset summary
link to).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe

RULES_FILE = Path(settings.BASE_DIR) / "docs" / "rules.md"


@lru_cache(maxsize=1)
def rules_html() -> SafeString:
    """docs/rules.md as HTML. The file is the project's own text, so its HTML is trusted."""
    text = RULES_FILE.read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["attr_list", "tables"], output_format="html")
    # A wide table scrolls sideways inside the page (site.css): focusable, so that a keyboard
    # can scroll it too.
    html = html.replace("<table>", '<table tabindex="0">')
    return mark_safe(html)  # the project's own markdown, not user input


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "gameplay/rules.html", {"rules_html": rules_html()})
