"""A cached competition page is never stale: after each write a club makes, the page served
(from its cached fragments where they are still good) is the page rendered afresh from the
database. Each step primes the cache first (the default round, all rounds, and the htmx
fixtures), so a write that forgot to change the page's version would be caught serving the old
fragments."""

from contextlib import contextmanager

import pytest
from django.test import TestCase
from django.urls import reverse

from league.competitions.entries.late_entries import add_new_player_late
from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.formats.competitions import register_players, seed_entries
from league.competitions.formats.decide import keep_match, reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Entry, Match
from league.competitions.results.forfeits import record_forfeit
from league.competitions.results.services import (
    correct_result,
    dispute_result,
    report_result,
    resolve_dispute,
)
from league.games.services import start_game
from league.games.services.games import HandEntry, record_hand
from tests.conftest import empty_caches
from tests.factories import PlayerFactory

from .conftest import main_of, record_shared_calls
from .test_competition_page import NAMES, drafted, play, started

pytestmark = pytest.mark.django_db


class Watched:
    """The competition page's variants, each read through the cache and afresh."""

    def __init__(self, client, competition: Competition) -> None:
        self.client = client
        self.url = reverse("competition", args=[competition.pk])
        self.competition = competition

    def _read(self) -> list[str]:
        full = [self.client.get(self.url + query) for query in ("", "?round=all")]
        partial = self.client.get(self.url + "?round=all", HTTP_HX_REQUEST="true")
        assert all(r.status_code == 200 for r in (*full, partial))
        return [*(main_of(r.content.decode()) for r in full), partial.content.decode()]

    @contextmanager
    def write(self):
        """Prime the cache, let the step write, then compare the served page with a fresh one."""
        before = self._read()
        yield
        served = self._read()
        empty_caches()
        fresh = self._read()
        assert served == fresh
        self.changed = served != before


def organizer_of(competition: Competition):
    return competition.season.club.organizers.get()


def match_between(competition: Competition, a: str, b: str) -> Match:
    return competition.matches.get(entry_a__player__name__in=(a, b),
                                   entry_b__player__name__in=(a, b))


def test_a_draft_is_fresh_after_entries_seeds_and_the_start(client):
    draft = drafted(Competition.Format.SINGLE_ELIMINATION)
    club, organizer = draft.season.club, organizer_of(draft)
    page = Watched(client, draft)
    with page.write():
        register_players(draft, [PlayerFactory(club=club, name=n) for n in NAMES[:4]],
                         actor=organizer)
    assert page.changed
    entries = list(draft.entries.order_by("-pk").values_list("pk", flat=True))
    with page.write():
        seed_entries(draft, entries, actor=organizer)
    assert page.changed
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        start_competition(draft.pk, actor=organizer)
    assert page.changed


def test_a_league_is_fresh_through_a_result_reported_disputed_resolved_and_corrected(client):
    league = started(Competition.Format.LEAGUE, 4)
    organizer = organizer_of(league)
    page = Watched(client, league)
    match = match_between(league, "Ada", "Dot")
    a, b = match.entry_a.player.user, match.entry_b.player.user
    with page.write():
        game = start_game(match.pk, actor=a)
    with page.write():
        for _ in range(4):
            record_hand(game.pk, HandEntry(outcome="knock", winner="A", points=25), actor=a)
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        report_result(match.pk, actor=a)
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        dispute_result(match.pk, actor=b, comment="The last hand was mine.")
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        resolve_dispute(match.pk, actor=organizer, uphold=True)
    assert page.changed
    match.refresh_from_db()
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        correct_result(match.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                       comment="Scores were swapped.", expected_confirmed_at=match.confirmed_at, overrides_games=True)
    assert page.changed


def test_a_league_is_fresh_after_a_forfeit_a_withdrawal_a_late_entry_and_renames(client):
    league = started(Competition.Format.LEAGUE, 4)
    organizer = organizer_of(league)
    page = Watched(client, league)
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        record_forfeit(match_between(league, "Bea", "Cy").pk, actor=organizer, absent="B")
    assert page.changed
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        withdraw_entry(Entry.objects.get(competition=league, player__name="Dot").pk,
                       actor=organizer, comment="Moved away.")
    assert page.changed
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        add_new_player_late(league.pk, "Ivy", actor=organizer)
    assert page.changed
    for renamed in (league.entries.get(player__name="Ada").player, league.season,
                    league.season.club):
        with page.write():
            renamed.name = f"{renamed.name} Renamed"
            renamed.save()
        assert page.changed


