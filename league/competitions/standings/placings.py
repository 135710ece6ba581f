"""A knockout's final order: champion, runner-up, third place, then by the round a player went
out in (later is better), from the confirmed results through the bracket."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.clubs.models import Player
from league.competitions.algorithms.elimination_advance import MatchStatus, advance
from league.competitions.base.brackets import bracket_of, key_text, parse_key, seeded_entries
from league.competitions.models import Competition, Entry, Match


@dataclass(frozen=True, slots=True)
class Placing:
    rank: int
    player: Player
    went_out_in: str  # the match key a player went out in; "" for the champion or still in


def knockout_placings(competition: Competition, stage=None) -> list[Placing]:
    """Champion 1, the final's loser 2, the third-place match's winner and loser 3 and 4, then
    everyone else by the round they went out in (later is better), sharing a rank. `stage`: a
    knockout stage, placing its players."""
    entries = list(Entry.objects.filter(competition=competition).select_related("player"))
    if stage is None:
        seeds = seeded_entries(entries)
    else:
        seeds = list(stage.players.order_by("seed").values_list("entry_id", flat=True))
    if len(seeds) < 2:
        return []
    bracket = bracket_of(stage or competition, seeds)
    confirmed = Match.objects.filter(competition=competition, status=Match.Status.CONFIRMED)
    if stage is not None:
        confirmed = confirmed.filter(round__stage=stage)
    results = [(parse_key(k), w) for k, w in confirmed.values_list("key", "winner_id")]
    withdrawn = {e.pk for e in entries if e.withdrawn_at is not None}
    progress = advance(bracket, results, withdrawn=withdrawn)
    stage = _stages(bracket.keys)
    scores = {p: _placing_score(p, progress, stage) for p in seeds}
    players = {e.pk: e.player for e in entries}
    ordered = sorted(seeds, key=lambda p: (-scores[p][0], -scores[p][1], seeds.index(p)))
    return [
        Placing(1 + sum(other[:2] > scores[p][:2] for other in scores.values()), players[p],
                scores[p][2])
        for p in ordered
    ]


def _stages(keys: Sequence) -> dict:
    """How late each round comes: later rounds of the bracket are worth more."""
    rounds = list(dict.fromkeys((k[0], k[1]) for k in keys if k[0] in ("W", "L")))
    return {r: i for i, r in enumerate(rounds)}


def _placing_score(player: int, progress, stage: dict) -> tuple[int, int, str]:
    """(band, depth, went out in): band 5 champion, 4 still in, 3 lost the final, 2 the
    third-place match (depth 1 its winner), 1 out earlier, deeper rounds higher."""
    if progress.champion == player:
        return 5, 0, ""
    played = [s for s in progress.matches
              if s.status in (MatchStatus.DECIDED, MatchStatus.WALKOVER)]
    mine = [s for s in played if player in s.players]
    last = mine[-1] if mine else None
    if last is None or (last.winner == player and last.key[0] != "3P"):
        return 4, 0, ""
    text = key_text(last.key)
    if last.key[0] == "3P":
        return 2, int(last.winner == player), text
    deciding = [s for s in played if s.key[0] != "3P"]
    if progress.champion is not None and deciding[-1].key == last.key:
        return 3, 0, text
    return 1, stage.get(last.key[:2], 0), text
