"""Every registered game whose facade offers a compiled kernel (`GAME.compiled`) plays move
for move like its Python engine: the same legal actions in the same order, the same world after
every move (`encode_state`), the same returns. Each game's own differential tests go further.

The Python engine draws its chance from `kernels.rng.PythonRng`, the kernel's stream; a game
whose engine needs more of a generator than `random()` and `randrange(n)` gives its compiled
game a `python_rng(seed)` that replays the kernel's draws."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.registry import GAMES
from kernels.rng import PythonRng, new_rng

COMPILED = [name for name in GAMES if getattr(GAMES[name].load().game, "compiled", None)]
GAMES_PER_TABLE = 4


@pytest.mark.parametrize("name", COMPILED)
def test_the_kernel_plays_like_the_python_engine(name: str) -> None:
    game = GAMES[name].load().game
    compiled = game.compiled
    kernel = compiled.kernel
    buffer = np.empty(compiled.max_legal, dtype=np.int32)
    for players in GAMES[name].player_counts:
        for seed in range(GAMES_PER_TABLE):
            state = game.new_game(players, seed=seed)
            world = compiled.encode_state(state)
            chooser = random.Random(seed)
            python_rng = getattr(compiled, "python_rng", PythonRng)(seed)
            kernel_rng = new_rng(seed)
            plies = 0
            while not game.is_terminal(state):
                legal = game.legal_actions(state)
                count = kernel.legal_actions(world, buffer)
                assert [compiled.action(int(c)) for c in buffer[:count]] == legal, (seed, plies)
                code = int(buffer[chooser.randrange(count)])
                game.apply(state, compiled.action(code), python_rng)
                kernel.apply(world, code, kernel_rng)
                plies += 1
                assert np.array_equal(world, compiled.encode_state(state)), (seed, plies)
            assert kernel.is_terminal(world) and kernel.current_player(world) == -1
            rewards = np.empty(players)
            kernel.returns(world, rewards)
            assert tuple(rewards) == tuple(game.returns(state)) and plies > 10