def test_a_knockout_is_fresh_through_its_bracket_a_correction_and_the_decision(client):
    ko = started(Competition.Format.SINGLE_ELIMINATION, 4)
    organizer = organizer_of(ko)
    page = Watched(client, ko)
    with page.write():
        semi = play(ko, "Ada", "Dot", winner="Ada")
    with page.write():
        play(ko, "Bea", "Cy", winner="Bea")
    with page.write():
        final = match_between(ko, "Ada", "Bea")
        start_game(final.pk, actor=final.entry_a.player.user)
    assert page.changed
    semi.refresh_from_db()
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        correct_result(semi.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                       comment="Dot won.", expected_confirmed_at=semi.confirmed_at, overrides_games=True)
    decision = pending_decisions(ko)[0]
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        reset_match(decision.match.pk, actor=organizer, comment="Replay with Dot.")
    assert page.changed


def test_keeping_a_started_match_after_a_correction_leaves_the_page_fresh(client):
    ko = started(Competition.Format.SINGLE_ELIMINATION, 4)
    organizer = organizer_of(ko)
    semi = play(ko, "Ada", "Dot", winner="Ada")
    play(ko, "Bea", "Cy", winner="Bea")
    final = match_between(ko, "Ada", "Bea")
    start_game(final.pk, actor=final.entry_a.player.user)
    semi.refresh_from_db()
    with TestCase.captureOnCommitCallbacks(execute=True):
        correct_result(semi.pk, actor=organizer, winner="B", games_a=0, games_b=1,
                       comment="Dot won.", expected_confirmed_at=semi.confirmed_at, overrides_games=True)
    page = Watched(client, ko)
    with page.write(), TestCase.captureOnCommitCallbacks(execute=True):
        keep_match(pending_decisions(ko)[0].match.pk, actor=organizer, comment="Play on.")


def test_a_swiss_is_fresh_when_its_next_round_is_paired(client):
    swiss = started(Competition.Format.SWISS, 4, swiss_rounds=2)
    page = Watched(client, swiss)
    with page.write():
        play(swiss, "Ada", "Cy", winner="Ada")
    with page.write():
        play(swiss, "Bea", "Dot", winner="Bea")
    assert swiss.rounds.count() == 2
    assert page.changed


def test_a_first_visit_shares_its_fragments_in_one_write(client, monkeypatch):
    competition = started(Competition.Format.LEAGUE, 4)
    written: list[tuple[str, list[str]]] = []

    def note(name, first):
        keys = list(first) if name == "set_many" else [first]
        written.append((name, [key for key in keys if key.startswith("template.cache.")]))

    record_shared_calls(monkeypatch, ("set", "set_many"), note)
    empty_caches()
    assert client.get(reverse("competition", args=[competition.pk])).status_code == 200
    fragment_writes = [(name, keys) for name, keys in written if keys]
    # the title, the head, the standings and the fixtures: rendered, then shared together
    assert [name for name, _ in fragment_writes] == ["set_many"]
    assert len(fragment_writes[0][1]) == 4


def test_a_page_already_rendered_asks_the_shared_cache_once(client, request):
    competition = started(Competition.Format.LEAGUE, 4)
    url = reverse("competition", args=[competition.pk])
    first = client.get(url).content.decode()
    calls = request.getfixturevalue("shared_cache_calls")  # counted from here on
    assert main_of(client.get(url).content.decode()) == main_of(first)
    assert calls == ["get_many"]  # whether the club is public and the page's version, together


def test_a_first_visit_looks_for_no_fragment_where_another_process_keeps_them(
        client, shared_cache_gets):
    from django.core.cache import caches

    from league.core.cache import FRAGMENTS

    competition = started(Competition.Format.LEAGUE, 4)
    url = reverse("competition", args=[competition.pk])
    empty_caches()
    shared_cache_gets.clear()
    first = client.get(url).content.decode()
    fragments = [key for key in shared_cache_gets if key.startswith("template.cache.")]
    assert fragments == []  # its version is new: nothing can be kept under it yet
    caches[FRAGMENTS].clear()  # this process's copies: as in another process
    shared_cache_gets.clear()
    again = client.get(url).content.decode()
    # kept: the title, the head and the body (the fixtures inside it, not looked for)
    assert [key.split(".")[2] for key in shared_cache_gets
            if key.startswith("template.cache.")] == [
        "competition-title", "competition-head", "competition-body"]
    assert main_of(again) == main_of(first)
