"""The service searches with the game's own settings for the table's size: Splendor: Marvel's
learned search at PUCT 0.5 heads-up and 0.3 at 4 players, exactly as the library does."""

from __future__ import annotations

import pytest

from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.splendor_marvel import GAME, observe
from games.splendor_marvel.evaluators import EVALUATOR
from search import Limits, SearchConfig, ismcts
from tests.advisor.conftest import midgame, observation_of

ITERATIONS = 400
SEED = 29


@pytest.mark.parametrize("players", [2, 4])
def test_suggest_move_searches_with_the_tables_puct_constant(
        stub: advisor_pb2_grpc.AdvisorStub, players: int) -> None:
    state = midgame(players=players)
    limits = common_pb2.Limits(max_iterations=ITERATIONS, seed=SEED, num_candidates=64)
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation_of(state), limits=limits))
    served = [(c.move.notation, c.visits) for c in answer.candidates]

    def library(puct_c: float) -> list[tuple[str, int]]:
        result = ismcts(GAME, EVALUATOR, observe(state, state.current),
                        Limits(iterations=ITERATIONS), SearchConfig(puct_c=puct_c), seed=SEED)
        return [(str(c.action), c.visits) for c in result.candidates]

    assert served == library(EVALUATOR.search_settings(players)["puct_c"])
    assert served != library(0.8), "another constant searches otherwise"
