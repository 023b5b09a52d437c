"""Observations hide exactly the hidden parts; sampled worlds observe back the same."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.challengers import Challengers, flow, new_game, observe, sample
from games.challengers.actions import Action
from games.challengers.catalogue import LEVEL, SET_OF, pile_cards
from games.challengers.evaluators import LOGISTIC
from games.challengers.observation import HIDDEN
from games.challengers.setup import new_state
from games.challengers.state import PH_PAID, TYPE_MASK, DraftStep, Phase, State

from .helpers import ALL_BUT_SHIPWRECK, T, duel, open_match

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
        GAME.apply(s, LOGISTIC.rollout_action(s, rng), rng)
        i += 1
    return out


def _hidden_shuffle(s: State, seat: int, rng: random.Random) -> State:
    """The same state with hidden parts changed: piles and unseen draw-pile positions."""
    t = s.clone()
    for pile in t.piles:
        rng.shuffle(pile)
    if t.phase == Phase.MATCH:
        for p in (t.side_a, t.side_b):
            view = observe(t, seat).draws[p]
            hidden = [i for i, (c, _) in enumerate(view) if c == HIDDEN]
            cards = [t.draws[p][i] for i in hidden]
            rng.shuffle(cards)
            for i, c in zip(hidden, cards, strict=True):
                t.draws[p][i] = c
    return t


@pytest.mark.parametrize("players", [2, 3, 6])
def test_states_differing_only_in_hidden_parts_look_the_same(players: int) -> None:
    rng = random.Random(players)
    for s in _states(players, players):
        for seat in range(players):
            assert observe(_hidden_shuffle(s, seat, rng), seat) == observe(s, seat)


def test_another_players_offer_is_hidden_own_is_visible() -> None:
    s = new_game(3, 4)
    assert s.phase == Phase.DECK and s.turn == 0
    assert HIDDEN not in observe(s, 0).offer
    assert set(observe(s, 1).offer) == {HIDDEN}
    t = s.clone()
    t.offer, t.piles[0][-5:] = t.piles[0][-5:], t.offer  # a different hidden offer
    assert observe(t, 1) == observe(s, 1) and observe(t, 0) != observe(s, 0)


def test_reporter_look_is_private_to_its_owner() -> None:
    s = duel(["reporter", "pig", "cat", "newcomer"], ["newcomer"])
    open_match(s, 0)
    mine, theirs = observe(s, 0).draws[0], observe(s, 1).draws[0]
    assert [c for c, _ in mine[-2:]] == [s.draws[0][-2] & TYPE_MASK, s.draws[0][-1] & TYPE_MASK]
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
        GAME.apply(s, LOGISTIC.rollout_action(s, rng), rng)
    assert observe(s, 1).decks[0] == shown  # seat 0 finished; seat 1 still sees the old deck
    assert sum(observe(s, 1).phase_counters[0][:3]) >= 1  # but how many cards it took is visible
    assert observe(s, 0).decks[0] == tuple(sorted(s.decks[0]))


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
        GAME.apply(w, LOGISTIC.rollout_action(w, rng), rng)
    assert sum(GAME.returns(w)) == pytest.approx(1.0)


def _geek_paid(payment: tuple[str, str], seed: int = 0) -> State:
    """Round 7, seat 0 holds three Outer Space cards (shown at the last reveal) and has just
    picked a Sci-Fi Geek, paying `payment` for an extra card."""
    rng = random.Random(seed)
    s = new_state(2, rng, ALL_BUT_SHIPWRECK)
    s.round = 7
    flow.advance(s, rng)
    for key in ("cow", "band", "band"):
        s.piles[LEVEL[T(key)] - 1].remove(T(key))
        s.decks[0].append(T(key))
    s.public_deck[0] = sorted(s.decks[0])
    geek = T("sci-fi-geek")
    if geek not in s.offer:
        s.piles[2].remove(geek)
        s.piles[2].append(s.offer.pop())
        s.offer.append(geek)
    flow.apply(s, Action.parse("pick:sci-fi-geek+pay:" + ",".join(payment)), rng)
    assert s.draft_step == DraftStep.EXTRA
    return s


def test_a_payment_shows_its_count_not_its_cards() -> None:
    a, b = _geek_paid(("cow", "band")), _geek_paid(("band", "band"))
    assert observe(a, 1) == observe(b, 1)
    assert observe(a, 0) != observe(b, 0)
    assert observe(a, 1).phase_counters[0][PH_PAID] == 2


def test_sampled_payments_follow_the_outer_space_restriction() -> None:
    s = _geek_paid(("cow", "band"))
    o = observe(s, 1)
    rng = random.Random(3)
    for _ in range(50):
        w = sample(o, rng)
        assert observe(w, 1) == o
        assert T("sci-fi-geek") in w.decks[0]  # the only card whose cost explains two payments
        assert all(SET_OF[c] == "outer_space" for c in w.box[-2:])
        assert GAME.legal_actions(w)  # the extra pick is there to take


def test_a_seen_card_may_be_the_unseen_added_copy() -> None:
    """Seat 1's public deck holds one Cow and one card came unseen from pile A; seat 0 sees a
    Cow reach the exhaust pile. It is the added card with probability h*u_t / (n*u + h*u_t)."""
    s = duel(["pig", "cat", "newcomer"], ["cow", "newcomer", "newcomer"])
    for p in (0, 1):
        for code in s.draws[p]:
            if 1 <= LEVEL[code & TYPE_MASK] <= 3:
                s.piles[LEVEL[code & TYPE_MASK] - 1].remove(code & TYPE_MASK)
    cow = T("cow")
    s.piles[0].remove(cow)
    s.draws[1].insert(0, cow)  # known to nobody
    s.hidden_adds[1][0] += 1
    s.exhausted[1].append(s.draws[1].pop() & TYPE_MASK)  # the public Cow, as far as anyone knows
    pile_a = pile_cards(ALL_BUT_SHIPWRECK)[0]
    u = len(pile_a) - sum(1 for p in (0, 1) for c in s.match_public[p] if LEVEL[c] == 1)
    u_cow = pile_a.count(cow) - 1
    p_added = u_cow / (u + u_cow)
    expected = p_added + (1 - p_added) * u_cow / u  # a Cow is left among the hidden cards
    o, rng, n = observe(s, 0), random.Random(1), 4000
    hits = sum(any(c & TYPE_MASK == cow for c in sample(o, rng).draws[1]) for _ in range(n))
    assert abs(hits / n - expected) < 0.012  # 3.5 sigma; "never added" would give u_cow / u
    assert abs(u_cow / u - expected) > 0.02


def test_worlds_explain_a_payment_that_later_trims_leave_little_room_for() -> None:
    """Random play, seed 68: once sampled payments took cards that the trims after them
    needed (IndexError); now payments take what the trims can spare."""
    s, rng = new_game(2, 68), random.Random(68)
    while not GAME.is_terminal(s):
        for seat in (0, 1):
            o = observe(s, seat)
            assert observe(sample(o, random.Random(68)), seat) == o
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[rng.randrange(len(actions))], rng)
