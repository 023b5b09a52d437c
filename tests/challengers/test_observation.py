"""Observations hide exactly the hidden parts; sampled worlds observe back the same."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.challengers import Challengers, new_game, observe, sample
from games.challengers.observation import HIDDEN
from games.challengers.state import DECK, MATCH, TYPE_MASK, State

from .helpers import duel, open_match

GAME = Challengers()


def _states(players: int, seed: int, every: int = 7) -> list[State]:
    """Snapshots of a rollout game."""
    rng = random.Random(seed)
    s = new_game(players, seed)
    out = []
    i = 0
    while not GAME.is_terminal(s):
        if i % every == 0:
            out.append(s.clone())
        GAME.apply(s, GAME.rollout_action(s, rng), rng)
        i += 1
    return out


def _hidden_shuffle(s: State, seat: int, rng: random.Random) -> State:
    """The same state with hidden parts changed: piles and unseen draw-pile positions."""
    t = s.clone()
    for pile in t.piles:
        rng.shuffle(pile)
    if t.phase == MATCH:
        for p in (t.ma, t.mb):
            view = observe(t, seat).draws[p]
            hidden = [i for i, (c, _) in enumerate(view) if c == HIDDEN]
            cards = [t.draw[p][i] for i in hidden]
            rng.shuffle(cards)
            for i, c in zip(hidden, cards, strict=True):
                t.draw[p][i] = c
    return t


@pytest.mark.parametrize("players", [2, 3, 6])
def test_states_differing_only_in_hidden_parts_look_the_same(players: int) -> None:
    rng = random.Random(players)
    for s in _states(players, players):
        for seat in range(players):
            assert observe(_hidden_shuffle(s, seat, rng), seat) == observe(s, seat)


def test_another_players_offer_is_hidden_own_is_visible() -> None:
    s = new_game(3, 4)
    assert s.phase == DECK and s.turn == 0
    assert HIDDEN not in observe(s, 0).offer
    assert set(observe(s, 1).offer) == {HIDDEN}
    t = s.clone()
    t.offer, t.piles[0][-5:] = t.piles[0][-5:], t.offer  # a different hidden offer
    assert observe(t, 1) == observe(s, 1) and observe(t, 0) != observe(s, 0)


def test_reporter_look_is_private_to_its_owner() -> None:
    s = duel(["reporter", "pig", "cat", "newcomer"], ["newcomer"])
    open_match(s, 0)
    mine, theirs = observe(s, 0).draws[0], observe(s, 1).draws[0]
    assert [c for c, _ in mine[-2:]] == [s.draw[0][-2] & TYPE_MASK, s.draw[0][-1] & TYPE_MASK]
    assert all(c == HIDDEN for c, _ in theirs)


def test_trophy_fans_hidden_with_three_players_public_with_two() -> None:
    two, three = new_game(2, 0), new_game(3, 0)
    assert observe(two, 0).trophy_fans[0][0] != HIDDEN
    assert all(v == HIDDEN for row in observe(three, 0).trophy_fans for v in row)


def test_picks_of_earlier_drafters_are_hidden_until_the_reveal() -> None:
    rng = random.Random(0)
    s = new_game(3, 9)
    shown = observe(s, 1).decks[0]
    while s.turn == 0:
        GAME.apply(s, GAME.rollout_action(s, rng), rng)
    assert observe(s, 1).decks[0] == shown  # seat 0 finished; seat 1 still sees the old deck
    assert sum(observe(s, 1).ph[0][:3]) >= 1  # but how many cards it took is visible
    assert observe(s, 0).decks[0] == tuple(sorted(s.deck[0]))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 8])
def test_sampled_worlds_observe_back_and_conserve_cards(players: int) -> None:
    rng = random.Random(10 + players)
    for s in _states(players, 100 + players, every=5):
        total = Counter(s.all_cards())
        for seat in range(players):
            o = observe(s, seat)
            w = sample(o, rng)
            assert observe(w, seat) == o
            assert Counter(w.all_cards()) == total
            assert GAME.legal_actions(w) == GAME.legal_actions(s) or GAME.current_player(s) != seat


def test_sampled_world_plays_on_to_the_end() -> None:
    rng = random.Random(5)
    s = _states(4, 5)[10]
    w = sample(observe(s, 2), rng)
    while not GAME.is_terminal(w):
        GAME.apply(w, GAME.rollout_action(w, rng), rng)
    assert sum(GAME.returns(w)) == pytest.approx(1.0)
