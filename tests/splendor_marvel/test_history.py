"""The public record: every position of a played game replays from the history its seats see."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.splendor_marvel import observe
from games.splendor_marvel.actions import KIND_OF, Kind, parse
from games.splendor_marvel.history import History
from games.splendor_marvel.observation import Observation
from games.splendor_marvel.replay import replay
from tests.splendor_marvel.history_games import positions


def hidden_cards(obs: Observation, state_reserved: list[list[int]]) -> set[int]:
    return {
        card
        for hand, cards in zip(obs.reserved, state_reserved, strict=True)
        for r, card in zip(hand, cards, strict=True)
        if not r.card
    }


@settings(max_examples=25, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
@example(n=3, seed=3541)  # a seat passes because its hidden cards were too dear
def test_every_seat_replays_every_position_of_a_game(n: int, seed: int) -> None:
    for ply, state in enumerate(positions(n, seed)):
        if ply % 7:
            continue
        for seat in range(n):
            obs = observe(state, seat)
            replayed = replay(obs)
            assert observe(replayed.state, seat) == obs
            assert replayed.state.supply == state.supply
            hidden = sum(1 for hand in obs.reserved for r in hand if not r.card)
            assert len(replayed.stand_ins) == hidden
            for decision in replayed.decisions:
                assert decision.before.current != seat
                assert set(decision.before.reserved[decision.before.current]) & replayed.stand_ins


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_blind_draw_is_seen_by_its_reserver_and_by_all_once_recruited(seed: int) -> None:
    for state in positions(3, seed, blind=0.2):
        recruited = {card for row in state.tableau for card in row}
        assert state.history is not None
        for seat in range(3):
            record = observe(state, seat).history
            assert record is not None
            for mine, true in zip(record.plays, state.history.plays, strict=True):
                if KIND_OF[true.action] is not Kind.RESERVE_BLIND:
                    assert mine == true
                    continue
                reserver_sees = true.drawn in state.reserved[seat]
                assert mine.drawn == (true.drawn if reserver_sees or true.drawn in recruited
                                      else 0)


def _late_position(seed: int) -> Observation:
    *_, state = (s for i, s in zip(range(40), positions(2, seed), strict=False))
    return observe(state, 0)


def _with_plays(obs: Observation, plays: tuple) -> Observation:
    assert obs.history is not None
    return dataclasses.replace(obs, history=dataclasses.replace(obs.history, plays=plays))


def test_a_record_with_a_wrong_dealt_card_is_refused() -> None:
    obs = _late_position(3)
    assert obs.history is not None
    plays = obs.history.plays
    index = next(i for i, p in enumerate(plays) if p.dealt)
    wrong = dataclasses.replace(plays[index], dealt=(plays[index].dealt[0] % 30 + 1,))
    with pytest.raises(ValueError, match=rf"history.plays\[{index}\]"):
        replay(_with_plays(obs, (*plays[:index], wrong, *plays[index + 1:])))


def test_a_record_that_stops_short_or_plays_an_illegal_move_is_refused() -> None:
    obs = _late_position(5)
    assert obs.history is not None
    plays = obs.history.plays
    with pytest.raises(ValueError, match="do not lead to this observation"):
        replay(_with_plays(obs, plays[:-1]))
    illegal = dataclasses.replace(plays[0], action=parse("recruit-reserved:1"), dealt=())
    with pytest.raises(ValueError, match=r"history.plays\[0\]: recruit-reserved:1 is not legal"):
        replay(_with_plays(obs, (illegal, *plays[1:])))


def test_an_observation_without_a_record_cannot_be_replayed() -> None:
    obs = dataclasses.replace(_late_position(1), history=None)
    with pytest.raises(ValueError, match="no history"):
        replay(obs)
    empty = History((), ())
    with pytest.raises(ValueError, match="12 board cards"):
        replay(dataclasses.replace(obs, history=empty))
