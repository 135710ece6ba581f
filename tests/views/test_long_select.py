"""The select of hundreds of options (the club's time zone) is written in one piece: the same
markup as Django's own Select, its chosen option selected, every value and label escaped."""

import re

from django import forms

from league.core.forms import LongSelect
from league.pages.forms import ClubForm

CHOICES = [("a&b", "A & B"), ('say "hi"', "<Hi>"), ("Europe/London", "Europe/London")]


def markup(html: str) -> str:
    return re.sub(r"\s+", " ", html).replace(" >", ">").strip()


def test_the_long_select_writes_what_djangos_select_writes():
    for value in ("Europe/London", 'say "hi"', None):
        ours = LongSelect(choices=CHOICES).render("zone", value, attrs={"id": "id_zone"})
        django = forms.Select(choices=CHOICES).render("zone", value, attrs={"id": "id_zone"})
        assert markup(ours) == markup(django)


def test_values_and_labels_are_escaped_and_the_chosen_one_selected():
    html = LongSelect(choices=CHOICES).render("zone", 'say "hi"')
    assert '<option value="a&amp;b">A &amp; B</option>' in html
    assert '<option value="say &quot;hi&quot;" selected>&lt;Hi&gt;</option>' in html
    assert html.count(" selected") == 1


def test_the_clubs_time_zone_is_chosen_from_every_zone():
    html = str(ClubForm(initial={"time_zone": "Asia/Tokyo"})["time_zone"])
    assert '<option value="Asia/Tokyo" selected>Asia/Tokyo</option>' in html
    assert '<option value="America/Argentina/Buenos_Aires">' in html and html.count("<option") > 300
