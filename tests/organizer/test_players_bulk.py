"""Many players at once: a pasted list or a CSV file, previewed (to create, already there,
wrong lines) before anything is saved; each email gets a claim link."""

import html
import re

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.players import add_players, read_player_lines, split_pasted
from league.core.errors import NotAllowed

from .conftest import sign_in

pytestmark = pytest.mark.django_db
PASTED = "Ann One\nBob Two, bob@example.org\n\n  pat \nCat, not-an-address\nann one\nA, b, c\n\u200b"


def url(people) -> str:
    return reverse("organizer-add-players", args=[people.club.slug])


def test_the_preview_sorts_the_lines(people):
    lines = read_player_lines(people.club, split_pasted(PASTED))
    assert lines.to_create == (("Ann One", ""), ("Bob Two", "bob@example.org"))
    assert lines.existing == ("Pat",)
    assert [(number, reason.split(" ")[-1]) for number, _, reason in lines.wrong] == [
        (5, "address."), (6, "twice."), (7, "email."), (8, "U+200B.")]


def test_the_preview_saves_nothing_and_saving_creates_them(client, people,
                                                           django_capture_on_commit_callbacks):
    sign_in(client, people.organizer)
    before = Player.objects.count()
    html = client.post(url(people), {"text": PASTED}).content.decode()
    assert "To be added (2)" in html and "Already players of the club (1)" in html
    assert "Line 5" in html and "Wrong lines, left out (4)" in html
    assert Player.objects.count() == before
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url(people), {"text": "Ann One\nBob Two, bob@example.org",
                                             "save": "1"})
    assert response.status_code == 302
    assert set(Player.objects.filter(club=people.club, name__in=["Ann One", "Bob Two"])
               .values_list("name", flat=True)) == {"Ann One", "Bob Two"}
    assert [message.to for message in mail.outbox] == [["bob@example.org"]]


def list_box(page: str) -> str:
    """What the list box (the form's text field, not the hidden list the save carries) holds."""
    box = re.search(r'<textarea name="text"[^>]*id="id_text"[^>]*>\n(.*?)</textarea>', page,
                    re.DOTALL)
    return html.unescape(box.group(1))


def said(response) -> list[str]:
    """The messages of the page a save leads to."""
    return [str(message) for message in response.context["messages"]]


def save(client, people, text: str):
    return client.post(url(people), {"text": text, "save": "1"}, follow=True)


def test_the_preview_keeps_the_list_as_pasted_to_be_corrected(client, people):
    sign_in(client, people.organizer)
    page = client.post(url(people), {"text": PASTED}).content.decode()
    assert "Or change the list" in page
    assert list_box(page) == PASTED


def test_a_list_saved_again_adds_nobody_and_mails_nobody(client, people,
                                                       django_capture_on_commit_callbacks):
    sign_in(client, people.organizer)
    text = "Ann One\nBob Two, bob@example.org"
    with django_capture_on_commit_callbacks(execute=True):
        first = save(client, people, text)
    players = Player.objects.filter(club=people.club).count()
    with django_capture_on_commit_callbacks(execute=True):
        again = save(client, people, text)
    assert again.redirect_chain[-1][1] == 302
    assert said(first) == ["2 players added to The Knock Club. "
                           "A claim link is on its way to 1 address."]
    assert said(again) == ["These players are in The Knock Club already: nothing added, "
                           "no mail sent."]
    assert Player.objects.filter(club=people.club).count() == players
    assert [message.to for message in mail.outbox] == [["bob@example.org"]]


def test_one_player_saved_again_is_named(client, people):
    sign_in(client, people.organizer)
    save(client, people, "Ann One")
    assert said(save(client, people, "ann one")) == [
        "Ann One is in The Knock Club already: nothing added, no mail sent."]


def test_counts_agree_with_their_nouns_and_count_only_new_players(client, people):
    sign_in(client, people.organizer)
    response = save(client, people, "Ann One, ann@example.org\nPat, pat@example.org")
    assert said(response) == ["1 player added to The Knock Club. A claim link is on its way "
                              "to 1 address. 1 was in the club already."]
    response = save(client, people, "Bob Two, bob@example.org\nCy Three, cy@example.org")
    assert said(response) == ["2 players added to The Knock Club. Claim links are on their "
                              "way to 2 addresses."]


