"""The words the scoresheet's scripts write (static/js/scoresheet-offline.js, card-picker.js),
in the reader's language. The page carries them (``json_script``), so a sheet loaded from the
phone's copy without a connection says them too. Placeholders stay as ``%(name)s`` for the
script to fill; a plural is the pair of forms for one and for more, chosen in the page by
``Intl.PluralRules`` of its language."""

from __future__ import annotations

from django.utils.translation import get_language, gettext, ngettext


def _forms(one_and_other) -> list[str]:
    """The forms for one and for more, from a function of the count (so that each plural is
    written out where it is marked, for the catalogs)."""
    return [one_and_other(1), one_and_other(2)]


def sheet_words() -> dict:
    return {
        "lang": get_language() or "en",
        "notSent": _forms(lambda n: ngettext("%(count)s hand not sent yet",
                                              "%(count)s hands not sent yet", n)),
        # The same words in English for one hand and more; not in every language.
        "keptOffline": _forms(lambda n: ngettext(
            "kept on this phone, sent when the connection is back.",
            "kept on this phone, sent when the connection is back.", n)),
        "kept": _forms(lambda n: ngettext("kept on this phone.", "kept on this phone.", n)),
        "handLine": gettext("Hand %(number)s: %(summary)s"),
        "sent": gettext("Sent: %(hands)s, saved on the sheet."),
        "hands": _forms(lambda n: ngettext("hand %(numbers)s", "hands %(numbers)s", n)),
        "listAnd": gettext("%(items)s and %(last)s"),
        "refused": gettext("Hand %(number)s was refused: correct it in the form below and enter "
                           "it again, or discard it. The hands after it wait."),
        "discard": gettext("Discard hand %(number)s"),
        "confirmDiscard": gettext("Discard hand %(number)s (%(summary)s)? It was not saved."),
        "conflict": gettext("Hand %(number)s was entered differently from the other phone: "
                            "choose below. The hands after it wait."),
        "expired": gettext("Your sign-in has expired."),
        "signInAgain": gettext("Sign in again"),
        "thenSent": gettext("and they are sent."),
        "serverError": gettext("The server did not take them just now; they are sent again "
                               "shortly."),
        "sendNow": gettext("Send now"),
        "handHeading": gettext("Hand %(number)s"),
        "enterHand": gettext("Enter hand %(number)s"),
        "noWinner": gettext("no winner"),
        "noOutcome": gettext("no outcome"),
        "points": _forms(lambda n: ngettext("%(count)s point", "%(count)s points", n)),
        "deadwood": gettext("deadwood %(knocker)s against %(defender)s"),
        "fromCards": gettext("points from the cards"),
    }
