from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.competitions.base.selectors import entry_ids_of_user
from league.competitions.entries.selectors import open_sign_ups
from league.competitions.nights.selectors import tonight
from league.pages import selectors


def home(request: HttpRequest) -> HttpResponse:
    """Signed in: what is waiting for me, tonight's club night first, and my clubs with their
    running competitions. Then the public clubs, found by name (a bounded list)."""
    user = request.user
    context = {"your_clubs": selectors.your_clubs(user),
               "found": selectors.find_clubs(request.GET.get("q", ""))}
    if user.is_authenticated:
        entries = entry_ids_of_user(user)
        context |= {
            "tonight": tonight(user),
            "to_confirm": selectors.results_awaiting_confirmation(user, entries),
            "to_play": selectors.matches_to_play(entries),
            "to_resolve": selectors.disputes_to_resolve(user),
            "sign_ups": open_sign_ups(user),
        }
    return render(request, "pages/home.html", context)
