"""`SearchConfig.opponent_puct_c`: PUCT's constant where an opponent moves, the searcher's own
where it is unset."""

from __future__ import annotations

import math
import random

import pytest

from search import SearchConfig
from search.core import TreeSearch
from search.result import RootSummary, summarize
from search.tree import Node, walk
from tests.search.toy_games import Nim, NimObservation


def grown(config: SearchConfig, iterations: int = 3000) -> TreeSearch:
    """A Python search over Nim (3, 4, 5): perfect information and uniform priors."""
    game = Nim()
    observation = NimObservation((3, 4, 5), 0)
    search = TreeSearch(game, lambda r: game.sample(observation, r), config, random.Random(7))
    search.run(iterations)
    return search


def summary(config: SearchConfig) -> RootSummary:
    search = grown(config)
    return summarize(search.root, search.player, search.iterations, search.nodes, "iterations")


def busy_nodes(search: TreeSearch, *, opponent: bool) -> list[Node]:
    """The nodes of at least 100 visits whose children the opponent (or the searcher) chose."""
    return [
        node for node in walk(search.root)
        if node.visits >= 100 and node.children
        and (next(iter(node.children.values())).player != search.player) == opponent
    ]


def spread(node: Node) -> int:
    """Most minus fewest visits among a node's children."""
    visits = [child.visits for child in node.children.values()]
    return max(visits) - min(visits)


def test_unset_it_is_the_searchers_constant() -> None:
    assert summary(SearchConfig()) == summary(SearchConfig(opponent_puct_c=0.3))
    assert summary(SearchConfig(puct_c=0.5)) == summary(
        SearchConfig(puct_c=0.5, opponent_puct_c=0.5))
    assert summary(SearchConfig()) != summary(SearchConfig(opponent_puct_c=3.0))


def test_a_large_constant_has_the_opponent_follow_its_priors() -> None:
    # Nim's priors are uniform: an opponent following them spreads its visits evenly, while
    # the searcher's own nodes (the usual constant) still concentrate on their best moves.
    search = grown(SearchConfig(opponent_puct_c=1e6))
    opponent_nodes = busy_nodes(search, opponent=True)
    assert len(opponent_nodes) > 3
    assert all(spread(node) <= 1 for node in opponent_nodes)
    assert any(spread(node) > 10 for node in busy_nodes(search, opponent=False))
    strong = grown(SearchConfig())
    assert any(spread(node) > 10 for node in busy_nodes(strong, opponent=True))


@pytest.mark.parametrize("value", [-0.5, math.inf, math.nan])
def test_a_bad_constant_is_refused(value: float) -> None:
    with pytest.raises(ValueError, match="opponent_puct_c must be a finite number >= 0"):
        SearchConfig(opponent_puct_c=value)


def test_it_applies_to_puct_only() -> None:
    with pytest.raises(ValueError, match="opponent_puct_c applies to PUCT"):
        SearchConfig(selection="uct", opponent_puct_c=1.0)
    assert SearchConfig(opponent_puct_c=2.0).opponent_puct_constant == 2.0
    assert SearchConfig(puct_c=0.7).opponent_puct_constant == 0.7
