"""benchmarks/strength/opponent_model.py: the oracle's beliefs make every sampled world the true
one."""

from __future__ import annotations

import random

import numpy as np

from benchmarks.strength.opponent_model import Pair, oracle, outcomes
from games.splendor_marvel import GAME, observe, sample
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.kernel import game as k
from kernels.rng import new_rng
from search.game import believed
from tests.splendor_marvel.history_games import positions


def test_the_oracles_worlds_hold_the_true_card_in_every_hidden_reserve() -> None:
    world = np.empty(k.STATE_SIZE, dtype=np.int32)
    checked = 0
    for seed in range(6):
        for state in positions(2, seed, blind=0.2):
            obs = observe(state, state.current)
            hidden = [(seat, index) for seat, hand in enumerate(obs.reserved)
                      for index, r in enumerate(hand) if not r.card]
            told = oracle(state, obs)
            if not hidden:
                assert told is obs
                continue
            assert told == obs  # beliefs are not part of what the seat sees
            assert told.beliefs is not None and set(told.beliefs) == set(hidden)
            assert believed(GAME, told, "none") is told  # the search without a model keeps them
            encoded = COMPILED.encode_observation(told)
            for draw in range(5):
                python = sample(told, random.Random(draw))
                k.sample(encoded, world, new_rng(draw))
                compiled = COMPILED.decode_state(world)
                for seat, index in hidden:
                    true_card = state.reserved[seat][index]
                    assert python.reserved[seat][index] == true_card
                    assert compiled.reserved[seat][index] == true_card
                assert observe(python, obs.seat) == obs
            checked += 1
    assert checked > 20


def test_the_pairs_split_into_won_lost_and_one_sided() -> None:
    pairs = [Pair(0, 0, 0, a, b) for a, b in
             [(1, 1), (0, 0), (1, 0), (0.5, 0), (0, 1), (0.5, 0.5)]]
    assert outcomes(pairs) == {"won both": 1, "lost both": 1, "better with": 2,
                               "better without": 1, "alike": 1}
