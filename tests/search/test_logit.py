"""The conditional-logit fit behind the learned evaluations recovers known weights."""

from __future__ import annotations

import numpy as np

from search.logit import Samples, accuracy, collect, fit, fit_report, log_loss, probabilities


def synthetic(truth: np.ndarray, seats: int, positions: int, seed: int) -> dict[int, Samples]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(positions, seats, len(truth)))
    p = probabilities(x, truth)
    winners = (p.cumsum(axis=1) > rng.random((positions, 1))).argmax(axis=1)
    return {seats: Samples(x, np.eye(seats)[winners])}


def test_newton_fit_recovers_known_weights() -> None:
    truth = np.array([1.5, -0.5, 2.0])
    data = synthetic(truth, seats=3, positions=20000, seed=0)
    w = fit(data)
    assert np.allclose(w, truth, atol=0.1)
    assert log_loss(data, w) < log_loss(data, np.zeros(3))
    assert accuracy(data, w) > 0.5


def test_fit_report_scores_held_out_data() -> None:
    truth = np.array([2.0, -1.0])
    w, quality = fit_report(synthetic(truth, 2, 5000, 1), synthetic(truth, 2, 2000, 2))
    assert np.allclose(w, truth, atol=0.15)
    assert quality["held_out_log_loss"] < quality["held_out_log_loss_uniform"]


def test_collect_holds_out_every_fifth_game_by_player_count() -> None:
    def play(num_players: int, seed: int) -> tuple[list[list[tuple[float, ...]]], list[float]]:
        row = [(float(seed), 1.0)] * num_players
        return [row, row], [1.0] + [0.0] * (num_players - 1)

    train, held_out = collect(play, (2, 3), games=10, seed=0)
    assert sorted(train) == [2, 3] and sorted(held_out) == [2, 3]
    assert len(train[2].y) + len(train[3].y) == 2 * 8
    assert len(held_out[2].y) + len(held_out[3].y) == 2 * 2
    assert train[3].x.shape == (8, 3, 2)
