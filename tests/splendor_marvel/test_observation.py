"""Observations hide exactly the hidden cards; sampled worlds are consistent with them."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.splendor_marvel import apply, legal_actions, new_game, observe, sample
from games.splendor_marvel.actions import reserve, reserve_blind
from games.splendor_marvel.catalogue import LEVEL
from games.splendor_marvel.state import SplendorState
from tests.splendor_marvel.helpers import check_invariants, played


def swap_hidden_cards(state: SplendorState, seat: int, rng: random.Random) -> SplendorState:
    """The same world for `seat`, with decks reshuffled and others' blind reserves exchanged."""
    other = state.clone()
    for level in (1, 2, 3):
        pool = list(other.decks[level - 1])
        slots = []
        for owner, hand in enumerate(other.reserved):
            for i, card in enumerate(hand):
                if owner != seat and not other.reserved_public[owner][i] and LEVEL[card] == level:
                    pool.append(card)
                    slots.append((owner, i))
        rng.shuffle(pool)
        for owner, i in slots:
            other.reserved[owner][i] = pool.pop()
        other.decks[level - 1] = pool
    return other


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_states_differing_only_in_hidden_cards_look_the_same(n: int, seed: int, plies: int) -> None:
    state = played(n, seed, plies)
    seat = seed % n
    rng = random.Random(seed)
    other = swap_hidden_cards(state, seat, rng)
    check_invariants(other)
    assert observe(other, seat) == observe(state, seat)


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_a_sampled_world_observes_back_to_the_observation(n: int, seed: int, plies: int) -> None:
    state = played(n, seed, plies)
    seat = (seed // 7) % n
    observation = observe(state, seat)
    world = sample(observation, random.Random(seed))
    check_invariants(world)
    assert observe(world, seat) == observation
    assert world.reserved[seat] == state.reserved[seat], "own hand is known"
    assert world.board == state.board


def test_blind_reserve_is_hidden_from_others_but_its_level_is_not() -> None:
    state = new_game(3, 11)
    apply(state, reserve_blind(2))
    hidden = state.reserved[0][0]
    apply(state, reserve(state.board[0]))
    public = state.reserved[1][0]
    mine, theirs = observe(state, 0), observe(state, 1)
    assert mine.reserved[0][0].card == hidden
    assert theirs.reserved[0][0].card == 0 and theirs.reserved[0][0].level == 2
    assert theirs.reserved[1][0].card == public and mine.reserved[1][0].card == public


def test_hidden_cards_are_drawn_uniformly_from_the_unseen_ones() -> None:
    state = new_game(2, 3)
    apply(state, reserve_blind(3))
    observation = observe(state, 1)
    unseen = observation.unseen_cards()[3]
    assert len(unseen) == 20 - 4
    rng = random.Random(0)
    counts = Counter(sample(observation, rng).reserved[0][0] for _ in range(3200))
    assert set(counts) == set(unseen)
    assert min(counts.values()) > 3200 / 16 * 0.6  # each of 16 cards about 200 times


def test_deck_order_differs_between_samples() -> None:
    observation = observe(new_game(2, 5), 0)
    rng = random.Random(1)
    tops = {sample(observation, rng).decks[0][-1] for _ in range(50)}
    assert len(tops) > 10
    assert legal_actions(sample(observation, rng)) == legal_actions(new_game(2, 5))
