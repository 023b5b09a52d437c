"""The compiled kernel against the pure-Python engine, its oracle: move for move, draw for draw.

The suite plays a few hundred seeded tournaments in lockstep; the 10,000-tournament run is
`checks/challengers_kernel_differential.py`.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, partial
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks.challengers_kernel_differential import play_in_lockstep
from games.challengers import GAME, evaluators, flow
from games.challengers.compiled import LOGISTIC
from games.challengers.evaluators import EVALUATOR, GREEDY
from games.challengers.kernel import game as k
from games.challengers.kernel import learned as kl
from games.challengers.kernel.actions import NUM_ACTION_CODES, action_of, code_of
from games.challengers.kernel.observation import encode_observation
from games.challengers.kernel.state import decode_state, encode_state
from games.challengers.knowledge import heuristics
from games.challengers.knowledge.manifest import SHIPPED, default, read_worth
from games.challengers.observation import believe, observe, sample
from games.challengers.setup import new_state
from games.challengers.state import OVER, State
from games.registry import entry
from kernels.rng import PythonRng, new_rng
from search import GreedyBot, Limits, SearchConfig
from search.compiled import CompiledTreeSearch
from search.core import TreeSearch
from search.result import summarize

SUITE_TOURNAMENTS = 120
POSITIONS = 160
LEARNED = read_worth((SHIPPED / "worth.json").read_text("utf-8"))
"""The shipped learned worth, read apart from the manifest."""


def test_seeded_tournaments_agree_decision_for_decision() -> None:
    decisions = sum(play_in_lockstep(seed) for seed in range(SUITE_TOURNAMENTS))
    assert decisions > 20 * SUITE_TOURNAMENTS  # whole tournaments, not stubs


@cache
def positions(count: int) -> tuple[State, ...]:
    """Positions along seeded uniformly random tournaments of 1-8 players, every phase (made
    once; the tests only read them)."""
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = new_state(1 + seed % 8, rng)
        flow.advance(state, rng)
        for _ in range(rng.randrange(400)):
            if state.phase == OVER:
                break
            legal = flow.legal_actions(state)
            flow.apply(state, legal[rng.randrange(len(legal))], rng)
        if state.phase != OVER:
            found.append(state)
    return tuple(found)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), decisions=st.integers(0, 300))
def test_a_world_array_round_trips(seed: int, decisions: int) -> None:
    rng = random.Random(seed)
    state = new_state(1 + seed % 8, rng)
    flow.advance(state, rng)
    for _ in range(decisions):
        if state.phase == OVER:
            break
        legal = flow.legal_actions(state)
        flow.apply(state, legal[rng.randrange(len(legal))], rng)
    world = encode_state(state)
    assert world.shape == (k.STATE_SIZE,)
    back = decode_state(world)
    for name in State.__slots__:
        if name != "effect_counts":
            assert getattr(back, name) == getattr(state, name), name


@settings(max_examples=300, deadline=None)
@given(code=st.integers(0, NUM_ACTION_CODES - 1))
def test_every_code_names_one_action(code: int) -> None:
    try:
        action = action_of(code)
    except ValueError:  # an unused code: an option of no cards
        assert code % 8 == 0 and code < 24
        return
    assert code_of(action) == code


EVALUATORS = pytest.mark.parametrize(("evaluator", "kernel"),
                                     [(EVALUATOR, EVALUATOR.compiled.kernel),
                                      (evaluators.LOGISTIC, k)],
                                     ids=["default", "logistic"])
"""Each Python evaluator with its kernel module: the learned worth (the default) and today's."""


@EVALUATORS
def test_evaluation_and_priors_equal_the_python_ones(evaluator: evaluators.Evaluator,
                                                     kernel: Any) -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    out = np.empty(k.MAX_LEGAL)
    for state in positions(POSITIONS):
        world = encode_state(state)
        values = np.empty(state.num_players)
        kernel.evaluate(world, values)
        assert np.allclose(values, evaluator.evaluate(state), rtol=0, atol=1e-9)
        legal = flow.legal_actions(state)
        count = kernel.legal_actions(world, buffer)
        kernel.priors(world, buffer, count, out)
        assert np.allclose(out[:count], evaluator.priors(state, legal), rtol=0, atol=1e-9)


def test_the_default_reads_the_learned_worth_and_value_logistic_the_hand_written_one() -> None:
    """`EVALUATOR` scores by `worth.json`; `LOGISTIC` by `_value` at `PRIOR_TEMPERATURE`, each
    with its own compiled twin; their priors differ somewhere."""
    assert heuristics.TODAY.pick == tuple(heuristics._value(c) for c in range(k.NUM_TYPES))
    assert heuristics.TODAY.temperature == heuristics.PRIOR_TEMPERATURE
    assert not any(heuristics.TODAY.trim)
    assert [entry("challengers").evaluator(v) for v in ("default", "learned", "logistic")] == [
        EVALUATOR, EVALUATOR, evaluators.LOGISTIC]
    assert EVALUATOR.compiled is default().compiled
    assert EVALUATOR.compiled.kernel.priors.py_func.__code__ is kl.priors.__code__
    assert evaluators.LOGISTIC.compiled is LOGISTIC and LOGISTIC.kernel is k
    assert EVALUATOR.compiled.kernel_version != LOGISTIC.kernel_version, "two numba caches"
    states = positions(POSITIONS)
    for state in states:
        legal = flow.legal_actions(state)
        assert EVALUATOR.priors(state, legal) == heuristics.priors(state, legal, LEARNED)
        assert evaluators.LOGISTIC.priors(state, legal) == heuristics.priors(state, legal,
                                                                             heuristics.TODAY)
    assert any(EVALUATOR.priors(s, flow.legal_actions(s)) != evaluators.LOGISTIC.priors(
        s, flow.legal_actions(s)) for s in states)


