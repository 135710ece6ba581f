"""A hand in the players' words, as the scoresheet shows it before it is entered: "Knock by
José, 4 against 23: José scores 19." """

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from gameplay import engine
from league.games.models import Hand


@dataclass(frozen=True, slots=True)
class HandPreview:
    """What the form's hand comes to: ``words`` for a hand the engine takes, ``problem`` (and
    the ``field`` it is about) for one it refuses, ``hint`` while it is not filled in yet.
    ``ruling_url``: the Illegal Knock ruling offered for a knock over the limit."""

    words: str = ""
    problem: str = ""
    field: str = ""
    hint: str = ""
    ruling_url: str = ""
    outcome: str = ""
    winner: str = ""  # the winner's name
    points: int | None = None


def preview_of(hand: Hand, names: tuple[str, str], rules: engine.Ruleset) -> HandPreview:
    name = {"A": names[0], "B": names[1]}
    if hand.outcome == Hand.Outcome.DEAD_HAND:
        return HandPreview(words=_("A dead hand: nobody scores, and the same dealer deals again."),
                           outcome=hand.get_outcome_display())
    winner, knocker = name[hand.winner], name[hand.knocker]
    counts = ""
    if hand.has_counts:
        if hand.outcome in (Hand.Outcome.GIN, Hand.Outcome.BIG_GIN):
            counts = (_(", the defender's deadwood %(deadwood)s")
                      % {"deadwood": hand.defender_deadwood})
        else:
            counts = (_(", %(knocker)s against %(defender)s")
                      % {"knocker": hand.knocker_deadwood, "defender": hand.defender_deadwood})
            if hand.outcome == Hand.Outcome.UNDERCUT:
                counts += _(" (%(name)s knocked)") % {"name": knocker}
    bonus = _bonus(hand.outcome, rules)
    doubled = ""
    if hand.upcard and rules.hand_multiplier(engine.parse_card(hand.upcard)) == 2:
        doubled = _(", doubled for the spade upcard")
    words = (_("%(how)s by %(winner)s%(counts)s: %(winner)s scores %(points)s%(bonus)s"
               "%(doubled)s.")
             % {"how": hand.get_outcome_display(), "winner": winner, "counts": counts,
                "points": hand.points, "bonus": bonus, "doubled": doubled})
    return HandPreview(words=words, outcome=hand.get_outcome_display(), winner=winner,
                       points=hand.points)


def _bonus(outcome: str, rules: engine.Ruleset) -> str:
    if outcome == Hand.Outcome.UNDERCUT:
        return _(" (the undercut bonus %(bonus)s included)") % {"bonus": rules.undercut_bonus}
    if outcome == Hand.Outcome.GIN:
        return _(" (the gin bonus %(bonus)s included)") % {"bonus": rules.gin_bonus}
    if outcome == Hand.Outcome.BIG_GIN:
        return _(" (the big gin bonus %(bonus)s included)") % {"bonus": rules.big_gin_bonus}
    return ""
