"""The SPRT on A's share of the wins at a table of A and n-1 copies of B
(`benchmarks.strength.targets`' `one_against_many`), checked on scripted games against likelihood
ratios worked by hand."""

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest

from benchmarks.strength.targets import Target, one_against_many, sprt_of
from clients.arena.executors import Executor
from clients.arena.record import GameRecord, GameTask
from clients.arena.report import sprt_line
from clients.arena.scoring import share_tally

A, B = "ismcts:iters=10,value=logistic", "ismcts:iters=10"
FOUR = Target("share", 0.25, A, B, "one A against three B", players=4, sprt=True)


@dataclass(frozen=True)
class Scripted(Executor):
    """Plays no game: in deal d, A's seat returns `shares[d % len(shares)]` in every rotation,
    the first B seat the rest (so every game has a winner)."""

    shares: tuple[float, ...] = (1.0,)

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameRecord]:
        for task in tasks:
            mine = self.shares[task.deal % len(self.shares)]
            returns = [0.0] * len(task.bots)
            returns[task.bots.index(A)] = mine
            returns[next(s for s, bot in enumerate(task.bots) if bot == B)] = 1.0 - mine
            yield GameRecord(task, "finished", returns=tuple(returns))


def bernoulli_llr(won: int, lost: int, s0: float = 0.25, s1: float = 0.30) -> float:
    """Deals wholly won or wholly lost: the GSPRT is Bernoulli's likelihood ratio."""
    return won * math.log(s1 / s0) + lost * math.log((1 - s1) / (1 - s0))


def test_a_share_target_tests_its_goal_against_five_points_more():
    test = sprt_of(FOUR)
    assert test is not None
    assert (test.alpha, test.beta) == (0.05, 0.05)
    assert 1 / (1 + 10 ** (-test.elo0 / 400)) == pytest.approx(0.25)
    assert 1 / (1 + 10 ** (-test.elo1 / 400)) == pytest.approx(0.30)


def test_shares_count_a_win_one_a_shared_win_half_and_a_loss_nothing():
    tally, outcome = one_against_many(
        Target("share", 0.25, A, B, "x", players=4), 3, 1, Scripted(shares=(1.0, 0.5, 0.0))
    )
    assert outcome is None
    assert (tally.wins, tally.draws, tally.losses, tally.errors) == (4, 4, 4, 0)
    assert tally.points == 6.0
    assert tally.deal_outcomes(4) == ([1, 0, 0, 0, 1, 0, 0, 0, 1], [k / 8 for k in range(9)])


def test_an_unscored_game_is_an_error_not_a_share():
    task = GameTask(0, "p", 0, 0, "splendor_marvel", (A, B, B, B), 1, 2, (3, 4, 5, 6), 100)
    tally = share_tally([GameRecord(task, "error", error="boom")], A, B)
    assert (tally.games, tally.errors) == (0, 1)


def test_half_the_deals_won_accepts_h1_where_bernoulli_crosses_walds_bound():
    upper = math.log(0.95 / 0.05)  # 2.944
    # won, lost, won, ...: after n deals ceil(n/2) won; the first n whose ratio reaches the bound
    n = next(n for n in range(1, 200) if bernoulli_llr((n + 1) // 2, n // 2) >= upper)
    assert n == 51  # 26 won (+4.740), 25 lost (-1.725): 3.016; after 50 deals 2.833
    tally, outcome = one_against_many(FOUR, 100, 1, Scripted(shares=(1.0, 0.0)))
    assert outcome is not None and outcome.decision == "H1" and outcome.deals == n
    assert outcome.llr == pytest.approx(bernoulli_llr(26, 25), abs=0.01)
    assert (tally.wins, tally.losses) == (4 * 26, 4 * 25)  # the later deals' games dropped
    assert "share0=25% share1=30%" in sprt_line(outcome, share=True)
    assert "accepted H1 after 51 deals" in sprt_line(outcome, share=True)


def test_one_deal_in_eight_won_accepts_h0():
    lower = math.log(0.05 / 0.95)  # -2.944
    shares = (1.0,) + (0.0,) * 7  # 12.5%, half the fair share
    n = next(n for n in range(1, 200)
             if bernoulli_llr((n + 7) // 8, n - (n + 7) // 8) <= lower)
    tally, outcome = one_against_many(FOUR, 100, 1, Scripted(shares=shares))
    assert outcome is not None and outcome.decision == "H0" and outcome.deals == n
    assert tally.games == 4 * n


def test_an_undecided_test_reports_where_it_stood_after_every_deal():
    tally, outcome = one_against_many(FOUR, 20, 1, Scripted(shares=(1.0, 0.0, 0.0)))
    assert outcome is not None and outcome.decision is None and outcome.deals == 20
    assert outcome.llr == pytest.approx(bernoulli_llr(7, 13), abs=0.01)  # 33%: +0.379
    assert tally.games == 80
