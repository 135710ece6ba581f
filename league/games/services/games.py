"""Starting a game, entering a hand (or several in order), undoing the last one.

Each write runs in one transaction with the match row locked, then the game's (the order every
action on a match follows), so a double-tapped button cannot enter the same hand twice, an undo
cannot slip under a report, and the game's derived score is recomputed by the engine from its
hands every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from gameplay import engine
from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_player_or_organizer
from league.competitions.models import Competition, Match
from league.competitions.results.services import match_outcome
from league.core.errors import ServiceError
from league.games.engine_words import engine_sentences
from league.games.models import Game, Hand

from .hand_counts import check_typed_points, counted
from .hand_rulings import table_rulings_by_hand
from .match_points import keep_match_points
from .repeats import entered_already
from .scoring import from_engine_seat, game_rules, score_of, to_engine_seat


@dataclass(frozen=True)
class HandEntry:
    """What a player enters for one hand on the scoresheet."""

    outcome: str
    winner: str = ""  # "A" / "B"; empty for a dead hand
    points: int | None = None  # may be left out when the cards are given
    knocker_cards: str = ""
    defender_cards: str = ""
    upcard: str = ""
    expected_number: int | None = None  # the hand number the form was showing (double-submit guard)
    entry_key: str = ""  # made by the phone for this entry: the same entry sent again is not new
    # The deadwood counts as the table made them (the defender's after layoffs), instead of
    # the points or the cards: the engine derives the outcome's points from them.
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None


def start_game(match_id: int, *, actor) -> Game:
    with transaction.atomic():
        match = locked_match(match_id)
        require_player_or_organizer(actor, match)
        _require_open(match)
        if match.entry_a is None or match.entry_b is None:
            raise ServiceError(_("Both players must be known before a game can start."))
        games = list(match.games.all())
        if any(not g.is_finished for g in games):
            raise ServiceError(_("Finish the game in progress before starting another."))
        if match_decided(match, games):
            raise ServiceError(_("The match is already decided: report its result."))
        competition = match.competition
        rules, hollywood = competition.rules(), {}
        if competition.match_format == Competition.MatchFormat.HOLLYWOOD:
            format = competition.hollywood_format()
            rules, hollywood = format.rules_for(rules), format.to_dict()
        game = Game.objects.create(
            match=match,
            number=len(games) + 1,
            ruleset=rules.to_dict(),
            target_score=rules.target_score,
            # Seats alternate the first deal from game to game.
            first_dealer="A" if len(games) % 2 == 0 else "B",
            is_hollywood=bool(hollywood), hollywood=hollywood,
        )
        if match.status == Match.Status.SCHEDULED:
            match.status = Match.Status.IN_PROGRESS
            match.save(update_fields=["status"])
        return game


def record_hand(game_id: int, entry: HandEntry, *, actor) -> Hand:
    """Check the hand with the engine and save it; the engine's settlement is the result.

    An entry sent again (its key) is answered with the hand it entered; an entry of a hand
    entered already from the other phone is that hand when it says the same, and an
    EntryConflict (league.games.services.repeats) when it does not."""
    with transaction.atomic():
        game = _locked_game(game_id)
        require_player_or_organizer(actor, game.match)
        hands = list(game.hands.all())

        def as_hand(number: int) -> Hand:
            score = score_of(game, hands[:number - 1])
            return _hand_from_entry(game, entry, score, number=number, actor=actor)

        saved = entered_already(hands, entry, as_hand)
        if saved is not None:
            return saved
        return record_hands(game_id, [entry], actor=actor)[0]


def record_hands(game_id: int, entries: Sequence[HandEntry], *, actor,
                 event_logs: Sequence[list] = ()) -> list[Hand]:
    """The game's next hands in the order played, all or none, each checked by the engine as
    record_hand checks one. ``event_logs``, when given, are the hands' event logs (hands played
    through the engine's state machine: self-play)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        require_player_or_organizer(actor, game.match)
        _require_open(game.match)
        _require_hands(game)
        hands = list(game.hands.all())
        entered = len(hands)
        # The rulings the director recorded on these hands while they were played go with them.
        rulings = table_rulings_by_hand(game, range(entered + 1, entered + len(entries) + 1))
        for offset, entry in enumerate(entries):
            hand = _next_hand(game, hands, entry, actor=actor)
            hand.rulings = rulings.get(hand.number, [])
            if event_logs:
                hand.event_log = event_logs[offset]
            hands.append(hand)
        try:
            with transaction.atomic():
                new = Hand.objects.bulk_create(hands[entered:])
        except IntegrityError:
            raise ServiceError(_("That hand was just entered by someone else; reload the page.")) from None
        _update_game(game, hands)
        return new


