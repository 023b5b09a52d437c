"""Tree reuse: the line actually played keeps its statistics for the next search."""

from __future__ import annotations

import random

from search import Limits, ismcts, subtree
from search.tree import count_nodes
from tests.search.toy_games import HighCard


def test_the_subtree_after_my_move_and_the_reply_seeds_the_next_search() -> None:
    game = HighCard(deck=12, hand_size=4)
    rng = random.Random(3)
    deal = game.deal(rng)
    first = ismcts(game, game, game.observe(deal, 0), Limits(iterations=4000), seed=1)
    assert first.tree is not None

    mine = first.action
    assert isinstance(mine, int)
    game.apply(deal, mine, rng)
    reply = deal.hands[1][0]
    game.apply(deal, reply, rng)
    kept = subtree(first.tree, [mine, reply])
    assert kept is not None
    kept_visits = kept.visits
    kept_nodes = count_nodes(kept)
    assert kept_visits > 0
    assert kept is first.tree.children[mine].children[reply]

    # Whoever leads the second trick, the search continues from the kept statistics.
    observation = game.observe(deal, deal.player)
    second = ismcts(game, game, observation, Limits(iterations=1000), seed=2, tree=kept)
    assert second.tree is kept
    assert kept.visits == kept_visits + 1000
    assert sum(c.visits for c in second.candidates) >= 1000
    assert second.stats.iterations == 1000
    assert second.stats.nodes >= kept_nodes
    assert second.action in deal.hands[deal.player]


def test_a_line_the_tree_never_saw_gives_nothing() -> None:
    game = HighCard(deck=12, hand_size=4)
    deal = game.deal(random.Random(3))
    result = ismcts(game, game, game.observe(deal, 0), Limits(iterations=50), seed=1)
    assert result.tree is not None
    assert subtree(result.tree, [99]) is None
    assert subtree(result.tree, []) is result.tree
