"""Statistics against values computed by hand."""

import math

import pytest

from clients.arena.report import pair_row
from clients.arena.scoring import PairTally
from clients.arena.stats import SPRT, elo_from_score, estimate, fit_ratings, gsprt_llr, wilson


def test_wilson_interval_by_hand():
    # 60 points in 100 games: p = 0.6, z = 1.959964
    z, p = 1.959963984540054, 0.6
    centre = (p + z * z / 200) / (1 + z * z / 100)  # 0.5918...
    half = z / (1 + z * z / 100) * math.sqrt(p * 0.4 / 100 + z * z / 40000)
    low, high = wilson(0.6, 100)
    assert low == pytest.approx(centre - half) == pytest.approx(0.50200, abs=1e-5)
    assert high == pytest.approx(centre + half) == pytest.approx(0.69060, abs=1e-5)


def test_wilson_interval_of_a_clean_sweep_stays_inside_zero_one():
    low, high = wilson(1.0, 10)
    assert high == pytest.approx(1.0)
    assert low == pytest.approx(10 / (10 + 1.959963984540054**2))  # 0.7225


def test_draws_count_half():
    e = estimate(points=30 + 0.5 * 20, games=100)  # 30 wins, 20 draws, 50 losses
    assert e.score == 0.4


def test_elo_by_hand():
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))  # 190.85
    assert elo_from_score(0.25) == pytest.approx(-400 * math.log10(3))
    e = estimate(60, 100)
    assert e.elo == pytest.approx(-400 * math.log10(1 / 0.6 - 1))  # +70.4
    assert e.elo_low == pytest.approx(-400 * math.log10(1 / 0.50200 - 1), abs=0.1)  # +1.4
    assert e.elo_high == pytest.approx(-400 * math.log10(1 / 0.69060 - 1), abs=0.1)  # +139.5
    assert math.isinf(elo_from_score(1.0))


def test_sprt_bounds_are_walds():
    lower, upper = SPRT(0, 10, alpha=0.05, beta=0.1).bounds
    assert lower == pytest.approx(math.log(0.1 / 0.95))
    assert upper == pytest.approx(math.log(0.9 / 0.05))


def test_gsprt_on_a_binary_outcome_is_the_bernoulli_likelihood_ratio():
    # Wins and losses only: the MLE with mean s is Bernoulli(s), LLR = W ln(s1/s0) + L ln(..)
    wins, losses, s0, s1 = 60, 40, 0.5, 0.55
    expected = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    assert gsprt_llr([losses, wins], [0.0, 1.0], s0, s1) == pytest.approx(expected, abs=1e-3)


def test_sprt_decides_each_way():
    test = SPRT(0, 100)
    assert test.decide(test.llr([5, 10, 85], [0, 0.5, 1])) == "H1"
    assert test.decide(test.llr([85, 10, 5], [0, 0.5, 1])) == "H0"
    assert test.decide(test.llr([1, 0, 1], [0, 0.5, 1])) is None


def test_two_bot_ladder_rating_is_the_elo_of_the_score_with_one_virtual_draw():
    ratings = fit_ratings(["random", "greedy"], [(1, 0, 75.0, 100)])
    assert ratings[0].elo == 0 and ratings[0].margin == 0
    assert ratings[1].elo == pytest.approx(elo_from_score(75.5 / 101), abs=1e-6)
    # standard error from the Fisher information: 1 / sqrt(n p (1 - p)) nats
    p = 75.5 / 101
    margin = 1.959963984540054 / math.sqrt(101 * p * (1 - p)) * 400 / math.log(10)
    assert ratings[1].margin == pytest.approx(margin, rel=1e-6)


def test_a_clean_sweep_keeps_a_finite_rating():
    ratings = fit_ratings(["a", "b"], [(1, 0, 50.0, 50)])
    assert ratings[1].elo == pytest.approx(elo_from_score(50.5 / 51))


def test_disconnected_ladder_is_rejected():
    with pytest.raises(ValueError, match="connect"):
        fit_ratings(["a", "b", "c"], [(0, 1, 5.0, 10)])


def test_a_clean_sweep_shows_the_bound_its_interval_gives_not_infinity():
    swept = pair_row(PairTally("a", "b", wins=20))[-1]
    assert swept == f"≥ {elo_from_score(wilson(1.0, 20)[0]):+.0f}" and "inf" not in swept
    assert pair_row(PairTally("a", "b", losses=20))[-1].startswith("≤ -")
    assert "[" in pair_row(PairTally("a", "b", wins=12, losses=8))[-1]
