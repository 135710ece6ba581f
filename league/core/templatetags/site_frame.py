"""The parts of every page that are the same for every reader of a language (the head's links,
the header's and the footer's fixed text): rendered once per process and language, then reused.

    {% load site_frame %}
    {% per_language "footer" %}...{% endper_language %}
    {% per_language "signed-in" organizes unread user.get_username %}...{% endper_language %}

Only for what depends on the language alone (and the context processors' constants), or on the
language and the values named after the part's name (each resolved for every request, and the
part kept for each of their combinations): no token, no date, nothing else of the request or
the user. The templates never change while a process runs, so a part rendered once is the part
every later request of that language (and those values) would render; a new process (a deploy)
renders them anew.
"""

from __future__ import annotations

import threading

from django import template
from django.conf import settings
from django.utils import translation
from django.utils.safestring import mark_safe

register = template.Library()

# Parts kept for their values (a reader's name, his unread count) are forgotten together once
# there are this many, so that a long-running process does not keep one for every reader ever.
MOST_KEPT_WITH_VALUES = 4096

_rendered: dict[tuple, str] = {}
_with_values: dict[tuple, str] = {}
_lock = threading.Lock()


class PerLanguageNode(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList,
                 values: list[template.base.FilterExpression]) -> None:
        self.name = name
        self.nodelist = nodelist
        self.values = values

    def render(self, context: template.Context) -> str:
        language = translation.get_language()
        # Kept only when rendered for a request (its context processors ran) in a language of
        # the site's.
        if context.get("request") is None or language not in dict(settings.LANGUAGES):
            return self.nodelist.render(context)
        key = (self.name, language, *(value.resolve(context) for value in self.values))
        kept = _with_values if self.values else _rendered
        found = kept.get(key)
        if found is None:
            found = self.nodelist.render(context)
            with _lock:
                if self.values and len(kept) >= MOST_KEPT_WITH_VALUES:
                    kept.clear()
                kept.setdefault(key, found)
        return mark_safe(found)


@register.tag
def per_language(parser: template.base.Parser, token: template.base.Token) -> PerLanguageNode:
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError(
            'Usage: {% per_language "name" [value ...] %}…{% endper_language %}')
    nodelist = parser.parse(("endper_language",))
    parser.delete_first_token()
    return PerLanguageNode(bits[1][1:-1], nodelist,
                           [parser.compile_filter(bit) for bit in bits[2:]])
