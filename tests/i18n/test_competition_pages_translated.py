"""The competition's pages, the organizer's pages and the competitions' refusals read in the
reader's language: German and Spanish from the shipped catalogs, English by default."""

import pytest
from django.urls import reverse
from django.utils import translation

from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.models import Competition
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from tests.views.test_competition_page import started

pytestmark = pytest.mark.django_db


def test_a_league_page_reads_in_german_with_its_rounds_format_and_points(client):
    competition = started(Competition.Format.LEAGUE, 4)
    html = client.get(
        reverse("competition", args=[competition.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    for german in (
        "Spielplan und Ergebnisse",
        "Liga (jeder gegen jeden)",
        "Runde 1",
        "Sieg 2, Remis 1, Niederlage 0",
        "Setzplatz 1",
    ):
        assert german in html
    assert "Fixtures and results" not in html


def test_a_league_page_reads_in_spanish(client):
    competition = started(Competition.Format.LEAGUE, 4)
    html = client.get(
        reverse("competition", args=[competition.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Calendario y resultados" in html and "Ronda 1" in html
    assert "Fixtures and results" not in html


def test_the_tiebreaks_are_named_and_explained_in_the_readers_language():
    competition = started(Competition.Format.LEAGUE, 4)
    # a table is counted for one reader, in his language: its words are his, as text
    with translation.override("de"):
        table = competition_standings(competition)
        labels = [str(label) for _t, label in table.tiebreaks]
    sentences = [d.sentence for d in table.definitions]
    assert labels == ["direkter Vergleich", "Netto-Partiepunkte", "Anzahl Siege"]
    assert sentences[1].startswith("Erzielte minus abgegebene Partiepunkte")
    assert {v.label for row in table.rows for v in row.tiebreaks} <= set(labels)
    with translation.override("es"):
        spanish = competition_standings(competition)
    assert spanish.definitions[1].sentence != sentences[1]


def test_a_refusal_of_a_service_reads_in_the_language_active_when_it_is_made():
    competition = started(Competition.Format.LEAGUE, 4)
    entry = competition.entries.first()
    organizer = competition.season.club.organizers.get()
    withdraw_entry(entry.pk, actor=organizer, comment="")
    with translation.override("es"), pytest.raises(ServiceError) as refused:
        withdraw_entry(entry.pk, actor=organizer, comment="")
    assert str(refused.value.message) == f"{entry.player.name} ya se ha retirado."
