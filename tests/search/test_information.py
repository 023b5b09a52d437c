"""The search knows only the observation: nothing hidden leaks, nothing illegal is tried."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from search import Limits, PIMCBot, SearchConfig, SearchResult, ismcts
from tests.search.toy_games import HighCard, HighCardState


def same_answer(a: SearchResult, b: SearchResult) -> bool:
    return (
        a.candidates == b.candidates
        and a.root_values == b.root_values
        and replace(a.stats, elapsed=0.0) == replace(b.stats, elapsed=0.0)
    )


def test_two_deals_with_the_same_observation_get_the_same_answer() -> None:
    game = HighCard(deck=9, hand_size=3)
    mine = [2, 5, 8]
    deal_a = HighCardState([list(mine), [1, 3, 9]])
    deal_b = HighCardState([list(mine), [4, 6, 7]])
    observation = game.observe(deal_a, 0)
    assert observation == game.observe(deal_b, 0)

    # What the search is handed is all it can know: the result depends on the observation.
    for config in (
        SearchConfig(), SearchConfig(selection="puct"), SearchConfig(observers="multiple")
    ):
        answer_a = ismcts(game, game, game.observe(deal_a, 0), Limits(iterations=1500), config,
                          seed=4)
        answer_b = ismcts(game, game, game.observe(deal_b, 0), Limits(iterations=1500), config,
                          seed=4)
        assert same_answer(answer_a, answer_b)
    pimc = PIMCBot(game, game, worlds=4)
    assert same_answer(
        pimc.analyse(game.observe(deal_a, 0), Limits(iterations=300), seed=4),
        pimc.analyse(game.observe(deal_b, 0), Limits(iterations=300), seed=4),
    )


class AuditedHighCard(HighCard):
    """High card that checks every applied action against the world it is applied in."""

    def __init__(self) -> None:
        super().__init__(deck=12, hand_size=4)
        self.opponent_hands: set[tuple[int, ...]] = set()
        self.applied = 0

    def legal_actions(self, state: HighCardState) -> Sequence[int]:
        if state.player == 1:
            self.opponent_hands.add(tuple(state.hands[1]))
        return super().legal_actions(state)

    def apply(self, state: HighCardState, action: int, rng: random.Random) -> None:
        assert action in state.hands[state.player], f"{action} not in {state.hands}"
        self.applied += 1
        super().apply(state, action, rng)


@pytest.mark.parametrize(
    "config",
    [
        SearchConfig(selection="uct", rollout="random", rollout_depth=None),
        SearchConfig(selection="puct", rollout="heuristic", rollout_depth=2),
        SearchConfig(selection="uct", rollout="random", rollout_depth=None, observers="multiple"),
        SearchConfig(selection="puct", rollout="heuristic", rollout_depth=2, observers="multiple"),
    ],
    ids=["uct", "puct", "uct-multiple-observer", "puct-multiple-observer"],
)
def test_only_actions_legal_in_the_sampled_world_are_played(config: SearchConfig) -> None:
    game = AuditedHighCard()
    deal = game.deal(random.Random(11))

    result = ismcts(game, game, game.observe(deal, 0), Limits(iterations=3000), config, seed=2)

    # The opponent's options really did change from world to world...
    assert len(game.opponent_hands) > 50
    assert game.applied > 3000
    # ...and the searcher's own answer is one of its cards, its lines nothing but cards.
    assert result.action in deal.hands[0]
    for candidate in result.candidates:
        assert candidate.action in deal.hands[0]
        assert candidate.availability > 0
        assert all(isinstance(card, int) for card in candidate.pv)
