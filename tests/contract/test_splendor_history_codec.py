"""A Splendor: Marvel history survives the codec both ways, inside observations and states."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contract.codecs import splendor_marvel as codec
from contract.v1 import splendor_marvel_pb2 as pb
from games.splendor_marvel import SplendorState, new_game, observe
from games.splendor_marvel.catalogue import LOCATIONS
from games.splendor_marvel.replay import replay

from .played import played_game

games = st.builds(
    played_game,
    num_players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    plies=st.one_of(st.none(), st.integers(0, 120)),
)


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_state_and_its_history_round_trip(state: SplendorState) -> None:
    assert state.history is not None
    wire = pb.SplendorState.FromString(codec.state_to_proto(state).SerializeToString())
    back = codec.state_from_proto(wire)
    assert back == state and back.history == state.history
    assert len(wire.history.plays) == len(state.history.plays)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 3))
def test_each_seat_s_observation_and_its_masked_history_round_trip(
    state: SplendorState, seat: int
) -> None:
    assert state.history is not None
    seat %= state.num_players
    obs = observe(state, seat)
    wire = pb.SplendorObservation.FromString(codec.observation_to_proto(obs).SerializeToString())
    back = codec.observation_from_proto(wire)
    assert back == obs and back.history == obs.history
    replay(back)  # what goes over the wire still replays to the observation
    visible = {card for player in wire.players for card in player.tableau}
    visible.update(r.card for r in wire.players[seat].reserved)
    shown = [p.drawn for p in wire.history.plays if p.drawn]
    assert shown == [p.drawn for p in state.history.plays if p.drawn in visible]


def test_the_message_spells_the_opening_and_the_moves() -> None:
    state = new_game(2, seed=9)
    wire = codec.state_to_proto(state)
    assert list(wire.history.opening_board) == state.board
    assert list(wire.history.opening_locations) == [
        LOCATIONS[i].label for i in state.locations_left
    ]
    assert not wire.history.plays


def test_a_message_without_history_decodes_to_none() -> None:
    state = played_game(3, seed=2, plies=30)
    state.history = None
    wire = codec.state_to_proto(state)
    assert not wire.HasField("history")
    assert codec.state_from_proto(wire).history is None
    obs = codec.observation_to_proto(observe(state, 1))
    assert not obs.HasField("history")
    assert codec.observation_from_proto(obs).history is None
