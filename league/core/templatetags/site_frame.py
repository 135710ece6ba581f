"""The parts of every page that are the same for every reader of a language (the head's links,
the header's and the footer's fixed text): rendered once per process and language, then reused.

    {% load site_frame %}
    {% per_language "footer" %}...{% endper_language %}

Only for what depends on the language alone (and the context processors' constants): no user,
nothing of the request, no token, no date. The
templates never change while a process runs, so a part rendered once is the part every later
request of that language would render; a new process (a deploy) renders them anew.
"""

from __future__ import annotations

import threading

from django import template
from django.conf import settings
from django.utils import translation
from django.utils.safestring import mark_safe

register = template.Library()

_rendered: dict[tuple[str, str], str] = {}
_lock = threading.Lock()


class PerLanguageNode(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList) -> None:
        self.name = name
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        language = translation.get_language()
        # Kept only when rendered for a request (its context processors ran) in a language of
        # the site's.
        if context.get("request") is None or language not in dict(settings.LANGUAGES):
            return self.nodelist.render(context)
        key = (self.name, language)
        found = _rendered.get(key)
        if found is None:
            found = self.nodelist.render(context)
            with _lock:
                _rendered.setdefault(key, found)
        return mark_safe(found)


@register.tag
def per_language(parser: template.base.Parser, token: template.base.Token) -> PerLanguageNode:
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('Usage: {% per_language "name" %}…{% endper_language %}')
    nodelist = parser.parse(("endper_language",))
    parser.delete_first_token()
    return PerLanguageNode(bits[1][1:-1], nodelist)
