"""Links built without reversing each address anew (league.core.links): the site's templates
write with `link` every address of a page that takes one whole number or none.

    {% link 'player' player.pk %}           the address, as {% url 'player' player.pk %}
    {% link 'home' %}                       the address, as {% url 'home' %}
    {% list_items 'player' club.player_list %}
                                            <li><a href="(its address)">(its name)</a></li>
                                            for each, drawn in Python: as template nodes, a
                                            list of five hundred costs more than the rest of
                                            its page
"""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

from league.core.links import address, links
from league.core.links import link as numbered

register = template.Library()


@register.simple_tag
def link(name: str, *number) -> str:
    """The address of `name`, of one number (or word) or none."""
    return numbered(name, *number) if number else address(name)


@register.simple_tag
def list_items(name: str, things) -> SafeString:
    """Each of `things` (with a pk and a name) as a list item linking to its page `name`.
    Names are escaped as the templates escape them."""
    things = list(things)
    return mark_safe("".join(
        f'<li><a href="{escape(url)}">{escape(str(thing.name))}</a></li>'
        for thing, url in zip(things, links(name, [thing.pk for thing in things]), strict=True)))
