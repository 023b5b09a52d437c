"""A remote advisor plays in the arena, choosing what the same search chooses locally (at full
strength and at a weaker level)."""

import random

from clients.arena.executors import Executor
from clients.arena.runner import run_match
from clients.arena.specs import build_bot, parse_spec
from games.splendor_marvel import GAME, apply, new_game, observe
from games.splendor_marvel.evaluators import EVALUATOR
from search import ISMCTSBot, Limits, ismcts
from tests.clients.conftest import start


def test_a_remote_advisor_plays_like_the_local_search_and_finishes_games():
    server = start()
    try:
        address = f"127.0.0.1:{server.port}"
        bot, limits = build_bot(parse_spec(f"remote:{address},iters=20"), GAME)
        weak, weak_limits = build_bot(parse_spec(f"remote:{address},iters=200,strength=2"), GAME)
        state, rng = new_game(3, 8), random.Random(8)
        for seed in range(6):
            observation = observe(state, state.current)
            local = ismcts(GAME, EVALUATOR, observation, Limits(iterations=20), seed=seed).action
            assert bot.choose(observation, limits, seed) == local
            local_weak = ISMCTSBot(GAME, EVALUATOR, strength=2).choose(
                observation, weak_limits, seed)
            assert weak.choose(observation, weak_limits, seed) == local_weak
            apply(state, EVALUATOR.rollout_action(state, rng))
        match = run_match(
            "splendor_marvel", [f"remote:{address},iters=10", "greedy"], 2, 1, 5,
            Executor(processes=1), show_progress=False,
        )
    finally:
        server.stop(grace=1.0)
    assert len(match.records) == 2
    assert all(r.status == "finished" for r in match.records)
