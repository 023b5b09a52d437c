"""A root restricted to one move (`SearchConfig.root_move`): every iteration goes through it,
its value converges to the move's own value, and the compiled search grows the same tree."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.nim.evaluators import EVALUATOR as NIM_EVALUATOR
from search import Limits, SearchConfig, ismcts
from search.compiled import compiled_ismcts
from tests.search.test_compiled import POSITIONS, compiled_summary, python_summary
from tests.search.toy_games import GAMBLE, SAFE, GuessState, GuessTheCard, Nim, NimObservation
from tests.search.toy_kernels import CompiledGuess, ReplayableGuess

PILES = NimObservation((2, 3, 4), 0)
WINNING = (2, 3)  # leaves piles 2, 3, 1: nim-sum 0, so the mover wins with perfect play
LOSING = (0, 1)  # leaves 1, 3, 4: the opponent has a winning reply


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_the_restricted_root_has_one_child_with_every_iteration(selection: str) -> None:
    config = SearchConfig(selection=selection, engine="python", root_move=LOSING)  # type: ignore[arg-type]
    result = ismcts(Nim(), NIM_EVALUATOR, PILES, Limits(iterations=500), config, seed=3)
    assert [c.action for c in result.candidates] == [LOSING]
    assert result.best.visits == result.stats.iterations == 500
    assert result.best.pv[0] == LOSING and len(result.best.pv) > 2  # it searched below


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_restricted_values_converge_to_the_moves_own_values(selection: str) -> None:
    """The losing move's own value falls toward 0 and the winning move's rises toward 1 as the
    budget grows; the unrestricted search, which gives the losing move few visits, values it
    far higher than its own search does."""
    game = Nim()

    def own(move: tuple[int, int], iterations: int) -> float:
        config = SearchConfig(selection=selection, engine="python", root_move=move,  # type: ignore[arg-type]
                              rollout_depth=None)
        return ismcts(game, NIM_EVALUATOR, PILES, Limits(iterations=iterations), config,
                      seed=5).best.value

    small, large = own(LOSING, 300), own(LOSING, 6000)
    assert large < small and large < 0.2
    assert own(WINNING, 6000) > 0.8
    full = ismcts(game, NIM_EVALUATOR, PILES, Limits(iterations=6000),
                  SearchConfig(selection=selection, engine="python", rollout_depth=None),  # type: ignore[arg-type]
                  seed=5)
    in_full = next(c for c in full.candidates if c.action == LOSING)
    assert in_full.visits < 1000 and in_full.value > large + 0.1


def test_under_hidden_cards_the_gamble_is_judged_at_a_third() -> None:
    observation = GuessTheCard().observe(GuessState(2), 0)
    for move, value in ((GAMBLE, 1 / 3), (SAFE, 0.6)):
        config = SearchConfig(engine="python", root_move=move)
        game = GuessTheCard()
        result = ismcts(game, game, observation, Limits(iterations=3000), config, seed=1)
        assert result.best.value == pytest.approx(value, abs=0.05)


def test_a_move_not_legal_in_the_position_is_refused_by_both_searches() -> None:
    with pytest.raises(ValueError, match="not legal"):
        ismcts(Nim(), NIM_EVALUATOR, PILES, Limits(iterations=5),
               SearchConfig(engine="python", root_move=(7, 1)), seed=1)
    with pytest.raises(ValueError, match="not legal"):
        compiled_ismcts(CompiledGuess(), ReplayableGuess().observe(GuessState(1), 0),
                        Limits(iterations=5), SearchConfig(root_move="name1"), seed=1)


def test_the_multiple_observer_search_refuses_a_restricted_root() -> None:
    with pytest.raises(ValueError, match="root_move"):
        SearchConfig(observers="multiple", root_move=SAFE)


def _second_legal(game: Any, observation: Any) -> Any:
    world = game.sample(observation, random.Random(0))
    return game.legal_actions(world)[1]


@pytest.mark.parametrize("selection", ["uct", "puct"])
@pytest.mark.parametrize(("name", "game", "evaluator", "twin", "observation"), POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_the_compiled_restricted_tree_is_the_python_tree_node_for_node(
    name: str, game: Any, evaluator: Any, twin: Any, observation: Any, selection: str
) -> None:
    config = SearchConfig(selection=selection, root_move=_second_legal(game, observation))  # type: ignore[arg-type]
    for seed in (1, 2):
        expected = python_summary(game, evaluator, observation, config, seed, 600)
        assert compiled_summary(twin, observation, config, seed, 600) == expected
        assert len(expected.actions) == 1 and expected.actions[0].action == config.root_move
