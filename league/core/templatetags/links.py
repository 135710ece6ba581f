"""{% link 'player' player.pk %}: the address of a page that takes one whole number, as
{% url %} gives it, built without reversing it anew (league.core.links): for the links of
long lists."""

from django import template

from league.core.links import link as address

register = template.Library()


@register.simple_tag
def link(name: str, number: int) -> str:
    return address(name, number)
