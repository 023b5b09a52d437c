"""Both engines offer the same facade with the same contracts (games/README.md)."""

from __future__ import annotations

import random

import pytest

from games.registry import GAMES

FACADE = ("name", "new_game", "num_players", "current_player", "legal_actions", "apply",
          "clone", "is_terminal", "returns", "observe", "sample", "rollout_action", "evaluate",
          "priors", "parse", "notation", "describe", "render", "render_view")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_facade_keeps_its_contracts(name: str) -> None:
    game = GAMES[name].load().game
    assert all(hasattr(game, method) for method in FACADE)
    state = game.new_game(GAMES[name].player_counts[-1], seed=3)
    with pytest.raises(ValueError, match="not over"):
        game.returns(state)
    rng = random.Random(3)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        assert 0 <= game.current_player(state) < game.num_players(state)
        action = legal[rng.randrange(len(legal))]
        assert game.parse(game.notation(action)) == action
        assert game.describe(action, state) and game.describe(action)
        game.apply(state, action, rng)
    assert game.current_player(state) == -1 and game.legal_actions(state) == []
    assert len(game.returns(state)) == game.num_players(state)
    assert game.render(state)
    seat = game.num_players(state) - 1
    assert f"seat {seat}" in game.render_view(game.observe(state, seat))
