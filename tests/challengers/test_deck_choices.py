"""Juggler, Bumper Car, Sailor and Clairvoyant offer every distinct deck order, once each."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.challengers import describe
from games.challengers.actions import Action
from games.challengers.decisions import legal, resolve
from games.challengers.effects import K_BOTTOM_ANY, K_ORDER, K_TOP_ANY
from games.challengers.state import TYPE_MASK, State

from .helpers import T, duel, keys, open_match, run

A = Action.parse
SHIPWRECK = ("castle", "film_studio", "funfair", "haunted_house", "shipwreck")


def loser(s: State, choice: str) -> int:
    """Settle the pending decision with `choice`, then play the match out (any later decision:
    its first option); the participant who loses."""
    assert choice in [str(a) for a in legal(s)]
    resolve(s, A(choice))
    run(s)
    while s.loser < 0:
        if s.pending_kind:
            resolve(s, legal(s)[0])
        run(s)
    return s.loser


def winner_after(a: list[str], b: list[str], starter: int, choice: str,
                 sets: tuple[str, ...] | None = None) -> str:
    s = duel(a, b, sets=sets)
    open_match(s, starter)
    run(s)
    return "AB"[1 - loser(s, choice)]


def test_juggler_with_two_cards_lets_the_owner_choose_their_order() -> None:
    # A: Juggler, Newcomer, Dog; B: Champion, Talent, Newcomer; B starts. A's Juggler looks at
    # Newcomer and Dog: putting Dog on top wins the match for A.
    a, b = ["juggler", "newcomer", "dog@s"], ["champion@s", "talent@s", "newcomer"]
    s = duel(a, b)
    open_match(s, 1)
    run(s)
    assert [str(m) for m in legal(s)] == ["order:newcomer,dog@s", "order:dog@s,newcomer"]
    assert winner_after(a, b, 1, "order:dog@s,newcomer") == "A"
    assert winner_after(a, b, 1, "order:newcomer,dog@s") == "B"


def test_bumper_car_with_two_cards_offers_both_orders() -> None:
    s = duel(["bumper-car", "pig", "cat"], ["newcomer"])
    open_match(s, 0)
    assert [str(m) for m in legal(s)] == ["order:pig,cat", "order:cat,pig"]
    resolve(s, A("order:cat,pig"))
    assert keys(list(reversed(s.draws[0]))) == ["cat", "pig"]


def test_juggler_with_one_card_or_two_alike_has_nothing_to_choose() -> None:
    s = duel(["juggler", "pig"], ["newcomer"])
    open_match(s, 0)
    assert s.pending_kind == 0
    s = duel(["juggler", "pig", "pig"], ["newcomer"])
    open_match(s, 0)
    assert [str(m) for m in legal(s)] == ["order:pig,pig"]


def test_sailor_may_choose_the_copy_already_at_the_bottom() -> None:
    # A: Sailor, Newcomer, Dog, Newcomer; B: Champion, Talent, Newcomer; A starts. Sending the
    # top Newcomer down loses; choosing the Newcomer already at the bottom (nothing moves) wins.
    a, b = ["sailor", "newcomer", "dog@s", "newcomer"], ["champion@s", "talent@s", "newcomer"]
    s = duel(a, b, sets=SHIPWRECK)
    open_match(s, 0)
    assert [str(m) for m in legal(s)] == ["bottom:newcomer", "bottom:newcomer#2", "bottom:dog@s"]
    assert winner_after(a, b, 0, "bottom:newcomer#2", SHIPWRECK) == "A"
    assert winner_after(a, b, 0, "bottom:newcomer", SHIPWRECK) == "B"
    assert winner_after(a, b, 0, "bottom:dog@s", SHIPWRECK) == "B"


def test_clairvoyant_may_choose_a_lower_copy_for_the_top() -> None:
    # A: Clairvoyant, Newcomer, Talent, Newcomer; B: Newcomer, Champion, Newcomer; A starts.
    # When the Clairvoyant loses the flag, only bringing up the lower Newcomer wins for A.
    a, b = ["clairvoyant", "newcomer", "talent@s", "newcomer"], ["newcomer", "champion@s",
                                                                  "newcomer"]
    assert winner_after(a, b, 0, "top:newcomer#2") == "A"
    assert winner_after(a, b, 0, "top:newcomer") == "B"
    assert winner_after(a, b, 0, "top:talent@s") == "B"


def test_copy_notation_round_trips() -> None:
    for text in ("top:newcomer#2", "bottom:pig#12", "bottom:pig", "order:pig,cat"):
        assert str(A(text)) == text
    assert A("bottom:pig#1") == A("bottom:pig")
    assert A("bottom:pig#3").copy == 3 and A("bottom:pig#3").cards() == (T("pig"),)
    assert describe(A("bottom:newcomer#2")) == (
        "put the 2nd Newcomer from the top at the bottom of the deck")
    assert describe(A("top:pig")) == "put Pig on top of the deck"


# --- every distinct order, once ---------------------------------------------------------------

CARDS = ["newcomer", "talent@s", "dog@s", "pig", "cat"]


def pending(deck_top_first: list[str], kind: int) -> State:
    """Participant 0 with this draw pile, deciding the effect `kind`."""
    s = duel(deck_top_first, ["newcomer"])
    s.pending_kind, s.pending_participant = kind, 0
    return s


def order_after(s: State, move: Action) -> tuple[int, ...]:
    copy = duel([], ["newcomer"])
    copy.draws = [list(pile) for pile in s.draws]
    copy.pending_kind, copy.pending_participant = s.pending_kind, s.pending_participant
    resolve(copy, move)
    return tuple(c & TYPE_MASK for c in copy.draws[0])


def reachable_orders(deck: tuple[int, ...], kind: int) -> set[tuple[int, ...]]:
    """Every deck order (bottom first) the card allows, worked out position by position."""
    if kind == K_ORDER:
        k = min(3, len(deck))
        return {deck[: len(deck) - k] + tuple(reversed(p)) for p in permutations(deck[-k:][::-1])}
    found = set()
    for i, card in enumerate(deck):
        rest = deck[:i] + deck[i + 1:]
        found.add((*rest, card) if kind == K_TOP_ANY else (card, *rest))
    return found


@settings(max_examples=300, deadline=None)
@given(deck=st.lists(st.sampled_from(CARDS), min_size=2, max_size=8),
       kind=st.sampled_from([K_ORDER, K_TOP_ANY, K_BOTTOM_ANY]))
def test_the_moves_offered_are_exactly_the_distinct_orders(deck: list[str], kind: int) -> None:
    s = pending(deck, kind)
    moves = legal(s)
    orders = [order_after(s, move) for move in moves]
    assert len(set(orders)) == len(orders), "no two moves give the same order"
    before = tuple(c & TYPE_MASK for c in s.draws[0])
    assert set(orders) == reachable_orders(before, kind), "no order is missing"
    for move in moves:
        assert Action.parse(str(move)) == move
