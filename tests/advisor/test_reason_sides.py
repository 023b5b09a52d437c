"""Which side a reason's fact favours (docs/coaching.md "Which side a fact favours").

Each feature's good direction is checked against the directions written out here, in many
positions of both games; under a move the best is measured better than, the better move's
facts come first and the move's own are framed as a trade-off that lost, in judged moves and
a review through a real server."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from advisor.challengers import coach as challengers_coach
from advisor.coaching import BEFORE, TRADE_OFF, Reason, against_the_better
from advisor.judging import UNEXPLAINED
from advisor.splendor_marvel import coach as splendor_coach
from benchmarks.coaching import reason_sides
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import GAME as CHALLENGERS
from games.challengers import State as ChallengersState
from games.challengers import new_game as new_challengers
from games.challengers import observe as observe_challengers
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.splendor_marvel import GAME as SPLENDOR
from games.splendor_marvel import legal_actions, new_game, observe
from games.splendor_marvel.evaluators import EVALUATOR as SPLENDOR_EVALUATOR

from .conftest import midgame, observation_of, state_of

MOVE, COMPARED, NEITHER = (advisor_pb2.FAVOURS_MOVE, advisor_pb2.FAVOURS_COMPARED,
                           advisor_pb2.FAVOURS_NEITHER)

REVIEWED_PLIES = 24

Direction = Callable[[float, float], int]
"""(value, baseline) -> 1 when a larger number is good for the mover, -1 a smaller, 0 neither."""


def _always(direction: int) -> Direction:
    return lambda value, baseline: direction


def _once_short(value: float, baseline: float) -> int:
    """A deck's size matters once either deck has 4 cards or fewer."""
    return 1 if min(value, baseline) <= 4 else 0


def _when_known(direction: int) -> Direction:
    """A top or bottom card counts when both positions know it (-1: unknown)."""
    return lambda value, baseline: direction if min(value, baseline) >= 0 else 0


SPLENDOR_GOOD: dict[str, Direction] = {
    "gauntlet": _always(1), "points": _always(1), "gauntlet_colours_missing": _always(-1),
    "green_token": _always(1), "avengers_tags_ahead": _always(1), "locations_won": _always(1),
    "location_gap": _always(-1), "opponents_affordable": _always(-1),
    "affordable_next_turn": _always(1), "grey_tokens": _always(1), "tokens": _always(0),
    "reserved": _always(0),
}
CHALLENGERS_GOOD: dict[str, Direction] = {
    "deck_size": _once_short, "power_gap": _always(1), "mean_power": _always(1),
    "strong_cards": _always(1), "weak_cards": _always(-1), "fans": _always(1),
    "bench_seats": _always(1), "opponent_bench_seats": _always(-1),
    "top_card": _when_known(1), "bottom_card": _when_known(-1), "match_wins": _always(1),
    "effect_triggers": _always(0), "card": _always(0),
}


def _expected(reason: Reason | advisor_pb2.Reason, good: dict[str, Direction]
              ) -> advisor_pb2.Favours:
    """The side a reason must favour: its number's difference by the feature's direction (a
    "when picked" cost by the power its deck gains; the Avengers tile left open is bad)."""
    if reason.text.startswith("leaves the Avengers tile"):  # open to an opponent's tag card
        return COMPARED
    if reason.code == "extra_pick_cost":
        found = re.search(r"your deck (gains|loses) (\d+) power", reason.text)
        assert found, reason.text
        gain = float(found[2]) * (1 if found[1] == "gains" else -1)
    else:
        gain = good[reason.code](reason.value, reason.baseline) * (reason.value - reason.baseline)
    return MOVE if gain > 0 else COMPARED if gain < 0 else NEITHER


def _check_wording(reason: Reason) -> None:
    """A card named for reach or denial is on the side the count favours."""
    if reason.code == "affordable_next_turn":
        gained = reason.text.startswith(("lets you afford", "brings more"))
        assert gained == (reason.favours == MOVE), reason
    if reason.code == "avengers_tags_ahead" and reason.favours == MOVE:
        assert not reason.text.startswith(("misses", "loses", "keeps the Avengers tile, but")), \
            reason
    if reason.code == "avengers_tags_ahead" and reason.favours == COMPARED:
        assert not reason.text.startswith(("takes", "gains", "keeps the Avengers tile out")), \
            reason
    if reason.code == "opponents_affordable":
        denied = reason.text.startswith(("takes ", "your opponents can afford fewer"))
        assert denied == (reason.favours == MOVE), reason


