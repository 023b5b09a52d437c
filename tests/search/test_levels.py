"""Strength levels: a weaker level chooses among the searched, plausible moves, by seed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import challengers
from games.challengers.evaluators import EVALUATOR as CHALLENGERS_EVALUATOR
from games.splendor_marvel import GAME, observe
from games.splendor_marvel.evaluators import EVALUATOR
from search import ISMCTSBot, Limits, ismcts, levels
from search.levels import (
    FULL_STRENGTH,
    LEVELS,
    Level,
    choose,
    ladder_of,
    level,
    level_limits,
    plausible,
)
from search.result import Candidate
from tests.advisor.conftest import midgame


def candidate(action: int, visits: int, value: float) -> Candidate:
    return Candidate(action, 0, visits, visits, (value, 1 - value), 0.1, value, (action,))


candidates_lists = st.lists(
    st.tuples(st.integers(0, 500), st.floats(0, 1)), min_size=1, max_size=12
).map(lambda rows: [candidate(i, v, x) for i, (v, x) in enumerate(rows)])


CHALLENGERS = ladder_of(challengers.GAME)
ladders = st.sampled_from([LEVELS, CHALLENGERS])


@given(candidates_lists, st.integers(1, FULL_STRENGTH), st.integers(0, 2**63 - 1), ladders)
def test_the_choice_is_a_plausible_candidate_and_the_same_for_the_same_seed(
    candidates: list[Candidate], strength: int, seed: int, ladder: levels.Ladder
) -> None:
    index = choose(candidates, strength, seed, ladder)
    params = level(strength, ladder)
    assert index == choose(candidates, strength, seed, ladder)
    assert index in plausible(candidates, params.breadth, params.min_visits)
    assert index < params.breadth
    top = max(c.visits for c in candidates)
    floor = max(params.min_visits, levels.PLAUSIBLE_VISIT_SHARE * top)
    assert index == 0 or candidates[index].visits >= floor
    if strength == FULL_STRENGTH:
        assert index == 0


def test_candidates_below_the_least_visits_are_never_drawn() -> None:
    hot = {k: Level(0.5, 10.0, 30, min_visits=8) for k in range(1, FULL_STRENGTH)}
    ladder = {**hot, FULL_STRENGTH: LEVELS[FULL_STRENGTH]}
    barely_tried = [candidate(0, 3, 0.2), candidate(1, 2, 0.9), candidate(2, 2, 0.9)]
    assert {choose(barely_tried, 1, seed, ladder) for seed in range(100)} == {0}
    tried = [candidate(0, 12, 0.5), candidate(1, 8, 0.5), candidate(2, 7, 0.99)]
    assert {choose(tried, 1, seed, ladder) for seed in range(100)} == {0, 1}


def test_a_game_brings_its_own_ladder_and_level_10_stays_the_full_search() -> None:
    assert ladder_of(GAME) is LEVELS  # Splendor: Marvel has no ladder of its own
    assert CHALLENGERS != LEVELS and sorted(CHALLENGERS) == list(range(1, FULL_STRENGTH + 1))
    assert CHALLENGERS[FULL_STRENGTH] == Level(1.0, 0.0, 1, 1)
    weak = level_limits(Limits(iterations=1000), 1, CHALLENGERS)
    assert weak.iterations == int(1000 * CHALLENGERS[1].share)

    class Tampered:
        strength_levels = (*challengers.GAME.strength_levels[:-1], (1.0, 0.05, 2, 1))

    with pytest.raises(ValueError, match="temperature 0"):
        ladder_of(Tampered())


def test_a_middle_level_often_misses_a_close_call_and_rarely_a_clear_one() -> None:
    close = [candidate(0, 100, 0.52), candidate(1, 90, 0.50)]
    clear = [candidate(0, 100, 0.9), candidate(1, 90, 0.1)]

    def misses(cands: list[Candidate], strength: int) -> int:
        return Counter(choose(cands, strength, seed) for seed in range(400))[1]

    assert misses(close, 5) > 100
    assert misses(clear, 5) < 10
    assert misses(close, 9) < misses(close, 2)
    assert misses(clear, 9) <= misses(clear, 5) < misses(clear, 1)


def test_moves_the_search_barely_tried_are_never_chosen() -> None:
    cands = [candidate(0, 200, 0.3), candidate(1, 150, 0.3), candidate(2, 5, 0.99)]
    assert {choose(cands, 1, seed) for seed in range(200)} == {0, 1}


@pytest.mark.parametrize("table", [LEVELS, CHALLENGERS], ids=["default", "challengers"])
def test_weaker_levels_search_less_choose_among_more_with_more_noise(
    table: levels.Ladder,
) -> None:
    ladder = [level(s, table) for s in range(1, FULL_STRENGTH + 1)]
    shares = [lv.share for lv in ladder]
    assert shares == sorted(shares) and shares[-1] == 1.0
    temperatures = [lv.temperature for lv in ladder]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    breadths = [lv.breadth for lv in ladder]
    assert breadths == sorted(breadths, reverse=True)
    full = Limits(iterations=1000, time=2.0)
    assert level_limits(full, 10, table) == full
    weak = level_limits(full, 1, table)
    assert weak.iterations == int(1000 * shares[0]) and weak.time == pytest.approx(2 * shares[0])
    assert level_limits(Limits(iterations=3), 1, table).iterations == 1


@pytest.mark.parametrize("strength", [0, 11, -1])
def test_levels_outside_1_to_10_are_refused(strength: int) -> None:
    with pytest.raises(ValueError, match=r"strength must be 1\.\.10"):
        levels.level(strength)
    with pytest.raises(ValueError, match=r"strength must be 1\.\.10"):
        ISMCTSBot(GAME, EVALUATOR, strength=strength)


def test_level_10_plays_the_unweakened_search() -> None:
    limits = Limits(iterations=120)
    for seed in range(4):
        state = midgame(seed, plies=14)
        obs = observe(state, state.current)
        full = ISMCTSBot(GAME, EVALUATOR, strength=FULL_STRENGTH).choose(obs, limits, seed)
        assert full == ismcts(GAME, EVALUATOR, obs, limits, seed=seed).action
        drafting = challengers.new_game(2, seed=seed)
        seat = challengers.GAME.current_player(drafting)
        obs = challengers.observe(drafting, seat)
        bot = ISMCTSBot(challengers.GAME, CHALLENGERS_EVALUATOR, strength=FULL_STRENGTH)
        full = bot.choose(obs, limits, seed)
        assert full == ismcts(challengers.GAME, CHALLENGERS_EVALUATOR, obs, limits,
                              seed=seed).action


def test_a_weak_level_plays_a_legal_move_its_search_considered() -> None:
    chosen_elsewhere = 0
    for seed in range(12):
        state = midgame(seed, plies=14)
        obs = observe(state, state.current)
        bot = ISMCTSBot(GAME, EVALUATOR, strength=2)
        result = bot.analyse(obs, Limits(iterations=600), seed)
        assert result.stats.iterations == levels.level_iterations(600, 2)
        move = bot.choose(obs, Limits(iterations=600), seed)
        assert move in GAME.legal_actions(state)
        assert move in [c.action for c in result.candidates[: level(2).breadth]]
        chosen_elsewhere += move != result.action
    assert chosen_elsewhere > 0


def test_the_level_table_in_the_api_docs_is_the_levels() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "api.md").read_text()
    rows = {line.split("|")[1].strip(): line.split("|")[2:-1] for line in doc.splitlines()
            if line.startswith(("| budget share |", "| temperature T", "| breadth |",
                                "| least visits |"))}  # fmt: skip
    shares = [float(cell.strip().rstrip("%")) / 100 for cell in rows["budget share"]]
    temperatures = [float(cell.split()[0]) for cell in rows["temperature T (win probability)"]]
    assert shares == pytest.approx([lv.share for lv in levels.LEVELS.values()])
    assert temperatures == pytest.approx([lv.temperature for lv in levels.LEVELS.values()])
    breadths = [int(cell.split()[0]) for cell in rows["breadth"]]
    assert breadths == [lv.breadth for lv in levels.LEVELS.values()]
    assert [int(cell) for cell in rows["least visits"]] == [
        lv.min_visits for lv in levels.LEVELS.values()
    ]