def test_greedy_plays_the_hand_written_prior_not_the_learned_one() -> None:
    """`GreedyBot` on the evaluator the registry names for greedy plays the highest hand-written
    prior in its sampled world (the targets' opponent stays today's), which is not always the
    learned one's."""
    bot = GreedyBot(GAME, entry("challengers").greedy())
    assert entry("challengers").greedy() is GREEDY is evaluators.LOGISTIC
    differ = 0
    for seed, state in enumerate(positions(POSITIONS)):
        observation = observe(state, flow.current_player(state))
        world = GAME.sample(observation, random.Random(seed))
        legal = flow.legal_actions(world)
        today = heuristics.priors(world, legal, heuristics.TODAY)
        learned = heuristics.priors(world, legal, LEARNED)
        expected = legal[max(range(len(legal)), key=lambda i: today[i])]
        assert bot.choose(observation, Limits(iterations=1), seed) == expected
        differ += expected != legal[max(range(len(legal)), key=lambda i: learned[i])]
    assert differ > 0


@EVALUATORS
def test_the_playout_policy_makes_the_python_move_from_the_same_draws(
        evaluator: evaluators.Evaluator, kernel: Any) -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for i, state in enumerate(positions(POSITIONS)):
        for seed in (i, i + 1000, i + 2000):
            python_rng: Any = PythonRng(seed)
            kernel_rng = new_rng(seed)
            expected = evaluator.rollout_action(state, python_rng)
            chosen = kernel.rollout_action(encode_state(state), kernel_rng, buffer)
            assert chosen == code_of(expected)
            assert int(kernel_rng[0]) == python_rng.state, "the same number of draws"


def test_sampled_worlds_are_the_python_sampler_s_and_observe_back() -> None:
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    for i, state in enumerate(positions(POSITIONS)[:80]):
        for seat in range(state.num_players):
            for believed in (False, True):
                observation = observe(state, seat)
                if believed:
                    observation = believe(observation)
                encoded = encode_observation(observation)
                kernel_rng = new_rng(i * 20 + seat)
                k.sample(encoded, world, kernel_rng)
                replay: Any = PythonRng(i * 20 + seat)
                expected = encode_state(sample(observation, replay))
                where = f"position {i}, seat {seat}, modelled {believed}"
                assert np.array_equal(world, expected), where
                assert int(kernel_rng[0]) == replay.state, where
                assert observe(decode_state(world), seat) == observation, where


def test_the_kernel_sampler_shuffles_a_hidden_pile_uniformly() -> None:
    """Chi-square (p = 0.001): the last card of a sampled level-1 pile is each card type in
    proportion to its copies there (the Python sampler is matched draw for draw above; this
    checks the draws themselves)."""
    rng = random.Random(3)
    state = new_state(2, rng)
    flow.advance(state, rng)
    encoded = encode_observation(observe(state, 0))
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    kernel_rng = new_rng(1)
    draws = 3000
    last: Counter[int] = Counter()
    for _ in range(draws):
        k.sample(encoded, world, kernel_rng)
        pile = decode_state(world).piles[0]
        last[pile[-1]] += 1
    copies = Counter(pile)
    chi_square = sum((last[card] - draws * n / len(pile)) ** 2 / (draws * n / len(pile))
                     for card, n in copies.items())
    df = len(copies) - 1
    z = 3.090  # the normal's 99.9th percentile; Wilson-Hilferty gives chi-square's
    assert chi_square < df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


@pytest.mark.parametrize(
    "config",
    [SearchConfig(), SearchConfig(selection="puct"),
     SearchConfig(rollout="random", rollout_depth=None)],
    ids=["default", "puct", "random-to-the-end"],
)
@EVALUATORS
def test_the_compiled_search_grows_the_python_search_s_tree(
        config: SearchConfig, evaluator: evaluators.Evaluator, kernel: Any) -> None:
    for seed, state in enumerate(positions(8)[::2]):
        observation = observe(state, flow.current_player(state))
        python_rng: Any = PythonRng(seed)
        python = TreeSearch(GAME, evaluator, partial(sample, observation), config, python_rng)
        python_reason = python.run(200)
        compiled = CompiledTreeSearch(evaluator.compiled,
                                      LOGISTIC.encode_observation(observation), config, seed)
        compiled_reason = compiled.run(200)
        expected = summarize(python.root, python.player, python.iterations, python.nodes,
                             python_reason)
        assert compiled.summary(compiled_reason) == expected
