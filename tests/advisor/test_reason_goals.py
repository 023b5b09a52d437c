"""The labelled reasons: positions where a good player's explanation of a move (the goal it
serves or harms) is written down first; the advisor's first reason, through a real server,
must name the same goal (docs/coaching.md, "Reasons"). A move labelled as serving a goal is
checked on its own facts: when the search measures another move better, that move's advantages
come first ("Which side a fact favours") and the move's own follow."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from advisor.challengers import coach as challengers_coach
from advisor.coaching import BEFORE
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import State as ChallengersState
from games.challengers import observe as observe_challengers
from games.challengers.effects import K_EXH_LE3, K_LOOK2, K_ORDER
from games.splendor_marvel import Kind, SplendorState, legal_actions

from . import labelled
from .conftest import observation_of

Position = Callable[[], tuple[SplendorState | ChallengersState, str]]


@dataclass(frozen=True)
class Labelled:
    """A position, the move judged there, and the goal a good player names first; `serves`:
    the move serves that goal (its own first fact names it), else it harms it."""

    name: str
    goal: str
    position: Position
    serves: bool = False


def _take(builder: Callable[[], tuple[SplendorState, int]]) -> Position:
    """The first token take in a Splendor: Marvel position."""
    def position() -> tuple[SplendorState, str]:
        state = builder()[0]
        return state, str(next(a for a in legal_actions(state) if a.kind is Kind.TAKE))
    return position


def _move(builder: Callable[[], tuple[SplendorState, int]], words: str) -> Position:
    """The move `words` (with {card} for the builder's card) in a Splendor: Marvel position."""
    def position() -> tuple[SplendorState, str]:
        state, card = builder()
        return state, words.format(card=card)
    return position


def _other_reserve(builder: Callable[[], tuple[SplendorState, int]]) -> Position:
    """A face-up reserve of a card other than the builder's."""
    def position() -> tuple[SplendorState, str]:
        state, card = builder()
        return state, str(next(a for a in legal_actions(state)
                               if a.kind is Kind.RESERVE and a.arg != card))
    return position


def _full_hand_reserve(index: int) -> Position:
    def position() -> tuple[SplendorState, str]:
        state = labelled.full_hand()[0]
        reserves = [a for a in legal_actions(state)
                    if a.kind in (Kind.RESERVE, Kind.RESERVE_BLIND)]
        return state, str(reserves[index])
    return position


def _race() -> tuple[SplendorState, int]:
    state, win, _ = labelled.gauntlet_race()
    return state, win


def _race_threat() -> tuple[SplendorState, int]:
    state, _, threat = labelled.gauntlet_race()
    return state, threat


SPLENDOR = (
    # Taking tokens instead of the recruit that completes the Gauntlet and ends the game.
    Labelled("missed Gauntlet win: a take", "gauntlet", _take(_race)),
    Labelled("missed Gauntlet win: reserving the threat", "gauntlet",
             _move(_race_threat, "reserve:{card}")),
    Labelled("the Gauntlet win itself", "gauntlet", _move(_race, "recruit:{card}")),
    # Level on tags with an opponent who can afford a tag card next turn: the tile is lost.
    Labelled("Avengers handover: a take", "avengers_tile", _take(labelled.avengers_handover)),
    Labelled("Avengers handover: another reserve", "avengers_tile",
             _other_reserve(labelled.avengers_handover)),
    # A full hand: a third reserve instead of the reserved card that wins.
    Labelled("full hand: a face-up reserve", "gauntlet", _full_hand_reserve(0)),
    Labelled("full hand: a blind reserve", "gauntlet", _full_hand_reserve(-1)),
    # The opponent completes the Gauntlet next turn with a card the mover could take.
    Labelled("deny the Gauntlet: a take", "deny_card", _take(labelled.deny_the_gauntlet)),
    Labelled("deny the Gauntlet: another reserve", "deny_card",
             _other_reserve(labelled.deny_the_gauntlet)),
    Labelled("deny the Gauntlet: the defence", "deny_card",
             _move(labelled.deny_the_gauntlet, "reserve:{card}")),
    # The one move that serves the goal, judged against whatever else the search prefers:
    # the card completing a location's requirement (3 points),
    Labelled("a location taken", "location",
             _move(labelled.location_in_reach, "recruit:{card}"), serves=True),
    # the third tag (the tile's 3 points) before the opponent's,
    Labelled("the Avengers tile taken", "avengers_tile",
             _move(labelled.tile_in_reach, "recruit:{card}"), serves=True),
    # three card points in a level race,
    Labelled("points taken", "points",
             _move(labelled.points_in_reach, "recruit:{card}"), serves=True),
    # the Gauntlet's last colour.
    Labelled("the last colour taken", "gauntlet",
             _move(labelled.last_colour, "recruit:{card}"), serves=True),
    # The same goals in four more positions: the other location left, the tile taken by the
    # second seat (another tableau), four card points, red as the last colour.
    Labelled("the other location taken", "location",
             _move(functools.partial(labelled.location_in_reach, 1), "recruit:{card}"),
             serves=True),
    Labelled("the Avengers tile taken by the second seat", "avengers_tile",
             _move(functools.partial(labelled.tile_in_reach, 1), "recruit:{card}"),
             serves=True),
    Labelled("four points taken", "points",
             _move(labelled.four_points_in_reach, "recruit:{card}"), serves=True),
    Labelled("red as the last colour", "gauntlet",
             _move(functools.partial(labelled.last_colour, 3), "recruit:{card}"),
             serves=True),
)


def _drain() -> tuple[ChallengersState, str]:
    state, drain, _ = labelled.drained_deck()
    return state, str(drain)


def _challengers(builder: Callable[[], tuple[ChallengersState, object]]) -> Position:
    def position() -> tuple[ChallengersState, str]:
        state, move = builder()
        return state, str(move)
    return position


@functools.cache
def _decisions(kind: int, wanted: labelled.Wanted, count: int
               ) -> list[tuple[ChallengersState, str]]:
    """`count` labelled match decisions of effect `kind` (found once: the scan plays games)."""
    return [(state, str(move)) for state, move in labelled.match_decisions(kind, wanted, count)]


def _decision(kind: int, wanted: labelled.Wanted, index: int) -> Position:
    counts = {K_LOOK2: 5, K_ORDER: 2, K_EXH_LE3: 3}

    def position() -> tuple[ChallengersState, str]:
        return _decisions(kind, wanted, counts[kind])[index]
    return position


CHALLENGERS = (
    # Paying two Slimes (14 power) for a power-4 card before the deciding match.
    Labelled("the drained deck", "deck_power", _drain),
    # Trimming a Slime (power 7) before the deciding match.
    Labelled("trimming the strongest card", "deck_power",
             _challengers(labelled.trim_the_strongest)),
    # Trimming the last card: an empty deck loses the match at once.
    Labelled("trimming to an empty deck", "deck_size", _challengers(labelled.trim_to_nothing)),
    # Reporter or Juggler: the weaker card on top, 4 power or more below the best choice.
    *(Labelled(f"Reporter puts the weaker card on top ({i + 1})", "next_card",
               _decision(K_LOOK2, labelled.weaker_on_top, i)) for i in range(5)),
    *(Labelled(f"Juggler puts the weakest card on top ({i + 1})", "next_card",
               _decision(K_ORDER, labelled.weaker_on_top, i)) for i in range(2)),
    # Sorcerer: declining to exhaust with one bench seat left (or none).
    *(Labelled(f"no exhaust on a full bench ({i + 1})", "bench",
               _decision(K_EXH_LE3, labelled.pass_on_a_full_bench, i)) for i in range(3)),
)


def _first_goal(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
                move: str, iterations: int, serves: bool = False) -> advisor_pb2.Reason:
    """The first reason with a goal; with `serves`, the first of the move's own facts (after
    the better move's advantages, when the search measures one better)."""
    answer = stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, move=common_pb2.Move(notation=move),
        limits=common_pb2.Limits(max_iterations=iterations, seed=1)))
    comparison, *facts = answer.assessment.explanations
    if serves and comparison.favours == advisor_pb2.FAVOURS_COMPARED:
        facts = [r for r in facts if r.favours != advisor_pb2.FAVOURS_COMPARED
                 or r.compared_with == BEFORE]
    return next(r for r in facts if r.goal)


