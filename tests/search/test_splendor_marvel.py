"""ISMCTS on the real engine (skipped until `games.splendor_marvel` is importable).

Positions with known answers (an immediate winning recruit, ...) belong here too.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from search import Limits, SearchConfig, ismcts

splendor = pytest.importorskip("games.splendor_marvel")


def test_search_answers_with_a_legal_move_reproducibly() -> None:
    game = splendor.GAME
    state = splendor.new_game(2, seed=7)
    seat = game.current_player(state)
    observation = game.observe(state, seat)

    first = ismcts(game, observation, Limits(iterations=300), seed=3)
    again = ismcts(game, observation, Limits(iterations=300), seed=3)

    assert first.action in game.legal_actions(state)
    assert first.candidates == again.candidates
    assert replace(first.stats, elapsed=0) == replace(again.stats, elapsed=0)
    assert len(first.root_values) == 2
    assert first.player == seat


def test_root_parallel_workers_can_carry_the_engine() -> None:
    game = splendor.GAME
    state = splendor.new_game(3, seed=11)
    observation = game.observe(state, game.current_player(state))
    result = ismcts(game, observation, Limits(iterations=200), SearchConfig(workers=2), seed=1)
    assert result.stats.workers == 2
    assert result.action in game.legal_actions(state)
    assert len(result.root_values) == 3
