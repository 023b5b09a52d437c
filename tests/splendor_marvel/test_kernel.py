"""The compiled kernel against the pure-Python engine, its oracle: move for move, draw for draw."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import GAME, apply, legal_actions, new_game, observe, sample
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC
from games.splendor_marvel.kernel import game as k
from games.splendor_marvel.kernel.layout import DECK_COUNT
from games.splendor_marvel.knowledge import heuristics
from games.splendor_marvel.state import SplendorState
from kernels.rng import PythonRng, new_rng
from search import SearchConfig
from search.compiled import CompiledTreeSearch
from search.core import TreeSearch
from search.result import summarize
from tests.splendor_marvel.helpers import played

DIFFERENTIAL_GAMES = 10_000


def play_in_lockstep(seed: int) -> int:
    """Play one seeded game on both engines, comparing everything at every step; its plies.

    The seed picks the player count (2-4) and the policy (uniform random or the heuristic).
    """
    num_players = 2 + seed % 3
    heuristic = seed % 2 == 1
    state = new_game(num_players, seed)
    world = COMPILED.encode_state(state)
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    rng = random.Random(seed)
    kernel_rng = new_rng(seed)
    plies = 0
    while state.result is None:
        legal = legal_actions(state)
        count = k.legal_actions(world, buffer)
        assert buffer[:count].tolist() == legal, f"seed {seed}, ply {plies}: legal actions"
        action = EVALUATOR.rollout_action(state, rng) if heuristic else rng.choice(legal)
        apply(state, action)
        k.apply(world, int(action), kernel_rng)
        plies += 1
        assert np.array_equal(world, COMPILED.encode_state(state)), f"seed {seed}, ply {plies}"
    assert k.is_terminal(world) and k.current_player(world) == -1
    assert k.legal_actions(world, buffer) == 0
    rewards = np.empty(num_players)
    k.returns(world, rewards)
    assert tuple(rewards) == state.result
    return plies


def test_ten_thousand_games_agree_move_for_move() -> None:
    plies = sum(play_in_lockstep(seed) for seed in range(DIFFERENTIAL_GAMES))
    assert plies > 50 * DIFFERENTIAL_GAMES  # whole games, not stubs


def positions(count: int) -> list[SplendorState]:
    """Positions along seeded heuristic games, 2-4 players, every phase included."""
    found = []
    for seed in range(count):
        found.append(played(2 + seed % 3, seed, (seed * 7) % 90))
    return [s for s in found if s.result is None]


@settings(max_examples=60, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 120))
def test_a_world_array_round_trips(n: int, seed: int, plies: int) -> None:
    state = played(n, seed, plies)
    world = COMPILED.encode_state(state)
    assert world.shape == (COMPILED.state_size,)
    assert COMPILED.decode_state(world) == state


def test_evaluation_and_priors_equal_the_python_ones() -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    out = np.empty(k.MAX_LEGAL)
    for state in positions(300):
        world = COMPILED.encode_state(state)
        values = np.empty(state.num_players)
        k.evaluate(world, values)
        assert np.allclose(values, heuristics.evaluate(state), rtol=0, atol=1e-9)
        legal = legal_actions(state)
        count = k.legal_actions(world, buffer)
        k.priors(world, buffer, count, out)
        assert np.allclose(out[:count], heuristics.priors(state, legal), rtol=0, atol=1e-9)


def test_the_playout_policy_makes_the_python_move_from_the_same_draws() -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for i, state in enumerate(positions(300)):
        for seed in (i, i + 1000, i + 2000):
            python_rng: Any = PythonRng(seed)
            kernel_rng = new_rng(seed)
            expected = heuristics.rollout_action(state, python_rng)
            chosen = k.rollout_action(COMPILED.encode_state(state), kernel_rng, buffer)
            assert chosen == expected
            assert int(kernel_rng[0]) == python_rng.state, "the same number of draws"


def test_play_move_plays_the_python_policy_or_uniform_move() -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for i, state in enumerate(positions(100)):
        if state.result is not None:
            continue
        for greedy in (True, False):
            python_rng: Any = PythonRng(i)
            kernel_rng = new_rng(i)
            world = COMPILED.encode_state(state)
            k.play_move(world, kernel_rng, buffer, greedy)
            after = state.clone()
            legal = legal_actions(after)
            move = (heuristics.rollout_action(after, python_rng) if greedy
                    else legal[python_rng.randrange(len(legal))])
            apply(after, move)
            assert np.array_equal(world, COMPILED.encode_state(after)), (i, greedy)


def test_sampled_worlds_are_the_python_sampler_s_and_observe_back() -> None:
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    for i, state in enumerate(positions(120)):
        for seat in range(state.num_players):
            observation = observe(state, seat)
            encoded = COMPILED.encode_observation(observation)
            kernel_rng = new_rng(i * 10 + seat)
            k.sample(encoded, world, kernel_rng)
            sampled = COMPILED.decode_state(world)
            assert observe(sampled, seat) == observation
            replay: Any = PythonRng(i * 10 + seat)
            python_world = sample(observation, replay)
            assert sampled == python_world


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability about 0.001 (Wilson-Hilferty)."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def test_hidden_cards_are_dealt_uniformly() -> None:
    state = played(3, 5, 30)
    seat = state.current
    observation = observe(state, seat)
    unseen = observation.unseen_cards()[1]
    encoded = COMPILED.encode_observation(observation)
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    rng = new_rng(12345)
    draws = 200 * len(unseen)
    tops: Counter[int] = Counter()
    top_cell = int(DECK_COUNT[0])
    for _ in range(draws):
        k.sample(encoded, world, rng)
        tops[int(world[top_cell + world[top_cell]])] += 1
    assert set(tops) == set(unseen)
    expected = draws / len(unseen)
    statistic = sum((tops[card] - expected) ** 2 / expected for card in unseen)
    assert statistic < chi_square_critical(len(unseen) - 1)


def test_an_observation_that_hides_too_few_cards_is_refused() -> None:
    state = new_game(2, 3)
    observation = observe(state, 0)
    sizes = observation.deck_sizes
    broken = replace(observation, deck_sizes=(sizes[0] + 1, sizes[1], sizes[2]))
    with pytest.raises(ValueError, match="level 1"):
        COMPILED.encode_observation(broken)


@pytest.mark.parametrize(
    "config",
    [SearchConfig(), SearchConfig(selection="uct"),
     SearchConfig(rollout="random", rollout_depth=None)],
    ids=["default", "uct", "random-to-the-end"],
)
def test_the_compiled_search_grows_the_python_search_s_tree(config: SearchConfig) -> None:
    for seed, state in enumerate(positions(6)):
        observation = observe(state, state.current)
        python_rng: Any = PythonRng(seed)
        python = TreeSearch(GAME, LOGISTIC, lambda r, o=observation: sample(o, r), config,
                            python_rng)  # COMPILED's evaluator (the default's: test_network)
        python_reason = python.run(300)
        compiled = CompiledTreeSearch(COMPILED, COMPILED.encode_observation(observation), config,
                                      seed)
        compiled_reason = compiled.run(300)
        expected = summarize(python.root, python.player, python.iterations, python.nodes,
                             python_reason)
        assert compiled.summary(compiled_reason) == expected
