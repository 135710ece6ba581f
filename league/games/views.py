"""The scoresheet: the hands so far, running totals, and the form to add the next hand.

An htmx request gets the `scoresheet` partial (totals, hands and form) of the body's template;
without JavaScript the form posts normally and is redirected back (PRG). The body is read from
the fragment cache (league.core.page_bodies) under the sheet's version for this viewer (its
ETag), the version of the names it shows, and what the viewer may do there."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.accounts.backends import account_keys, signed_in_id
from league.clubs.permissions import organizer_keys_of
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    club_pages_keys,
    club_pages_version,
)
from league.competitions.base.permissions import side_of, viewer_in
from league.competitions.views.visibility import for_members, members_only
from league.core.cache import frame_keys, read_ahead
from league.core.errors import ServiceError
from league.core.page_bodies import Body, cached_body, messages_waiting, page
from league.core.views import (
    UNPROCESSABLE,
    go,
    page_refusal,
    sign_in_first,
    signed_in_post,
    unseen_errors,
)
from league.games import selectors, sync
from league.games.conflicts import conflict_view, entered_message, new_entry_key
from league.games.count_views import may_enter_hands, over_limit_offer, preview_from
from league.games.forms import HandForm
from league.games.hand_views import may_correct
from league.games.hand_words import preview_of
from league.games.rulings.table_views import waiting_rulings
from league.games.services import record_hand, undo_last_hand
from league.games.services.flags import FLAGGABLE
from league.games.services.repeats import EntryConflict
from league.games.sheet_words import sheet_words

TEMPLATE = "gameplay/scoresheet.html"
BODY = "gameplay/scoresheet_body.html"
PARTIAL = "scoresheet"


def scoresheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The page, for those who may see its club (league.competitions.views.visibility); a phone
    polling it (htmx, If-None-Match) is answered 304 when nothing moved."""
    version = sync.sheet_version(pk)
    club_id, public = (version.club_id, bool(version.public)) if version else (None, None)
    if (refusal := members_only(request, club_id, public=public)) is not None:
        return refusal
    tag = sync.etag(request, pk, version)
    if request.htmx and (not_modified := sync.unchanged(request, tag)) is not None:
        return not_modified
    # One call to the shared cache for the names' version, whether the viewer organizes and
    # the header's answers.
    viewer = signed_in_id(request)  # his account is read ahead with the rest
    with read_ahead([*club_pages_keys(club_id), *account_keys(viewer),
                     *organizer_keys_of(viewer), *frame_keys(viewer)]):
        return _sheet(request, pk, version, tag)


def _sheet(request: HttpRequest, pk: int, version: sync.SheetVersion | None, tag: str
           ) -> HttpResponse:
    # What the version says the sheet has none of is not read.
    read = partial(selectors.scoresheet, pk, flags=bool(version and version.open_flags),
                   rulings=bool(version and version.rulings))
    key = None if version is None else _body_key(request, pk, tag, version)
    body = cached_body(key, lambda: _body(request, read(), etag=tag), FRAGMENT_SECONDS)
    return sync.tagged(_respond(request, body), tag)


def _body_key(request: HttpRequest, pk: int, tag: str, version: sync.SheetVersion
              ) -> str | None:
    """The body's key: the sheet's version for this viewer in his language (the ETag), the
    names' version, the viewer's side and whether he organizes the club, page or partial.
    None (rendered for this request alone) when a message waits to be shown."""
    if request.method != "GET" or messages_waiting(request):
        return None
    side, organizes = viewer_in(request.user, (version.account_a, version.account_b),
                                version.club_id)
    return (f"scoresheet:{pk}:{tag}:{club_pages_version(version.club_id)}:{side}:{int(organizes)}:"
            f"{int(bool(request.htmx))}")


def _render(request: HttpRequest, sheet: selectors.Scoresheet, *, form: HandForm | None = None,
            refusal: str = "", status: int = 200, etag: str = "",
            conflict: EntryConflict | None = None, extra: dict | None = None) -> HttpResponse:
    body = _body(request, sheet, form=form, refusal=refusal, etag=etag, conflict=conflict,
                 extra=extra)
    return _respond(request, body, status=status)


def _respond(request: HttpRequest, body: Body, *, status: int = 200) -> HttpResponse:
    """The whole page, or for an htmx request the `scoresheet` partial alone."""
    if request.htmx:
        return HttpResponse(body.html, status=status)
    return page(request, TEMPLATE, body, status=status)


