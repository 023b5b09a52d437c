"""Progressive widening holds an opponent's nodes to their tried moves until visits earn more."""

from __future__ import annotations

import math
import random

import pytest

from search import SearchConfig
from search.core import TreeSearch
from search.tree import Node, walk
from tests.search.toy_games import Nim, NimObservation

WIDENING = 0.5


def grown_tree(config: SearchConfig, iterations: int = 3000) -> tuple[Node, int]:
    """The tree a Python search grows over Nim (3, 4, 5) (a perfect-information game, so every
    node offers the same legal moves on every visit) and the searcher's seat."""
    game = Nim()
    observation = NimObservation((3, 4, 5), 0)
    search = TreeSearch(game, lambda r: game.sample(observation, r), config, random.Random(7))
    search.run(iterations)
    return search.root, search.player


def tried(node: Node) -> int:
    return sum(1 for child in node.children.values() if child.visits)


def bound(node: Node) -> int:
    """The most moves progressive widening lets `node` try by its final visit count."""
    return max(1, math.ceil(WIDENING * math.sqrt(node.visits)))


def nodes_where(root: Node, searcher: int, *, opponent: bool) -> list[Node]:
    """The nodes with children where the opponent (or the searcher) moves."""
    return [
        node for node in walk(root)
        if node.children
        and (next(iter(node.children.values())).player != searcher) == opponent
    ]


def test_an_opponent_node_tries_no_more_moves_than_its_visits_allow() -> None:
    root, searcher = grown_tree(SearchConfig(widening=WIDENING))
    opponent_nodes = nodes_where(root, searcher, opponent=True)
    assert len(opponent_nodes) > 10
    assert all(tried(node) <= bound(node) for node in opponent_nodes)


def test_without_widening_opponent_nodes_try_more_moves() -> None:
    root, searcher = grown_tree(SearchConfig())
    assert any(tried(node) > bound(node) for node in nodes_where(root, searcher, opponent=True))


def test_the_searchers_own_nodes_are_not_narrowed() -> None:
    root, searcher = grown_tree(SearchConfig(widening=WIDENING))
    assert tried(root) == len(root.children) == 12
    own = nodes_where(root, searcher, opponent=False)
    assert any(tried(node) > bound(node) for node in own)


def test_the_widened_tree_is_reproducible_and_differs_from_the_full_width_one() -> None:
    def visits(config: SearchConfig) -> list[int]:
        root, _ = grown_tree(config)
        return [node.visits for node in walk(root)]

    widened = visits(SearchConfig(widening=WIDENING))
    assert widened == visits(SearchConfig(widening=WIDENING))
    assert widened != visits(SearchConfig())


@pytest.mark.parametrize("widening", [-0.5, math.inf, math.nan])
def test_a_bad_widening_is_refused(widening: float) -> None:
    with pytest.raises(ValueError, match="widening"):
        SearchConfig(widening=widening)
