"""Property tests over random legal play: conservation, limits, legality, termination."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import Phase, apply, legal_actions, new_game, why_illegal
from games.splendor_marvel.catalogue import MAX_TOKENS
from games.splendor_marvel.evaluators import EVALUATOR
from tests.splendor_marvel.helpers import check_invariants

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(num_players=players, seed=seeds, greedy=st.booleans())
def test_random_games_conserve_everything_and_end(
    num_players: int, seed: int, greedy: bool
) -> None:
    rng = random.Random(seed)
    state = new_game(num_players, seed, start_seat=rng.randrange(num_players), turn_cap=60)
    check_invariants(state)
    plies = 0
    while state.result is None:
        actions = legal_actions(state)
        assert actions, "a live game always offers an action"
        assert len(set(actions)) == len(actions)
        action = EVALUATOR.rollout_action(state, rng) if greedy else rng.choice(actions)
        assert action in actions
        assert why_illegal(state, action) is None
        seat = state.current
        apply(state, action)
        plies += 1
        check_invariants(state)
        if state.phase is Phase.MAIN and state.current != seat:
            assert sum(state.tokens[seat]) <= MAX_TOKENS, "the limit holds at every turn's end"
        assert plies < 10_000
    assert state.round <= 60
    assert abs(sum(state.result) - 1.0) < 1e-9
    assert legal_actions(state) == []


@settings(max_examples=30, deadline=None)
@given(num_players=players, seed=seeds, plies=st.integers(0, 150))
def test_clone_is_independent(num_players: int, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = new_game(num_players, seed)
    for _ in range(plies):
        if state.result is not None:
            break
        apply(state, rng.choice(legal_actions(state)))
    copy = state.clone()
    assert copy == state
    if state.result is None:
        apply(copy, rng.choice(legal_actions(copy)))
        assert copy != state
