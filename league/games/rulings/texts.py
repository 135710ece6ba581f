"""The fixed texts of the rulings assistant (gameplay/engine/rulings.py, gameplay/assistant.py),
marked here for the translations: the engine knows no Django and speaks English, so the league
says its words again in the reader's language (league/games/rulings/words.py). Each text is the
engine's English word for word; a test holds them to the engine's."""

from __future__ import annotations

from django.utils.translation import gettext_noop

TEXTS = [
    # The irregularities' titles and sources.
    gettext_noop("Wrong dealer"),
    gettext_noop("Card found faced in the pack or the stock"),
    gettext_noop("Card exposed in dealing"),
    gettext_noop("Incorrect number of cards"),
    gettext_noop("Card exposed while drawing"),
    gettext_noop("Card exposed from a player's own hand"),
    gettext_noop("Illegal knock"),
    gettext_noop("Looking through the discard pile"),
    gettext_noop("Drawing out of turn"),
    gettext_noop("Drawing two cards from the stock"),
    gettext_noop("Hoyle tradition (later rule books)"),
    gettext_noop("Engine ruling (the sources are silent)"),
    gettext_noop("Hoyle, Irregularities: New Deal; Exposed Card"),
    gettext_noop("Hoyle, Irregularities: New Deal"),
    gettext_noop("Hoyle, Irregularities: New Deal, Incorrect Hand; Hoyle tradition (later rule books)"),
    gettext_noop("Hoyle, Irregularities: Exposed Card"),
    gettext_noop("Hoyle, Irregularities: Illegal Knock, Incorrect Hand"),
    gettext_noop("Hoyle, Irregularities: Looking Through Discard Pile"),
    # What each ruling does, in short.
    gettext_noop("Before the upcard is turned the deal is void and the right dealer deals; after, the deal "
                 "stands."),
    gettext_noop("Before play has begun (the non-dealer's answer to the upcard offer): a new deal by the "
                 "same dealer. After: the stock is shuffled."),
    gettext_noop("A new deal by the same dealer."),
    gettext_noop("Both wrong, or one wrong before his first draw: a new deal. After his first draw: the "
                 "non-offender's choice; playing on, the offender discards without drawing or draws "
                 "without discarding each turn until he holds ten, and may knock from the turn after. The "
                 "defender after a knock: 10 a missing card, or all cards counted, no undercut."),
    gettext_noop("The cards go face up; the offender may knock this turn only with gin; the draw rights "
                 "pass as quoted; then the rest go back into the stock at random."),
    gettext_noop("No penalty; the opponent has seen the card."),
    gettext_noop("Over the knock limit: the opponent accepts the knock or has the knocker play on with the "
                 "hand exposed. Wrong count: a new deal, or play on exposed while correcting. A knock the "
                 "cards can make good (rearranged) stands."),
    gettext_noop("Unless the ruleset allows looking, the offender loses his next turn."),
    gettext_noop("Noticed at once: a card drawn from the stock is an exposed card (the offender may knock "
                 "only with gin in his next turn); one taken from the discard pile goes back. Noticed "
                 "later: the card stays in his hand and the count is ruled as an incorrect hand."),
    gettext_noop("Noticed at once: he keeps the top card and the second is an exposed card. Noticed later: "
                 "both stay in his hand and the count is ruled as an incorrect hand."),
    # The questions and their answers.
    gettext_noop("Was it noticed at once, or only later?"),
    gettext_noop("Which card?"),
    gettext_noop("Who holds the wrong number of cards? (the engine counts)"),
    gettext_noop("The non-offender's choice (after the offender's first draw, before a knock):"),
    gettext_noop("Who saw the cards?"),
    gettext_noop("Which cards of the stock were seen?"),
    gettext_noop("Whose card?"),
    gettext_noop("Who knocked?"),
    gettext_noop("The opponent's choice (accept: over the limit only; new deal: wrong count only):"),
    gettext_noop("Who looked?"),
    gettext_noop("Who drew out of turn?"),
    gettext_noop("From where?"),
    gettext_noop("Who drew two cards?"),
    gettext_noop("A new deal"),
    gettext_noop("Play on: the offender corrects his hand"),
    gettext_noop("Accept the knock"),
    gettext_noop("Play on with the knocker's hand exposed"),
    gettext_noop("At once"),
    gettext_noop("Only later"),
    gettext_noop("From the stock"),
    gettext_noop("From the discard pile"),
    gettext_noop("When was it noticed?"),
    gettext_noop("Before the upcard was turned"),
    gettext_noop("After the upcard was turned"),
    gettext_noop("When was the card found?"),
    gettext_noop("Before play began (before the non-dealer took or passed the upcard)"),
    gettext_noop("After play began, in the stock"),
    gettext_noop("When was it exposed?"),
    gettext_noop("While dealing, before the upcard was turned"),
    gettext_noop("After the upcard was turned (a card of a player's own hand)"),
    gettext_noop("When were the cards found wrong?"),
    gettext_noop("Before the offender's first draw"),
    gettext_noop("After his first draw, before any knock"),
    gettext_noop("After a knock: the defender's hand"),
    gettext_noop("At a knock: the knocker's hand"),
    gettext_noop("What is wrong with the knock?"),
    gettext_noop("Deadwood over the knock limit"),
    gettext_noop("The knocker has a wrong number of cards"),
    gettext_noop("Rearranged into other melds, the count is within the limit"),
    gettext_noop("Did the players agree in advance that looking through the discard pile is allowed?"),
    gettext_noop("No"),
    gettext_noop("Yes"),
    gettext_noop("Who holds the wrong number of cards?"),
    gettext_noop("Both"),
    # The answers refused.
    gettext_noop("Choose one of the answers listed."),
    gettext_noop("Name one card, like 7H."),
    # The rulings without names.
    gettext_noop("Stop the deal: it is void, and the player who should have dealt deals."),
    gettext_noop("The deal stands: play the hand as dealt."),
    gettext_noop("Shuffle the card back into the stock (the whole stock is shuffled) and play on."),
    gettext_noop("The deal is over: a player who shows a card of his own hand is not penalised. Play on; "
                 "the opponent has seen the card."),
    gettext_noop("Both players hold a wrong number of cards: a new deal by the same dealer."),
    gettext_noop("Rule it as an illegal knock with a wrong number of cards: the opponent chooses a new "
                 "deal, or has the knocker play on with his hand exposed while he corrects it."),
    gettext_noop("No penalty: play on. The opponent has seen the card."),
    gettext_noop("A new deal by the same dealer: the hand is void and scores nothing."),
    gettext_noop("No penalty: the players agreed that looking through the discard pile is allowed."),
    gettext_noop("Put the card back on the discard pile: it was face up, so nobody saw a new card. No "
                 "penalty."),
    # Why a choice is refused (after "The rule gives no choice here: ").
    gettext_noop("both players hold a wrong number of cards."),
    gettext_noop("the count was found before the offender's first draw."),
    gettext_noop("the hand has been knocked."),
    gettext_noop("rule it as an illegal knock (choose that irregularity)."),
    gettext_noop("a knock the cards can make good stands."),
]
