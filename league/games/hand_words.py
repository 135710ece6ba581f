"""A hand in the players' words, as the scoresheet shows it before it is entered: "Knock by
José, 4 against 23: José scores 19." """

from __future__ import annotations

from dataclasses import dataclass

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
        return HandPreview(words="A dead hand: nobody scores, and the same dealer deals again.",
                           outcome=hand.get_outcome_display())
    winner, knocker = name[hand.winner], name[hand.knocker]
    counts = ""
    if hand.has_counts:
        if hand.outcome in (Hand.Outcome.GIN, Hand.Outcome.BIG_GIN):
            counts = f", the defender's deadwood {hand.defender_deadwood}"
        else:
            counts = f", {hand.knocker_deadwood} against {hand.defender_deadwood}"
            if hand.outcome == Hand.Outcome.UNDERCUT:
                counts += f" ({knocker} knocked)"
    bonus = _bonus(hand.outcome, rules)
    doubled = ""
    if hand.upcard and rules.hand_multiplier(engine.parse_card(hand.upcard)) == 2:
        doubled = ", doubled for the spade upcard"
    words = (f"{hand.get_outcome_display()} by {winner}{counts}: {winner} scores "
             f"{hand.points}{bonus}{doubled}.")
    return HandPreview(words=words, outcome=hand.get_outcome_display(), winner=winner,
                       points=hand.points)


def _bonus(outcome: str, rules: engine.Ruleset) -> str:
    if outcome == Hand.Outcome.UNDERCUT:
        return f" (the undercut bonus {rules.undercut_bonus} included)"
    if outcome == Hand.Outcome.GIN:
        return f" (the gin bonus {rules.gin_bonus} included)"
    if outcome == Hand.Outcome.BIG_GIN:
        return f" (the big gin bonus {rules.big_gin_bonus} included)"
    return ""
