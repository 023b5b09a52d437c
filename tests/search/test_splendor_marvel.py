"""ISMCTS on the real Splendor: Marvel engine: known answers, legality, no hidden leaks.

Every test runs on both engines: the pure-Python search and the compiled kernel.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games.splendor_marvel as splendor
from games.splendor_marvel.actions import recruit
from games.splendor_marvel.evaluators import EVALUATOR
from search import Limits, SearchConfig, ismcts
from tests.splendor_marvel.helpers import card, give_tokens, put_on_board, set_bonuses
from tests.splendor_marvel.test_observation import played, swap_hidden_cards


@pytest.fixture(params=["python", "compiled"])
def engine(request: pytest.FixtureRequest) -> SearchConfig:
    """The default search on one engine."""
    return SearchConfig(engine=request.param)


def test_search_answers_with_a_legal_move_reproducibly(engine: SearchConfig) -> None:
    game = splendor.GAME
    state = splendor.new_game(2, seed=7)
    seat = game.current_player(state)
    observation = game.observe(state, seat)

    first = ismcts(game, EVALUATOR, observation, Limits(iterations=300), engine, seed=3)
    again = ismcts(game, EVALUATOR, observation, Limits(iterations=300), engine, seed=3)

    assert first.action in game.legal_actions(state)
    assert first.candidates == again.candidates
    assert replace(first.stats, elapsed=0) == replace(again.stats, elapsed=0)
    assert len(first.root_values) == 2
    assert first.player == seat


def test_root_parallel_workers_can_carry_the_engine(engine: SearchConfig) -> None:
    game = splendor.GAME
    state = splendor.new_game(3, seed=11)
    observation = game.observe(state, game.current_player(state))
    result = ismcts(game, EVALUATOR, observation, Limits(iterations=200),
                    replace(engine, workers=2), seed=1)
    assert result.stats.workers == 2
    assert result.action in game.legal_actions(state)
    assert len(result.root_values) == 3


def test_takes_an_immediate_winning_recruit(engine: SearchConfig) -> None:
    state = splendor.new_game(2, seed=5)
    # Seat 0 has triggered the end with 16 points and seven cards; seat 1 plays the round's
    # last turn with 13 points: only recruiting Red Skull (3 points, six cards) wins.
    set_bonuses(state, 0, yellow=2, purple=2, blue=1, red=1, orange=1)
    give_tokens(state, 0, green=1)
    state.card_points[0] = 16
    state.end_triggered, state.current = True, 1
    set_bonuses(state, 1, yellow=1, purple=1, blue=1, red=1, orange=1)
    give_tokens(state, 1, green=1)
    state.card_points[1] = 13
    red_skull = card("Red Skull")  # costs 6 orange
    put_on_board(state, red_skull)
    give_tokens(state, 1, orange=3, grey=2)  # 3 orange + 1 bonus + 2 grey = 6
    observation = splendor.observe(state, 1)
    result = ismcts(splendor.GAME, EVALUATOR, observation, Limits(iterations=400), engine, seed=0)
    assert result.action == recruit(red_skull)
    assert result.best.value == 1.0
    assert all(c.value == 0.0 for c in result.candidates[1:])


def test_root_candidates_are_legal_in_the_true_world(engine: SearchConfig) -> None:
    for seed in range(4):
        state = played(3, seed, 30 + seed)
        observation = splendor.observe(state, state.current)
        result = ismcts(splendor.GAME, EVALUATOR, observation, Limits(iterations=150), engine,
                        seed=seed)
        legal = splendor.legal_actions(state)
        assert all(c.action in legal for c in result.candidates)


def test_hidden_cards_do_not_change_the_answer(engine: SearchConfig) -> None:
    state = played(2, 17, 40)
    seat = state.current
    other = swap_hidden_cards(state, seat, random.Random(1))
    assert other.decks != state.decks
    answers = [
        ismcts(splendor.GAME, EVALUATOR, splendor.observe(s, seat), Limits(iterations=200),
               engine, seed=9)
        for s in (state, other)
    ]
    assert answers[0].candidates == answers[1].candidates


def test_prior_expansion_tries_the_likeliest_move_first(engine: SearchConfig) -> None:
    state = played(2, 3, 10)
    observation = splendor.observe(state, state.current)
    legal = splendor.legal_actions(state)
    weights = EVALUATOR.priors(state, legal)
    likeliest = legal[max(range(len(legal)), key=lambda i: weights[i])]
    uct = replace(engine, selection="uct")  # the expansion order is UCT's (PUCT uses priors)
    for seed in range(4):
        result = ismcts(splendor.GAME, EVALUATOR, observation, Limits(iterations=1), uct, seed=seed)
        assert [c.action for c in result.candidates] == [likeliest]