def test_a_save_that_names_nobody_is_refused_at_the_list(client, people):
    sign_in(client, people.organizer)
    response = save(client, people, "A, b, c")
    assert response.status_code == 422
    assert "Line 1 (A, b, c): Write Name or Name, email." in response.content.decode()
    assert list_box(response.content.decode()) == "A, b, c"


def test_twelve_pasted_names_make_twelve_players_not_one(client, people):
    sign_in(client, people.organizer)
    names = [f"Player {n:02}" for n in range(1, 13)]
    client.post(url(people), {"text": "\n".join(names), "save": "1"})
    assert Player.objects.filter(club=people.club, name__startswith="Player ").count() == 12


def test_a_csv_file_is_read_as_the_same_two_columns(client, people):
    sign_in(client, people.organizer)
    upload = SimpleUploadedFile("players.csv", "Zoë Quill,zoe@example.org\n\"Doe, Jo\"\n"
                                .encode("utf-8-sig"), content_type="text/csv")
    html = client.post(url(people), {"file": upload}).content.decode()
    assert "To be added (2)" in html and "Doe, Jo" in html and "zoe@example.org" in html


def test_a_file_not_in_utf8_is_refused(client, people):
    sign_in(client, people.organizer)
    upload = SimpleUploadedFile("players.csv", "Zoë".encode("utf-16"), content_type="text/csv")
    response = client.post(url(people), {"file": upload})
    assert response.status_code == 422
    assert "not UTF-8" in response.content.decode()


def test_an_empty_list_is_refused(client, people):
    sign_in(client, people.organizer)
    response = client.post(url(people), {"text": "  "})
    assert response.status_code == 422


def test_only_organizers_add_players(client, people):
    with pytest.raises(NotAllowed):
        add_players(people.club, actor=people.player, rows=[["Intruder"]])
    sign_in(client, people.player)
    assert client.post(url(people), {"text": "Intruder", "save": "1"}).status_code == 403
    assert not Player.objects.filter(name="Intruder").exists()


# Names that are no names, and addresses given twice -----------------------------------------------


def test_a_dash_and_emoji_are_refused_as_names_each_on_its_line(people):
    lines = read_player_lines(people.club, split_pasted("Ann\n-\n😀😀😀\n12"))
    assert lines.to_create == (("Ann", ""),)
    assert [(number, reason) for number, _, reason in lines.wrong] == [
        (2, "“-” is not a name: a player's name has at least one letter."),
        (3, "“😀😀😀” is not a name: a player's name has at least one letter."),
        (4, "“12” is not a name: a player's name has at least one letter.")]


def test_an_address_twice_in_the_list_is_refused_on_its_second_line(people):
    lines = read_player_lines(people.club, split_pasted(
        "Ann, ann@example.org\nBea, ANN@example.org"))
    assert lines.to_create == (("Ann", "ann@example.org"),)
    [(number, _, reason)] = lines.wrong
    assert number == 2 and "given to Ann above" in reason


def test_an_address_a_player_of_the_club_has_is_refused(people,
                                                        django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        add_players(people.club, actor=people.organizer, rows=split_pasted("Ann, ann@example.org"))
    pat = Player.objects.get(club=people.club, name="Pat")
    lines = read_player_lines(people.club, split_pasted(
        f"Bea, Ann@example.org\nCid, {pat.user.email}"))
    assert lines.to_create == ()
    assert [reason for _, _, reason in lines.wrong] == [
        "Ann@example.org is the address of Ann, a player of the club already.",
        f"{pat.user.email} is the address of Pat, a player of the club already."]


def test_a_save_with_a_wrong_line_saves_nothing_and_names_each_line(client, people):
    sign_in(client, people.organizer)
    before = Player.objects.count()
    response = client.post(url(people), {"text": "Ann, ann@example.org\n-\nBea, ann@example.org",
                                         "save": "1"})
    assert response.status_code == 422 and Player.objects.count() == before
    page = html.unescape(response.content.decode())
    assert "Nothing was added" in page
    assert "Line 2 (-): “-” is not a name" in page
    assert "Line 3 (Bea, ann@example.org): ann@example.org is given to Ann above" in page
    assert not mail.outbox


def test_one_player_added_with_anothers_address_is_refused_on_the_address(client, people):
    sign_in(client, people.organizer)
    client.post(reverse("organizer-add-player", args=[people.club.slug]),
                {"name": "Ann", "email": "ann@example.org"})
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": "Bea", "email": "ann@example.org"})
    assert response.status_code == 422
    assert "the address of Ann" in response.content.decode()
    assert not Player.objects.filter(club=people.club, name="Bea").exists()
