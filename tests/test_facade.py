"""Every game offers the same facade of its rules, and evaluators with the same contracts
(games/README.md)."""

from __future__ import annotations

import random

import pytest

from games.registry import GAMES

FACADE = ("name", "new_game", "num_players", "current_player", "legal_actions", "apply",
          "clone", "is_terminal", "returns", "observe", "sample", "parse", "notation",
          "describe", "render", "render_view")
EVALUATOR = ("evaluate", "priors", "rollout_action")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_facade_keeps_its_contracts(name: str) -> None:
    game = GAMES[name].load().game
    assert all(hasattr(game, method) for method in FACADE)
    assert not any(hasattr(game, method) for method in EVALUATOR), "the rules judge nothing"
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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_evaluator_keeps_its_contracts(name: str) -> None:
    entry = GAMES[name]
    game = entry.load().game
    for value, evaluator in entry.evaluators().items():
        state = game.new_game(entry.player_counts[-1], seed=5)
        rng = random.Random(5)
        for _ply in range(30):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state)
            values = evaluator.evaluate(state)
            assert len(values) == game.num_players(state), value
            assert all(0 <= v <= 1 for v in values), value
            priors = evaluator.priors(state, legal)
            assert len(priors) == len(legal) and abs(sum(priors) - 1) < 1e-9, value
            action = evaluator.rollout_action(state, rng)
            assert action in legal, value
            game.apply(state, action, rng)
