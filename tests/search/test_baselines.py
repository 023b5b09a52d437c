"""Baselines share the `Bot` interface and play legal moves."""

from __future__ import annotations

import random

import pytest

from search import Bot, GreedyBot, ISMCTSBot, Limits, PIMCBot, RandomBot
from tests.search.toy_games import GuessState, GuessTheCard, HighCard, HighCardState


def bots(game: HighCard) -> list[Bot]:
    return [
        RandomBot(game),
        GreedyBot(game, game),
        PIMCBot(game, game, worlds=4),
        PIMCBot(game, game, worlds=4, scoring="search"),
        ISMCTSBot(game, game),
    ]


def play(game: HighCard, players: list[Bot], seed: int) -> tuple[float, ...]:
    """One game of high card between two bots; returns the result per seat."""
    rng = random.Random(seed)
    state = game.deal(rng)
    while not game.is_terminal(state):
        seat = game.current_player(state)
        action = players[seat].choose(game.observe(state, seat), Limits(iterations=200), seed)
        assert isinstance(action, int)
        assert action in game.legal_actions(state)
        game.apply(state, action, rng)
    return tuple(game.returns(state))


@pytest.mark.parametrize("index", range(5))
def test_every_bot_plays_legal_moves_to_the_end(index: int) -> None:
    game = HighCard(deck=9, hand_size=3)
    bot = bots(game)[index]
    outcome = play(game, [bot, RandomBot(game)], seed=index)
    assert sum(outcome) == pytest.approx(1.0)


def test_greedy_follows_the_priors() -> None:
    game = HighCard(deck=9, hand_size=3)
    state = HighCardState([[2, 5, 8], [1, 3, 9]])
    assert GreedyBot(game, game).choose(game.observe(state, 0), Limits(iterations=1), 0) == 8


def test_random_bot_spreads_its_choices() -> None:
    game = GuessTheCard()
    observation = game.observe(GuessState(1), 0)
    bot = RandomBot(game)
    assert {bot.choose(observation, Limits(iterations=1), s) for s in range(20)} == {
        "safe",
        "gamble",
    }


def test_ismcts_beats_random_at_high_card() -> None:
    game = HighCard(deck=9, hand_size=3)
    score = 0.0
    for seed in range(12):
        smart, dumb = ISMCTSBot(game, game), RandomBot(game)
        score += play(game, [smart, dumb], seed)[0] + play(game, [dumb, smart], seed)[1]
    assert score / 24 > 0.55
