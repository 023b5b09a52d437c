"""Small games whose right move is known: the search must find it, for the right reason."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.nim.evaluators import EVALUATOR as NIM_EVALUATOR
from search import Limits, PIMCBot, SearchConfig, ismcts
from tests.search.toy_games import (
    CARDS,
    GAMBLE,
    SAFE,
    SAFE_REWARD,
    GuessObservation,
    GuessState,
    GuessTheCard,
    Kingmaker,
    Nim,
    NimObservation,
)

SELECTIONS = [SearchConfig(selection="uct"), SearchConfig(selection="puct", puct_c=1.0)]
"""Both rules with enough exploration to measure the move they reject: at the default PUCT
constant (0.3) `gamble` gets about 30 visits of 3,000, too few to pin its value near 1/3."""


@pytest.mark.parametrize("config", SELECTIONS, ids=["uct", "puct"])
@pytest.mark.parametrize("card", CARDS)
def test_information_sets_see_that_a_blind_guess_is_right_one_time_in_three(
    config: SearchConfig, card: int
) -> None:
    game = GuessTheCard()
    observation = game.observe(GuessState(card), seat=0)
    assert observation.card is None

    result = ismcts(game, game, observation, Limits(iterations=3000), config, seed=card)

    assert result.action == SAFE
    gamble = next(c for c in result.candidates if c.action == GAMBLE)
    assert gamble.value == pytest.approx(1 / 3, abs=0.15)
    assert result.best.value == pytest.approx(SAFE_REWARD)


@pytest.mark.parametrize("card", CARDS)
def test_a_search_that_sees_the_card_gambles(card: int) -> None:
    # The same search handed the truth: a perfect-information search of the real deal.
    game = GuessTheCard()
    cheat = GuessObservation(gambled=False, card=card)

    result = ismcts(game, game, cheat, Limits(iterations=3000), seed=card)

    assert result.action == GAMBLE
    assert result.best.value > 0.9
    assert result.best.pv == (GAMBLE, f"name{card}")


def test_determinized_search_falls_for_strategy_fusion() -> None:
    # PIMC solves each sampled world as if its card were seen: in every world "gamble, then
    # name the card" wins, so the average over worlds says gamble, though no strategy can
    # name an unseen card more than one time in three.
    game = GuessTheCard()
    observation = game.observe(GuessState(0), seat=0)
    pimc = PIMCBot(game, game, worlds=12, scoring="search")

    result = pimc.analyse(observation, Limits(iterations=3000), seed=5)

    assert result.action == GAMBLE
    assert result.best.value > SAFE_REWARD
    assert result.stats.worlds == 12


def test_flat_rollouts_are_not_fooled_here_because_their_guesses_are_random() -> None:
    # The contrast that locates the error: fusion comes from optimizing later choices per
    # world. Flat Monte Carlo plays its later choices at random, so it values gamble at 1/3.
    game = GuessTheCard()
    observation = game.observe(GuessState(0), seat=0)
    pimc = PIMCBot(game, game, worlds=12, scoring="rollout")

    result = pimc.analyse(observation, Limits(iterations=3000), seed=5)

    assert result.action == SAFE
    gamble = next(c for c in result.candidates if c.action == GAMBLE)
    assert gamble.value == pytest.approx(1 / 3, abs=0.05)


@pytest.mark.parametrize("config", SELECTIONS, ids=["uct", "puct"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_nim_forced_win_is_found(config: SearchConfig, seed: int) -> None:
    # Piles 2, 3, 4 have nim-sum 5: the only winning move takes 3 from the pile of 4,
    # leaving 2, 3, 1 (nim-sum 0); every other move loses against best play.
    config = replace(config, rollout_depth=None)
    result = ismcts(Nim(), NIM_EVALUATOR, NimObservation((2, 3, 4), 0), Limits(iterations=5000),
                    config, seed=seed)

    assert result.action == (2, 3)
    assert result.best.value > 0.85
    assert result.player == 0


@pytest.mark.parametrize("config", SELECTIONS, ids=["uct", "puct"])
def test_every_seat_is_scored_from_its_own_view(config: SearchConfig) -> None:
    # Three seats: after `a` seat 1 picks x (0.6 for it) over y (which would hand seat 0 the
    # win); after `b` seat 2 picks d (0.7 for it). So `b` is worth 0.2 to seat 0, `a` nothing.
    game = Kingmaker()
    result = ismcts(game, game, (), Limits(iterations=2000), config, seed=3)

    assert result.action == "b"
    assert result.best.pv == ("b", "d")
    assert result.best.values == pytest.approx((0.2, 0.1, 0.7), abs=0.05)
    # The line carries each node's statistics: d is (nearly) all of b's visits, at b's value.
    assert result.best.line_visits[0] == result.best.visits >= result.best.line_visits[1]
    assert result.best.line_visits[1] > 0.9 * result.best.visits
    assert result.best.line_values[0] == result.best.values
    assert result.best.line_values[1] == pytest.approx((0.2, 0.1, 0.7), abs=0.05)
    a = next(c for c in result.candidates if c.action == "a")
    assert a.pv == ("a", "x")
    assert len(result.root_values) == 3
    assert sum(result.root_values) == pytest.approx(1.0)