def _body(request: HttpRequest, sheet: selectors.Scoresheet, *, form: HandForm | None = None,
          refusal: str = "", etag: str = "", conflict: EntryConflict | None = None,
          extra: dict | None = None) -> Body:
    """The body rendered; it may be shared when it holds no form (each carries a CSRF token,
    the hand form a new entry key) and nothing said to this request alone."""
    alone = form is not None or refusal or conflict is not None or extra
    may_enter = _may_enter(request.user, sheet)
    if form is None:
        form = _blank_form(sheet)
    context = {
        "sheet": sheet,
        "game": sheet.game,
        "match": sheet.match,
        "name_a": sheet.names[0],
        "name_b": sheet.names[1],
        "form": form,
        "may_enter": may_enter and not sheet.score.finished,
        "may_undo": may_enter and bool(sheet.hands),
        "may_correct": may_correct(request.user, sheet.match) and not sheet.game.from_totals,
        "may_flag": (side_of(request.user, sheet.match) is not None
                     and sheet.match.status in FLAGGABLE),
        "refusal": refusal,
        "etag": etag or sync.etag(request, sheet.game.pk),
        "conflict": conflict_view(conflict, sheet) if conflict else None,
        "rulings_waiting": waiting_rulings(request.user, sheet),
        "sheet_words": sheet_words(),
        **(extra or {}),
    }
    if not context["may_enter"]:
        context["refusal"] = refusal or unseen_errors(form)
    if sheet.game.from_totals:
        game = sheet.game
        context["refusal"] = ngettext(
            "Game %(number)s was entered from a paper scoresheet's final totals, %(a)s–%(b)s in "
            "%(hands)s hand: it has no hands to show.",
            "Game %(number)s was entered from a paper scoresheet's final totals, %(a)s–%(b)s in "
            "%(hands)s hands: it has no hands to show.", game.hands_played or 0,
        ) % {"number": game.number, "a": game.total_a, "b": game.total_b,
             "hands": game.hands_played}
    html = render_to_string(f"{BODY}#{PARTIAL}" if request.htmx else BODY, context, request)
    title = "" if request.htmx else render_to_string(f"{BODY}#title", context, request)
    forms = context["may_enter"] or any(
        w.may_agree or w.may_dispute or w.may_withdraw for w in context["rulings_waiting"])
    return Body(title, html, shareable=not (alone or forms))


def _blank_form(sheet: selectors.Scoresheet) -> HandForm:
    return HandForm(names=sheet.names, rules=sheet.rules,
                    initial={"expected_number": sheet.next_number, "entry_key": new_entry_key()})


def _may_enter(user, sheet: selectors.Scoresheet) -> bool:
    return may_enter_hands(user, sheet)


@signed_in_post("gameplay:scoresheet")
@for_members(selectors.club_of_game)
def add_hand(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = selectors.scoresheet(pk)
    form = HandForm(request.POST, names=sheet.names, rules=sheet.rules)
    if "check" in request.POST:  # "Check": the hand as the engine scores it, nothing saved
        preview = preview_from(request, sheet, form)
        return _render(request, sheet, form=form, extra={"preview": preview,
                                                         "ruling_url": preview.ruling_url})
    if not form.is_valid():
        return _render(request, sheet, form=form, status=UNPROCESSABLE)
    entry = form.entry()
    try:
        hand = record_hand(pk, entry, actor=request.user)
    except EntryConflict as conflict:
        sheet = selectors.scoresheet(pk)
        return _render(request, sheet, form=_blank_form(sheet), conflict=conflict,
                       status=UNPROCESSABLE)
    except ServiceError as error:
        return _refused(request, pk, form, error)
    words = preview_of(hand, sheet.names, sheet.rules).words
    messages.success(request, f"{entered_message(hand, entry)} {words}")
    if request.htmx:
        return _render(request, selectors.scoresheet(pk))
    return go(request, reverse("gameplay:scoresheet", args=[pk]))


def _refused(request: HttpRequest, pk: int, form: HandForm, error: ServiceError) -> HttpResponse:
    sheet = selectors.scoresheet(pk)  # read again: a double tap may have added the hand already
    if form.cleaned_data["expected_number"] != sheet.next_number:
        form = _blank_form(sheet)  # that hand is in: the form is for the next one
    offer = over_limit_offer(sheet, form, error)
    return _render(request, sheet, form=form, **page_refusal(error, form),
                   extra={"ruling_url": offer})


def undo_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks to confirm; POST undoes the last hand (the one the confirmation named)."""
    sheet = selectors.scoresheet(pk)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("gameplay:scoresheet", args=[pk]))
    if (refusal := members_only(request, selectors.club_of_game(pk))) is not None:
        return refusal
    if request.method == "POST":
        return _undo(request, sheet)
    return _confirm_undo(request, sheet)


def _confirm_undo(request: HttpRequest, sheet: selectors.Scoresheet, *, refusal: str = "",
                  status: int = 200) -> HttpResponse:
    context = {"sheet": sheet, "game": sheet.game, "name_a": sheet.names[0],
               "name_b": sheet.names[1], "last": sheet.hands[-1] if sheet.hands else None,
               "refusal": refusal}
    return render(request, "gameplay/undo_hand.html", context, status=status)


def _undo(request: HttpRequest, sheet: selectors.Scoresheet) -> HttpResponse:
    # The form names the hand it undoes, so a second tap does not undo the hand before it;
    # the service checks it again with the game locked.
    number = request.POST.get("number", "")
    if not sheet.hands or str(sheet.hands[-1].number) != number:
        message = _("That hand is no longer the last one: nothing was undone. Check the "
                    "scoresheet.")
        return _confirm_undo(request, sheet, refusal=message, status=UNPROCESSABLE)
    try:
        hand = undo_last_hand(sheet.game.pk, actor=request.user, expected_number=int(number))
    except ServiceError as error:
        return _confirm_undo(request, sheet, **page_refusal(error))
    messages.success(request, _("Hand %(number)s undone.") % {"number": hand.number})
    return go(request, reverse("gameplay:scoresheet", args=[sheet.game.pk]))