def _splendor_moves(seed: int, plies: int) -> tuple[Any, list[Any]]:
    """The mover's observation and legal moves after the heuristic policy's first `plies`."""
    state = midgame(seed, plies)
    return observe(state, state.current), legal_actions(state)


def _challengers_position(seed: int, plies: int) -> ChallengersState:
    """A dealt Challengers! game after the playout policy's first `plies` decisions and any
    forced ones after them: a decision with a choice (or the end)."""
    state = new_challengers(2, seed)
    rng = random.Random(seed)
    played = 0
    while not CHALLENGERS.is_terminal(state) and (
            played < plies or len(CHALLENGERS.legal_actions(state)) < 2):
        CHALLENGERS.apply(state, CHALLENGERS_EVALUATOR.rollout_action(state, rng), rng)
        played += 1
    return state


def _challengers_moves(seed: int, plies: int) -> tuple[Any, list[Any]]:
    """The decider's observation and legal moves in `_challengers_position`."""
    state = _challengers_position(seed, plies)
    assume(not CHALLENGERS.is_terminal(state))
    return observe_challengers(state, CHALLENGERS.current_player(state)), \
        CHALLENGERS.legal_actions(state)


Coached = tuple[Callable[[int, int], tuple[Any, list[Any]]], Callable[..., list[Reason]],
                dict[str, Direction]]
COACHED: dict[str, Coached] = {
    "splendor_marvel": (_splendor_moves, splendor_coach.reasons, SPLENDOR_GOOD),
    "challengers": (_challengers_moves, challengers_coach.reasons, CHALLENGERS_GOOD),
}
"""Each game's positions, its coach's reasons and its features' directions."""


@settings(max_examples=50, deadline=None)
@given(game=st.sampled_from(sorted(COACHED)), seed=st.integers(0, 10_000),
       plies=st.integers(0, 40), pick=st.randoms(use_true_random=False))
def test_each_reason_favours_the_side_its_feature_counts_as_good(
    game: str, seed: int, plies: int, pick: random.Random
) -> None:
    """Moves against random alternatives (or the position before, when they are the same)."""
    position, reasons, good = COACHED[game]
    obs, moves = position(seed, plies)
    for action in pick.sample(moves, min(3, len(moves))):
        for reason in reasons(obs, action, pick.choice(moves), random.Random(seed)):
            assert reason.favours == _expected(reason, good), reason
            _check_wording(reason)


def _reason(favours: advisor_pb2.Favours, compared_with: str, index: int) -> Reason:
    return Reason(f"r{index}", f"fact {index}", 1.0, 0.0, compared_with, "goal", favours)


@given(st.lists(st.tuples(st.sampled_from([MOVE, COMPARED, NEITHER]),
                          st.sampled_from([BEFORE, "recruit Iron Fist"])), max_size=12))
def test_against_the_better_puts_its_facts_first_and_frames_the_moves_own(
    sides: list[tuple[advisor_pb2.Favours, str]]
) -> None:
    reasons = [_reason(f, c, i) for i, (f, c) in enumerate(sides)]
    framed = against_the_better(reasons)
    assert sorted(r.code for r in framed) == sorted(r.code for r in reasons)
    groups = [_group(r) for r in framed]
    assert groups == sorted(groups)  # the better move's facts, the move's own, the rest
    for group in (0, 1, 2):  # each group keeps the order the weights gave it
        codes = [r.code for r in framed if _group(r) == group]
        assert codes == [r.code for r in reasons if r.code in codes]
    for before, after in zip(reasons, sorted(framed, key=lambda r: int(r.code[1:])), strict=True):
        own = before.favours == MOVE
        assert after.text == (TRADE_OFF + before.text if own else before.text)


def _group(reason: Reason | advisor_pb2.Reason) -> int:
    """0: favours the other move; 1: favours the move; 2: the rest."""
    if reason.favours == COMPARED and reason.compared_with != BEFORE:
        return 0
    return 1 if reason.favours == MOVE else 2


FRAMING = ("decided", "still_best")
"""Sentences after the comparison that frame the facts rather than state one."""


def _measured_better(judged: advisor_pb2.MoveAssessment) -> bool:
    """The rule of `coaching.measured_better`, from the fields of the answer."""
    assert judged.best_measured_better == (
        judged.value_loss > 0 and not judged.tied_with_best and not judged.undecided)
    return judged.best_measured_better


