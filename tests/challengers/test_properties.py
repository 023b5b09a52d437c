"""Properties under random legal play: cards are conserved and every tournament ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.challengers import Challengers, new_game, observe, sample
from games.challengers.evaluators import LOGISTIC
from games.challengers.invariants import violations

GAME = Challengers()


@settings(max_examples=24, deadline=None)
@given(players=st.integers(1, 8), seed=st.integers(0, 2**32 - 1))
def test_random_tournament_conserves_cards_and_ends(players: int, seed: int) -> None:
    s = new_game(players, seed)
    rng = random.Random(seed)
    assert not violations(s)
    for _ in range(5000):
        if GAME.is_terminal(s):
            break
        actions = GAME.legal_actions(s)
        assert actions and 0 <= GAME.current_player(s) < players
        GAME.apply(s, actions[rng.randrange(len(actions))], rng)
        assert not violations(s)
    assert GAME.is_terminal(s)
    result = GAME.returns(s)
    assert len(result) == players and all(0.0 <= v <= 1.0 for v in result)
    assert sum(result) == 1.0 or players == 1


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 8), seed=st.integers(0, 2**32 - 1))
def test_clone_is_independent(players: int, seed: int) -> None:
    s = new_game(players, seed)
    rng = random.Random(seed)
    copy = s.clone()
    before = repr(copy), Counter(copy.all_cards()), copy.decks[0][:]
    for _ in range(30):
        if GAME.is_terminal(s):
            break
        GAME.apply(s, LOGISTIC.rollout_action(s, rng), rng)
    assert (repr(copy), Counter(copy.all_cards()), copy.decks[0]) == before


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 8), seed=st.integers(0, 2**32 - 1))
def test_heuristics_are_well_formed(players: int, seed: int) -> None:
    s = new_game(players, seed)
    rng = random.Random(seed)
    while not GAME.is_terminal(s):
        actions = GAME.legal_actions(s)
        pri = LOGISTIC.priors(s, actions)
        assert len(pri) == len(actions) and abs(sum(pri) - 1.0) < 1e-9
        value = LOGISTIC.evaluate(s)
        assert len(value) == players and all(0.0 <= v <= 1.0 for v in value)
        assert LOGISTIC.rollout_action(s, rng) in actions
        GAME.apply(s, LOGISTIC.rollout_action(s, rng), rng)


@settings(max_examples=20, deadline=None)
@given(players=st.integers(1, 8), seed=st.integers(0, 2**32 - 1),
       random_share=st.sampled_from([0.3, 1.0]))
def test_every_seat_can_sample_a_world_at_every_step(
    players: int, seed: int, random_share: float
) -> None:
    """Outer Space in play (payments), greedy play mixed with random moves (trims, reshuffles)."""
    s = new_game(players, seed, sets=("castle", "film_studio", "funfair", "haunted_house",
                                      "outer_space"))
    rng = random.Random(seed)
    while not GAME.is_terminal(s):
        for seat in range(players):
            o = observe(s, seat)
            assert observe(sample(o, rng), seat) == o
        actions = GAME.legal_actions(s)
        pick = actions[rng.randrange(len(actions))] if rng.random() < random_share else None
        GAME.apply(s, pick or LOGISTIC.rollout_action(s, rng), rng)
