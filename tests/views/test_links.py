"""A link built from a page's address kept once (league.core.links) is the address reverse()
gives, for every page of the site that takes one whole number or none, in every language, under
a script prefix; what it cannot build is reversed as usual. The site's templates write those
addresses with `{% link %}`."""

import re

import pytest
from django.conf import settings
from django.template import engines
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.urls.base import get_script_prefix, set_script_prefix
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from league.core.links import address, link
from tests.site_templates import site_templates


def _names(resolver: URLResolver, namespace: str = "") -> list[str]:
    found = []
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            found += _names(pattern, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.append(f"{namespace}{pattern.name}")
    return found


def _reversed_with(name: str, *arguments) -> bool:
    try:
        reverse(name, args=arguments)
    except NoReverseMatch:
        return False
    return True


def _names_taking(*arguments) -> list[str]:
    """The names of the site's addresses that `reverse` writes with these arguments."""
    return sorted({name for name in _names(get_resolver()) if _reversed_with(name, *arguments)})


ONE_NUMBER = _names_taking(1)
ONE_WORD = _names_taking("gin-club_2")
NO_ARGUMENT = _names_taking()


def test_the_site_has_pages_that_take_one_number():
    assert {"player", "match", "competition", "gameplay:scoresheet"} <= set(ONE_NUMBER)


@pytest.mark.parametrize("name", ONE_NUMBER)
def test_a_link_is_the_address_reverse_gives(name):
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for number in (0, 7, 123_456_789):
                assert link(name, number) == reverse(name, args=[number])


@given(st.integers(min_value=0, max_value=10**18))
def test_any_whole_number_makes_the_same_address(number):
    assert link("player", number) == reverse("player", args=[number])


def test_a_link_carries_the_script_prefix():
    before = get_script_prefix()
    set_script_prefix("/gin-club/")
    try:
        assert link("match", 42) == "/gin-club/matches/42/" == reverse("match", args=[42])
    finally:
        set_script_prefix(before)
    assert link("match", 42) == "/matches/42/"


def test_what_is_not_a_whole_number_is_reversed_as_usual():
    assert link("player", "17") == reverse("player", args=["17"])
    with pytest.raises(NoReverseMatch):
        link("player", -1)
    with pytest.raises(NoReverseMatch):
        link("home", 1)  # takes no number


def test_the_template_tag_writes_the_same_address():
    template = engines["django"].from_string("{% load links %}{% link 'player' number %}")
    assert template.render({"number": 31}) == reverse("player", args=[31])


def test_a_list_of_links_is_what_a_template_loop_would_write():
    from types import SimpleNamespace

    things = [SimpleNamespace(pk=3, name="Ann & <Bo>"), SimpleNamespace(pk=41, name='"Cy"')]
    drawn = engines["django"].from_string(
        "{% load links %}{% list_items 'player' things %}").render({"things": things})
    looped = engines["django"].from_string(
        "{% for t in things %}<li><a href=\"{% url 'player' t.pk %}\">{{ t.name }}</a></li>"
        "{% endfor %}").render({"things": things})
    assert drawn == looped
    assert "Ann &amp; &lt;Bo&gt;" in drawn


def test_the_site_has_pages_that_take_a_word():
    assert {"club", "club-records"} <= set(ONE_WORD)


@pytest.mark.parametrize("name", ONE_WORD)
def test_a_link_with_a_word_is_the_address_reverse_gives(name):
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for word in ("gin-club_2", "Z", "0"):
                assert link(name, word) == reverse(name, args=[word])


def _either(build, *arguments):
    try:
        return build(*arguments)
    except NoReverseMatch:
        return NoReverseMatch


@given(st.text(max_size=12) | st.integers(min_value=-5, max_value=10**21))
def test_any_argument_makes_the_address_reverse_makes_or_none(argument):
    for name in ("club", "player"):
        assert (_either(link, name, argument)
                == _either(lambda n, a: reverse(n, args=[a]), name, argument))


def test_a_number_too_long_for_an_id_has_no_address():
    with pytest.raises(NoReverseMatch):
        link("player", 10**19)
    assert link("player", 2**63 - 1) == reverse("player", args=[2**63 - 1])


def test_the_site_has_pages_that_take_no_argument():
    assert {"home", "login", "gameplay:rules"} <= set(NO_ARGUMENT)


@pytest.mark.parametrize("name", NO_ARGUMENT)
def test_the_address_of_a_page_without_argument_is_the_one_reverse_gives(name):
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            assert address(name) == reverse(name)


def test_the_address_of_a_page_without_argument_carries_the_script_prefix():
    before = get_script_prefix()
    set_script_prefix("/gin-club/")
    try:
        assert address("gameplay:rules") == "/gin-club/rules/" == reverse("gameplay:rules")
    finally:
        set_script_prefix(before)
    assert address("gameplay:rules") == "/rules/"


def test_the_template_tag_writes_what_the_url_tag_writes():
    values = {"number": 31, "slug": "gin-club", "a": 4, "b": 2}
    for source in ("'home'", "'player' number", "'club' slug", "'gameplay:rules'"):
        ours = engines["django"].from_string("{% load links %}{% link " + source + " %}")
        django = engines["django"].from_string("{% url " + source + " %}")
        assert ours.render(values) == django.render(values)


# {% url %} of a page that takes one argument or none, not set aside as a variable (`as`)
SHORT_URL = re.compile(r"\{%\s*url\s+\S+(\s+(?!as\b)[^\s%]+)?\s*%\}")


def test_the_site_templates_write_the_kept_addresses():
    found = [f"{path}: {tag.group(0)}" for path in site_templates()
             for tag in SHORT_URL.finditer(path.read_text())]
    assert found == []
