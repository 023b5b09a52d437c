"""A seed and an iteration budget pin the answer down, bit for bit."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Literal

import pytest

from search import Limits, PIMCBot, SearchConfig, SearchResult, ismcts
from tests.search.toy_games import HighCard


def fingerprint(result: SearchResult) -> tuple[object, ...]:
    return (result.candidates, result.root_values, replace(result.stats, elapsed=0.0))


@pytest.fixture
def position() -> tuple[HighCard, object]:
    game = HighCard(deck=15, hand_size=6)
    return game, game.observe(game.deal(random.Random(8)), 0)


@pytest.mark.parametrize(
    "config",
    [SearchConfig(), SearchConfig(selection="puct", rollout="random", rollout_depth=3)],
    ids=["uct", "puct"],
)
def test_same_seed_same_result(position: tuple[HighCard, object], config: SearchConfig) -> None:
    game, observation = position
    first = ismcts(game, game, observation, Limits(iterations=2000), config, seed=42)
    second = ismcts(game, game, observation, Limits(iterations=2000), config, seed=42)

    assert fingerprint(first) == fingerprint(second)
    assert first.stats.iterations == 2000
    assert first.stats.worlds == 2000
    assert first.stats.seed == 42
    assert first.stats.stopped_by == "iterations"
    assert sum(c.visits for c in first.candidates) == 2000


def test_another_seed_searches_differently(position: tuple[HighCard, object]) -> None:
    game, observation = position
    a = ismcts(game, game, observation, Limits(iterations=2000), seed=1)
    b = ismcts(game, game, observation, Limits(iterations=2000), seed=2)
    assert fingerprint(a) != fingerprint(b)


def test_a_seedless_search_records_the_seed_that_replays_it(
    position: tuple[HighCard, object],
) -> None:
    game, observation = position
    first = ismcts(game, game, observation, Limits(iterations=500))
    again = ismcts(game, game, observation, Limits(iterations=500), seed=first.stats.seed)
    assert fingerprint(first) == fingerprint(again)


def test_root_parallel_search_is_reproducible_for_a_given_worker_count(
    position: tuple[HighCard, object],
) -> None:
    game, observation = position
    two = SearchConfig(workers=2)
    first = ismcts(game, game, observation, Limits(iterations=3000), two, seed=9)
    second = ismcts(game, game, observation, Limits(iterations=3000), two, seed=9)
    single = ismcts(game, game, observation, Limits(iterations=3000), seed=9)

    assert fingerprint(first) == fingerprint(second)
    assert first.stats.workers == 2
    assert first.stats.iterations == 3000  # the budget is shared, not multiplied
    assert sum(c.visits for c in first.candidates) == 3000
    assert fingerprint(first) != fingerprint(single)


def test_pimc_is_reproducible(position: tuple[HighCard, object]) -> None:
    game, observation = position
    scorings: list[Literal["rollout", "search"]] = ["rollout", "search"]
    for scoring in scorings:
        bot = PIMCBot(game, game, worlds=5, scoring=scoring)
        a = bot.analyse(observation, Limits(iterations=600), seed=3)
        b = bot.analyse(observation, Limits(iterations=600), seed=3)
        assert fingerprint(a) == fingerprint(b)
