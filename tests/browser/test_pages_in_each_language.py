"""The pages a player reads most, in Spanish and in German, on a phone and on a laptop: the page
says its language, its menu is translated, nothing runs off the side of the screen, and no word
of the header's menu or of the language menu lies over another (German's and Spanish's words are
longer than English's). The reader is a player who also organizes, signed in with a long name:
the fullest header there is."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition
from league.competitions.nights.services import open_night
from league.games.services import HandEntry, record_hand, start_game

from .club import knockout_club
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/tmp")
READER = "adelaide.fitzwilliam"
# Words already translated on every page: the main menu's name and its link to the rules, and
# the language menu's label at the foot.
WORDS = {
    "es": {"menu": "Principal", "rules": "Reglas", "language": "Idioma"},
    "de": {"menu": "Hauptmenü", "rules": "Regeln", "language": "Sprache"},
}

OVERLAPS = """(selectors) => {
  const shown = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden") {
        shown.push([el, r]);
      }
    }
  }
  const over = [];
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const [a, ra] = shown[i], [b, rb] = shown[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) over.push(`${a.textContent.trim()} / ${b.textContent.trim()}`);
    }
  }
  return over;
}"""
# The words of the header's menu and of the language menu, each a box of its own.
WORD_BOXES = [
    ".site-header a",
    ".site-header button",
    ".site-header .badge",
    ".language-menu label",
    ".language-menu select",
    ".language-menu button",
]


def _pages() -> dict[str, str]:
    """A knockout with a game being played (its match and scoresheet), and a Swiss of the same
    club with its club night open; the reader plays in the match and organizes the club."""
    setup = knockout_club()
    ada = setup.players["Ada"].user
    get_user_model().objects.filter(pk=ada.pk).update(username=READER)
    ada.refresh_from_db()
    setup.club.organizers.add(ada)
    match = setup.match_of("Ada")
    seat = "A" if match.entry_a.player.name == "Ada" else "B"
    game = start_game(match.pk, actor=ada)
    record_hand(game.pk, HandEntry("knock", seat, 22, expected_number=1), actor=ada)
    swiss = create_competition(
        setup.club.seasons.get(),
        actor=setup.organizer,
        name="Tuesday Swiss",
        format=Competition.Format.SWISS,
        swiss_rounds=2,
        match_format=Competition.MatchFormat.FIRST_TO,
        match_games=1,
    )
    register_players(swiss, setup.players.values(), actor=setup.organizer)
    start_competition(swiss.pk, actor=setup.organizer, pair_first_round=False)
    night = open_night(swiss.pk, actor=setup.organizer)
    return {
        "home": "/",
        "competition": f"/competitions/{setup.competition.pk}/",
        "match": f"/matches/{match.pk}/",
        "scoresheet": f"/games/{game.pk}/",
        "night": f"/nights/{night.pk}/",
    }


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
@pytest.mark.parametrize("code", ["es", "de"])
def test_the_pages_read_in_the_language_and_fit_the_screen(site, code, phone):
    pages = _pages()
    page = site.open(phone=phone)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": site.url}]
    )
    site.sign_in(page, READER)
    words = WORDS[code]
    size = "phone" if phone else "laptop"
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", code)
        menu = page.get_by_role("navigation", name=words["menu"])
        expect(menu).to_contain_text(words["rules"])
        expect(page.locator(".language-menu label")).to_have_text(words["language"])
        screenshot(page, f"i18ncheck-{code}-{name}-{size}", folder=SHOTS)
        # The screen's width, not window.innerWidth: a phone's browser zooms out to show a page
        # wider than itself, and its innerWidth grows with the page.
        wide = page.evaluate("document.documentElement.scrollWidth") - page.viewport_size["width"]
        assert wide <= 0, f"{name} ({url}) runs {wide}px off the side"
        assert page.evaluate(OVERLAPS, WORD_BOXES) == [], f"{name} ({url}): words over words"
