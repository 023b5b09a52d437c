"""Challengers!'s default engine searches with the learned card worth; `value=logistic` is the
default before it, answer for answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from advisor.warmup import kernel_games
from clients.arena.specs import build_bot, parse_spec
from games.challengers import GAME, flow
from games.challengers.evaluators import EVALUATOR
from games.challengers.game import new_game
from games.challengers.kernel import learned as kl
from games.challengers.observation import Observation, observe
from search import ISMCTSBot, Limits

MAIN_5F6B4B9 = [
    [("redraw", 97), ("pick:pony", 83), ("pick:treasure", 55), ("pick:vendor", 32),
     ("pick:skeleton", 21), ("pick:clown", 12)],
    [("done", 175), ("trim:newcomer", 90), ("trim:shapeshifter", 17), ("trim:talent@s", 12),
     ("trim:champion@s", 6)],
    [("done", 255), ("trim:reporter", 19), ("trim:merman", 7), ("trim:dog@s", 7),
     ("trim:newcomer", 6), ("trim:champion@s", 6)],
]
"""Each position's candidates and visits by the Python search of main 5f6b4b9's default (the
hand-written worth), 300 iterations, seed = the position's number."""


def observations() -> list[Observation]:
    """Seeded heads-up positions: the first decision, then 6 and 12 random decisions on."""
    found = []
    for seed in range(3):
        state = new_game(2, seed)
        rng = random.Random(seed)
        for _ in range(6 * seed):
            legal = flow.legal_actions(state)
            flow.apply(state, legal[rng.randrange(len(legal))], rng)
        found.append(observe(state, flow.current_player(state)))
    return found


def search(spec: str) -> ISMCTSBot:
    """The search bot `spec` names, on the default engine."""
    bot, _ = build_bot(parse_spec(spec), GAME)
    assert isinstance(bot, ISMCTSBot)
    return bot


def answers(spec: str) -> list[Any]:
    """Each position's candidates (visits, values, priors, lines), root values and iterations
    by the search `spec` names, 300 iterations, seed = the position's number."""
    bot = search(spec)
    results = [bot.analyse(obs, Limits(iterations=300), seed)
               for seed, obs in enumerate(observations())]
    return [(r.candidates, r.root_values, r.stats.iterations) for r in results]


def test_the_service_warms_the_learned_kernel() -> None:
    assert kernel_games()["challengers"] is EVALUATOR.compiled
    assert EVALUATOR.compiled.kernel.priors.py_func.__code__ is kl.priors.__code__


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_the_default_answers_as_value_learned_and_not_as_value_logistic(engine: str) -> None:
    default = answers(f"ismcts:iters=300,engine={engine}")
    assert default == answers(f"ismcts:iters=300,engine={engine},value=learned")
    assert default != answers(f"ismcts:iters=300,engine={engine},value=logistic")


def test_value_logistic_answers_as_main_s_default_did_before_the_switch() -> None:
    """(The compiled search grows the Python tree, `test_kernel`, so this holds for both.)"""
    bot = search("ismcts:iters=300,engine=python,value=logistic")
    found = [[(str(c.action), c.visits) for c in bot.analyse(obs, Limits(iterations=300),
                                                              seed).candidates]
             for seed, obs in enumerate(observations())]
    assert found == MAIN_5F6B4B9
