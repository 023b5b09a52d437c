"""`Limits.model_opponents` through the real server: the search draws hidden reserves by the
opponent model exactly as the library does, and nothing changes without a history."""

from __future__ import annotations

import dataclasses

from contract.codecs import splendor_marvel as codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import GAME, SplendorState, observe
from games.splendor_marvel.model import believe
from search import Limits, SearchConfig, ismcts
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


def library_visits(obs: object, model: bool) -> list[tuple[str, int]]:
    config = SearchConfig(opponent_model="priors" if model else "none")
    result = ismcts(GAME, obs, Limits(iterations=ITERATIONS), config, seed=SEED)
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
