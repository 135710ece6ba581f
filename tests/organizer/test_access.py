"""Every organizer page and action, for every role: the club's organizers and superusers may;
a visitor is sent to sign in; a player, another club's organizer and a staff member who does
not organize the club get a page saying so (403). A refused action changes nothing."""

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.clubs.models import Player, Season
from league.competitions.models import AuditEntry, Competition, Entry, Match
from tests.factories import EntryFactory, MatchFactory, PlayerFactory

from .conftest import ALLOWED, REFUSED, draft, sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting(people):
    """A draft competition with two entries, a running one with a match, a player to claim."""
    prepared = draft(people, name="Spring Cup")
    entries = [EntryFactory(competition=prepared) for _ in range(2)]
    running = MatchFactory(competition__season=people.season)
    return {
        "draft": prepared, "entry": entries[0], "match": running,
        "unclaimed": PlayerFactory(club=people.club, name="Una", user=None),
    }


def pages(people, s) -> dict[str, str]:
    return {
        "dashboard": reverse("organizer-club", args=[people.club.slug]),
        "new competition": reverse("competition-new", args=[people.club.slug]),
        "entries": reverse("competition-entries", args=[s["draft"].pk]),
        "matches": reverse("organizer-matches", args=[s["match"].competition_id]),
        "withdraw": reverse("entry-withdraw", args=[s["entry"].pk]),
    }


@pytest.mark.parametrize("role", ALLOWED)
def test_the_clubs_organizers_open_every_page(client, people, setting, role):
    sign_in(client, people.role(role))
    for name, url in pages(people, setting).items():
        assert client.get(url).status_code == 200, name


@pytest.mark.parametrize("role", REFUSED)
def test_anyone_else_is_told_the_pages_are_the_organizers(client, people, setting, role):
    sign_in(client, people.role(role))
    for name, url in pages(people, setting).items():
        response = client.get(url)
        assert response.status_code == 403, name
        assert "Only the organizers of The Knock Club may open this page" in response.content.decode()


def test_a_visitor_is_sent_to_sign_in_and_back(client, people, setting):
    for name, url in pages(people, setting).items():
        response = client.get(url)
        assert response.status_code == 302, name
        assert response.url == f"{reverse('login')}?next={url.replace('/', '%2F')}"


def snapshot() -> tuple:
    return (
        sorted(Player.objects.values_list("name", "user_id")),
        sorted(Season.objects.values_list("name", flat=True)),
        sorted(Competition.objects.values_list("name", "status")),
        sorted(Entry.objects.values_list("player_id", "seed", "withdrawn_at")),
        sorted(Match.objects.values_list("pk", "status")),
        AuditEntry.objects.count(),
    )


def actions(people, s) -> dict[str, tuple[str, dict]]:
    entry = s["entry"]
    other = Entry.objects.filter(competition=s["draft"]).exclude(pk=entry.pk).order_by("pk")[0]
    return {
        "add player": (reverse("organizer-add-player", args=[people.club.slug]), {"name": "Zed"}),
        "claim link": (reverse("player-claim-link", args=[s["unclaimed"].pk]), {}),
        "new competition": (reverse("competition-new", args=[people.club.slug]), {
            "name": "Autumn", "season": people.season.pk, "format": "league",
            "preset": "standard", "match_format": "first_to", "match_games": 1,
            "points_win": 2, "points_draw": 1, "points_loss": 0}),
        "seeds": (reverse("competition-seeds", args=[s["draft"].pk]),
                  {f"seed_{entry.pk}": 2, f"seed_{other.pk}": 1}),
        "enter": (reverse("competition-entries", args=[s["draft"].pk]),
                  {"players": [s["unclaimed"].pk]}),
        "new entrant": (reverse("competition-new-entrant", args=[s["draft"].pk]),
                        {"name": "Newbie"}),
        "start": (reverse("competition-start", args=[s["draft"].pk]), {"seeding": "entered"}),
        "withdraw": (reverse("entry-withdraw", args=[entry.pk]), {"comment": ""}),
        "ruling": (reverse("gameplay:ruling-record", args=["wrong_dealer"]), {
            "when": "after_upcard", "record-match": s["match"].pk, "record-game": 1,
            "record-hand": 1}),
    }


@pytest.mark.parametrize("role", ["anonymous", *REFUSED])
def test_a_refused_action_changes_nothing(client, people, setting, role):
    sign_in(client, people.role(role))
    before = snapshot()
    for name, (url, data) in actions(people, setting).items():
        response = client.post(url, data)
        if role == "anonymous":
            assert response.status_code == 302 and response.url.startswith(reverse("login")), name
        else:
            assert response.status_code in (403, 422), (name, response.status_code)
    assert snapshot() == before


@pytest.mark.parametrize("role", ALLOWED)
def test_the_organizers_actions_each_do_their_work(client, people, setting, role):
    from league.games.models import Game

    Game.objects.create(match=setting["match"], number=1, ruleset=Ruleset().to_dict(),
                        target_score=100)
    sign_in(client, people.role(role))
    for name, (url, data) in actions(people, setting).items():
        if name in ("start", "withdraw"):
            continue  # below: the start needs the seeds, a withdrawal would stop it
        response = client.post(url, data)
        assert response.status_code == 302 or name == "claim link", (name, response.status_code)
    assert Player.objects.filter(name__in=["Zed", "Newbie"]).count() == 2
    assert Competition.objects.filter(name="Autumn").exists()
    assert setting["draft"].entries.count() == 4  # two, Una, Newbie
    assert AuditEntry.objects.filter(action="ruling").count() == 1
    assert Entry.objects.get(pk=setting["entry"].pk).seed == 2
    url, data = actions(people, setting)["withdraw"]
    assert client.post(url, data).status_code == 302
    assert Entry.objects.get(pk=setting["entry"].pk).withdrawn_at is not None


def test_a_player_may_withdraw_their_own_entry_but_not_anothers(client, people, setting):
    entry = setting["entry"]
    sign_in(client, entry.player.user)
    other = Entry.objects.filter(competition=setting["draft"]).exclude(pk=entry.pk).get()
    assert client.get(reverse("entry-withdraw", args=[other.pk])).status_code == 403
    assert client.get(reverse("entry-withdraw", args=[entry.pk])).status_code == 200
    assert client.post(reverse("entry-withdraw", args=[entry.pk])).status_code == 302
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None
    other.refresh_from_db()
    assert other.withdrawn_at is None
