"""The fitted static evaluation: well-formed, sensible, fitted by a method that recovers truth."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.challengers import Challengers, new_game
from games.challengers.catalogue import BY_KEY
from games.challengers.evaluators import LOGISTIC
from games.challengers.kernel import heuristics as kh
from games.challengers.kernel.state import encode_state
from games.challengers.knowledge.features import FEATURES, features
from games.challengers.knowledge.heuristics import evaluate, weights_for

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "fit_challengers_evaluation.py"
GAME = Challengers()


def fitting() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_challengers_evaluation", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([1, 2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 150))
def test_evaluation_is_a_distribution_over_seats(n: int, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = new_game(n, seed)
    for _ in range(plies):
        if GAME.is_terminal(state):
            break
        GAME.apply(state, LOGISTIC.rollout_action(state, rng), rng)
    values = evaluate(state)
    assert len(values) == n
    assert all(0.0 <= v <= 1.0 for v in values)
    if n > 1 or not GAME.is_terminal(state):
        assert n == 1 or abs(sum(values) - 1.0) < 1e-9
    if GAME.is_terminal(state):
        assert values == list(state.result or ())
    for p in range(state.num_participants):
        assert len(features(state, p)) == len(FEATURES) == len(weights_for(n))


def test_more_fans_and_stronger_decks_look_better() -> None:
    state = new_game(2, 1)
    base = evaluate(state)[0]
    state.fans[0] += 4
    richer = evaluate(state)[0]
    strong = [BY_KEY[k] for k in ("champion@c",) * 3]
    state.decks[0] = [c for c in state.decks[0] if c != BY_KEY["newcomer"]] + strong
    stronger = evaluate(state)[0]
    assert base < richer < stronger


def test_shipped_weights_match_the_features() -> None:
    shipped = ROOT / "games" / "challengers" / "knowledge" / "evaluation.json"
    fitted = json.loads(shipped.read_text())
    assert tuple(fitted["features"]) == FEATURES
    assert fitted["held_out_log_loss"] < fitted["held_out_log_loss_uniform"]


def test_self_play_records_every_seat_and_the_result() -> None:
    fit = fitting()
    rows, result = fit.play(2, 5)
    assert rows and all(len(r) == 2 and len(r[0]) == len(FEATURES) for r in rows)
    assert sorted(result) in ([0.0, 1.0], [0.5, 0.5])
    assert fit.play(2, 5) == (rows, result)


def test_an_exploring_opening_is_played_but_not_recorded() -> None:
    fit = fitting()
    plain = sum(len(fit.play(2, seed)[0]) for seed in range(10))
    explored = [fit.play(2, seed, explore=0.5) for seed in range(10)]
    assert all(rows and len(rows[0]) == 2 for rows, _ in explored)
    assert sum(len(rows) for rows, _ in explored) < 0.8 * plain  # openings left out
    assert fit.play(2, 5, explore=0.5) == explored[5]


def test_the_kernel_features_equal_the_python_ones() -> None:
    """Every participant's whole feature vector, robots included (the evaluation's test in
    test_kernel.py sees the features only through the weights of the players' seats)."""
    rng = random.Random(7)
    out = np.empty(len(FEATURES))
    phases = set()
    for seed in range(60):
        state = new_game(1 + seed % 8, seed)
        for _ in range(rng.randrange(300)):
            if GAME.is_terminal(state):
                break
            GAME.apply(state, LOGISTIC.rollout_action(state, rng), rng)
        if GAME.is_terminal(state):
            continue
        phases.add(state.phase)
        world = encode_state(state)
        for p in range(state.num_participants):
            kh.features(world, p, out)
            assert np.allclose(out, features(state, p), rtol=0, atol=1e-12), (seed, p)
    assert len(phases) == 2  # deck phases and matches


def test_a_dry_run_reports_the_player_counts_and_exploration_it_was_asked_for(
        capsys: pytest.CaptureFixture[str]) -> None:
    shipped = (ROOT / "games" / "challengers" / "knowledge" / "evaluation.json").read_text()
    assert fitting().main(["--games", "5", "--players", "2", "--explore", "0.5", "--dry-run"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["player_counts"] == [2] and report["explore"] == 0.5
    assert list(report["by_players"]) == ["2"]
    assert (ROOT / "games" / "challengers" / "knowledge" / "evaluation.json").read_text() == shipped
