"""Random corruptions of a valid observation never crash the server: every answer is OK or a
precise INVALID_ARGUMENT / FAILED_PRECONDITION."""

from __future__ import annotations

import random

import grpc
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2

from .conftest import midgame, observation_of

ALLOWED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
}
INTEGER_TYPES = {FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_UINT64,
                 FieldDescriptor.TYPE_ENUM}


def _integer_slots(message: Message) -> list[tuple[Message, FieldDescriptor, int | None]]:
    """Every integer field (and repeated element) under `message` that is set."""
    slots: list[tuple[Message, FieldDescriptor, int | None]] = []
    for field, value in message.ListFields():
        repeated = field.is_repeated
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            for child in value if repeated else [value]:
                slots.extend(_integer_slots(child))
        elif field.type in INTEGER_TYPES:
            if repeated:
                slots.extend((message, field, i) for i in range(len(value)))
            else:
                slots.append((message, field, None))
    return slots


def _corrupt(observation: common_pb2.Observation, rng: random.Random) -> None:
    for _ in range(rng.randint(1, 3)):
        message, field, index = rng.choice(_integer_slots(observation))
        value = rng.choice([0, 1, 2, 3, 4, 7, 11, 90, 91, rng.randrange(1 << 31)])
        if index is None:
            setattr(message, field.name, value)
        else:
            getattr(message, field.name)[index] = value


def test_corrupted_observations_get_precise_answers(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    rng = random.Random(2024)
    codes = []
    for trial in range(150):
        observation = observation_of(midgame(seed=trial % 5, plies=10 + trial % 17))
        _corrupt(observation, rng)
        request = advisor_pb2.SuggestMoveRequest(
            observation=observation,
            limits=common_pb2.Limits(max_iterations=3, seed=trial),
            options=advisor_pb2.SuggestOptions(skip_follow_ups=True),
        )
        try:
            stub.SuggestMove(request)
            codes.append(grpc.StatusCode.OK)
        except grpc.RpcError as error:
            codes.append(error.code())
            assert error.code() in ALLOWED, (error.code(), error.details(), observation)
    assert grpc.StatusCode.INVALID_ARGUMENT in codes
