"""The opponent model: beliefs about blind reserves, and worlds drawn by them."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from typing import Any

import numpy as np

from games.splendor_marvel import GAME, observe, sample
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.observation import Observation
from games.splendor_marvel.opponent_model import believe
from kernels.rng import PythonRng, new_rng
from search import Limits, SearchConfig, ismcts
from tests.splendor_marvel.history_games import positions


def believed_positions(games: int, greedy: bool = False) -> list[tuple[Any, Observation]]:
    """(true state, seat 0's believed observation) wherever seat 0 has beliefs."""
    found = []
    for seed in range(games):
        for state in positions(2, seed, blind=0.1, greedy=greedy):
            obs = believe(observe(state, 0))
            if obs.beliefs:
                found.append((state.clone(), obs))
    return found


def test_the_model_favours_the_card_that_explains_a_greedy_opponent() -> None:
    """Against an opponent that plays its highest prior, the true card of a hidden reserve
    weighs more than an even share, on average over the positions with evidence."""
    gains = []
    for state, obs in believed_positions(40, greedy=True):
        assert obs.beliefs is not None
        for (seat, index), weights in obs.beliefs.items():
            true_card = state.reserved[seat][index]
            share = weights[true_card] / sum(weights.values())
            gains.append(math.log(share * len(weights)))
    assert len(gains) > 100
    assert sum(gains) / len(gains) > 0.05  # measured 0.14 nats


def test_a_pass_rules_out_the_cards_its_holder_could_have_recruited() -> None:
    state = None
    for state in positions(3, 3541):
        if len(state.history.plays) == 36:  # type: ignore[union-attr]
            break
    assert state is not None
    obs = believe(observe(state, 0))
    assert obs.beliefs is not None
    for (seat, index), weights in obs.beliefs.items():
        assert weights[state.reserved[seat][index]] > 1


def test_believed_draws_follow_the_weights() -> None:
    _, obs = believed_positions(10)[0]
    assert obs.beliefs is not None
    (seat, index), weights = next(iter(obs.beliefs.items()))
    rng = random.Random(1)
    draws = 20_000
    counts = Counter(sample(obs, rng).reserved[seat][index] for _ in range(draws))
    total = sum(weights.values())
    statistic = sum((counts[c] - draws * w / total) ** 2 / (draws * w / total)
                    for c, w in weights.items())
    df = len(weights) - 1
    assert statistic < df + 4.0 * math.sqrt(2 * df) + 10  # far beyond chance only if biased
    assert set(counts) <= set(weights)


def test_the_compiled_sampler_draws_the_believed_worlds_of_the_python_one() -> None:
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    checked = 0
    for i, (_, obs) in enumerate(believed_positions(8)):
        encoded = COMPILED.encode_observation(obs)
        k.sample(encoded, world, new_rng(i))
        compiled = COMPILED.decode_state(world)
        python: Any = sample(obs, PythonRng(i))
        assert compiled == python
        assert observe(compiled, obs.seat) == obs
        checked += 1
    assert checked > 20


def test_without_a_history_or_hidden_cards_nothing_changes() -> None:
    _, obs = believed_positions(4)[0]
    bare = dataclasses.replace(obs, history=None, beliefs=None)
    assert believe(bare) is bare
    opening = observe(GAME.new_game(2, 0), 0)
    assert believe(opening) is opening


def test_a_search_with_the_model_is_reproducible_on_both_engines() -> None:
    _, obs = believed_positions(6)[0]
    observation = dataclasses.replace(obs, beliefs=None)
    for engine in ("compiled", "python"):
        config = SearchConfig(opponent_model="priors", engine=engine)  # type: ignore[arg-type]
        first = ismcts(GAME, EVALUATOR, observation, Limits(iterations=300), config, seed=5)
        again = ismcts(GAME, EVALUATOR, observation, Limits(iterations=300), config, seed=5)
        assert first.action == again.action
        assert first.stats.iterations == again.stats.iterations == 300
        assert [c.visits for c in first.candidates] == [c.visits for c in again.candidates]
