"""The final round finished by its own logic (`endgame`, `value=learned-end`): who wins when each
seat still to move makes its best-standing move, numba move for move with Python, and the
compiled search with it grows the Python search's tree."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from games.splendor_marvel import GAME, SplendorState, apply, new_game
from games.splendor_marvel import kernel as k
from games.splendor_marvel.actions import take
from games.splendor_marvel.catalogue import BLUE, CARD, RED, YELLOW
from games.splendor_marvel.compiled import COMPILED
from games.splendor_marvel.endgame import (
    best_standing_move,
    evaluate_end_kernel,
    finish_round,
    finish_round_kernel,
)
from games.splendor_marvel.learned import LEARNED, LEARNED_END, LEARNED_END_GAME
from kernels.rng import PythonRng, new_rng
from search import SearchConfig
from tests.splendor_marvel import test_network
from tests.splendor_marvel.helpers import (
    COLOURS,
    assert_the_arena_names,
    give_tokens,
    put_on_board,
    table,
)
from tests.splendor_marvel.test_rules import gauntlet_ready

COST_COLOURS = ("yellow", "purple", "blue", "red", "orange")


def final_round(catch_up: bool) -> SplendorState:
    """Heads-up: seat 0 has just triggered the end on 16 points; seat 1 meets the gauntlet on
    15 and, if `catch_up`, can afford the dearest card in points that the supply can pay for."""
    state = table()
    gauntlet_ready(state, 0, 16)
    gauntlet_ready(state, 1, 15)

    def shortfall(cost: tuple[int, ...]) -> dict[str, int]:
        return {name: max(0, need - state.bonuses[1][COLOURS[name]])
                for name, need in zip(COST_COLOURS, cost, strict=True)}

    if catch_up:
        payable = [c for c in CARD[1:] if c is not None and all(
            need <= state.supply[COLOURS[name]] for name, need in shortfall(c.cost).items())]
        best = max(payable, key=lambda c: c.points)
        assert best.points >= 2, "15 + its points must beat 16"
        put_on_board(state, best.id)
        give_tokens(state, 1, **shortfall(best.cost))
    apply(state, take(YELLOW, BLUE, RED))
    assert state.end_triggered and state.result is None and state.current == 1
    return state


@pytest.mark.parametrize(("catch_up", "winner"), [(True, 1), (False, 0)])
def test_the_last_seat_to_move_wins_when_a_card_takes_it_past_the_leader(
        catch_up: bool, winner: int) -> None:
    state = final_round(catch_up)
    before = state.clone()
    expected = tuple(1.0 if seat == winner else 0.0 for seat in range(2))
    assert finish_round(state) == expected
    assert state == before, "the position is not changed"
    assert LEARNED_END_GAME.evaluate(state) == expected
    assert GAME.evaluate(state) != expected, "the static value only guesses"
    world = COMPILED.encode_state(state)
    out = np.full(2, -1.0)
    assert finish_round_kernel(world, out) and tuple(out) == expected
    assert np.array_equal(world, COMPILED.encode_state(before))


def triggered(n: int, seed: int, before: int = 0) -> SplendorState | None:
    """A seeded rollout-policy game `before` decisions ahead of the move that triggers its
    end (the triggered position itself at 0); None if it never triggers."""
    rng = random.Random(seed)
    state = new_game(n, seed, start_seat=rng.randrange(n))
    seen = []
    while state.result is None:
        seen.append(state.clone())
        if state.end_triggered:
            return seen[max(0, len(seen) - 1 - before)]
        apply(state, GAME.rollout_action(state, rng))
    return None


def end_positions(count: int, before: int = 0) -> list[SplendorState]:
    found = (triggered(2 + i % 3, 7000 + i, before) for i in range(count))
    return [state for state in found if state is not None and state.result is None]


def test_numba_finishes_every_round_as_python_does_and_otherwise_leaves_it_to_the_value() -> None:
    finished = unfinished = 0
    for state in end_positions(60):
        for plies in range(state.num_players):  # every seat still to move, in turn
            if state.result is not None or not state.end_triggered:
                break
            expected = finish_round(state)
            world = COMPILED.encode_state(state)
            out = np.empty(state.num_players)
            assert finish_round_kernel(world, out) == (expected is not None)
            if expected is None:
                unfinished += 1
                assert LEARNED_END_GAME.evaluate(state) == GAME.evaluate(state)
            else:
                finished += 1
                assert tuple(out) == expected and LEARNED_END_GAME.evaluate(state) == expected
            evaluate_end_kernel(world, out)
            assert np.allclose(out, LEARNED_END_GAME.evaluate(state), rtol=0, atol=1e-9)
            apply(state, GAME.rollout_action(state, random.Random(plies)))
    assert finished > 50


def test_its_playout_makes_the_best_standing_move_in_the_final_round_and_numba_agrees() -> None:
    buffer = np.empty(k.MAX_LEGAL, dtype=np.int32)
    for i, state in enumerate(end_positions(30) + end_positions(30, before=3)):
        python_rng: Any = PythonRng(i)
        kernel_rng = new_rng(i)
        expected = LEARNED_END_GAME.rollout_action(state, python_rng)
        reference: Any = PythonRng(i)
        assert expected == (best_standing_move(state) if state.end_triggered
                            else GAME.rollout_action(state, reference))
        world = COMPILED.encode_state(state)
        assert LEARNED_END.kernel.rollout_action(world, kernel_rng, buffer) == expected
        assert int(kernel_rng[0]) == python_rng.state, "the same number of draws"


def test_away_from_the_final_round_it_is_the_default_s_value() -> None:
    for state in end_positions(12, before=4):
        assert not state.end_triggered and finish_round(state) is None
        assert LEARNED_END_GAME.evaluate(state) == GAME.evaluate(state)
        out = np.empty(state.num_players)
        assert not finish_round_kernel(COMPILED.encode_state(state), out)


def test_the_arena_names_it_and_its_kernel_is_its_own() -> None:
    assert_the_arena_names("learned-end", LEARNED_END_GAME)
    assert LEARNED_END.kernel.evaluate is evaluate_end_kernel
    assert LEARNED_END.kernel.priors is LEARNED.kernel.priors
    assert LEARNED_END.kernel_version != LEARNED.kernel_version
    for n in (2, 3, 4):
        assert LEARNED_END_GAME.search_settings(n) == GAME.search_settings(n)


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(rollout_depth=0)],
                         ids=["playout-8", "value-only"])
def test_the_compiled_search_grows_the_python_search_s_tree_near_the_end(
        config: SearchConfig) -> None:
    test_network.assert_the_same_trees(config, (LEARNED_END_GAME, LEARNED_END),
                                       end_positions(8, before=2))
