"""The engine's tally of triggered card effects (`State.effect_counts`): an effect counts when
it resolves at its moment with its condition met, and counting changes nothing in the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.challengers import GAME, new_game
from games.challengers.effects import PICKED
from games.challengers.evaluators import EVALUATOR
from games.challengers.state import State
from games.challengers.texts import EFFECT

from .helpers import T, duel, keys, open_match, run

NO_OUTER_SPACE = ("castle", "film_studio", "funfair", "haunted_house", "shipwreck")
"""Without Clones, every fan token comes from a match effect."""
FANS_BY_EFFECT = {"fan-bus": 2, "clown": 2, "heroine": 3, "pyrotechnician": 2}


def _counting(s: State) -> Counter[tuple[int, int]]:
    s.effect_counts = Counter()
    return s.effect_counts


@pytest.mark.parametrize(("trophies", "triggers"), [(3, 1), (4, 0)])
def test_fan_bus_triggers_only_when_it_gains_fans(trophies: int, triggers: int) -> None:
    s = duel(["fan-bus"], ["newcomer"])
    s.trophies[0] = [r << 2 for r in range(1, trophies + 1)]
    counts = _counting(s)
    open_match(s, 0)
    assert counts[0, T("fan-bus")] == triggers and s.fans[0] == 2 * triggers


@pytest.mark.parametrize(("bench", "triggers"), [(("newcomer",), 1), (("pig",), 0)])
def test_a_conditional_reveal_bonus_triggers_when_its_condition_holds(
    bench: tuple[str, ...], triggers: int
) -> None:
    s = duel(["jester"], ["newcomer"], bench_a=bench)
    counts = _counting(s)
    open_match(s, 0)
    assert counts[0, T("jester")] == triggers and s.play_bonus[0] == [3 * triggers]


def test_flag_effects_trigger_when_the_card_takes_the_flag() -> None:
    s = duel(["clown", "newcomer"], ["newcomer"])
    counts = _counting(s)
    open_match(s, 0)
    assert counts[0, T("clown")] == 0  # revealed, not yet holding the flag
    run(s)
    assert counts[0, T("clown")] == 1 and s.fans[0] == 2
    s = duel(["skeleton"], ["newcomer"])
    counts = _counting(s)
    open_match(s, 0)
    run(s)
    assert counts[0, T("skeleton")] == 1


def test_illusionist_on_a_full_bench_adds_nothing_and_does_not_trigger() -> None:
    full = ("pig", "cat", "cow", "horse", "spider", "bat")
    for bench, triggers in ((full, 0), (full[:5], 1)):
        s = duel(["illusionist"], ["newcomer"], bench_a=bench)
        counts = _counting(s)
        open_match(s, 0)
        run(s)
        assert counts[0, T("illusionist")] == triggers


def test_flag_loss_bench_aura_and_attack_bonus_trigger_at_their_moments() -> None:
    s = duel(["prince", "newcomer"], ["dragon"])
    counts = _counting(s)
    open_match(s, 0)
    run(s)  # the Dragon takes the flag: Prince goes to the exhaust pile
    assert counts == Counter({(0, T("prince")): 1}) and keys(s.exhausted[0]) == ["prince"]
    s = duel(["blacksmith", "newcomer"], ["dragon"])
    counts = _counting(s)
    open_match(s, 0)
    run(s)  # the Blacksmith is benched: its aura applies from now on
    assert counts == Counter({(0, T("blacksmith")): 1}) and keys(s.benches[0][0]) == ["blacksmith"]
    s = duel(["newcomer"], ["gangster"])
    counts = _counting(s)
    open_match(s, 0)
    run(s)
    assert counts == Counter({(1, T("gangster")): 1})


def test_nothing_is_counted_without_a_tally() -> None:
    s = duel(["fan-bus"], ["newcomer"])
    open_match(s, 0)
    assert s.effect_counts is None and s.fans[0] == 2


def _tournament(players: int, seed: int, counts: Counter[tuple[int, int]] | None) -> State:
    rng = random.Random(seed)
    s = new_game(players, seed, sets=NO_OUTER_SPACE)
    s.effect_counts = counts
    while not GAME.is_terminal(s):
        GAME.apply(s, EVALUATOR.rollout_action(s, rng), rng)
    return s


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 8), seed=st.integers(0, 10**6))
def test_a_whole_tournament_tallies_every_fan_gaining_effect_and_plays_the_same(
    players: int, seed: int
) -> None:
    counts: Counter[tuple[int, int]] = Counter()
    counted = _tournament(players, seed, counts)
    plain = _tournament(players, seed, None)
    assert (counted.result, counted.fans, counted.trophies, counted.decks) == (
        plain.result, plain.fans, plain.trophies, plain.decks)
    for p in range(counted.num_participants):
        gained = sum(fans * counts[p, T(key)] for key, fans in FANS_BY_EFFECT.items())
        assert counted.fans[p] == gained
    assert all(EFFECT[card] and not PICKED[card] and n > 0 for (_, card), n in counts.items())
