"""Coaching through the real server: grades on positions with known verdicts, ties reported as
ties, reasons whose numbers hold in the position, and the lines behind "why not my move?"."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from advisor.challengers import coach as challengers_coach
from advisor.coaching import BEST_BOUND, MIN_TIE_VISITS
from advisor.splendor_marvel import coach
from contract.codecs import challengers as challengers_codec
from contract.v1 import advisor_pb2, advisor_pb2_grpc, common_pb2
from games.challengers import GAME as CHALLENGERS
from games.challengers import describe as describe_challengers
from games.challengers import new_game as new_challengers
from games.challengers import observe as observe_challengers
from games.challengers.actions import PICK
from games.challengers.catalogue import NAME, POWER
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.challengers.texts import EFFECT
from games.splendor_marvel import Kind, legal_actions, new_game, observe, sample
from games.splendor_marvel.actions import describe
from games.splendor_marvel.catalogue import BONUS, COLOUR_KEYS
from search.result import wilson_lower_bound, wilson_upper_bound

from .conftest import midgame, observation_of
from .labelled import avengers_handover, drained_deck, full_hand, gauntlet_race


def _evaluate(stub: advisor_pb2_grpc.AdvisorStub, observation: common_pb2.Observation,
              move: str, iterations: int = 4000, seed: int = 1) -> advisor_pb2.EvaluateResponse:
    return stub.Evaluate(advisor_pb2.EvaluateRequest(
        observation=observation, move=common_pb2.Move(notation=move),
        limits=common_pb2.Limits(max_iterations=iterations, seed=seed),
    ))


def _explained(assessment: advisor_pb2.MoveAssessment) -> dict[str, advisor_pb2.Reason]:
    return {r.code: r for r in assessment.explanations}


def test_missing_an_immediate_gauntlet_win_is_a_blunder(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, win, _ = gauntlet_race()
    quiet = next(a for a in legal_actions(state) if a.kind is Kind.TAKE)
    answer = _evaluate(stub, observation_of(state), str(quiet))
    judged = answer.assessment
    assert answer.best_move.notation == f"recruit:{win}"
    assert judged.grade == common_pb2.GRADE_BLUNDER and not judged.tied_with_best
    assert judged.value_loss >= 0.2 and judged.ucb < 1.0
    facts = _explained(judged)
    # The numbers the engine gives: 14 points after the take, 16 after the winning recruit;
    # the first reason is the Gauntlet the take misses.
    first = next(r for r in judged.explanations if r.goal)
    assert (first.code, first.goal, first.value, first.baseline) == ("gauntlet", "gauntlet", 0, 1)
    assert first.text.startswith("misses the Infinity Gauntlet") and "2 more points" in first.text
    assert (facts["points"].value, facts["points"].baseline) == (14, 16)
    assert facts["points"].compared_with == answer.best_move.description
    assert "is better" in facts["win_probability"].text
    assert list(judged.reasons) == [r.text for r in judged.explanations]
    # Why not my move: the two lines start with the two moves and part at once.
    assert judged.line[0].move.notation == str(quiet)
    assert judged.best_line[0].move.notation == f"recruit:{win}"
    assert judged.best_line[0].win_probability == pytest.approx(1.0)
    assert judged.divergence == 1


def test_the_winning_move_is_the_best_and_needs_no_line_to_compare(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, win, _ = gauntlet_race()
    judged = _evaluate(stub, observation_of(state), f"recruit:{win}").assessment
    assert judged.rank == 1 and judged.grade == common_pb2.GRADE_BEST and judged.tied_with_best
    assert judged.win_probability == pytest.approx(1.0) and judged.value_loss == 0
    assert "the search's choice" in judged.explanations[0].text
    assert not judged.best_line and judged.divergence == 0


def test_giving_the_avengers_tile_away_is_a_blunder(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, tagged = avengers_handover()
    keep = f"recruit:{tagged}"
    for quiet in [a for a in legal_actions(state) if a.kind is Kind.TAKE][:2]:
        answer = _evaluate(stub, observation_of(state), str(quiet))
        judged = answer.assessment
        assert answer.best_move.notation == keep
        # It loses the game by construction (its own search: about 0.01 to win); what it
        # loses is what keeping the tile is worth, 0.39 to win by the default search
        # (generation 4 heads-up; generation 3's saw 0.36, generation 2's at least 0.40).
        assert judged.value_loss >= 0.30, judged
        assert judged.grade == common_pb2.GRADE_BLUNDER and not judged.tied_with_best, judged
        # Tied on tags now; the recruit would have kept one tag ahead of seat 0.
        ahead = _explained(judged)["avengers_tags_ahead"]
        assert (ahead.value, ahead.baseline) == (0, 1)
    kept = _evaluate(stub, observation_of(state), keep).assessment
    assert kept.grade == common_pb2.GRADE_BEST and kept.rank == 1


def test_reserving_with_a_full_hand_instead_of_winning_is_a_blunder(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, win, _ = full_hand()
    winning = f"recruit-reserved:{win}"
    reserves = [a for a in legal_actions(state) if a.kind in (Kind.RESERVE, Kind.RESERVE_BLIND)]
    for reserve in (reserves[0], reserves[-1]):  # a face-up card, and a blind one
        answer = _evaluate(stub, observation_of(state), str(reserve), iterations=2000)
        judged = answer.assessment
        assert answer.best_move.notation == winning
        assert judged.grade == common_pb2.GRADE_BLUNDER and not judged.tied_with_best, judged
        facts = _explained(judged)
        # The win ends the game at once: the Gauntlet and the points, and nothing about the
        # turns that would follow (the reserved cards, the tokens).
        assert (facts["gauntlet"].value, facts["gauntlet"].baseline) == (0, 1)
        assert facts["points"].value == 14 and facts["points"].baseline == 16
        assert not {"reserved", "tokens", "grey_tokens"} & set(facts)
    best = _evaluate(stub, observation_of(state), winning, iterations=2000).assessment
    assert best.grade == common_pb2.GRADE_BEST and best.win_probability == pytest.approx(1.0)


def test_a_pick_that_drains_the_deck_is_a_blunder(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state, drain, plain = drained_deck()
    observation = common_pb2.Observation(
        challengers=challengers_codec.observation_to_proto(observe_challengers(state, 0)))
    judged = _evaluate(stub, observation, str(drain), iterations=1000).assessment
    # Played out 1,000 times it loses 0.38 against the plain pick (docs/coaching.md).
    assert judged.value_loss >= 0.30, judged
    assert judged.grade == common_pb2.GRADE_BLUNDER and not judged.tied_with_best, judged
    assert "pays with Slime and Slime (power 14)" in _explained(judged)["extra_pick_cost"].text
    kept = _evaluate(stub, observation, str(plain), iterations=1000).assessment
    assert kept.grade == common_pb2.GRADE_BEST and kept.tied_with_best, kept
    strong = _explained(judged)["strong_cards"]  # the Slimes out, Sci-Fi Geek in
    assert strong.value == 1 and strong.baseline in (2, 3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_a_quiet_opening_no_move_is_called_a_mistake(
    stub: advisor_pb2_grpc.AdvisorStub, seed: int
) -> None:
    state = new_game(2, seed)
    moves = legal_actions(state)
    # Judged at 40,000 iterations (20,000 visits a move): deal 2's blind reserve loses about
    # 0.045 by searches of 100,000 visits, but 0.050-0.061 at 2,000 (the values drift as the
    # search looks deeper, alike for generations 3 and 4), so at 4,000 iterations its grade
    # straddled the mistake edge of 0.06 (docs/coaching.md, "Quiet openings").
    for move in random.Random(seed).sample(moves, 3):
        judged = _evaluate(stub, observation_of(state), str(move), iterations=40_000,
                           seed=seed).assessment
        first = judged.explanations[0].text
        assert judged.grade in (common_pb2.GRADE_BEST, common_pb2.GRADE_GOOD), (move, judged)
        if judged.grade == common_pb2.GRADE_GOOD:  # a little worse, measured so, and told so
            assert " is better: " in first and not judged.tied_with_best
        else:
            assert " is better: " not in first
        if judged.tied_with_best and judged.rank != 1:
            assert first.startswith(("about as good as", "at least as good as"))


def test_ties_are_overlapping_intervals(stub: advisor_pb2_grpc.AdvisorStub) -> None:
    state, _, _ = gauntlet_race()
    answer = stub.SuggestMove(advisor_pb2.SuggestMoveRequest(
        observation=observation_of(state),
        limits=common_pb2.Limits(max_iterations=3000, seed=2, num_candidates=30),
    ))
    best = answer.candidates[0]
    for rank, c in enumerate(answer.candidates, start=1):
        mover = c.win_probability[answer.seat]
        assert c.lcb == pytest.approx(wilson_lower_bound(mover, c.visits))
        assert c.ucb == pytest.approx(wilson_upper_bound(mover, c.visits))
        enough = min(c.visits, best.visits) >= MIN_TIE_VISITS
        overlap = c.lcb <= best.ucb and best.lcb <= c.ucb
        close = abs(mover - best.win_probability[answer.seat]) < BEST_BOUND
        assert c.tied_with_best == (rank == 1 or (enough and overlap and close))
    assert best.tied_with_best and not all(c.tied_with_best for c in answer.candidates)


def test_splendor_reasons_hold_in_the_world_they_were_measured_in(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = midgame(seed=3, plies=8)  # a reserve is legal, and no move ends the game
    obs = observe(state, state.current)
    reserve = next(a for a in legal_actions(state) if a.kind is Kind.RESERVE)
    answer = _evaluate(stub, observation_of(state), str(reserve), seed=5)
    # The server's world and follow-ups come from the request seed; replay them here.
    rng = random.Random("reasons/5")
    world = sample(obs, rng)
    follow_ups = rng.getrandbits(64)
    after = coach.played(world, reserve, random.Random(follow_ups))
    compared = {r.compared_with for r in answer.assessment.explanations if r.goal}
    assert len(compared) == 1  # one alternative, or the position before for every reason
    alternative = next((a for a in legal_actions(state) if describe(a) in compared), None)
    base = world if alternative is None else coach.played(world, alternative,
                                                          random.Random(follow_ups))
    visible = coach.visible_cards(obs)
    features = {f.code: f for f in coach.FEATURES}
    facts = [r for r in answer.assessment.explanations if r.code in features]
    assert {"grey_tokens", "reserved"} <= {r.code for r in facts}  # reserving gives a grey
    for fact in facts:
        assert fact.value == features[fact.code].measure(after, state.current, visible)
        assert fact.baseline == features[fact.code].measure(base, state.current, visible)
        assert fact.goal == features[fact.code].goal
    weights = [features[f.code].weight(coach.Measured(
        after, base, state.current, visible, f.value, f.baseline, f.compared_with))
        for f in facts]
    assert weights == sorted(weights, reverse=True)  # the one that matters most first


def test_a_challengers_pick_is_explained_by_its_effect_and_the_deck(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = new_challengers(2, 5)
    seat = CHALLENGERS.current_player(state)
    obs = observe_challengers(state, seat)
    observation = common_pb2.Observation(
        challengers=challengers_codec.observation_to_proto(obs))
    moves = CHALLENGERS.legal_actions(state)
    answer = _evaluate(stub, observation, str(moves[0]), iterations=300)
    facts = _explained(answer.assessment)
    card = moves[0].card
    assert NAME[card] in facts["card"].text
    assert (EFFECT[card] or "a card without an effect") in facts["card"].text
    assert facts["card"].value == max(POWER[card], 0)
    # The server's world and extra picks come from the request seed; replay them here.
    rng = random.Random("reasons/1")
    world = CHALLENGERS.sample(obs, rng)
    follow_ups = rng.getrandbits(64)
    after = challengers_coach.played(world, moves[0], follow_ups)
    best = CHALLENGERS.parse(answer.best_move.notation)
    base = challengers_coach.played(world, best if best != moves[0] else moves[1], follow_ups)
    opponent = obs.decks[1 - seat]  # as last revealed: the public deck
    opponent_power = sum(POWER[c] for c in opponent)
    engine_says = {  # each deck number recomputed from the engine's decks
        "deck_size": lambda s: len(s.decks[seat]),
        "power_gap": lambda s: sum(POWER[c] for c in s.decks[seat]) - opponent_power,
        "strong_cards": lambda s: sum(1 for c in s.decks[seat] if POWER[c] >= 5),
    }
    for code, count in engine_says.items():
        if code in facts:
            assert (facts[code].value, facts[code].baseline) == (count(after), count(base))
    assert all(not m.paid() or len(challengers_coach.played(world, m, 1).decks[seat])
               == len(world.decks[seat]) + 2 - len(m.paid()) for m in moves)  # extra card in
    before = challengers_coach.reasons(obs, moves[0], None, random.Random(1))
    sizes = next(r for r in before if r.code == "deck_size")
    assert sizes.value == sizes.baseline + 1 == len(state.decks[seat]) + 1


def test_a_challengers_pick_says_how_often_its_effect_triggers_in_sampled_matches(
    stub: advisor_pb2_grpc.AdvisorStub,
) -> None:
    state = new_challengers(2, 0)  # round 1: Clown, the only card here that gains fans
    seat = CHALLENGERS.current_player(state)
    obs = observe_challengers(state, seat)
    clown = CHALLENGERS.legal_actions(state)[0]
    assert NAME[clown.card] == "Clown"
    answer = _evaluate(stub, common_pb2.Observation(
        challengers=challengers_codec.observation_to_proto(obs)), str(clown), iterations=300)
    fact = _explained(answer.assessment)["effect_triggers"]
    alternative = next(m for m in CHALLENGERS.legal_actions(state)
                       if describe_challengers(m) == fact.compared_with)
    # Replay the server's sampled worlds from the request seed; the engine tallies the
    # triggers, and each Clown trigger is also the 2 fans it gains.
    rng = random.Random("reasons/1")
    CHALLENGERS.sample(obs, rng)
    rng.getrandbits(64)  # the deck numbers' follow-ups
    worlds = random.Random(rng.getrandbits(64))
    totals = {clown: 0, alternative: 0}
    for _ in range(challengers_coach.PLAYOUT_ROUNDS):
        world = CHALLENGERS.sample(obs, worlds)
        round_seed = worlds.getrandbits(64)
        for move in totals:
            played = world.clone()
            played.effect_counts = counts = Counter()
            follow = random.Random(round_seed)
            CHALLENGERS.apply(played, move, follow)
            while played.round == 1:
                CHALLENGERS.apply(played, CHALLENGERS_EVALUATOR.rollout_action(played, follow),
                                  follow)
            assert played.fans[seat] - world.fans[seat] == 2 * counts[seat, clown.card]
            totals[move] += counts[seat, clown.card]
    matches = challengers_coach.PLAYOUT_ROUNDS
    assert totals[clown] > 0 and totals[alternative] == 0  # the alternative adds no Clown
    assert (fact.value, fact.baseline) == (totals[clown] / matches, totals[alternative] / matches)
    assert f"triggers {totals[clown]} times in {matches} sampled matches" in fact.text
    plain = next(m for m in CHALLENGERS.legal_actions(state)  # Pony: no effect, no such reason
                 if m.kind == PICK and not EFFECT[m.card])
    assert "effect_triggers" not in {
        r.code for r in challengers_coach.reasons(obs, plain, clown, random.Random(1))}


def test_a_first_bonus_is_a_colour_fewer_missing_for_the_gauntlet() -> None:
    for seed in range(30):
        state = midgame(seed=seed, plies=12)
        seat = state.current
        firsts = [a for a in legal_actions(state)
                  if a.kind is Kind.RECRUIT and not state.bonuses[seat][BONUS[a.arg]]]
        if firsts:
            break
    obs = observe(state, seat)
    facts = {r.code: r for r in coach.reasons(obs, firsts[0], None, random.Random(1))}
    missing = facts["gauntlet_colours_missing"]
    assert missing.value == missing.baseline - 1 == sum(1 for b in state.bonuses[seat] if not b) - 1
    assert missing.compared_with == "before the move" and missing.goal == "gauntlet"
    assert missing.text.startswith(f"gives you a first {COLOUR_KEYS[BONUS[firsts[0].arg]]} bonus")


def test_a_move_no_different_from_its_alternative_is_measured_against_the_position_before(
) -> None:
    state = new_game(2, 1)
    obs = observe(state, 0)
    reserve = next(a for a in legal_actions(state) if a.kind is Kind.RESERVE)
    facts = {r.code: r for r in coach.reasons(obs, reserve, reserve, random.Random(1))}
    assert {r.compared_with for r in facts.values()} == {"before the move"}
    assert (facts["grey_tokens"].value, facts["grey_tokens"].baseline) == (1, 0)
    assert (facts["reserved"].value, facts["reserved"].baseline) == (1, 0)
