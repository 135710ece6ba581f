"""Every tiebreak against a slow reading of its rule, worked from the match results alone.

Each function below follows the regulation's sentences (FIDE C.07, 2024 text; Magic: The
Gathering Tournament Rules, Appendix C) over the raw results, round by round, without the
standings' profiles; the table must show the same value for every player on random Swiss events
with byes, forfeits, walkovers, double forfeits and withdrawals.
"""

from fractions import Fraction
from itertools import product

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.standings import (
    MatchResult,
    PointsSystem,
    ResultKind,
    league_table,
)
from league.competitions.algorithms.tiebreaks import Tiebreak
from tests.examples import examples

T = Tiebreak
K = ResultKind
FLOOR = Fraction(33, 100)


@st.composite
def events(draw, most_players=7):
    """A Swiss of a few rounds: each round pairs the players still in, one bye if odd, and gives
    every player who has withdrawn a round after withdrawing."""
    players = list("ABCDEFG")[: draw(st.integers(2, most_players))]
    rounds = draw(st.integers(1, 4))
    leaves = {p: draw(st.one_of(st.none(), st.integers(1, rounds))) for p in players}
    results = []
    for rnd in range(1, rounds + 1):
        active = draw(st.permutations([p for p in players if not leaves[p] or leaves[p] >= rnd]))
        results += [MatchResult(p, None, kind=K.WITHDRAWN, round=rnd)
                    for p in players if p not in active]
        for a, b in zip(active[::2], active[1::2], strict=False):
            kind = draw(st.sampled_from([K.PLAYED] * 4 + [K.FORFEIT, K.WALKOVER, K.DOUBLE_FORFEIT]))
            winner = draw(st.sampled_from([a, b] if kind in (K.FORFEIT, K.WALKOVER) else
                                          [None] if kind is K.DOUBLE_FORFEIT else [a, b, None]))
            hands = st.integers(0, 5)
            results.append(MatchResult(a, b, winner, kind, 0, 0, draw(hands), draw(hands), rnd))
        if len(active) % 2:
            results.append(MatchResult(active[-1], None, kind=K.BYE, round=rnd))
    points = PointsSystem(win=draw(st.sampled_from([2, 3])), bye=draw(st.sampled_from([None, 0])),
                          forfeit=draw(st.sampled_from([None, -1])))
    return players, results, points


def rounds_of(player, results):
    return sorted((r for r in results if player in r.players), key=lambda r: r.round)


def played(r):
    return r.kind is K.PLAYED


def result(r, player, points):
    """FIDE: 1, 1/2 or 0; an unplayed round's result is the one its points match."""
    earned = points.earned(r, player)
    if played(r):
        return Fraction(1) if r.winner == player else Fraction(0) if r.winner else Fraction(1, 2)
    return Fraction(1) if earned == points.win else Fraction(1, 2) if earned == points.draw \
        else Fraction(0)


def score(player, results, points):
    return sum(points.earned(r, player) for r in rounds_of(player, results))


def requested_bye(r, player):
    """FIDE C.07 §16.1: every round after a withdrawal is a zero-point bye (a walkover lost is a
    round after the loser withdrew)."""
    return r.kind is K.WITHDRAWN or (r.kind is K.WALKOVER and r.winner != player)


def voluntarily_unplayed(r, player):
    """§16.1: a requested bye or a forfeit loss."""
    forfeit_loss = r.kind in (K.FORFEIT, K.DOUBLE_FORFEIT) and r.winner != player
    return requested_bye(r, player) or forfeit_loss


def score_for_opponents(player, results, points):
    """§16.3: the points awarded, but requested byes followed only by voluntarily unplayed rounds
    (or in the last round) count as draws."""
    mine = rounds_of(player, results)
    total = 0
    for i, r in enumerate(mine):
        trailing = all(voluntarily_unplayed(later, player) for later in mine[i + 1:])
        total += points.draw if requested_bye(r, player) and trailing else points.earned(r, player)
    return total


def terms(player, results, points):
    """§8.1 and §16.4: per round, (the opponent's adjusted score, or the dummy's: the player's own
    final score, and whether the round was voluntarily unplayed)."""
    own = score(player, results, points)
    return [(score_for_opponents(r.opponent_of(player), results, points), False) if played(r)
            else (own, voluntarily_unplayed(r, player)) for r in rounds_of(player, results)]


def without_least(values):
    """§14.1 and §16.5: the least significant value is a voluntarily unplayed round's, lowest
    first, before any other."""
    ordered = sorted(values, key=lambda t: (not t[1], t[0]))
    return ordered[1:]


def fide(player, results, points):
    mine = rounds_of(player, results)
    bh = terms(player, results, points)
    cut = without_least(bh)
    median = sorted(cut, key=lambda t: -t[0])[1:]
    return {
        T.WINS: sum(points.earned(r, player) == points.win for r in mine),
        T.GAMES_WON: sum(played(r) and r.winner == player for r in mine),
        T.BUCHHOLZ: sum(v for v, _ in bh),
        T.BUCHHOLZ_CUT1: sum(v for v, _ in cut),
        T.MEDIAN_BUCHHOLZ: sum(v for v, _ in median),
        T.SONNEBORN_BERGER: sum((v * result(r, player, points) for (v, _), r in zip(bh, mine, strict=True)),
                                Fraction(0)),
    }