def _next_hand(game: Game, hands: list[Hand], entry: HandEntry, *, actor) -> Hand:
    """The hand after ``hands``, checked by the engine against the game's score so far."""
    number = len(hands) + 1
    if entry.expected_number is not None and entry.expected_number != number:
        raise ServiceError(
            _("Hand %(number)s was already entered; the scoresheet has been updated.")
            % {"number": entry.expected_number}
        )
    score = score_of(game, hands)
    if score.finished:
        raise ServiceError(_("This game is over: no more hands can be entered."))
    return _hand_from_entry(game, entry, score, number=number, actor=actor)


def hand_of_entry(game: Game, hands: list[Hand], entry: HandEntry, *, actor) -> Hand:
    """The hand ``entry`` makes after ``hands``, as the engine checks and scores it, unsaved:
    what the scoresheet shows before the hand is entered. Raises ServiceError as entering
    would."""
    return _next_hand(game, hands, entry, actor=actor)


def undo_last_hand(game_id: int, *, actor, expected_number: int | None = None) -> Hand:
    """Undo the last hand; ``expected_number`` (the hand the user saw last) guards a double tap."""
    with transaction.atomic():
        game = _locked_game(game_id)
        require_player_or_organizer(actor, game.match)
        _require_open(game.match)
        _require_hands(game)
        hands = list(game.hands.all())
        if not hands:
            raise ServiceError(_("There is no hand to undo."))
        if game.match.games.filter(number__gt=game.number).exists():
            raise ServiceError(
                _("A later game has started: this game's hands can no longer be undone."))
        if expected_number is not None and hands[-1].number != expected_number:
            raise ServiceError(
                _("Hand %(number)s was already undone; the scoresheet has been updated.")
                % {"number": expected_number}
            )
        last = hands.pop()
        last.delete()
        _update_game(game, hands)
        return last


def match_decided(match: Match, games: list[Game]) -> bool:
    return match_outcome(match, games).decided


def _hand_from_entry(game: Game, entry: HandEntry, score, *, number: int, actor) -> Hand:
    rules = game_rules(game)
    outcome = _parse_outcome(entry.outcome)
    winner = _parse_winner(entry.winner, outcome)
    knocker = _knocker_of(outcome, winner)
    points = entry.points
    if outcome is engine.Outcome.DEAD_HAND and points is None:
        points = 0  # docs/rules.md, End of stock: a dead hand scores nothing
    claim = engine.HandClaim(
        outcome=outcome,
        winner=to_engine_seat(winner) if winner else None,
        points=points,
        knocker=to_engine_seat(knocker) if knocker else None,
    )
    cards = _parse_hand_cards(entry)
    counts = counted(outcome, entry.knocker_deadwood, entry.defender_deadwood, rules,
                     upcard=cards.get("upcard"), oklahoma_upcard_given="upcard" in cards)
    if counts is not None:
        if "knocker_cards" in cards:
            raise ServiceError(_("Give the deadwood counts or the cards, not both."),
                               field="knocker_deadwood")
        check_typed_points(points, counts)
        claim = replace(claim, points=counts.points)
    if "knocker_cards" in cards and points is None:
        # No points typed: the engine counts them from the cards, then checks the rest.
        claim = replace(claim, points=_settled_points(cards, rules))
    check = engine.check_claim(claim, rules, game=score, **cards)
    if not check.ok:
        raise ServiceError(_sentences(check.problems), field=_field_of(check))
    points = check.expected_points if check.expected_points is not None else claim.points
    dead = counts.settlement if counts is not None else check.settlement
    if points is None:
        raise ServiceError(_("Enter the points, or both hands' cards to have them counted."),
                           field="points")
    return Hand(
        game=game,
        number=number,
        dealer=from_engine_seat(score.dealer_next),
        outcome=outcome.value,
        winner=winner,
        knocker=knocker,
        points=points,
        knocker_cards=engine.format_cards(cards.get("knocker_cards", ())),
        defender_cards=engine.format_cards(cards.get("defender_cards", ())),
        upcard=cards["upcard"].code if cards.get("upcard") else "",
        knocker_deadwood=dead.knocker_deadwood if dead is not None else None,
        defender_deadwood=dead.defender_deadwood if dead is not None else None,
        entered_by=actor if actor.is_authenticated else None,
        entry_key=entry.entry_key,
    )