@pytest.mark.parametrize("case", SPLENDOR, ids=lambda c: c.name)
def test_the_first_splendor_reason_names_the_labelled_goal(
    stub: advisor_pb2_grpc.AdvisorStub, case: Labelled
) -> None:
    state, move = case.position()
    assert isinstance(state, SplendorState)
    first = _first_goal(stub, observation_of(state), move, iterations=1000,
                        serves=case.serves)
    assert first.goal == case.goal, first


@pytest.mark.parametrize("case", CHALLENGERS, ids=lambda c: c.name)
def test_the_first_challengers_reason_names_the_labelled_goal(
    stub: advisor_pb2_grpc.AdvisorStub, case: Labelled
) -> None:
    state, move = case.position()
    assert isinstance(state, ChallengersState)
    seat = state.pending_participant if state.pending_kind else 0
    observation = common_pb2.Observation(challengers=challengers_codec.observation_to_proto(
        observe_challengers(state, seat)))
    first = _first_goal(stub, observation, move, iterations=300)
    assert first.goal == case.goal, first


@pytest.mark.parametrize("builder", [
    labelled.trim_the_strongest, labelled.trim_to_nothing,
    lambda: labelled.match_decisions(K_LOOK2, labelled.weaker_on_top, 1)[0],
    lambda: labelled.match_decisions(K_EXH_LE3, labelled.pass_on_a_full_bench, 1)[0],
], ids=["trim", "trim the last", "Reporter", "Sorcerer"])
def test_challengers_features_do_not_depend_on_the_sampled_world(
    builder: Callable[[], tuple[ChallengersState, object]],
) -> None:
    """Features use only what the mover sees, so every world sampled from the observation
    gives the same feature reasons (the playout counts are estimates and may vary)."""
    state, move = builder()
    seat = challengers_coach.GAME.current_player(state)
    obs = observe_challengers(state, seat)
    alternative = next(m for m in challengers_coach.GAME.legal_actions(state) if m != move)
    measured = {f.code for f in challengers_coach.FEATURES}
    answers = {
        tuple((r.code, r.text, r.value, r.baseline) for r in challengers_coach.reasons(
            obs, move, alternative, random.Random(seed)) if r.code in measured)
        for seed in range(5)
    }
    assert len(answers) == 1 and next(iter(answers))
