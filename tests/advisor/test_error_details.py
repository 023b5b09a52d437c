"""An error with thousands of violations still arrives as sent: capped details under 8 KiB."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from advisor.challengers.adapter import ADAPTER
from advisor.errors import MAX_VIOLATIONS
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from contract.v1 import challengers_pb2 as cpb

METADATA_BUDGET = 8 * 1024


def _riddled_observation() -> common_pb2.Observation:
    """A Challengers! observation whose every box and discard entry names no seer."""
    most = ADAPTER.max_list_length
    wrong = [cpb.ChallengersTaggedCard(seen_by=77, card=0)] * most
    observation = cpb.ChallengersObservation(players=2, box=wrong)
    for _ in range(3):
        observation.discards.add().cards.extend(wrong)
    return common_pb2.Observation(challengers=observation)


def test_thousands_of_violations_arrive_as_a_capped_invalid_argument(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    request = advisor_pb2.LegalMovesRequest(observation=_riddled_observation())
    with pytest.raises(grpc.RpcError) as caught:
        stub.LegalMoves(request, timeout=30)
    error = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    metadata = error.trailing_metadata() or ()  # type: ignore[attr-defined]
    size = sum(len(entry[0]) + len(entry[1]) for entry in metadata)
    assert size + len(error.details() or "") < METADATA_BUDGET
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None
    bad = error_details_pb2.BadRequest()
    assert status.details[0].Unpack(bad)
    listed = bad.field_violations
    assert len(listed) == MAX_VIOLATIONS + 1
    assert all(v.field.startswith("observation.challengers.") for v in listed[:-1])
    more = int(listed[-1].description.split()[1])
    assert more >= 4 * ADAPTER.max_list_length - MAX_VIOLATIONS
    assert listed[-1].description.endswith("more violations not listed")
