"""The Challengers! opponent model: another drafter's hidden picks dealt as the priors would
pick them. Sampled worlds stay consistent, the draws follow the model's chances, the model
finds the true card more often than blind draws against a drafter that plays by the priors,
and a modelled search is reproducible."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.strength.challengers_opponent_model import hidden_picks, information, revealed
from games.challengers import GAME, new_game, observe, sample
from games.challengers.evaluators import EVALUATOR
from games.challengers.knowledge.heuristics import pick_scores
from games.challengers.observation import believe
from games.challengers.opponent_model import NOISE, choose_pick, pick_chances
from games.challengers.state import State
from search import Limits, SearchConfig, ismcts
from search.config import OpponentModel


def greedy_positions(players: int, seed: int) -> Iterator[State]:
    """Every position of a game whose seats all take their highest-prior move."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    while not GAME.is_terminal(state):
        yield state
        actions = GAME.legal_actions(state)
        chances = EVALUATOR.priors(state, actions)
        best = max(range(len(actions)), key=chances.__getitem__)
        GAME.apply(state, actions[best], rng)


def test_nothing_to_model_before_another_drafter_picks() -> None:
    state = new_game(2, seed=3)
    obs = observe(state, GAME.current_player(state))
    assert believe(obs) is obs


def test_another_drafters_picks_are_modelled_once_made() -> None:
    for state in greedy_positions(2, seed=3):
        obs = observe(state, GAME.current_player(state))
        if GAME.current_player(state) == 1 and hidden_picks(state, obs, 0):
            modelled = GAME.believe(obs)
            assert modelled.modelled and modelled == obs  # what the table shows is unchanged
            return
    raise AssertionError("seat 1 never drafted after a hidden pick of seat 0")


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_modelled_worlds_observe_back_to_the_observation(players: int, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in greedy_positions(players, seed):
        seat = GAME.current_player(state)
        obs = believe(observe(state, seat))
        if obs.modelled and rng.random() < 0.3:
            for _ in range(3):
                assert observe(sample(obs, rng), seat) == obs
            checked += 1
    assert checked or players == 1


def test_chances_favour_the_stronger_card_and_rule_none_out() -> None:
    offer = _an_offer()
    chances = pick_chances(offer)
    assert sum(chances) == pytest.approx(1.0)
    assert min(chances) >= NOISE / len(offer)
    order = sorted(range(len(offer)), key=lambda i: pick_scores(offer)[i])
    assert [chances[i] for i in order] == sorted(chances)
    assert pick_scores(offer)[order[-1]] > pick_scores(offer)[order[0]]


def _an_offer() -> list[int]:
    """A real offer: the first one dealt in a seeded game (cards of differing worth)."""
    for seed in range(100):
        offer = list(new_game(2, seed).offer)
        if len(set(pick_scores(offer))) > 1:
            return offer
    raise AssertionError("no offer with cards of differing worth")


def test_picks_are_drawn_by_the_chances() -> None:
    offer = _an_offer()
    rng = random.Random(5)
    draws = 20_000
    counts = Counter(choose_pick(offer, rng) for _ in range(draws))
    chi_square = sum((counts[i] - draws * p) ** 2 / (draws * p)
                     for i, p in enumerate(pick_chances(offer)))
    assert chi_square < 20.5  # p = 0.001 at 4 degrees of freedom


def test_the_model_finds_a_greedy_drafters_picks_more_often_than_blind_draws() -> None:
    found = information(games=6, drafter="greedy", worlds=5, seed=1)
    assert found["positions"] > 50
    assert found["model"] > 1.15 * found["blind"]


def test_a_modelled_search_is_reproducible_and_searches_other_worlds() -> None:
    state = next(s for s in greedy_positions(2, seed=3)
                 if GAME.current_player(s) == 1 and believe(observe(s, 1)).modelled)
    obs = observe(state, 1)

    def visits(model: OpponentModel) -> list[tuple[str, int]]:
        result = ismcts(GAME, EVALUATOR, obs, Limits(iterations=300),
                        SearchConfig(opponent_model=model), seed=4)
        return [(str(c.action), c.visits) for c in result.candidates]

    assert visits("priors") == visits("priors")
    assert visits("priors") != visits("none")


def test_the_oracle_deals_the_true_hidden_picks_and_stays_consistent() -> None:
    checked = 0
    for state in greedy_positions(2, seed=5):
        if GAME.current_player(state) == 1 and hidden_picks(state, observe(state, 1), 0):
            obs = revealed(state, 1)
            assert obs.decks[0] == tuple(sorted(state.decks[0]))
            for k in range(3):
                world = sample(obs, random.Random(k))
                assert sorted(world.decks[0]) == sorted(state.decks[0])
                assert world.fans[0] == state.fans[0]
                assert observe(world, 1) == obs
            checked += 1
    assert checked > 10
