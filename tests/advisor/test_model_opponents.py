"""`Limits.model_opponents` through the real server: the search draws hidden cards by the
opponent model exactly as the library does (Splendor: Marvel's blind reserves, Challengers!
hidden picks), and nothing changes where there is nothing to model."""

from __future__ import annotations

import dataclasses
import random

from contract.codecs import challengers as challengers_codec
from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games import challengers
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.splendor_marvel import GAME, SplendorState, observe
from games.splendor_marvel.evaluators import EVALUATOR
from games.splendor_marvel.opponent_model import believe
from search import Limits, SearchConfig, ismcts
from search.evaluator import AnyEvaluator
from search.game import AnyGame
from tests.splendor_marvel.history_games import positions

ITERATIONS = 1500
SEED = 11


def position_with_evidence() -> SplendorState:
    """A position whose seat to move has beliefs about another seat's blind reserve."""
    for seed in range(50):
        for state in positions(2, seed, blind=0.1):
            if believe(observe(state, state.current)).beliefs:
                return state.clone()
    raise AssertionError("no position with evidence")


def visits(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
           model: bool) -> list[tuple[str, int]]:
    limits = common_pb2.Limits(max_iterations=ITERATIONS, seed=SEED, num_candidates=64,
                               model_opponents=model)
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(observation=observation,
                                                              limits=limits))
    assert answer.stats.iterations == ITERATIONS
    return [(c.move.notation, c.visits) for c in answer.candidates]


def library_visits(obs: object, model: bool, game: AnyGame = GAME,
                   evaluator: AnyEvaluator = EVALUATOR) -> list[tuple[str, int]]:
    config = SearchConfig(opponent_model="priors" if model else "none")
    result = ismcts(game, evaluator, obs, Limits(iterations=ITERATIONS), config, seed=SEED)
    return [(str(c.action), c.visits) for c in result.candidates]


def test_the_server_searches_the_believed_worlds(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = position_with_evidence()
    obs = observe(state, state.current)
    message = common_pb2.Observation(splendor_marvel=codec.observation_to_proto(obs))
    modelled = visits(stub, message, model=True)
    assert modelled == library_visits(obs, model=True)
    assert modelled != visits(stub, message, model=False)


def test_without_a_history_the_option_changes_nothing(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state = position_with_evidence()
    bare = dataclasses.replace(observe(state, state.current), history=None)
    message = common_pb2.Observation(splendor_marvel=codec.observation_to_proto(bare))
    assert visits(stub, message, model=True) == visits(stub, message, model=False)


def challengers_observation(hidden_picks: bool) -> challengers.Observation:
    """Seat 1 about to draft after seat 0's hidden picks of the round, or else the first
    decision of the game (no pick made yet: nothing to model)."""
    game = challengers.GAME
    state = challengers.new_game(2, seed=3)
    rng = random.Random(3)
    while hidden_picks and not (game.current_player(state) == 1
                                and game.believe(challengers.observe(state, 1)).modelled):
        game.apply(state, CHALLENGERS_EVALUATOR.rollout_action(state, rng), rng)
    return challengers.observe(state, game.current_player(state))


def test_the_server_models_challengers_hidden_picks(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    obs = challengers_observation(hidden_picks=True)
    message = common_pb2.Observation(challengers=challengers_codec.observation_to_proto(obs))
    modelled = visits(stub, message, model=True)
    assert modelled == library_visits(obs, model=True, game=challengers.GAME,
                                      evaluator=CHALLENGERS_EVALUATOR)
    assert modelled != visits(stub, message, model=False)


def test_with_no_hidden_pick_the_option_changes_nothing(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    obs = challengers_observation(hidden_picks=False)
    message = common_pb2.Observation(challengers=challengers_codec.observation_to_proto(obs))
    assert visits(stub, message, model=True) == visits(stub, message, model=False)
