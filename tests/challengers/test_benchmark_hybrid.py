"""benchmarks/strength/challengers_hybrid.py: a hybrid plays its delegate's move for a delegated
kind and the search's move otherwise; the `hybrid` kind is known only inside the benchmark."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.strength import challengers_hybrid as bench
from clients.arena import specs
from games.challengers import GAME, new_game
from games.challengers.drafters import PowerDrafter
from games.challengers.evaluators import EVALUATOR, GREEDY
from search import GreedyBot, ISMCTSBot, Limits, SearchConfig

LIMITS = Limits(iterations=3)


def _decisions(seed: int) -> list[tuple[Any, str]]:
    """(observation of the mover, decision kind) along one seeded rollout tournament."""
    rng = random.Random(seed)
    state = new_game(2, seed)
    out: list[tuple[Any, str]] = []
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        out.append((GAME.observe(state, GAME.current_player(state)),
                    bench.decision_kind(state, legal)))
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    return out


def test_every_kind_occurs_and_each_is_played_by_its_delegate() -> None:
    search = ISMCTSBot(GAME, EVALUATOR, SearchConfig(engine="python"))
    baselines: dict[str, Any] = {"greedy": GreedyBot(GAME, GREEDY), "power": PowerDrafter(GAME)}
    decisions = _decisions(11)
    assert {kind for _, kind in decisions} == set(bench.KINDS)
    for delegate, baseline in baselines.items():
        for kind in bench.KINDS:
            hybrid = bench.HybridBot(GAME, search, {kind: delegate})
            for index, (obs, seen) in enumerate(decisions[::3]):
                expected = baseline if seen == kind else search
                assert hybrid.choose(obs, LIMITS, index) == expected.choose(obs, LIMITS, index)


def test_the_hybrid_kind_is_known_only_inside_the_benchmark(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["match", "hybrid:iters=2,greedy=bogus", "greedy",
                       "--game", "challengers"]) != 0
    assert "unknown decision kind 'bogus'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown bot"):
        specs.parse_spec("hybrid:iters=2")