def _check_assessment(judged: advisor_pb2.MoveAssessment, good: dict[str, Direction]) -> bool:
    """The sides and order of a judged move's reasons; True when the best is measured better
    and the move has a fact in its favour (a trade-off that lost)."""
    comparison, *facts = [r for r in judged.explanations if r.code not in FRAMING]
    better = _measured_better(judged)
    assert comparison.favours == (COMPARED if better else NEITHER), judged
    for fact in facts:
        text = fact.text.removeprefix(TRADE_OFF)
        assert fact.favours == _expected(advisor_pb2.Reason(
            code=fact.code, text=text, value=fact.value, baseline=fact.baseline), good), fact
        framed = fact.text.startswith(TRADE_OFF)
        assert framed == (better and fact.favours == MOVE), fact
    groups = [_group(f) for f in facts]
    if better:  # no fact in the move's favour before one in the better move's
        assert groups == sorted(groups), judged
    # with no fact in the better move's favour, the comparison says its edge is further ahead
    assert (UNEXPLAINED in comparison.text) == (better and 0 not in groups), judged
    return better and 1 in groups


def _judged(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
            iterations: int) -> Iterator[advisor_pb2.MoveAssessment]:
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation,
        limits=common_pb2.Limits(max_iterations=iterations, seed=3, num_candidates=4),
        options=advisor_pb2.SuggestOptions(judge_candidates=True, skip_follow_ups=True)))
    yield from answer.judged


def _challengers_observation(state: ChallengersState) -> common_pb2.Observation:
    obs = observe_challengers(state, CHALLENGERS.current_player(state))
    return common_pb2.Observation(challengers=challengers_codec.observation_to_proto(obs))


@pytest.mark.parametrize(("game", "positions", "good"), [
    ("splendor_marvel", [observation_of(midgame(seed, plies)) for seed, plies in
                         [(1, 6), (2, 14), (3, 22), (4, 30), (5, 38), (6, 46)]], SPLENDOR_GOOD),
    ("challengers", [_challengers_observation(_challengers_position(seed, plies))
                     for seed, plies in [(1, 0), (2, 5), (3, 12), (4, 20), (5, 30), (8, 24)]],
     CHALLENGERS_GOOD),
])
def test_judged_moves_put_the_better_moves_facts_first(
    stub: advisor_pb2_grpc.AdvisorStub, game: str, positions: Sequence[common_pb2.Observation],
    good: dict[str, Direction],
) -> None:
    framed = [_check_assessment(j, good) for o in positions for j in _judged(stub, o, 800)]
    assert any(framed), f"no {game} move measured worse with a fact in its favour"


def test_a_review_frames_the_played_moves_advantages_as_a_trade_off(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    """A seeded review of the heuristic policy's opening: every reviewed move's reasons keep
    the rule, and some move measured worse has its own advantage shown as a trade-off."""
    start = new_game(2, seed=9)
    state, rng, moves = start.clone(), random.Random(9), []
    for _ in range(REVIEWED_PLIES):
        action = SPLENDOR_EVALUATOR.rollout_action(state, rng)
        moves.append(common_pb2.Move(notation=str(action)))
        SPLENDOR.apply(state, action, rng)
    request = advisor_pb2.ReviewGameRequest(
        record=advisor_pb2.GameRecord(initial_state=state_of(start), moves=moves),
        limits=common_pb2.Limits(max_iterations=1000, seed=1))
    reviewed = [a.move for a in stub.ReviewGame(request) if a.HasField("move")]
    assert len(reviewed) == REVIEWED_PLIES
    framed = []
    for move in reviewed:
        if move.forced:
            continue
        assert list(move.reasons) == list(move.assessment.explanations)
        framed.append(_check_assessment(move.assessment, SPLENDOR_GOOD))
    assert any(framed)


def test_the_benchmark_counts_a_fact_in_the_moves_favour_shown_first_or_before_the_betters(
) -> None:
    """benchmarks/coaching/reason_sides.py: in weight order a fact for the played move may come
    first; shown now, none comes before a fact for the better move."""
    other = "recruit Iron Fist"
    weighed = [_reason(MOVE, other, 0), _reason(NEITHER, other, 1), _reason(COMPARED, other, 2)]
    assert reason_sides.tally(weighed) == (True, True, True)
    assert reason_sides.tally(against_the_better(weighed)) == (True, False, False)
    assert reason_sides.tally([_reason(COMPARED, BEFORE, 0)]) == (False, False, False)
