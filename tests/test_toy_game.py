"""Nim, the toy third game (games/nim): served only when registered, and then by the server,
the CLI and the arena like the real games (the kits in tests/advisor/test_every_game.py and
tests/clients/test_cli_every_game.py run for it because conftest.py registers it)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from clients.arena.executors import Executor
from clients.arena.runner import run_match
from clients.arena.specs import build_bot, parse_spec
from games.nim import GAME, new_game
from games.nim.evaluators import EVALUATOR
from games.registry import PUBLISHED, TOY_GAMES_VARIABLE
from search import Limits, ismcts
from tests.clients.conftest import start

SERVED = "from advisor.adapters import ADAPTERS; print(' '.join(ADAPTERS))"


def test_without_the_variable_a_server_serves_only_the_published_games() -> None:
    env = {key: value for key, value in os.environ.items() if key != TOY_GAMES_VARIABLE}
    served = subprocess.run([sys.executable, "-c", SERVED], env=env, capture_output=True,
                            text=True, check=True, timeout=120).stdout.split()
    assert served == list(PUBLISHED) and "nim" not in served


def test_a_remote_advisor_plays_nim_like_the_local_search_and_the_arena_finishes_games() -> None:
    server = start()
    try:
        address = f"127.0.0.1:{server.port}"
        bot, limits = build_bot(parse_spec(f"remote:{address},iters=20"), GAME)
        state = new_game(2)
        for seed in range(3):
            observation = GAME.observe(state, GAME.current_player(state))
            assert bot.choose(observation, limits, seed) == ismcts(
                GAME, EVALUATOR, observation, Limits(iterations=20), seed=seed).action
        match = run_match("nim", [f"remote:{address},iters=10", "random"], 2, 1, 5,
                          Executor(processes=1), show_progress=False)
    finally:
        server.stop(grace=1.0)
    assert len(match.records) == 2
    for record in match.records:
        assert record.status == "finished"
        replay = new_game(2)
        for move in record.moves:
            GAME.apply(replay, GAME.parse(move), random.Random(0))  # Nim has no chance
        assert GAME.is_terminal(replay) and tuple(GAME.returns(replay)) == record.returns
