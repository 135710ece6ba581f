"""A refused form's errors are read with their field: each field marked aria-invalid names, by
aria-describedby, an element of the page that holds its errors in a live region (and every id
an aria-describedby names is on the page), whether the field is drawn by the shared field
include or by a page's own table of fields."""

from __future__ import annotations

from html.parser import HTMLParser

from django.urls import reverse

from tests.factories import EntryFactory, PlayerFactory

from .conftest import draft, sign_in


class Ties(HTMLParser):
    """The ids of the page, which are in a live region, and each described element's ids."""

    VOID = {"br", "hr", "img", "input", "link", "meta", "source", "wbr", "col", "area"}

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.alert_ids: set[str] = set()
        self.described: list[tuple[str, bool, list[str]]] = []
        self.open: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        alerting = attrs.get("role") == "alert" or any(live for _, live in self.open)
        if "id" in attrs:
            self.ids.add(attrs["id"])
            if alerting:
                self.alert_ids.add(attrs["id"])
        if "aria-describedby" in attrs:
            name = attrs.get("name") or attrs.get("id") or tag
            self.described.append(
                (name, attrs.get("aria-invalid") == "true", attrs["aria-describedby"].split())
            )
        if tag not in self.VOID:
            self.open.append((tag, attrs.get("role") == "alert"))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break


def untied(html: str) -> list[str]:
    ties = Ties()
    ties.feed(html)
    problems = [
        f"{name} names a missing #{ref}"
        for name, _, refs in ties.described
        for ref in refs
        if ref not in ties.ids
    ]
    problems += [
        f"{name} is invalid but no error of it is in a live region"
        for name, invalid, refs in ties.described
        if invalid and not set(refs) & ties.alert_ids
    ]
    return problems


def invalid_fields(html: str) -> int:
    ties = Ties()
    ties.feed(html)
    return sum(invalid for _, invalid, _ in ties.described)


def test_the_new_competition_forms_errors_are_tied_to_their_fields(client, people):
    sign_in(client, people.organizer)
    response = client.post(
        reverse("competition-new", args=[people.club.slug]),
        {"name": "", "format": "darts", "match_games": "many"},
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert invalid_fields(html) >= 2
    assert untied(html) == []
    # The format's radios: the group names the error, the radios are marked invalid.
    assert '<fieldset class="field choices has-error" aria-describedby="id_format_error">' in html


def test_a_seed_refused_in_the_entries_table_is_tied_to_its_box(client, people):
    competition = draft(people)
    entries = [
        EntryFactory(competition=competition, player=PlayerFactory(club=people.club))
        for _ in range(2)
    ]
    sign_in(client, people.organizer)
    response = client.post(
        reverse("competition-seeds", args=[competition.pk]),
        {f"seed_{entries[0].pk}": "x", f"seed_{entries[1].pk}": "1"},
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert invalid_fields(html) == 1
    assert untied(html) == []


def test_a_new_entrant_without_a_name_is_told_next_to_the_name(client, people):
    competition = draft(people)
    sign_in(client, people.organizer)
    response = client.post(reverse("competition-new-entrant", args=[competition.pk]), {"name": ""})
    assert response.status_code == 422
    html = response.content.decode()
    assert invalid_fields(html) == 1
    assert untied(html) == []


def test_a_missing_error_region_is_found():
    assert untied('<input name="a" aria-invalid="true" aria-describedby="a_error">') == [
        "a names a missing #a_error",
        "a is invalid but no error of it is in a live region",
    ]
    assert (
        untied(
            '<input name="a" aria-invalid="true" aria-describedby="a_error">'
            '<div role="alert" id="a_error"><ul><li>No.</li></ul></div>'
        )
        == []
    )
