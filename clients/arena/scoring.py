"""From game records to head-to-head scores.

In a game where bots X and Y both sit, X scores 1 against Y when X's seats have a higher mean
return than Y's, 0.5 when equal (a draw, a capped game, or a win shared between them) and 0
when lower. In two-player games that is simply win 1, draw 0.5, loss 0. At a table of one A
and n-1 copies of B, A's *share of the wins* (`share_tally`) scores a game 1 won, 0.5 shared,
0 lost. Error games are not scored; they are counted separately.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from clients.arena.record import GameRecord


def game_score(record: GameRecord, a: str, b: str) -> float | None:
    """A's score against B in `record`, or None if unscored or one of them did not play."""
    if not record.scored or a == b:
        return None
    mine = [r for bot, r in zip(record.task.bots, record.returns, strict=True) if bot == a]
    theirs = [r for bot, r in zip(record.task.bots, record.returns, strict=True) if bot == b]
    if not mine or not theirs:
        return None
    diff = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return 1.0 if diff > 1e-12 else 0.0 if diff < -1e-12 else 0.5


@dataclass
class PairTally:
    """A's results against B over a set of records."""

    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    capped: int = 0
    errors: int = 0
    by_deal: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))

    @property
    def games(self) -> int:
        """Scored games."""
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    def add(self, record: GameRecord) -> None:
        """Count `record` if both bots sat in it."""
        if not {self.a, self.b} <= set(record.task.bots):
            return
        self.count(record, game_score(record, self.a, self.b))

    def count(self, record: GameRecord, score: float | None) -> None:
        """Count `record` with A's `score` in it (None: the game was not scored, an error)."""
        if score is None:
            self.errors += 1
            return
        self.wins += score == 1.0
        self.draws += score == 0.5
        self.losses += score == 0.0
        self.capped += record.status == "capped"
        self.by_deal[record.task.deal].append(score)

    def deal_outcomes(self, games_per_deal: int) -> tuple[list[int], list[float]]:
        """Counts of complete deals by mean score, over the grid k / (2 × games_per_deal).

        One game per deal gives the trinomial (0, ½, 1); two give the pentanomial of pairs.
        """
        steps = 2 * games_per_deal
        counts = [0] * (steps + 1)
        for scores in self.by_deal.values():
            if len(scores) == games_per_deal:
                counts[round(sum(scores) * 2)] += 1
        return counts, [k / steps for k in range(steps + 1)]


def tally(records: Iterable[GameRecord], a: str, b: str) -> PairTally:
    """A's tally against B."""
    result = PairTally(a, b)
    for record in records:
        result.add(record)
    return result


def share_score(record: GameRecord, a: str) -> float | None:
    """A's share of the wins in `record`, where A holds one seat: 1 won alone, ½ shared after
    the tie-breaks, 0 lost (None when the game was not scored)."""
    if not record.scored:
        return None
    share = record.returns[record.task.bots.index(a)]
    return 1.0 if share == 1.0 else 0.0 if share == 0.0 else 0.5


def share_tally(records: Iterable[GameRecord], a: str, b: str) -> PairTally:
    """A's shares of the wins (`share_score`) over games of A against n-1 copies of B."""
    result = PairTally(a, b)
    for record in records:
        result.count(record, share_score(record, a))
    return result