def _parse_outcome(text: str) -> engine.Outcome:
    try:
        return engine.Outcome(text)
    except ValueError:
        raise ServiceError(_("Choose how the hand ended."), field="outcome") from None


def _parse_winner(text: str, outcome: engine.Outcome) -> str:
    if outcome is engine.Outcome.DEAD_HAND:
        if text:
            raise ServiceError(_("A dead hand has no winner."), field="winner")
        return ""
    if text not in ("A", "B"):
        raise ServiceError(_("Choose who won the hand."), field="winner")
    return text


def _knocker_of(outcome: engine.Outcome, winner: str) -> str:
    if outcome is engine.Outcome.DEAD_HAND:
        return ""
    if outcome is engine.Outcome.UNDERCUT:
        return "B" if winner == "A" else "A"
    return winner


def _parse_hand_cards(entry: HandEntry) -> dict:
    """The cards given, as engine values: both hands or neither, and the upcard (Oklahoma)."""
    if bool(entry.knocker_cards) != bool(entry.defender_cards):
        raise ServiceError(_("Give both hands' cards, or neither."), field="cards")
    cards: dict = {}
    try:
        if entry.knocker_cards:
            cards["knocker_cards"] = engine.parse_cards(entry.knocker_cards)
            cards["defender_cards"] = engine.parse_cards(entry.defender_cards)
        if entry.upcard:
            cards["upcard"] = engine.parse_card(entry.upcard)
    except engine.InvalidCards as error:
        raise ServiceError(_sentences([str(error)]), field="cards") from None
    return cards


def _sentences(problems) -> str:
    """The engine's problems as sentences a player reads next to the field, in their language."""
    return engine_sentences(problems)


def _settled_points(cards: dict, rules: engine.Ruleset) -> int:
    try:
        return engine.settle_hand(
            cards["knocker_cards"], cards["defender_cards"], rules, upcard=cards.get("upcard")
        ).points
    except engine.EngineError as error:
        raise ServiceError(_sentences([str(error)]), field="cards") from None


def _field_of(check) -> str:
    return "cards" if getattr(check, "settlement", None) is not None else "points"


def _update_game(game: Game, hands: list[Hand]) -> None:
    was_finished = game.status == Game.Status.FINISHED
    score = score_of(game, hands)
    game.total_a = score.totals[engine.Seat.A]
    game.total_b = score.totals[engine.Seat.B]
    game.status = Game.Status.FINISHED if score.finished else Game.Status.IN_PROGRESS
    game.winner = from_engine_seat(score.winner) if score.finished else ""
    fields = ["total_a", "total_b", "status", "winner"]
    if game.is_hollywood:
        game.columns_a, game.columns_b = score.columns_won
        fields += ["columns_a", "columns_b"]
    game.save(update_fields=fields)
    if was_finished or score.finished:  # only a finished game counts in the match's points
        keep_match_points(game.match_id)


def _locked_game(game_id: int) -> Game:
    """The game with its match, both rows locked: the match first, then the game, the one order
    every action on a match and its games follows (report, confirm, start, enter, undo), so
    that any two of them on the same match exclude each other instead of interleaving."""
    match_id = Game.objects.filter(pk=game_id).values_list("match_id", flat=True).first()
    if match_id is None:
        raise ServiceError(_("No such game."))
    match = locked_match(match_id)
    try:
        game = Game.objects.select_for_update(of=("self",)).get(pk=game_id, match_id=match_id)
    except Game.DoesNotExist:
        raise ServiceError(_("No such game.")) from None
    game.match = match
    return game


def _require_hands(game: Game) -> None:
    if game.from_totals:
        raise ServiceError(_("This game was entered from its final totals: it has no hands to "
                             "enter or undo."))


def _require_open(match: Match) -> None:
    if match.status not in Match.OPEN_FOR_PLAY:
        raise ServiceError(
            _("The match is %(status)s: its games are locked. An organizer can correct a "
              "confirmed result.") % {"status": match.get_status_display().lower()}
        )