def taken_part(player, results):
    """MTR: the rounds a player took part in; rounds after withdrawing are not."""
    return [r for r in rounds_of(player, results) if not requested_bye(r, player)]


def match_win(player, results):
    """MTR Appendix C: 3 a match won (a bye is one), 1 a draw, over 3 a round; at least 0.33."""
    mine = taken_part(player, results)
    if not mine:
        return FLOOR
    points = sum(3 if r.kind is K.BYE or r.winner == player else
                 1 if played(r) and r.winner is None else 0 for r in mine)
    return max(FLOOR, Fraction(points, 3 * len(mine)))


def game_win(player, results):
    """MTR Appendix C: games (hands) won over games decided, a bye won 2-0; at least 0.33."""
    won = lost = 0
    for r in rounds_of(player, results):
        if r.kind is K.BYE:
            won += 2
        else:
            _, _, mine, theirs = r.for_player(player)
            won, lost = won + mine, lost + theirs
    return max(FLOOR, Fraction(won, won + lost)) if won + lost else FLOOR


def opponents_average(player, results, pct):
    """MTR Appendix C: over the rounds taken part in, ignoring byes, each opponent's percentage."""
    opponents = [r.opponent_of(player) for r in taken_part(player, results) if r.kind is not K.BYE]
    if not opponents:
        return FLOOR
    return sum((pct(o, results) for o in opponents), Fraction(0)) / len(opponents)


def mtr(player, results):
    return {
        T.OPPONENTS_MATCH_WIN_PCT: opponents_average(player, results, match_win),
        T.HAND_WIN_PCT: game_win(player, results),
        T.OPPONENTS_HAND_WIN_PCT: opponents_average(player, results, game_win),
    }


@settings(max_examples=examples(300), deadline=None)
@given(events())
def test_every_fide_and_mtr_tiebreak_is_its_rule(event):
    players, results, points = event
    chosen = [t for t in Tiebreak if t not in (T.HEAD_TO_HEAD, T.NET_GAME_POINTS)]
    table = league_table(players, results, points=points, tiebreaks=chosen)
    for row in table:
        expected = fide(row.player, results, points) | mtr(row.player, results)
        assert dict(row.tiebreaks) == expected, row.player


# Direct encounter (FIDE C.07 §6), by trying every result of the missing matches -------------


def encounter_scores(group, results, points, extra=()):
    """§6.1: match points from over-the-board matches within the group, repeated meetings
    averaged; `extra` adds hypothetical results (player, opponent, points)."""
    per_pair = {}
    for r in results:
        if played(r) and set(r.players) <= set(group):
            for p in r.players:
                per_pair.setdefault((p, r.opponent_of(p)), []).append(points.earned(r, p))
    for p, q, earned in extra:
        per_pair[(p, q)] = [earned]
    return {p: sum((Fraction(sum(v), len(v)) for (a, _), v in per_pair.items() if a == p),
                   Fraction(0)) for p in group}


def direct_encounter(group, results, points):
    """§6.2 and §6.3, applied again to every part left tied: the ordered parts of the group."""
    if len(group) < 2:
        return [group]
    met = {frozenset(r.players) for r in results if played(r) and set(r.players) <= set(group)}
    missing = [(p, q) for i, p in enumerate(group) for q in group[i + 1:]
               if frozenset((p, q)) not in met]
    if not missing:
        scores = encounter_scores(group, results, points)
        parts = [[p for p in group if scores[p] == s]
                 for s in sorted(set(scores.values()), reverse=True)]
    else:
        parts = _alone_on_top(group, results, points, missing)
    if len(parts) == 1:
        return parts
    return [inner for part in parts for inner in direct_encounter(part, results, points)]


def _alone_on_top(group, results, points, missing):
    outcomes = [encounter_scores(group, results, points, [
        x for (p, q), (a, b) in zip(missing, choice, strict=True) for x in ((p, q, a), (q, p, b))])
        for choice in product([(points.win, points.loss), (points.draw, points.draw),
                               (points.loss, points.win)], repeat=len(missing))]
    ranked, rest = [], list(group)
    while len(rest) > 1:
        top = [p for p in rest if all(all(o[p] > o[q] for q in rest if q != p) for o in outcomes)]
        if not top:
            break
        ranked.append([top[0]])
        rest.remove(top[0])
    return [*ranked, rest]


def blocks(table):
    parts = []
    for row in table:
        if row.shared_rank:
            parts[-1].append(row.player)
        else:
            parts.append([row.player])
    return parts


def missing_matches(group, results):
    met = {frozenset(r.players) for r in results if played(r) and set(r.players) <= set(group)}
    return len(group) * (len(group) - 1) // 2 - len(met)


@settings(max_examples=examples(300), deadline=None)
@given(events(most_players=6))
def test_direct_encounter_is_its_rule(event):
    players, results, points = event
    table = league_table(players, results, points=points, tiebreaks=(T.HEAD_TO_HEAD,))
    expected = []
    for level in sorted({score(p, results, points) for p in players}, reverse=True):
        group = [p for p in players if score(p, results, points) == level]
        assume(missing_matches(group, results) <= 6)  # every outcome is tried: 3 ** missing
        expected += direct_encounter(group, results, points)
    assert blocks(table) == expected
