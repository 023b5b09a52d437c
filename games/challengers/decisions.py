"""Choices that card effects give inside a match: what may be chosen and what it does."""

from __future__ import annotations

from itertools import permutations

from .actions import A_PASS, BOTTOM, EXHAUST, PASS, TOP, Action, make, moved, order
from .catalogue import LEVEL, LEVEL_B, NAME
from .effects import (
    K_BOTTOM_ANY,
    K_DRONE,
    K_EXH_LE3,
    K_EXH_UPTO,
    K_LOOK2,
    K_NECROMECH,
    K_NEWCOMER_TOP,
    K_ORDER,
    K_SIREN,
    K_TOP_ANY,
    K_TOP_LVLB,
    K_TOP_POW2,
    NEWCOMER_NAME,
    base_power,
)
from .state import OPP_KNOWS, OWNER_KNOWS, PUBLIC_CODE, TYPE_MASK, State
from .zones import bench_types, opponent, pull_from_draw, take_from_bench, top_types


def _distinct(cards: list[int]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def legal(s: State) -> list[Action]:
    """Actions settling the pending effect decision of participant `s.pending_participant`."""
    k, p = s.pending_kind, s.pending_participant
    if k == K_LOOK2:
        return [make(TOP, t) for t in _distinct(top_types(s, p, 2))]
    if k == K_ORDER:
        tops = top_types(s, p, 3)
        return [order(*perm) for perm in dict.fromkeys(permutations(tops))]
    if k == K_TOP_ANY:
        return _one_card_moved(s, p, TOP)
    if k == K_BOTTOM_ANY:
        return _one_card_moved(s, p, BOTTOM)
    if k == K_EXH_LE3:
        out = [make(EXHAUST, t) for t in bench_types(s, p) if base_power(s, t) <= 3]
        return [*out, A_PASS]
    if k in (K_EXH_UPTO, K_DRONE):
        out = [make(EXHAUST, t) for t in bench_types(s, p)]
        return out if k == K_DRONE else [*out, A_PASS]
    if k == K_NEWCOMER_TOP:
        return [*(make(TOP, t) for t in bench_types(s, p) if NAME[t] == NEWCOMER_NAME), A_PASS]
    if k in (K_TOP_POW2, K_NECROMECH):
        out = [make(TOP, t) for t in bench_types(s, p) if base_power(s, t) == 2]
        return out if k == K_TOP_POW2 else [*out, A_PASS]
    if k == K_TOP_LVLB:
        return [make(TOP, t) for t in bench_types(s, p) if LEVEL[t] == LEVEL_B]
    if k == K_SIREN:
        return [*(make(EXHAUST, t) for t in bench_types(s, opponent(s, p))), A_PASS]
    raise AssertionError(f"no pending decision {k}")


def _one_card_moved(s: State, p: int, kind: int) -> list[Action]:
    """One move per distinct deck order that moving one card of p's draw pile to the top (or
    the bottom) gives: card types in catalogue order, each type's copies from the top down."""
    deck = [c & TYPE_MASK for c in s.draws[p]]  # bottom card first
    orders: set[tuple[int, ...]] = set()
    moves = []
    for card in sorted(set(deck)):
        copies = [i for i in range(len(deck) - 1, -1, -1) if deck[i] == card]
        for copy, i in enumerate(copies, start=1):
            rest = (*deck[:i], *deck[i + 1:])
            result = (*rest, card) if kind == TOP else (card, *rest)
            if result not in orders:
                orders.add(result)
                moves.append(moved(kind, card, copy))
    return moves


def _done(s: State) -> None:
    s.pending_kind, s.pending_participant, s.pending_data = 0, -1, 0


def _bench_to_top(s: State, p: int, card: int) -> None:
    take_from_bench(s, p, card)
    s.draws[p].append(card | PUBLIC_CODE)


def resolve(s: State, action: Action) -> None:
    """Carry out `action` for the pending decision (assumed legal)."""
    k, p, kind = s.pending_kind, s.pending_participant, action.kind
    if kind == PASS:
        _done(s)
        return
    if k == K_LOOK2:
        d = s.draws[p]
        first, second = d.pop(), d.pop()
        chosen, other = (first, second) if first & TYPE_MASK == action.card else (second, first)
        d.insert(0, (other | OWNER_KNOWS) & ~OPP_KNOWS)
        d.append((chosen | OWNER_KNOWS) & ~OPP_KNOWS)
        _done(s)
    elif k == K_ORDER:
        d = s.draws[p]
        cards = action.cards()
        del d[-len(cards):]
        for t in reversed(cards):
            d.append(t | OWNER_KNOWS)
        _done(s)
    elif kind == TOP and k == K_TOP_ANY:
        s.draws[p].append(pull_from_draw(s, p, action.card, action.copy))
        _done(s)
    elif kind == BOTTOM:
        s.draws[p].insert(0, pull_from_draw(s, p, action.card, action.copy))
        _done(s)
    elif kind == EXHAUST:
        target = opponent(s, p) if k == K_SIREN else p
        take_from_bench(s, target, action.card)
        s.exhausted[target].append(action.card)
        s.pending_data -= 1
        if k != K_EXH_UPTO or s.pending_data <= 0 or not s.benches[p]:
            _done(s)
    elif kind == TOP:
        _bench_to_top(s, p, action.card)
        s.pending_data -= 1
        more = any(NAME[t] == NEWCOMER_NAME for t in bench_types(s, p))
        if k != K_NEWCOMER_TOP or s.pending_data <= 0 or not more:
            _done(s)
    else:
        raise AssertionError(f"{action} does not settle decision {k}")


